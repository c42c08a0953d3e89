/** Every operator kforge knows, by name: the one list that commands, verify, tune and bench read. */
import { InputError } from '../errors.ts';
import type { OpDef } from '../dsl/op.ts';
import { ATTENTION } from './attention.ts';
import { GATED_DELTA_RULE } from './gated-delta-rule.ts';
import { GEMV } from './gemv.ts';
import { MOE } from './moe.ts';

export const OPS: Readonly<Record<string, OpDef>> = {
  gemv: GEMV,
  attention: ATTENTION,
  gated_delta_rule: GATED_DELTA_RULE,
  moe: MOE,
};

export function getOp(name: string): OpDef {
  if (!Object.hasOwn(OPS, name)) throw new InputError(`unknown op '${name}' (known: ${Object.keys(OPS).join(', ')})`);
  return OPS[name]!;
}
