import { mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { planCpuRuntime, buildCpuRuntime } from '@kforge/driver';
import { cpuRuntimeFiles } from '@kforge/runtime';
const target = (process.argv[2] ?? 'avx2') as 'avx2';
const spec = planCpuRuntime({ target, formats: ['q4_0', 'f32', 'w4g64'], acts: ['f32'], device: 'test', version: '0.1.0',
  tuned: [{ params: { M: 1, N: 256, K: 512, weight: 'q4_0', act: 'f32', bias: false }, config: { rows: 2, k_unroll: 1, dot_path: 'float', m_tile: 1, threads: 1 }, note: 'test' }] });
const dir = `/tmp/rt-${target}`; rmSync(dir, { recursive: true, force: true });
for (const [f, t] of Object.entries(cpuRuntimeFiles(spec))) { mkdirSync(dirname(join(dir, f)), { recursive: true }); writeFileSync(join(dir, f), t); }
console.log(spec.kernels.length, 'kernels');
console.log(await buildCpuRuntime(dir));
