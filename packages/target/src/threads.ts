/**
 * The OpenMP environment a CPU kernel runs under. Threads are pinned one per core: unpinned, libgomp
 * lets both threads of a 2-core machine share a core under load, and a 1 ms parallel region then
 * takes 10-20 ms (seen here on 2026-11-29). A `proc_bind` clause in the source does not help: libgomp
 * ignores it unless places are set in the environment.
 */
export function openmpEnv(threads: number): Record<string, string> {
  return threads > 0 ? { OMP_NUM_THREADS: String(threads), OMP_PROC_BIND: 'close', OMP_PLACES: 'cores' } : {};
}

/** The same as `VAR=value ...` words for a shell command line. */
export function openmpShellPrefix(threads: number): string {
  return Object.entries(openmpEnv(threads)).map(([k, v]) => `${k}=${v} `).join('');
}
