/**
 * Calling a built kforge runtime library (libkforge.so) from Node with typed arrays.
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
import { FORMATS, InputError, type WeightFormatName } from '@kforge/ir';
import { gemvEntryName, type Activation } from '../model.ts';

const ADDON_SOURCE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'native', 'kforge_node.c');

interface Addon {
  open(path: string): unknown;
  string(handle: unknown, symbol: string): string;
  gemv(handle: unknown, symbol: string, planar: boolean, x: ArrayBufferView, W: ArrayBufferView, scale: ArrayBufferView | null,
    min: ArrayBufferView | null, bias: Float32Array | null, y: Float32Array, M: number, N: number, K: number, repeats: number,
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

export interface DispatchInfo {
  readonly kernelId: number;
  readonly tuned: boolean;
  /** the tuned shape the config came from (undefined for the default) */
  readonly tunedShape?: { readonly M: number; readonly N: number; readonly K: number };
  readonly kernel: string;
  readonly config: Record<string, unknown>;
}

export interface GemvCall {
  /** kf_status: 0 ok, else the error code of kforge.h */
  readonly status: number;
  readonly info?: DispatchInfo;
  /** wall time of all repeats, measured in C around the calls */
  readonly seconds: number;
}

function expectBytes(what: string, view: ArrayBufferView | undefined, bytes: number): void {
  if (view && view.byteLength < bytes) throw new InputError(`gemv: ${what} has ${view.byteLength} bytes, the shape needs ${bytes}`);
}

/** A loaded runtime library. Buffer sizes are checked here (C cannot), everything else by the library. */
export class KforgeLibrary {
  private constructor(private readonly addon: Addon, private readonly handle: unknown, readonly path: string) {}

  static open(libraryPath: string): KforgeLibrary {
    const a = loadAddon();
    const lib = new KforgeLibrary(a, a.open(resolve(libraryPath)), resolve(libraryPath));
    const target = a.string(lib.handle, 'kf_target');
    if (GPU_TARGETS.has(target))
      throw new InputError(`${libraryPath} is a ${target} runtime: its entry points take device buffers, and the Node binding calls CPU runtimes`);
    return lib;
  }

  version(): string {
    return this.addon.string(this.handle, 'kf_version');
  }

  /** one call (or `repeats` calls, for timing) of kf_gemv_<format>[_xf16] */
  gemv(format: WeightFormatName, act: Activation, M: number, N: number, K: number, b: GemvBuffers, repeats = 1): GemvCall {
    const f = FORMATS[format];
    const planar = f.kind === 'planar';
    if (M > 0 && N > 0 && K > 0) {
      expectBytes('x', b.x, M * K * (act === 'f32' ? 4 : 2));
      expectBytes('y', b.y, M * N * 4);
      expectBytes('bias', b.bias, N * 4);
      const blocks = f.kind === 'dense' ? 0 : Math.floor(K / f.block);
      expectBytes('W', b.W, f.kind === 'dense' ? N * K * f.elemBytes : f.kind === 'block' ? N * blocks * f.bytes : N * Math.floor(K / 2));
      if (planar) {
        expectBytes('W_scale', b.W_scale, N * blocks * 2);
        expectBytes('W_min', b.W_min, N * blocks * 2);
      }
    }
    const r = this.addon.gemv(this.handle, gemvEntryName(format, act), planar, b.x, b.W, b.W_scale ?? null, b.W_min ?? null,
      b.bias ?? null, b.y, M, N, K, repeats);
    const [status, kernelId, tuned, tM, tN, tK, kernel, config, seconds] = r;
    if (status !== 0) return { status, seconds };
    return {
      status, seconds,
      info: { kernelId, tuned: tuned === 1, ...(tuned === 1 ? { tunedShape: { M: tM, N: tN, K: tK } } : {}), kernel, config: JSON.parse(config) as Record<string, unknown> },
    };
  }
}
