import { InputError, OPS, getOp, resolveParams, type KnobSpace, type OpDef, type ParamSpec, type TensorSpec } from '@kforge/ir';
import type { TargetName } from '@kforge/target';
import { parseTarget } from '../args.ts';
import type { Command } from '../command.ts';
import { println } from '../command.ts';
import { readJsonOption } from '../files.ts';
import { formatRows } from '../table.ts';

function typeText(p: ParamSpec): string {
  const t = p.type;
  if (t.kind === 'enum') return t.values.join('|');
  if (t.kind === 'bool') return 'bool';
  const range = t.min !== undefined && t.max !== undefined ? ` in [${t.min}, ${t.max}]`
    : t.min !== undefined ? ` >= ${t.min}` : t.max !== undefined ? ` <= ${t.max}` : '';
  return `${t.kind}${range}`;
}

function defaultText(p: ParamSpec): string {
  if (p.default === undefined) return 'required';
  return typeof p.default === 'object' ? `= ${p.default.expr}` : `= ${JSON.stringify(p.default)}`;
}

function dtypeText(op: OpDef, t: TensorSpec): string {
  if (t.formatParam !== undefined) return `format '${t.formatParam}'`;
  if (typeof t.dtype === 'string') return t.dtype;
  const param = op.params.find((p) => p.name === (t.dtype as { param: string }).param);
  return param ? `'${param.name}' (${typeText(param)})` : `'${t.dtype.param}'`;
}

function describeOp(op: OpDef, targets: readonly TargetName[]): string[] {
  const lines = [`${op.name}: ${op.doc}`, '  params:'];
  lines.push(...formatRows(op.params.map((p) => [p.name, typeText(p), defaultText(p), p.doc]), '    '));
  if (op.constraints.length) {
    lines.push('  constraints:');
    lines.push(...formatRows(op.constraints.map((c) => [c.expr, c.message]), '    '));
  }
  lines.push('  tensors:');
  lines.push(...formatRows(op.tensors.map((t) => [t.role, t.name, `[${t.shape.join(', ')}]`, dtypeText(op, t),
    t.when ? `(when ${t.when}) ${t.doc}` : t.doc]), '    '));
  lines.push('  knobs (domains per target and params: kforge ops OP --target T --params P):');
  lines.push(...formatRows(op.knobs.map((k) => [k.name, k.doc]), '    '));
  lines.push(`  kernels: ${targets.length ? targets.join(', ') : 'none yet (float64 reference only)'}`);
  return lines;
}

/** One lowering's knob space for these params: domains, defaults and how many configs are valid. */
function describeSpace(space: KnobSpace, valid: number, total: number): string[] {
  return [
    ...formatRows(space.knobs.map((k) => [k.name, k.values.map((v) => JSON.stringify(v)).join('|'),
      `default ${JSON.stringify(space.defaults[k.name])}`, k.doc]), '  '),
    `  ${valid} of ${total} configs satisfy the constraints`,
  ];
}

/** The operator definition as data: everything but the reference function. */
function opJson(op: OpDef, targets: readonly TargetName[]): object {
  return {
    name: op.name,
    doc: op.doc,
    params: op.params.map((p) => ({ name: p.name, type: p.type, default: p.default ?? null, doc: p.doc })),
    constraints: op.constraints,
    tensors: op.tensors.map((t) => ({
      name: t.name, role: t.role, shape: t.shape, dtype: t.dtype,
      format: t.formatParam ?? null, when: t.when ?? null, doc: t.doc,
    })),
    knobs: op.knobs,
    targets,
  };
}

export const opsCommand: Command = {
  name: 'ops',
  summary: 'list the operators: params, constraints, tensors, knobs and the targets with kernels; with --target and --params, one kernel\'s knob space',
  usage: 'ops [OP...] [--target T --params P] [--json]',
  args: {
    positionals: ['OP...'],
    options: {
      json: { kind: 'flag', doc: 'print {"ops": [...]} (or the knob space) as JSON' },
      target: { kind: 'value', doc: 'with --params: show the knob space of this target\'s kernel' },
      params: { kind: 'value', doc: 'operator parameters (JSON or @file.json) for --target' },
    },
  },
  async run(args) {
    const ops = args.positionals.length ? args.positionals.map((name) => getOp(name)) : Object.values(OPS);
    const { LOWERINGS, loweringFor } = await import('@kforge/driver');
    const targetsOf = (op: OpDef): TargetName[] => LOWERINGS.filter((l) => l.op === op.name).flatMap((l) => l.targets);
    const targetText = args.optional('target');
    const paramsText = args.optional('params');
    if (targetText !== undefined || paramsText !== undefined) {
      if (targetText === undefined || paramsText === undefined) throw new InputError('ops: --target and --params go together');
      if (ops.length !== 1) throw new InputError('ops: --target and --params need exactly one OP');
      const op = ops[0]!;
      const target = parseTarget(targetText);
      const params = resolveParams(op, readJsonOption('params', paramsText));
      const space = loweringFor(op.name, target).knobs(target, params);
      const { SearchSpace } = await import('@kforge/autotune');
      const valid = new SearchSpace(space).size;
      const total = space.knobs.reduce((n, k) => n * k.values.length, 1);
      if (args.flag('json')) {
        println(JSON.stringify({ op: op.name, target, params, knobs: space.knobs, defaults: space.defaults, valid, total }, null, 2));
        return;
      }
      println([`${op.name} on ${target}, params ${JSON.stringify(params)}:`, ...describeSpace(space, valid, total)].join('\n'));
      return;
    }
    if (args.flag('json')) {
      println(JSON.stringify({ ops: ops.map((op) => opJson(op, targetsOf(op))) }, null, 2));
      return;
    }
    println(ops.flatMap((op) => [...describeOp(op, targetsOf(op)), '']).join('\n').trimEnd());
  },
};
