import { create, globals } from 'webgpu';
import { emitGemvGpu } from '@kforge/codegen-gpu';
Object.assign(globalThis, globals);
const gpu = create([]);
const adapter = await gpu.requestAdapter();
const device = await adapter!.requestDevice();
for (const w of ['f32', 'f16', 'q8_0', 'q4_0', 'q4_1', 'w4g64', 'w4g128']) {
  for (const cfg of [{}, { split_k: 2, k_unroll: 2 }]) {
    const a = emitGemvGpu('wgsl', { M: 3, N: 37, K: 128, weight: w, act: 'f16', bias: true }, cfg);
    for (const [name, code] of Object.entries(a.files)) {
      const mod = device.createShaderModule({ code });
      const info = await mod.getCompilationInfo();
      const errs = info.messages.filter((m: any) => m.type === 'error');
      console.log(w, name, errs.length ? errs.map((m: any) => `${m.lineNum}: ${m.message}`).join('\n') : 'ok');
    }
  }
}
process.exit(0);
