/**
 * An analytic estimate of a gemv config's time: a roofline prior for the model-guided tuner, not a
 * simulator. It knows what the lowerings know (the bytes each weight format moves, how the knobs
 * share loads, chain accumulators, occupy registers, split rows and K over threads and workgroups)
 * and a handful of nominal rates per target (a representative core or GPU of the class, below; cuda's
 * calibrated on recorded H200 sweeps), and nothing about the machine actually measured. Its job is to
 * rank configs sensibly before anything is measured; absolute values are order-of-magnitude only.
 * Times are in milliseconds.
 */
import { FORMATS, getOp, weightRowBytes, type KnobConfig, type Params, type WeightFormat, type WeightFormatName } from '@kforge/ir';
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

const rowBytes = (f: WeightFormat, K: number): number => weightRowBytes(f.name, K);

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
  /** workgroups one SM holds at once, however small */
  readonly maxBlocksPerSm: number;
  readonly registersPerSm: number;
  readonly dramGBps: number;
  /** warp schedulers per SM (each issues one warp instruction per cycle) and their clock */
  readonly schedulers: number;
  readonly clockGHz: number;
  /** a DRAM round trip under load: what each step of a thread's weight loads waits */
  readonly latencyNs: number;
  /** fixed cost of every dispatch: launch, first DRAM round trip, tail */
  readonly launchMs: number;
  /** the int8 path's x pre-pass (quantize_x 'dispatch'): a serial chain on a few SMs that the gemv waits for */
  readonly quantizeDispatchMs: number;
}

// cuda: the H200 as measured: 132 SMs of 4 schedulers (~1.75 GHz), 32 workgroups and 64K registers per
// SM; 4.2 TB/s is its copy bandwidth, and a pure read of 25 MB launched back to back reaches 82% of it, a
// fixed ~1.5 us of launch, first round trip and tail (docs/results/2026-11-30-h200-fma-rounding); the x pre-pass is a
// ~2.5 us chain (ncu, docs/results/2026-11-29-h200-sweeps). opencl/vulkan: a mid-range discrete GPU;
// wgsl: the same behind a browser's heavier dispatch; metal: an Apple M-class GPU (unified memory)
const DISCRETE_GPU: GpuRates = {
  sms: 40, maxThreadsPerSm: 1536, maxBlocksPerSm: 16, registersPerSm: 65536, dramGBps: 500, schedulers: 4, clockGHz: 1.5,
  latencyNs: 600, launchMs: 0.005, quantizeDispatchMs: 0.006,
};
const GPU_RATES: Readonly<Record<'cuda' | 'opencl' | 'vulkan' | 'wgsl' | 'metal', GpuRates>> = {
  cuda: {
    sms: 132, maxThreadsPerSm: 2048, maxBlocksPerSm: 32, registersPerSm: 65536, dramGBps: 4200, schedulers: 4, clockGHz: 1.75,
    latencyNs: 800, launchMs: 0.0015, quantizeDispatchMs: 0.0025,
  },
  opencl: DISCRETE_GPU,
  vulkan: DISCRETE_GPU,
  wgsl: { ...DISCRETE_GPU, launchMs: 0.02, quantizeDispatchMs: 0.021 },
  metal: {
    sms: 10, maxThreadsPerSm: 1024, maxBlocksPerSm: 16, registersPerSm: 65536, dramGBps: 120, schedulers: 4, clockGHz: 1,
    latencyNs: 500, launchMs: 0.01, quantizeDispatchMs: 0.011,
  },
};

/**
 * Instructions of the SIMT lowering (gemv/lower-simt.ts) per thread, from the H200's int8 kernels (ncu,
 * docs/results/2026-11-30-h200-fma-rounding): x quantized in registers ~90 per 32-value block (~150 before the
 * f16x2 codes took 64 SASS instructions off it: docs/results/2026-11-30-h200-f16x2-codes); a row's
 * int8 work ~30 per 32 weights: a fixed part per chunk (scale, conversions, fma), a mask or shift per
 * 4-bit code (3 per word of 8) and a dp4a per 4 codes and x row; a warp reduction ~10 per row (+ its
 * store). A load counts twice (its address and the load); a loop step and a thread's setup a few more.
 */
