/**
 * Calling a built kforge runtime library (libkforge.so) from Node with typed arrays: any entry point
 * by name (`call`), as the library describes its entries (kf_entries_json), gemv by format and moe by
 * expert configuration and phase.
 *
 * Mechanism: a tiny N-API addon (native/kforge_node.c) compiled on first use with the host C
 * compiler against the headers Node ships (<node prefix>/include/node), cached by content hash in
 * the OS temp folder, and loaded with process.dlopen. N-API is ABI-stable across Node versions,
 * needs no npm package and no node-gyp run; the addon dlopens the library and calls its entry points
 * in-process, so a benchmark can time calls (`repeats`) without process or pipe overhead.
 * Only libraries built for this host's architecture can be loaded (avx2/avx512/c on x86-64), and
 * only CPU libraries: a GPU library's entry points take device buffers, not typed arrays.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError, evalSize, type Params, type SizeExpr, type WeightFormatName } from '@kforge/ir';
import { gemvEntryName, type Activation } from '../policies/gemv.ts';
import { moeEntryName, type MoePhase } from '../policies/moe.ts';

const ADDON_SOURCE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'native', 'kforge_node.c');

interface Addon {
  open(path: string): unknown;
  string(handle: unknown, symbol: string): string;
  call(handle: unknown, entry: string, tensors: readonly (ArrayBufferView | null)[], scalars: Int32Array, repeats: number,
  ): [number, number, number, number, number, number, string, string, number];
}

let addon: Addon | undefined;

const GPU_TARGETS = new Set(['cuda', 'opencl', 'vulkan']);

/** the addon for this Node, compiled once per source version; `cc` may be overridden with $CC */
function loadAddon(): Addon {
  if (addon) return addon;
  const source = readFileSync(ADDON_SOURCE);
  const hash = createHash('sha256').update(source).update(process.version).update(process.arch).digest('hex').slice(0, 16);
  const dir = join(tmpdir(), 'kforge-node-binding');
  const path = join(dir, `kforge_node-${hash}.node`);
  if (!existsSync(path)) {
    mkdirSync(dir, { recursive: true });
    const include = join(dirname(process.execPath), '..', 'include', 'node');
    if (!existsSync(join(include, 'node_api.h'))) throw new Error(`kforge node binding: Node's headers are not at ${include} (node_api.h)`);
    const temp = `${path}.${process.pid}.tmp`;
    const cc = process.env.CC ?? 'cc';
    const r = spawnSync(cc, ['-O2', '-shared', '-fPIC', '-DNODE_GYP_MODULE_NAME=kforge_node', `-I${include}`, ADDON_SOURCE, '-o', temp, '-ldl'], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`kforge node binding: \`${cc}\` could not compile ${ADDON_SOURCE}: ${r.error?.message ?? r.stderr}`);
    renameSync(temp, path); // atomic: a concurrent process sees the old state or the whole file
  }
  const module = { exports: {} as Addon };
  process.dlopen(module, path);
  addon = module.exports;
  return addon;
}

/** An entry point as the library describes it (kforge.h: kf_entries_json). */
export interface EntryDescription {
  readonly name: string;
  readonly op: string;
  readonly doc: string;
  readonly compiled: Params;
  readonly tensors: readonly {
    readonly name: string;
    readonly role: 'in' | 'out';
    readonly elem: string;
    readonly optional: boolean;
    readonly bytes: SizeExpr;
    readonly elements: SizeExpr;
    /** an index input: every element must lie in min..max, else the call returns KF_ERR_BAD_VALUE */
    readonly range?: { readonly min: number; readonly max: number };
  }[];
  readonly scalars: readonly { readonly name: string; readonly cType: 'int' | 'float'; readonly min?: number; readonly max?: number }[];
}

export interface GemvBuffers {
  /** f32 activations (act 'f32') or f16 bits (act 'f16'), [M, K] */
  readonly x: Float32Array | Uint16Array;
  /** the weight bytes as SPEC section 2 lays them out (any typed-array view of them) */
  readonly W: ArrayBufferView;
  /** planar formats: f16 bits [N, K/G] */
  readonly W_scale?: Uint16Array;
  readonly W_min?: Uint16Array;
  readonly bias?: Float32Array;
  /** [M, N], written */
  readonly y: Float32Array;
}

/** moe's tensors (SPEC section 3): the weights as stored, router or ids and weights by the compiled routing */
export interface MoeBuffers {
  /** f32 [T, H] */
  readonly x: Float32Array;
  /** [E, I, H], [E, I, H], [E, H, I] as SPEC section 2 lays them out (any typed-array view of the bytes) */
  readonly w_gate: ArrayBufferView;
  readonly w_up: ArrayBufferView;
  readonly w_down: ArrayBufferView;
  /** planar formats: f16 bits, [E, rows, cols / G] each */
  readonly w_gate_scale?: Uint16Array;
  readonly w_gate_min?: Uint16Array;
  readonly w_up_scale?: Uint16Array;
  readonly w_up_min?: Uint16Array;
  readonly w_down_scale?: Uint16Array;
  readonly w_down_min?: Uint16Array;
  /** routing 'router': f32 [E, H] */
  readonly router?: Float32Array;
  /** routing 'given': i32 [T, topk], each in [0, E) (else status KF_ERR_BAD_VALUE and y untouched), and f32 [T, topk] */
  readonly ids?: Int32Array;
  readonly weights?: Float32Array;
  /** f32 [T, H], written */
  readonly y: Float32Array;
}

