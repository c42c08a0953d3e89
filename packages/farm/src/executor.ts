/**
 * An executor whose runs are farm jobs: the KernelRunner of packages/bench (generate, check against
 * the reference, time with the one measurement protocol) drives it unchanged, so `kforge tune --farm`
 * checks and ranks candidates exactly as a local run does; only the build and the run happen on an
 * agent of the fingerprint. A run's job id is the run id, a hash of what runs and how many times
 * the same thing was asked: deterministic, so a resumed run finds its finished jobs.
 */
import { createHash } from 'node:crypto';
import { ExecError, type Executor, type RunRequest, type RunResult } from '@kforge/exec';
import { remoteJobOf } from '@kforge/bench';
import type { TargetName } from '@kforge/target';
import type { FarmCoordinator } from './coordinator.ts';

const FAILURE = { compile: 'compile', runtime: 'crash', timeout: 'timeout', transport: 'unavailable' } as const;

export function farmExecutor(c: FarmCoordinator, fpId: string, targets: readonly TargetName[], limits = { buildMs: 180_000, runMs: 120_000 }): Executor {
  const asked = new Map<string, number>();
  return {
    name: 'native',
    targets,
    variants: [{}],
    probe: async () => ({ ok: true, mode: 'native', versions: {} }),
    async run(req: RunRequest): Promise<RunResult> {
      const job = remoteJobOf(req.artifact, req.inputs);
      const repeats = req.timedRepeats ?? 0;
      const wire = { ...job, inputs: Object.fromEntries(Object.entries(job.inputs).map(([k, b]) => [k, Buffer.from(b).toString('base64')])) };
      const hash = createHash('sha256').update(JSON.stringify([job.sources, job.flags, wire.inputs, repeats])).digest('hex').slice(0, 16);
      const n = (asked.get(hash) ?? 0) + 1;
      asked.set(hash, n);
      const outcome = await c.submit(fpId, `${c.runId}.${hash}.${n}`, { kind: 'kernel', job: wire, repeats, ...limits });
      if (!outcome.done) throw new ExecError(outcome.timedOut ? 'timeout' : 'unavailable', `farm: ${outcome.reason}`);
      const r = outcome.result;
      if (!r.ok) throw new ExecError(FAILURE[r.failure], r.reason);
      const outputs = Object.fromEntries(Object.entries(r.outputs ?? {}).map(([k, b]) => [k, new Uint8Array(Buffer.from(b, 'base64'))]));
      return { outputs, executor: 'native', mode: 'native', detail: `farm:${r.origin} agent ${r.agent}`, ...(r.timingsNs ? { timingsNs: r.timingsNs } : {}) };
    },
  };
}
