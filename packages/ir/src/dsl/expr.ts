/**
 * The small expression language of the operator DSL: shapes (`['B', 'Hq', 'Sq', 'D']`), defaults
 * (`'1/sqrt(D)'`), constraints (`'Hq % Hkv == 0'`) and `when` conditions (`"routing == 'router'"`).
 *
 * - Literals: integers (`32`), floats (`1.0`, `1e-6`), strings in single quotes without escapes
 *   (`'router'`), `true`, `false`. Identifiers name params; an unknown identifier is an error.
 * - Operators, loosest first: `||`, `&&`, `== !=`, `< <= > >=`, `+ -`, `* / %`, unary `- !`.
 *   Functions: `sqrt(x)`, `min(a, b, ...)`, `max(a, b, ...)`.
 * - Values are typed int, float, bool or string. A number param counts as an int when its value is
 *   integral. int (+ - * %) int is an int. int / int is exact integer division and an error when it
 *   does not divide (shapes never silently round); with a float on either side `/` is ordinary
 *   division, so `1/sqrt(D)` is a float. `%` takes ints only. `sqrt` always gives a float.
 * - `&&`, `||`, `!` take bools; `==` and `!=` need both sides of the same kind (a number compared
 *   with a string is an error, which catches misspelled enum tests).
 */
import { InputError } from '../errors.ts';
import type { ParamValue } from './op.ts';

export type BinaryOperator = '||' | '&&' | '==' | '!=' | '<' | '<=' | '>' | '>=' | '+' | '-' | '*' | '/' | '%';
export type ExprFunction = 'sqrt' | 'min' | 'max';

export type ExprNode =
  | { readonly kind: 'number'; readonly value: number; readonly isInt: boolean }
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'bool'; readonly value: boolean }
  | { readonly kind: 'ident'; readonly name: string }
  | { readonly kind: 'unary'; readonly op: '-' | '!'; readonly arg: ExprNode }
  | { readonly kind: 'binary'; readonly op: BinaryOperator; readonly left: ExprNode; readonly right: ExprNode }
  | { readonly kind: 'call'; readonly fn: ExprFunction; readonly args: readonly ExprNode[] };

type Token =
  | { readonly kind: 'number'; readonly text: string; readonly pos: number }
  | { readonly kind: 'string'; readonly text: string; readonly pos: number }
  | { readonly kind: 'ident'; readonly text: string; readonly pos: number }
  | { readonly kind: 'op'; readonly text: string; readonly pos: number }
  | { readonly kind: 'end'; readonly text: ''; readonly pos: number };

const NUMBER = /^(?:\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)/;
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*/;
const OPERATORS = ['&&', '||', '==', '!=', '<=', '>=', '<', '>', '+', '-', '*', '/', '%', '!', '(', ')', ','];
const FUNCTIONS: Readonly<Record<ExprFunction, { readonly minArgs: number; readonly maxArgs: number }>> = {
  sqrt: { minArgs: 1, maxArgs: 1 },
  min: { minArgs: 2, maxArgs: Infinity },
  max: { minArgs: 2, maxArgs: Infinity },
};

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let pos = 0;
  while (pos < src.length) {
    const rest = src.slice(pos);
    const space = /^\s+/.exec(rest);
    if (space) { pos += space[0].length; continue; }
    const num = NUMBER.exec(rest);
    if (num) { tokens.push({ kind: 'number', text: num[0], pos }); pos += num[0].length; continue; }
    const ident = IDENT.exec(rest);
    if (ident) { tokens.push({ kind: 'ident', text: ident[0], pos }); pos += ident[0].length; continue; }
    if (rest[0] === "'") {
      const close = rest.indexOf("'", 1);
      if (close < 0) throw exprError(src, `unterminated string at ${pos}`);
      tokens.push({ kind: 'string', text: rest.slice(1, close), pos });
      pos += close + 1;
      continue;
    }
    const op = OPERATORS.find((o) => rest.startsWith(o));
    if (!op) throw exprError(src, `unexpected character '${rest[0]}' at ${pos}`);
    tokens.push({ kind: 'op', text: op, pos });
    pos += op.length;
  }
  tokens.push({ kind: 'end', text: '', pos });
  return tokens;
}

function exprError(src: string, problem: string): InputError {
  return new InputError(`expression '${src}': ${problem}`);
}

/** Precedence levels for binary operators, loosest first. */
const LEVELS: readonly (readonly BinaryOperator[])[] = [
  ['||'], ['&&'], ['==', '!='], ['<', '<=', '>', '>='], ['+', '-'], ['*', '/', '%'],
];

class Parser {
  private next = 0;
  constructor(private readonly src: string, private readonly tokens: readonly Token[]) {}

