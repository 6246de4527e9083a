// Terminal text layout: printed width (Chinese characters take two columns), cutting and padding
// to a width, a table that wraps to 80 columns (never cutting a value), and prose wrapping.
import { ANSI } from './terminal.js';

const WIDTH = 80;

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

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Printed width in terminal columns: ANSI codes take none, Chinese characters two. */
export function visibleLength(text: string): number {
  // Printable ASCII: one column each (most of what we print; measured often, in every table).
  if (PRINTABLE_ASCII.test(text)) return text.length;
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
  // Folded, never spread: a table may have tens of thousands of rows (a gateway's whole model list).
  const most = (from: number, of: (r: readonly string[]) => number): number => rows.reduce((m, r) => Math.max(m, of(r)), from);
  const columns = most(0, (r) => r.length);
  if (columns === 0) return [];
  const widths = Array.from({ length: columns }, (_, i) => most(0, (r) => visibleLength(r[i] ?? '')));
  const wrapping = opts.wrap ?? [columns - 1];
  const floor = widths.map((_, i) => most(1, (r) => longestPiece(r[i] ?? '')));
  const total = (): number => indent.length + widths.reduce((a, b) => a + b, 0) + 2 * (columns - 1);
  while (total() > width) {
    const widest = wrapping.filter((i) => (widths[i] ?? 0) > (floor[i] ?? 0)).sort((a, b) => (widths[b] ?? 0) - (widths[a] ?? 0))[0];
    if (widest === undefined) break;
    widths[widest] = Math.max(floor[widest] ?? 0, (widths[widest] ?? 0) - (total() - width));
  }
  return rows.map((row) => {
    const cells = row.map((cell, i) =>
      wrapping.includes(i) && visibleLength(cell) > (widths[i] ?? 0) ? wrap(cell, 0, widths[i]) : [cell],
    );
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
  // Nothing wide in it: one piece, as the loop below would find, without its work.
  if (PRINTABLE_ASCII.test(word)) return [word];
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
