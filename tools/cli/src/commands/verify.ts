import { CheckError, getOp, InputError, NMSE_BOUNDS, F32_BOUND_OVERRIDES } from '@kforge/ir';
import { executorsFor } from '@kforge/exec';
import { parseTarget } from '../args.ts';
import type { Command } from '../command.ts';
import { println } from '../command.ts';
import { formatTable } from '../table.ts';

/** The conformance matrix of the lowering registry, executed on everything that runs here. */
export const verifyCommand: Command = {
  name: 'verify',
  summary: 'run the conformance matrix (op x target x format x shapes x configs) and print nmse per case',
  usage: 'verify [--op OP,...] [--target T,...] [--full] [--configs N] [--json]',
  args: {
    positionals: [],
    options: {
      op: { kind: 'value', doc: 'comma-separated operators (default: all with kernels)' },
      target: { kind: 'value', doc: 'comma-separated targets (default: all)' },
      full: { kind: 'flag', doc: "each op's full conformance set (gemv: every act x bias per shape, every format on GPU targets; slower)" },
      configs: { kind: 'value', doc: 'configs per shape: the default plus N-1 drawn from the knob space (default 2)' },
      json: { kind: 'flag', doc: 'print the results as JSON' },
    },
  },
  async run(args) {
    const { conformanceMatrix, runConformance, describeCase } = await import('@kforge/driver');
    const ops = args.optional('op')?.split(',').map((o) => getOp(o).name);
    const targets = args.optional('target')?.split(',').map(parseTarget);
    const configsText = args.optional('configs');
    const configs = configsText === undefined ? 2 : Number(configsText);
    if (!Number.isInteger(configs) || configs < 1) throw new InputError(`--configs must be a positive integer, got '${configsText}'`);
    const cases = conformanceMatrix({
      ...(ops ? { ops } : {}), ...(targets ? { targets } : {}),
      level: args.flag('full') ? 'full' : 'ci', configs,
      // every variant an executor declares (e.g. RVV at VLEN 128, 256, 512) is covered
      variants: (t) => executorsFor(t)[0]?.variants ?? [{}],
    });
    if (cases.length === 0) throw new InputError('verify: no kernels match the given --op/--target');
    const json = args.flag('json');
    if (!json) {
      println('accuracy bounds (SPEC section 4, nmse vs the float64 reference):');
      for (const [k, v] of Object.entries(NMSE_BOUNDS)) println(`  ${k.padEnd(18)} <= ${v.toExponential(0)}`);
      for (const [op, v] of Object.entries(F32_BOUND_OVERRIDES)) println(`  ${`${op} (f32)`.padEnd(18)} <= ${v.toExponential(0)}`);
      println(`running ${cases.length} cases`);
    }
    const results = await runConformance(cases, (r) => {
      if (!json && r.status !== 'pass') println(`  ${r.status.toUpperCase()}: ${describeCase(r.case)}: ${r.message}`);
    });
    if (json) {
      println(JSON.stringify(results.map((r) => ({ ...r.case, status: r.status, nmse: r.nmse, bound: r.bound, executor: r.executor, mode: r.mode, detail: r.detail, message: r.message, ms: r.ms })), null, 1));
    } else {
      // one row per case, as ggml's test-backend-ops prints them
      const short = (o: Readonly<Record<string, unknown>>) => Object.entries(o).map(([k, x]) => `${k}=${String(x)}`).join(',') || '-';
      const caseRows = results.map((r) => {
        const v = Object.entries(r.case.variant).map(([k, x]) => `${k}=${x}`).join(',');
        return [
          r.case.op, r.case.target + (v ? `[${v}]` : ''), short(r.case.params), short(r.case.config), r.executor ?? '-',
          r.nmse === undefined || Number.isNaN(r.nmse) ? '-' : r.nmse.toExponential(1), r.bound === undefined ? '-' : r.bound.toExponential(0),
          r.status === 'fail' || r.status === 'error' ? r.status.toUpperCase() : r.status, r.ms.toFixed(0),
        ];
      });
      for (const line of formatTable(['op', 'target', 'params', 'config', 'executor', 'nmse', 'bound', 'status', 'ms'], caseRows)) println(line);
      println();
      // then one row per (target, executor, variant): counts and the worst nmse
      const groups = new Map<string, typeof results>();
      for (const r of results) {
        const v = Object.entries(r.case.variant).map(([k, x]) => `${k}=${x}`).join(',');
        const key = [r.case.op, r.case.target + (v ? `[${v}]` : ''), r.executor ?? '-', r.mode ?? '-'].join('\t');
        groups.set(key, [...(groups.get(key) ?? []), r]);
      }
      const rows = [...groups].map(([key, rs]) => {
        const worst = Math.max(...rs.filter((r) => r.nmse !== undefined && !Number.isNaN(r.nmse)).map((r) => r.nmse! / r.bound!), 0);
        const count = (s: string) => rs.filter((r) => r.status === s).length;
        const status = count('unavailable') === rs.length ? 'unavailable' : count('pass') === rs.length ? 'pass' : 'FAIL';
        return [...key.split('\t'), String(rs.length), String(count('pass')), String(count('fail') + count('error')), worst ? worst.toExponential(1) : '-', status];
      });
      for (const line of formatTable(['op', 'target', 'executor', 'mode', 'cases', 'pass', 'fail', 'worst nmse/bound', 'status'], rows)) println(line);
    }
    const failed = results.filter((r) => r.status === 'fail' || r.status === 'error');
    if (failed.length) throw new CheckError(`verify: ${failed.length} of ${results.length} cases failed`);
  },
};
