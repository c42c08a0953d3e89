import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Kernel, Stmt } from './ir.ts';
import {
  add, allocDynamic, assign, atomicAdd, atomicCas, atomicMax, barrier, broadcast, bufferParam, c, call, cast, concat, dot, fma, forLoop, if_,
  let_, letMut, load, lt, max, param, reduce, scalarParam, select, setvl, special, store, subgroupBroadcast, subgroupReduce, subgroupShuffle, unary,
  v, vec, withVl,
} from './build.ts';
import { verifyKernel } from './verify.ts';

const F16 = vec('f32', 16);
const cpu = (body: Stmt[]): Kernel => ({
  name: 'k', model: 'cpu', body,
  params: [bufferParam('x', 'f32'), bufferParam('W', 'u8'), bufferParam('y', 'f32', 'write'), scalarParam('K')],
});
const simt = (body: Stmt[]): Kernel => ({ ...cpu(body), model: 'simt', workgroupSize: [64, 1, 1] });

test('a well-formed vector dot loop verifies', () => {
  const k = cpu([
    letMut('acc', F16, broadcast(0, F16)),
    forLoop('k', 0, param('K'), [
      assign('acc', fma(load('x', v('k', 'i32'), F16), cast(load('W', v('k', 'i32'), vec('u8', 16)), F16), v('acc', F16))),
    ], { step: 16, parallel: true }),
    let_('codes', vec('u8', 32), concat(load('W', 0, vec('u8', 16)), load('W', 16, vec('u8', 16)))),
    let_('d', vec('i32', 8), dot(broadcast(0, vec('i32', 8)), v('codes', vec('u8', 32)), load('W', 0, vec('i8', 32)))),
    // byte buffers can be read as other types (an f16 scale inside a block)
    let_('scale', 'f32', cast(load('W', 2, 'f16'), 'f32')),
    store('y', 0, add(reduce('add', v('acc', F16)), v('scale', 'f32'))),
  ]);
  verifyKernel(k);
});

const rejects = (k: Kernel, pattern: RegExp): void => assert.throws(() => verifyKernel(k), pattern);

test('use before declaration names kernel and statement', () => {
  rejects(cpu([store('y', 0, v('acc', 'f32'))]), /kernel 'k': variable 'acc' used before its declaration \(in `store y\[...\]`\)/);
});

test('type disagreements are rejected', () => {
  rejects(cpu([let_('a', 'f32', add(c.f32(1), c.i32(2)))]), /add: operand types differ \(f32 vs i32\)/);
  rejects(cpu([let_('a', F16, fma(broadcast(0, F16), broadcast(0, F16), broadcast(0, vec('f32', 8))))]), /fma: operand types/);
  rejects(cpu([let_('a', 'i32', c.f32(1))]), /initializer is f32, declared i32/);
  rejects(cpu([letMut('a', 'f32', 0), assign('a', c.i32(1))]), /assigning i32 to 'a'/);
  rejects(cpu([let_('a', 'f32', 0), assign('a', c.f32(1))]), /immutable 'a'/);
  rejects(cpu([store('y', 0, c.i32(1))]), /buffer 'y' holds f32, not i32/);
  rejects(cpu([let_('a', 'f32', load('x', c.f32(0), 'f32'))]), /index must be a scalar integer/);
  rejects(cpu([let_('d', vec('i32', 8), dot(broadcast(0, vec('i32', 8)), load('W', 0, vec('u8', 16)), load('W', 0, vec('i8', 16))))]),
    /4 lanes per accumulator lane/);
});

test('memory rules', () => {
  rejects(cpu([store('x', 0, c.f32(1))]), /read-only buffer 'x'/);
  rejects(cpu([store('z', 0, c.f32(1))]), /unknown buffer 'z'/);
});

test('simt-only constructs stay in simt kernels', () => {
  rejects(cpu([barrier()]), /barrier outside a simt kernel/);
  rejects(cpu([let_('t', 'i32', special('thread_id'))]), /thread_id outside a simt kernel/);
  rejects(cpu([let_('s', 'f32', subgroupReduce('add', c.f32(1)))]), /subgroup_reduce outside/);
  verifyKernel(simt([let_('t', 'i32', special('thread_id')), barrier(), store('y', v('t', 'i32'), subgroupReduce('add', c.f32(1)))]));
});

test('barrier under thread-dependent control flow is rejected, uniform control flow is fine', () => {
  const t = v('t', 'i32');
  rejects(simt([let_('t', 'i32', special('thread_id')), if_(lt(t, 4), [barrier()])]),
    /barrier under thread-dependent control flow/);
  rejects(simt([forLoop('i', special('thread_id'), 64, [barrier()])]), /barrier under thread-dependent/);
  verifyKernel(simt([let_('g', 'i32', special('group_id')), if_(lt(v('g', 'i32'), 4), [barrier()])]));
});

