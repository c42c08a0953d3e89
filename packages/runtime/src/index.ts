export * from './model.ts';
export * from './entries.ts';
export * from './templates.ts';
export * from './generate.ts';
export * from './generate-gpu.ts';
export * from './check.ts';
export * from './policies/gemv.ts';
export * from './node/binding.ts';
