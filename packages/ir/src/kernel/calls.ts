/**
 * The helpers a kernel may `call`, with their types. verifyKernel rejects any other name and any call
 * whose argument or result types differ; each dialect spells these names (and throws on one it lacks),
 * so no name is ever printed verbatim. Types are `typeKey` spellings; `*` stands for any lane count, for
 * the helpers a CPU ISA table has at its own vector width.
 */
import type { Type } from './ir.ts';
import { typeKey } from './build.ts';

export interface CallSignature {
  readonly args: readonly string[];
  /** the type of any further arguments (variadic helpers) */
  readonly rest?: string;
  readonly result: string;
}

export const KNOWN_CALLS: Readonly<Record<string, CallSignature>> = {
  // GPU lowerings (codegen-gpu/src/gemv): u32 words of packed data
  /** the f16 in the low 16 bits of a word, widened */
  f16_to_f32: { args: ['u32'], result: 'f32' },
  /** c + the dot product of the signed bytes of a and b */
  dot4_i8: { args: ['u32', 'u32', 'i32'], result: 'i32' },
  /** low word of (hi:lo) >> n for 0 <= n <= 32 */
  funnel_shr: { args: ['u32', 'u32', 'u32'], result: 'u32' },
  /** the larger |x| of each f16 lane of two words */
  absmax_f16x2: { args: ['u32', 'u32'], result: 'u32' },
  /** CUDA: the int8 codes of a word's two f16 values scaled by id */
  f16x2_codes: { args: ['u32', 'f32'], result: 'u32' },
  /** CUDA: bytes of (b:a) picked by a selector */
  byte_perm: { args: ['u32', 'u32', 'u32'], result: 'u32' },
  /** the two f32 rounded to f16 (bf16), packed in a word: a in the low half (mma operands) */
  pack_f16x2: { args: ['f32', 'f32'], result: 'u32' },
  pack_bf16x2: { args: ['f32', 'f32'], result: 'u32' },
  /** 2^a */
  exp2: { args: ['f32'], result: 'f32' },
  // CPU ISA tables (codegen-cpu): rule keys `call.<name>:<result type>`
  /** a hint for `bytes` (the second argument) from the element the first argument loads (any buffer's element type) */
  kf_prefetch: { args: ['*', 'i32'], result: 'i32' },
  kf_nibbles_u8x32: { args: ['u8x16'], result: 'u8x32' },
  kf_pack_f16: { args: [], rest: '*', result: 'f16x*' },
  kf_dot_u4s8_x2: { args: ['*', '*', '*', '*'], result: 'i32x*' },
  kf_lane_per_half: { args: ['f32x*', 'i32'], result: 'f32x*' },
  /** as many vectors as lanes -> lane i holds the sum of the lanes of vector i (a transposing reduction) */
  kf_hsum_each: { args: [], rest: 'f32x*', result: 'f32x*' },
  kf_hvx_sum8: { args: ['i32x32'], result: 'i32x32' },
  /** two f32 vectors rounded to bf16, interleaved into 32-bit words: word i = (a_i low, b_i high) */
  kf_bf16_pairs: { args: ['f32x*', 'f32x*'], result: 'i32x*' },
  /** acc + per lane the dot product of the two bf16 pairs of b and c (the words of kf_bf16_pairs) */
  kf_dpbf16: { args: ['f32x*', 'i32x*', 'i32x*'], result: 'f32x*' },
  /**
   * attention's int8 p·v (q8_0 V): four key rows' codes (the u8 elements each row's q8_0 blocks start at)
   * interleaved so that 32-bit word e of the destination (the first i8 argument's address) holds byte e
   * of each of the four rows, and their block scales as f32 (the f32 argument, `stride` apart per block);
   * the i32 arguments: stride, blocks per row
   */
  kf_vquad_q8: { args: ['i8', 'f32', 'i32', 'i32', 'u8', 'u8', 'u8', 'u8'], result: 'i32' },
  /** the 4 bytes from the element the argument loads, broadcast as 32-bit words */
  kf_bcast4_u8: { args: ['u8'], result: 'u8x*' },
};

function matches(pattern: string, t: Type): boolean {
  if (pattern === '*') return true;
  const key = typeKey(t);
  return pattern.endsWith('x*') ? key.startsWith(pattern.slice(0, -1)) && /^\d+$/.test(key.slice(pattern.length - 1)) : key === pattern;
}

/** why a call of `fn` with these argument types and result type is not a known call, or undefined if it is */
export function callMismatch(fn: string, args: readonly Type[], result: Type): string | undefined {
  const sig = KNOWN_CALLS[fn];
  if (!sig) return `unknown call '${fn}' (known: ${Object.keys(KNOWN_CALLS).join(', ')})`;
  const want = (i: number): string | undefined => sig.args[i] ?? sig.rest;
  const shown = `${fn}(${args.map(typeKey).join(', ')}) -> ${typeKey(result)}`;
  const expected = `${fn}(${[...sig.args, ...(sig.rest ? [`${sig.rest}...`] : [])].join(', ')}) -> ${sig.result}`;
  if (args.length < sig.args.length || (!sig.rest && args.length > sig.args.length)) return `call ${shown}: takes ${expected}`;
  if (!args.every((t, i) => matches(want(i)!, t)) || !matches(sig.result, result)) return `call ${shown}: takes ${expected}`;
  return undefined;
}
