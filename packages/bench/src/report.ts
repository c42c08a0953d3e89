/**
 * `kforge bench report`: one self-contained HTML file (inline CSS and SVG drawn here, no script, no
 * network) from one or more results files: per run a roofline of the measured read ceiling with every
 * timed kernel on it, the fraction of the ceiling per case, speedup bars against the baselines of the
 * same run, and tuned against default where both were measured.
 */
import type { BenchFile, CaseResult, Ceiling, Measurement } from './schema.ts';
import { axes, escapeXml, linearScale, logScale, type Frame } from './svg.ts';

export const IMPL_COLORS: Readonly<Record<string, string>> = {
  kforge: '#d62728', 'kforge-default': '#ff9896', openblas: '#1f77b4', 'naive-c': '#2ca02c', ggml: '#17becf', 'ggml-matmul': '#bcbd22', cublas: '#9467bd', pytorch: '#ff7f0e', 'pytorch-int4': '#8c564b', fla: '#e377c2', 'fla-eager': '#f7b6d2', mnn: '#7f7f7f', 'fused-moe': '#393b79', 'fused-moe-kernels': '#6b6ecf', 'fused-moe-eager': '#9c9ede', 'grouped-mm': '#637939', 'pytorch-eager': '#e7ba52',
};
const colorOf = (impl: string): string => IMPL_COLORS[impl] ?? '#7f7f7f';

const CSS = `body{font-family:system-ui,sans-serif;margin:24px;color:#222;max-width:1150px}
h1{font-size:22px}h2{font-size:18px;margin-top:32px;border-bottom:1px solid #ccc}
.meta{font-size:13px;color:#444;line-height:1.5}
svg.plot{background:#fff;border:1px solid #ddd;margin:8px 0}
.grid{stroke:#e6e6e6;stroke-width:1}.axis{stroke:#333;stroke-width:1.2}
.tick{font-size:11px;fill:#444}.title{font-size:12px;fill:#222}.label{font-size:11px;fill:#222}
.ceiling{stroke:#444;stroke-width:2;stroke-dasharray:6 3;fill:none}.ceiling.second{stroke:#8a5a00;stroke-dasharray:2 3}
.ceiling-label{font-size:11px;fill:#444}.ceiling-label.second{fill:#8a5a00}.case-label{font-size:10px;fill:#222}
.warn{background:#fff3cd;border:1px solid #e0b400;padding:4px 8px;font-size:13px;margin:6px 0}td.wide{background:#fff3cd}
ol.cases{font-size:12px;columns:2;margin:4px 0}ol.cases li{overflow-wrap:anywhere}
td:first-child{max-width:360px;overflow-wrap:anywhere}td:not(:first-child){white-space:nowrap}
table{border-collapse:collapse;font-size:12px;margin:8px 0}td,th{border:1px solid #ddd;padding:2px 6px;text-align:right}
td:first-child,th:first-child{text-align:left}figcaption{font-size:12px;color:#555}
.legend span{display:inline-block;margin-right:14px;font-size:12px}.legend i{display:inline-block;width:12px;height:12px;margin-right:4px;vertical-align:-1px}`;

function legend(impls: readonly string[]): string {
  return `<div class="legend">${impls.map((i) => `<span><i style="background:${colorOf(i)}"></i>${escapeXml(i)}</span>`).join('')}</div>`;
}

function svgOpen(fr: Frame, cls: string, label: string): string {
  return `<svg class="plot ${cls}" xmlns="http://www.w3.org/2000/svg" width="${fr.width}" height="${fr.height}" viewBox="0 0 ${fr.width} ${fr.height}" role="img" aria-label="${escapeXml(label)}">`;
}

const ceilingLabel = (c: Ceiling): string => (c.name === 'copy_probe' ? 'copy probe' : c.name === 'cache_probe' ? `cache probe (${c.level ?? 'cache'}, ${c.case ?? 'a case'})` : 'read probe');
const WHEN: Readonly<Record<Ceiling['when'], string>> = { start: 'at the start of the run', end: 'at the end of the run', run: 'in this run' };
/** a bandwidth line's label: which probe, when it ran, what it measured */
export const ceilingLineLabel = (c: Ceiling): string => `${ceilingLabel(c)} ${WHEN[c.when]}: ${c.gbps.toFixed(1)} GB/s`;

/** A spread wider than this (IQR over median, or max over min less one) flags a measurement as noisy. */
export const WIDE_SPREAD = 0.1;

