/**
 * How one GPU lane reads one "chunk" of a weight row: a run of bytes it loads with one (up to
 * 16-byte) access and the K positions those bytes hold. Everything here is derived from the format
 * description in FORMATS (block size, bytes, offsets, bits, nibble order, signedness, zero, min):
 * no format is named.
 *
 * GPU languages without 8/16-bit storage see every non-f32 buffer as u32 words (artifact.ts), so the
 * reads below are word loads; a block whose header makes its codes only 2-byte aligned (q4_0, q8_0)
 * is read with a funnel shift of neighbouring words.
 */
import type { Expr, SizeExpr, Stmt, WeightFormat, WeightFormatName } from '@kforge/ir';
import {
  FORMATS, add, and, bitcast, c, call, cast, div, lane, let_, load, mul, rem, shl, shr, size, sub, v, vec, xor,
} from '@kforge/ir';

/** A run of consecutive K positions; the chunk's element values come in the order of its runs. */
export interface KRun {
  readonly k: Expr;
  readonly len: number;
}

/** What one lane has for one row after reading chunk `c`. */
export interface WeightChunk {
  readonly stmts: Stmt[];
  /**
   * per element: the weight (dense) or `(code - zero) · 2^shifts[e]` (quantized; the power of two,
   * the scale and the min are applied per chunk)
   */
  readonly values: Expr[];
  readonly shifts: number[];
  /** quantized formats: the block/group scale and min (null: none) */
  readonly scale: Expr | null;
  readonly min: Expr | null;
  /** the raw code words (chunk bytes 4j .. 4j+3 in word j), for the integer dot path (`int8Pairs`) */
  readonly codeWords: Expr[];
}

/**
 * One 4-way int8 dot product of the integer path: `code` holds four codes as signed bytes (nibbles
 * masked out of a code word, or the bytes of an 8-bit word) and pairs with x word `word` (in u32
 * words, x quantized in `int8XElement` order) counted from the start of run `run` of the chunk.
 */
export interface Int8Pair {
  readonly code: Expr;
  readonly run: number;
  readonly word: number;
}

export interface ChunkLayout {
  readonly format: WeightFormat;
  /** weight bytes one lane loads per chunk */
  readonly chunkBytes: number;
  readonly elems: number;
  readonly hasMin: boolean;
  /** element type of the W buffer in the kernel (f32 for dense f32, else u32 words) */
  readonly wordElem: 'f32' | 'u32';
  chunksPerRow(K: Expr): Expr;
  runs(chunk: Expr): KRun[];
  read(chunk: Expr, row: Expr, K: Expr, tag: string): WeightChunk;
  /** quantized formats: the chunk's codes as packed signed bytes, each with the x word it multiplies */
  int8Pairs(codeWords: readonly Expr[]): Int8Pair[];
}

const U32 = 'u32';
const F32 = 'f32';

/** f16 bits held in the low half of a u32 -> f32 (dialects map the call to a hardware conversion) */
export function f16ToF32(bits: Expr): Expr {
  return call('f16_to_f32', [bits], F32);
}

/** the 16-bit element `index` of a u32-viewed buffer, in the low half of a u32 */
export function u16At(buffer: string, index: Expr): Expr {
  const word = load(buffer, shr(index, 1), U32);
  return and(shr(word, cast(mul(and(index, 1), 16), U32)), c.u32(0xffff));
}

/** the low word of the 64 bits (hi:lo) shifted right by n, 0 <= n <= 32 (one SHF on CUDA) */
function funnelShr(lo: Expr, hi: Expr, n: Expr): Expr {
  return call('funnel_shr', [lo, hi, n], U32);
}

/**
 * words 0..n-1 of a buffer starting at word `at`: vector loads of up to 4 when allowed and `at` is a
 * multiple of their lane count (`alignWords`: the largest power of two `at` is known to be a multiple
 * of; CUDA and Metal fault on a misaligned uint2/uint4), else one by one
 */
