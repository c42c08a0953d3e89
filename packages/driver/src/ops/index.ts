/** The per-op hooks registry: one line per op (hooks.ts says what a hook is). */
import { InputError } from '@kforge/ir';
import { ATTENTION_HOOKS } from './attention.ts';
import { GATED_DELTA_RULE_HOOKS } from './gated-delta-rule.ts';
import { GEMV_HOOKS } from './gemv.ts';
import { MOE_HOOKS } from './moe.ts';
import type { OpHooks } from './hooks.ts';

export * from './hooks.ts';

export const OP_HOOKS: Readonly<Record<string, OpHooks>> = { gemv: GEMV_HOOKS, attention: ATTENTION_HOOKS, gated_delta_rule: GATED_DELTA_RULE_HOOKS, moe: MOE_HOOKS };

/** The op's hooks; an InputError naming the op and the hook the caller needs when it has none. */
export function opHooks(op: string, hook: Exclude<keyof OpHooks, 'seeded'>): OpHooks {
  const hooks = OP_HOOKS[op];
  if (!hooks) {
    throw new InputError(`op '${op}' has no ${hook} hook yet (per-op hooks: packages/driver/src/ops/<op>.ts; ops with hooks: ${Object.keys(OP_HOOKS).join(', ')})`);
  }
  return hooks;
}
