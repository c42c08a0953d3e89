import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeNpy, encodeNpy } from './npy.ts';
import { allocTensor, type Tensor } from './tensor.ts';
import { DTYPES, type DType } from './dtype.ts';
import { InputError } from '../errors.ts';

const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

/** A file as raw bytes: magic, version, little-endian header length, header text, data. */
function npyFile(header: string, data: number[], major = 1, minor = 0): Uint8Array {
  const len = major === 1 ? [header.length & 0xff, header.length >> 8] : [header.length & 0xff, (header.length >> 8) & 0xff, 0, 0];
  return new Uint8Array([0x93, ...ascii('NUMPY'), major, minor, ...len, ...ascii(header), ...data]);
}

/** numpy's header for shape (2, 3), f32. The dict is 59 characters; numpy adds 21 - len('2') = 20
 *  spaces of room to grow the first axis; 10 (magic+version+u16 length) + 59 + 20 + 1 ('\n') = 90,
 *  padded with 38 more spaces to 128 bytes, so the stored header length is 118 (0x76). */
const F32_2x3_HEADER = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }" + ' '.repeat(20 + 38) + '\n';

function fillPattern(t: Tensor): Tensor {
  for (let i = 0; i < t.data.length; i++) {
    if (t.dtype === 'f32') t.data[i] = (i - 3) * 0.37;
    else if (t.dtype === 'i8') t.data[i] = ((i * 37) % 256) - 128;
    else if (t.dtype === 'i32') t.data[i] = (i * 2654435761) | 0;
    else t.data[i] = (i * 40503) & (t.dtype === 'u8' ? 0xff : 0xffff);
  }
  return t;
}

test('npy: every dtype and shape round-trips through format 1.0 and 2.0', () => {
  const shapes = [[], [5], [2, 3, 4], [0, 3], [1, 1]];
  for (const dtype of Object.keys(DTYPES) as DType[])
    for (const shape of shapes)
      for (const version of [1, 2] as const) {
        const t = fillPattern(allocTensor(dtype, shape));
        const bytes = encodeNpy(t, version);
        assert.equal(bytes[6], version);
        const headerEnd = version === 1 ? 10 + (bytes[8]! | (bytes[9]! << 8)) : 12 + (bytes[8]! | (bytes[9]! << 8));
        assert.equal(headerEnd % 64, 0, 'data starts 64-byte aligned');
        assert.equal(bytes[headerEnd - 1], 0x0a, 'header ends with a newline');
        const back = decodeNpy(bytes, 'x');
        assert.equal(back.dtype, dtype);
        assert.deepEqual(back.shape, shape);
        assert.deepEqual(back.data, t.data, `${dtype} [${shape}] v${version}`);
      }
});

test('npy: headers are byte-exact with numpy.save', () => {
  const t = allocTensor('f32', [2, 3]);
  t.data.set([1, 2, 3, 4, 5, 6]);
  const expected = npyFile(F32_2x3_HEADER, [
    0, 0, 0x80, 0x3f, 0, 0, 0, 0x40, 0, 0, 0x40, 0x40, // 1.0f, 2.0f, 3.0f
    0, 0, 0x80, 0x40, 0, 0, 0xa0, 0x40, 0, 0, 0xc0, 0x40, // 4.0f, 5.0f, 6.0f
  ]);
  assert.equal(expected[8], 118);
  assert.deepEqual(encodeNpy(t), expected);
  assert.deepEqual(encodeNpy(t, 1), expected);

  // Scalar: dict `... 'shape': (), }` is 55 characters and numpy adds no growth room for ();
  // 10 + 55 + 1 = 66 -> 62 spaces of padding to 128.
  const scalar = allocTensor('f32', []);
  scalar.data[0] = 1.5; // 0x3fc00000
  assert.deepEqual(
    encodeNpy(scalar),
    npyFile("{'descr': '<f4', 'fortran_order': False, 'shape': (), }" + ' '.repeat(62) + '\n', [0, 0, 0xc0, 0x3f]),
  );

  // i8 (5,): dict is 57 characters, growth 21 - 1 = 20, 10 + 57 + 20 + 1 = 88 -> 40 more spaces.
  const i8 = allocTensor('i8', [5]);
  i8.data.set([-2, -1, 0, 1, 127]);
  assert.deepEqual(
    encodeNpy(i8),
    npyFile("{'descr': '|i1', 'fortran_order': False, 'shape': (5,), }" + ' '.repeat(60) + '\n', [0xfe, 0xff, 0, 1, 0x7f]),
  );

  // Format 2.0, i32 (5,): 12 + 57 + 20 + 1 = 90 -> 38 more spaces; header length 116 in a u32.
  const i32 = allocTensor('i32', [5]);
  i32.data.set([1, -1, 256, 0, 7]);
  const v2 = npyFile("{'descr': '<i4', 'fortran_order': False, 'shape': (5,), }" + ' '.repeat(58) + '\n',
    [1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0, 1, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0], 2);
  assert.equal(v2[8], 116);
  assert.deepEqual(encodeNpy(i32, 2), v2);

  // bf16 is written as '<u2' raw bits; f16 as '<f2'; u8 as '|u1'. Shape (12, 2): the dict is 60 characters,
  // growth 21 - 2 = 19, 10 + 60 + 19 + 1 = 90 -> 38 more spaces.
  for (const [dtype, descr] of [['bf16', '<u2'], ['f16', '<f2'], ['u8', '|u1']] as const) {
    const header = `{'descr': '${descr}', 'fortran_order': False, 'shape': (12, 2), }` + ' '.repeat(19 + 38) + '\n';
    const bytes = encodeNpy(allocTensor(dtype, [12, 2]));
    assert.deepEqual(bytes.subarray(0, 128), npyFile(header, []), dtype);
  }
});

