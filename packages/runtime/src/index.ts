export * from './model.ts';
export * from './generate.ts';
export * from './generate-gpu.ts';
export * from './node/binding.ts';
