/**
 * Weight formats as data (SPEC section 2). One description per format drives packing, unpacking,
 * the reference dequantizer and the dequantization code that kernel lowerings generate.
 *
 * Every quantized element is `value = (q - zero) * scale + min` where q is the stored unsigned code
 * (or the stored signed byte for q8_0, with zero = 0), `scale` is the block/group scale and `min`
 * is the optional offset (0 when the format has none).
 */
export type WeightFormatName = 'f32' | 'f16' | 'bf16' | 'q8_0' | 'q4_0' | 'q4_1' | 'w4g32' | 'w4g64' | 'w4g128';

export interface DenseFormat {
  readonly kind: 'dense';
  readonly name: 'f32' | 'f16' | 'bf16';
  readonly elemBytes: number;
}

/** How 4-bit codes are placed in bytes. */
export type NibbleOrder =
  /** ggml: element j < B/2 in the low nibble of byte j, element j >= B/2 in the high nibble of byte j - B/2 */
  | 'split-halves'
  /** planar w4: element 2i in the low nibble of byte i, element 2i+1 in the high nibble */
  | 'adjacent-pairs';

/** Which reference quantizer writes the codes (all in f32, scale stored as f16 at the end). */
export type Quantizer = 'ggml_q8_0' | 'ggml_q4_0' | 'ggml_q4_1' | 'minmax_asym';

/** Block formats: an array-of-structs row of `K / block` blocks, each `bytes` long, header first. */
export interface BlockFormat {
  readonly kind: 'block';
  readonly name: 'q8_0' | 'q4_0' | 'q4_1';
  /** elements per block */
  readonly block: number;
  readonly bytes: number;
  readonly bits: 8 | 4;
  /** true: codes are two's complement bytes (q8_0) */
  readonly signedCodes: boolean;
  readonly zero: number;
  /** byte offsets inside the block */
  readonly scaleOffset: number;
  readonly minOffset: number | null;
  readonly codesOffset: number;
  readonly nibbles: NibbleOrder | null;
  readonly quantizer: Quantizer;
}

/** Planar groups: three tensors, codes `u8 [N, K/2]`, `_scale f16 [N, K/G]`, `_min f16 [N, K/G]`. */
export interface PlanarFormat {
  readonly kind: 'planar';
  readonly name: 'w4g32' | 'w4g64' | 'w4g128';
  readonly block: number;
  readonly bits: 4;
  readonly signedCodes: false;
  readonly zero: 0;
  readonly nibbles: 'adjacent-pairs';
  readonly planes: readonly ['scale', 'min'];
  readonly quantizer: 'minmax_asym';
}

export type WeightFormat = DenseFormat | BlockFormat | PlanarFormat;

export const FORMATS: Readonly<Record<WeightFormatName, WeightFormat>> = {
  f32: { kind: 'dense', name: 'f32', elemBytes: 4 },
  f16: { kind: 'dense', name: 'f16', elemBytes: 2 },
  bf16: { kind: 'dense', name: 'bf16', elemBytes: 2 },
  q8_0: { kind: 'block', name: 'q8_0', block: 32, bytes: 34, bits: 8, signedCodes: true, zero: 0,
    scaleOffset: 0, minOffset: null, codesOffset: 2, nibbles: null, quantizer: 'ggml_q8_0' },
  q4_0: { kind: 'block', name: 'q4_0', block: 32, bytes: 18, bits: 4, signedCodes: false, zero: 8,
    scaleOffset: 0, minOffset: null, codesOffset: 2, nibbles: 'split-halves', quantizer: 'ggml_q4_0' },
  q4_1: { kind: 'block', name: 'q4_1', block: 32, bytes: 20, bits: 4, signedCodes: false, zero: 0,
    scaleOffset: 0, minOffset: 2, codesOffset: 4, nibbles: 'split-halves', quantizer: 'ggml_q4_1' },
  w4g32: { kind: 'planar', name: 'w4g32', block: 32, bits: 4, signedCodes: false, zero: 0,
    nibbles: 'adjacent-pairs', planes: ['scale', 'min'], quantizer: 'minmax_asym' },
  w4g64: { kind: 'planar', name: 'w4g64', block: 64, bits: 4, signedCodes: false, zero: 0,
    nibbles: 'adjacent-pairs', planes: ['scale', 'min'], quantizer: 'minmax_asym' },
  w4g128: { kind: 'planar', name: 'w4g128', block: 128, bits: 4, signedCodes: false, zero: 0,
    nibbles: 'adjacent-pairs', planes: ['scale', 'min'], quantizer: 'minmax_asym' },
};

export const WEIGHT_FORMAT_NAMES = Object.keys(FORMATS) as WeightFormatName[];

export function isWeightFormat(s: string): s is WeightFormatName {
  return Object.hasOwn(FORMATS, s);
}
