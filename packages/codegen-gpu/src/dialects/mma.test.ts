// The IR's tensor-core statements (mma, ldmatrix, async copies): verified, spelled as PTX on CUDA, refused elsewhere.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kernel, Stmt } from '@kforge/ir';
import {
  add, alloc, and, asyncCommit, asyncCopy, asyncWait, barrier, bufferParam, c, frag, if_, ldmatrix, let_, load, lt, mma, mul, shr, special,
  store, v, verifyKernel,
} from '@kforge/ir';
import { renderKernel } from '@kforge/codegen-core';
import { CUDA_DIALECT, GLSL_DIALECT, MSL_DIALECT, OPENCL_DIALECT } from './index.ts';
import { renderWgsl } from '../wgsl/render.ts';

const has = (tool: string) => spawnSync('which', [tool]).status === 0;

/** one warp: A (16x16) and B (16x8, as 8 rows of n) staged by cp.async, d = a·b by one mma, stored row-major */
function tile(extra: readonly Stmt[] = []): Kernel {
  const ln = v('ln', 'i32');
  return {
    name: 'mma_tile', model: 'simt', workgroupSize: [32, 1, 1],
    params: [bufferParam('a', 'u32'), bufferParam('b', 'u32'), bufferParam('d', 'f32', 'write')],
    body: [
      alloc('sA', 'u32', 16 * 8, 'workgroup', 16),
      alloc('sB', 'u32', 8 * 8, 'workgroup', 16),
      alloc('af', 'u32', 4, 'private'), alloc('bf', 'u32', 2, 'private'), alloc('acc', 'f32', 4, 'private'),
      let_('ln', 'i32', special('thread_id')),
      // 32 lanes x 16 bytes = A; the first 16 lanes also copy B
      asyncCopy('sA', mul(ln, 4), 'a', mul(ln, 4), 16),
      if_(lt(ln, 16), [asyncCopy('sB', mul(ln, 4), 'b', mul(ln, 4), 16)]),
      asyncCommit(), asyncWait(0), barrier(),
      // A: matrices (rows +8·(i & 1), cols +8·(i >> 1)); B (stored n-major): matrices (k +8·i)
      ldmatrix(frag('af'), 'sA', add(mul(add(mul(and(shr(ln, 3), 1), 8), and(ln, 7)), 8), mul(shr(ln, 4), 4)), 4),
      ldmatrix(frag('bf'), 'sB', add(mul(and(ln, 7), 8), mul(and(shr(ln, 3), 1), 4)), 2),
      ...[0, 1, 2, 3].map((e) => store('acc', e, c.f32(0))),
      mma(frag('acc'), frag('af'), frag('bf'), frag('acc')),
      ...extra,
      // element e: row g + 8·(e >> 1), column 2·t + (e & 1)
      ...[0, 1, 2, 3].map((e) => store('d', add(mul(add(shr(ln, 2), 8 * (e >> 1)), 8), add(mul(and(ln, 3), 2), e & 1)), load('acc', e, 'f32'))),
    ],
  };
}

test('verify: fragments are private arrays of the right element type and size; mma and ldmatrix are warp-uniform', () => {
  verifyKernel(tile());
  const bad = (extra: Stmt[], pattern: RegExp) => assert.throws(() => verifyKernel(tile(extra)), pattern);
  bad([mma(frag('acc'), frag('af'), frag('acc'), frag('acc'))], /mma b: 'acc' holds f32/);
  bad([mma(frag('acc', 2), frag('af'), frag('bf'), frag('acc'))], /elements 2\.\.5 of 'acc' \[4\]/);
  bad([if_(lt(v('ln', 'i32'), 16), [mma(frag('acc'), frag('af'), frag('bf'), frag('acc'))])], /thread-dependent control flow/);
  bad([ldmatrix(frag('af'), 'a', 0, 4)], /workgroup array/);
  bad([asyncCopy('sA', 0, 'd', 0, 16)], /not a readable buffer/);
  bad([asyncWait(9)], /0\.\.7/);
});

test('CUDA spells mma.sync, ldmatrix and cp.async as inline PTX; the other dialects refuse with the reason', () => {
  const src = renderKernel(tile(), CUDA_DIALECT);
  assert.match(src, /mma\.sync\.aligned\.m16n8k16\.row\.col\.f32\.f16\.f16\.f32 \{%0, %1, %2, %3\}, \{%4, %5, %6, %7\}, \{%8, %9\}, \{%0, %1, %2, %3\}/);
  assert.match(src, /"\+f"\(acc\[0\]\)/);
  assert.match(src, /ldmatrix\.sync\.aligned\.m8n8\.x4\.shared\.b16/);
  assert.match(src, /ldmatrix\.sync\.aligned\.m8n8\.x2\.shared\.b16/);
  assert.match(src, /cp\.async\.cg\.shared\.global \[%0\], \[%1\], 16;/);
  assert.match(src, /cp\.async\.wait_group 0;/);
  for (const d of [OPENCL_DIALECT, GLSL_DIALECT, MSL_DIALECT]) assert.throws(() => renderKernel(tile(), d), /has no async copy \(tensor-core operations are CUDA's/);
  assert.throws(() => renderWgsl(tile()), /WebGPU has no async_copy/);
});

test('nvcc compiles the tile for sm_80 and sm_90; the PTX holds mma.sync and ldmatrix', { skip: !has('nvcc') && 'no nvcc' }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'kf-mma-'));
  const cu = join(dir, 'tile.cu');
  writeFileSync(cu, renderKernel(tile(), CUDA_DIALECT));
  for (const arch of ['80', '90']) {
    const r = spawnSync('nvcc', ['-ptx', `-arch=sm_${arch}`, cu, '-o', join(dir, `tile${arch}.ptx`)], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const ptx = readFileSync(join(dir, `tile${arch}.ptx`), 'utf8');
    assert.match(ptx, /mma\.sync\.aligned\.m16n8k16\.row\.col\.f32\.f16\.f16\.f32/);
    assert.match(ptx, /ldmatrix\.sync\.aligned\.m8n8\.x4\.shared\.b16/);
    assert.match(ptx, /cp\.async\.cg\.shared\.global/);
  }
});
