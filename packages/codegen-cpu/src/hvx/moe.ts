/**
 * moe on hvx (Hexagon v67, 128-byte HVX, integer vectors only), printed as freestanding C like gemv and
 * attention on hvx: the kernels of rvv/moe-pipeline.ts around gemv's vrmpy tile (hvx/gemv.ts
 * `hvxDotTile`) on the int8 path, x and hidden quantized per 32-block in scalar code; dense weights,
 * the float path and the router's logits on the scalar core (moe-scalar.ts), as gemv's float path.
 * m_tile tokens of an expert share each loaded vector of weight codes. Single-threaded.
 */
import type { KnobConfig, KnobSpace, ParamValue, Params } from '@kforge/ir';
import { FORMATS, InputError, getOp, resolveParams } from '@kforge/ir';
import type { KernelArtifact } from '@kforge/target';
import { moeCpuArtifact, moeDims } from '../moe/artifact.ts';
import { renderKernels } from '../rvv/attention-artifact.ts';
import { lowerMoePipeline, moeKernelStem, type MoeDims } from '../rvv/moe-pipeline.ts';
import { FREESTANDING_C_DIALECT } from './dialect.ts';
import { hvxDotTile } from './gemv.ts';
import { scalarDotTile } from './moe-scalar.ts';
import { HvxRules } from './rules.ts';

export interface MoeHvxConfig {
  /** rows of I (gate and up: twice as many weight rows) or of H per tile */
  readonly rows: number;
  /** tokens of one expert sharing each loaded vector of weight codes */
  readonly m_tile: number;
  readonly dot_path: 'float' | 'int8';
}

const ROWS = [1, 2, 4];
const M_TILES = [1, 2, 4];

const quantized = (d: MoeDims): boolean => FORMATS[d.format].kind !== 'dense';
const dims = (params: Params): MoeDims => moeDims(resolveParams(getOp('moe'), params));

export function moeHvxDefaults(params: Params): MoeHvxConfig {
  return { rows: 2, m_tile: 2, dot_path: quantized(dims(params)) ? 'int8' : 'float' };
}

export function checkMoeHvxConfig(config: KnobConfig, params: Params): string | undefined {
  const { rows, m_tile: mt, dot_path: dot } = config as Partial<Record<string, unknown>>;
  if (!ROWS.includes(rows as number)) return `rows must be one of ${ROWS.join(', ')}`;
  if (!M_TILES.includes(mt as number)) return `m_tile must be one of ${M_TILES.join(', ')}`;
  if (dot !== 'float' && dot !== 'int8') return 'dot_path must be float or int8';
  if (dot === 'int8' && !quantized(dims(params))) return `dot_path int8 needs a quantized weight format, not ${params.weight}`;
  return undefined;
}

export function moeHvxKnobSpace(params: Params): KnobSpace {
  const q = quantized(dims(params));
  return {
    knobs: [
      { name: 'rows', values: ROWS, doc: 'rows of I (gate and up together) or of H per tile' },
      { name: 'm_tile', values: M_TILES, doc: 'tokens of one expert sharing each loaded vector of weight codes' },
      { name: 'dot_path', values: q ? ['float', 'int8'] : ['float'], doc: 'int8: x and hidden quantized per 32-block, vrmpy on HVX; float: scalar core (float HVX needs v68+)' },
    ],
    check: (config: KnobConfig) => checkMoeHvxConfig(config, params),
    defaults: moeHvxDefaults(params) as unknown as KnobConfig,
  };
}

function resolve(params: Params, config?: Readonly<Record<string, ParamValue>>): MoeHvxConfig {
  const full = { ...moeHvxDefaults(params), ...(config ?? {}) } as MoeHvxConfig;
  const why = checkMoeHvxConfig(full as unknown as KnobConfig, params);
  if (why) throw new InputError(`moe hvx config ${JSON.stringify(config ?? {})}: ${why}`);
  return full;
}

/** The lowered kernels, their scratch and freestanding source (golden tests, inspection). */
export function moeHvxKernels(params: Params, config?: Readonly<Record<string, ParamValue>>) {
  const full = resolve(params, config);
  const d = dims(params);
  const pipeline = lowerMoePipeline(d, full, {
    name: moeKernelStem(d, 'hvx', `r${full.rows}_t${full.m_tile}_${full.dot_path}`),
    prologue: [],
    tile: (spec) => (spec.int8 ? hvxDotTile({ ...spec, rows: spec.rows.map((r) => ({ q: r.q!, n: r.n })) }) : scalarDotTile(spec)),
  });
  return { ...pipeline, full, source: renderKernels(pipeline.kernels, { ...FREESTANDING_C_DIALECT, isa: HvxRules }) };
}

export function emitMoeHvx(params: Params, config: Readonly<Record<string, ParamValue>>): KernelArtifact {
  const resolved = resolveParams(getOp('moe'), params);
  const { kernels, scratch, arithmetic, full, source } = moeHvxKernels(resolved, config);
  // single-threaded: a freestanding Hexagon program has no threads
  return moeCpuArtifact('hvx', resolved, full as unknown as Record<string, ParamValue>, {
    kernels, files: { [`${kernels[0]!.name.replace(/_route$/, '')}.c`]: source }, scratch, threads: 1, arithmetic,
  });
}
