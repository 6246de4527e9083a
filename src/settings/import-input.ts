// The gateway's import link as an input: read from stdin (`--import -`) or a variable
// (`--import-env NAME`), never from an argument, where the key would stay in shell history and in
// the process list. Its base URL and key stand in for --base-url and --api-key; its model hints
// lead the ranking of the agent the link was built for (src/setup/import-hints.ts).
import { UsageError } from '../core/errors.js';
import { linkConfigReader, parseImportLink, type ImportLink } from '../gateway/import-link.js';
import { msg } from '../i18n/index.js';
import { BIN } from '../core/bin.js';
import type { Given } from './given.js';
import type { SettingsHost } from './host.js';

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** More than any link: a larger input is not one, and is not read further. */
const MAX_LINK = 64 * 1024;

export interface ImportedLink {
  link: ImportLink;
  /** Where it came from, for messages: `--import -`, `--import-env NAME`, `the wizard`. Never the link. */
  source: string;
}

/**
 * Standard input can be read once: a command that resolves its inputs twice (`use --import -`
 * finding the profile the link names, then running it) gets the same text the second time.
 */
const stdinRead = new WeakMap<object, Promise<string | undefined>>();

function stdinOnce(ctx: Pick<SettingsHost, 'readStdin'>): Promise<string | undefined> {
  let text = stdinRead.get(ctx);
  if (text === undefined) {
    text = ctx.readStdin?.(MAX_LINK) ?? Promise.resolve(undefined);
    stdinRead.set(ctx, text);
  }
  return text;
}

/** The link given, read from standard input or a variable and parsed; undefined when none was given. */
export async function readImport(
  ctx: Pick<SettingsHost, 'env' | 'addSecret' | 'readStdin'>,
  given: Pick<Given, 'importStdin' | 'importEnv'>,
): Promise<ImportedLink | undefined> {
  const fromStdin = given.importStdin === true;
  const envName = given.importEnv;
  if (!fromStdin && envName === undefined) return undefined;
  if (fromStdin && envName !== undefined) throw new UsageError(msg('import.both_sources'), msg('import.in_argument_hint', { bin: BIN }));
  let text: string | undefined;
  let source: string;
  if (fromStdin) {
    source = '--import -';
    text = await stdinOnce(ctx);
    if (text === undefined) throw new UsageError(msg('import.stdin_terminal'), msg('import.stdin_terminal_hint', { bin: BIN }));
  } else {
    const name = envName!;
    // Someone may have put the link itself here: never echo it.
    if (!ENV_NAME.test(name)) throw new UsageError(msg('import.env_name'), msg('import.in_argument_hint', { bin: BIN }));
    source = `--import-env ${name}`;
    text = ctx.env[name];
    if (text === undefined || text.trim() === '')
      throw new UsageError(msg('import.env_unset', { var: name }), msg('import.env_unset_hint', { var: name }));
  }
  // A larger input is no link: refused whole, never cut to a size and then read.
  if (text.length > MAX_LINK)
    throw new UsageError(msg('import.too_large', { source, kib: MAX_LINK / 1024 }), msg('import.in_argument_hint', { bin: BIN }));
  // The first non-empty line: `pbpaste | …` and here-strings end with a newline.
  const line =
    text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .find((l) => l !== '') ?? '';
  if (line === '') throw new UsageError(msg('import.empty', { source }), msg('import.in_argument_hint', { bin: BIN }));
  const key = /[?&]apiKey=([^&#\s]*)/.exec(line)?.[1];
  if (key) registerKey(ctx, key);
  const link = parseImportLink(line, await linkConfigReader());
  ctx.addSecret(link.key);
  return { link, source };
}

/** The key as it appears in the link (percent-encoded) and decoded: both are masked wherever they appear. */
function registerKey(ctx: Pick<SettingsHost, 'addSecret'>, raw: string): void {
  ctx.addSecret(raw);
  try {
    ctx.addSecret(decodeURIComponent(raw.replace(/\+/g, ' ')));
  } catch {
    // Not valid percent-encoding: the raw form is registered.
  }
}
