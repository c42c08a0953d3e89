#!/usr/bin/env node
// Runs the TypeScript CLI directly through tsx, so no build step stands between an edit and `npx kforge`.
import { register } from 'tsx/esm/api';
register();
await import('../src/main.ts');