  parse(): ExprNode {
    const node = this.binary(0);
    const tok = this.peek();
    if (tok.kind !== 'end') throw exprError(this.src, `unexpected '${tok.text}' at ${tok.pos}`);
    return node;
  }

  private peek(): Token { return this.tokens[this.next]!; }
  private take(): Token { return this.tokens[this.next++]!; }
  private isOp(text: string): boolean { const t = this.peek(); return t.kind === 'op' && t.text === text; }
  private expectOp(text: string): void {
    const t = this.take();
    if (t.kind !== 'op' || t.text !== text) throw exprError(this.src, `expected '${text}' at ${t.pos}, got '${t.text || 'end'}'`);
  }

  private binary(level: number): ExprNode {
    if (level === LEVELS.length) return this.unary();
    let left = this.binary(level + 1);
    for (;;) {
      const t = this.peek();
      const op = LEVELS[level]!.find((o) => t.kind === 'op' && t.text === o);
      if (!op) return left;
      this.take();
      left = { kind: 'binary', op, left, right: this.binary(level + 1) };
    }
  }

  private unary(): ExprNode {
    if (this.isOp('-') || this.isOp('!')) {
      const op = this.take().text as '-' | '!';
      return { kind: 'unary', op, arg: this.unary() };
    }
    return this.primary();
  }

  private primary(): ExprNode {
    const t = this.take();
    if (t.kind === 'number') return { kind: 'number', value: Number(t.text), isInt: /^\d+$/.test(t.text) };
    if (t.kind === 'string') return { kind: 'string', value: t.text };
    if (t.kind === 'op' && t.text === '(') {
      const inner = this.binary(0);
      this.expectOp(')');
      return inner;
    }
    if (t.kind === 'ident') {
      if (t.text === 'true' || t.text === 'false') return { kind: 'bool', value: t.text === 'true' };
      if (!this.isOp('(')) return { kind: 'ident', name: t.text };
      if (!Object.hasOwn(FUNCTIONS, t.text)) throw exprError(this.src, `unknown function '${t.text}'`);
      const fn = t.text as ExprFunction;
      this.take();
      const args: ExprNode[] = [];
      if (!this.isOp(')')) {
        args.push(this.binary(0));
        while (this.isOp(',')) { this.take(); args.push(this.binary(0)); }
      }
      this.expectOp(')');
      const { minArgs, maxArgs } = FUNCTIONS[fn];
      if (args.length < minArgs || args.length > maxArgs)
        throw exprError(this.src, `${fn}() takes ${minArgs === maxArgs ? minArgs : `at least ${minArgs}`} argument(s), got ${args.length}`);
      return { kind: 'call', fn, args };
    }
    throw exprError(this.src, t.kind === 'end' ? 'unexpected end' : `unexpected '${t.text}' at ${t.pos}`);
  }
}

const parsed = new Map<string, ExprNode>();

/** Parse an expression; ASTs are cached by source text (op definitions reuse the same few strings). */
export function parseExpr(src: string): ExprNode {
  let node = parsed.get(src);
  if (!node) {
    node = new Parser(src, tokenize(src)).parse();
    parsed.set(src, node);
  }
  return node;
}

/** The param names an expression reads, in first-use order. */
export function exprIdentifiers(src: string): string[] {
  const names: string[] = [];
  const visit = (n: ExprNode): void => {
    if (n.kind === 'ident') { if (!names.includes(n.name)) names.push(n.name); }
    else if (n.kind === 'unary') visit(n.arg);
    else if (n.kind === 'binary') { visit(n.left); visit(n.right); }
    else if (n.kind === 'call') n.args.forEach(visit);
  };
  visit(parseExpr(src));
  return names;
}

type Value =
  | { readonly type: 'int' | 'float'; readonly v: number }
  | { readonly type: 'bool'; readonly v: boolean }
  | { readonly type: 'string'; readonly v: string };

type NumberValue = Extract<Value, { type: 'int' | 'float' }>;

function fromParam(v: ParamValue): Value {
  if (typeof v === 'number') return { type: Number.isInteger(v) ? 'int' : 'float', v };
  if (typeof v === 'boolean') return { type: 'bool', v };
  return { type: 'string', v };
}

/** Evaluate an expression with params bound to their values. */
export function evalExpr(src: string, params: Readonly<Record<string, ParamValue>>): ParamValue {
  return evaluate(src, parseExpr(src), params).v;
}

/** Evaluate an expression that must give an integer (a shape dimension). */
export function evalInt(src: string, params: Readonly<Record<string, ParamValue>>): number {
  const v = evalExpr(src, params);
  if (typeof v !== 'number' || !Number.isInteger(v)) throw exprError(src, `expected an integer, got ${JSON.stringify(v)}`);
  return v;
}

