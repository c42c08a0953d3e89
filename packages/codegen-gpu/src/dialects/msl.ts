/**
 * Metal Shading Language as a dialect of the shared printer. Thread indices are trailing kernel
 * parameters with their MSL attributes, as packages/exec/templates/metal/metal_emu.h requires.
 */
import { C_DIALECT, type Dialect } from '@kforge/codegen-core';
import type { Kernel } from '@kforge/ir';
import { gpuVectorRules, uintCallHelpers } from './common.ts';

const AXES = ['x', 'y', 'z'];

const INDEX_PARAMS = [
  'uint3 kf_tid [[thread_position_in_threadgroup]]',
  'uint3 kf_gid [[threadgroup_position_in_grid]]',
  'uint3 kf_groups [[threadgroups_per_grid]]',
  'uint3 kf_group_size [[threads_per_threadgroup]]',
  'uint3 kf_global [[thread_position_in_grid]]',
  'uint kf_sg_lane [[thread_index_in_simdgroup]]',
  'uint kf_sg_size [[threads_per_simdgroup]]',
];

function mslSignature(k: Kernel, d: Dialect): string {
  let slot = 0;
  const params = k.params.map((p) => (p.kind === 'buffer'
    ? `${d.bufferParam(p, d.types[p.elem])} [[buffer(${slot++})]]`
    : `${d.scalarParam(p, d.types[p.type])} [[buffer(${slot++})]]`));
  return `kernel void ${k.name}(${[...params, ...INDEX_PARAMS].join(', ')})`;
}

export const MSL_DIALECT: Dialect = {
  ...C_DIALECT,
  name: 'msl',
  types: {
    f32: 'float', f16: 'half', bf16: 'ushort', f64: 'float', i8: 'char', u8: 'uchar', i16: 'short', u16: 'ushort',
    i32: 'int', u32: 'uint', i64: 'long', bool: 'bool',
  },
  preamble: `#include <metal_stdlib>
using namespace metal;

inline float kf_f16_to_f32(uint bits) {
  return float(as_type<half>((ushort)(bits & 0xffffu)));
}

// c + the dot product of the signed bytes of a and b (shifting a byte to the top sign-extends it)
inline int kf_dot4_i8(uint a, uint b, int c) {
  return c + (as_type<int>(a << 24) >> 24) * (as_type<int>(b << 24) >> 24) + (as_type<int>(a << 16) >> 24) * (as_type<int>(b << 16) >> 24)
    + (as_type<int>(a << 8) >> 24) * (as_type<int>(b << 8) >> 24) + (as_type<int>(a) >> 24) * (as_type<int>(b) >> 24);
}

${uintCallHelpers('inline ')}`,
  kernelPrefix: 'kernel void',
  bufferParam: (p, type) => `device ${p.access === 'read' ? 'const ' : ''}${type}* ${p.name}`,
  scalarParam: (p, type) => `constant ${type}& ${p.name}`,
  signature: mslSignature,
  special: (index, dim) => {
    const axis = AXES[dim]!;
    switch (index) {
      case 'thread_id': return `(int)kf_tid.${axis}`;
      case 'group_id': return `(int)kf_gid.${axis}`;
      case 'group_size': return `(int)kf_group_size.${axis}`;
      case 'num_groups': return `(int)kf_groups.${axis}`;
      case 'global_id': return `(int)kf_global.${axis}`;
      case 'subgroup_lane': return '(int)kf_sg_lane';
      case 'subgroup_size': return '(int)kf_sg_size';
      default: throw new Error(`the msl dialect has no ${index}`);
    }
  },
  barrier: 'threadgroup_barrier(mem_flags::mem_threadgroup);',
  subgroupReduce: (fn, a) => `${{ add: 'simd_sum', max: 'simd_max', min: 'simd_min' }[fn]}(${a})`,
  subgroupShuffle: (mode, a, lane) => `${{ index: 'simd_shuffle', xor: 'simd_shuffle_xor', broadcast: 'simd_broadcast' }[mode]}(${a}, (ushort)(${lane}))`,
  // device buffers are plain arrays viewed as atomics here; workgroup arrays an atomic updates are declared atomic
  atomic: (o) => {
    const p = o.space === 'global' ? `(device atomic_${o.T}*)${o.p}` : o.p;
    if (o.fn === 'cas') return `kf_atomic_cas(${p}, ${o.compare}, ${o.value})`;
    return `atomic_fetch_${o.fn}_explicit(${p}, ${o.value}, memory_order_relaxed)`;
  },
  atomicSharedArray: {
    declare: (type, name, size) => `threadgroup atomic_${type} ${name}[${size}];`,
    load: (address) => `atomic_load_explicit(${address}, memory_order_relaxed)`,
    store: (address, value) => `atomic_store_explicit(${address}, ${value}, memory_order_relaxed)`,
  },
  onDemand: {
    // compare-and-swap returning the old value: Metal has only the weak exchange, which may fail spuriously
    kf_atomic_cas: `template <typename A, typename T> inline T kf_atomic_cas(A p, T compare, T value) {
  T old = compare;
  while (!atomic_compare_exchange_weak_explicit(p, &old, value, memory_order_relaxed, memory_order_relaxed) && old == compare) {}
  return old;
}`,
  },
  sharedArray: (type, name, size) => `threadgroup ${type} ${name}[${size}];`,
  math: {
    abs: { f32: 'fabs($a)', i32: 'abs($a)' },
    exp: { f32: 'exp($a)' },
    log: { f32: 'log($a)' },
    sqrt: { f32: 'sqrt($a)' },
    rsqrt: { f32: 'rsqrt($a)' },
    floor: { f32: 'floor($a)' },
    round: { f32: 'rint($a)' },
  },
  minMax: { f32: { min: 'fmin', max: 'fmax' }, i32: { min: 'min', max: 'max' } },
  fma: 'fma($a, $b, $c)',
  conversions: {
    'bits:u32->f32': 'as_type<float>($a)',
    'bits:f32->u32': 'as_type<uint>($a)',
    'bits:u32->i32': 'as_type<int>($a)',
    'bits:i32->u32': 'as_type<uint>($a)',
  },
  rawLoad: (type, address) => `(*(device const ${type}*)(${address}))`,
  parallelForPragma: undefined,
  unrollPragma: undefined,
  calls: { f16_to_f32: 'kf_f16_to_f32($a)', dot4_i8: 'kf_dot4_i8($a, $b, $c)', funnel_shr: 'kf_funnel_shr($a, $b, $c)',
    absmax_f16x2: 'kf_absmax_f16x2($a, $b)' },
  isa: { name: 'msl-vectors', preamble: '', rules: gpuVectorRules({ u32: 'uint', f32: 'float' }, (t, p) => `(*(device const ${t}*)(${p}))`, 'xyzw',
    (t, p, a) => `*(device ${t}*)(${p}) = ${a}`, (t, parts) => `${t}(${parts.join(', ')})`) },
};
