export * from './space.ts';
export * from './strategy.ts';
export * from './strategies/index.ts';
export * from './database.ts';
export * from './tuner.ts';
export * from './simulation.ts';
export * from './compare.ts';
export * from './runners/index.ts';