export interface Spread {
  readonly iqrOverMedian: number;
  readonly maxOverMin: number;
  readonly wide: boolean;
}

export function spreadOf(m: Measurement): Spread {
  const iqrOverMedian = m.median_ms > 0 ? m.iqr_ms / m.median_ms : 0;
  const maxOverMin = m.min_ms > 0 ? m.max_ms / m.min_ms : 1;
  return { iqrOverMedian, maxOverMin, wide: iqrOverMedian > WIDE_SPREAD || maxOverMin > 1 + WIDE_SPREAD };
}

const spreadText = (s: Spread): string => `IQR ${(100 * s.iqrOverMedian).toFixed(0)}% of the median, max/min ${s.maxOverMin.toFixed(2)}`;

/** the measurements of a file whose spread is wide, as "case impl: spread" */
export function wideSpreads(file: BenchFile): string[] {
  return file.results.flatMap((r) => r.measurements.flatMap((m) => {
    const s = spreadOf(m);
    return s.wide ? [`${r.id} ${m.impl}: ${spreadText(s)}`] : [];
  }));
}

/**
 * A label as lines of at most `max` characters, broken after a '/', ' ', ',' or '_' where it can be
 * (a case id's parts), else mid-word: nothing is clipped.
 */
export function wrapLabel(label: string, max: number): string[] {
  const lines: string[] = [];
  let rest = label;
  while (rest.length > max) {
    let cut = -1;
    for (let i = max; i > max / 3; i--) {
      if ('/ ,_('.includes(rest[i - 1]!)) {
        cut = i;
        break;
      }
    }
    if (cut < 0) cut = max;
    lines.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  lines.push(rest);
  return lines;
}
const ceilingsText = (file: BenchFile): string => [
  ...file.ceilings.map((c) => `${ceilingLabel(c)} ${c.when} ${c.gbps.toFixed(1)} GB/s`),
  ...(file.compute_ceilings ?? []).map((c) => `FMA probe ${c.when} ${c.gflops.toFixed(1)} GFLOP/s (${c.isa}, ${c.threads} threads)`),
].join(', ');

/** GFLOP/s, with its fraction of the run's FMA probe where one ran */
const gflopsText = (m: Measurement): string => `${m.gflops.toFixed(2)}${m.fraction_of_fma_peak !== undefined ? ` (${(100 * m.fraction_of_fma_peak).toFixed(0)}% of FMA)` : ''}`;

/** how the i-th bandwidth line is drawn */
const lineStyle = (i: number): string => (i % 2 ? 'dotted' : 'dashed');

/** GFLOP/s against arithmetic intensity (log-log) with the measured ceiling(s) as bandwidth lines. */
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
  // each probe line in its own style, keyed in the corner (a sample of the line and what it is) and tagged at its right end
  const tagYs: number[] = [];
  ceilings.forEach((c, i) => {
    const second = i % 2 ? ' second' : '';
    const yLo = Math.max(perfLo, c.gbps * aiLo);
    const yHi = Math.min(perfHi, c.gbps * aiHi);
    const x2 = x(yHi / c.gbps);
    parts.push(`<line class="ceiling${second}" x1="${x(yLo / c.gbps).toFixed(1)}" y1="${y(yLo).toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y(yHi).toFixed(1)}"><title>${escapeXml(ceilingLineLabel(c))}</title></line>`);
    const keyY = fr.top + 14 + 15 * i;
    parts.push(`<line class="ceiling${second}" x1="${fr.left + 10}" y1="${keyY - 4}" x2="${fr.left + 40}" y2="${keyY - 4}"/>`);
    parts.push(`<text class="ceiling-label${second}" x="${fr.left + 46}" y="${keyY}">${escapeXml(`${lineStyle(i)}: ${ceilingLineLabel(c)}, × intensity`)}</text>`);
    // above its own line (which rises to the right), nudged up when another tag is there
    let tagY = y(yHi) - 6;
    while (tagYs.some((other) => Math.abs(other - tagY) < 12)) tagY -= 12;
    tagYs.push(tagY);
    parts.push(`<text class="ceiling-label${second}" x="${(x2 - 4).toFixed(1)}" y="${tagY.toFixed(1)}" text-anchor="end">${escapeXml(`${ceilingLabel(c)}, ${c.when}`)}</text>`);
  });
  const caseNumber = new Map(file.results.map((r, i) => [r.id, i + 1]));
  for (const { r, m, ai } of points) {
    const cx = x(ai);
    const cy = y(m.gflops);
    parts.push(`<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="5" fill="${colorOf(m.impl)}" fill-opacity="0.8" stroke="#000" stroke-width="0.5"><title>${escapeXml(`${r.id} ${m.impl}: ${m.gflops.toFixed(2)} GFLOP/s, ${m.gbps.toFixed(1)} GB/s`)}</title></circle>`);
    parts.push(`<text class="case-label" x="${(cx + 7).toFixed(1)}" y="${(cy + 3.5).toFixed(1)}">${caseNumber.get(r.id)!}</text>`);
  }
  parts.push('</svg>');
  return parts.join('\n');
}