/** Evaluate an expression that must give a bool (a constraint or `when`). */
export function evalBool(src: string, params: Readonly<Record<string, ParamValue>>): boolean {
  const v = evalExpr(src, params);
  if (typeof v !== 'boolean') throw exprError(src, `expected a bool, got ${JSON.stringify(v)}`);
  return v;
}

function evaluate(src: string, node: ExprNode, params: Readonly<Record<string, ParamValue>>): Value {
  const num = (n: ExprNode, what: string): NumberValue => {
    const v = evaluate(src, n, params);
    if (v.type !== 'int' && v.type !== 'float') throw exprError(src, `${what} needs a number, got ${v.type} ${JSON.stringify(v.v)}`);
    return v;
  };
  const bool = (n: ExprNode, what: string): boolean => {
    const v = evaluate(src, n, params);
    if (v.type !== 'bool') throw exprError(src, `'${what}' needs a bool, got ${v.type} ${JSON.stringify(v.v)}`);
    return v.v;
  };
  switch (node.kind) {
    case 'number': return { type: node.isInt ? 'int' : 'float', v: node.value };
    case 'string': return { type: 'string', v: node.value };
    case 'bool': return { type: 'bool', v: node.value };
    case 'ident': {
      if (!Object.hasOwn(params, node.name)) throw exprError(src, `unknown identifier '${node.name}'`);
      return fromParam(params[node.name]!);
    }
    case 'unary': {
      if (node.op === '!') return { type: 'bool', v: !bool(node.arg, '!') };
      const a = num(node.arg, "'-'");
      return { type: a.type, v: -a.v };
    }
    case 'call': {
      const args = node.args.map((a) => num(a, `${node.fn}()`));
      if (node.fn === 'sqrt') {
        if (args[0]!.v < 0) throw exprError(src, `sqrt of negative ${args[0]!.v}`);
        return { type: 'float', v: Math.sqrt(args[0]!.v) };
      }
      const values = args.map((a) => a.v);
      return {
        type: args.every((a) => a.type === 'int') ? 'int' : 'float',
        v: node.fn === 'min' ? Math.min(...values) : Math.max(...values),
      };
    }
    case 'binary': return evalBinary(src, node.op, node.left, node.right, params, num, bool);
  }
}

function evalBinary(
  src: string,
  op: BinaryOperator,
  leftNode: ExprNode,
  rightNode: ExprNode,
  params: Readonly<Record<string, ParamValue>>,
  num: (n: ExprNode, what: string) => NumberValue,
  bool: (n: ExprNode, what: string) => boolean,
): Value {
  // && and || short-circuit so `when` conditions can guard params that only sometimes matter
  if (op === '&&') return { type: 'bool', v: bool(leftNode, op) && bool(rightNode, op) };
  if (op === '||') return { type: 'bool', v: bool(leftNode, op) || bool(rightNode, op) };
  if (op === '==' || op === '!=') {
    const a = evaluate(src, leftNode, params);
    const b = evaluate(src, rightNode, params);
    const kind = (v: Value): string => (v.type === 'int' || v.type === 'float' ? 'number' : v.type);
    if (kind(a) !== kind(b)) throw exprError(src, `'${op}' compares ${a.type} ${JSON.stringify(a.v)} with ${b.type} ${JSON.stringify(b.v)}`);
    return { type: 'bool', v: (a.v === b.v) === (op === '==') };
  }
  const a = num(leftNode, `'${op}'`);
  const b = num(rightNode, `'${op}'`);
  const ints = a.type === 'int' && b.type === 'int';
  switch (op) {
    case '<': return { type: 'bool', v: a.v < b.v };
    case '<=': return { type: 'bool', v: a.v <= b.v };
    case '>': return { type: 'bool', v: a.v > b.v };
    case '>=': return { type: 'bool', v: a.v >= b.v };
    case '+': return { type: ints ? 'int' : 'float', v: a.v + b.v };
    case '-': return { type: ints ? 'int' : 'float', v: a.v - b.v };
    case '*': return { type: ints ? 'int' : 'float', v: a.v * b.v };
    case '/':
      if (b.v === 0) throw exprError(src, 'division by zero');
      if (ints && a.v % b.v !== 0) throw exprError(src, `${a.v} / ${b.v} is not an exact integer division`);
      return { type: ints ? 'int' : 'float', v: a.v / b.v };
    case '%':
      if (!ints) throw exprError(src, `'%' needs integers, got ${a.v} % ${b.v}`);
      if (b.v === 0) throw exprError(src, 'modulo by zero');
      return { type: 'int', v: a.v % b.v };
  }
}
