/**
 * Test support: runs a freestanding hvx artifact under qemu-hexagon without the exec package (codegen
 * may not depend on it). The inputs are compiled in as byte arrays, the outputs start as NaN bytes,
 * `_start` calls the dispatches in order and writes the one output buffer to stdout through the Linux
 * write syscall (trap0, number in r6).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sizedBuffers, type KernelArtifact } from '@kforge/target';

const run = promisify(execFile);

const PLATFORM = `
static long kf_sys(long nr, long a0, long a1, long a2) {
  register long r0 __asm__("r0") = a0;
  register long r1 __asm__("r1") = a1;
  register long r2 __asm__("r2") = a2;
  register long r6 __asm__("r6") = nr;
  __asm__ volatile("trap0(#1)" : "+r"(r0) : "r"(r1), "r"(r2), "r"(r6) : "memory");
  return r0;
}
__attribute__((no_builtin)) void *memset(void *d, int c, unsigned n) { unsigned char *p = d; while (n--) *p++ = (unsigned char)c; return d; }
/* the integer division libcalls clang emits (Hexagon has no divide instruction) */
static unsigned long long kf_udiv(unsigned long long n, unsigned long long d, unsigned long long *r) {
  unsigned long long q = 0, rem = 0;
  for (int i = 63; i >= 0; i--) { rem = (rem << 1) | ((n >> i) & 1); if (rem >= d) { rem -= d; q |= 1ull << i; } }
  *r = rem;
  return q;
}
int __hexagon_divsi3(int n, int d) {
  unsigned long long r, q = kf_udiv(n < 0 ? -(long long)n : n, d < 0 ? -(long long)d : d, &r);
  return (n < 0) != (d < 0) ? -(int)q : (int)q;
}
int __hexagon_modsi3(int n, int d) {
  unsigned long long r;
  kf_udiv(n < 0 ? -(long long)n : n, d < 0 ? -(long long)d : d, &r);
  return n < 0 ? -(int)r : (int)r;
}
unsigned __hexagon_udivsi3(unsigned n, unsigned d) { unsigned long long r; return (unsigned)kf_udiv(n, d, &r); }
unsigned __hexagon_umodsi3(unsigned n, unsigned d) { unsigned long long r; kf_udiv(n, d, &r); return (unsigned)r; }
__attribute__((no_builtin)) void *memcpy(void *restrict d, const void *restrict s, unsigned n) { unsigned char *p = d; const unsigned char *q = s; while (n--) *p++ = *q++; return d; }
`;

function programSource(artifact: KernelArtifact, inputs: Readonly<Record<string, Uint8Array>>, output: string): string {
  const lines = [`#include "${Object.keys(artifact.files)[0]}"`, PLATFORM];
  const buffers = sizedBuffers(artifact);
  for (const b of buffers) {
    const bytes = Math.ceil(Math.max(b.bytes, 1) / 128) * 128;
    const data = b.role === 'in' ? ` = { ${Array.from(inputs[b.name]!).join(',')} }` : '';
    lines.push(`static unsigned char ${b.name}_bytes[${bytes}] __attribute__((aligned(128)))${data};`);
  }
  lines.push('__attribute__((noreturn, used)) void _start(void) {');
  for (const b of buffers.filter((x) => x.role === 'out')) lines.push(`  memset(${b.name}_bytes, 0xff, ${b.bytes});`);
  const scalars = new Map(artifact.scalars.map((s) => [s.name, s.value]));
  for (const d of artifact.dispatches) lines.push(`  ${d.entry}(${d.args.map((a) => (scalars.has(a) ? String(scalars.get(a)) : `(void*)${a}_bytes`)).join(', ')});`);
  const out = buffers.find((b) => b.name === output)!;
  lines.push(`  for (unsigned done = 0; done < ${out.bytes};) { long n = kf_sys(64, 1, (long)(${output}_bytes + done), ${out.bytes} - done); if (n <= 0) break; done += n; }`);
  lines.push('  for (;;) kf_sys(93, 0, 0, 0);', '}');
  return lines.join('\n');
}

/** The bytes of output `output` after one run under qemu-hexagon (-cpu v67). */
export async function runHvxArtifact(artifact: KernelArtifact, inputs: Readonly<Record<string, Uint8Array>>, output = 'o'): Promise<Uint8Array> {
  const dir = mkdtempSync(join(tmpdir(), 'kf-hvx-run-'));
  try {
    for (const [name, text] of Object.entries(artifact.files)) writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, 'main.c'), programSource(artifact, inputs, output));
    await run('clang-19', ['--target=hexagon-unknown-linux-musl', '-mv67', '-mhvx', '-mhvx-length=128b', '-O2', '-std=gnu11', '-ffreestanding',
      '-nostdlib', '-static', '-fuse-ld=lld', 'main.c', '-o', 'k'], { cwd: dir });
    const { stdout } = await run('qemu-hexagon', ['-cpu', 'v67', './k'], { cwd: dir, encoding: 'buffer', maxBuffer: 64 << 20 });
    return new Uint8Array(stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
