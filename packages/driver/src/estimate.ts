/**
 * An analytic estimate of a gemv config's time: a roofline prior for the model-guided tuner, not a
 * simulator. It knows what the lowerings know (the bytes each weight format moves, how the knobs
 * share loads, chain accumulators, occupy registers, split rows and K over threads and workgroups)
 * and a handful of nominal rates per target (a representative core or GPU of the class, below), and
 * nothing about the machine actually measured. Its job is to rank configs sensibly before anything is
 * measured; absolute values are order-of-magnitude only. Times are in milliseconds.
 */
import { FORMATS, type KnobConfig, type Params, type WeightFormat, type WeightFormatName } from '@kforge/ir';
import type { TargetName } from '@kforge/target';

/** What the estimate may be told about the machine that will run the kernel (all optional). */
export interface HostHint {
  /** hardware threads the kernel may use; more OpenMP threads than this oversubscribe the cores */
  readonly cores?: number;
}

/** Nominal per-thread rates of one core of the class (vector ops, not instructions of a given chip). */
interface CpuRates {
  /** f32 lanes of one vector (1: scalar) */
  readonly lanes: number;
  readonly registers: number;
  /** bytes of one integer dot-product operand (1: scalar multiply-add) and ops per dot (maddubs + madd = 2) */
  readonly dotBytes: number;
  readonly dotOps: number;
  /** sustained vector ops per ns (issue width x clock, for a mixed load/arith stream) */
  readonly opsPerNs: number;
  readonly fmaLatencyNs: number;
  /** DRAM read bandwidth one thread draws, and the socket's */
  readonly threadGBps: number;
  readonly socketGBps: number;
}

// avx2: a Zen 3 / Skylake core at 3 GHz (2.5 vector ops per cycle sustained, FMA latency 4 cycles);
// avx512 the same with twice the lanes, 32 registers and one VNNI op per dot; neon a Cortex-A7x-class
// core; c is what the compiler makes of the portable loops (counted as scalar).
const CPU_RATES: Readonly<Record<'c' | 'avx2' | 'avx512' | 'neon', CpuRates>> = {
  c: { lanes: 1, registers: 16, dotBytes: 1, dotOps: 2, opsPerNs: 7.5, fmaLatencyNs: 4 / 3, threadGBps: 10, socketGBps: 40 },
  avx2: { lanes: 8, registers: 16, dotBytes: 32, dotOps: 2, opsPerNs: 7.5, fmaLatencyNs: 4 / 3, threadGBps: 12, socketGBps: 40 },
  avx512: { lanes: 16, registers: 32, dotBytes: 32, dotOps: 1, opsPerNs: 6, fmaLatencyNs: 4 / 2.5, threadGBps: 12, socketGBps: 80 },
  neon: { lanes: 4, registers: 32, dotBytes: 16, dotOps: 1, opsPerNs: 7, fmaLatencyNs: 4 / 2.5, threadGBps: 10, socketGBps: 60 },
};

/** OpenMP threads a config's `threads` knob asks for (0: the executor's default, all cores). */
const DEFAULT_CORES = 4;

/**
 * Bytes a thread streams before the hardware prefetcher runs at full rate: each row in flight is a
 * separate stream, and rows shorter than a few KiB end soon after it has ramped up (the measurement
 * in docs/performance-cpu.md: q4_0 3072 x 1024 rows 8 -> 1: 18% -> 44% of the read probe).
 */
const PREFETCH_RAMP_BYTES = 768;

const XBLOCK = 32;

function rowBytes(f: WeightFormat, K: number): number {
  if (f.kind === 'dense') return K * f.elemBytes;
  if (f.kind === 'block') return (K / f.block) * f.bytes;
  return K / 2 + (K / f.block) * 2 * f.planes.length;
}

interface Shape {
  readonly M: number;
  readonly N: number;
  readonly K: number;
  readonly f: WeightFormat;
  readonly actBytes: number;
}

function shapeOf(params: Params): Shape {
  return {
    M: Number(params.M ?? 1), N: Number(params.N), K: Number(params.K),
    f: FORMATS[String(params.weight ?? 'f32') as WeightFormatName], actBytes: params.act === 'f16' ? 2 : 4,
  };
}

/** bytes every config must move: weights (and planes) read once, x read, y written */
function compulsoryBytes(s: Shape): number {
  return s.N * rowBytes(s.f, s.K) + s.M * s.K * s.actBytes + s.M * s.N * 4;
}

/** overlap of memory and compute: the slower dominates, the other still costs a little (not a hard max) */
function combine(...ts: number[]): number {
  return Math.cbrt(ts.reduce((a, t) => a + t ** 3, 0));
}

