import { OPS, type OpDef, type ParamSpec, type TensorSpec } from '@kforge/ir';
import type { Command } from '../command.ts';
import { println } from '../command.ts';
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

function describeOp(op: OpDef): string[] {
  const lines = [`${op.name}: ${op.doc}`, '  params:'];
  lines.push(...formatRows(op.params.map((p) => [p.name, typeText(p), defaultText(p), p.doc]), '    '));
  if (op.constraints.length) {
    lines.push('  constraints:');
    lines.push(...formatRows(op.constraints.map((c) => [c.expr, c.message]), '    '));
  }
  lines.push('  tensors:');
  lines.push(...formatRows(op.tensors.map((t) => [t.role, t.name, `[${t.shape.join(', ')}]`, dtypeText(op, t),
    t.when ? `(when ${t.when}) ${t.doc}` : t.doc]), '    '));
  lines.push('  knobs:');
  lines.push(...formatRows(op.knobs.map((k) => [k.name, k.values.join('|'), k.doc]), '    '));
  return lines;
}

/** The operator definition as data: everything but the reference function. */
function opJson(op: OpDef): object {
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
  };
}

export const opsCommand: Command = {
  name: 'ops',
  summary: 'list the operators: params (types, defaults), constraints, tensors (shapes, dtypes), knobs',
  usage: 'ops [--json]',
  args: { positionals: [], options: { json: { kind: 'flag', doc: 'print {"ops": [...]} as JSON' } } },
  run(args) {
    const ops = Object.values(OPS);
    if (args.flag('json')) {
      println(JSON.stringify({ ops: ops.map(opJson) }, null, 2));
      return;
    }
    println(ops.flatMap((op) => [...describeOp(op), '']).join('\n').trimEnd());
  },
};
