/**
 * Issue 20, item 3: sizes are bounded. For every op of the registry and every command that takes
 * --params (emit, run, reference, bench, tune), seeded random params (huge, odd, negative, zero,
 * fractional, and the largest accepted) never end in exit 3: a size past 32-bit indexing is refused
 * with exit 2 naming the param, an accepted boundary instance emits, and an emitted artifact holds
 * no scalar and no buffer past 2^31 - 1. bench, tune and reference refuse what passes the memory
 * budget before any work (run here with a tiny KFORGE_MEMORY_BUDGET_MIB, so nothing is timed).
 * The CLI runs in-process (main(argv)) to keep this fast.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DTYPES, MAX_INDEX, OPS, Rng, WEIGHT_FORMAT_NAMES, allocTensor, presentTensors, resolveParams, tensorSignature,
  type OpDef, type ParamValue, type Params,
} from '@kforge/ir';
import { sizedBuffers, type KernelArtifact } from '@kforge/target';
import { main } from './cli.ts';
import { scratchFolder, writeTensors } from './testing.ts';

const LIMIT = BigInt(MAX_INDEX);
const HUGE = [1e9, 2 ** 31, 2 ** 31 - 1, 1e20, 2 ** 53 + 1];
const COMMANDS = ['emit', 'run', 'reference', 'bench', 'tune'] as const;
type CommandName = (typeof COMMANDS)[number];
const EMIT_TARGETS = ['c', 'avx2', 'avx512', 'neon', 'rvv', 'hvx', 'cuda', 'opencl', 'vulkan', 'wgsl', 'metal'];

/** Small valid instances with every integer param given (no expression defaults among the sizes). */
const BASE: Readonly<Record<string, Record<string, ParamValue>>> = {
  gemv: { M: 1, N: 8, K: 64 },
  attention: { B: 1, Hq: 2, Hkv: 1, Sq: 1, Skv: 4, D: 8, Dv: 8, window: 0 },
  gated_delta_rule: { B: 1, T: 2, Hk: 1, Hv: 1, Dk: 4, Dv: 4 },
  moe: { T: 2, H: 32, I: 32, E: 2, topk: 1 },
};

interface Outcome { readonly code: number; readonly stderr: string; readonly stdout: string }

/**
 * main(argv) with its output captured: stderr whole, stdout's strings (println); Buffers on stdout
 * are the test runner's own protocol and pass through.
 */
