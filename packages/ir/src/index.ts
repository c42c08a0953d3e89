export * from './errors.ts';
export * from './tensor/dtype.ts';
export * from './tensor/tensor.ts';
export * from './formats/format.ts';
export * from './dsl/op.ts';
export * from './kernel/ir.ts';
