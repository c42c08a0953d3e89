import { benchOne } from './index.ts';
const t0 = Date.now();
const r = await benchOne('gemv', { M: 1, N: 256, K: 1024, weight: 'f32' }, { target: 'avx2', threads: 2, probeBytes: 128 << 20, minTimeMs: 100, onProgress: console.log });
console.log(JSON.stringify(r.results[0], (k, v) => k === 'samples_ms' ? v.length : v, 1).slice(0, 4000));
console.log(Date.now() - t0, 'ms');
