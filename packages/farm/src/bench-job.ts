// One bench job, in a process of its own that the agent starts in the job's scratch folder (TMPDIR
// points there, so the runner's build folders are made and removed inside it) and kills at its time
// limit: runBenchJob (bench.ts), packages/bench's runSuite on a suite of the job's one case, exactly
// as `kforge bench run` runs it here. The agents of `kforge farm agent` run `kforge farm bench-job`
// instead, the same function, which works from the packed bundle too.
import { runBenchJob } from './bench.ts';

const [jobPath, resultPath] = process.argv.slice(2) as [string, string];
await runBenchJob(jobPath, resultPath);
