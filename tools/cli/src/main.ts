// Entry point of `kforge` (bin/kforge.js and `node --import tsx tools/cli/src/main.ts` both land here).
import { main } from './cli.ts';

process.exitCode = await main(process.argv.slice(2));
