/**
 * GLSL 450 for Vulkan compute as a dialect of the shared printer. Buffers are std430 SSBOs at set 0,
 * binding = their index among the kernel's buffers; scalars are one push-constant block; workgroup
 * arrays are globals (GLSL has no `shared` inside functions), so the signature hook declares them.
 */
import { C_DIALECT, type Dialect } from '@kforge/codegen-core';
import type { Kernel, ScalarType, Stmt } from '@kforge/ir';
import { uintCallHelpers } from './common.ts';

const AXES = ['x', 'y', 'z'];

function workgroupArrays(list: readonly Stmt[]): Extract<Stmt, { op: 'alloc' }>[] {
  return list.flatMap((s) => {
    if (s.op === 'alloc' && s.space === 'workgroup') return [s];
    if (s.op === 'for') return workgroupArrays(s.body);
    if (s.op === 'if') return workgroupArrays([...s.then, ...(s.else ?? [])]);
    return [];
  });
}

function glslSignature(k: Kernel, d: Dialect): string {
  const [x, y, z] = k.workgroupSize ?? [1, 1, 1];
  const lines = [`layout(local_size_x = ${x}, local_size_y = ${y}, local_size_z = ${z}) in;`];
  let binding = 0;
  for (const p of k.params) {
    if (p.kind !== 'buffer') continue;
    const access = p.access === 'read' ? 'readonly ' : p.access === 'write' ? 'writeonly ' : '';
    lines.push(`layout(std430, set = 0, binding = ${binding++}) ${access}buffer Buffer_${p.name} { ${d.types[p.elem]} ${p.name}[]; };`);
  }
  const scalars = k.params.filter((p) => p.kind === 'scalar');
  if (scalars.length) {
    lines.push(`layout(push_constant) uniform Scalars { ${scalars.map((p) => `${d.types[p.type as ScalarType]} ${p.name};`).join(' ')} };`);
  }
  for (const a of workgroupArrays(k.body)) lines.push(`shared ${d.types[a.elem as ScalarType]} ${a.name}[${a.size}];`);
  return `${lines.join('\n')}\n\nvoid main()`;
}

const CONSTRUCTORS: Readonly<Record<string, string>> = { f32: 'float', i32: 'int', u32: 'uint', bool: 'bool' };

/** GLSL converts with constructors (`uint(x)`), never C casts */
function constructorConversions(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const from of Object.keys(CONSTRUCTORS)) {
    for (const [to, ctor] of Object.entries(CONSTRUCTORS)) if (from !== to) out[`${from}->${to}`] = `${ctor}($a)`;
  }
  return out;
}

export const GLSL_DIALECT: Dialect = {
  ...C_DIALECT,
  name: 'glsl',
  types: {
    f32: 'float', f16: 'float16_t', bf16: 'uint', f64: 'double', i8: 'int', u8: 'uint', i16: 'int', u16: 'uint',
    i32: 'int', u32: 'uint', i64: 'int64_t', bool: 'bool',
  },
  preamble: `#version 450
#extension GL_KHR_shader_subgroup_basic : enable
#extension GL_KHR_shader_subgroup_arithmetic : enable

// c + the dot product of the signed bytes of a and b (shifting a byte to the top sign-extends it)
int kf_dot4_i8(uint a, uint b, int c) {
  ivec4 p = (ivec4(int(a << 24), int(a << 16), int(a << 8), int(a)) >> 24) * (ivec4(int(b << 24), int(b << 16), int(b << 8), int(b)) >> 24);
  return c + p.x + p.y + p.z + p.w;
}

${uintCallHelpers('')}`,
  kernelPrefix: 'void',
  signature: glslSignature,
  special: (index, dim) => {
    const axis = AXES[dim]!;
    switch (index) {
      case 'thread_id': return `int(gl_LocalInvocationID.${axis})`;
      case 'group_id': return `int(gl_WorkGroupID.${axis})`;
      case 'group_size': return `int(gl_WorkGroupSize.${axis})`;
      case 'num_groups': return `int(gl_NumWorkGroups.${axis})`;
      case 'global_id': return `int(gl_GlobalInvocationID.${axis})`;
      case 'subgroup_lane': return 'int(gl_SubgroupInvocationID)';
      case 'subgroup_size': return 'int(gl_SubgroupSize)';
      default: throw new Error(`the glsl dialect has no ${index}`);
    }
  },
  barrier: 'memoryBarrierShared(); barrier();',
  subgroupReduce: (fn, a) => `${{ add: 'subgroupAdd', max: 'subgroupMax', min: 'subgroupMin' }[fn]}(${a})`,
  subgroupShuffle: (mode, a, lane) => `${{ index: 'subgroupShuffle', xor: 'subgroupShuffleXor', broadcast: 'subgroupBroadcast' }[mode]}(${a}, uint(${lane}))`,
  // GLSL atomics take the memory itself (a buffer or shared element); f32 add is GL_EXT_shader_atomic_float
  // (the device needs shaderBufferFloat32AtomicAdd / shaderSharedFloat32AtomicAdd)
  atomic: (o) => {
    if (o.fn === 'cas') return `atomicCompSwap(${o.element}, ${o.compare}, ${o.value})`;
    if (o.type === 'f32') return `kf_atomicAdd_f32(${o.element}, ${o.value})`;
    return `${{ add: 'atomicAdd', max: 'atomicMax', min: 'atomicMin' }[o.fn]}(${o.element}, ${o.value})`;
  },
  onDemand: {
    subgroupShuffle: '#extension GL_KHR_shader_subgroup_shuffle : enable',
    subgroupShuffleXor: '#extension GL_KHR_shader_subgroup_shuffle : enable',
    subgroupBroadcast: '#extension GL_KHR_shader_subgroup_ballot : enable',
    kf_atomicAdd_f32: '#extension GL_EXT_shader_atomic_float : enable\n#define kf_atomicAdd_f32 atomicAdd',
  },
  // GLSL has no infinity or NaN literal: their bits
  literal: (value, type) => (type === 'f32' && !Number.isFinite(value)
    ? `uintBitsToFloat(${Number.isNaN(value) ? '0x7fc00000u' : value > 0 ? '0x7f800000u' : '0xff800000u'})`
    : C_DIALECT.literal(value, type)),
  sharedArray: (_type, name) => `// ${name}: a shared array declared at global scope`,
  math: {
    abs: { f32: 'abs($a)', i32: 'abs($a)' },
    exp: { f32: 'exp($a)' },
    log: { f32: 'log($a)' },
    sqrt: { f32: 'sqrt($a)' },
    rsqrt: { f32: 'inversesqrt($a)' },
    floor: { f32: 'floor($a)' },
    round: { f32: 'roundEven($a)' },
  },
  minMax: { f32: { min: 'min', max: 'max' }, i32: { min: 'min', max: 'max' }, u32: { min: 'min', max: 'max' } },
  fma: 'fma($a, $b, $c)',
  conversions: {
    ...constructorConversions(),
    'bits:u32->f32': 'uintBitsToFloat($a)',
    'bits:f32->u32': 'floatBitsToUint($a)',
    'bits:u32->i32': 'int($a)',
    'bits:i32->u32': 'uint($a)',
  },
  rawLoad: () => { throw new Error('glsl has no byte addressing: read u32 words'); },
  parallelForPragma: undefined,
  unrollPragma: undefined,
  calls: { f16_to_f32: 'unpackHalf2x16($a).x', dot4_i8: 'kf_dot4_i8($a, $b, $c)', funnel_shr: 'kf_funnel_shr($a, $b, $c)',
    absmax_f16x2: 'kf_absmax_f16x2($a, $b)' },
};