export interface DispatchInfo {
  readonly kernelId: number;
  readonly tuned: boolean;
  /** the tuned shape the config came from (undefined for the default) */
  readonly tunedShape?: { readonly M: number; readonly N: number; readonly K: number };
  readonly kernel: string;
  readonly config: Record<string, unknown>;
}

export interface EntryCall {
  /** kf_status: 0 ok, else the error code of kforge.h */
  readonly status: number;
  readonly info?: DispatchInfo;
  /** wall time of all repeats, measured in C around the calls */
  readonly seconds: number;
}

export type GemvCall = EntryCall;

/** A loaded runtime library. Buffer sizes are checked here (C cannot), everything else by the library. */
export class KforgeLibrary {
  private described?: readonly EntryDescription[];

  private constructor(private readonly addon: Addon, private readonly handle: unknown, readonly path: string) {}

  static open(libraryPath: string): KforgeLibrary {
    // OpenMP reads its placement once, when the library's libgomp loads: unless the application set
    // it, the kernels' threads get the placement the C harness gives them (openmpEnv of @kforge/target:
    // one per core, close), so a call through Node times like `kforge bench` (issue 20 item 4)
    process.env.OMP_PROC_BIND ??= 'close';
    process.env.OMP_PLACES ??= 'cores';
    const a = loadAddon();
    const lib = new KforgeLibrary(a, a.open(resolve(libraryPath)), resolve(libraryPath));
    const target = a.string(lib.handle, 'kf_target');
    if (GPU_TARGETS.has(target))
      throw new InputError(`${libraryPath} is a ${target} runtime: its entry points take device buffers, and the Node binding calls CPU runtimes`);
    return lib;
  }

  /** kf_last_error: what the calling thread's last failed call said ('' after a call that succeeded) */
  lastError(): string {
    return this.addon.string(this.handle, 'kf_last_error');
  }

  version(): string {
    return this.addon.string(this.handle, 'kf_version');
  }

  /** the library's entry points */
  entries(): readonly EntryDescription[] {
    this.described ??= (JSON.parse(this.addon.string(this.handle, 'kf_entries_json')) as { entries: EntryDescription[] }).entries;
    return this.described;
  }

  /**
   * One call (or `repeats` calls, for timing) of entry point `entry`: tensors by name (an optional one
   * left out passes NULL), scalars by name. With every scalar in its range, each tensor must hold the
   * bytes the shape needs; outside it the library returns its status.
   */
  call(entry: string, tensors: Readonly<Record<string, ArrayBufferView | undefined>>, scalars: Readonly<Record<string, number>>, repeats = 1): EntryCall {
    const e = this.entries().find((x) => x.name === entry);
    if (!e) throw new InputError(`${this.path} has no entry point ${entry} (it has ${this.entries().map((x) => x.name).join(', ')})`);
    for (const [name, view] of Object.entries(tensors)) if (view && !e.tensors.some((t) => t.name === name)) throw new InputError(`${entry}: no tensor '${name}' (it takes ${e.tensors.map((t) => t.name).join(', ')})`);
    const words = new Int32Array(e.scalars.length);
    const floats = new Float32Array(words.buffer);
    const values: Record<string, number> = {};
    let inRange = true;
    e.scalars.forEach((s, i) => {
      const v = scalars[s.name];
      if (typeof v !== 'number') throw new InputError(`${entry}: scalar '${s.name}' is missing`);
      if (s.cType === 'int') words[i] = v;
      else floats[i] = v;
      values[s.name] = v;
      inRange &&= (s.cType === 'float' || Number.isInteger(v)) && !(v < (s.min ?? -Infinity)) && !(v > (s.max ?? Infinity));
    });
    if (inRange) {
      for (const t of e.tensors) {
        const view = tensors[t.name];
        const bytes = evalSize(t.bytes, values);
        if (view && view.byteLength < bytes) throw new InputError(`${entry}: ${t.name} has ${view.byteLength} bytes, the shape needs ${bytes}`);
      }
    }
    const [status, kernelId, tuned, tM, tN, tK, kernel, config, seconds] = this.addon.call(this.handle, entry, e.tensors.map((t) => tensors[t.name] ?? null), words, repeats);
    if (status !== 0) return { status, seconds };
    return {
      status, seconds,
      info: { kernelId, tuned: tuned === 1, ...(tuned === 1 ? { tunedShape: { M: tM, N: tN, K: tK } } : {}), kernel, config: JSON.parse(config) as Record<string, unknown> },
    };
  }

  /**
   * one call (or `repeats` calls, for timing) of the moe entry of expert configuration `experts` (H, I,
   * E, topk, weight, routing, normTopk as the library compiled them: moeEntryName) and `phase`, over T tokens
   */
  moe(experts: Params, phase: MoePhase, T: number, b: MoeBuffers, repeats = 1): EntryCall {
    return this.call(moeEntryName(experts, phase), { ...b }, { T }, repeats);
  }

  /** one call (or `repeats` calls, for timing) of kf_gemv_<format>[_xf16] */
  gemv(format: WeightFormatName, act: Activation, M: number, N: number, K: number, b: GemvBuffers, repeats = 1): GemvCall {
    return this.call(gemvEntryName(format, act), { ...b }, { M, N, K }, repeats);
  }
}
