// The module `bin/` loads first. `--version` alone is answered from the version string and nothing
// else; `--help` alone (or one command's) from the text the build rendered with this very code in
// the reader's language (dist/help.<lang>.txt, dist/help/<command>.<lang>.txt), else, for an English
// reader, from the command table and the command line's own sentences; everything else loads the
// command line itself (./main.ts).
import { readFileSync } from 'node:fs';
import { pickLang } from '../i18n/lang.js';
import { VERSION } from '../core/version.js';
import type { ProcessLike } from './context.js';

/** The help the build rendered beside the bundle, in `lang`; undefined where there is none (a run from source). */
function renderedHelp(lang: string, command?: string): string | undefined {
  try {
    return readFileSync(new URL(command === undefined ? `./help.${lang}.txt` : `./help/${command}.${lang}.txt`, import.meta.url), 'utf8');
  } catch {
    return undefined;
  }
}

/** `COMMAND --help`, `COMMAND -h` or `help COMMAND` alone: the command asked about. */
function helpAsked(argv: readonly string[]): string | undefined {
  if (argv.length !== 2) return undefined;
  const [a = '', b = ''] = argv;
  const command = a === 'help' ? b : b === '--help' || b === '-h' ? a : undefined;
  return command !== undefined && /^[a-z]+$/.test(command) ? command : undefined;
}

export async function main(argv: string[], proc: ProcessLike = process): Promise<number> {
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    proc.stdout.write(`${VERSION}\n`);
    return 0;
  }
  if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h')) {
    const lang = pickLang({ env: proc.env, platform: proc.platform });
    const text = renderedHelp(lang) ?? (lang === 'en' ? (await import('./main-help.js')).englishHelp(proc) : undefined);
    if (text !== undefined) {
      proc.stdout.write(text);
      return 0;
    }
  }
  const command = helpAsked(argv);
  if (command !== undefined) {
    const text = renderedHelp(pickLang({ env: proc.env, platform: proc.platform }), command);
    if (text !== undefined) {
      proc.stdout.write(text);
      return 0;
    }
  }
  return (await import('./main.js')).main(argv, proc);
}
