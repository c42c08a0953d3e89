/**
 * Device fingerprints from what a machine says about itself: /proc/cpuinfo (x86 and Arm Linux,
 * Android) and the compiler's banner. Only ISA features that change generated code are kept, so an
 * unrelated kernel flag (a new mitigation) does not split the database.
 */
import type { ExecutorName } from '@kforge/target';
import type { DeviceFingerprint } from '../database.ts';

const ISA_FEATURE = /^(sse\d\w*|ssse3|avx\w*|fma|f16c|bmi\d|amx\w*|asimd\w*|fphp|sve\w*|i8mm|bf16|svebf16|dotprod|rvv|v)$/;

function field(cpuinfo: string, name: string): string[] {
  const re = new RegExp(`^${name}\\s*:\\s*(.*)$`, 'gm');
  return [...cpuinfo.matchAll(re)].map((m) => m[1]!.trim()).filter(Boolean);
}

/** CPU model (x86 'model name', Arm 'Hardware' or implementer/part ids) and its SIMD features, sorted. */
export function parseCpuinfo(cpuinfo: string): { device: string; features: string[] } {
  const model = field(cpuinfo, 'model name')[0] ?? field(cpuinfo, 'Hardware')[0];
  const parts = [...new Set(field(cpuinfo, 'CPU part'))];
  const implementer = field(cpuinfo, 'CPU implementer')[0];
  const device = model ?? (parts.length ? `arm implementer ${implementer ?? '?'} parts ${parts.join('+')}` : 'unknown CPU');
  const flags = field(cpuinfo, 'flags')[0] ?? field(cpuinfo, 'Features')[0] ?? field(cpuinfo, 'isa')[0] ?? '';
  const features = [...new Set(flags.split(/\s+/).filter((f) => ISA_FEATURE.test(f)))].sort();
  return { device, features };
}

/**
 * 'gcc (Debian 12.2.0-14) 12.2.0' -> 'gcc 12.2.0'; 'Debian clang version 19.1.7 (...)' -> 'clang 19.1.7'.
 * GCC names itself after the command that ran it, so `cc --version` (what a remote reports) says
 * 'cc (Debian 12.2.0-14) 12.2.0'; clang always says 'clang version'. Both name gcc, so a machine's
 * remote, farm and local records share its fingerprint.
 */
export function compilerFromBanner(banner: string): string {
  const line = banner.trim().split('\n')[0] ?? '';
  const version = /(\d+\.\d+(?:\.\d+)?)/.exec(line)?.[1] ?? '?';
  const name = /clang/i.test(line) ? 'clang' : /\bgcc\b|GCC|^cc \(/.test(line) ? 'gcc' : /nvcc|NVIDIA/.test(line) ? 'nvcc' : (line.split(/\s+/)[0] || 'unknown compiler');
  return `${name} ${version}`;
}

export function cpuFingerprint(cpuinfo: string, compilerBanner: string, executor: ExecutorName, variant?: string): DeviceFingerprint {
  const { device, features } = parseCpuinfo(cpuinfo);
  return { device, features, compiler: compilerFromBanner(compilerBanner), executor, ...(variant ? { variant } : {}) };
}

/** Splits the output of MACHINE_REPORT_COMMAND (job.ts) into a fingerprint. */
export function fingerprintFromMachineReport(report: string, executor: ExecutorName, variant?: string): DeviceFingerprint {
  const [cpuinfo = '', banner = ''] = report.split('@@kforge-cc\n');
  return cpuFingerprint(cpuinfo, banner, executor, variant);
}
