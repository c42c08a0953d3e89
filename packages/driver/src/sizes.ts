/**
 * Size limits past what `resolveParams` already refuses (its 32-bit rule: integer params, tensor
 * elements and bytes within MAX_INDEX = 2^31 - 1, since kernels index with 32-bit integers):
 *   - an emitted artifact's buffers and i32 scalars within the same limit (scratch and padded
 *     buffers the op's tensors do not show), checked by `emitKernel`;
 *   - the memory a command that makes or reads tensors here needs, within a budget, checked before
 *     any work (the probe, input generation) by `checkMemoryBudget`.
 * Both are InputErrors (exit 2) naming the buffer or the tensors and the limit.
 */
import { totalmem } from 'node:os';
import { INDEX_NOTE, InputError, MAX_INDEX, DTYPES, numel, presentTensors, tensorSignature, type OpDef, type Params } from '@kforge/ir';
import { sizedBuffers, type KernelArtifact } from '@kforge/target';

/** Every buffer's bytes and every integer scalar of an artifact within 32 bits. */
export function checkArtifactIndexRange(artifact: KernelArtifact): void {
  const where = `${artifact.op} on ${artifact.target} ${JSON.stringify(artifact.params)}`;
  for (const s of artifact.scalars) {
    const max = s.type === 'u32' ? 2 ** 32 - 1 : MAX_INDEX;
    const min = s.type === 'u32' ? 0 : -MAX_INDEX - 1;
    if (s.type !== 'f32' && !(Number.isInteger(s.value) && s.value >= min && s.value <= max))
      throw new InputError(`${where}: scalar '${s.name}' = ${s.value} does not fit its ${s.type}, past ${INDEX_NOTE}`);
  }
  for (const b of sizedBuffers(artifact)) {
    if (!(b.bytes <= MAX_INDEX)) throw new InputError(`${where}: buffer '${b.name}' holds ${b.bytes} bytes, past ${INDEX_NOTE}`);
  }
}

/**
 * Bytes a command holds for an op instance: every tensor as stored (inputs and outputs) plus a
 * float64 copy of each logical tensor (what the input generator draws and the reference computes in).
 */
export function workingSetBytes(op: OpDef, params: Params): number {
  const stored = tensorSignature(op, params).reduce((n, t) => n + numel(t.shape) * DTYPES[t.dtype].bytes, 0);
  const float64 = presentTensors(op, params).reduce((n, t) => n + 8 * numel(t.shape), 0);
  return stored + float64;
}

/** The share of this machine's memory one command may hold: half of it, or KFORGE_MEMORY_BUDGET_MIB. */
export function memoryBudget(): { bytes: number; what: string } {
  const mib = process.env.KFORGE_MEMORY_BUDGET_MIB;
  if (mib !== undefined && mib !== '') {
    const n = Number(mib);
    if (!(Number.isFinite(n) && n > 0)) throw new InputError(`KFORGE_MEMORY_BUDGET_MIB must be a positive number of MiB, got '${mib}'`);
    return { bytes: n * 2 ** 20, what: `KFORGE_MEMORY_BUDGET_MIB = ${mib}` };
  }
  const total = totalmem();
  return { bytes: total / 2, what: `half of this machine's ${(total / 2 ** 30).toFixed(1)} GiB` };
}

function mib(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(1)} MiB`;
}

/** Refuse, before any work, an instance whose tensors (and their float64 copies) pass the memory budget. */
export function checkMemoryBudget(command: string, op: OpDef, params: Params): void {
  const need = workingSetBytes(op, params);
  const budget = memoryBudget();
  if (need <= budget.bytes) return;
  const tensors = tensorSignature(op, params).map((t) => `${t.name} [${t.shape.join(', ')}] ${t.dtype}`).join(', ');
  throw new InputError(`${command} ${op.name}: params ${JSON.stringify(params)} need ${mib(need)} (tensors ${tensors}, `
    + `and a float64 copy of each), past the memory budget of ${mib(budget.bytes)} (${budget.what})`);
}