const SIMT_OPS = { quantizeBlock: 90, chunk: 10, unpackNibble: 3 / 8, reduceValue: 12, loadIssue: 2, step: 6, thread: 20 };
/**
 * Issue: the 25 MB int8 kernels issue 0.58 warp instructions per scheduler and cycle (ncu), of which the
 * counts above cover about two thirds; alone on its scheduler a warp waits ~4 cycles per instruction
 * (dependent arithmetic).
 */
const ISSUE_EFFICIENCY = 0.4;
const WARP_CPI = 4;
/**
 * nvcc unrolls a loop whose body is short (here: under ~100 instructions) up to 4 times and issues the
 * loads of those iterations together: on the H200, f16 4096x4096 with 32 lanes of 4-byte loads (32 steps
 * a thread) ran at 1.2x the best, not the ~3x one DRAM round trip per step would cost.
 */
const COMPILER_UNROLL = { bodyOps: 100, max: 4 };

/** load instructions of one chunk of one row (gemv/weight-chunks.ts) */
function chunkLoads(f: WeightFormat, vw: number): number {
  if (f.kind === 'dense') return Math.ceil(vw / 16);
  // planar: the codes, then the scale and min of the group
  if (f.kind === 'planar') return Math.ceil(vw / 16) + 2;
  const header = f.minOffset === null ? 1 : 2;
  if (f.bytes % 4 === 0) return Math.ceil(vw / 16) + header;
  // 2-aligned blocks (q4_0, q8_0): one word more than the codes for the funnel shifts; a whole block's
  // words hold its header too
  return (f.block * f.bits) / 8 === vw ? vw / 4 + 1 : vw / 4 + 1 + header;
}

/**
 * A gemv on a GPU: the slowest of three bounds (softly combined), plus fixed costs per dispatch.
 * - DRAM: the bytes at the copy bandwidth, stretched by wave quantization;
 * - issue: every warp's instructions over all the schedulers;
 * - latency: one workgroup's path (a DRAM round trip per step of loads, its own instructions one after
 *   another, the reduction) times the workgroups queued on each slot; registers and the workgroup size
 *   decide the slots.
 * Calibrated on the H200 sweeps of docs/results/2026-11-30-h200-quantize-x and 2026-11-30-h200-fma-rounding
 * (rank correlation checked in estimate.test.ts).
 */
