/** OpenCL C 1.2 as a dialect of the shared C-family printer (f16 data widened with vload_half). */
import { C_DIALECT, type Dialect } from '@kforge/codegen-core';
import { gpuVectorRules, uintCallHelpers } from './common.ts';

/** atomic f32 add as a compare-exchange loop on the bits (OpenCL 1.2 has no float atomics); returns the old value */
function casAddF32(space: '__global' | '__local'): string {
  return `inline float kf_atomic_add_f32_${space === '__global' ? 'global' : 'workgroup'}(volatile ${space} float* p, float v) {
  uint seen = as_uint(*p), expected;
  do {
    expected = seen;
    seen = atomic_cmpxchg((volatile ${space} uint*)p, expected, as_uint(as_float(expected) + v));
  } while (seen != expected);
  return as_float(seen);
}`;
}

export const OPENCL_DIALECT: Dialect = {
  ...C_DIALECT,
  name: 'opencl',
  types: {
    f32: 'float', f16: 'half', bf16: 'ushort', f64: 'double', i8: 'char', u8: 'uchar', i16: 'short', u16: 'ushort',
    i32: 'int', u32: 'uint', i64: 'long', bool: 'bool',
  },
  // vload_half is core OpenCL 1.2: no cl_khr_fp16 needed to read half storage
  preamble: `inline float kf_f16_to_f32(uint bits) {
  ushort h = (ushort)(bits & 0xffffu);
  return vload_half(0, (const half*)&h);
}

// c + the dot product of the signed bytes of a and b: the OpenCL 3.0 built-in where the device
// has it (cl_khr_integer_dot_product), else integer math
inline int kf_dot4_i8(uint a, uint b, int c) {
#ifdef __opencl_c_integer_dot_product_input_4x8bit_packed
  return c + dot_4x8packed_ss_int(a, b);
#else
  const char4 va = as_char4(a);
  const char4 vb = as_char4(b);
  return c + va.x * vb.x + va.y * vb.y + va.z * vb.z + va.w * vb.w;
#endif
}

${uintCallHelpers('inline ')}`,
  kernelPrefix: '__kernel void',
  bufferParam: (p, type) => `__global ${p.access === 'read' ? 'const ' : ''}${type}*${p.aliased ? '' : ' restrict'} ${p.name}`,
  signature: (k, d) => {
    const params = k.params.map((p) => (p.kind === 'buffer' ? d.bufferParam(p, d.types[p.elem]) : d.scalarParam(p, d.types[p.type])));
    const [x, y, z] = k.workgroupSize ?? [1, 1, 1];
    return `__kernel __attribute__((reqd_work_group_size(${x}, ${y}, ${z}))) void ${k.name}(${params.join(', ')})`;
  },
  special: (index, dim) => {
    switch (index) {
      case 'thread_id': return `(int)get_local_id(${dim})`;
      case 'group_id': return `(int)get_group_id(${dim})`;
      case 'group_size': return `(int)get_local_size(${dim})`;
      case 'num_groups': return `(int)get_num_groups(${dim})`;
      case 'global_id': return `(int)get_global_id(${dim})`;
      case 'subgroup_lane': return '(int)get_sub_group_local_id()';
      case 'subgroup_size': return '(int)get_sub_group_size()';
      default: throw new Error(`the opencl dialect has no ${index}`);
    }
  },
  barrier: 'barrier(CLK_LOCAL_MEM_FENCE);',
  subgroupReduce: (fn, a) => `sub_group_reduce_${fn}(${a})`,
  // sub_group_shuffle(_xor): cl_khr_subgroup_shuffle; sub_group_broadcast: cl_khr_subgroups
  subgroupShuffle: (mode, a, lane) => `${{ index: 'sub_group_shuffle', xor: 'sub_group_shuffle_xor', broadcast: 'sub_group_broadcast' }[mode]}(${a}, (uint)(${lane}))`,
  // the 32-bit atomics of OpenCL 1.1+; f32 add is a compare-exchange loop on the bits
  atomic: (o) => {
    if (o.fn === 'cas') return `atomic_cmpxchg(${o.p}, ${o.compare}, ${o.value})`;
    if (o.type === 'f32') return `kf_atomic_add_f32_${o.space}(${o.p}, ${o.value})`;
    return `atomic_${o.fn}(${o.p}, ${o.value})`;
  },
  onDemand: { kf_atomic_add_f32_global: casAddF32('__global'), kf_atomic_add_f32_workgroup: casAddF32('__local') },
  sharedArray: (type, name, size) => `__local ${type} ${name}[${size}];`,
  math: {
    abs: { f32: 'fabs($a)', i32: 'abs($a)' },
    exp: { f32: 'exp($a)' },
    log: { f32: 'log($a)' },
    sqrt: { f32: 'sqrt($a)' },
    rsqrt: { f32: 'rsqrt($a)' },
    floor: { f32: 'floor($a)' },
    round: { f32: 'round($a)' },
  },
  minMax: { f32: { min: 'fmin', max: 'fmax' }, i32: { min: 'min', max: 'max' } },
  fma: 'fma($a, $b, $c)',
  conversions: {
    'bits:u32->f32': 'as_float($a)',
    'bits:f32->u32': 'as_uint($a)',
    'bits:u32->i32': 'as_int($a)',
    'bits:i32->u32': 'as_uint($a)',
  },
  rawLoad: (type, address) => `(*(__global const ${type}*)(${address}))`,
  parallelForPragma: undefined,
  unrollPragma: (n) => `__attribute__((opencl_unroll_hint(${n})))`,
  calls: { f16_to_f32: 'kf_f16_to_f32($a)', dot4_i8: 'kf_dot4_i8($a, $b, $c)', funnel_shr: 'kf_funnel_shr($a, $b, $c)',
    absmax_f16x2: 'kf_absmax_f16x2($a, $b)' },
  isa: { name: 'opencl-vectors', preamble: '', rules: gpuVectorRules({ u32: 'uint', f32: 'float' }, (t, p) => `vload${t.slice(-1)}(0, ${p})`, 'xyzw',
    (t, p, a) => `vstore${t.slice(-1)}(${a}, 0, ${p})`, (t, parts) => `(${t})(${parts.join(', ')})`) },
};
