/** The knobs of the HVX gemv lowering: rows per iteration and dot path (int8 vrmpy, or float on the scalar core). */
import type { KnobConfig, KnobSpace, Params, WeightFormatName } from '@kforge/ir';
import { FORMATS } from '@kforge/ir';
import type { GemvHvxConfig } from './gemv.ts';

const ROWS = [1, 2, 4, 8];

function quantized(params: Params): boolean {
  return FORMATS[params.weight as WeightFormatName].kind !== 'dense';
}

export function gemvHvxDefaults(params: Params): GemvHvxConfig {
  return { rows: 4, dot_path: quantized(params) ? 'int8' : 'float' };
}

export function gemvHvxKnobSpace(params: Params): KnobSpace {
  return {
    knobs: [
      { name: 'rows', values: ROWS, doc: 'weight rows per iteration (each x vector is loaded once for all)' },
      { name: 'dot_path', values: quantized(params) ? ['float', 'int8'] : ['float'], doc: 'int8: x quantized per 32-block, vrmpy on HVX; float: scalar core (float HVX needs v68+)' },
    ],
    check: (config: KnobConfig) => checkGemvHvxConfig(config, params),
    defaults: gemvHvxDefaults(params) as unknown as KnobConfig,
  };
}

export function checkGemvHvxConfig(config: KnobConfig, params: Params): string | undefined {
  const { rows, dot_path: dotPath } = config as Partial<Record<string, unknown>>;
  if (!ROWS.includes(rows as number)) return `rows must be one of ${ROWS.join(', ')}`;
  if (dotPath !== 'float' && dotPath !== 'int8') return 'dot_path must be float or int8';
  if (dotPath === 'int8' && !quantized(params)) return `dot_path int8 needs a quantized weight format, not ${params.weight}`;
  return undefined;
}
