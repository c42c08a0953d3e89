export * from './lowerings.ts';
export * from './estimate.ts';
export * from './run.ts';
export * from './conformance.ts';
export * from './runtime/cpu.ts';
export * from './runtime/tuned.ts';
export * from './runtime/gpu.ts';
export * from './runtime/check.ts';
