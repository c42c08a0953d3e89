/**
 * The contract between code generators and executors: a generated kernel with its ABI. Executors
 * never look inside the source; they compile it for the target and bind buffers by name.
 *
 * Binding ABI per language (codegen and executors both follow it; `Dispatch.args` gives the order):
 * - c:      `void entry(T* buf0, ..., int32_t/float scalar0, ...)` in args order (buffers and scalars mixed
 *           exactly as listed). Compiled with OpenMP where the target has threads.
 * - cuda:   `extern "C" __global__ void entry(...)` with the same argument order.
 * - opencl: `__kernel void entry(__global T* ..., int ...)` with the same argument order.
 * - glsl:   buffers are std430 SSBOs at set 0, binding = index among the dispatch's buffer args;
 *           scalars are one push-constant block holding them in args order, 4 bytes each.
 * - wgsl:   buffers are `var<storage>` at @group(0) @binding(i) in order; scalars are one uniform
 *           struct at the binding after the last buffer, 4 bytes each in args order.
 * - msl:    buffers are `device T* [[buffer(i)]]` in order; scalars follow as
 *           `constant T& name [[buffer(j)]]`, j continuing the count. Thread-index parameters
 *           (`uint`/`uint2`/`uint3 name [[thread_position_in_grid]]`, `[[thread_index_in_simdgroup]]`, ...,
 *           any subset, any order) come LAST, after all buffers and scalars: the Metal emulation gives
 *           them default arguments (exec/templates/metal/metal_emu.h explains); threadgroup memory is
 *           declared at kernel scope as `threadgroup T name[N];`, never as a pointer or parameter.
 * Buffers are allocated rounded up to 16 bytes so 32-bit views of byte data are always legal;
 * GPU languages without 8/16-bit storage read u8/f16 data through u32 views.
 */
import { describeSize, evalSize, sizeParams, type KernelArithmetic, type ParamValue, type ScalarType, type SizeExpr } from '@kforge/ir';
import type { Language, TargetName } from './targets.ts';

export interface ArtifactBuffer {
  readonly name: string;
  readonly elem: ScalarType;
  /** byte size over the run-time params (the artifact's scalars); `sizedBuffers` evaluates it at the artifact's own */
  readonly bytes: SizeExpr;
  /** 'in': uploaded from an input tensor; 'out': read back; 'scratch': device-only workspace */
  readonly role: 'in' | 'out' | 'scratch';
}

export interface ArtifactScalar {
  readonly name: string;
  readonly type: 'i32' | 'u32' | 'f32';
  readonly value: number;
}

/** One kernel launch (SIMT) or call (CPU). Arguments are the named buffers then the scalars, in order. */
export interface Dispatch {
  readonly entry: string;
  readonly args: readonly string[];
  /**
   * SIMT: number of workgroups per dimension, over the run-time params (`sizedDispatches` evaluates it at the
   * artifact's own). A grid that depends on the data (MoE's tokens per expert) is stated as its worst case,
   * and the kernel returns early where the data leaves a workgroup nothing to do.
   */
  readonly grid?: readonly [SizeExpr, SizeExpr, SizeExpr];
  readonly workgroup?: readonly [number, number, number];
  /**
   * CUDA: launch with programmatic stream serialization (cudaLaunchAttributeProgrammaticStreamSerialization):
   * the kernel may start while the previous grid of the stream finishes; it waits for that grid before
   * touching what it writes, so a launch without the attribute is correct too, only not overlapped
   */
  readonly dependentLaunch?: boolean;
  /**
   * CUDA: bytes of dynamic shared memory passed at launch (the kernel's `extern __shared__` carve-outs,
   * `dynamicSharedBytes(kernel)`); above 48 KB the launcher first opts the function in with
   * cudaFuncSetAttribute(cudaFuncAttributeMaxDynamicSharedMemorySize). A number, not a SizeExpr: the
   * arrays are sized when the kernel is generated. Other languages size workgroup arrays statically and
   * must not set it. Absent: 0.
   */
  readonly dynamicSharedBytes?: number;
}

/** Dynamic shared memory above this needs the per-function opt-in before a CUDA launch. */
export const CUDA_STATIC_SHARED_LIMIT = 48 * 1024;

