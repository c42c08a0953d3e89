export * from './model.ts';
export * from './generate.ts';
export * from './node/binding.ts';
