import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { IMPL_COLORS, LABEL_CHAR_PX, WIDE_SPREAD, renderMarkdown, renderReport, spreadOf, tunedPairs, wrapLabel } from './report.ts';
import { fakeCase, fakeFile, fakeMeasurement } from './test-support.ts';

/** Decodes an 8-bit RGB or RGBA, non-interlaced PNG (what Chromium's screenshot writes) to RGBA pixels. */
function decodePng(png: Buffer): { width: number; height: number; rgba: Uint8Array } {
  assert.equal(png.subarray(0, 8).toString('hex'), '89504e470d0a1a0a', 'not a PNG');
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      assert.equal(data[8], 8, 'bit depth');
      assert.equal(data[12], 0, 'interlace');
      channels = ({ 2: 3, 6: 4 } as Record<number, number>)[data[9]!]!;
      assert.ok(channels, `colour type ${data[9]}`);
    } else if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const px = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x++) {
      const v = raw[y * (stride + 1) + 1 + x]!;
      const a = x >= channels ? px[y * stride + x - channels]! : 0;
      const b = y > 0 ? px[(y - 1) * stride + x]! : 0;
      const c = x >= channels && y > 0 ? px[(y - 1) * stride + x - channels]! : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      px[y * stride + x] = (v + [0, a, b, (a + b) >> 1, paeth][filter]!) & 255;
    }
  }
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    for (let k = 0; k < 3; k++) rgba[i * 4 + k] = px[i * channels + k]!;
    rgba[i * 4 + 3] = channels === 4 ? px[i * channels + 3]! : 255;
  }
  return { width, height, rgba };
}

