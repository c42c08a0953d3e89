export * from './executor.ts';
export * from './util/subprocess.ts';
export * from './util/exec-error.ts';
export * from './util/workdir.ts';
export * from './util/tools.ts';
