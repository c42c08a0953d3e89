// The part of benchmark.js 2.1.4 (npm `benchmark`, CommonJS, no bundled types) that runtime-calls.ts uses.
declare module 'benchmark' {
  interface Stats {
    /** seconds per call of each sample */
    readonly sample: number[];
    readonly mean: number;
    readonly deviation: number;
    /** relative margin of error, percent */
    readonly rme: number;
  }
  interface Options {
    readonly minSamples?: number;
    /** seconds */
    readonly maxTime?: number;
    readonly initCount?: number;
  }
  class Benchmark {
    constructor(name: string, fn: () => void, options?: Options);
    run(options?: { async?: boolean }): Benchmark;
    readonly stats: Stats;
    readonly count: number;
    readonly error?: Error;
    readonly aborted: boolean;
  }
  export default Benchmark;
}
