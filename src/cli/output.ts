// Text helpers for the terminal: colour (only when the context allows it), a table that fits 80
// columns, and the one JSON document `--json` prints.
import type { Diagnosis, Protocol } from '../core/types.js';
import type { CliContext } from './context.js';

export const WIDTH = 80;

/** Protocol names as users know them. */
export const PROTOCOL_NAMES: Record<Protocol, string> = {
  messages: 'messages',
  responses: 'Responses',
  chat: 'chat',
  images: 'images',
};

const CODES = { bold: [1, 22], dim: [2, 22], red: [31, 39], green: [32, 39], yellow: [33, 39], cyan: [36, 39] } as const;
export type Style = keyof typeof CODES;

export interface Paint {
  (style: Style, text: string): string;
}

export function painter(ctx: Pick<CliContext, 'color'>): Paint {
  return (style, text) => {
    if (!ctx.color) return text;
    const [on, off] = CODES[style];
    return `\u001b[${on}m${text}\u001b[${off}m`;
  };
}

const ANSI = /\u001b\[[0-9;]*m/g;

/** Printed width (ANSI codes take none). */
export function visibleLength(text: string): number {
  return text.replace(ANSI, '').length;
}

function truncate(text: string, width: number): string {
  if (text.length <= width) return text;
  return width <= 1 ? text.slice(0, width) : `${text.slice(0, width - 1)}…`;
}

export interface TableOptions {
  /** Total width, indent included (default 80). */
  width?: number;
  indent?: number;
  /** Columns (by index) that may be cut with … when the row is too wide; default: the last one. */
  shrink?: number[];
}

/**
 * Lays out plain-text cells in columns two spaces apart. When the table is wider than `width`, the
 * shrinkable columns are cut down (widest first) so every line fits. Style cells after layout.
 */
export function table(rows: readonly (readonly string[])[], opts: TableOptions = {}): string[] {
  const width = opts.width ?? WIDTH;
  const indent = ' '.repeat(opts.indent ?? 0);
  const columns = Math.max(0, ...rows.map((r) => r.length));
  if (columns === 0) return [];
  const widths = Array.from({ length: columns }, (_, i) => Math.max(0, ...rows.map((r) => (r[i] ?? '').length)));
  const shrink = opts.shrink ?? [columns - 1];
  const total = (): number => indent.length + widths.reduce((a, b) => a + b, 0) + 2 * (columns - 1);
  while (total() > width) {
    const widest = shrink.filter((i) => (widths[i] ?? 0) > 8).sort((a, b) => (widths[b] ?? 0) - (widths[a] ?? 0))[0];
    if (widest === undefined) break;
    widths[widest] = Math.max(8, (widths[widest] ?? 0) - (total() - width));
  }
  return rows.map((row) => {
    const cells = row.map((cell, i) => {
      const w = widths[i] ?? 0;
      const cut = truncate(cell, w);
      return i === row.length - 1 ? cut : cut.padEnd(w);
    });
    return (indent + cells.join('  ')).trimEnd();
  });
}

/** Wraps prose at `width` (words are never cut), each line indented. */
export function wrap(text: string, indent = 0, width = WIDTH): string[] {
  const pad = ' '.repeat(indent);
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== '' && pad.length + line.length + 1 + word.length > width) {
      lines.push(pad + line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
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

/** The one JSON document of a `--json` run. Returns false (and writes nothing) if one was already written. */
export function printJson(ctx: Pick<CliContext, 'out'>, doc: unknown): boolean {
  if (jsonWritten.has(ctx)) return false;
  jsonWritten.add(ctx);
  ctx.out(`${JSON.stringify(doc, null, 2)}\n`);
  return true;
}

export function formatUsd(usd: number): string {
  if (usd === 0) return '$0';
  if (Math.abs(usd) >= 100) return `$${usd.toFixed(0)}`;
  if (Math.abs(usd) >= 0.01) return `$${usd.toFixed(2)}`;
  return `$${usd.toPrecision(2)}`;
}

/** A gateway diagnosis for people: the code, the cause, the fix and the request ID to give support. */
export function formatDiagnosis(ctx: Pick<CliContext, 'color'>, d: Diagnosis, label = 'error', indent = 0): string {
  const paint = painter(ctx);
  const pad = ' '.repeat(indent);
  // The client's messages usually quote the status already.
  const status = d.status !== undefined && !d.message.includes(String(d.status)) ? ` (HTTP ${d.status})` : '';
  const lines = [`${pad}${paint('red', `${label}:`)} ${d.message}${status} [${d.code}]`];
  lines.push(...wrap(`fix: ${d.fix}`, indent + 2));
  if (d.requestId) lines.push(`${pad}  request ID: ${d.requestId} (give it to the gateway's support)`);
  if (d.url) lines.push(`${pad}  url: ${d.url}`);
  return lines.join('\n');
}
