/** Which of a CPU target's ISA features this x86-64 host lacks, read from /proc/cpuinfo. */
import { readFileSync } from 'node:fs';
import { TARGETS } from '@kforge/target';
import type { CpuTargetName } from './toolchains.ts';

/** target feature name (targets.ts) -> the flag Linux prints in /proc/cpuinfo */
const CPUINFO_FLAG: Readonly<Record<string, string>> = {
  avx2: 'avx2', fma: 'fma', f16c: 'f16c',
  avx512f: 'avx512f', avx512bw: 'avx512bw', avx512vl: 'avx512vl', avx512vnni: 'avx512_vnni', avx512bf16: 'avx512_bf16',
};

let hostFlags: ReadonlySet<string> | undefined;

function readHostFlags(): ReadonlySet<string> {
  if (!hostFlags) {
    let text = '';
    try {
      text = readFileSync('/proc/cpuinfo', 'utf8');
    } catch {
      // no /proc (not Linux): every feature counts as missing, which refuses rather than crashes
    }
    hostFlags = new Set(/^flags\s*:(.*)$/m.exec(text)?.[1]?.trim().split(/\s+/) ?? []);
  }
  return hostFlags;
}

/** Features of `target` that the host CPU does not report, as cpuinfo names; empty when it can run. */
export function missingHostFeatures(target: CpuTargetName): string[] {
  const flags = readHostFlags();
  return TARGETS[target].features.map((f) => CPUINFO_FLAG[f] ?? f).filter((f) => !flags.has(f));
}