export function loadWords(
  buffer: string, at: Expr, n: number, elem: 'f32' | 'u32', name: string, stmts: Stmt[], vectorLoads: boolean, alignWords = 4,
): Expr[] {
  const width = Math.min(4, alignWords);
  if (!vectorLoads || width === 1) {
    return Array.from({ length: n }, (_, i) => {
      stmts.push(let_(`${name}${i}`, elem, load(buffer, i ? add(at, i) : at, elem)));
      return v(`${name}${i}`, elem);
    });
  }
  if (n === 1) {
    stmts.push(let_(name, elem, load(buffer, at, elem)));
    return [v(name, elem)];
  }
  const out: Expr[] = [];
  for (let i = 0; i < n; i += width) {
    const lanes = Math.min(width, n - i);
    const t = vec(elem, lanes);
    const partName = n > width ? `${name}_${i / width}` : name;
    stmts.push(let_(partName, t, load(buffer, i ? add(at, i) : at, t)));
    for (let l = 0; l < lanes; l++) out.push(lane(v(partName, t), l));
  }
  return out;
}

/**
 * n consecutive u32 words starting at byte offset `byteOff`, which is a multiple of 2: n + 1 word
 * loads and a funnel shift by 0 or 16 bits. The last word is clamped so that an offset that happens
 * to be 4-aligned never reads past the row.
 */
function wordsAt2(buffer: string, byteOff: Expr, n: number, name: string, stmts: Stmt[]): Expr[] {
  const base = `${name}_w`;
  const shift = `${name}_s`;
  stmts.push(let_(`${base}0`, 'i32', shr(byteOff, 2)));
  stmts.push(let_(shift, U32, cast(mul(and(byteOff, 2), 8), U32)));
  const raw: Expr[] = [];
  for (let j = 0; j < n; j++) raw.push(load(buffer, add(v(`${base}0`, 'i32'), j), U32));
  raw.push(load(buffer, add(shr(add(byteOff, 2), 2), n - 1), U32));
  raw.forEach((w, j) => stmts.push(let_(`${name}_r${j}`, U32, w)));
  const out: Expr[] = [];
  for (let j = 0; j < n; j++) {
    const lo = v(`${name}_r${j}`, U32);
    const hi = v(`${name}_r${j + 1}`, U32);
    stmts.push(let_(`${name}${j}`, U32, funnelShr(lo, hi, v(shift, U32))));
    out.push(v(`${name}${j}`, U32));
  }
  return out;
}

/**
 * A whole 2-aligned block (header halves at offsets ≡ 0 mod 4, codes at an offset ≡ 2 mod 4) from the
 * words that hold it, one load each: the block starts at half `s` = 0 or 16 of its first word, so a
 * header half is that word shifted by s and code word j is words c0 + j and c0 + j + 1 shifted right by
 * 16 + s as one 64-bit value (s = 16: the whole of the second). Every word loaded holds a byte of the block.
 */
function blockWords2(buffer: string, blockByte: Expr, format: WeightFormat & { kind: 'block' }, codeWords: number, name: string, stmts: Stmt[]) {
  const shift = `${name}_s`;
  const first = (format.codesOffset >> 2) + codeWords;
  stmts.push(let_(`${name}_w0`, 'i32', shr(blockByte, 2)));
  stmts.push(let_(shift, U32, cast(mul(and(blockByte, 2), 8), U32)));
  const raw = Array.from({ length: first + 1 }, (_, j) => {
    stmts.push(let_(`${name}_r${j}`, U32, load(buffer, j ? add(v(`${name}_w0`, 'i32'), j) : v(`${name}_w0`, 'i32'), U32)));
    return v(`${name}_r${j}`, U32);
  });
  const s = v(shift, U32);
  const c0 = format.codesOffset >> 2;
  const codes = Array.from({ length: codeWords }, (_, j) => {
    stmts.push(let_(`${name}${j}`, U32, funnelShr(raw[c0 + j]!, raw[c0 + j + 1]!, add(s, c.u32(16)))));
    return v(`${name}${j}`, U32);
  });
  const half = (offset: number): Expr => shr(raw[offset >> 2]!, s);
  return { codes, half };
}

