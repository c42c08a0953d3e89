/**
 * Running an op's kernel on an executor with tensors in and tensors out, and judging the result
 * against the float64 reference with the SPEC section 4 bound.
 */
import {
  checkOutput, getOp, InputError, type KnobConfig, type OutputCheck, type Params, type Tensor, tensorBytes, tensorFromBytes, tensorSignature, toFloat64,
} from '@kforge/ir';
import type { KernelArtifact, TargetName } from '@kforge/target';
import { executorsFor, type Executor, type RunResult } from '@kforge/exec';
import { emitKernel } from './lowerings.ts';

export interface KernelRun {
  readonly artifact: KernelArtifact;
  readonly outputs: Record<string, Tensor>;
  readonly result: RunResult;
}

export interface RunOptions {
  readonly executor?: Executor;
  readonly variant?: Readonly<Record<string, number | string>>;
  readonly timedRepeats?: number;
  /** where the executor keeps build products; reusing one folder reuses the binary (e.g. across VLEN variants) */
  readonly workDir?: string;
}

/** The first executor that can execute the target here (compile-only ones do not count). */
export async function executorFor(target: TargetName): Promise<Executor> {
  const reasons: string[] = [];
  for (const e of executorsFor(target)) {
    const a = await (e.probeTarget ? e.probeTarget(target) : e.probe());
    if (a.ok && a.mode !== 'compile-only') return e;
    reasons.push(`${e.name}: ${a.ok ? 'compiles here but executes only on a machine with the GPU: `kforge emit OP --target T --params P --out DIR` writes the kernel and its binding ABI (kernel.json), and tools/gpu/README.md runs cases there' : (a.reason ?? 'unavailable')}`);
  }
  throw new InputError(`target '${target}' cannot execute on this machine (${reasons.join('; ') || 'no executor'}); try \`kforge emit\` or \`kforge doctor\``);
}

export async function runArtifact(artifact: KernelArtifact, inputs: Readonly<Record<string, Tensor>>, o: RunOptions = {}): Promise<KernelRun> {
  const op = getOp(artifact.op);
  const signature = tensorSignature(op, artifact.params);
  const bytes: Record<string, Uint8Array> = {};
  for (const b of artifact.buffers) {
    if (b.role !== 'in') continue;
    const t = inputs[b.name];
    if (!t) throw new InputError(`missing tensor '${b.name}' for ${artifact.op} on ${artifact.target}`);
    bytes[b.name] = tensorBytes(t);
  }
  const executor = o.executor ?? (await executorFor(artifact.target));
  const result = await executor.run({
    artifact, inputs: bytes,
    ...(o.variant ? { variant: o.variant } : {}),
    ...(o.timedRepeats ? { timedRepeats: o.timedRepeats } : {}),
    ...(o.workDir ? { workDir: o.workDir } : {}),
  });
  const outputs: Record<string, Tensor> = {};
  for (const t of signature) {
    if (t.role !== 'out') continue;
    outputs[t.name] = tensorFromBytes(result.outputs[t.name]!, t.dtype, t.shape, t.name);
  }
  return { artifact, outputs, result };
}

export async function runKernel(
  opName: string, target: TargetName, params: Params, config: KnobConfig, inputs: Readonly<Record<string, Tensor>>, o: RunOptions = {},
): Promise<KernelRun> {
  return runArtifact(emitKernel(opName, target, params, config), inputs, o);
}

/** Every output against the reference; ok only when all pass. */
export function checkRun(run: KernelRun, inputs: Readonly<Record<string, Tensor>>): { ok: boolean; checks: OutputCheck[] } {
  const op = getOp(run.artifact.op);
  const ref = op.reference(run.artifact.params, inputs);
  const checks = Object.entries(ref).map(([name, r]) => {
    const y = run.outputs[name];
    if (!y) throw new Error(`${run.artifact.op} on ${run.artifact.target}: kernel produced no output '${name}'`);
    return checkOutput(op.name, name, toFloat64(y), r, run.artifact.arithmetic ?? 'f32');
  });
  return { ok: checks.every((c) => c.ok), checks };
}
