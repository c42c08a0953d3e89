/**
 * `kforge bench report`: one self-contained HTML file (inline CSS and SVG drawn here, no script, no
 * network) from one or more results files: per run a roofline of the measured read ceiling with every
 * timed kernel on it, the fraction of the ceiling per case, speedup bars against the baselines of the
 * same run, and tuned against default where both were measured.
 */
import type { BenchFile, CaseResult, Measurement } from './schema.ts';
import { axes, escapeXml, linearScale, logScale, type Frame } from './svg.ts';

export const IMPL_COLORS: Readonly<Record<string, string>> = { kforge: '#d62728', openblas: '#1f77b4', 'naive-c': '#2ca02c' };
const colorOf = (impl: string): string => IMPL_COLORS[impl] ?? '#7f7f7f';

const CSS = `body{font-family:system-ui,sans-serif;margin:24px;color:#222;max-width:1150px}
h1{font-size:22px}h2{font-size:18px;margin-top:32px;border-bottom:1px solid #ccc}
.meta{font-size:13px;color:#444;line-height:1.5}
svg.plot{background:#fff;border:1px solid #ddd;margin:8px 0}
.grid{stroke:#e6e6e6;stroke-width:1}.axis{stroke:#333;stroke-width:1.2}
.tick{font-size:11px;fill:#444}.title{font-size:12px;fill:#222}.label{font-size:11px;fill:#222}
.ceiling{stroke:#444;stroke-width:2;stroke-dasharray:6 3;fill:none}
table{border-collapse:collapse;font-size:12px;margin:8px 0}td,th{border:1px solid #ddd;padding:2px 6px;text-align:right}
td:first-child,th:first-child{text-align:left}figcaption{font-size:12px;color:#555}
.legend span{display:inline-block;margin-right:14px;font-size:12px}.legend i{display:inline-block;width:12px;height:12px;margin-right:4px;vertical-align:-1px}`;

function legend(impls: readonly string[]): string {
  return `<div class="legend">${impls.map((i) => `<span><i style="background:${colorOf(i)}"></i>${escapeXml(i)}</span>`).join('')}</div>`;
}

function svgOpen(fr: Frame, cls: string, label: string): string {
  return `<svg class="plot ${cls}" xmlns="http://www.w3.org/2000/svg" width="${fr.width}" height="${fr.height}" viewBox="0 0 ${fr.width} ${fr.height}" role="img" aria-label="${escapeXml(label)}">`;
}

/** GFLOP/s against arithmetic intensity (log-log) with the read ceiling(s) as bandwidth lines. */
export function rooflineSvg(file: BenchFile): string {
  const points = file.results.flatMap((r) => r.measurements.filter((m) => m.gflops > 0 && m.gbps > 0).map((m) => ({ r, m, ai: m.gflops / m.gbps })));
  const fr: Frame = { width: 1100, height: 420, left: 70, right: 30, top: 20, bottom: 46 };
  if (points.length === 0) return '<p>No timed kernel with a FLOP count in this run.</p>';
  const ceilings = file.ceilings.filter((c) => c.gbps > 0);
  const aiLo = Math.min(...points.map((p) => p.ai)) / 2;
  const aiHi = Math.max(...points.map((p) => p.ai)) * 2;
  const perfHi = Math.max(...points.map((p) => p.m.gflops), ...ceilings.map((c) => c.gbps * aiHi)) * 1.5;
  const perfLo = Math.min(...points.map((p) => p.m.gflops)) / 2;
  const x = logScale(aiLo, aiHi, fr.left, fr.width - fr.right);
  const y = logScale(perfLo, perfHi, fr.height - fr.bottom, fr.top);
  const parts = [svgOpen(fr, 'roofline', `roofline of ${file.suite ?? 'run'}`), axes(fr, x, y, 'arithmetic intensity (FLOP per byte moved)', 'GFLOP/s')];
  for (const c of ceilings) {
    const yLo = Math.max(perfLo, c.gbps * aiLo);
    const yHi = Math.min(perfHi, c.gbps * aiHi);
    parts.push(`<line class="ceiling" x1="${x(yLo / c.gbps).toFixed(1)}" y1="${y(yLo).toFixed(1)}" x2="${x(yHi / c.gbps).toFixed(1)}" y2="${y(yHi).toFixed(1)}"><title>read probe (${c.when}): ${c.gbps.toFixed(1)} GB/s</title></line>`);
  }
  const ceilingText = ceilings.map((c) => `${c.when} ${c.gbps.toFixed(1)} GB/s`).join(', ');
  parts.push(`<text class="label" x="${fr.left + 10}" y="${fr.top + 14}">dashed: read bandwidth of the probe (${escapeXml(ceilingText)}) × intensity</text>`);
  for (const { r, m, ai } of points) {
    parts.push(`<circle cx="${x(ai).toFixed(1)}" cy="${y(m.gflops).toFixed(1)}" r="5" fill="${colorOf(m.impl)}" fill-opacity="0.8" stroke="#000" stroke-width="0.5"><title>${escapeXml(`${r.id} ${m.impl}: ${m.gflops.toFixed(2)} GFLOP/s, ${m.gbps.toFixed(1)} GB/s`)}</title></circle>`);
  }
  parts.push('</svg>');
  return parts.join('\n');
}