test('vl only with scalable vectors', () => {
  const S = vec('f32', 'vl');
  verifyKernel(cpu([let_('n', 'i32', setvl(param('K'), 'f32')), let_('a', S, load('x', 0, S, { vl: v('n', 'i32') }))]));
  rejects(cpu([let_('a', S, load('x', 0, S))]), /scalable type f32xvl needs a vl/);
  rejects(cpu([let_('a', F16, load('x', 0, F16, { vl: c.i32(4) }))]), /vl given for the fixed type f32x16/);
});

test('unary and select on scalable vectors take the strip\'s vl', () => {
  const S = vec('f32', 'vl');
  const n = v('n', 'i32');
  const setup = [let_('n', 'i32', setvl(param('K'), 'f32')), let_('a', S, load('x', 0, S, { vl: n }))];
  const a = v('a', S);
  verifyKernel(cpu([...setup,
    let_('s', S, withVl(unary('sqrt', a), n)),
    let_('m', S, withVl(select(withVl(lt(a, v('s', S)), n), a, v('s', S)), n)),
    store('y', 0, v('m', S), { vl: n })]));
  rejects(cpu([...setup, let_('s', S, unary('exp', a))]), /exp: scalable type f32xvl needs a vl/);
  rejects(cpu([...setup, let_('s', S, select(withVl(lt(a, a), n), a, a))]), /select: scalable type f32xvl needs a vl/);
  rejects(cpu([let_('s', F16, withVl(unary('abs', broadcast(0, F16)), c.i32(4)))]), /abs: vl given for the fixed type f32x16/);
  assert.throws(() => withVl(reduce('max', broadcast(0, F16)), c.i32(4)), /reduce takes its vl in its own builder/);
});

test('a fill value goes with masked and vl loads, typed as the element', () => {
  const S = vec('f32', 'vl');
  verifyKernel(cpu([
    letMut('m', F16, load('x', 0, F16, { mask: 3, fill: -Infinity })),
    assign('m', max(v('m', F16), load('x', 16, F16, { mask: param('K'), fill: reduce('max', v('m', F16)) }))),
    let_('n', 'i32', setvl(param('K'), 'f32')),
    let_('s', S, load('x', 0, S, { vl: v('n', 'i32'), fill: Infinity })),
  ]));
  rejects(cpu([let_('m', F16, load('x', 0, F16, { fill: 0 }))]), /fill without a mask or vl/);
  rejects(cpu([let_('m', F16, load('x', 0, F16, { mask: 3, fill: c.i32(0) }))]), /fill is i32, not the element type f32/);
  rejects(cpu([let_('m', F16, load('x', 0, F16, { mask: 3, fill: broadcast(0, F16) }))]), /fill is f32x16/);
  rejects(cpu([let_('m', F16, load('x', 0, F16, { mask: 3, fill: v('z', 'f32') }))]), /'z' used before its declaration/);
});

test('subgroup operations, calls and atomics are typed', () => {
  const rw: Kernel = { ...simt([]), params: [...simt([]).params, bufferParam('n', 'i32', 'readwrite')] };
  const with_ = (body: Stmt[]): Kernel => ({ ...rw, body });
  verifyKernel(with_([
    store('y', 0, subgroupShuffle(c.f32(1), special('thread_id'))),
    store('y', 1, subgroupBroadcast(c.f32(1), 3)),
    atomicAdd('n', 0, c.i32(1), { result: 'old' }),
    atomicCas('n', 0, v('old', 'i32'), c.i32(2)),
    store('y', 2, call('f16_to_f32', [c.u32(0)], 'f32')),
  ]));
  rejects(with_([store('y', 0, subgroupBroadcast(c.f32(1), 3)), store('y', 0, subgroupShuffle(c.f32(1), c.f32(0)))]), /lane must be a scalar integer/);
  rejects(with_([store('y', 0, { op: 'subgroup_shuffle', mode: 'broadcast', a: c.f32(1), lane: special('thread_id'), type: 'f32' })]), /not a constant/);
  rejects(with_([store('y', 0, cast(subgroupReduce('min', c('f16', 1)), 'f32'))]), /subgroup_reduce of f16/);
  rejects(with_([store('y', 0, call('no_such_helper', [], 'f32'))]), /unknown call 'no_such_helper'/);
  rejects(with_([store('y', 0, call('f16_to_f32', [c.f32(0)], 'f32'))]), /takes f16_to_f32\(u32\) -> f32/);
  rejects(with_([atomicAdd('y', 0, c.f32(1))]), /not a readwrite buffer/);
  rejects(with_([atomicAdd('n', 0, c.u32(1))]), /holds i32, not u32/);
  rejects(with_([atomicMax('n', 0, c.f32(1))]), /atomic max of f32/);
  rejects(with_([{ op: 'atomic', fn: 'cas', buffer: 'n', index: c.i32(0), value: c.i32(1) }]), /needs the value to compare/);
  rejects(cpu([allocDynamic('t', 'f32', 4)]), /workgroup memory outside a simt kernel/);
});
