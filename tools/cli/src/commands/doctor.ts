import type { Command } from '../command.ts';
import { println } from '../command.ts';
import { formatTable } from '../table.ts';

export const doctorCommand: Command = {
  name: 'doctor',
  summary: 'for each target: executes natively, emulated, compile-only or unavailable here, with tool versions',
  usage: 'doctor [--json]',
  args: { positionals: [], options: { json: { kind: 'flag', doc: 'print the report as JSON' } } },
  async run(args) {
    const { doctor } = await import('@kforge/exec');
    const report = await doctor();
    if (args.flag('json')) {
      println(JSON.stringify(report, null, 2));
      return;
    }
    println(`kforge doctor (${report.probedAt})\n`);
    const rows = report.targets.map((t) => [
      t.target, t.status, t.executor ?? '-',
      t.variants.filter((v) => Object.keys(v).length).map((v) => Object.entries(v).map(([k, x]) => `${k}=${x}`).join(',')).join(' ') || '-',
      Object.entries(t.versions).map(([tool, v]) => `${tool} ${v}`).join(', ') || '-',
    ]);
    println(formatTable(['target', 'status', 'executor', 'variants', 'tools'], rows).join('\n'));
    const notes = report.targets.filter((t) => t.reason).map((t) => `  ${t.target}: ${t.reason}`);
    if (notes.length) println(`\nnotes:\n${notes.join('\n')}`);
    const missing = Object.entries(report.tools).filter(([, v]) => v === null).map(([tool]) => tool);
    if (missing.length) println(`\ntools not found: ${missing.join(', ')}`);
  },
};