interface BarRow {
  readonly label: string;
  readonly bars: readonly { readonly key: string; readonly value: number }[];
}

/**
 * Horizontal grouped bars, one group per row, with a reference line (1.0 speedup, 100% of ceiling).
 * On a log axis (ratios) bars start at the reference, so slower-than-reference bars point left.
 */
export function barsSvg(cls: string, title: string, rows: readonly BarRow[], reference: number, refLabel: string, log = false): string {
  const barH = 9;
  const groupH = Math.max(1, ...rows.map((r) => r.bars.length)) * barH + 8;
  const fr: Frame = { width: 1100, height: 72 + rows.length * groupH, left: 330, right: 40, top: 22, bottom: 46 };
  const values = rows.flatMap((r) => r.bars.map((b) => b.value)).filter((v) => v > 0);
  const hi = Math.max(reference * 1.2, ...values) * 1.05;
  const x = log
    ? logScale(Math.min(reference / 1.5, ...values) / 1.2, hi * 1.2, fr.left, fr.width - fr.right)
    : linearScale(0, hi, fr.left, fr.width - fr.right);
  const origin = log ? x(reference) : fr.left;
  const parts = [svgOpen(fr, cls, title), axes(fr, x, null, title, '')];
  rows.forEach((row, i) => {
    const top = fr.top + i * groupH + 4;
    parts.push(`<text class="label" x="${fr.left - 6}" y="${top + (row.bars.length * barH) / 2 + 4}" text-anchor="end">${escapeXml(row.label)}</text>`);
    row.bars.forEach((b, j) => {
      const end = b.value > 0 ? x(b.value) : origin;
      const w = Math.max(0.5, Math.abs(end - origin));
      parts.push(`<rect x="${Math.min(origin, end).toFixed(1)}" y="${top + j * barH}" width="${w.toFixed(1)}" height="${barH - 1}" fill="${colorOf(b.key)}"><title>${escapeXml(`${row.label} ${b.key}: ${b.value.toFixed(3)}`)}</title></rect>`);
    });
  });
  const rx = x(reference).toFixed(1);
  parts.push(`<line x1="${rx}" y1="${fr.top}" x2="${rx}" y2="${fr.height - fr.bottom}" stroke="#000" stroke-width="1.5" stroke-dasharray="4 3"/>`);
  parts.push(`<text class="label" x="${Number(rx) + 4}" y="${fr.top - 8}">${escapeXml(refLabel)}</text>`);
  parts.push('</svg>');
  return parts.join('\n');
}

const timedCases = (file: BenchFile): CaseResult[] => file.results.filter((r) => r.status === 'ok' && r.measurements.length > 0);

function speedupRows(file: BenchFile): BarRow[] {
  return timedCases(file).filter((r) => Object.keys(r.speedup).length > 0).map((r) => ({
    label: r.id,
    bars: Object.entries(r.speedup).map(([impl, s]) => ({ key: impl, value: s! })),
  }));
}

function fractionRows(file: BenchFile): BarRow[] {
  return timedCases(file).map((r) => ({ label: r.id, bars: r.measurements.map((m) => ({ key: m.impl, value: m.fraction_of_ceiling })) }));
}

/** Pairs of kforge measurements of one case and target, default config against tuned/given, across all files. */
export function tunedPairs(files: readonly BenchFile[]): { id: string; target: string; defaultMs: number; tunedMs: number }[] {
  const byKey = new Map<string, { def?: Measurement; tuned?: Measurement }>();
  for (const f of files) {
    for (const r of timedCases(f)) {
      const m = r.measurements.find((x) => x.impl === 'kforge');
      if (!m) continue;
      const key = `${r.id}\0${m.target}`;
      const slot = byKey.get(key) ?? {};
      if (m.config_source === 'default') slot.def = m;
      else slot.tuned = m;
      byKey.set(key, slot);
    }
  }
  return [...byKey].filter(([, s]) => s.def && s.tuned).map(([key, s]) => {
    const [id, target] = key.split('\0') as [string, string];
    return { id, target, defaultMs: s.def!.median_ms, tunedMs: s.tuned!.median_ms };
  });
}

