/** Bad input from the user (unknown op or target, bad params, shape/dtype mismatch, corrupt file): exit code 2. */
export class InputError extends Error {
  override readonly name = 'InputError';
}

/** A kernel produced wrong numbers (or NaN, Inf, unwritten elements): exit code 1. */
export class CheckError extends Error {
  override readonly name = 'CheckError';
}