export interface KernelArtifact {
  readonly op: string;
  readonly target: TargetName;
  readonly params: Readonly<Record<string, ParamValue>>;
  readonly config: Readonly<Record<string, ParamValue>>;
  readonly language: Language;
  /** file name -> source text; the first file is the kernel translation unit */
  readonly files: Readonly<Record<string, string>>;
  readonly buffers: readonly ArtifactBuffer[];
  readonly scalars: readonly ArtifactScalar[];
  /**
   * An op is a sequence of dispatches with scratch buffers between them. Grids and buffer sizes are
   * expressions over the scalars, which are the params passed at run time (with this artifact's values);
   * every other param is compiled into the source.
   */
  readonly dispatches: readonly Dispatch[];
  /**
   * params that are compiled into the source although they are also passed as scalars (the kernel
   * is valid only at that value, e.g. a GPU gemv's M when it unrolls over the rows)
   */
  readonly compiledScalars?: readonly string[];
  /** CPU: OpenMP threads to run with (0 = executor default) */
  readonly threads?: number;
  /** what arithmetic the kernel does inside: picks the SPEC section 4 bound it is judged by (default 'f32') */
  readonly arithmetic?: KernelArithmetic;
  /**
   * the largest K scalar the code serves, when it has one: workgroup memory sized for the params' K
   * (a runtime library then serves K up to it); absent: any K
   */
  readonly maxK?: number;
  /**
   * WGSL: optional WebGPU features the device must be created with (e.g. 'subgroups' when the source
   * says `enable subgroups;`); an executor whose adapter lacks one reports the run unavailable. Absent: none
   */
  readonly features?: readonly string[];
}

/**
 * The source file holding a dispatch's entry: languages with one entry point per module (GLSL, WGSL)
 * use a file named after the entry (with or without its extension); otherwise the only file.
 * Undefined when neither applies.
 */
export function sourceFileFor(artifact: KernelArtifact, entry: string): string | undefined {
  const names = Object.keys(artifact.files);
  const hit = names.find((n) => n === entry || n.replace(/\.[^.]*$/, '') === entry);
  if (hit) return hit;
  return names.length === 1 ? names[0] : undefined;
}

/** The run-time params of an artifact with its own values: what its size expressions are evaluated at. */
export function artifactValues(artifact: Pick<KernelArtifact, 'scalars'>): Record<string, number> {
  return Object.fromEntries(artifact.scalars.map((s) => [s.name, s.value]));
}

export interface SizedBuffer extends Omit<ArtifactBuffer, 'bytes'> {
  readonly bytes: number;
}

export interface SizedDispatch extends Omit<Dispatch, 'grid'> {
  readonly grid?: readonly [number, number, number];
}

/** The buffers with their byte sizes at the artifact's own params: what an executor allocates. */
export function sizedBuffers(artifact: Pick<KernelArtifact, 'scalars' | 'buffers'>): SizedBuffer[] {
  const values = artifactValues(artifact);
  return artifact.buffers.map((b) => ({ ...b, bytes: evalSize(b.bytes, values) }));
}

/** The dispatches with their grids at the artifact's own params: what an executor launches. */
export function sizedDispatches(artifact: Pick<KernelArtifact, 'scalars' | 'dispatches'>): SizedDispatch[] {
  const values = artifactValues(artifact);
  return artifact.dispatches.map((d) => {
    const { grid, ...rest } = d;
    return grid ? { ...rest, grid: grid.map((g) => evalSize(g, values)) as [number, number, number] } : rest;
  });
}

/** Bytes of the buffers of the given roles at the artifact's own params (e.g. ['in'] for what a run reads). */
export function bytesOfRoles(artifact: Pick<KernelArtifact, 'scalars' | 'buffers'>, roles: readonly ArtifactBuffer['role'][]): number {
  return sizedBuffers(artifact).filter((b) => roles.includes(b.role)).reduce((sum, b) => sum + b.bytes, 0);
}

/**
 * What the size expressions name that the artifact does not pass at run time (empty when they are
 * sound): a size over a compiled param would be wrong at any other value of it.
 */
export function geometryProblems(artifact: KernelArtifact): string[] {
  const runtime = new Set(artifact.scalars.map((s) => s.name).filter((n) => !artifact.compiledScalars?.includes(n)));
  const problems: string[] = [];
  const check = (what: string, e: SizeExpr): void => {
    for (const p of sizeParams(e)) if (!runtime.has(p)) problems.push(`${what} = ${describeSize(e)} names '${p}', which is not a run-time scalar`);
  };
  for (const b of artifact.buffers) check(`buffer ${b.name} bytes`, b.bytes);
  for (const d of artifact.dispatches) d.grid?.forEach((g, i) => check(`dispatch ${d.entry} grid[${i}]`, g));
  return problems;
}
