import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runProcess } from '@kforge/exec';
import { writeRuntimeBundle } from './runtime-bundle.ts';

test('the runtime bundle: both libraries packed, their check projects, shared cases, a run.sh bash accepts, under 5 MiB', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kforge-runtime-bundle-'));
  try {
    const { bytes, kernels } = await writeRuntimeBundle(dir);
    assert.ok(bytes < 5 << 20, `${bytes} bytes`);
    assert.ok(kernels.cuda >= 2 * 2 * 6, 'every bucket of 2 formats x bias/no bias has a cuda kernel');
    for (const target of ['cuda', 'avx512']) {
      const listing = (await runProcess('tar', ['tzf', join(dir, target, 'lib.tar.gz')], { timeoutMs: 60_000 })).stdout;
      for (const file of ['lib/include/kforge.h', 'lib/src/kforge_dispatch.c', 'lib/CMakeLists.txt']) assert.ok(listing.includes(file), `${target}: ${file}`);
      assert.match(readFileSync(join(dir, target, 'app', 'CMakeLists.txt'), 'utf8'), /add_subdirectory\("\$\{CMAKE_CURRENT_SOURCE_DIR\}\/..\/lib" kforge\)/);
      const cases = readFileSync(join(dir, target, 'cases.txt'), 'utf8').trim().split('\n');
      for (const line of cases) {
        const [name, , , M, N, K] = line.split(' ');
        assert.ok(existsSync(join(dir, 'cases', `${name}.x`)) && existsSync(join(dir, 'cases', `${name}.ref`)), `${target}: inputs of ${name}`);
        assert.equal(statSync(join(dir, 'cases', `${name}.ref`)).size, 8 * Number(M) * Number(N), `${name}: float64 reference`);
        assert.ok(Number(K) > 0);
      }
      assert.match(cases[0]!, /^tuned_decode q4_0 f32 1 256 512 0 1 \{/);
    }
    assert.match(readFileSync(join(dir, 'cuda', 'cases.txt'), 'utf8'), /^tuned_decode .*"split_k":2/m, 'the tuned cuda decode is split-K');
    // cuda's attention, gated_delta_rule and moe calls through kf_call, their inputs beside the gemv cases
    const calls = readFileSync(join(dir, 'cuda', 'calls.txt'), 'utf8').trim().split('\n');
    for (const op of ['attention', 'gated_delta_rule', 'moe']) assert.ok(calls.some((l) => l.split(' ')[1]!.startsWith(`kf_${op}_`)), `a call of ${op}`);
    assert.ok(calls.some((l) => / a\d+:/.test(l)), 'a state updated in place');
    for (const line of calls) {
      const [name, , status] = line.split(' ');
      assert.ok(existsSync(join(dir, 'cases', `${name}.t0`)), `input of ${name}`);
      if (status === '0') assert.ok(readFileSync(join(dir, 'cuda', 'calls.txt'), 'utf8').includes(name!) && existsSync(join(dir, 'cases', `${name}.t${line.split(' ').slice(6).findIndex((t) => /^[oa]/.test(t))}.ref`)), `reference of ${name}`);
    }
    assert.ok(!existsSync(join(dir, 'avx512', 'calls.txt')), 'the avx512 library serves gemv only here');
    const lint = await runProcess('bash', ['-n', join(dir, 'run.sh')], { timeoutMs: 10_000 });
    assert.equal(lint.code, 0, lint.stderr);
    assert.ok(statSync(join(dir, 'run.sh')).mode & 0o100, 'run.sh is executable');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