/** the key of the roofline's point labels: each case's number and id */
function caseKey(file: BenchFile): string {
  const items = file.results.flatMap((r, i) => (r.measurements.some((m) => m.gflops > 0 && m.gbps > 0) ? [`<li value="${i + 1}">${escapeXml(r.id)}</li>`] : []));
  return items.length ? `<ol class="cases">${items.join('')}</ol>` : '';
}

interface BarRow {
  readonly label: string;
  readonly bars: readonly { readonly key: string; readonly value: number }[];
}

/**
 * Horizontal grouped bars, one group per row, with a reference line (1.0 speedup, 100% of ceiling).
 * On a log axis (ratios) bars start at the reference, so slower-than-reference bars point left.
 */
/** the bar labels' width per character at 11 px, generously (digits and lower case are narrower) */
export const LABEL_CHAR_PX = 6.3;

export function barsSvg(cls: string, title: string, rows: readonly BarRow[], reference: number, refLabel: string, log = false): string {
  const barH = 9;
  const lineH = 13;
  // room for the longest case id at the 11 px label font (about 6.3 px a character); longer ones wrap onto more lines
  const left = Math.round(Math.min(560, Math.max(330, 12 + LABEL_CHAR_PX * Math.max(0, ...rows.map((r) => r.label.length)))));
  const labels = rows.map((r) => wrapLabel(r.label, Math.floor((left - 12) / LABEL_CHAR_PX)));
  const groupH = Math.max(Math.max(1, ...rows.map((r) => r.bars.length)) * barH, ...labels.map((l) => l.length * lineH)) + 8;
  const fr: Frame = { width: 1100, height: 72 + rows.length * groupH, left, right: 40, top: 22, bottom: 46 };
  const values = rows.flatMap((r) => r.bars.map((b) => b.value)).filter((v) => v > 0);
  const hi = Math.max(reference * 1.2, ...values) * 1.05;
  const x = log
    ? logScale(Math.min(reference / 1.5, ...values) / 1.2, hi * 1.2, fr.left, fr.width - fr.right)
    : linearScale(0, hi, fr.left, fr.width - fr.right);
  const origin = log ? x(reference) : fr.left;
  const parts = [svgOpen(fr, cls, title), axes(fr, x, null, title, '')];
  rows.forEach((row, i) => {
    const top = fr.top + i * groupH + 4;
    const lines = labels[i]!;
    const y0 = top + (row.bars.length * barH) / 2 + 4 - ((lines.length - 1) * lineH) / 2;
    parts.push(`<text class="label" x="${fr.left - 6}" y="${y0.toFixed(1)}" text-anchor="end"><title>${escapeXml(row.label)}</title>${lines.map((l, k) => `<tspan x="${fr.left - 6}" dy="${k ? lineH : 0}">${escapeXml(l)}</tspan>`).join('')}</text>`);
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

export interface TunedPair {
  readonly id: string;
  readonly target: string;
  readonly defaultMs: number;
  readonly tunedMs: number;
  /** timed interleaved in one run (--vs-default), rather than taken from two runs */
  readonly interleaved: boolean;
}

/**
 * kforge's default config against a tuned or given one, per case and target: within one file where
 * both were timed interleaved (impl 'kforge-default' beside 'kforge'), else across files.
 */
export function tunedPairs(files: readonly BenchFile[]): TunedPair[] {
  const pairs: TunedPair[] = [];
  const inFile = new Set<string>();
  for (const f of files) {
    for (const r of timedCases(f)) {
      const k = r.measurements.find((x) => x.impl === 'kforge');
      const d = r.measurements.find((x) => x.impl === 'kforge-default');
      if (!k || !d) continue;
      inFile.add(`${r.id}\0${k.target}`);
      pairs.push({ id: r.id, target: k.target, defaultMs: d.median_ms, tunedMs: k.median_ms, interleaved: true });
    }
  }
  const byKey = new Map<string, { def?: Measurement; tuned?: Measurement }>();
  for (const f of files) {
    for (const r of timedCases(f)) {
      const m = r.measurements.find((x) => x.impl === 'kforge');
      if (!m) continue;
      const key = `${r.id}\0${m.target}`;
      if (inFile.has(key)) continue;
      const slot = byKey.get(key) ?? {};
      if (m.config_source === 'default') slot.def = m;
      else slot.tuned = m;
      byKey.set(key, slot);
    }
  }
  for (const [key, s] of byKey) {
    if (!s.def || !s.tuned) continue;
    const [id, target] = key.split('\0') as [string, string];
    pairs.push({ id, target, defaultMs: s.def.median_ms, tunedMs: s.tuned.median_ms, interleaved: false });
  }
  return pairs;
}

/** What a baseline computed where that differs from kforge's case (format, activations), from its configuration. */
function configNote(m: Measurement): string {
  const c = m.configuration;
  if (typeof c.format === 'string') return c.format;
  return m.impl === 'kforge' || m.impl === 'kforge-default' ? Object.entries(c).map(([k, v]) => `${k}=${v}`).join(' ') : '';
}

function spreadCell(m: Measurement): string {
  const s = spreadOf(m);
  return `<td${s.wide ? ' class="wide"' : ''} title="${escapeXml(spreadText(s))}">${(100 * s.iqrOverMedian).toFixed(0)}% / ${s.maxOverMin.toFixed(2)}${s.wide ? ' wide' : ''}</td>`;
}

function table(file: BenchFile): string {
  const head = '<tr><th>case</th><th>status</th><th>impl</th><th>median ms</th><th>IQR ms</th><th>spread</th><th>n</th><th>GB/s</th><th>of ceiling</th><th>GFLOP/s</th><th>rotate</th><th>nmse</th><th>config / format</th></tr>';
  const rows = file.results.flatMap((r) => {
    if (r.measurements.length === 0) return [`<tr><td>${escapeXml(r.id)}</td><td>${escapeXml(r.status)}</td><td colspan="11" style="text-align:left">${escapeXml(r.reason ?? '')}</td></tr>`];
    return r.measurements.map((m) => `<tr><td>${escapeXml(r.id)}</td><td>${escapeXml(r.status)}</td><td>${escapeXml(m.impl)}</td><td>${m.median_ms.toFixed(4)}</td><td>${m.iqr_ms.toFixed(4)}</td>${spreadCell(m)}<td>${m.repeats}</td><td>${m.gbps.toFixed(1)}</td><td>${(100 * m.fraction_of_ceiling).toFixed(0)}%</td><td>${gflopsText(m)}</td><td>${m.rotate}</td><td>${m.nmse.toExponential(1)}</td><td style="text-align:left">${escapeXml(configNote(m))}</td></tr>`);
  });
  return `<table>${head}${rows.join('')}</table>`;
}

/** How the numbers were taken: the CPU protocol (interleaved, min time) or the GPU bundle's (fixed replays). */
function protocolText(file: BenchFile): string {
  const p = file.protocol;
  if (p.repeats !== undefined) {
    return `median of ${p.repeats} timed CUDA-graph replays (CUDA events) after ${p.warmup ?? 0} warm-up replays, each replay one launch per input copy, inputs rotated through copies of at least ${((p.rotate_bytes ?? 0) / 2 ** 30).toFixed(1)} GiB; ${p.interleaved === false ? 'implementations timed one after another in the same run (not interleaved)' : 'interleaved'}`;
  }
  return `median of timed repeats after ${p.discard} discarded, ${p.min_time_ms} ms per implementation in ${p.rounds} interleaved rounds, inputs rotated past the ${p.l3_bytes ? `${(p.l3_bytes / 2 ** 20).toFixed(0)} MiB ` : ''}L3`;
}

function placementText(file: BenchFile, esc: (s: string) => string = escapeXml): string {
  const a = file.affinity;
  if (a.OMP_PROC_BIND === null && a.OMP_PLACES === null && file.threads === 0) return 'GPU kernels (no CPU threads)';
  return `${file.threads} threads, OMP_PROC_BIND=${esc(String(a.OMP_PROC_BIND))}, OMP_PLACES=${esc(String(a.OMP_PLACES))}${a.cpus_allowed ? `, CPUs ${esc(a.cpus_allowed)}` : ''}${a.note ? ` (${esc(a.note)})` : ''}`;
}

function section(file: BenchFile, name: string): string {
  const p = file.provenance;
  const impls = [...new Set(file.results.flatMap((r) => r.measurements.map((m) => m.impl)))];
  const speedups = speedupRows(file);
  const counts = ['ok', 'skipped', 'incorrect', 'error'].map((s) => `${file.results.filter((r) => r.status === s).length} ${s}`).join(', ');
  const wide = wideSpreads(file);
  const warnings = [
    ...(p.build_dirty ? [`<p class="warn dirty">Built from a dirty tree: commit ${escapeXml(p.build_commit.slice(0, 12))} plus uncommitted changes, so these numbers may not be reproducible from the commit.</p>`] : []),
    ...(wide.length ? [`<div class="warn spread">Wide spread (IQR over the median or max over min past ${(100 * WIDE_SPREAD).toFixed(0)}%) in ${wide.length} measurement(s): their medians are less certain.<ul>${wide.map((w) => `<li>${escapeXml(w)}</li>`).join('')}</ul></div>`] : []),
  ];
  const ceilingKind = file.ceilings.some((c) => c.name === 'copy_probe') ? 'device-to-device copy bandwidth (bytes read + written)' : 'read bandwidth the probe measured';
  return `<section class="run">
<h2>${escapeXml(file.suite ?? 'single case')} on ${escapeXml(file.target)} — ${escapeXml(name)}</h2>
<div class="meta">${escapeXml(p.cpu_info)}${p.gpu_info ? `; ${escapeXml(p.gpu_info)}` : ''}; ISA ${escapeXml(p.machine.isa_flags.join(' '))}<br>
${placementText(file)}; ${escapeXml(ceilingsText(file))}<br>
commit ${escapeXml(p.build_commit.slice(0, 12))}${p.build_dirty ? ' <b>(dirty tree)</b>' : ''}, kforge ${escapeXml(p.kforge_version)}, ${escapeXml(p.started_at)} to ${escapeXml(p.finished_at)}${p.bundle ? `<br>GPU bundle: ${escapeXml(p.bundle.run_command)}; ${escapeXml(Object.entries(p.bundle.tools).map(([k, v]) => `${k} ${v}`).join(', '))}` : ''}<br>
protocol: ${escapeXml(protocolText(file))}; cases: ${counts}</div>
${warnings.join('\n')}
${legend(impls)}
<figure>${rooflineSvg(file)}<figcaption>Roofline: each timed kernel at its arithmetic intensity, numbered by case (below); the lines: the ${ceilingKind} in this run, each labelled with its probe and when it ran.${caseKey(file)}</figcaption></figure>
<figure>${speedups.length ? barsSvg('speedup', 'speedup of kforge, log scale (baseline median / kforge median)', speedups, 1, '1.0 = parity', true) : '<p>No baseline applies to these cases.</p>'}<figcaption>Speedup against the baselines timed in the same run${file.protocol.interleaved === false ? ' (one after another)' : ', interleaved'}; a baseline of another format says so in the table's last column.</figcaption></figure>
<figure>${barsSvg('bandwidth', 'fraction of the measured ceiling', fractionRows(file), 1, 'ceiling')}<figcaption>Bytes moved over the median time, over the ${ceilingKind}.</figcaption></figure>
${table(file)}
</section>`;
}

export function renderReport(files: readonly { name: string; file: BenchFile }[]): string {
  const pairs = tunedPairs(files.map((f) => f.file));
  const tuned = pairs.length
    ? barsSvg('tuned', 'speedup of the tuned config over the default (default median / tuned median)', pairs.map((p) => ({ label: `${p.id} (${p.target}${p.interleaved ? ', interleaved' : ', two runs'})`, bars: [{ key: 'kforge', value: p.defaultMs / p.tunedMs }] })), 1, '1.0 = default', true)
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

/**
 * The same files as Markdown tables (per run: where and how it was measured, then one row per case
 * with kforge's median, bandwidth, fraction of the ceiling and the speedup over each baseline), so a
 * README can show a real report that `kforge bench report ... --markdown F.md` regenerates.
 */
export function renderMarkdown(files: readonly { name: string; file: BenchFile }[]): string {
  const out = ['<!-- written by `kforge bench report ... --markdown`: regenerate, do not edit -->', ''];
  for (const { name, file } of files) {
    const p = file.provenance;
    const baselines = [...new Set(file.results.flatMap((r) => Object.keys(r.speedup)))];
    // microseconds where every case is under a millisecond (GPU kernels), else milliseconds
    const timedMs = file.results.flatMap((r) => r.measurements.map((m) => m.median_ms));
    const [unit, scale] = timedMs.length && Math.max(...timedMs) < 1 ? ['us', 1000] : ['ms', 1];
    const ms = (v: number): string => {
      const x = v * scale;
      return x >= 1 ? x.toFixed(2) : x >= 0.01 ? x.toFixed(4) : x.toPrecision(3);
    };
    out.push(`### ${file.suite ?? 'single case'} on ${file.target} (\`${name}\`)`, '');
    out.push(`- machine: ${p.cpu_info}${p.gpu_info ? `; ${p.gpu_info}` : ''}`);
    out.push(`- ${placementText(file, (x) => x)}; ${ceilingsText(file)}; ${p.load_average.start.length ? `load average ${p.load_average.start.join('/')} at the start, ${p.load_average.end.join('/')} at the end` : 'load average not recorded'}`);
    out.push(`- protocol: ${protocolText(file)}`);
    out.push(`- commit ${p.build_commit.slice(0, 12)}${p.build_dirty ? ' (dirty tree)' : ''}, ${p.started_at} to ${p.finished_at}; command: \`${p.command.join(' ')}\``);
    if (p.build_dirty) out.push('- **warning: built from a dirty tree** (uncommitted changes): the numbers may not be reproducible from the commit');
    const wide = wideSpreads(file);
    if (wide.length) out.push(`- **warning: wide spread** (past ${(100 * WIDE_SPREAD).toFixed(0)}%): ${wide.join('; ')}`);
    out.push('');
    // compute-bound cases (figure 'gflops') add GFLOP/s and the fraction of the FMA probe
    const compute = file.results.some((r) => r.figure === 'gflops');
    const [cHead, cRule] = compute ? [' GFLOP/s | of FMA probe |', ' ---: | ---: |'] : ['', ''];
    out.push(`| case | kforge median ${unit} | GB/s | of ceiling |${cHead} ${baselines.map((b) => `vs ${b}`).join(' | ')}${baselines.length ? ' | ' : ''}IQR ${unit} | n | rotate |`);
    out.push(`| --- | ---: | ---: | ---: |${cRule} ${baselines.map(() => '---:').join(' | ')}${baselines.length ? ' | ' : ''}---: | ---: | ---: |`);
    for (const r of file.results) {
      const k = r.measurements[0];
      if (r.status !== 'ok' || !k) {
        out.push(`| ${r.id} | ${r.status}: ${(r.reason ?? '').replace(/\|/g, '/')} | | |${compute ? ' | |' : ''} ${baselines.map(() => '').join(' | ')}${baselines.length ? ' | ' : ''} | | |`);
        continue;
      }
      const vs = baselines.map((b) => (r.speedup[b as ImplNameKey] !== undefined ? `${r.speedup[b as ImplNameKey]!.toFixed(2)}x` : '-'));
      const c = compute ? ` ${k.gflops.toFixed(1)} | ${k.fraction_of_fma_peak !== undefined ? `${(100 * k.fraction_of_fma_peak).toFixed(0)}%` : '-'} |` : '';
      out.push(`| ${r.id} | ${ms(k.median_ms)} | ${k.gbps.toFixed(1)} | ${(100 * k.fraction_of_ceiling).toFixed(0)}% |${c} ${vs.join(' | ')}${baselines.length ? ' | ' : ''}${ms(k.iqr_ms)} | ${k.repeats} | ${k.rotate} |`);
    }
    const notes = [...new Set(file.results.flatMap((r) => r.measurements.slice(1).map((m) => (typeof m.configuration.format === 'string' ? `${m.impl}: ${m.configuration.format.replace(/ \(kforge's case is \w+\)| \(another format than kforge's \w+; its own random data\)/, '')}` : ''))).filter(Boolean))];
    if (notes.length) out.push('', ...notes.map((n) => `- ${n}`));
    out.push('');
  }
  return out.join('\n');
}

type ImplNameKey = keyof CaseResult['speedup'];