/** threads that run at once and the slowdown from asking for more than there are cores */
function threadsOf(config: KnobConfig, host: HostHint): { threads: number; oversubscribed: number } {
  const cores = host.cores ?? DEFAULT_CORES;
  const asked = Number(config.threads ?? 1) || cores;
  // oversubscribed OpenMP threads wait for each other at the barrier of every parallel region
  return { threads: Math.min(asked, cores), oversubscribed: asked > cores && host.cores !== undefined ? 1.25 * (asked / cores) : 1 };
}

/**
 * Vector ops per (row, x row, 32-element block) of the fixed-width SIMD lowering (gemv/simd.ts), and
 * the f32 accumulator updates per chain along K. `R` rows share each x load, `MT` x rows each weight
 * load (and its conversion).
 */
function simdBlockOps(s: Shape, r: CpuRates, R: number, MT: number, int8: boolean): { ops: number; chainSteps: number; operandRegs: number } {
  const vecs = XBLOCK / r.lanes;
  if (s.f.kind === 'dense') {
    const convert = s.f.name === 'f32' ? 0 : s.f.name === 'f16' ? 1 : 2;
    return { ops: vecs * (1 + (1 + convert) / MT + 1 / R), chainSteps: vecs, operandRegs: R + MT };
  }
  const offsets = s.f.kind === 'planar' || (s.f.kind === 'block' && s.f.minOffset !== null) ? 1 : 0;
  const scale = 3; // scale load + f16 conversion + broadcast, per row and block
  if (int8) {
    const dots = r.dotBytes === 1 ? XBLOCK : XBLOCK / r.dotBytes;
    const codes = r.dotBytes === 1 ? XBLOCK : dots + (s.f.bits === 4 ? 3 : 0); // loads (+ nibble split)
    const perToken = dots * r.dotOps + 4 + offsets; // dot, zero fold, i32 -> f32, scale by d_x, fma
    return { ops: (codes + scale) / MT + perToken + (dots + 1) / R, chainSteps: 1, operandRegs: R * Math.max(1, dots / 2) + MT };
  }
  // float path: codes widened to f32 (load, widen, convert per vector), fma per vector and x row, block scale fma
  return { ops: (3 * vecs + scale) / MT + vecs + 1 + offsets + vecs / R, chainSteps: 1, operandRegs: 2 * R + MT };
}

function estimateSimd(target: 'c' | 'avx2' | 'avx512' | 'neon', params: Params, config: KnobConfig, host: HostHint): number {
  const s = shapeOf(params);
  const r = CPU_RATES[target];
  const R = Number(config.rows ?? 1);
  const MT = Number(config.m_tile ?? 1);
  const U = Number(config.k_unroll ?? 1);
  const int8 = config.dot_path === 'int8';
  const { threads, oversubscribed } = threadsOf(config, host);
  const blocks = s.K / XBLOCK;

  // compute: x rows in tiles of MT (the remainder one at a time), rows in blocks of R over the threads
  const tile = (mt: number) => {
    const b = simdBlockOps(s, r, R, mt, int8);
    const issueNs = (b.ops * R * mt * blocks) / r.opsPerNs;
    // every accumulator is one dependent chain: U sets hide the FMA latency only together with R x mt
    const latencyNs = ((b.chainSteps * blocks) / U) * r.fmaLatencyNs;
    const live = R * mt * U + b.operandRegs;
    const spill = live > r.registers ? 1 + (0.15 * (live - r.registers)) / r.registers : 1;
    return Math.max(issueNs, latencyNs) * spill;
  };
  const fullTiles = Math.floor(s.M / MT);
  const perRowBlockNs = fullTiles * tile(MT) + (s.M - fullTiles * MT) * tile(1);
  const rowBlocks = Math.ceil(s.N / R);
  const computeMs = (Math.ceil(rowBlocks / threads) * perRowBlockNs) / 1e6;

  // memory: one stream per row in flight; short streams lose the prefetcher's ramp; one stream alone
  // leaves memory-level parallelism unused
  const streamBytes = R > 1 ? rowBytes(s.f, s.K) : (s.N * rowBytes(s.f, s.K)) / threads;
  const streams = (streamBytes / (streamBytes + PREFETCH_RAMP_BYTES)) * (R > 1 ? 1 : 0.9);
  const gbps = Math.min(threads * r.threadGBps, r.socketGBps) * streams;
  const memoryMs = compulsoryBytes(s) / (gbps * 1e6);

  // x staging is serial scalar code before the parallel loop (int8: quantize per block, float: copy)
  const stagingMs = (s.M * s.K * (int8 ? 8 : 2)) / (2.5 * 1e6);
  const forkMs = threads > 1 ? 0.003 : 0;
  return (combine(memoryMs, computeMs) + stagingMs + forkMs) * oversubscribed;
}

