/**
 * NumPy `.npy` files (format versions 1.0 and 2.0, little-endian, C order), SPEC section 1.
 *
 * The writer produces the bytes `numpy.save` writes: the header dict with sorted keys, the spare
 * space numpy leaves for growing the first axis, spaces up to a 64-byte boundary and a final '\n'.
 *
 * bf16 has no numpy dtype: it is written as `<u2` holding the raw bf16 bits, and since no other
 * dtype here is a u16, every `<u2` file is read back as a bf16 tensor (raw bits, unchanged).
 */
import { DTYPES, type DType } from './dtype.ts';
import { allocTensor, numel, tensorBytes, type Tensor } from './tensor.ts';
import { InputError } from '../errors.ts';

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]; // "\x93NUMPY"
const ALIGN = 64;
/** numpy pads the header so that the first axis can later grow to this many digits in place. */
const GROWTH_AXIS_MAX_DIGITS = 21;

/** The descr strings accepted on read; 1-byte types may be spelled with '|' (numpy's) or '<'. */
const DTYPE_OF_DESCR: Readonly<Record<string, DType>> = {
  '<f4': 'f32',
  '<f2': 'f16',
  '<u2': 'bf16',
  '|i1': 'i8',
  '<i1': 'i8',
  '|u1': 'u8',
  '<u1': 'u8',
  '<i4': 'i32',
};

function shapeRepr(shape: readonly number[]): string {
  if (shape.length === 1) return `(${shape[0]},)`;
  return `(${shape.join(', ')})`;
}

/** Encode a tensor as .npy bytes. Without `version`, 1.0 unless the header needs 2.0 (as numpy does). */
export function encodeNpy(t: Tensor, version?: 1 | 2): Uint8Array {
  const n = numel(t.shape);
  if (t.data.length !== n)
    throw new Error(`encodeNpy: ${t.data.length} elements for shape [${t.shape.join(',')}]`);
  let dict = `{'descr': '${DTYPES[t.dtype].npy}', 'fortran_order': False, 'shape': ${shapeRepr(t.shape)}, }`;
  if (t.shape.length > 0) dict += ' '.repeat(GROWTH_AXIS_MAX_DIGITS - String(t.shape[0]).length);
  const v = version ?? (headerTotal(dict, 1) - 10 <= 0xffff ? 1 : 2);
  const lengthBytes = v === 1 ? 2 : 4;
  const total = headerTotal(dict, v);
  const headerLength = total - MAGIC.length - 2 - lengthBytes;
  if (v === 1 && headerLength > 0xffff) throw new Error('encodeNpy: header too long for format 1.0');
  const data = tensorBytes(t);
  const out = new Uint8Array(total + data.length);
  out.set(MAGIC, 0);
  out[6] = v;
  out[7] = 0;
  const view = new DataView(out.buffer);
  if (v === 1) view.setUint16(8, headerLength, true);
  else view.setUint32(8, headerLength, true);
  const headerStart = MAGIC.length + 2 + lengthBytes;
  for (let i = 0; i < dict.length; i++) out[headerStart + i] = dict.charCodeAt(i);
  out.fill(0x20, headerStart + dict.length, total - 1);
  out[total - 1] = 0x0a;
  out.set(data, total);
  return out;
}

/** Bytes from the start of the file to the end of the padded header (a multiple of 64). */
function headerTotal(dict: string, version: 1 | 2): number {
  const unpadded = MAGIC.length + 2 + (version === 1 ? 2 : 4) + dict.length + 1; // +1 for '\n'
  return Math.ceil(unpadded / ALIGN) * ALIGN;
}

