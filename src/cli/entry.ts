// The module `bin/` loads first. `--version` alone is answered from the version string and nothing
// else; everything else loads the command line itself (./main.ts), whose imports are the cost of
// every other start.
import { VERSION } from '../core/version.js';
import type { ProcessLike } from './context.js';

export async function main(argv: string[], proc: ProcessLike = process): Promise<number> {
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    proc.stdout.write(`${VERSION}\n`);
    return 0;
  }
  return (await import('./main.js')).main(argv, proc);
}
