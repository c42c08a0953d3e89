/** Helpers shared by the operator tests (not exported from the package). */
import assert from 'node:assert/strict';
import type { Tensor } from '../tensor/tensor.ts';
import { nmse } from '../dsl/accuracy.ts';

export function f32Tensor(shape: readonly number[], values: ArrayLike<number>): Tensor {
  assert.equal(values.length, shape.reduce((a, b) => a * b, 1), `values for shape [${shape.join(',')}]`);
  return { dtype: 'f32', shape: [...shape], data: Float32Array.from(values) };
}

export function i32Tensor(shape: readonly number[], values: ArrayLike<number>): Tensor {
  return { dtype: 'i32', shape: [...shape], data: Int32Array.from(values) };
}

export function assertNmse(y: ArrayLike<number>, r: ArrayLike<number>, bound: number, what: string): void {
  assert.equal(y.length, r.length, `${what}: length`);
  const e = nmse(y, r);
  assert.ok(e <= bound, `${what}: nmse ${e} > ${bound}`);
}

export function assertClose(y: ArrayLike<number>, expected: ArrayLike<number>, tol: number, what: string): void {
  assert.equal(y.length, expected.length, `${what}: length`);
  for (let i = 0; i < y.length; i++)
    assert.ok(Math.abs(y[i]! - expected[i]!) <= tol, `${what}[${i}]: ${y[i]} != ${expected[i]} (tol ${tol})`);
}