function estimateSimt(target: keyof typeof GPU_RATES, params: Params, config: KnobConfig): number {
  const s = shapeOf(params);
  const g = GPU_RATES[target];
  const R = Number(config.rows_per_block ?? 1);
  const W = Number(config.workgroup_size ?? 64);
  const vw = Number(config.vector_width ?? 4);
  const U = Number(config.k_unroll ?? 1);
  const S = Number(config.split_k ?? 1);
  const subgroup = config.subgroup_reduce === true;
  const int8 = config.dot_path === 'int8' && s.f.kind !== 'dense';
  const quantizeX = int8 ? String(config.quantize_x ?? 'dispatch') : undefined;
  const elems = s.f.kind === 'dense' ? vw / s.f.elemBytes : (vw * 8) / s.f.bits;
  const groups = Math.ceil(s.N / R) * S;
  // a workgroup's chunks of each row; lanes past them only join the reduction
  const chunks = s.K / S / elems;
  const lanes = Math.min(W, chunks);
  // the K loop: whole steps of k_unroll chunks per lane, then single chunks
  const unrolled = Math.floor(chunks / (W * U));
  const steps = unrolled + Math.ceil((chunks - unrolled * W * U) / W);

  // instructions per thread: per chunk, each row's loads and arithmetic and the x values they share
  // (float: converted per element; int8: the pre-pass's words, or the whole x block quantized in
  // registers for every chunk, also a chunk narrower than the block)
  const loads = SIMT_OPS.loadIssue * chunkLoads(s.f, vw);
  const xConvert = s.M * elems * (s.actBytes === 2 ? 1 : 0.5);
  let rowOps: number;
  let xOps: number;
  if (s.f.kind === 'dense') {
    rowOps = 2 + loads + elems * ((s.f.name === 'f32' ? 0 : 1) + s.M);
    xOps = xConvert;
  } else if (int8) {
    rowOps = SIMT_OPS.chunk + loads + elems * ((s.f.bits === 4 ? SIMT_OPS.unpackNibble : 0) + s.M / 4);
    xOps = quantizeX === 'registers' ? s.M * (SIMT_OPS.quantizeBlock + Math.max(0, XBLOCK - elems) / 4) : s.M * (elems / 16 + 4);
  } else {
    // float path: each code decoded (mask, magic-number subtract) and one fma per x row
    rowOps = SIMT_OPS.chunk + loads + elems * (2 + s.M);
    xOps = xConvert;
  }
  const values = R * s.M;
  const reduceOps = subgroup ? values * SIMT_OPS.reduceValue : 4 * values * Math.log2(W);
  // quantize_x 'workgroup': every thread quantizes its share of all of x before the K loop
  const prologueOps = quantizeX === 'workgroup' ? Math.ceil((s.M * s.K) / XBLOCK / W) * SIMT_OPS.quantizeBlock : 0;
  const laneOps = (chunks / lanes) * (R * rowOps + xOps) + steps * SIMT_OPS.step;
  const warps = W / 32;
  const warpOps = (Math.ceil(lanes / 32) * laneOps) / warps + reduceOps + prologueOps + SIMT_OPS.thread;

  // registers (base + accumulators + the words loaded for k_unroll chunks of every row + x) decide, with
  // the workgroup size, how many workgroups an SM holds
  const xRegs = int8 ? s.M * (quantizeX === 'registers' ? XBLOCK + 8 : elems / 4 + 2) : (s.M * elems * s.actBytes) / 4;
  const regs = Math.min(255, 16 + values + U * R * (Math.ceil(vw / 4) + (s.f.kind === 'dense' ? 0 : 1)) + xRegs);
  const perSm = Math.max(1, Math.min(g.maxBlocksPerSm, Math.floor(g.maxThreadsPerSm / W), Math.floor(g.registersPerSm / (Math.ceil(regs / 8) * 8 * W))));
  const waves = groups / (g.sms * perSm);

  const cycleNs = 1 / g.clockGHz;
  const issueNs = (groups * warps * warpOps) / (g.sms * g.schedulers * g.clockGHz * ISSUE_EFFICIENCY);
  // one workgroup's path: a round trip per step of loads (the compiler's unrolling of short bodies
  // overlaps several), its own instructions, the reduction (shuffles; past one warp a barrier and a
  // serial sum of the warps' partials; without shuffles a shared-memory tree with a barrier per level)
  const stepOps = laneOps / Math.max(1, steps);
  const overlap = Math.max(1, Math.min(COMPILER_UNROLL.max, steps, Math.floor(COMPILER_UNROLL.bodyOps / stepOps)));
  const reduceCycles = subgroup ? 30 * Math.log2(Math.min(W, 32)) + (W > 32 ? 100 + 30 * warps : 0) : 90 * Math.log2(W);
  // quantize_x 'workgroup': x read, quantized and a barrier before the first weight load
  const prologueNs = quantizeX === 'workgroup' ? g.latencyNs + (prologueOps * WARP_CPI + 100) * cycleNs : 0;
  const pathNs = Math.ceil(steps / overlap) * g.latencyNs + ((warpOps - prologueOps) * WARP_CPI + reduceCycles) * cycleNs + prologueNs;
  // a grid smaller than the device still takes one workgroup's path; beyond, workgroups queue behind
  // it (whole waves here ranked the H200 records worse: workgroup times vary)
  const latencyNs = Math.max(1, waves) * pathNs;

  // split-K writes partial sums and a second dispatch reads them back. The stream runs at full bandwidth
  // only while the workgroup slots of every SM are filled: a grid smaller than the slots, or a last
  // partial wave, streams at that fraction (wave quantization)
  const partialBytes = S > 1 ? 2 * s.M * s.N * S * 4 : 0;
  const dramNs = ((compulsoryBytes(s) + partialBytes) / g.dramGBps) * (Math.ceil(waves) / waves);
  // fixed: a launch per dispatch, the x pre-pass, or the first wave's x quantization ('workgroup': it
  // sits in front of every workgroup's first weight load, so nothing streams until it is done)
  const fixedMs = g.launchMs * (S > 1 ? 2 : 1) + (quantizeX === 'dispatch' ? g.quantizeDispatchMs : prologueNs / 1e6);
  // dependent launch (CUDA): the launch overlaps the previous launch's tail, about a third of the
  // fixed cost on a grid of a few waves (H200: -0.35 to -0.76 us at 1 to 3 waves), but past that the
  // next grid's early workgroups take slots this one still needs (+0.8 to +1.1 us at 9 waves;
  // docs/results/2026-11-30-h200-dependent-launch)
  const overlapMs = config.dependent_launch === true ? (waves <= 4 ? -g.launchMs / 3 : (2 * g.launchMs) / 3) : 0;
  return combine(dramNs, issueNs, latencyNs) / 1e6 + fixedMs + overlapMs;
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

const SIMT_TARGETS: ReadonlySet<TargetName> = new Set(['cuda', 'opencl', 'vulkan', 'wgsl', 'metal']);

/**
 * attention: a roofline of the lowerings' structure. Work items (CPU) or workgroups (GPU) are the
 * (b, kv head) pairs times query tiles of `block_q` rows of the kv group times `kv_splits`; K and V
 * are read once per query tile (the group shares them), q and o once; the arithmetic is the op's
 * flops plus one exp per visible score. Items are spread over the threads or SMs in whole waves, a
 * split adds its partials' traffic and a combine pass, and tiles of `block_kv` keys cost a fixed
 * online-softmax rescale of the tile's rows.
 */
export function estimateAttention(target: TargetName, params: Params, config: KnobConfig, host: HostHint = {}): number {
  const [B, Hq, Hkv, Sq, Skv, D, Dv] = ['B', 'Hq', 'Hkv', 'Sq', 'Skv', 'D', 'Dv'].map((n) => Number(params[n]));
  const rows = (Hq! / Hkv!) * Sq!;
  const blockQ = Math.min(Number(config.block_q ?? 1), rows);
  const blockKv = Number(config.block_kv ?? 64);
  const splits = Number(config.kv_splits ?? 1);
  const tiles = Math.ceil(rows / blockQ);
  const items = B! * Hkv! * tiles * splits;
  const kvBytes = FORMATS[params.kv as WeightFormatName].kind === 'dense' ? (params.kv === 'f32' ? 4 : 2) : 34 / 32;
  const bytes = B! * Hkv! * tiles * Skv! * (D! + Dv!) * kvBytes + B! * Hq! * Sq! * (D! + Dv!) * 4 + (splits > 1 ? B! * Hq! * Sq! * splits * (Dv! + 2) * 8 : 0);
  // scores computed: a causal prefill sees about half of the keys
  const scores = (B! * Hq! * Sq! * Skv!) / (params.causal && Sq! > 1 ? 2 : 1);
  const flops = 2 * scores * (D! + Dv!) + 20 * scores + B! * Hq! * Sq! * Math.ceil(Skv! / blockKv) * (Dv! + 8);
  if (SIMT_TARGETS.has(target)) {
    const r = GPU_RATES[target as keyof typeof GPU_RATES];
    const tensor = config.mma === 'tensor_core' ? 8 : 1;
    const perSm = Math.max(1, Math.floor(r.maxThreadsPerSm / Math.max(32, Number(config.workgroup_size ?? 128))));
    const waves = Math.ceil(items / (r.sms * Math.min(perSm, r.maxBlocksPerSm)));
    const fill = Math.min(1, items / (r.sms * 2));
    const flopsPerMs = r.sms * r.schedulers * 32 * 2 * r.clockGHz * 1e6 * tensor;
    return combine(bytes / (r.dramGBps * 1e6 * Math.max(0.05, fill)), (flops / flopsPerMs) * Math.max(1, waves * r.sms * 2 / Math.max(1, items))) + r.launchMs * (splits > 1 ? 2 : 1);
  }
  const simd = target === 'rvv' || target === 'hvx' ? { lanes: target === 'rvv' ? 8 : 1, opsPerNs: 4, threadGBps: 8, socketGBps: 20 } : CPU_RATES[target as keyof typeof CPU_RATES];
  const { threads, oversubscribed } = target === 'rvv' || target === 'hvx' ? { threads: 1, oversubscribed: 1 } : threadsOf(config, host);
  const waves = Math.ceil(items / threads) / (items / threads);
  const computeMs = flops / (simd.lanes * simd.opsPerNs * 1e6 * threads) * waves;
  const memoryMs = bytes / (Math.min(simd.threadGBps * threads, simd.socketGBps) * 1e6);
  return combine(computeMs, memoryMs) * oversubscribed;
}

/**
 * gated_delta_rule: work items are (batch, value head, block of block_v state columns); each reads and
 * writes its state block once and reads q and k of its head for every token (shared by the column blocks
 * of a head only through the caches). The recurrent form costs about 8 Dk Dv flops per token and head at
 * half the FMA rate (each step's loads and stores of the state block bound it); the chunked form about
 * 6 Dk Dv per token plus chunk (Dk + Dv) of intra-chunk products and chunk^2 / 3 of the solve, as matrix
 * products near the FMA rate (at 16 rows or more: a short chunk, or a short T, loses the register
 * blocking). Items are spread over threads or SMs in whole waves.
 */
export function estimateGatedDeltaRule(target: TargetName, params: Params, config: KnobConfig, host: HostHint = {}): number {
  const [B, T, Hv, Dk, Dv] = ['B', 'T', 'Hv', 'Dk', 'Dv'].map((n) => Number(params[n])) as [number, number, number, number, number];
  const blockV = Math.min(Dv, Number(config.block_v ?? Dv));
  const items = B * Hv * Math.ceil(Dv / blockV);
  const chunked = config.variant === 'chunked';
  const chunk = Math.min(T, Number(config.chunk ?? 64));
  const bytes = 2 * B * Hv * Dk * Dv * 4 + items * T * 2 * Dk * 4 + B * T * Hv * (2 * Dv + 2) * 4;
  const perToken = chunked ? 6 * Dk * Dv + chunk * (Dk + Dv) * 2 + (chunk * chunk) / 3 : 8 * Dk * Dv;
  const flops = B * T * Hv * perToken;
  // the chunk's products are chunk rows deep: below 16 rows they lose their register blocking
  const efficiency = chunked ? 0.8 * Math.min(1, chunk / 16) : 0.5;
  if (SIMT_TARGETS.has(target)) {
    const r = GPU_RATES[target as keyof typeof GPU_RATES];
    const perSm = Math.max(1, Math.floor(r.maxThreadsPerSm / Math.max(32, Number(config.workgroup_size ?? 128))));
    const waves = Math.ceil(items / (r.sms * Math.min(perSm, r.maxBlocksPerSm)));
    const fill = Math.min(1, items / (r.sms * 2));
    const flopsPerMs = r.sms * r.schedulers * 32 * 2 * r.clockGHz * 1e6 * efficiency;
    return combine(bytes / (r.dramGBps * 1e6 * Math.max(0.05, fill)), (flops / flopsPerMs) * Math.max(1, waves * r.sms * 2 / Math.max(1, items))) + r.launchMs * (chunked ? 2 : 1);
  }
  const simd = target === 'rvv' || target === 'hvx' ? { lanes: target === 'rvv' ? 8 : 1, opsPerNs: 4, threadGBps: 8, socketGBps: 20 } : CPU_RATES[target as keyof typeof CPU_RATES];
  const { threads, oversubscribed } = target === 'rvv' || target === 'hvx' ? { threads: 1, oversubscribed: 1 } : threadsOf(config, host);
  const waves = Math.ceil(items / threads) / (items / threads);
  const computeMs = flops / (simd.lanes * simd.opsPerNs * efficiency * 1e6 * Math.min(threads, items)) * waves;
  const memoryMs = bytes / (Math.min(simd.threadGBps * threads, simd.socketGBps) * 1e6);
  return combine(computeMs, memoryMs) * oversubscribed;
}

/**
 * moe: a roofline over the experts the routing is expected to touch. With uniform routing a token set of
 * T picks about E (1 - (1 - topk/E)^T) distinct experts, each read once (gate, up, down) for all its tokens;
 * the router, x and y are read or written once. The arithmetic is the op's flops; tokens of an expert share
 * each weight load (and its unpacking) `m_tile` at a time, so below m_tile tokens per expert a tile is partly
 * empty, and the int8 path's dot products run at the dot rate. Work items are (active expert, row block) pairs over the threads or
 * workgroups.
 */
export function estimateMoe(target: TargetName, params: Params, config: KnobConfig, host: HostHint = {}): number {
  const [T, H, I, E, topk] = ['T', 'H', 'I', 'E', 'topk'].map((n) => Number(params[n])) as [number, number, number, number, number];
  const f = FORMATS[String(params.weight ?? 'f32') as WeightFormatName];
  const active = E * (1 - (1 - topk / E) ** T);
  const expertBytes = 2 * I * rowBytes(f, H) + H * rowBytes(f, I);
  const bytes = active * expertBytes + (params.routing === 'router' ? E * H * 4 : T * topk * 8) + 2 * T * H * 4 + T * topk * (I + H) * 8;
  const perExpert = (T * topk) / active;
  const mTile = Math.max(1, Number(config.m_tile ?? 1));
  // a tile of m_tile tokens costs as much as a full one
  const fill = perExpert / (Math.ceil(perExpert / mTile) * mTile);
  const flops = getOp('moe').flops(params) / Math.max(0.05, fill);
  const rows = Math.max(1, Number(config.rows ?? 16));
  const items = active * (Math.ceil(I / rows) + Math.ceil(H / rows));
  if (SIMT_TARGETS.has(target)) {
    const r = GPU_RATES[target as keyof typeof GPU_RATES];
    const spread = Math.min(1, items / (r.sms * 2));
    const flopsPerMs = r.sms * r.schedulers * 32 * 2 * r.clockGHz * 1e6 * 0.5;
    // route, group, gate/up, down, combine
    return combine(bytes / (r.dramGBps * 1e6 * Math.max(0.05, spread)), flops / flopsPerMs) + 5 * r.launchMs;
  }
  const simd = target === 'rvv' || target === 'hvx' ? { lanes: target === 'rvv' ? 8 : 1, opsPerNs: 4, threadGBps: 8, socketGBps: 20 } : CPU_RATES[target as keyof typeof CPU_RATES];
  const { threads, oversubscribed } = target === 'rvv' || target === 'hvx' ? { threads: 1, oversubscribed: 1 } : threadsOf(config, host);
  const waves = Math.ceil(items / threads) / (items / threads);
  // an FMA is 2 flops a lane; an int8 dot 4 multiply-adds a lane; unpacking a weight vector costs about one op,
  // shared by the m_tile tokens that use it
  const perOp = 2 * simd.lanes * (config.dot_path === 'int8' ? 4 : 1) * (mTile / (mTile + 1));
  const computeMs = flops / (perOp * simd.opsPerNs * 1e6 * threads) * waves;
  const memoryMs = bytes / (Math.min(simd.threadGBps * threads, simd.socketGBps) * 1e6) * waves;
  return combine(computeMs, memoryMs) * oversubscribed;
}