const hex = (r: number, g: number, b: number): string => `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

function chromium(args: string[], profile: string): string {
  return execFileSync('chromium', [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', `--user-data-dir=${profile}`, ...args,
  ], { encoding: 'utf8', timeout: 120_000, stdio: ['ignore', 'pipe', 'pipe'] });
}

test('report: self-contained HTML whose plots render in headless Chromium', () => {
  const cases = ['gemv/q_proj/2048x1024/M1/f32', 'gemv/down_proj/1024x3072/M1/f32', 'gemv/lm_head/151936x1024/M1/q8_0'].map((id, i) => fakeCase(id, [
    fakeMeasurement('kforge', 1 + i, i, { bytes: 8e6 * (i + 1) }),
    fakeMeasurement('openblas', 1.3 + i, 10 + i, { bytes: 8e6 * (i + 1) }),
    fakeMeasurement('naive-c', 3 + i, 20 + i, { bytes: 8e6 * (i + 1) }),
  ]));
  const tuned = fakeFile([fakeCase(cases[0]!.id, [fakeMeasurement('kforge', 0.8, 5, { configSource: 'tuned', bytes: 8e6 })])]);
  const html = renderReport([{ name: 'default.json', file: fakeFile(cases) }, { name: 'tuned.json', file: tuned }]);
  assert.doesNotMatch(html, /<script|https?:\/\/(?!www\.w3\.org\/2000\/svg)/, 'no scripts and no network references');
  for (const cls of ['roofline', 'speedup', 'bandwidth', 'tuned']) assert.match(html, new RegExp(`<svg class="plot ${cls}"`), cls);

  const dir = mkdtempSync(join(tmpdir(), 'kforge-report-'));
  try {
    const page = join(dir, 'report.html');
    writeFileSync(page, html);
    const dom = chromium(['--dump-dom', `file://${page}`], join(dir, 'profile-dom'));
    // file 1: roofline, speedup, bandwidth; file 2 (no baselines): roofline, bandwidth; then tuned vs default
    assert.equal((dom.match(/<svg class="plot /g) ?? []).length, 6);
    assert.ok((dom.match(/<circle /g) ?? []).length >= 10, 'roofline points in the rendered DOM');

    const png = join(dir, 'shot.png');
    chromium([`--screenshot=${png}`, '--window-size=1200,1600', `file://${page}`], join(dir, 'profile-shot'));
    const { width, height, rgba } = decodePng(readFileSync(png));
    assert.deepEqual([width, height], [1200, 1600]);
    const colours = new Map<string, number>();
    for (let i = 0; i < width * height; i++) {
      const c = hex(rgba[i * 4]!, rgba[i * 4 + 1]!, rgba[i * 4 + 2]!);
      colours.set(c, (colours.get(c) ?? 0) + 1);
    }
    assert.ok(colours.size > 50, `only ${colours.size} distinct colours: the page looks blank`);
    // the bars are drawn in exactly the implementation colours: each must cover a visible area
    for (const impl of ['kforge', 'openblas', 'naive-c']) {
      const n = colours.get(IMPL_COLORS[impl]!) ?? 0;
      assert.ok(n > 200, `${impl} colour ${IMPL_COLORS[impl]} covers only ${n} pixels`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('report: Markdown tables and tuned-against-default pairs, interleaved within one file or across two', () => {
  const ab = fakeCase('gemv/a/64x256/M1/q4_0', [
    fakeMeasurement('kforge', 0.8, 1, { configSource: 'given' }),
    fakeMeasurement('kforge-default', 1.0, 2),
    fakeMeasurement('openblas', 1.2, 3),
  ]);
  const plain = fakeCase('gemv/b/64x256/M1/f32', [fakeMeasurement('kforge', 2, 4), fakeMeasurement('openblas', 3, 5)]);
  const tuned = fakeCase('gemv/b/64x256/M1/f32', [fakeMeasurement('kforge', 1.6, 6, { configSource: 'tuned' })]);
  const pairs = tunedPairs([fakeFile([ab, plain]), fakeFile([tuned])]);
  assert.deepEqual(pairs.map((p) => [p.id, p.interleaved]), [['gemv/a/64x256/M1/q4_0', true], ['gemv/b/64x256/M1/f32', false]]);
  assert.ok(Math.abs(pairs[0]!.defaultMs / pairs[0]!.tunedMs - ab.measurements[1]!.median_ms / ab.measurements[0]!.median_ms) < 1e-12);

  const md = renderMarkdown([{ name: 'x.json', file: fakeFile([ab, plain, { ...plain, id: 'gemv/c', status: 'skipped', reason: 'no kernel', measurements: [], speedup: {} }]) }]);
  const header = md.split('\n').find((l) => l.startsWith('| case'))!;
  assert.equal(header, '| case | kforge median ms | GB/s | of ceiling | vs kforge-default | vs openblas | IQR ms | n | rotate |');
  const row = md.split('\n').find((l) => l.startsWith('| gemv/b/'))!.split('|').map((c) => c.trim());
  const k = plain.measurements[0]!;
  assert.deepEqual(row.slice(2, 7), [k.median_ms.toFixed(2), k.gbps.toFixed(1), `${(100 * k.fraction_of_ceiling).toFixed(0)}%`, '-', `${plain.speedup.openblas!.toFixed(2)}x`]);
  assert.match(md, /\| gemv\/c \| skipped: no kernel \|/);
  assert.match(md, /2 threads, OMP_PROC_BIND=close, OMP_PLACES=cores; read probe start 20\.0 GB\/s/);
});

test('report: flags a dirty tree and wide spreads, labels roofline points and both probe lines, and wraps long case names', () => {
  const longId = `gemv/${'very_long_layer_name_'.repeat(6)}/151936x1024/M1/q8_0`;
  const quiet = fakeCase('gemv/quiet/64x256/M1/f32', [fakeMeasurement('kforge', 1, 1, { noise: 0.01 }), fakeMeasurement('openblas', 1.5, 2, { noise: 0.01 })]);
  const noisy = fakeCase('gemv/noisy/64x256/M1/f32', [fakeMeasurement('kforge', 1, 3, { noise: 0.4 }), fakeMeasurement('openblas', 1.5, 4, { noise: 0.01 })]);
  const long = fakeCase(longId, [fakeMeasurement('kforge', 2, 5), fakeMeasurement('openblas', 2.5, 6)]);
  assert.ok(spreadOf(noisy.measurements[0]!).wide && !spreadOf(quiet.measurements[0]!).wide && WIDE_SPREAD === 0.1);
  const clean = fakeFile([quiet, long]);
  const dirty = { ...fakeFile([quiet, noisy, long]), provenance: { ...clean.provenance, build_dirty: true } };

  const html = renderReport([{ name: 'dirty.json', file: dirty }]);
  assert.match(html, /<p class="warn dirty">Built from a dirty tree: commit ffffffffffff plus uncommitted changes/);
  assert.match(html, /commit ffffffffffff <b>\(dirty tree\)<\/b>/);
  const spread = html.match(/<div class="warn spread">([\s\S]*?)<\/div>/)?.[1] ?? '';
  assert.match(spread, /in 1 measurement\(s\)/);
  assert.match(spread, /<li>gemv\/noisy\/64x256\/M1\/f32 kforge: IQR \d+% of the median, max\/min \d\.\d\d<\/li>/);
  assert.doesNotMatch(spread, /quiet|openblas/);
  assert.match(html, /<td class="wide" title="IQR \d+% of the median, max\/min \d\.\d\d">\d+% \/ \d\.\d\d wide<\/td>/, 'the table marks the noisy row');
  const cleanHtml = renderReport([{ name: 'clean.json', file: clean }]);
  assert.doesNotMatch(cleanHtml, /class="warn|dirty tree|class="wide"/);

  // roofline points numbered by case, keyed below the plot
  const roofline = html.match(/<svg class="plot roofline"[\s\S]*?<\/svg>/)![0];
  const labels = [...roofline.matchAll(/<\/circle>\n<text class="case-label"[^>]*>(\d+)<\/text>/g)].map((m) => Number(m[1]));
  assert.deepEqual(labels, [1, 1, 2, 2, 3, 3], 'every point carries its case number');
  assert.match(html, /<ol class="cases"><li value="1">gemv\/quiet\/64x256\/M1\/f32<\/li><li value="2">gemv\/noisy\/64x256\/M1\/f32<\/li><li value="3">gemv\/very_long/);
  // the start and end probe lines are drawn differently, each keyed and tagged with what it is
  assert.equal((roofline.match(/<line class="ceiling"/g) ?? []).length, 2, 'start: its line and its key sample');
  assert.equal((roofline.match(/<line class="ceiling second"/g) ?? []).length, 2, 'end: its line and its key sample');
  assert.match(roofline, /dashed: read probe at the start of the run: 20\.0 GB\/s, × intensity/);
  assert.match(roofline, /dotted: read probe at the end of the run: 19\.4 GB\/s, × intensity/);
  assert.match(roofline, />read probe, start<\/text>/);
  assert.match(roofline, />read probe, end<\/text>/);
  const tags = [...roofline.matchAll(/y="([\d.-]+)" text-anchor="end">read probe, (start|end)</g)].map((m) => Number(m[1]));
  assert.ok(Math.abs(tags[0]! - tags[1]!) >= 12, `the two tags do not overlap: ${tags.join(', ')}`);

  // a case id too long for the label column wraps onto lines that fit it; nothing is cut
  const bars = html.match(/<svg class="plot bandwidth"[\s\S]*?<\/svg>/)![0];
  const left = Number(bars.match(/<text class="label" x="([\d.]+)"[^>]*><title>/)![1]) + 6;
  const longLabel = [...bars.matchAll(/<text class="label"[^>]*><title>([^<]*)<\/title>((?:<tspan[^>]*>[^<]*<\/tspan>)+)<\/text>/g)].find((m) => m[1] === longId)!;
  const lines = [...longLabel[2]!.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1]!);
  assert.ok(lines.length >= 2, 'wrapped');
  assert.equal(lines.join(''), longId, 'every character is shown');
  for (const line of lines) assert.ok(12 + line.length * LABEL_CHAR_PX <= left, `'${line}' fits ${left} px`);
  assert.deepEqual(wrapLabel('a/b/c', 10), ['a/b/c']);
  assert.deepEqual(wrapLabel('gemv/q_proj/2048x1024', 12), ['gemv/q_proj/', '2048x1024']);
  assert.deepEqual(wrapLabel('x'.repeat(25), 10), ['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);

  const md = renderMarkdown([{ name: 'dirty.json', file: dirty }]);
  assert.match(md, /- \*\*warning: built from a dirty tree\*\*/);
  assert.match(md, /- \*\*warning: wide spread\*\* \(past 10%\): gemv\/noisy\/64x256\/M1\/f32 kforge: IQR/);
  assert.doesNotMatch(renderMarkdown([{ name: 'clean.json', file: clean }]), /warning/);
});

test('report: a compute-bound case shows its GFLOP/s and fraction of the FMA probe (HTML and Markdown)', () => {
  const k = { ...fakeMeasurement('kforge', 50, 1, { flops: 8.6e9 }), fraction_of_fma_peak: 0.5 };
  const g = fakeMeasurement('ggml', 100, 2, { flops: 8.6e9 });
  const r = { ...fakeCase('attention/self_attn/prefill.S512.f16', [k, g]), op: 'attention', phase: 'prefill', figure: 'gflops' as const };
  const file = {
    ...fakeFile([r]),
    compute_ceilings: [{ name: 'fma_peak' as const, when: 'start' as const, gflops: 344, isa: 'AVX-512 FMA (zmm, 24 accumulators)', threads: 2, flops_per_call: 8e8, median_ms: 2.3, iqr_ms: 0.01 }],
    fma_peak_gflops: 344,
  };
  const md = renderMarkdown([{ name: 'a.json', file }]);
  assert.match(md, /\| case \| kforge median ms \| GB\/s \| of ceiling \| GFLOP\/s \| of FMA probe \| vs ggml \|/);
  assert.match(md, new RegExp(`\\| attention/self_attn/prefill.S512.f16 \\| [0-9.]+ \\| [0-9.]+ \\| [0-9]+% \\| ${k.gflops.toFixed(1)} \\| 50% \\| 2.00x \\|`));
  assert.match(md, /FMA probe start 344.0 GFLOP\/s \(AVX-512 FMA/);
  const html = renderReport([{ name: 'a.json', file }]);
  assert.match(html, /\(50% of FMA\)/);
  assert.ok(IMPL_COLORS.ggml && IMPL_COLORS['ggml-matmul']);
});
