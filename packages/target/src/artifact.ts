/**
 * The contract between code generators and executors: a generated kernel with its ABI. Executors
 * never look inside the source; they compile it for the target and bind buffers by name.
 */
import type { ParamValue, ScalarType } from '@kforge/ir';
import type { Language, TargetName } from './targets.ts';

export interface ArtifactBuffer {
  readonly name: string;
  readonly elem: ScalarType;
  readonly bytes: number;
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
  /** SIMT: number of workgroups per dimension */
  readonly grid?: readonly [number, number, number];
  readonly workgroup?: readonly [number, number, number];
}

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
  readonly dispatches: readonly Dispatch[];
  /** CPU: OpenMP threads to run with (0 = executor default) */
  readonly threads?: number;
}
