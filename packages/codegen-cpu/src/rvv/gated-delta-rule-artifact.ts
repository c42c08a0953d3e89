/** The shape of a gated_delta_rule lowering that keeps its own loop skeleton (RVV, HVX): the compiled-in params resolved. */
import type { Params } from '@kforge/ir';
import { getOp, resolveParams } from '@kforge/ir';

/** gated_delta_rule's compiled-in params with every default filled in */
export interface GdrShape {
  readonly Hk: number;
  readonly Hv: number;
  readonly Dk: number;
  readonly Dv: number;
  readonly scale: number;
  readonly l2norm: boolean;
}

export function gdrShape(raw: Params): { params: Params; shape: GdrShape } {
  const params = resolveParams(getOp('gated_delta_rule'), raw);
  const n = (k: string): number => Number(params[k]);
  return { params, shape: { Hk: n('Hk'), Hv: n('Hv'), Dk: n('Dk'), Dv: n('Dv'), scale: n('scale'), l2norm: !!params.l2norm } };
}
