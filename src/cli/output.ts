// Text helpers for the terminal: colour (only when the context allows it), a table that wraps to
// 80 columns (never cutting a value), and the one JSON document `--json` prints.
import { randomBytes } from 'node:crypto';
import type { Diagnosis, Protocol } from '../core/types.js';
import type { CliContext } from './context.js';
import { english, isMessage } from '../i18n/index.js';

export const WIDTH = 80;

/** Protocol names as users know them. */
export const PROTOCOL_NAMES: Record<Protocol, string> = {
  messages: 'messages',
  responses: 'Responses',
  chat: 'chat',
  images: 'images',
};

/**
 * Characters a terminal must never receive from data (gateway text, file contents, paths): C0 controls
 * but tab, newline and CRLF (ESC starts OSC 52 clipboard writes, OSC 0 titles, CSI screen clears; a
 * lone CR overwrites a line), DEL and C1 controls, bidi overrides and isolates (U+202E reverses what follows),
 * and invisible characters that make two ids look alike (zero-width, word joiner, BOM, tags).
 */
const UNSAFE = new RegExp(
  [
    '\\r(?!\\n)',
    '[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]',
    // Combining and joining marks are listed one by one, never in one class with the character before.
    '\\u00ad', '\\u034f', '\\u061c', '\\u115f', '\\u1160', '\\u17b4', '\\u17b5', '[\\u180b-\\u180f]',
    '[\\u200b-\\u200f]', '[\\u2028-\\u202e]', '[\\u2060-\\u206f]', '\\u3164', '[\\ufe00-\\ufe0f]', '\\ufeff', '\\uffa0',
    '[\\ufff9-\\ufffb]', '\\udb40[\\udc00-\\udc7f]',
  ].join('|'),
  'g',
);

/**
 * `text` with every unsafe character written as a visible `\uXXXX` escape (the JSON escape, so a JSON
 * document stays valid and means the same).
 */
export function escapeControls(text: string): string {
  // One escape per UTF-16 unit: a tag character (a surrogate pair) becomes a valid JSON pair.
  return text.replace(UNSAFE, (ch) => Array.from({ length: ch.length }, (_, i) => `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`).join(''));
}

// Our own control sequences (colour, the spinner's cursor moves) travel to the output edge wrapped
// in a marker that only this process knows; everything else that looks like a control character is
// data and is escaped there. So a gateway cannot forge a colour or a cursor move either.
const NONCE = randomBytes(8).toString('hex');
const OURS = new RegExp(`\u0000${NONCE}([^\u0000]*)\u0000`, 'g');

/** A control sequence of ours, without its ESC (`[31m`, `[2K`), or a lone `\r`: passes the output edge. */
export function control(sequence: string): string {
  return `\u0000${NONCE}${sequence}\u0000`;
}

/** What a terminal may receive: our marked sequences turned real, every other control character escaped. */
export function forTerminal(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(OURS)) {
    out += escapeControls(text.slice(last, m.index));
    const seq = m[1] ?? '';
    out += seq === '\r' ? '\r' : `\u001b${seq}`;
    last = m.index + m[0].length;
  }
  return out + escapeControls(text.slice(last));
}

const CODES = { bold: [1, 22], dim: [2, 22], red: [31, 39], green: [32, 39], yellow: [33, 39], cyan: [36, 39] } as const;
export type Style = keyof typeof CODES;

export interface Paint {
  (style: Style, text: string): string;
}

export function painter(ctx: Pick<CliContext, 'color'>): Paint {
  return (style, text) => {
    if (!ctx.color) return text;
    const [on, off] = CODES[style];
    return `${control(`[${on}m`)}${text}${control(`[${off}m`)}`;
  };
}

const ANSI = new RegExp(`\u001b\\[[0-9;]*m|\u0000${NONCE}[^\u0000]*\u0000`, 'g');

/** East Asian wide and fullwidth characters take two terminal columns (Unicode UAX #11, W and F). */
function isWide(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0x303e) ||
    (cp >= 0x3041 && cp <= 0x33ff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0xa000 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  );
}

function charWidth(ch: string): number {
  return isWide(ch.codePointAt(0) ?? 0) ? 2 : 1;
}

/** Printed width in terminal columns: ANSI codes take none, Chinese characters two. */
export function visibleLength(text: string): number {
  let width = 0;
  for (const ch of text.replace(ANSI, '')) width += charWidth(ch);
  return width;
}

/**
 * Cuts text to `width` columns, ending in … when cut. Only for a line that cannot be more than one
 * (a choice in a select prompt); tables and prose wrap instead.
 */
export function cut(text: string, width: number): string {
  if (visibleLength(text) <= width) return text;
  let out = '';
  let used = 0;
  for (const ch of text) {
    if (used + charWidth(ch) > width - 1) break;
    out += ch;
    used += charWidth(ch);
  }
  return width <= 1 ? out : `${out}…`;
}

/** Pads text with spaces to `width` columns (String.padEnd counts a Chinese character as one). */
export function padTo(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - visibleLength(text)));
}

export interface TableOptions {
  /** Total width, indent included (default 80). */
  width?: number;
  indent?: number;
  /**
   * Columns (by index) whose cells wrap onto more lines when the row is too wide; default: the last
   * one. Nothing is ever cut: a word, a model id or a request ID wider than its column stays whole
   * (the line is then wider than `width`, which beats a value the user cannot copy).
   */
  wrap?: number[];
}

