/**
 * A small seeded generator for test, verify, bench and demo inputs: xoshiro128** seeded through
 * splitmix32, so a (seed, stream name) pair always yields the same numbers on every machine.
 */

/** splitmix32 step: a good 32-bit mix, used to expand a seed into generator state. */
function splitmix32(state: number): [next: number, out: number] {
  const next = (state + 0x9e3779b9) | 0;
  let z = next;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return [next, (z ^ (z >>> 16)) >>> 0];
}

/** FNV-1a of a string, to give each named tensor its own stream. */
function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export class Rng {
  private readonly s = new Uint32Array(4);
  private spareNormal: number | null = null;

  /** `stream` separates independent sequences drawn from one seed (e.g. one per tensor name). */
  constructor(seed: number, stream = '') {
    let state = (seed ^ hashString(stream)) | 0;
    for (let i = 0; i < 4; i++) {
      const [next, out] = splitmix32(state);
      state = next;
      this.s[i] = out;
    }
  }

  /** xoshiro128**: next uniform 32-bit unsigned integer. */
  nextU32(): number {
    const s = this.s;
    const result = Math.imul(rotl(Math.imul(s[1]!, 5), 7), 9) >>> 0;
    const t = s[1]! << 9;
    s[2] ^= s[0]!;
    s[3] ^= s[1]!;
    s[1] ^= s[2]!;
    s[0] ^= s[3]!;
    s[2] ^= t;
    s[3] = rotl(s[3]!, 11);
    return result;
  }

  /** uniform in [0, 1) with 32 random bits */
  uniform(): number {
    return this.nextU32() / 2 ** 32;
  }

  /** uniform integer in [0, n) */
  int(n: number): number {
    return Math.floor(this.uniform() * n);
  }

  /** one element of a non-empty array, uniformly */
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)]!;
  }

  /** shuffles in place (Fisher-Yates) and returns the array */
  shuffle<T>(xs: T[]): T[] {
    for (let i = xs.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [xs[i], xs[j]] = [xs[j]!, xs[i]!];
    }
    return xs;
  }

  /** standard normal (Box-Muller; the second value of each pair is kept for the next call) */
  normal(): number {
    if (this.spareNormal !== null) {
      const v = this.spareNormal;
      this.spareNormal = null;
      return v;
    }
    const u = 1 - this.uniform(); // (0, 1]: log stays finite
    const r = Math.sqrt(-2 * Math.log(u));
    const theta = 2 * Math.PI * this.uniform();
    this.spareNormal = r * Math.sin(theta);
    return r * Math.cos(theta);
  }

  /** `count` distinct integers of [0, n), in random order (partial Fisher-Yates). */
  distinct(count: number, n: number): number[] {
    if (count > n) throw new RangeError(`cannot draw ${count} distinct values from ${n}`);
    const pool = Array.from({ length: n }, (_, i) => i);
    for (let i = 0; i < count; i++) {
      const j = i + this.int(n - i);
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    return pool.slice(0, count);
  }
}

function rotl(x: number, k: number): number {
  return ((x << k) | (x >>> (32 - k))) >>> 0;
}
