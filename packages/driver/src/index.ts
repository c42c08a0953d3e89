export * from './lowerings.ts';
export * from './run.ts';