/** RVV at VLEN 256 (nominal; the code is VLEN-agnostic): `lmul` groups, `rows` sharing each x strip. */
function estimateRvv(params: Params, config: KnobConfig): number {
  const s = shapeOf(params);
  const lmul = Number(config.lmul ?? 1);
  const R = Number(config.rows ?? 1);
  const int8 = config.dot_path === 'int8';
  const vlen = 256;
  // elements per strip; a grouped op costs about lmul cycles, so lmul buys fewer loop overheads
  const elems = int8 ? XBLOCK : (lmul * vlen) / 32;
  const strips = s.M * Math.ceil(s.N / R) * (s.K / elems);
  const cyclesPerStrip = (int8 ? 2 * (XBLOCK / (vlen / 8)) + 6 : lmul * (1 + 1 / R) + (s.f.kind === 'dense' ? 0 : lmul)) * R + 4;
  // one core at 2 GHz, 8 GB/s (the lowering has no threads knob)
  const computeMs = (strips * cyclesPerStrip) / 2 / 1e6;
  const memoryMs = compulsoryBytes(s) / 8e6;
  return combine(memoryMs, computeMs) + (s.M * s.K * (int8 ? 8 : 2)) / 2e6;
}

/** HVX: int8 `vrmpy` over 128-byte vectors, rows sharing each x vector; the float path is the scalar core. */
function estimateHvx(params: Params, config: KnobConfig): number {
  const s = shapeOf(params);
  const R = Number(config.rows ?? 1);
  const int8 = config.dot_path === 'int8';
  const blocks = s.M * s.N * (s.K / XBLOCK);
  // int8: per 4 blocks a code vector (+ unpack), a vrmpy, three rotate-adds; scale and offset in scalar f32 per block
  const cycles = int8 ? blocks * ((6 + 1 / R) / 4 + 4) : s.M * s.N * s.K * (2 + 1 / R);
  return combine(compulsoryBytes(s) / 8e6, cycles / 1e6);
}

/** Nominal rates of one GPU of the class. */
interface GpuRates {
  readonly sms: number;
  readonly maxThreadsPerSm: number;
  readonly registersPerSm: number;
  readonly dramGBps: number;
  /** bandwidth of the shared L2 (x is re-read by every workgroup from there) */
  readonly l2GBps: number;
  /** lane ops per ns over the whole device */
  readonly laneOpsPerNs: number;
  /** DRAM latency the loads in flight must cover (Little's law) */
  readonly latencyNs: number;
  readonly launchMs: number;
}

// cuda: an H100/H200-class part (132 SMs, ~3.3 TB/s, 4 x 32 lanes per SM at 1.75 GHz, graph launches);
// opencl/vulkan: a mid-range discrete GPU; wgsl: the same behind a browser's heavier dispatch;
// metal: an Apple M-class GPU (unified memory)
const GPU_RATES: Readonly<Record<'cuda' | 'opencl' | 'vulkan' | 'wgsl' | 'metal', GpuRates>> = {
  cuda: { sms: 132, maxThreadsPerSm: 2048, registersPerSm: 65536, dramGBps: 3300, l2GBps: 9000, laneOpsPerNs: 29500, latencyNs: 700, launchMs: 0.0025 },
  opencl: { sms: 40, maxThreadsPerSm: 1536, registersPerSm: 65536, dramGBps: 500, l2GBps: 1500, laneOpsPerNs: 8000, latencyNs: 600, launchMs: 0.005 },
  vulkan: { sms: 40, maxThreadsPerSm: 1536, registersPerSm: 65536, dramGBps: 500, l2GBps: 1500, laneOpsPerNs: 8000, latencyNs: 600, launchMs: 0.005 },
  wgsl: { sms: 40, maxThreadsPerSm: 1536, registersPerSm: 65536, dramGBps: 500, l2GBps: 1500, laneOpsPerNs: 8000, latencyNs: 600, launchMs: 0.02 },
  metal: { sms: 10, maxThreadsPerSm: 1024, registersPerSm: 65536, dramGBps: 120, l2GBps: 400, laneOpsPerNs: 1300, latencyNs: 500, launchMs: 0.01 },
};

