/** Plain-text tables: columns padded to their widest cell, the last column left ragged. */
export function formatRows(rows: readonly (readonly string[])[], indent = ''): string[] {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows.map((r) => indent + r.map((cell, i) => (i < r.length - 1 ? cell.padEnd(widths[i]!) : cell)).join('  ').trimEnd());
}

/** A header row, a rule under it, then the rows. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[], indent = ''): string[] {
  const [head, ...body] = formatRows([header, ...rows], indent);
  return [head!, indent + '-'.repeat(head!.length - indent.length), ...body];
}
