import { DTYPES, type DType, bf16BitsToF32, f16BitsToF32 } from './dtype.ts';
import { InputError } from '../errors.ts';

export type TensorData = Float32Array | Uint16Array | Int8Array | Uint8Array | Int32Array;

/** A dense host tensor, C order. f16 and bf16 hold their raw 16-bit patterns in a Uint16Array. */
export interface Tensor {
  readonly dtype: DType;
  readonly shape: readonly number[];
  readonly data: TensorData;
}

export function numel(shape: readonly number[]): number {
  return shape.reduce((a, b) => a * b, 1);
}

export function allocTensor(dtype: DType, shape: readonly number[]): Tensor {
  const n = numel(shape);
  const data =
    dtype === 'f32' ? new Float32Array(n)
    : dtype === 'f16' || dtype === 'bf16' ? new Uint16Array(n)
    : dtype === 'i8' ? new Int8Array(n)
    : dtype === 'u8' ? new Uint8Array(n)
    : new Int32Array(n);
  return { dtype, shape: [...shape], data };
}

export function tensorBytes(t: Tensor): Uint8Array {
  return new Uint8Array(t.data.buffer, t.data.byteOffset, numel(t.shape) * DTYPES[t.dtype].bytes);
}

/** The stored values as float64 (f16/bf16 decoded), which is what every reference computes from. */
export function toFloat64(t: Tensor): Float64Array {
  const n = numel(t.shape);
  const out = new Float64Array(n);
  if (t.dtype === 'f16') for (let i = 0; i < n; i++) out[i] = f16BitsToF32(t.data[i]!);
  else if (t.dtype === 'bf16') for (let i = 0; i < n; i++) out[i] = bf16BitsToF32(t.data[i]!);
  else for (let i = 0; i < n; i++) out[i] = t.data[i]!;
  return out;
}

export function sameShape(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

export function expectTensor(name: string, t: Tensor | undefined, dtype: DType, shape: readonly number[]): Tensor {
  if (!t) throw new InputError(`missing tensor '${name}' (expected ${name}.npy, ${dtype} [${shape.join(',')}])`);
  if (t.dtype !== dtype) throw new InputError(`tensor '${name}': dtype ${t.dtype}, expected ${dtype}`);
  if (!sameShape(t.shape, shape))
    throw new InputError(`tensor '${name}': shape [${t.shape.join(',')}], expected [${shape.join(',')}]`);
  return t;
}

/** A tensor over a copy of raw little-endian bytes (e.g. a kernel's output buffer). */
export function tensorFromBytes(bytes: Uint8Array, dtype: DType, shape: readonly number[], name: string): Tensor {
  const n = numel(shape) * DTYPES[dtype].bytes;
  if (bytes.length < n) throw new InputError(`tensor '${name}': ${bytes.length} bytes, expected ${n}`);
  const t = allocTensor(dtype, shape);
  tensorBytes(t).set(bytes.subarray(0, n));
  return t;
}
