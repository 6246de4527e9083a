// The module `bin/` loads first. `--version` alone is answered from the version string and nothing
// else; `--help` alone (or one command's) from the text the build rendered with this very code in
// the reader's language (dist/help.<lang>.txt, dist/help/<command>.<lang>.txt), else, for an English
// reader, from the command table and the command line's own sentences; everything else loads the
// command line itself (./main.ts): from source as ES modules, once built from the parts the build
// wrote beside this one, a part when first needed, through V8's code cache (./code-cache.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pickLang } from '../i18n/lang.js';
import { VERSION } from '../core/version.js';
import type { ProcessLike } from './context.js';
import { commandFirst } from './command-first.js';
import { lightProcess } from './std-io.js';

// Defined by the build (scripts/build.mjs): which part holds each chunk, and the build's inputs' hash.
declare const __PARTS__: Readonly<Record<string, string>> | undefined;
declare const __BUILD__: string;

type CommandLine = typeof import('./main.js');

/** The help the build rendered beside the parts, in `lang`; undefined where there is none (a run from source). */
function renderedHelp(lang: string, command?: string): string | undefined {
  try {
    return readFileSync(join(import.meta.dirname, command === undefined ? `help.${lang}.txt` : `help/${command}.${lang}.txt`), 'utf8');
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

export async function main(argv: string[], given: ProcessLike = process): Promise<number> {
  const light = given === process ? lightProcess(process) : undefined;
  const proc = light ?? given;
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    proc.stdout.write(`${VERSION}\n`);
    return 0;
  }
  if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h')) {
    const lang = pickLang({ env: proc.env, platform: proc.platform });
    // From source there is no rendered help; built, there always is (else the command line answers).
    const text =
      renderedHelp(lang) ??
      (typeof __PARTS__ !== 'object' && lang === 'en' ? (await import('./main-help.js')).englishHelp(proc) : undefined);
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
  if (typeof __PARTS__ !== 'object') return (await import('./main.js')).main(argv, proc);
  const [{ loadParts }, { wasmTier }] = await Promise.all([import('./code-cache.js'), import('./wasm-tier.js')]);
  // The process is ours (a library caller's never is): from undici's first connection,
  // WebAssembly stays on V8's baseline compiler. Listened for once undici's part is loaded (the
  // build names each large library's part after it).
  const tier = given === process ? wasmTier() : undefined;
  // One cache per command: each holds the code that command ran.
  const word = commandFirst(argv).command ?? '';
  const name = /^[a-z]{2,12}$/.test(word) ? word : 'run';
  const parts = loadParts(builtDir(), __PARTS__, {
    build: __BUILD__,
    name,
    env: proc.env,
    withDefaults: tier?.withDefaults,
    onLoad: (part) => part === 'lib-undici' && tier?.arm(),
  });
  const code = await parts.require<CommandLine>('main').main(argv, proc);
  parts.save();
  // The command is over and all it printed is written: the process ends now. Left to end by
  // itself, Node first waits for all of V8's background work (compiles of code that ran hot, say);
  // what else is pending is nothing of ours: idle sockets, unref'd timers.
  if (light?.synced()) process.exit(code);
  return code;
}

/** The library (package.json `exports`, through dist/index.js), from the built parts: no code cache, as a library has no end of run to save one at. */
export function library(): Promise<unknown> {
  // From source the library is src/index.ts itself.
  if (typeof __PARTS__ !== 'object') throw new Error('library() loads the built library; from source, import src/index.ts');
  const parts = __PARTS__;
  // Once: a second loader would run every module again (another ToolError class, another run cache).
  return (loadedLibrary ??= import('./code-cache.js').then(({ loadParts }) =>
    loadParts(builtDir(), parts, { build: __BUILD__, name: undefined, env: process.env }).require('index'),
  ));
}
let loadedLibrary: Promise<unknown> | undefined;

function builtDir(): string {
  return join(import.meta.dirname, 'parts');
}
