import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KernelArtifact } from '@kforge/target';
import { nativeExecutor } from './executors.ts';

/**
 * The kernel checks the rotation itself: the checked run sees the original buffer, timed repeat r
 * must see a fresh pointer for r < copies and then pointer r % copies again, each holding the
 * original data; anything else aborts the harness.
 */
const ROTATION_CHECK = `#include <stdint.h>
#include <stdlib.h>
void check_rotation(const float *x, float *y, int32_t copies, int32_t n) {
  static const float *seen[64];
  static long calls = 0;
  long r = calls++ - 1;
  for (int32_t i = 0; i < n; i++) if (x[i] != (float)i) abort();
  y[0] = (float)n;
  if (r < 0) return;
  if ((uintptr_t)x % 64 != 0) abort();
  if (r < copies) {
    for (long j = 0; j < r; j++) if (seen[j] == x) abort();
    seen[r] = x;
  } else if (seen[r % copies] != x) abort();
}
`;

test('rotate: timed repeats cycle through aligned copies of the inputs, each with the original data', async () => {
  const n = 100;
  const copies = 5;
  const artifact: KernelArtifact = {
    op: 'test', target: 'c', params: {}, config: {}, language: 'c', files: { 'kernel.c': ROTATION_CHECK },
    buffers: [{ name: 'x', elem: 'f32', bytes: n * 4, role: 'in' }, { name: 'y', elem: 'f32', bytes: 4, role: 'out' }],
    scalars: [{ name: 'copies', type: 'i32', value: copies }, { name: 'n', type: 'i32', value: n }],
    dispatches: [{ entry: 'check_rotation', args: ['x', 'y', 'copies', 'n'] }],
  };
  const x = new Uint8Array(Float32Array.from({ length: n }, (_, i) => i).buffer);
  const result = await nativeExecutor.run({ artifact, inputs: { x }, timedRepeats: 12, rotate: copies });
  assert.equal(result.rotatedCopies, copies);
  assert.equal(result.timingsNs?.length, 12);
  assert.deepEqual(Array.from(new Float32Array(result.outputs.y!.slice().buffer)), [n]);
  const plain = await nativeExecutor.run({ artifact, inputs: { x }, timedRepeats: 1 });
  assert.equal(plain.rotatedCopies, 1);
});
