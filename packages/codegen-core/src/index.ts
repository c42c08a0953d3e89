export * from './dialect.ts';
export * from './render.ts';
