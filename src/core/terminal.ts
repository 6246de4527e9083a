// What reaches a terminal: data's control characters escaped, our own colour and cursor
// sequences passed through a marker only this process knows, colour only when allowed.
import { randomHex } from './builtins.js';

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
    '\\u00ad',
    '\\u034f',
    '\\u061c',
    '\\u115f',
    '\\u1160',
    '\\u17b4',
    '\\u17b5',
    '[\\u180b-\\u180f]',
    '[\\u200b-\\u200f]',
    '[\\u2028-\\u202e]',
    '[\\u2060-\\u206f]',
    '\\u3164',
    '[\\ufe00-\\ufe0f]',
    '\\ufeff',
    '\\uffa0',
    '[\\ufff9-\\ufffb]',
    '\\udb40[\\udc00-\\udc7f]',
  ].join('|'),
  'g',
);

/** The code units UNSAFE's characters start with (CR too), as ranges: what the quick scan looks for. */
const MAYBE_UNSAFE: readonly (readonly [number, number])[] = [
  [0x00, 0x08],
  [0x0b, 0x1f],
  [0x7f, 0x9f],
  [0xad, 0xad],
  [0x34f, 0x34f],
  [0x61c, 0x61c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x2028, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff9, 0xfffb],
  [0xdb40, 0xdb40],
];

/**
 * Anything but printable ASCII, tab and newline: most text holds none, and V8 searches for this one
 * small class in native code (about a millisecond per megabyte), where the loop below runs
 * interpreted until V8 optimises it.
 */
const NOT_PLAIN = /[^\t\n\x20-\x7e]/;

/**
 * Whether `text` may hold an unsafe character: one pass over its code units, printable ASCII cleared
 * first. (UNSAFE's alternation, and even a regular expression of MAYBE_UNSAFE's ranges, searches a
 * JSON document of thousands of models in tens of milliseconds: V8 compares each character with
 * every range.)
 */
function maybeUnsafe(text: string): boolean {
  if (!NOT_PLAIN.test(text)) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 0x20 && c < 0x7f) || c === 0x09 || c === 0x0a) continue;
    for (const [lo, hi] of MAYBE_UNSAFE) if (c >= lo && c <= hi) return true;
  }
  return false;
}

/**
 * `text` with every unsafe character written as a visible `\uXXXX` escape (the JSON escape, so a JSON
 * document stays valid and means the same).
 */
export function escapeControls(text: string): string {
  if (!maybeUnsafe(text)) return text;
  // One escape per UTF-16 unit: a tag character (a surrogate pair) becomes a valid JSON pair.
  return text.replace(UNSAFE, (ch) =>
    Array.from({ length: ch.length }, (_, i) => `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`).join(''),
  );
}

// Our own control sequences (colour, the spinner's cursor moves) travel to the output edge wrapped
// in a marker that only this process knows; everything else that looks like a control character is
// data and is escaped there. So a gateway cannot forge a colour or a cursor move either.
let nonce: string | undefined;
let ours: RegExp | undefined;

/** The marker's secret, made on first use (node:crypto is loaded then). */
function marker(): string {
  nonce ??= randomHex(8);
  return nonce;
}

/** A control sequence of ours, without its ESC (`[31m`, `[2K`), or a lone `\r`: passes the output edge. */
export function control(sequence: string): string {
  return `\u0000${marker()}${sequence}\u0000`;
}

/** What a terminal may receive: our marked sequences turned real, every other control character escaped. */
export function forTerminal(text: string): string {
  let out = '';
  let last = 0;
  // No marker at all (no colour): nothing of ours to let through.
  if (!text.includes('\u0000')) return escapeControls(text);
  ours ??= new RegExp(`\u0000${marker()}([^\u0000]*)\u0000`, 'g');
  for (const m of text.matchAll(ours)) {
    out += escapeControls(text.slice(last, m.index));
    const seq = m[1] ?? '';
    out += seq === '\r' ? '\r' : `\u001b${seq}`;
    last = m.index + m[0].length;
  }
  return out + escapeControls(text.slice(last));
}

const CODES = { bold: [1, 22], dim: [2, 22], red: [31, 39], green: [32, 39], yellow: [33, 39], cyan: [36, 39] } as const;
type Style = keyof typeof CODES;

export interface Paint {
  (style: Style, text: string): string;
}

export function painter(ctx: { readonly color: boolean }): Paint {
  return (style, text) => {
    if (!ctx.color) return text;
    const [on, off] = CODES[style];
    return `${control(`[${on}m`)}${text}${control(`[${off}m`)}`;
  };
}

/**
 * Colour codes and marked sequences take no column on the screen. Any marker's shape is enough to
 * measure: one not made here (data) is escaped at the output edge all the same.
 */
export const ANSI = /\u001b\[[0-9;]*m|\u0000[0-9a-f]{16}[^\u0000]*\u0000/g;