test('npy: reads what numpy writes, including older headers, both 1-byte spellings and unaligned input', () => {
  const old = npyFile("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }    \n", [
    0, 0, 0x80, 0x3f, 0, 0, 0, 0x40, 0, 0, 0x40, 0x40, 0, 0, 0x80, 0x40, 0, 0, 0xa0, 0x40, 0, 0, 0xc0, 0x40]);
  assert.deepEqual(decodeNpy(old, 'w').data, new Float32Array([1, 2, 3, 4, 5, 6]));

  const reordered = npyFile('{"shape":(3,),"fortran_order":False,"descr":"<i1"}\n', [1, 0xff, 3]);
  const t = decodeNpy(reordered, 'r');
  assert.equal(t.dtype, 'i8');
  assert.deepEqual(t.data, new Int8Array([1, -1, 3]));
  assert.equal(decodeNpy(npyFile("{'descr': '<u1', 'fortran_order': False, 'shape': (1,)}\n", [200]), 'u').dtype, 'u8');
  assert.equal(decodeNpy(npyFile("{'descr': '<u2', 'fortran_order': False, 'shape': (1,)}\n", [0x80, 0x3f]), 'b').dtype, 'bf16');

  const shifted = new Uint8Array(old.length + 1);
  shifted.set(old, 1);
  assert.deepEqual(decodeNpy(shifted.subarray(1), 'w').data, new Float32Array([1, 2, 3, 4, 5, 6]));
});

test('npy: every corruption is an InputError naming the tensor and the problem', () => {
  const good = encodeNpy(allocTensor('f32', [2, 3]));
  const header = (dict: string): string => dict + ' '.repeat(10) + '\n';
  const data24 = new Array<number>(24).fill(0);
  const cases: [string, Uint8Array, RegExp][] = [
    ['bad magic', Uint8Array.from(good, (b, i) => (i === 1 ? 0x58 : b)), /bad magic/],
    ['empty file', new Uint8Array(0), /bad magic/],
    ['version 3', npyFile(header("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }"), data24, 3), /version 3\.0/],
    ['version 1.1', npyFile(header("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }"), data24, 1, 1), /version 1\.1/],
    ['big-endian', npyFile(header("{'descr': '>f4', 'fortran_order': False, 'shape': (2, 3), }"), data24), /big-endian dtype '>f4'/],
    ['fortran order', npyFile(header("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 3), }"), data24), /fortran_order True/],
    ['unknown descr', npyFile(header("{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }"), data24), /unsupported dtype '<f8'/],
    ['truncated data', good.subarray(0, good.length - 1), /truncated data: .* needs 24 bytes, file has 23/],
    ['trailing data', new Uint8Array([...good, 0]), /data length mismatch: .* needs 24 bytes, file has 25/],
    ['truncated header', good.subarray(0, 60), /truncated header/],
    ['header not a dict', npyFile(header('descr: <f4'), data24), /unparsable header/],
    ['missing shape', npyFile(header("{'descr': '<f4', 'fortran_order': False}"), data24), /unparsable header/],
    ['extra key', npyFile(header("{'descr': '<f4', 'fortran_order': False, 'shape': (6,), 'x': 1}"), data24), /unparsable header/],
    ['negative dim', npyFile(header("{'descr': '<f4', 'fortran_order': False, 'shape': (-6,)}"), data24), /unparsable header/],
    ['shape not a tuple', npyFile(header("{'descr': '<f4', 'fortran_order': False, 'shape': 6}"), data24), /unparsable header/],
    ['unterminated', npyFile(header("{'descr': '<f4', 'fortran_order': False, 'shape': (6,"), data24), /unparsable header/],
    ['structured descr', npyFile(header("{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (6,)}"), data24), /unparsable header/],
  ];
  for (const [what, bytes, message] of cases) {
    assert.throws(() => decodeNpy(bytes, 'W_scale'), (e: unknown) => {
      assert.ok(e instanceof InputError, `${what}: ${String(e)}`);
      assert.match(e.message, /tensor 'W_scale'/, what);
      assert.match(e.message, message, what);
      return true;
    });
  }
});
