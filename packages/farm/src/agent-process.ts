// One agent as its own process, configured by a JSON argument: what the farm tests and the scale
// simulation start (the CLI's `kforge farm agent` loads every code generator first; this loads the farm alone).
import { FarmAgent, type AgentOptions } from './agent.ts';
import { farmKey } from './sign.ts';

const o = JSON.parse(process.argv[2]!) as Omit<AgentOptions, 'key'> & { keyFile?: string };
const a = new FarmAgent({ ...o, key: farmKey(o.keyFile) });
await a.start();
const stop = () => void a.close().then(() => process.exit(0), () => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