async function kforgeInProcess(argv: readonly string[], env: Record<string, string> = {}): Promise<Outcome> {
  const out = process.stdout.write.bind(process.stdout);
  const err = process.stderr.write.bind(process.stderr);
  let stdout = '';
  let stderr = '';
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  process.stdout.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (typeof chunk === 'string') { stdout += chunk; return true; }
    return (out as (...a: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write;
  process.stderr.write = ((chunk: unknown) => { stderr += String(chunk); return true; }) as typeof process.stderr.write;
  Object.assign(process.env, env);
  try {
    const code = await main(argv);
    return { code, stdout, stderr };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

const intSpecs = (op: OpDef) => op.params.filter((p) => p.type.kind === 'int');

/**
 * What must be refused, worked out here (BigInt products, not the ir's checks): the param names a
 * refusal must mention, or undefined when the sizes are within bounds (other checks may still refuse).
 */
function mustRefuse(op: OpDef, params: Record<string, ParamValue>, changed: readonly string[]): string[] | undefined {
  for (const spec of intSpecs(op)) {
    const v = params[spec.name];
    if (v === undefined || typeof v !== 'number') continue;
    const t = spec.type as { min?: number; max?: number };
    if (!Number.isSafeInteger(v) || Math.abs(v) > MAX_INDEX || (t.min !== undefined && v < t.min) || (t.max !== undefined && v > t.max))
      return [spec.name];
  }
  const withDefaults: Params = { ...Object.fromEntries(op.params.filter((p) => typeof p.default !== 'object' && p.default !== undefined)
    .map((p) => [p.name, p.default as ParamValue])), ...params };
  for (const { spec, shape } of presentTensors(op, withDefaults)) {
    const elements = shape.reduce((n, d) => n * BigInt(d), 1n);
    const dtype = spec.formatParam !== undefined ? 'u8' : typeof spec.dtype === 'string' ? spec.dtype : withDefaults[spec.dtype.param] as keyof typeof DTYPES;
    if (elements > LIMIT || elements * BigInt(DTYPES[dtype].bytes) > LIMIT) return spec.shape.filter((d) => changed.includes(d));
  }
  return undefined;
}

/** One drawn value of a kind, for a param. */
function draw(kind: string, rng: Rng, spec: { type: { min?: number; max?: number } }): number {
  const logUniform = () => Math.floor(2 ** (rng.uniform() * 24));
  switch (kind) {
    case 'huge': return HUGE[Math.floor(rng.uniform() * HUGE.length)]!;
    case 'odd': return 2 * logUniform() + 1;
    case 'blocks': return 32 * (1 + logUniform());
    case 'negative': return -1 - logUniform();
    case 'zero': return 0;
    case 'fractional': return logUniform() + 0.5;
    case 'max': return spec.type.max ?? MAX_INDEX;
    default: throw new Error(kind);
  }
}
const KINDS = ['huge', 'huge', 'huge', 'odd', 'odd', 'blocks', 'blocks', 'negative', 'zero', 'fractional', 'max'];

interface Case { readonly params: Record<string, ParamValue>; readonly changed: string[] }

/** Seeded cases for an op: one or two integer params drawn, the rest from BASE (a weight format for gemv and moe). */
function cases(op: OpDef, count: number, stream: string): Case[] {
  const rng = new Rng(20, `${op.name}/${stream}`);
  const ints = intSpecs(op);
  const out: Case[] = [];
  for (let i = 0; i < count; i++) {
    const params: Record<string, ParamValue> = { ...BASE[op.name]! };
    if (op.params.some((p) => p.name === 'weight')) params.weight = WEIGHT_FORMAT_NAMES[Math.floor(rng.uniform() * WEIGHT_FORMAT_NAMES.length)]!;
    const changed: string[] = [];
    for (let j = 0; j < 1 + (rng.uniform() < 0.3 ? 1 : 0); j++) {
      const spec = ints[Math.floor(rng.uniform() * ints.length)]!;
      params[spec.name] = draw(KINDS[Math.floor(rng.uniform() * KINDS.length)]!, rng, spec as never);
      changed.push(spec.name);
    }
    out.push({ params, changed });
  }
  return out;
}

const targetRng = new Rng(20, 'targets');
let outCount = 0;

function argv(command: CommandName, op: string, params: object, dir: string): string[] {
  const p = ['--params', JSON.stringify(params)];
  const out = join(dir, `out-${(outCount += 1)}`);
  switch (command) {
    case 'emit': return ['emit', op, '--target', EMIT_TARGETS[Math.floor(targetRng.uniform() * EMIT_TARGETS.length)]!, ...p, '--out', out];
    case 'run': return ['run', op, '--target', 'c', ...p, '--in', join(dir, 'in'), '--out', out];
    case 'reference': return ['reference', op, ...p, '--in', join(dir, 'in'), '--out', out];
    case 'bench': return ['bench', op, '--target', 'c', ...p, '--json'];
    case 'tune': return ['tune', op, '--target', 'c', ...p, '--budget', '1', '--probe-mib', '0', '--db', join(dir, 'db.jsonl')];
  }
}

/** An emitted folder's kernel.json: no integer scalar and no buffer past 2^31 - 1. */
function checkEmitted(out: string): void {
  const manifest = JSON.parse(readFileSync(join(out, 'kernel.json'), 'utf8')) as KernelArtifact;
  for (const s of manifest.scalars) {
    if (s.type !== 'f32') assert.ok(Number.isInteger(s.value) && Math.abs(s.value) <= MAX_INDEX, `scalar ${s.name} = ${s.value} in ${out}`);
  }
  for (const b of sizedBuffers(manifest)) assert.ok(b.bytes <= MAX_INDEX, `buffer ${b.name} holds ${b.bytes} bytes in ${out}`);
}

async function expectOutcome(command: CommandName, op: OpDef, c: Case, dir: string): Promise<void> {
  // bench and tune under a budget nothing fits: an accepted instance is refused before any work too
  const env: Record<string, string> = command === 'bench' || command === 'tune' ? { KFORGE_MEMORY_BUDGET_MIB: '0.0001' } : {};
  const args = argv(command, op.name, c.params, dir);
  const r = await kforgeInProcess(args, env);
  const what = `kforge ${args.join(' ')}\nexit ${r.code}\nstderr: ${r.stderr}`;
  assert.notEqual(r.code, 3, what);
  const refuse = mustRefuse(op, c.params, c.changed);
  if (refuse) {
    assert.equal(r.code, 2, what);
    assert.match(r.stderr, /^kforge: error: /, what);
    assert.ok(refuse.some((name) => new RegExp(`\\b${name}\\b`).test(r.stderr)), `the message names one of ${refuse.join(', ')}: ${what}`);
    return;
  }
  if (command === 'bench' || command === 'tune') assert.equal(r.code, 2, what);
  else assert.ok(r.code === 0 || r.code === 2, what);
  if (command === 'emit' && r.code === 0) checkEmitted(args[args.indexOf('--out') + 1]!);
  // whatever the ir accepts stays within 32 bits
  let signature: ReturnType<typeof tensorSignature> = [];
  try {
    signature = tensorSignature(op, resolveParams(op, c.params));
  } catch { /* refused for another reason (a block multiple, a constraint) */ }
  for (const t of signature) {
    const n = t.shape.reduce((a, d) => a * d, 1);
    assert.ok(n * DTYPES[t.dtype].bytes <= MAX_INDEX, `${t.name} of ${JSON.stringify(c.params)}`);
  }
}

/** The largest value of `param` (others fixed) that resolveParams accepts, stepping in multiples of `step`. */
function largestAccepted(op: OpDef, base: Record<string, ParamValue>, param: string, step = 1): number {
  let lo = 1; // accepted
  let hi = Math.floor(MAX_INDEX / step) + 1; // refused (in steps)
  const ok = (k: number): boolean => {
    try {
      resolveParams(op, { ...base, [param]: k * step });
      return true;
    } catch {
      return false;
    }
  };
  assert.ok(ok(lo), `${op.name} ${param} = ${step} accepted`);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (ok(mid)) lo = mid;
    else hi = mid;
  }
  return lo * step;
}

describe('sizes are bounded (issue 20 item 3)', () => {
  const dir = scratchFolder();
  mkdirSync(join(dir, 'in'));

  for (const op of Object.values(OPS)) {
    for (const command of COMMANDS) {
      test(`${command} ${op.name}: drawn params never exit 3; huge ones exit 2 naming the param`, async () => {
        for (const c of cases(op, op.name === 'gemv' ? 30 : 12, command)) await expectOutcome(command, op, c, dir);
      });
    }

    test(`${op.name}: the largest accepted size of each dimension param, and one past it`, async () => {
      for (const spec of intSpecs(op)) {
        // params of a constraint (Hq % Hkv, topk <= E) meet it before their size: the draws cover them
        if (!op.tensors.some((t) => t.shape.includes(spec.name)) || op.constraints.some((c) => new RegExp(`\\b${spec.name}\\b`).test(c.expr))) continue;
        const base = { ...BASE[op.name]! };
        const step = op.name === 'moe' && (spec.name === 'H' || spec.name === 'I') ? 32 : 1;
        const max = largestAccepted(op, base, spec.name, step);
        if ((spec.type as { max?: number }).max !== undefined && max === (spec.type as { max?: number }).max) continue;
        // past the boundary: refused by the 32-bit rule, naming the param (reference runs nothing before it)
        const r = await kforgeInProcess(argv('reference', op.name, { ...base, [spec.name]: max + step }, dir));
        assert.equal(r.code, 2, r.stderr);
        assert.match(r.stderr, new RegExp(`\\b${spec.name}=${max + step}\\b.*2\\^31-1.*64-bit indexing is not implemented`));
      }
    });
  }

  test('gemv: the largest accepted N and K emit on every target, within 32 bits; one block more is refused', async () => {
    const rng = new Rng(20, 'boundary');
    for (const weight of ['f32', 'q4_0', 'q8_0', 'w4g128', 'f16']) {
      // K in whole blocks (32 also for dense weights: the default knobs of some targets need K % 8 == 0)
      const block = weight === 'w4g128' ? 128 : 32;
      for (const [param, other] of [['K', 'N'], ['N', 'K']] as const) {
        const base = { M: 1, N: 1, K: block, weight, act: rng.uniform() < 0.5 ? 'f32' : 'f16' };
        const max = largestAccepted(getGemv(), base, param, param === 'K' ? block : 1);
        assert.ok(max * base[other] > 2 ** 28, `${weight} ${param} boundary ${max} (${other} = ${base[other]}) is near the limit`);
        const target = EMIT_TARGETS[Math.floor(rng.uniform() * EMIT_TARGETS.length)]!;
        const args = argv('emit', 'gemv', { ...base, [param]: max }, dir);
        args[args.indexOf('--target') + 1] = target;
        const r = await kforgeInProcess(args);
        assert.equal(r.code, 0, `kforge ${args.join(' ')}: ${r.stderr}`);
        checkEmitted(args[args.indexOf('--out') + 1]!);
        const past = await kforgeInProcess(argv('emit', 'gemv', { ...base, [param]: max + (param === 'K' ? block : 1) }, dir));
        assert.equal(past.code, 2, past.stderr);
        assert.match(past.stderr, new RegExp(`\\b${param}=\\d+.*64-bit indexing is not implemented`));
      }
    }
  });

  test('bench, tune and reference refuse what passes the memory budget, before any work, naming the budget', async () => {
    const params = JSON.stringify({ N: 4096, K: 4096 }); // 64 MiB of W, 192 MiB with its float64 copy
    for (const args of [
      ['bench', 'gemv', '--target', 'c', '--params', params, '--json'],
      ['bench', 'gemv', '--target', 'c', '--params', params, '--export', join(dir, 'bench-export')],
      ['tune', 'gemv', '--target', 'c', '--params', params, '--db', join(dir, 'db.jsonl')],
      ['tune', 'gemv', '--target', 'c', '--params', params, '--strategy', 'random', '--export', join(dir, 'tune-export')],
      ['reference', 'gemv', '--params', params, '--in', join(dir, 'in'), '--out', join(dir, 'ref-out')],
    ]) {
      const started = Date.now();
      const r = await kforgeInProcess(args, { KFORGE_MEMORY_BUDGET_MIB: '64' });
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, /need \d+\.\d MiB .*past the memory budget of 64\.0 MiB \(KFORGE_MEMORY_BUDGET_MIB = 64\)/);
      assert.equal(r.stdout, '', 'nothing ran (no probe, no tuning line)');
      assert.ok(Date.now() - started < 5000, 'refused at once');
    }
    const qdir = scratchFolder();
    mkdirSync(join(qdir, 'in'));
    writeTensors(join(qdir, 'in'), { W: allocTensor('f32', [4, 64]) });
    const r = await kforgeInProcess(['quantize', '--format', 'q8_0', '--in', join(qdir, 'in'), '--out', join(qdir, 'out')], { KFORGE_MEMORY_BUDGET_MIB: '0.001' });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /quantize: .*past the memory budget of 0\.0 MiB \(KFORGE_MEMORY_BUDGET_MIB = 0\.001\)/);
    const ok = await kforgeInProcess(['quantize', '--format', 'q8_0', '--in', join(qdir, 'in'), '--out', join(qdir, 'out')]);
    assert.equal(ok.code, 0, ok.stderr);
  });
});

function getGemv(): OpDef {
  return OPS.gemv!;
}
