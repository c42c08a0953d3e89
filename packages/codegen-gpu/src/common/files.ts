/** The source files of a GPU artifact from its lowered kernels: one way for every op. */
import type { Kernel } from '@kforge/ir';
import { renderKernel } from '@kforge/codegen-core';
import { GPU_DIALECTS } from '../dialects/index.ts';
import { renderWgsl } from '../wgsl/render.ts';
import type { GpuTarget } from '../gemv/knobs.ts';

const FILE_EXTENSION: Readonly<Record<GpuTarget, string>> = { cuda: 'cu', opencl: 'cl', vulkan: 'comp', wgsl: 'wgsl', metal: 'metal' };

/**
 * GLSL and WGSL: one file per kernel (named after it, as their hosts load one module per pipeline); the
 * others one translation unit `<unit>.<ext>`, the dialect preamble once, then every kernel.
 */
export function renderGpuFiles(target: GpuTarget, kernels: readonly Kernel[], unit: string, wgsl: Parameters<typeof renderWgsl>[1] = {}): Record<string, string> {
  const ext = FILE_EXTENSION[target];
  if (target === 'wgsl') return Object.fromEntries(kernels.map((k) => [`${k.name}.${ext}`, renderWgsl(k, wgsl)]));
  const dialect = GPU_DIALECTS[target];
  if (target === 'vulkan') return Object.fromEntries(kernels.map((k) => [`${k.name}.${ext}`, renderKernel(k, dialect)]));
  const shared = `${dialect.preamble.trimEnd()}\n\n`;
  const text = kernels.map((k, i) => {
    const source = renderKernel(k, dialect);
    return i > 0 && source.startsWith(shared) ? source.slice(shared.length) : source;
  }).join('\n');
  return { [`${unit}.${ext}`]: onDemandOnce(text, Object.values(dialect.onDemand ?? {})) };
}

/** Each kernel renders the on-demand helpers it uses; in one translation unit a helper is defined once, where it first appears. */
function onDemandOnce(text: string, helpers: readonly string[]): string {
  let kept = text;
  for (const h of helpers) {
    const first = kept.indexOf(h);
    if (first < 0) continue;
    const after = first + h.length;
    kept = kept.slice(0, after) + kept.slice(after).split(`${h}\n`).join('');
  }
  return kept;
}
