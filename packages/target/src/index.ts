export * from './targets.ts';
export * from './artifact.ts';
export * from './threads.ts';
