/** The knobs of the RVV gemv lowering: LMUL, rows per iteration, dot path. */
import type { KnobConfig, KnobSpace, Params, WeightFormatName } from '@kforge/ir';
import { FORMATS } from '@kforge/ir';
import type { GemvRvvConfig } from './gemv.ts';
import { RVV_F32_LMULS, RVV_I8_LMULS } from './rules.ts';

const ROWS = [1, 2, 4, 8];
/** vector registers of RVV: accumulators, the x strip and one weight strip must fit */
const VECTOR_REGISTERS = 32;

function quantized(params: Params): boolean {
  return FORMATS[params.weight as WeightFormatName].kind !== 'dense';
}

export function gemvRvvDefaults(params: Params): GemvRvvConfig {
  return { lmul: 2, rows: 4, dot_path: quantized(params) ? 'int8' : 'float' };
}

export function gemvRvvKnobSpace(params: Params): KnobSpace {
  return {
    knobs: [
      { name: 'lmul', values: [...RVV_F32_LMULS], doc: 'register-group size (LMUL) of the f32 accumulators (float path) or of the i8 operands (int8 path)' },
      { name: 'rows', values: ROWS, doc: 'weight rows sharing each strip of x' },
      { name: 'dot_path', values: quantized(params) ? ['float', 'int8'] : ['float'], doc: 'float: dequantize to f32 and vfmacc; int8: x quantized per 32-block, vwmacc + vwredsum' },
    ],
    check: (config: KnobConfig) => checkGemvRvvConfig(config, params),
    defaults: gemvRvvDefaults(params) as unknown as KnobConfig,
  };
}

/** undefined when valid, else why not */
export function checkGemvRvvConfig(config: KnobConfig, params: Params): string | undefined {
  const { lmul, rows, dot_path: dotPath } = config as Partial<Record<string, unknown>>;
  if (!ROWS.includes(rows as number)) return `rows must be one of ${ROWS.join(', ')}`;
  if (dotPath !== 'float' && dotPath !== 'int8') return 'dot_path must be float or int8';
  if (dotPath === 'int8') {
    if (!quantized(params)) return `dot_path int8 needs a quantized weight format, not ${params.weight}`;
    // the i16 products take twice the i8 register group
    if (!(RVV_I8_LMULS as readonly number[]).includes(lmul as number)) return `lmul must be one of ${RVV_I8_LMULS.join(', ')} on the int8 path`;
  } else {
    if (!(RVV_F32_LMULS as readonly number[]).includes(lmul as number)) return `lmul must be one of ${RVV_F32_LMULS.join(', ')}`;
    if (((rows as number) + 2) * (lmul as number) > VECTOR_REGISTERS) return `rows + 2 register groups of LMUL ${lmul} exceed the ${VECTOR_REGISTERS} vector registers`;
  }
  return undefined;
}