/** the 16-bit value at a 2-aligned byte offset of a u32-viewed buffer */
function u16AtByte(buffer: string, byteOff: Expr): Expr {
  return u16At(buffer, shr(byteOff, 1));
}

/** 2^23: an f32 with this exponent holds a 23-bit integer in its mantissa exactly */
const MAGIC_BITS = 0x4b000000;
const MAGIC = 8388608;

/**
 * Code `byte` (nibble `high`) of the words as the f32 value `(q - zero) · 2^shift`, without an
 * int-to-float conversion (a quarter-rate instruction on NVIDIA) and mostly without a shift: the code
 * is masked in place (bit `shift` <= 12 of a word or of its upper half, one shift per word) and
 * xor-ed into the mantissa of 2^23 in one logic op, then 2^23 + zero · 2^shift subtracted (exact: all
 * under 2^23). Signed bytes flip their sign bit (q + 128 is then unsigned).
 */
function codeValue(words: readonly Expr[], byte: number, bits: 4 | 8, high: boolean, signed: boolean, zero: number): { value: Expr; shift: number } {
  const w = words[byte >> 2]!;
  const half = byte & 2 ? shr(w, c.u32(16)) : w;
  const shift = 8 * (byte & 1) + (high ? 4 : 0);
  const mask = (bits === 8 ? 0xff : 0xf) << shift;
  const flip = signed ? 0x80 : 0;
  const value = sub(bitcast(xor(and(half, c.u32(mask)), c.u32(MAGIC_BITS | (flip << shift))), F32), c.f32(MAGIC + (flip + zero) * 2 ** shift));
  return { value, shift };
}

/** chunk / per and chunk % per, folded when a block is one chunk */
function splitChunk(chunk: Expr, per: number): { block: Expr; sub: Expr } {
  return per === 1 ? { block: chunk, sub: c.i32(0) } : { block: div(chunk, per), sub: rem(chunk, per) };
}

/**
 * Element values of a dense (f32/f16/bf16) row. `chunkBytes` below the 4-byte word (an f16 row with
 * odd K) reads single elements; otherwise K must be a multiple of the chunk's element count.
 */
function denseLayout(format: WeightFormat & { kind: 'dense' }, chunkBytes: number, vectorLoads: boolean, weight: string): ChunkLayout {
  const eb = format.elemBytes;
  const elems = chunkBytes / eb;
  const wordElem = format.name === 'f32' ? F32 : U32;
  const widen = (bits: Expr, high: boolean): Expr => {
    if (format.name === 'f16') return f16ToF32(high ? shr(bits, c.u32(16)) : bits);
    // bf16: the value is the upper half of an f32
    return bitcast(high ? and(bits, c.u32(0xffff0000)) : shl(bits, c.u32(16)), F32);
  };
  return {
    format, chunkBytes, elems, hasMin: false, wordElem,
    chunksPerRow: (K) => (elems === 1 ? K : div(K, elems)),
    runs: (chunk) => [{ k: elems === 1 ? chunk : mul(chunk, elems), len: elems }],
    read(chunk, row, K, tag) {
      const stmts: Stmt[] = [];
      const index = add(mul(row, K), elems === 1 ? chunk : mul(chunk, elems));
      let values: Expr[];
      if (eb === 4) values = loadWords(weight, index, elems, F32, tag, stmts, vectorLoads);
      else if (elems === 1) values = [widen(u16At(weight, index), false)];
      else {
        const words = loadWords(weight, shr(index, 1), (elems * eb) / 4, U32, tag, stmts, vectorLoads);
        values = words.flatMap((w) => [widen(w, false), widen(w, true)]);
      }
      return { stmts, values, shifts: values.map(() => 0), scale: null, min: null, codeWords: [] };
    },
    int8Pairs: () => { throw new Error(`gemv: the int8 dot path needs a quantized weight format, not ${format.name}`); },
  };
}

