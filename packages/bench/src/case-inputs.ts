/**
 * A case's inputs and how a kernel's run on them is judged, one way for the bench runner and the tuner:
 * random inputs and the whole float64 reference, or, for a large case, the op's generated inputs (exec's
 * fills, regenerated here byte for byte) and the float64 reference of a few sampled rows. Large: more
 * flops than FULL_REFERENCE_MAX_FLOPS (minutes of reference in JS), or an op that counts only the part of
 * its inputs it reads (moe: the routed experts; its whole reference dequantizes every expert).
 */
import { getOp, randomInputs, tensorBytes, type Params, type Tensor } from '@kforge/ir';
import { sizedBuffers, type KernelArtifact } from '@kforge/target';
import { generatedBytes, type Executor } from '@kforge/exec';
import { checkRun, checkSampledOutput, inputSeeds, OP_HOOKS, outputValues, runArtifact } from '@kforge/driver';

/** Cases whose op does more than this are checked on the op's sampled rows, not the whole float64 reference (minutes in JS). */
export const FULL_REFERENCE_MAX_FLOPS = 1e9;

export interface CaseCheck {
  readonly ok: boolean;
  readonly nmse: number;
  readonly bound: number;
  /** the check's words (each output's nmse against its bound) */
  readonly message: string;
}

export interface CaseInputs {
  readonly check: 'full' | 'sampled';
  /** the input buffers by name, as the artifacts bind them */
  readonly bytes: Readonly<Record<string, Uint8Array>>;
  /** the bytes the op counts for these very inputs (its countedBytes hook: moe's routed experts); absent: the artifact's buffers */
  readonly counted?: number;
  /** the kernel run once on these inputs and judged; a failed run (build, crash) throws as the executor does */
  judge(artifact: KernelArtifact, executor: Executor, workDir?: string): Promise<CaseCheck>;
}

/** Whether a case of `op` is checked on sampled rows (see the file's comment). */
export function isSampledCase(op: string, params: Params, fullReferenceMaxFlops = FULL_REFERENCE_MAX_FLOPS): boolean {
  const hooks = OP_HOOKS[op];
  return hooks !== undefined && (getOp(op).flops(params) > fullReferenceMaxFlops || hooks.countedBytes !== undefined);
}

/** A case's random inputs, judged against the whole float64 reference. */
export function fullCaseInputs(inputs: Readonly<Record<string, Tensor>>): CaseInputs {
  return {
    check: 'full',
    bytes: Object.fromEntries(Object.entries(inputs).map(([k, t]) => [k, tensorBytes(t)])),
    async judge(artifact, executor) {
      const run = await runArtifact(artifact, inputs, { executor });
      const { ok, checks } = checkRun(run, inputs);
      const told = ok ? checks : checks.filter((c) => !c.ok);
      return {
        ok, nmse: Math.max(...checks.map((c) => (Number.isNaN(c.nmse) ? Infinity : c.nmse))), bound: Math.min(...checks.map((c) => c.bound)),
        message: told.map((c) => c.message).join('; '),
      };
    },
  };
}

/** The inputs of a case of `op` (sampled or full, `isSampledCase`) for the buffers of `artifact`. */
export function caseInputs(op: string, params: Params, artifact: KernelArtifact, seed: number, fullReferenceMaxFlops = FULL_REFERENCE_MAX_FLOPS): CaseInputs {
  const hooks = OP_HOOKS[op];
  if (!hooks || !isSampledCase(op, params, fullReferenceMaxFlops)) return fullCaseInputs(randomInputs(getOp(op), params, seed));
  const generated = hooks.generatedInputs(params, inputSeeds(hooks, (i) => (seed * 7919 + i * 104729 + 1) >>> 0));
  const bytes: Record<string, Uint8Array> = {};
  for (const b of sizedBuffers(artifact).filter((x) => x.role === 'in')) {
    const g = generated[b.name];
    if (!g) throw new Error(`${op}: no generated fill for input '${b.name}'`);
    bytes[b.name] = generatedBytes(g, 0, b.bytes);
  }
  const sample = hooks.sample(params, 64);
  let reference: Float64Array | undefined;
  const counted = hooks.countedBytes?.(params, bytes);
  return {
    check: 'sampled',
    bytes,
    ...(counted !== undefined ? { counted } : {}),
    async judge(a, executor, workDir) {
      const run = await executor.run({ artifact: a, inputs: pickInputs(bytes, a), ...(workDir ? { workDir } : {}) });
      const values = outputValues(a.op, params, sample.output, run.outputs[sample.output]!);
      reference ??= hooks.sampledReference(params, generated, sample);
      const c = checkSampledOutput(a.op, hooks, params, sample, values, reference, a.arithmetic ?? 'f32');
      return { ok: c.ok, nmse: c.nmse, bound: c.bound, message: c.message };
    },
  };
}

/** The input buffers an artifact binds, out of a case's. */
export function pickInputs(bytes: Readonly<Record<string, Uint8Array>>, artifact: KernelArtifact): Record<string, Uint8Array> {
  return Object.fromEntries(artifact.buffers.filter((b) => b.role === 'in').map((b) => [b.name, bytes[b.name]!]));
}
