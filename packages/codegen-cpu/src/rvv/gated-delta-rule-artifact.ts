/** The resolved params and shape of a gated_delta_rule lowering that keeps its own loop skeleton (RVV, HVX). */
import type { Params } from '@kforge/ir';
import { GATED_DELTA_RULE, gatedDeltaRuleShape, resolveParams, type GatedDeltaRuleShape } from '@kforge/ir';

export type GdrShape = GatedDeltaRuleShape;

export function gdrShape(raw: Params): { params: Params; shape: GdrShape } {
  return { params: resolveParams(GATED_DELTA_RULE, raw), shape: gatedDeltaRuleShape(raw) };
}
