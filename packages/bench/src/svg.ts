/** A few SVG primitives for the report's plots: scales, axes with ticks, and escaped text. */

export function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export interface Scale {
  (v: number): number;
  readonly ticks: readonly number[];
  readonly format: (v: number) => string;
}

const fmt = (v: number): string => (Math.abs(v) >= 100 || v === Math.round(v) ? v.toFixed(0) : Math.abs(v) >= 1 ? v.toFixed(1) : v.toPrecision(2));

/** Maps [lo, hi] (log10) onto [from, to] pixels; ticks at the powers of ten (and 2, 5 between when few). */
export function logScale(lo: number, hi: number, from: number, to: number): Scale {
  const a = Math.log10(lo);
  const b = Math.log10(hi);
  const f = ((v: number) => from + ((Math.log10(v) - a) / (b - a)) * (to - from)) as Scale;
  const ticks: number[] = [];
  for (let e = Math.floor(a); e <= Math.ceil(b); e++) {
    for (const m of b - a < 2.5 ? [1, 2, 5] : [1]) {
      const t = m * 10 ** e;
      if (t >= lo * 0.999 && t <= hi * 1.001) ticks.push(t);
    }
  }
  return Object.assign(f, { ticks, format: fmt });
}

/** Maps [lo, hi] onto [from, to] pixels with about `count` round ticks. */
export function linearScale(lo: number, hi: number, from: number, to: number, count = 5): Scale {
  const f = ((v: number) => from + ((v - lo) / (hi - lo || 1)) * (to - from)) as Scale;
  const raw = (hi - lo) / count;
  const mag = 10 ** Math.floor(Math.log10(raw || 1));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? raw;
  const ticks: number[] = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) ticks.push(Number(t.toPrecision(12)));
  return Object.assign(f, { ticks, format: fmt });
}

export interface Frame {
  readonly width: number;
  readonly height: number;
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

/** Axes, grid lines, tick labels and axis titles for a plot area. */
export function axes(fr: Frame, x: Scale | null, y: Scale | null, xTitle: string, yTitle: string): string {
  const parts: string[] = [];
  const x0 = fr.left;
  const x1 = fr.width - fr.right;
  const y0 = fr.height - fr.bottom;
  const y1 = fr.top;
  for (const t of x?.ticks ?? []) {
    const px = x!(t).toFixed(1);
    parts.push(`<line x1="${px}" y1="${y0}" x2="${px}" y2="${y1}" class="grid"/>`);
    parts.push(`<text x="${px}" y="${y0 + 16}" text-anchor="middle" class="tick">${x!.format(t)}</text>`);
  }
  for (const t of y?.ticks ?? []) {
    const py = y!(t).toFixed(1);
    parts.push(`<line x1="${x0}" y1="${py}" x2="${x1}" y2="${py}" class="grid"/>`);
    parts.push(`<text x="${x0 - 6}" y="${Number(py) + 4}" text-anchor="end" class="tick">${y!.format(t)}</text>`);
  }
  parts.push(`<line x1="${x0}" y1="${y0}" x2="${x1}" y2="${y0}" class="axis"/>`);
  parts.push(`<line x1="${x0}" y1="${y0}" x2="${x0}" y2="${y1}" class="axis"/>`);
  parts.push(`<text x="${(x0 + x1) / 2}" y="${fr.height - 6}" text-anchor="middle" class="title">${escapeXml(xTitle)}</text>`);
  parts.push(`<text transform="translate(14 ${(y0 + y1) / 2}) rotate(-90)" text-anchor="middle" class="title">${escapeXml(yTitle)}</text>`);
  return parts.join('\n');
}