function table(file: BenchFile): string {
  const head = '<tr><th>case</th><th>status</th><th>impl</th><th>median ms</th><th>IQR ms</th><th>n</th><th>GB/s</th><th>of probe</th><th>GFLOP/s</th><th>rotate</th><th>nmse</th></tr>';
  const rows = file.results.flatMap((r) => {
    if (r.measurements.length === 0) return [`<tr><td>${escapeXml(r.id)}</td><td>${escapeXml(r.status)}</td><td colspan="9" style="text-align:left">${escapeXml(r.reason ?? '')}</td></tr>`];
    return r.measurements.map((m) => `<tr><td>${escapeXml(r.id)}</td><td>${escapeXml(r.status)}</td><td>${escapeXml(m.impl)}</td><td>${m.median_ms.toFixed(4)}</td><td>${m.iqr_ms.toFixed(4)}</td><td>${m.repeats}</td><td>${m.gbps.toFixed(1)}</td><td>${(100 * m.fraction_of_ceiling).toFixed(0)}%</td><td>${m.gflops.toFixed(2)}</td><td>${m.rotate}</td><td>${m.nmse.toExponential(1)}</td></tr>`);
  });
  return `<table>${head}${rows.join('')}</table>`;
}

function section(file: BenchFile, name: string): string {
  const p = file.provenance;
  const impls = [...new Set(file.results.flatMap((r) => r.measurements.map((m) => m.impl)))];
  const ceilings = file.ceilings.map((c) => `${c.when} ${c.gbps.toFixed(1)} GB/s`).join(', ');
  const speedups = speedupRows(file);
  const counts = ['ok', 'skipped', 'incorrect', 'error'].map((s) => `${file.results.filter((r) => r.status === s).length} ${s}`).join(', ');
  return `<section class="run">
<h2>${escapeXml(file.suite ?? 'single case')} on ${escapeXml(file.target)} — ${escapeXml(name)}</h2>
<div class="meta">${escapeXml(p.cpu_info)}${p.gpu_info ? `; ${escapeXml(p.gpu_info)}` : ''}; ISA ${escapeXml(p.machine.isa_flags.join(' '))}<br>
${file.threads} threads, OMP_PROC_BIND=${escapeXml(String(file.affinity.OMP_PROC_BIND))}, OMP_PLACES=${escapeXml(String(file.affinity.OMP_PLACES))}; read probe ${escapeXml(ceilings)}<br>
commit ${escapeXml(p.build_commit.slice(0, 12))}${p.build_dirty ? ' (dirty)' : ''}, kforge ${escapeXml(p.kforge_version)}, ${escapeXml(p.started_at)} to ${escapeXml(p.finished_at)}<br>
protocol: median of timed repeats after ${file.protocol.discard} discarded, ${file.protocol.min_time_ms} ms per implementation in ${file.protocol.rounds} interleaved rounds, inputs rotated past the ${file.protocol.l3_bytes ? `${(file.protocol.l3_bytes / 2 ** 20).toFixed(0)} MiB ` : ''}L3; cases: ${counts}</div>
${legend(impls)}
<figure>${rooflineSvg(file)}<figcaption>Roofline: each timed kernel at its arithmetic intensity; dashed: the read bandwidth the probe measured in this run.</figcaption></figure>
<figure>${speedups.length ? barsSvg('speedup', 'speedup of kforge, log scale (baseline median / kforge median)', speedups, 1, '1.0 = parity', true) : '<p>No baseline applies to these cases.</p>'}<figcaption>Speedup against the baselines timed in the same run, interleaved.</figcaption></figure>
<figure>${barsSvg('bandwidth', 'fraction of the measured read ceiling', fractionRows(file), 1, 'probe')}<figcaption>Bytes moved over the median time, over the read probe.</figcaption></figure>
${table(file)}
</section>`;
}

export function renderReport(files: readonly { name: string; file: BenchFile }[]): string {
  const pairs = tunedPairs(files.map((f) => f.file));
  const tuned = pairs.length
    ? barsSvg('tuned', 'speedup of the tuned config over the default (default median / tuned median)', pairs.map((p) => ({ label: `${p.id} (${p.target})`, bars: [{ key: 'kforge', value: p.defaultMs / p.tunedMs }] })), 1, '1.0 = default', true)
    : '<p>No case was measured both with the default and a tuned or given config in these files.</p>';
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>kforge benchmark report</title><style>${CSS}</style></head>
<body>
<h1>kforge benchmark report</h1>
<p class="meta">${files.length} result file(s): ${files.map((f) => escapeXml(f.name)).join(', ')}. Every number is a median of timed repeats on the named executor; see docs/benchmarks/SCHEMA.md for the fields.</p>
${files.map((f) => section(f.file, f.name)).join('\n')}
<h2>Tuned against default</h2>
${tuned}
</body></html>
`;
}
