/**
 * What the dawn executor hands its child process (request.json in the run folder) and what comes back
 * (result.json). Buffers travel as files: in_<name>.bin in, out_<name>.bin out.
 */
import type { ExecFailure } from '../util/exec-error.ts';

export interface DawnBinding {
  readonly binding: number;
  readonly buffer: string;
  /** var<storage, read> in the shader: bound as 'read-only-storage' */
  readonly readOnly: boolean;
}

export interface DawnDispatch {
  readonly entry: string;
  /** the WGSL module holding the entry */
  readonly code: string;
  readonly grid: readonly [number, number, number];
  readonly bindings: readonly DawnBinding[];
  /** the scalars' uniform block: its binding and the 4-byte words in args order (already bit patterns) */
  readonly uniform?: { readonly binding: number; readonly words: readonly number[] };
}

export interface DawnRequest {
  readonly buffers: readonly { readonly name: string; readonly bytes: number; readonly allocBytes: number; readonly role: 'in' | 'out' | 'scratch' }[];
  readonly dispatches: readonly DawnDispatch[];
  readonly timedRepeats: number;
  /** WebGPU features the artifact needs (KernelArtifact.features): the device is created with them, an adapter without one is 'unavailable' */
  readonly features: readonly string[];
}

export interface DawnAdapter {
  readonly vendor: string;
  readonly architecture: string;
  readonly device: string;
  readonly description: string;
  readonly isFallbackAdapter: boolean;
  /** of the optional features the executor requests (OPTIONAL_FEATURES), those the adapter offers */
  readonly features: readonly string[];
}

/** requested whenever the adapter offers them: kernels may use f16 and subgroups without listing them */
export const OPTIONAL_FEATURES = ['shader-f16', 'subgroups'] as const;

export type DawnResult =
  | { readonly ok: true; readonly adapter: DawnAdapter; readonly timingsNs: readonly number[] }
  | { readonly ok: false; readonly failure: ExecFailure; readonly message: string; readonly adapter?: DawnAdapter };

export const REQUEST_FILE = 'request.json';
export const RESULT_FILE = 'result.json';

