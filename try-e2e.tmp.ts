import { runGemvGpuCase } from './tools/cli/src/conformance/gemv-gpu-cases.ts';
import { poclExecutor, lavapipeExecutor, metalEmuExecutor } from '@kforge/exec';
const ex: any = { opencl: poclExecutor, vulkan: lavapipeExecutor, metal: metalEmuExecutor };
const [target, w, act, M, N, K, cfg] = process.argv.slice(2);
const r = await runGemvGpuCase(target as any, ex[target!], { M: +M!, N: +N!, K: +K!, weight: w as any, act: act as any, bias: true }, JSON.parse(cfg ?? '{}'));
console.log(r.ok, r.nmse, r.message);
