/**
 * An executor proves a KernelArtifact on a device or emulator: it builds the artifact's source for
 * its target, binds the named buffers (inputs uploaded, outputs poisoned first), runs the dispatches
 * and reads the outputs back. Executors never look inside the kernel source.
 */
import type { ExecutorName, KernelArtifact, TargetName } from '@kforge/target';

/** How a result was obtained; every number kforge prints carries this. */
export type ExecutionMode = 'native' | 'emulated' | 'gpu' | 'compile-only';

export interface RunRequest {
  readonly artifact: KernelArtifact;
  /** raw bytes per input buffer name (role 'in') */
  readonly inputs: Readonly<Record<string, Uint8Array>>;
  /** executor-specific variant, e.g. { vlen: 256 } for qemu-riscv64 */
  readonly variant?: Readonly<Record<string, number | string>>;
  /** timing: run the dispatches this many extra times after the checked run and report each time */
  readonly timedRepeats?: number;
  /**
   * timing: keep this many copies of every input and let timed repeat r read copy r % rotate, so a
   * working set smaller than the last-level cache is not timed from cache (1 or absent: one copy)
   */
  readonly rotate?: number;
  /**
   * timing (CPU): before each timed repeat, outside its time, read this many bytes of a buffer of the
   * harness's own, so inputs a kernel reads only part of (moe's routed experts: rotated copies of the
   * whole inputs would keep those parts in cache) come from DRAM each repeat (0 or absent: none)
   */
  readonly flushBytes?: number;
  /** where to keep build products; a fresh temporary folder when absent */
  readonly workDir?: string;
}

export interface RunResult {
  /** raw bytes per output buffer name (role 'out'), exactly `bytes` long */
  readonly outputs: Record<string, Uint8Array>;
  readonly executor: ExecutorName;
  readonly mode: ExecutionMode;
  /** human-readable, e.g. "qemu-riscv64 -cpu rv64,v=true,vlen=256" or "PoCL 5.0 pthread" */
  readonly detail: string;
  /** wall time of each timed repeat in nanoseconds (kernel only: no build, no upload) */
  readonly timingsNs?: readonly number[];
  /** how many input copies the timed repeats cycled through (absent: 1, the executor does not rotate) */
  readonly rotatedCopies?: number;
}

export interface Availability {
  readonly ok: boolean;
  readonly mode: ExecutionMode;
  /** tool versions found, e.g. { 'qemu-aarch64': '7.2.13', gcc: '12.2.0' } */
  readonly versions: Readonly<Record<string, string>>;
  /** why not, when !ok */
  readonly reason?: string;
}

export interface Executor {
  readonly name: ExecutorName;
  /** targets this executor can run */
  readonly targets: readonly TargetName[];
  /** variants a conformance run must cover (e.g. VLEN 128, 256, 512); one empty variant when none */
  readonly variants: readonly Readonly<Record<string, number | string>>[];
  probe(): Promise<Availability>;
  /** probe() plus what this host needs for one target (e.g. AVX-512 flags); absent when probe() says it all */
  probeTarget?(target: TargetName): Promise<Availability>;
  run(req: RunRequest): Promise<RunResult>;
}

/** Outputs are filled with this byte pattern before every run: 0xFF.. is NaN for f32/f16 and -1 for ints. */
export const POISON_BYTE = 0xff;
