/**
 * moe on rvv (RVV 1.0, vector-length agnostic): the kernels of moe-pipeline.ts around gemv's RVV dot
 * tile (rvv/gemv.ts `rvvDotTile`: strip-mined `vfmacc` on the float path, `vwmacc` + `vwredsum` per
 * 32-block on the int8 path), with m_tile tokens of an expert sharing each loaded weight strip and gate
 * and up rows in one tile. Single-threaded as gemv on rvv: Debian has no riscv64 libomp for clang.
 */
import type { Kernel, KnobConfig, KnobSpace, ParamValue, Params } from '@kforge/ir';
import { FORMATS, InputError, getOp, let_, resolveParams, setvl } from '@kforge/ir';
import type { KernelArtifact } from '@kforge/target';
import { C_DIALECT } from '@kforge/codegen-core';
import { moeCpuArtifact, moeDims } from '../moe/artifact.ts';
import { renderKernels } from './attention-artifact.ts';
import { VLMAX_AVL, rvvDotTile } from './gemv.ts';
import { lowerMoePipeline, moeKernelStem, type MoeDims } from './moe-pipeline.ts';
import { RVV_F32_LMULS, RVV_I8_LMULS, RvvRules } from './rules.ts';

export interface MoeRvvConfig {
  readonly lmul: number;
  /** rows of I (gate and up: twice as many weight rows) or of H per tile */
  readonly rows: number;
  /** tokens of one expert sharing each loaded weight strip */
  readonly m_tile: number;
  readonly dot_path: 'float' | 'int8';
}

const ROWS = [1, 2, 4];
const M_TILES = [1, 2, 4];
const VECTOR_REGISTERS = 32;

const quantized = (d: MoeDims): boolean => FORMATS[d.format].kind !== 'dense';
const dims = (params: Params): MoeDims => moeDims(resolveParams(getOp('moe'), params));

export function moeRvvDefaults(params: Params): MoeRvvConfig {
  return { lmul: 2, rows: 2, m_tile: 2, dot_path: quantized(dims(params)) ? 'int8' : 'float' };
}

export function checkMoeRvvConfig(config: KnobConfig, params: Params): string | undefined {
  const { lmul, rows, m_tile: mt, dot_path: dot } = config as Partial<Record<string, unknown>>;
  if (!ROWS.includes(rows as number)) return `rows must be one of ${ROWS.join(', ')}`;
  if (!M_TILES.includes(mt as number)) return `m_tile must be one of ${M_TILES.join(', ')}`;
  if (dot !== 'float' && dot !== 'int8') return 'dot_path must be float or int8';
  if (dot === 'int8') {
    if (!quantized(dims(params))) return `dot_path int8 needs a quantized weight format, not ${params.weight}`;
    if (!(RVV_I8_LMULS as readonly number[]).includes(lmul as number)) return `lmul must be one of ${RVV_I8_LMULS.join(', ')} on the int8 path`;
    // the tokens' i8 strips (low and high halves), a weight strip and the i16 products
    if ((2 * (mt as number) + 4) * (lmul as number) > VECTOR_REGISTERS) return `m_tile ${mt} at LMUL ${lmul} exceeds the ${VECTOR_REGISTERS} vector registers on the int8 path`;
  } else {
    if (!(RVV_F32_LMULS as readonly number[]).includes(lmul as number)) return `lmul must be one of ${RVV_F32_LMULS.join(', ')}`;
    // gate and up: 2 * rows * m_tile accumulators, the tokens' x strips and a weight strip
    const groups = 2 * (rows as number) * (mt as number) + (mt as number) + 1;
    if (groups * (lmul as number) > VECTOR_REGISTERS) return `${groups} register groups of LMUL ${lmul} exceed the ${VECTOR_REGISTERS} vector registers`;
  }
  return undefined;
}

export function moeRvvKnobSpace(params: Params): KnobSpace {
  const q = quantized(dims(params));
  return {
    knobs: [
      { name: 'lmul', values: [...RVV_F32_LMULS], doc: 'register-group size of the f32 accumulators (float path) or of the i8 operands (int8 path)' },
      { name: 'rows', values: ROWS, doc: 'rows of I (gate and up together) or of H per tile' },
      { name: 'm_tile', values: M_TILES, doc: "tokens of one expert sharing each loaded weight strip" },
      { name: 'dot_path', values: q ? ['float', 'int8'] : ['float'], doc: 'float: dequantize to f32 and vfmacc; int8: x and hidden quantized per 32-block, vwmacc + vwredsum' },
    ],
    check: (config: KnobConfig) => checkMoeRvvConfig(config, params),
    defaults: moeRvvDefaults(params) as unknown as KnobConfig,
  };
}

function resolve(params: Params, config?: Readonly<Record<string, ParamValue>>): MoeRvvConfig {
  const full = { ...moeRvvDefaults(params), ...(config ?? {}) } as MoeRvvConfig;
  const why = checkMoeRvvConfig(full as unknown as KnobConfig, params);
  if (why) throw new InputError(`moe rvv config ${JSON.stringify(config ?? {})}: ${why}`);
  return full;
}

/** The lowered kernels, their scratch and source (golden tests, inspection). */
export function moeRvvKernels(params: Params, config?: Readonly<Record<string, ParamValue>>) {
  const full = resolve(params, config);
  const d = dims(params);
  const pipeline = lowerMoePipeline(d, full, {
    name: moeKernelStem(d, 'rvv', `m${full.lmul}_r${full.rows}_t${full.m_tile}_${full.dot_path}`),
    prologue: [let_('vlmax', 'i32', setvl(VLMAX_AVL, 'f32', full.lmul))],
    tile: (spec) => rvvDotTile({ ...spec, lmul: full.lmul }),
  });
  const kernels: Kernel[] = pipeline.kernels;
  return { ...pipeline, full, source: renderKernels(kernels, { ...C_DIALECT, isa: RvvRules }) };
}

export function emitMoeRvv(params: Params, config: Readonly<Record<string, ParamValue>>): KernelArtifact {
  const resolved = resolveParams(getOp('moe'), params);
  const { kernels, scratch, arithmetic, full, source } = moeRvvKernels(resolved, config);
  return moeCpuArtifact('rvv', resolved, full as unknown as Record<string, ParamValue>, {
    kernels, files: { [`${kernels[0]!.name.replace(/_route$/, '')}.c`]: source }, scratch, threads: 1, arithmetic,
  });
}