/** Decode .npy bytes; `name` (the tensor's name) is used in every error message. */
export function decodeNpy(bytes: Uint8Array, name: string): Tensor {
  const fail = (problem: string): never => {
    throw new InputError(`tensor '${name}' (${name}.npy): ${problem}`);
  };
  if (bytes.length < 10 || MAGIC.some((b, i) => bytes[i] !== b)) fail('not an .npy file (bad magic)');
  const major = bytes[6]!;
  const minor = bytes[7]!;
  if ((major !== 1 && major !== 2) || minor !== 0)
    fail(`unsupported .npy format version ${major}.${minor} (supported: 1.0, 2.0)`);
  const lengthBytes = major === 1 ? 2 : 4;
  if (bytes.length < 8 + lengthBytes) fail('truncated header');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
  const headerStart = 8 + lengthBytes;
  const dataStart = headerStart + headerLength;
  if (bytes.length < dataStart) fail(`truncated header (${headerLength} bytes declared, ${bytes.length - headerStart} present)`);
  const headerText = new TextDecoder().decode(bytes.subarray(headerStart, dataStart));
  const header = parseHeader(headerText, fail);

  if (header.fortranOrder) fail('fortran_order True is not supported (write C-order arrays)');
  const order = header.descr[0];
  if (order === '>' || order === '!')
    fail(`big-endian dtype '${header.descr}' is not supported (little-endian only)`);
  const dtype = DTYPE_OF_DESCR[header.descr];
  if (!dtype) fail(`unsupported dtype '${header.descr}' (supported: ${Object.keys(DTYPE_OF_DESCR).join(' ')})`);
  const expected = numel(header.shape) * DTYPES[dtype!].bytes;
  const present = bytes.length - dataStart;
  if (present < expected) fail(`truncated data: shape (${header.shape.join(', ')}) ${header.descr} needs ${expected} bytes, file has ${present}`);
  if (present > expected) fail(`data length mismatch: shape (${header.shape.join(', ')}) ${header.descr} needs ${expected} bytes, file has ${present}`);
  const t = allocTensor(dtype!, header.shape);
  tensorBytes(t).set(bytes.subarray(dataStart)); // copy: the file's data offset need not be aligned for the view
  return t;
}

interface NpyHeader {
  descr: string;
  fortranOrder: boolean;
  shape: number[];
}

/**
 * Parse the Python dict literal of an .npy header: exactly the keys 'descr' (a string),
 * 'fortran_order' (True/False) and 'shape' (a tuple of non-negative ints), in any order.
 */
function parseHeader(text: string, fail: (problem: string) => never): NpyHeader {
  const bad = (why: string): never => fail(`unparsable header (${why}): ${JSON.stringify(text.trim())}`);
  let pos = 0;
  const skipSpace = (): void => {
    while (pos < text.length && /\s/.test(text[pos]!)) pos++;
  };
  const expect = (ch: string): void => {
    skipSpace();
    if (text[pos] !== ch) bad(`expected '${ch}' at offset ${pos}`);
    pos++;
  };
  const peek = (): string | undefined => {
    skipSpace();
    return text[pos];
  };
  const parseString = (): string => {
    const quote = peek();
    if (quote !== "'" && quote !== '"') return bad(`expected a string at offset ${pos}`);
    const end = text.indexOf(quote, pos + 1);
    if (end < 0) bad('unterminated string');
    const s = text.slice(pos + 1, end);
    pos = end + 1;
    return s;
  };
  const parseValue = (): string | boolean | number[] => {
    const c = peek();
    if (c === "'" || c === '"') return parseString();
    for (const [word, value] of [['True', true], ['False', false]] as const) {
      if (text.startsWith(word, pos)) {
        pos += word.length;
        return value;
      }
    }
    if (c !== '(') return bad(`unexpected value at offset ${pos}`);
    pos++;
    const dims: number[] = [];
    while (peek() !== ')') {
      const m = /^\d+/.exec(text.slice(pos));
      if (!m) return bad(`expected a dimension at offset ${pos}`);
      const dim = Number(m[0]);
      if (!Number.isSafeInteger(dim)) bad(`dimension ${m[0]} is too large`);
      dims.push(dim);
      pos += m[0].length;
      if (peek() === ',') pos++;
      else if (peek() !== ')') bad(`expected ',' or ')' at offset ${pos}`);
    }
    pos++;
    return dims;
  };

  const entries = new Map<string, string | boolean | number[]>();
  expect('{');
  while (peek() !== '}') {
    if (pos >= text.length) bad('missing closing brace');
    const key = parseString();
    expect(':');
    if (entries.has(key)) bad(`duplicate key '${key}'`);
    entries.set(key, parseValue());
    if (peek() === ',') pos++;
    else if (peek() !== '}') bad(`expected ',' or '}' at offset ${pos}`);
  }
  pos++;
  skipSpace();
  if (pos !== text.length) bad('text after the dict');

  const descr = entries.get('descr');
  const fortranOrder = entries.get('fortran_order');
  const shape = entries.get('shape');
  if (entries.size !== 3 || typeof descr !== 'string' || typeof fortranOrder !== 'boolean' || !Array.isArray(shape))
    bad("expected exactly the keys 'descr' (string), 'fortran_order' (bool) and 'shape' (tuple)");
  if (!Number.isSafeInteger(numel(shape as number[]))) bad('shape has too many elements');
  return { descr: descr as string, fortranOrder: fortranOrder as boolean, shape: shape as number[] };
}