function estimateSimt(target: keyof typeof GPU_RATES, params: Params, config: KnobConfig): number {
  const s = shapeOf(params);
  const g = GPU_RATES[target];
  const R = Number(config.rows_per_block ?? 1);
  const W = Number(config.workgroup_size ?? 64);
  const vw = Number(config.vector_width ?? 4);
  const U = Number(config.k_unroll ?? 1);
  const S = Number(config.split_k ?? 1);
  const subgroup = config.subgroup_reduce === true;
  const elemsPerLoad = s.f.kind === 'dense' ? vw / s.f.elemBytes : (vw * 8) / s.f.bits;
  const groups = Math.ceil(s.N / R) * S;
  const kPerGroup = s.K / S;
  // lanes with nothing to load when a workgroup's one step already covers its share of the row
  const activeLanes = Math.min(1, kPerGroup / (W * elemsPerLoad));
  const steps = Math.max(1, Math.ceil(kPerGroup / (W * elemsPerLoad * U)));

  // registers: base + accumulators + the words loaded for U steps of R rows + the x values of a step
  const regs = Math.min(255, 24 + R * s.M + U * R * Math.ceil(vw / 4) + elemsPerLoad * s.M);
  const perSm = Math.min(g.maxThreadsPerSm, Math.floor(g.maxThreadsPerSm / W) * W, Math.floor(g.registersPerSm / regs / 32) * 32);
  const resident = Math.min(groups * W, g.sms * Math.max(perSm, W));
  // Little's law: the loads in flight must cover bandwidth x latency; too few workgroups leave SMs idle
  const inFlight = resident * activeLanes * vw * U * R;
  const memEfficiency = Math.min(1, inFlight / (g.dramGBps * g.latencyNs), (2 * groups) / g.sms);
  // split-K writes partial sums and a second dispatch reads them back
  const partialBytes = S > 1 ? 2 * s.M * s.N * S * 4 : 0;
  const dramMs = (compulsoryBytes(s) + partialBytes) / (g.dramGBps * memEfficiency * 1e6);
  const int8 = config.dot_path === 'int8' && s.f.kind !== 'dense';
  // quantize_x 'workgroup': every workgroup reads all of x (not its split-K share) and quantizes it
  // (about 8 lane ops per element: abs, max, scale, round, pack, store) before its K loop
  const xPerGroup = int8 && config.quantize_x === 'workgroup';
  const l2Ms = (groups * (xPerGroup ? s.K : kPerGroup) * s.M * s.actBytes) / (g.l2GBps * 1e6);

  // lane ops: decode + fma per element (int8: codes kept as bytes, 4 multiply-adds per dp4a), loop
  // overhead per lane step, the reduction per workgroup
  const decode = s.f.kind === 'dense' ? (s.f.name === 'f32' ? 0 : 1) : int8 ? (s.f.bits === 4 ? 1 : 0.25) : s.f.bits === 4 ? 2.5 : 1.5;
  const elementOps = s.N * s.K * (decode + (int8 ? s.M / 4 : s.M));
  const loopOps = groups * W * steps * (4 + 2 * R * U);
  const values = R * s.M;
  const reduceOps = groups * W * (subgroup ? 2 * 5 * values + 3 * values * Math.log2(Math.max(1, W / 32)) + 20 : 4 * values * Math.log2(W) + 10 * Math.log2(W));
  // quantize_x 'registers': each thread quantizes the whole x block of every chunk it reads (L1 hits), once per workgroup
  const xPerChunk = int8 && config.quantize_x === 'registers';
  const quantizeOps = xPerGroup || xPerChunk ? groups * s.M * kPerGroup * 8 * (xPerChunk ? Math.max(1, 32 / elemsPerLoad) : 1) : 0;
  const computeMs = (elementOps + loopOps + reduceOps + quantizeOps) / (g.laneOpsPerNs * 1e6);
  // the int8 path quantizes x by a first dispatch unless every workgroup does it itself
  const dispatches = 1 + (S > 1 ? 1 : 0) + (int8 && (config.quantize_x ?? 'dispatch') === 'dispatch' ? 1 : 0);
  return combine(dramMs, l2Ms, computeMs) + dispatches * g.launchMs;
}

/** The estimate of one gemv config on one target, in ms (a prior for ranking, not a prediction to quote). */
export function estimateGemv(target: TargetName, params: Params, config: KnobConfig, host: HostHint = {}): number {
  switch (target) {
    case 'c':
    case 'avx2':
    case 'avx512':
    case 'neon':
      return estimateSimd(target, params, config, host);
    case 'rvv':
      return estimateRvv(params, config);
    case 'hvx':
      return estimateHvx(params, config);
    default:
      return estimateSimt(target, params, config);
  }
}
