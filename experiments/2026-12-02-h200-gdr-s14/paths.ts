import { emitGatedDeltaRuleGpu } from '../../packages/codegen-gpu/src/gated-delta-rule/emit.ts';
import { getOp, resolveParams } from '@kforge/ir';
const op = getOp('gated_delta_rule');
const cases: [any, any][] = [
 [{ B: 1, T: 70, Hk: 1, Hv: 2, Dk: 24, Dv: 20, l2norm: true }, { variant: 'chunked', chunk: 64, block_v: 16, workgroup_size: 32 }],
 [{ B: 2, T: 45, Hk: 1, Hv: 2, Dk: 64, Dv: 24, l2norm: true }, { variant: 'chunked', chunk: 16, block_v: 8, workgroup_size: 32 }],
 [{ B: 2, T: 70, Hk: 1, Hv: 2, Dk: 32, Dv: 16 }, { variant: 'chunked', chunk: 16, block_v: 4, workgroup_size: 64 }],
 [{ B: 1, T: 77, Hk: 2, Hv: 4, Dk: 20, Dv: 12, l2norm: true }, { variant: 'chunked', chunk: 32, block_v: 8, workgroup_size: 64 }],
 [{ B: 1, T: 40, Hk: 1, Hv: 1, Dk: 18, Dv: 10, l2norm: true }, { variant: 'chunked', chunk: 16, block_v: 4, workgroup_size: 32 }],
 [{ B: 1, T: 8192, Hk: 16, Hv: 16, Dk: 128, Dv: 128, l2norm: true }, {}],
 [{ B: 4, T: 2048, Hk: 16, Hv: 16, Dk: 128, Dv: 128, l2norm: true }, {}],
 [{ B: 1, T: 8192, Hk: 16, Hv: 32, Dk: 128, Dv: 128, l2norm: true }, {}],
];
for (const [p, c] of cases) {
  const a = emitGatedDeltaRuleGpu('cuda', resolveParams(op, p), c);
  const src = Object.values(a.files)[0]!;
  console.log(JSON.stringify(a.config), a.dispatches.map((d) => d.dynamicSharedBytes));
  for (const m of src.matchAll(/\/\/ gated_delta_rule (chunk prep|chunked state walk|chunked outputs)[^\n]*/g)) console.log('   ', m[0].slice(0, 260));
}
