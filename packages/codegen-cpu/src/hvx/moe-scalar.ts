/**
 * The scalar-core dot tile of moe on hvx (dense weights, the float path and the router: HVX has no
 * float vectors before v68): rows x tokens f32 accumulators, each weight element loaded and dequantized
 * once for all the tokens (quantized blocks as the vector paths read them: low nibbles are block
 * elements 0..15, high nibbles 16..31, planar formats with x staged even/odd).
 */
import type { Expr, Stmt } from '@kforge/ir';
import { FORMATS, add, and, assign, c, cast, div, fma, forLoop, let_, letMut, load, mul, shr, v } from '@kforge/ir';
import { XBLOCK, blockOffset } from '../gemv/weights.ts';
import type { MoeTileSpec } from '../rvv/moe-pipeline.ts';

const i32 = (name: string): Expr => v(name, 'i32');
const f32 = (name: string): Expr => v(name, 'f32');

export function scalarDotTile(spec: MoeTileSpec): Stmt[] {
  const { x } = spec;
  const acc = (r: number, t: number): string => `acc_${r}_${t}`;
  const accumulate = (r: number, w: Expr, xs: (t: number) => string): Stmt[] =>
    spec.tokens.map((_m, t) => assign(acc(r, t), fma(w, f32(xs(t)), f32(acc(r, t)))));
  const clear = spec.rows.flatMap((_row, r) => spec.tokens.map((_m, t) => letMut(acc(r, t), 'f32', c.f32(0))));
  const finish = spec.finish((r, t) => f32(acc(r, t)));

  if (FORMATS[spec.format].kind === 'dense') {
    const k = i32('k');
    const body: Stmt[] = spec.tokens.map((m, t) => let_(`xk_${t}`, 'f32', load(x.staged, add(mul(m, x.K), k), 'f32')));
    spec.rows.forEach((row, r) => {
      const raw = load(row.weight.buffer, add(mul(row.n, row.weight.K), k), spec.format as 'f32' | 'f16' | 'bf16');
      body.push(let_(`w_${r}`, 'f32', spec.format === 'f32' ? raw : cast(raw, 'f32')));
      body.push(...accumulate(r, f32(`w_${r}`), (t) => `xk_${t}`));
    });
    return [...clear, forLoop('k', 0, spec.K, body), ...finish];
  }

  const q = spec.rows[0]!.q!;
  const b = i32('b');
  const j = i32('j');
  const codeBytes = q.bits === 8 ? XBLOCK : XBLOCK / 2;
  const xAt = (m: Expr, offset: Expr): Expr => load(x.staged, add(mul(m, x.K), add(mul(b, XBLOCK), offset)), 'f32');
  const perBlock: Stmt[] = [];
  const dequant: ((r: number, code: Expr) => Expr)[] = [];
  spec.rows.forEach((row, r) => {
    const rq = row.q!;
    perBlock.push(let_(`sc_${r}`, 'f32', rq.scale(row.n, b)));
    const off = blockOffset(rq, f32(`sc_${r}`), row.n, b);
    if (off) perBlock.push(let_(`off_${r}`, 'f32', off));
    dequant.push((_r, code) => (off ? fma(code, f32(`sc_${r}`), f32(`off_${r}`)) : mul(code, f32(`sc_${r}`))));
  });
  const inner: Stmt[] = [];
  spec.tokens.forEach((m, t) => {
    inner.push(let_(`xlo_${t}`, 'f32', xAt(m, j)));
    if (q.bits === 4) inner.push(let_(`xhi_${t}`, 'f32', xAt(m, add(j, XBLOCK / 2))));
  });
  spec.rows.forEach((row, r) => {
    const rq = row.q!;
    const at = add(rq.codes(row.n, b), j);
    if (q.bits === 8) {
      inner.push(let_(`w_${r}`, 'f32', dequant[r]!(r, cast(load(rq.buffer, at, 'i8'), 'f32'))));
      inner.push(...accumulate(r, f32(`w_${r}`), (t) => `xlo_${t}`));
    } else {
      inner.push(let_(`qs_${r}`, 'u8', load(rq.buffer, at, 'u8')));
      inner.push(let_(`wlo_${r}`, 'f32', dequant[r]!(r, cast(and(v(`qs_${r}`, 'u8'), c.u8(15)), 'f32'))));
      inner.push(let_(`whi_${r}`, 'f32', dequant[r]!(r, cast(shr(v(`qs_${r}`, 'u8'), c.u8(4)), 'f32'))));
      inner.push(...accumulate(r, f32(`wlo_${r}`), (t) => `xlo_${t}`), ...accumulate(r, f32(`whi_${r}`), (t) => `xhi_${t}`));
    }
  });
  return [...clear, forLoop('b', 0, div(spec.K, XBLOCK), [...perBlock, forLoop('j', 0, codeBytes, inner)]), ...finish];
}
