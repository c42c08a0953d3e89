/**
 * The files of a runtime library, from its description (model.ts): the public header, the dispatch
 * translation unit (the same for every target: each entry point's checks printed from its tensors and
 * scalars, the argument block, each op's policy tables and pick, the kernel table), the kernels and
 * the CMake scaffolding. CPU libraries are generated here; GPU libraries add their host side in
 * generate-gpu.ts. Nothing here knows an op: what is op-specific comes from the entries and policies.
 */
import { describeSize, sizeToC, type SizeExpr } from '@kforge/ir';
import { entrySlot } from './entries.ts';
import type { CpuRuntimeSpec, DispatchKernel, DispatchPolicy, KernelArg, RuntimeEntry, RuntimeKernel } from './model.ts';
import { configJson, runtimeTemplate } from './templates.ts';

/**
 * Bumped when a signature, struct or status code of kforge.h changes incompatibly. Additions
 * (kf_init/kf_teardown/kf_last_error/kf_kernel_rows, the status codes 7 to 9 for GPU targets and
 * kf_call, kf_entries_json/kf_call/kf_value) keep a program built against an older kforge.h working.
 */
export const ABI_VERSION = 1;

/** How a target's entry points name buffers: host or device pointers (CPU, CUDA), or API handles. */
export type BufferStyle = { readonly kind: 'pointer' } | { readonly kind: 'handle'; readonly type: string };

export const cmakeList = (words: readonly string[]): string => words.map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `"${w}"`)).join(' ');

/** C string literal lines of a text (any byte outside printable ASCII as an octal escape) */
export function cStringLiteral(text: string): string {
  const lines = text.split('\n');
  return lines.map((line, i) => {
    let out = '';
    for (const byte of Buffer.from(line + (i < lines.length - 1 ? '\n' : ''), 'utf8')) {
      if (byte === 0x5c) out += '\\\\';
      else if (byte === 0x22) out += '\\"';
      else if (byte === 0x3f) out += '\\?'; // no trigraphs
      else if (byte === 0x0a) out += '\\n';
      else if (byte >= 0x20 && byte < 0x7f) out += String.fromCharCode(byte);
      else out += `\\${byte.toString(8).padStart(3, '0')}`;
    }
    return `"${out}"`;
  }).join('\n  ');
}