/** The widest piece a cell can be broken into (a word; one character of Chinese text). */
function longestPiece(cell: string): number {
  let longest = 0;
  for (const word of cell.split(/\s+/)) for (const piece of breakable(word)) longest = Math.max(longest, visibleLength(piece));
  return longest;
}

/**
 * Lays out plain-text cells in columns two spaces apart, one entry of lines per row. When the table
 * is wider than `width`, the wrapping columns are narrowed (widest first, never below their longest
 * word) and their cells wrap. Style cells after layout.
 */
export function tableRows(rows: readonly (readonly string[])[], opts: TableOptions = {}): string[][] {
  const width = opts.width ?? WIDTH;
  const indent = ' '.repeat(opts.indent ?? 0);
  const columns = Math.max(0, ...rows.map((r) => r.length));
  if (columns === 0) return [];
  const widths = Array.from({ length: columns }, (_, i) => Math.max(0, ...rows.map((r) => visibleLength(r[i] ?? ''))));
  const wrapping = opts.wrap ?? [columns - 1];
  const floor = widths.map((_, i) => Math.max(1, ...rows.map((r) => longestPiece(r[i] ?? ''))));
  const total = (): number => indent.length + widths.reduce((a, b) => a + b, 0) + 2 * (columns - 1);
  while (total() > width) {
    const widest = wrapping.filter((i) => (widths[i] ?? 0) > (floor[i] ?? 0)).sort((a, b) => (widths[b] ?? 0) - (widths[a] ?? 0))[0];
    if (widest === undefined) break;
    widths[widest] = Math.max(floor[widest] ?? 0, (widths[widest] ?? 0) - (total() - width));
  }
  return rows.map((row) => {
    const cells = row.map((cell, i) => (wrapping.includes(i) && visibleLength(cell) > (widths[i] ?? 0) ? wrap(cell, 0, widths[i]) : [cell]));
    const height = Math.max(1, ...cells.map((c) => c.length));
    return Array.from({ length: height }, (_, k) => {
      const parts = cells.map((c, i) => (i === row.length - 1 ? (c[k] ?? '') : padTo(c[k] ?? '', widths[i] ?? 0)));
      return (indent + parts.join('  ')).trimEnd();
    });
  });
}

/** `tableRows`, flattened to lines. */
export function table(rows: readonly (readonly string[])[], opts: TableOptions = {}): string[] {
  return tableRows(rows, opts).flat();
}

// Chinese has no spaces between words: a line may break before any wide character, but not before
// closing punctuation (nor after opening punctuation), as Chinese typesetting requires.
const NO_LINE_START = /^[，。、；：？！）」』】》〉”’…％,.;:?!)\]]/;
const NO_LINE_END = /[（「『【《〈“‘([]$/;

/** A word cut into the pieces a line may break between (a plain word stays whole). */
function breakable(word: string): string[] {
  const pieces: string[] = [];
  let glue = false; // the next character joins the last piece
  for (const ch of word) {
    const wide = charWidth(ch) === 2;
    const last = pieces.length - 1;
    if (last >= 0 && (glue || NO_LINE_START.test(ch) || (!wide && charWidth([...(pieces[last] ?? '')].pop() ?? '') === 1))) {
      pieces[last] += ch;
    } else {
      pieces.push(ch);
    }
    // After a wide character a new piece may start; after opening punctuation it may not.
    glue = NO_LINE_END.test(ch);
  }
  return pieces;
}

/** Wraps prose at `width` columns (words are never cut; Chinese breaks between characters), indented. */
export function wrap(text: string, indent = 0, width = WIDTH): string[] {
  const pad = ' '.repeat(indent);
  const lines: string[] = [];
  let line = '';
  const fits = (addition: string): boolean => pad.length + visibleLength(line) + visibleLength(addition) <= width;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    breakable(word).forEach((piece, i) => {
      const joined = line === '' ? piece : i === 0 ? ` ${piece}` : piece;
      if (line !== '' && !fits(joined)) {
        lines.push(pad + line);
        line = piece;
      } else {
        line += joined;
      }
    });
  }
  if (line !== '') lines.push(pad + line);
  return lines;
}

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

/** A JSON document speaks English: every message in it is rendered so, at exactly its place. */
function inEnglish(_key: string, value: unknown): unknown {
  return isMessage(value) ? english(value) : value;
}

/** The one JSON document of a `--json` run. Returns false (and writes nothing) if one was already written. */
export function printJson(ctx: Pick<CliContext, 'out'>, doc: unknown): boolean {
  if (jsonWritten.has(ctx)) return false;
  jsonWritten.add(ctx);
  ctx.out(`${JSON.stringify(doc, inEnglish, 2)}\n`);
  return true;
}

export function formatUsd(usd: number): string {
  if (usd === 0) return '$0';
  if (Math.abs(usd) >= 100) return `$${usd.toFixed(0)}`;
  if (Math.abs(usd) >= 0.01) return `$${usd.toFixed(2)}`;
  return `$${usd.toPrecision(2)}`;
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
  lines.push(...wrap(ctx.t('cli.fix', { fix: d.fix }), indent + 2));
  if (d.requestId) lines.push(...wrap(ctx.t('cli.request_id', { id: d.requestId }), indent + 2));
  if (d.url) lines.push(`${pad}  ${ctx.t('cli.url', { url: d.url })}`);
  return lines.join('\n');
}
