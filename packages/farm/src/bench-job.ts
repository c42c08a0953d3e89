// One bench job, in a process of its own that the agent starts in the job's scratch folder (TMPDIR
// points there, so the runner's build folders are made and removed inside it) and kills at its time
// limit: packages/bench's runSuite on a suite of the job's one case, exactly as `kforge bench run`
// runs it here. Writes { ok, file } or { ok: false, reason } to the result path.
import { readFileSync, writeFileSync } from 'node:fs';
import type { JobBody } from './protocol.ts';

const [jobPath, resultPath] = process.argv.slice(2) as [string, string];
const body = JSON.parse(readFileSync(jobPath, 'utf8')) as Extract<JobBody, { kind: 'bench' }>;
const bench = await import('@kforge/bench');
try {
  const suite = { name: body.suite, doc: '', source: 'a farm job', cases: [body.case] };
  const file = await bench.runSuite(suite, undefined, { ...body.options, onProgress: (l) => process.stderr.write(`${l}\n`) });
  writeFileSync(resultPath, JSON.stringify({ ok: true, file }));
} catch (e) {
  writeFileSync(resultPath, JSON.stringify({ ok: false, reason: (e as Error).message }));
}