/** text inside a C printf format literal (quotes, backslashes and percent signs escaped) */
const cText = (text: string): string => text.replace(/[\\"]/g, (c) => `\\${c}`).replace(/%/g, '%%');

/** a scalar of the argument block `a` as C (its union member by type) */
export function scalarSlot(entry: RuntimeEntry, index: number, args = 'a'): string {
  return `${args}->scalar[${index}].${entry.scalars[index]!.cType === 'float' ? 'f' : 'i'}`;
}

/** a size expression over an entry's scalars, printed over the argument block `a` */
export function entrySizeToC(entry: RuntimeEntry, e: SizeExpr, where: string): string {
  return sizeToC(e, (name) => {
    const slot = entrySlot(entry, name);
    if (slot?.kind !== 'scalar') throw new Error(`${where}: a size names '${name}', which is not a scalar of ${entry.name}`);
    return scalarSlot(entry, slot.index);
  });
}

/** where a kernel argument comes from in its entry's argument block, else its scratch index */
export function argSource(entry: RuntimeEntry, kernel: string, arg: KernelArg, scratch: readonly string[]): { kind: 'tensor' | 'scalar' | 'scratch'; index: number } {
  const slot = entrySlot(entry, arg.name);
  if (slot) return slot;
  const index = scratch.indexOf(arg.name);
  if (index < 0) throw new Error(`kernel ${kernel}: argument '${arg.name}' is neither a tensor or scalar of ${entry.name} nor sized scratch`);
  return { kind: 'scratch', index };
}

function entryView(entry: RuntimeEntry, index: number, policy: DispatchPolicy<never>, style: BufferStyle, gpu: boolean): Record<string, unknown> {
  const where = entry.name;
  const tensor = (i: number): string => `a->tensor[${i}]`;
  // every failing check sets kf_last_error's text first: which argument, its value, what it must be
  const checks: string[] = [];
  entry.tensors.forEach((t, i) => {
    if (!t.optional) checks.push(`if (!${tensor(i)}) return kf_fail(KF_ERR_NULL_POINTER, "${where}: tensor ${t.name} is NULL");`);
  });
  entry.scalars.forEach((s, i) => {
    const bounds = [...(s.min !== undefined ? [`${scalarSlot(entry, i)} < ${s.min}`] : []), ...(s.max !== undefined ? [`${scalarSlot(entry, i)} > ${s.max}`] : [])];
    if (!bounds.length) return;
    const range = s.min !== undefined && s.max !== undefined ? `outside ${s.min}..${s.max}` : s.min !== undefined ? `below ${s.min}` : `above ${s.max!}`;
    const [spec, value] = s.cType === 'float' ? ['%g', `(double)${scalarSlot(entry, i)}`] : ['%d', scalarSlot(entry, i)];
    checks.push(`if (${bounds.join(' || ')}) return kf_fail(${s.rangeStatus ?? 'KF_ERR_BAD_SIZE'}, "${where}: ${s.name} = ${spec} is ${range}", ${value});`);
  });
  for (const r of entry.relations ?? []) {
    const [a, b] = [r.a, r.le].map((n) => entry.scalars.findIndex((s) => s.name === n));
    if (a! < 0 || b! < 0) throw new Error(`${where}: a relation between '${r.a}' and '${r.le}', which are not both scalars`);
    checks.push(`if (${scalarSlot(entry, a!)} > ${scalarSlot(entry, b!)}) return kf_fail(KF_ERR_BAD_SIZE, "${where}: ${r.a} = %d is above ${r.le} = %d", ${scalarSlot(entry, a!)}, ${scalarSlot(entry, b!)});`);
  }
  // kernels index with 32-bit integers; a single scalar is an int already
  const wide = new Set<string>();
  for (const t of entry.tensors) {
    if (typeof t.elements !== 'object') continue;
    const elements = entrySizeToC(entry, t.elements, where);
    if (wide.has(elements)) continue;
    wide.add(elements);
    checks.push(`if (${elements} > INT32_MAX) return kf_fail(KF_ERR_BAD_SIZE, "${where}: tensor ${t.name} would hold %lld elements (${cText(describeSize(t.elements))}), past 2^31-1: kernels index with 32-bit integers", (long long)(${elements}));`);
  }
  const blocked = new Set<string>();
  for (const t of entry.tensors) {
    if (!t.blocked) continue;
    const axis = entrySizeToC(entry, t.blocked.axis, where);
    if (blocked.has(`${axis} % ${t.blocked.block}`)) continue;
    blocked.add(`${axis} % ${t.blocked.block}`);
    checks.push(`if (${axis} % ${t.blocked.block} != 0) return kf_fail(KF_ERR_K_NOT_MULTIPLE_OF_BLOCK, "${where}: ${cText(describeSize(t.blocked.axis))} = %lld is not a multiple of ${t.blocked.block}, the block of tensor ${t.name}", (long long)(${axis}));`);
  }
  // an index input's values (moe's expert ids), last: every size they are counted by is checked by now;
  // on a GPU target the entry checks a host copy of them (kf_gpu_read), before any kernel runs
  entry.tensors.forEach((t, i) => {
    if (!t.range) return;
    const { min, max } = t.range;
    const elements = entrySizeToC(entry, t.elements, where);
    const view = gpu ? 'kf_v' : `((const ${t.elem}*)${tensor(i)})`;
    const release = gpu ? 'free((void*)kf_v); ' : '';
    const loop = [
      `for (int64_t kf_i = 0; kf_i < ${elements}; kf_i++) {`,
      `    if (${view}[kf_i] < ${min} || ${view}[kf_i] > ${max}) { const int kf_e = (int)${view}[kf_i]; ${release}return kf_fail(KF_ERR_BAD_VALUE, "${where}: tensor ${t.name}: element %lld is %d, outside ${min}..${max}", (long long)kf_i, kf_e); }`,
      '  }',
    ];
    if (!gpu) {
      checks.push([`${t.optional ? `if (${tensor(i)}) ` : ''}${loop[0]}`, ...loop.slice(1)].join('\n'));
      return;
    }
    checks.push([
      `${t.optional ? `if (${tensor(i)}) ` : ''}{`,
      '  int kf_s = KF_OK;',
      `  const ${t.elem}* kf_v = (const ${t.elem}*)kf_gpu_read(${tensor(i)}, (size_t)(${entrySizeToC(entry, t.bytes, where)}), "${t.name}", &kf_s);`,
      '  if (!kf_v) return kf_s;',
      ...loop.map((l) => `  ${l}`),
      '  free((void*)kf_v);',
      '  }',
    ].join('\n'));
  });
  const optional = entry.tensors.flatMap((t, i) => (t.optional ? [i] : []));
  const pointerParams = entry.tensors.map((t) => (style.kind === 'pointer' ? `${t.role === 'in' ? 'const ' : ''}${t.elem}* ${t.name}` : `${style.type} ${t.name}`));
  return {
    index, name: entry.name, doc: entry.doc, checks,
    signature: [...pointerParams, ...entry.scalars.map((s) => `${s.cType} ${s.name}`), 'kf_dispatch_info* info'].join(', '),
    tensorInit: entry.tensors.map((t) => `(kf_buf)${t.name}`).join(', '),
    scalarInit: entry.scalars.map((s) => `{ .${s.cType === 'float' ? 'f' : 'i'} = ${s.name} }`).join(', ') || '{ .i = 0 }',
    selected: optional.length > 0,
    variant: optional.map((t, bit) => `(${tensor(t)} != KF_NULL_BUF ? ${1 << bit} : 0)`).join(' | '),
    picks: entry.variants.map((_, v) => ({ index: v, pick: policy.pick(entry, v) })),
    pick: policy.pick(entry, 0),
    tensorCount: entry.tensors.length, scalarCount: entry.scalars.length,
    tensorNames: entry.tensors.map((t) => JSON.stringify(t.name)).join(', '),
    inputs: entry.tensors.reduce((bits, t, i) => (t.role === 'in' ? bits | (1 << i) : bits), 0),
    // a GPU kernel reads its buffers in 32-bit words (q8_0 rows of 34 bytes too): a buffer holds the tensor's bytes rounded up to 4
    sizes: gpu ? entry.tensors.flatMap((t, i) => [`bytes[${i}] = (${entrySizeToC(entry, t.bytes, where)} + 3) / 4 * 4`, `elements[${i}] = ${entrySizeToC(entry, t.elements, where)}`]) : [],
  };
}

/** kf_entries_json's text: the entries as the Node binding (and any other) reads them */
export function entriesJson(target: string, entries: readonly RuntimeEntry[]): string {
  return JSON.stringify({
    target,
    entries: entries.map((e) => ({
      name: e.name, op: e.op, doc: e.doc, compiled: e.compiled,
      tensors: e.tensors.map((t) => ({ name: t.name, role: t.role, elem: t.elem, optional: t.optional, bytes: t.bytes, elements: t.elements, ...(t.range ? { range: t.range } : {}) })),
      scalars: e.scalars.map((s) => ({ name: s.name, cType: s.cType, ...(s.min !== undefined ? { min: s.min } : {}), ...(s.max !== undefined ? { max: s.max } : {}) })),
    })),
  });
}

/** The entry points of a library's policies, each op once and each name once. */
export function libraryEntries(policies: readonly DispatchPolicy<never>[]): { entry: RuntimeEntry; policy: DispatchPolicy<never> }[] {
  const ops = new Set<string>();
  const names = new Set<string>();
  return policies.flatMap((policy) => {
    if (ops.has(policy.op)) throw new Error(`two dispatch policies for op ${policy.op}`);
    ops.add(policy.op);
    return policy.entries().map((entry) => {
      if (entry.op !== policy.op) throw new Error(`${entry.name}: an entry of ${entry.op} in the ${policy.op} policy`);
      if (names.has(entry.name)) throw new Error(`two entry points named ${entry.name}`);
      names.add(entry.name);
      return { entry, policy };
    });
  });
}

/** the entry a kernel serves */
export function kernelEntry(entries: readonly RuntimeEntry[], kernel: { readonly symbol: string; readonly entry: string }): RuntimeEntry {
  const entry = entries.find((e) => e.name === kernel.entry);
  if (!entry) throw new Error(`kernel ${kernel.symbol} serves ${kernel.entry}, which the library has no entry point of`);
  return entry;
}

/** What the shared templates (header, internal header, dispatch) need from a target. */
export interface LibraryView<Kernel extends DispatchKernel> {
  readonly target: string;
  readonly version: string;
  readonly device: string;
  readonly kernels: readonly Kernel[];
  readonly policies: readonly DispatchPolicy<Kernel>[];
  readonly style: BufferStyle;
  /** GPU targets: the API's names and docs for the header */
  readonly gpu?: {
    readonly api: string;
    readonly apiName: string;
    readonly bufferType: string;
    readonly buildWord: string;
    readonly apiDoc: string;
    readonly apiIncludes: readonly string[];
    readonly initDecl: string;
    readonly apiDecls: readonly string[];
  };
  /** CPU targets: extra fields of each kernel's view (prototype, call, scratch, threads) */
  readonly cpuKernelViews?: readonly Record<string, unknown>[];
}

/** include/kforge.h, src/kforge_internal.h and src/kforge_dispatch.c */
export function commonFiles<Kernel extends DispatchKernel>(lib: LibraryView<Kernel>): Record<string, string> {
  lib.kernels.forEach((k, i) => {
    if (k.id !== i) throw new Error(`kernel ${k.symbol} has id ${k.id} at position ${i}`);
  });
  if (!lib.policies.length) throw new Error('a runtime library needs at least one op');
  const gpu = lib.gpu;
  const entries = libraryEntries(lib.policies as readonly DispatchPolicy<never>[]);
  const common = { target: lib.target, version: lib.version, abiVersion: ABI_VERSION, gpu: Boolean(gpu), apiName: gpu?.apiName ?? '', api: gpu?.api ?? '' };
  const functions = entries.map(({ entry, policy }, i) => entryView(entry, i, policy, lib.style, Boolean(gpu)));
  const headers = lib.policies.map((p) => p.header({ gpu: Boolean(gpu) }));
  const kernels = lib.kernels.map((k, i) => ({
    id: k.id, symbol: k.symbol, rows: k.rows, configLiteral: JSON.stringify(configJson(k.config)), // JSON's string escapes are valid C escapes
    ...(lib.cpuKernelViews?.[i] ?? {}),
  }));
  return {
    'include/kforge.h': runtimeTemplate('kforge.h.hbs')({
      ...common, device: lib.device || 'nothing (default configs only)', functions,
      policyDocs: headers.map((h) => h.doc), defines: headers.flatMap((h) => h.defines),
      buildWord: gpu?.buildWord ?? '', apiDoc: gpu?.apiDoc ?? '', apiIncludes: gpu?.apiIncludes ?? [],
      initDecl: gpu?.initDecl ?? '/** nothing to set up on a CPU target: returns KF_OK */\nint kf_init(void);', apiDecls: gpu?.apiDecls ?? [],
      callBufferType: gpu?.bufferType ?? 'void*',
    }),
    'src/kforge_internal.h': runtimeTemplate('kforge_internal.h.hbs')({
      ...common, bufferType: gpu?.bufferType ?? '',
      maxTensors: Math.max(1, ...entries.map(({ entry }) => entry.tensors.length)),
      maxScalars: Math.max(1, ...entries.map(({ entry }) => entry.scalars.length)),
    }),
    'src/kforge_dispatch.c': runtimeTemplate('kforge_dispatch.c.hbs')({
      ...common, kernels, kernelCount: lib.kernels.length, functions, entries: functions, entryCount: entries.length,
      policies: lib.policies.map((p) => p.source(lib.kernels).trimEnd()),
      entriesJson: cStringLiteral(entriesJson(lib.target, entries.map((e) => e.entry))),
    }),
  };
}

function cpuKernelView(k: RuntimeKernel, entry: RuntimeEntry): Record<string, unknown> {
  const scratch = k.args.filter((a) => a.scratch && !entrySlot(entry, a.name));
  const callArgs = k.args.map((a) => {
    const source = argSource(entry, k.symbol, a, scratch.map((s) => s.name));
    if (source.kind === 'scratch') return `(${a.cType})ws[${source.index}]`;
    if (source.kind === 'scalar') return scalarSlot(entry, source.index);
    return `(${a.cType})a->tensor[${source.index}]`;
  });
  // scratch is indexed with 32-bit integers too: its elements (bytes over the pointee's size) within int32
  const scratchChecks = scratch.map((a) => {
    const elementBytes = /\b(?:double|int64_t|uint64_t)\*/.test(a.cType) ? 8 : /\b(?:float|int32_t|uint32_t)\*/.test(a.cType) ? 4 : /\b(?:uint16_t|int16_t)\*/.test(a.cType) ? 2 : 1;
    const bytes = entrySizeToC(entry, a.scratch!, `kernel ${k.symbol} scratch ${a.name}`);
    return `if (${bytes} / ${elementBytes} > INT32_MAX) return kf_fail(KF_ERR_BAD_SIZE, "${k.symbol}: scratch ${a.name} would hold %lld elements, past 2^31-1: kernels index with 32-bit integers", (long long)(${bytes} / ${elementBytes}));`;
  });
  return {
    scratchChecks,
    threads: k.threads,
    parameters: k.args.map((a) => `${a.cType} ${a.name}`).join(', '),
    callArgs: callArgs.join(', '),
    scratchCount: scratch.length,
    scratchSizes: scratch.map((a) => `(size_t)${entrySizeToC(entry, a.scratch!, `kernel ${k.symbol} scratch ${a.name}`)}`).join(', '),
  };
}

/** file path (relative to the library folder) -> contents */
export function cpuRuntimeFiles(spec: CpuRuntimeSpec): Record<string, string> {
  const { toolchain } = spec;
  const entries = libraryEntries(spec.policies as readonly DispatchPolicy<never>[]).map((e) => e.entry);
  const files = commonFiles({
    target: spec.target, version: spec.version, device: spec.device, policies: spec.policies, style: { kind: 'pointer' },
    kernels: spec.kernels, cpuKernelViews: spec.kernels.map((k) => cpuKernelView(k, kernelEntry(entries, k))),
  });
  const common = { target: spec.target, version: spec.version, abiVersion: ABI_VERSION };
  files['CMakeLists.txt'] = runtimeTemplate('CMakeLists.txt.hbs')({
    ...common, gpu: false, cuda: false, cross: toolchain.cross ?? false, cmakeMinimum: '3.16', languages: 'C',
    flags: cmakeList(toolchain.flags), libs: cmakeList(toolchain.libs),
    sourceFiles: ['src/kforge_dispatch.c', ...spec.kernels.map((k) => `src/kernels/${k.file}`)],
  });
  files['cmake/kforgeConfig.cmake'] = runtimeTemplate('kforgeConfig.cmake.hbs')({ ...common, shared: true, dependencies: [] });
  files['cmake/kforge-toolchain.cmake'] = runtimeTemplate('kforge-toolchain.cmake.hbs')({
    target: spec.target, compiler: toolchain.compiler, cross: toolchain.cross ?? false,
    flagsString: toolchain.flags.join(' '), emulator: toolchain.cross ? cmakeList(toolchain.cross.emulator) : '',
  });
  for (const k of spec.kernels) files[`src/kernels/${k.file}`] = k.source;
  return files;
}