/**
 * A 2-aligned block (header halves at offsets ≡ 0 mod 4, codes at ≡ 2 mod 4) that `blockWords2` reads
 * whole from the words holding it.
 */
function wholeBlockWords(format: WeightFormat): format is WeightFormat & { kind: 'block' } {
  return format.kind === 'block' && format.bytes % 4 !== 0 && format.codesOffset % 4 === 2
    && format.scaleOffset % 4 === 0 && (format.minOffset === null || format.minOffset % 4 === 0);
}

/** Block formats (array of structs, header then codes) and planar groups (codes plane + f16 planes). */
function quantLayout(format: WeightFormat & { kind: 'block' | 'planar' }, chunkBytes: number, vectorLoads: boolean, weight: string): ChunkLayout {
  const B = format.block;
  const codeBytesPerBlock = (B * format.bits) / 8;
  const chunksPerBlock = codeBytesPerBlock / chunkBytes;
  const elems = (chunkBytes * 8) / format.bits;
  const nibbles = format.nibbles;
  const hasMin = format.kind === 'planar' || format.minOffset !== null;
  const zero = format.zero;
  /** element offsets inside the block of code byte i (and its high nibble) */
  const runs = (chunk: Expr): KRun[] => {
    const parts = splitChunk(chunk, chunksPerBlock);
    const kBlock = mul(parts.block, B);
    const sub = mul(parts.sub, chunkBytes);
    if (format.bits === 8) return [{ k: chunksPerBlock === 1 ? kBlock : add(kBlock, sub), len: chunkBytes }];
    if (nibbles === 'split-halves') {
      const lowStart = chunksPerBlock === 1 ? kBlock : add(kBlock, sub);
      return [{ k: lowStart, len: chunkBytes }, { k: add(lowStart, B / 2), len: chunkBytes }];
    }
    return [{ k: chunksPerBlock === 1 ? kBlock : add(kBlock, mul(sub, 2)), len: 2 * chunkBytes }];
  };
  const valuesOf = (words: Expr[]): { value: Expr; shift: number }[] => {
    const out: { value: Expr; shift: number }[] = [];
    if (format.bits === 8) {
      for (let i = 0; i < chunkBytes; i++) out.push(codeValue(words, i, 8, false, format.signedCodes, zero));
    } else if (nibbles === 'split-halves') {
      for (let i = 0; i < chunkBytes; i++) out.push(codeValue(words, i, 4, false, false, zero));
      for (let i = 0; i < chunkBytes; i++) out.push(codeValue(words, i, 4, true, false, zero));
    } else {
      for (let i = 0; i < chunkBytes; i++) out.push(codeValue(words, i, 4, false, false, zero), codeValue(words, i, 4, true, false, zero));
    }
    return out;
  };
  // the power of two every code chunk's byte offset is a multiple of (rows and blocks included)
  const codesAlign = format.kind === 'planar'
    ? chunkBytes
    : largestPow2Divisor(gcd(gcd(format.bytes, format.codesOffset || format.bytes), chunksPerBlock > 1 ? chunkBytes : format.bytes));
  const int8Pairs = (codeWords: readonly Expr[]): Int8Pair[] => {
    if (format.bits === 8) return codeWords.map((code, j) => ({ code, run: 0, word: j }));
    const low = (w: Expr): Expr => and(w, c.u32(0x0f0f0f0f));
    const high = (w: Expr): Expr => and(shr(w, c.u32(4)), c.u32(0x0f0f0f0f));
    // split halves: low nibbles are the first run, high nibbles the second, both in K order;
    // adjacent pairs: x words alternate even and odd elements (int8XElement), word 2j low, 2j + 1 high
    return nibbles === 'split-halves'
      ? codeWords.flatMap((w, j) => [{ code: low(w), run: 0, word: j }, { code: high(w), run: 1, word: j }])
      : codeWords.flatMap((w, j) => [{ code: low(w), run: 0, word: 2 * j }, { code: high(w), run: 0, word: 2 * j + 1 }]);
  };
  return {
    format, chunkBytes, elems, hasMin, wordElem: U32,
    chunksPerRow: (K) => mul(div(K, B), chunksPerBlock),
    runs,
    int8Pairs,
    read(chunk, row, K, tag) {
      const stmts: Stmt[] = [];
      const block = `${tag}_b`;
      const parts = splitChunk(chunk, chunksPerBlock);
      stmts.push(let_(block, 'i32', parts.block));
      const sub = mul(parts.sub, chunkBytes);
      let words: Expr[];
      let scale: Expr;
      let min: Expr | null = null;
      if (format.kind === 'block') {
        const blockByte = `${tag}_o`;
        stmts.push(let_(blockByte, 'i32', mul(add(mul(row, div(K, B)), v(block, 'i32')), format.bytes)));
        const at = add(add(v(blockByte, 'i32'), format.codesOffset), sub);
        // every block, header and chunk offset is a multiple of this many bytes
        const aligned4 = format.bytes % 4 === 0 && format.codesOffset % 4 === 0;
        // one chunk per 2-aligned block: header and codes from the same words (q4_0: 5 loads, not 6)
        if (chunksPerBlock === 1 && wholeBlockWords(format)) {
          const block2 = blockWords2(weight, v(blockByte, 'i32'), format, chunkBytes / 4, tag, stmts);
          words = block2.codes;
          scale = f16ToF32(block2.half(format.scaleOffset));
          if (format.minOffset !== null) min = f16ToF32(block2.half(format.minOffset));
        } else {
          words = aligned4
            ? loadWords(weight, shr(at, 2), chunkBytes / 4, U32, tag, stmts, vectorLoads, codesAlign / 4)
            : wordsAt2(weight, at, chunkBytes / 4, tag, stmts);
          scale = f16ToF32(u16AtByte(weight, add(v(blockByte, 'i32'), format.scaleOffset)));
          if (format.minOffset !== null) min = f16ToF32(u16AtByte(weight, add(v(blockByte, 'i32'), format.minOffset)));
        }
      } else {
        const codeByte = add(add(mul(row, div(K, 2)), mul(v(block, 'i32'), codeBytesPerBlock)), sub);
        words = loadWords(weight, shr(codeByte, 2), chunkBytes / 4, U32, tag, stmts, vectorLoads);
        const group = add(mul(row, div(K, B)), v(block, 'i32'));
        scale = f16ToF32(u16At(`${weight}_scale`, group));
        min = f16ToF32(u16At(`${weight}_min`, group));
      }
      stmts.push(let_(`${tag}_d`, F32, scale));
      if (min) stmts.push(let_(`${tag}_m`, F32, min));
      const codes = valuesOf(words);
      return {
        stmts, values: codes.map((q) => q.value), shifts: codes.map((q) => q.shift),
        scale: v(`${tag}_d`, F32), min: min ? v(`${tag}_m`, F32) : null, codeWords: words,
      };
    },
  };
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

function largestPow2Divisor(n: number): number {
  return n & -n;
}

/** elements of x per int8 quantization block (ggml's QK8_1) */
export const X_BLOCK = 32;

/**
 * The int8 path's x layout: which element of its 32-block byte `byte` (0..3) of x word `word` (0..7 in
 * the block) holds. K order, except for adjacent-pair nibbles: there each 8 elements are stored even
 * ones first, so that the low (high) nibbles of a code word meet one x word.
 */
export function int8XElement(format: WeightFormat, word: Expr, byte: number): Expr;
/** the same for a word known when lowering (a thread quantizing a whole block) */
export function int8XElement(format: WeightFormat, word: number, byte: number): number;
export function int8XElement(format: WeightFormat, word: Expr | number, byte: number): Expr | number {
  if (typeof word === 'number') return int8XInKOrder(format) ? word * 4 + byte : (word >> 1) * 8 + (word & 1) + 2 * byte;
  return int8XInKOrder(format) ? add(mul(word, 4), byte) : add(add(mul(shr(word, 1), 8), and(word, 1)), 2 * byte);
}

/** f32 values per x block in the xs buffer: the scale d, and d·Σq when the weights fold an offset or a min */
export function xsStride(weight: WeightFormatName): number {
  const format = FORMATS[weight];
  return format.kind !== 'dense' && (format.zero !== 0 || format.kind === 'planar' || format.minOffset !== null) ? 2 : 1;
}

/** Bytes of x quantized to int8: a code per element, and per 32-block d (and d·Σq): the scratch or workgroup arrays xq and xs. */
export function quantizedXBytes(M: number, K: number, weight: WeightFormatName): { xq: number; xs: number };
export function quantizedXBytes(M: SizeExpr, K: SizeExpr, weight: WeightFormatName): { xq: SizeExpr; xs: SizeExpr };
export function quantizedXBytes(M: SizeExpr, K: SizeExpr, weight: WeightFormatName): { xq: SizeExpr; xs: SizeExpr } {
  const elements = size.mul(M, K);
  return { xq: elements, xs: size.mul(size.div(elements, X_BLOCK), xsStride(weight) * 4) };
}

/** whether the int8 path keeps x in K order (see int8XElement) */
export function int8XInKOrder(format: WeightFormat): boolean {
  return !(format.kind !== 'dense' && format.bits === 4 && format.nibbles === 'adjacent-pairs');
}

/** Formats the int8 path handles: quantized, blocks a multiple of the x block. */
export function int8Capable(format: WeightFormat): boolean {
  return format.kind !== 'dense' && format.block % X_BLOCK === 0;
}

/**
 * The chunk layout of a format at `chunkBytes` weight bytes per lane load (`vectorLoads`: one access),
 * reading the weight buffer `weight` (planar formats: its planes `<weight>_scale` and `<weight>_min`):
 * the row and K of a read are expressions, so another op reads its weights with the same code (MoE's
 * expert e of w_gate as rows e*I + n of `w_gate`).
 */
export function chunkLayout(format: WeightFormat, chunkBytes: number, vectorLoads: boolean, weight: string): ChunkLayout {
  return format.kind === 'dense' ? denseLayout(format, chunkBytes, vectorLoads, weight) : quantLayout(format, chunkBytes, vectorLoads, weight);
}

/**
 * Chunk sizes (bytes) a format allows for a given K: powers of two up to 16 that tile its rows, plus a
 * whole 2-aligned block whose codes are longer than that.
 */
export function chunkBytesDomain(format: WeightFormat, K: number): number[] {
  if (format.kind === 'dense') {
    const eb = format.elemBytes;
    return [eb, 4, 8, 16].filter((b, i, all) => b >= eb && all.indexOf(b) === i && K % (b / eb) === 0);
  }
  const codeBytesPerBlock = (format.block * format.bits) / 8;
  const widths = [4, 8, 16].filter((b) => codeBytesPerBlock % b === 0);
  // codes longer than one 16-byte load in a 2-aligned block: the whole block from the words holding
  // it (q8_0: 9 word loads and one scale per 32 codes, not 2 x (5 + 1) and two scales)
  if (wholeBlockWords(format) && codeBytesPerBlock > 16 && codeBytesPerBlock % 4 === 0) widths.push(codeBytesPerBlock);
  return widths;
}
