// The module `bin/` loads first. `--version` alone is answered from the version string and nothing
// else; `--help` alone, for an English reader, from the command table and the command line's own
// sentences; everything else loads the command line itself (./main.ts), whose imports (every
// area's sentences) are the cost of every other start.
import { VERSION } from '../core/version.js';
import type { ProcessLike } from './context.js';

export async function main(argv: string[], proc: ProcessLike = process): Promise<number> {
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    proc.stdout.write(`${VERSION}\n`);
    return 0;
  }
  if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h')) {
    const text = (await import('./main-help.js')).englishHelp(proc);
    if (text !== undefined) {
      proc.stdout.write(text);
      return 0;
    }
  }
  return (await import('./main.js')).main(argv, proc);
}
