/**
 * Test support: runs a hosted CPU artifact (rvv) under qemu-riscv64 at a given VLEN without the exec
 * package (codegen may not depend on it): a C main that reads each input buffer from a file, fills
 * the outputs with NaN bytes, calls the dispatches in order and writes the outputs back.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sizedBuffers, type KernelArtifact } from '@kforge/target';

const run = promisify(execFile);

function mainSource(artifact: KernelArtifact): string {
  const buffers = sizedBuffers(artifact);
  const lines = ['#include <stdio.h>', '#include <stdlib.h>', '#include <string.h>', `#include "${Object.keys(artifact.files)[0]}"`, 'int main(void) {'];
  for (const b of buffers) {
    lines.push(`  void* ${b.name} = calloc(1, ${Math.ceil(Math.max(b.bytes, 1) / 16) * 16});`);
    if (b.role === 'in') lines.push(`  { FILE* f = fopen("in_${b.name}.bin", "rb"); if (!f || fread(${b.name}, 1, ${b.bytes}, f) != ${b.bytes}) return 3; fclose(f); }`);
    else lines.push(`  memset(${b.name}, 0xff, ${b.bytes});`);
  }
  for (const s of artifact.scalars) lines.push(`  const int32_t ${s.name}_v = ${s.value};`);
  const scalars = new Set(artifact.scalars.map((s) => s.name));
  for (const d of artifact.dispatches) lines.push(`  ${d.entry}(${d.args.map((a) => (scalars.has(a) ? `${a}_v` : a)).join(', ')});`);
  for (const b of buffers.filter((x) => x.role === 'out')) {
    lines.push(`  { FILE* f = fopen("out_${b.name}.bin", "wb"); fwrite(${b.name}, 1, ${b.bytes}, f); fclose(f); }`);
  }
  lines.push('  return 0;', '}');
  return lines.join('\n');
}

/** The output buffers' bytes after one run at `vlen`. */
export async function runRvvArtifact(artifact: KernelArtifact, inputs: Readonly<Record<string, Uint8Array>>, vlen: number): Promise<Record<string, Uint8Array>> {
  const dir = mkdtempSync(join(tmpdir(), 'kf-rvv-run-'));
  try {
    for (const [name, text] of Object.entries(artifact.files)) writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, 'main.c'), mainSource(artifact));
    for (const [name, bytes] of Object.entries(inputs)) writeFileSync(join(dir, `in_${name}.bin`), bytes);
    await run('clang-19', ['--target=riscv64-linux-gnu', '-march=rv64gcv', '-O2', '-std=gnu11', '-fuse-ld=lld', 'main.c', '-o', 'k', '-lm'], { cwd: dir });
    await run('qemu-riscv64', ['-cpu', `rv64,v=true,vext_spec=v1.0,vlen=${vlen}`, '-L', '/usr/riscv64-linux-gnu', './k'], { cwd: dir });
    const out: Record<string, Uint8Array> = {};
    for (const b of sizedBuffers(artifact)) if (b.role === 'out') out[b.name] = new Uint8Array(readFileSync(join(dir, `out_${b.name}.bin`)));
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
