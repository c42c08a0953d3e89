// writes the CUDA source of the H200 prefill defaults and walk variants to DIR (for nvcc -Xptxas -v here)
import { writeFileSync } from 'node:fs';
import { getOp, resolveParams } from '@kforge/ir';
import { emitGatedDeltaRuleGpu } from '../../packages/codegen-gpu/src/gated-delta-rule/emit.ts';
const dir = process.argv[2]!;
const op = getOp('gated_delta_rule');
const shapes = { t8192: { B: 1, T: 8192 }, b4: { B: 4, T: 2048 } };
for (const [name, bt] of Object.entries(shapes)) {
  for (const bv of [0, 8, 16, 32]) {
    const a = emitGatedDeltaRuleGpu('cuda', resolveParams(op, { ...bt, Hk: 16, Hv: 16, Dk: 128, Dv: 128, l2norm: true }), bv ? { block_v: bv } : {});
    writeFileSync(`${dir}/${name}-bv${bv || 'def'}.cu`, Object.values(a.files)[0]!);
  }
}
