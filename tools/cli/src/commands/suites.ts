/**
 * `kforge bench suites [SUITE...] [--json]`: the benchmark suites of packages/bench/src/suites, each
 * with its case ids (the ids `bench run SUITE --filter RE` matches and `bench compare` pairs results by).
 * Dispatched from cli.ts ahead of `bench`, whose own listing gave only the case counts.
 */
import { InputError } from '@kforge/ir';
import type { Command } from '../command.ts';
import { println } from '../command.ts';

export const benchSuitesCommand: Command = {
  name: 'bench suites',
  summary: 'the benchmark suites (real-model shapes) with their case ids, for bench run SUITE [--filter RE]',
  usage: 'bench suites [SUITE...] [--json]',
  args: {
    positionals: ['SUITE...'],
    options: {
      json: { kind: 'flag', doc: 'one JSON object: the suites with name, doc, source and their cases (id, op, layer, phase, params)' },
    },
  },
  async run(args) {
    const { SUITES, getSuite } = await import('@kforge/bench');
    const suites = args.positionals.length ? args.positionals.map(getSuite) : Object.values(SUITES);
    if (!suites.length) throw new InputError('bench suites: no suites are registered');
    if (args.flag('json')) {
      println(JSON.stringify({ suites: suites.map((s) => ({ name: s.name, doc: s.doc, source: s.source, cases: s.cases })) }));
      return;
    }
    // one write: a reader that stops early (`| head`) sees whole lines
    println(suites.map((s) => [`${s.name}: ${s.cases.length} cases. ${s.doc}`, ...s.cases.map((c) => `  ${c.id}`)].join('\n')).join('\n\n'));
  },
};
