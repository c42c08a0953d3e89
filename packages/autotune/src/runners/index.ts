export * from './job.ts';
export * from './fingerprint.ts';
export * from './ssh.ts';
export * from './adb.ts';
export * from './bundle.ts';
