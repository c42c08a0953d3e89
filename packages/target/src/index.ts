export * from './targets.ts';
export * from './artifact.ts';
