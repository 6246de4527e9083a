// Output for commands: stdout for results, stderr for notes, the one JSON document `--json`
// prints, and the shapes people read (prices, a gateway diagnosis).
import type { Diagnosis } from '../core/types.js';
import { wrap } from '../core/layout.js';
export { formatUsd } from '../core/money.js';
import { painter } from '../core/terminal.js';
import type { CliContext } from './context.js';
import { english, isMessage } from '../i18n/index.js';
import type { Translator } from '../i18n/index.js';
import { VERIFIED_NEW_API } from '../gateway/version.js';

export { PROTOCOL_NAMES } from '../core/types.js';

/** Writes lines to stdout. */
export function print(ctx: Pick<CliContext, 'out'>, lines: string | readonly string[]): void {
  const text = typeof lines === 'string' ? lines : lines.join('\n');
  ctx.out(`${text}\n`);
}

/** Writes lines to stderr (notes, warnings, progress: never part of the result). */
export function note(ctx: Pick<CliContext, 'err'>, lines: string | readonly string[]): void {
  const text = typeof lines === 'string' ? lines : lines.join('\n');
  ctx.err(`${text}\n`);
}

/** Stdout's JSON document has been written; a second one would break `--json` consumers. */
const jsonWritten = new WeakSet<object>();

/** A path under the home as a person reads it: `~/.codex/config.toml`. */
export function tildify(ctx: Pick<CliContext, 'home'>, path: string): string {
  return path.startsWith(ctx.home + '/') ? `~${path.slice(ctx.home.length)}` : path;
}

/** A JSON document speaks English: every message in it is rendered so, at exactly its place. */
function inEnglish(_key: string, value: unknown): unknown {
  return isMessage(value) ? english(value) : value;
}

/** The one JSON document of a `--json` run. Returns false (and writes nothing) if one was already written. */
export function printJson(ctx: Pick<CliContext, 'out' | 'isTTY'>, doc: unknown): boolean {
  if (jsonWritten.has(ctx)) return false;
  jsonWritten.add(ctx);
  // Indented for a person at a terminal; one line for a pipe (a script, jq): the same document,
  // written in a fraction of the time and size when the gateway lists thousands of models.
  if (ctx.isTTY) {
    ctx.out(`${JSON.stringify(doc, inEnglish, 2)}\n`);
    return true;
  }
  // Small pieces are gathered; a large one is written as it is (joined, it would be copied again).
  let text = '';
  for (const piece of jsonPieces(doc)) {
    if (piece.length < WRITE_ALONE) {
      text += piece;
      continue;
    }
    if (text !== '') ctx.out(text);
    ctx.out(piece);
    text = '';
  }
  ctx.out(`${text}\n`);
  return true;
}

/** A piece of a piped document this long (characters) is written without gathering. */
const WRITE_ALONE = 1 << 14;

/**
 * `JSON.stringify(doc, inEnglish)` in pieces: each of the top level's members, its name apart from
 * its value. A gateway with thousands of models makes a document of megabytes: written as one
 * string, every step at the output edge (masking the key, escaping controls, encoding) copies and
 * searches all of it again, and one character past Latin-1 anywhere (the masked key's `…`) makes
 * V8 hold all of it at two bytes a character. A piece ends between a member's name and its value or
 * between two members, so no string (nor a key in one) is ever cut in two. (A value stringified on
 * its own hands a toJSON, and `inEnglish`, the key '' instead of its name: neither reads it here.)
 */
export function* jsonPieces(doc: unknown): Generator<string> {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc) || isMessage(doc) || 'toJSON' in doc) {
    const text = JSON.stringify(doc, inEnglish);
    if (text !== undefined) yield text;
    return;
  }
  let sep = '';
  yield '{';
  for (const [key, value] of Object.entries(doc)) {
    const text = JSON.stringify(value, inEnglish);
    // A member JSON has no value for (undefined, a function) is left out, as JSON.stringify leaves it.
    if (text === undefined) continue;
    yield `${sep}${JSON.stringify(key)}:`;
    yield text;
    sep = ',';
  }
  yield '}';
}

/**
 * A gateway diagnosis for people, in their language: the code, the cause, the fix and the request ID
 * to give support. `label` defaults to "error".
 */
export function formatDiagnosis(ctx: Pick<CliContext, 'color' | 't'>, d: Diagnosis, label?: string, indent = 0): string {
  const paint = painter(ctx);
  const pad = ' '.repeat(indent);
  // The client's messages usually quote the status already (the same in every language: the
  // status is a parameter or part of the template in both catalogs).
  const status = d.status !== undefined && !english(d.message).includes(String(d.status)) ? ` (HTTP ${d.status})` : '';
  const lines = wrap(`${paint('red', `${label ?? ctx.t('cli.error')}:`)} ${ctx.t(d.message)}${status} [${d.code}]`, indent);
  lines.push(...wrap(ctx.t('core.fix', { fix: d.fix }), indent + 2));
  if (d.requestId) lines.push(...wrap(ctx.t('cli.request_id', { id: d.requestId }), indent + 2));
  if (d.url) lines.push(`${pad}  ${ctx.t('cli.url', { url: d.url })}`);
  return lines.join('\n');
}

/** The gateway's version as it says it, beside the versions verified here. */
export function versionText(t: Translator, version: string | undefined): string {
  const verified = VERIFIED_NEW_API.join(', ');
  return version !== undefined ? t('gateway.version', { version, verified }) : t('gateway.version_untold', { verified });
}
