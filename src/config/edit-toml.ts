// TOML editing with @decimalturn/toml-patch, which rewrites only the values that differ and keeps
// comments, order, quoting (e.g. 'C:\Users\dev\scratch' stays a literal string) and unknown tables.
// One gap is filled here: a new table below an existing parent, such as [model_providers.gateway]
// next to [model_providers.openrouter], would come out as a dotted inline line at the root
// (`model_providers.gateway = {…}`). We first write the `[model_providers.gateway]` section with its
// plain values after its siblings, and toml-patch then does the rest. (An empty header filled in by
// toml-patch would get its rows after any comment that sits above the next table.)
import { parse, parseDocument, patch, stringify, TomlFormat } from '@decimalturn/toml-patch';
import { JobError } from '../core/errors.js';
import { parseConfig } from './parse.js';
import { detectEol, keepFinalNewline, splitBom } from './text.js';
import type { KeyEdit } from './types.js';
import { clonePlain, deepEqual, getIn, isPlainObject, setIn } from './values.js';
import { msg } from '../i18n/index.js';

type Path = readonly string[];

interface CstBlock {
  type: string;
  loc: { start: { line: number }; end: { line: number } };
  key?: { item?: { value?: unknown } };
}

/** Paths of tables the edit creates that hold values of their own (each gets a `[header]`). */
function newTables(before: unknown, target: Record<string, unknown>, path: Path, out: Path[]): Path[] {
  for (const [key, value] of Object.entries(target)) {
    if (!isPlainObject(value)) continue;
    const old = isPlainObject(before) ? before[key] : undefined;
    const here = [...path, key];
    if (old === undefined) {
      const hasOwnValues = Object.values(value).some((v) => !isPlainObject(v)) || Object.keys(value).length === 0;
      // A table holding only sub-tables needs no header of its own: [a.b] defines [a].
      if (hasOwnValues) out.push(here);
      else newTables(undefined, value, here, out);
    } else if (isPlainObject(old)) {
      newTables(old, value, here, out);
    }
  }
  return out;
}

function tomlKey(segment: string): string {
  return /^[A-Za-z0-9_-]+$/.test(segment) ? segment : JSON.stringify(segment);
}

function blockKey(block: CstBlock): string[] | undefined {
  const value = block.key?.item?.value;
  return Array.isArray(value) && value.every((s) => typeof s === 'string') ? (value as string[]) : undefined;
}

const isTableHeader = (line: string): boolean => /^\s*\[/.test(line);
const isComment = (line: string): boolean => /^\s*#/.test(line);

/** Offset of the start of a 1-based line (the end of the text past the last line). */
function lineOffset(lines: readonly string[], line: number, total: number): number {
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += (lines[i] ?? '').length + 1;
  return Math.min(offset, total);
}

/**
 * Where a new table below `parent` goes: after the last table inside `parent`, else at the end. The
 * comment lines right above the next header describe that header, and the blank lines above them
 * part it from what comes before: the new table goes above both.
 */
function insertionPoint(body: string, parent: Path): { offset: number; atEnd: boolean } {
  const blocks = parseDocument(body).cst as unknown as CstBlock[];
  let last: CstBlock | undefined;
  for (const block of blocks) {
    if (block.type !== 'Table' && block.type !== 'TableArray') continue;
    const key = blockKey(block);
    if (key && parent.every((seg, i) => key[i] === seg)) last = block;
  }
  const lines = body.split('\n');
  if (!last || last.loc.end.line >= lines.length) return { offset: body.length, atEnd: true };
  let endLine = last.loc.end.line; // 1-based, last line of the block
  if (isTableHeader(lines[endLine] ?? '')) {
    while (endLine > last.loc.start.line && isComment(lines[endLine - 1] ?? '')) endLine--;
  }
  while (endLine > last.loc.start.line && (lines[endLine - 1] ?? '').trim() === '') endLine--;
  return { offset: lineOffset(lines, endLine + 1, body.length), atEnd: false };
}

/** The values of a new table that are written as `key = value` rows (not sub-tables). */
function rowsOf(table: Record<string, unknown>): Record<string, unknown> {
  const isSection = (v: unknown): boolean => isPlainObject(v) || (Array.isArray(v) && v.some(isPlainObject));
  return Object.fromEntries(Object.entries(table).filter(([, v]) => !isSection(v)));
}

/** The text with the new tables' sections added, or undefined when that would not parse as intended. */
function withNewSections(body: string, before: unknown, target: Record<string, unknown>): string | undefined {
  const eol = detectEol(body);
  const format = Object.assign(TomlFormat.default(), { newLine: eol, trailingNewline: 1 });
  let out = body;
  for (const table of newTables(before, target, [], [])) {
    const header = `[${table.map(tomlKey).join('.')}]`;
    const rows = rowsOf(getIn(target, table) as Record<string, unknown>);
    const rowText = Object.keys(rows).length > 0 ? stringify(rows, format).replace(/(\r?\n)*$/, eol) : '';
    const { offset, atEnd } = insertionPoint(out, table.slice(0, -1));
    const lead = !atEnd ? eol : out === '' ? '' : out.endsWith('\n') ? eol : eol + eol;
    const rest = out.slice(offset);
    // Keep a blank line between the new table and what follows it, as between the user's tables.
    const trail = rest !== '' && !/^\r?\n/.test(rest) ? eol : '';
    out = out.slice(0, offset) + lead + header + eol + rowText + trail + rest;
    try {
      if (!deepEqual(getIn(parse(out), table), rows)) return undefined;
    } catch {
      return undefined; // e.g. the parent is an inline table, which cannot gain a [section]
    }
  }
  return out;
}

/** Paths of lists of tables the edit creates (`[[providers]]` where the file has none). */
function newTableArrays(before: unknown, target: Record<string, unknown>, path: Path, out: Path[]): Path[] {
  for (const [key, value] of Object.entries(target)) {
    const old = isPlainObject(before) ? before[key] : undefined;
    if (isPlainObject(value)) newTableArrays(old, value, [...path, key], out);
    else if (old === undefined && Array.isArray(value) && value.length > 0 && value.every(isPlainObject)) out.push([...path, key]);
  }
  return out;
}

/**
 * The text with each new list of tables written at its end as `[[name]]` sections: toml-patch finds
 * no node to add the items to. Undefined when an item holds more than plain rows or the result would
 * not parse as intended.
 */
function withNewTableArrays(body: string, before: unknown, target: Record<string, unknown>): string | undefined {
  const eol = detectEol(body);
  const format = Object.assign(TomlFormat.default(), { newLine: eol, trailingNewline: 1 });
  let out = body;
  for (const list of newTableArrays(before, target, [], [])) {
    const items = getIn(target, list) as Record<string, unknown>[];
    if (items.some((item) => Object.keys(rowsOf(item)).length !== Object.keys(item).length)) return undefined;
    const header = `[[${list.map(tomlKey).join('.')}]]`;
    const text = items.map((item) => header + eol + stringify(item, format).replace(/(\r?\n)*$/, eol)).join(eol);
    const lead = out === '' ? '' : out.endsWith('\n') ? eol : eol + eol;
    out = out + lead + text;
    try {
      if (!deepEqual(getIn(parse(out), list), items)) return undefined;
    } catch {
      return undefined;
    }
  }
  return out;
}

interface CstItem {
  type: string;
  loc: { start: { line: number }; end: { line: number } };
}

/** New plain rows (`key = value`) the edit adds to a table that exists already ([] for the root). */
function newRows(before: unknown, target: Record<string, unknown>, path: Path, out: Path[]): Path[] {
  if (!isPlainObject(before)) return out;
  for (const [key, value] of Object.entries(target)) {
    const old = before[key];
    if (isPlainObject(value)) {
      if (isPlainObject(old)) newRows(old, value, [...path, key], out);
    } else if (old === undefined && !(Array.isArray(value) && value.some(isPlainObject))) {
      out.push([...path, key]);
    }
  }
  return out;
}

/**
 * The line after which a new row of the table at `table` ([] for the root) goes: its last row, or
 * for a root without rows the line above the comments that head the first table. Undefined when
 * the table is not written as a section (toml-patch places those rows).
 */
function lastRowLine(body: string, table: Path): { line: number; blankAfter: boolean } | undefined {
  const blocks = parseDocument(body).cst as unknown as (CstBlock & { items?: CstItem[] })[];
  if (table.length === 0) {
    let line: number | undefined;
    for (const block of blocks) {
      if (block.type === 'Table' || block.type === 'TableArray') {
        if (line !== undefined) break;
        const lines = body.split('\n');
        let above = block.loc.start.line - 1;
        while (above > 0 && isComment(lines[above - 1] ?? '')) above--;
        return { line: above, blankAfter: true };
      }
      if (block.type === 'KeyValue') line = block.loc.end.line;
    }
    return line === undefined ? undefined : { line, blankAfter: false };
  }
  let found: (CstBlock & { items?: CstItem[] }) | undefined;
  for (const block of blocks) {
    const key = block.type === 'Table' ? blockKey(block) : undefined;
    if (key && key.length === table.length && table.every((seg, i) => key[i] === seg)) found = block;
  }
  if (!found) return undefined;
  let line = found.key ? (found as unknown as { key: CstItem }).key.loc.end.line : found.loc.start.line;
  for (const item of found.items ?? []) if (item.type === 'KeyValue') line = item.loc.end.line;
  return { line, blankAfter: false };
}

/**
 * The text with each new row of an existing table written right after that table's last row. Left
 * to toml-patch, a new row lands after the comments that close the table (those describe the next
 * table, or are the user's notes at its end). Undefined when that would not parse as intended.
 */
function withNewRows(body: string, before: unknown, target: Record<string, unknown>): string {
  const eol = detectEol(body);
  const format = Object.assign(TomlFormat.default(), { newLine: eol, trailingNewline: 1 });
  let out = body;
  for (const row of newRows(before, target, [], [])) {
    const table = row.slice(0, -1);
    const at = lastRowLine(out, table);
    if (at === undefined) continue; // not a [section] of its own (or dotted keys): toml-patch places it
    const key = row[row.length - 1]!;
    const rowText = stringify({ [key]: getIn(target, row) }, format).replace(/(\r?\n)*$/, eol);
    const lines = out.split('\n');
    const offset = lineOffset(lines, at.line + 1, out.length);
    const next = offset >= out.length && !out.endsWith('\n') ? eol : '';
    const candidate = out.slice(0, offset) + next + rowText + (at.blankAfter ? eol : '') + out.slice(offset);
    try {
      if (!deepEqual(getIn(parse(candidate), row), getIn(target, row))) continue;
    } catch {
      continue;
    }
    out = candidate;
  }
  return out;
}

function patchTo(body: string, target: Record<string, unknown>): string | undefined {
  try {
    const format = TomlFormat.autoDetectFormat(body);
    // New tables at any depth become [sections], the way people write Codex configs.
    format.inlineTableStart = Number.MAX_SAFE_INTEGER;
    const out = patch(body, target, format);
    return deepEqual(parse(out), target) ? out : undefined;
  } catch {
    return undefined;
  }
}

/**
 * toml-patch sometimes re-spaces a line it did not change (seen: the gap before the comment after
 * `a = ""`). A line that differs from an original one only in spacing gets the original back; the
 * result must still parse to the target, else the patched text stands.
 */
function restoreSpacing(original: string, patched: string, target: Record<string, unknown>): string {
  const squash = (line: string): string => line.replace(/[ \t]+/g, ' ').trim();
  const originals = new Map<string, string>();
  for (const line of original.split(/\r?\n/)) if (!originals.has(squash(line))) originals.set(squash(line), line);
  const eol = patched.includes('\r\n') ? '\r\n' : '\n';
  const lines = patched.split(/\r?\n/).map((line) => originals.get(squash(line)) ?? line);
  const restored = lines.join(eol);
  try {
    return deepEqual(parse(restored), target) ? restored : patched;
  } catch {
    return patched;
  }
}

/**
 * toml-patch takes the comment block at the top of a file away with the first key when that key is
 * deleted (it reads it as the key's own comment). A file's opening comment is the user's, whatever
 * key follows it: it is put back.
 */
function keepHeaderComment(original: string, patched: string): string {
  const header = /^(?:[ \t]*#[^\n]*\n)+/.exec(original)?.[0];
  if (header === undefined || patched.startsWith(header)) return patched;
  return header + patched;
}

/** A `[table]` header's key path (dotted, bare or quoted parts); undefined for anything else. */
function headerPath(line: string): string[] | undefined {
  const m = /^\s*\[(?!\[)(.*)\]\s*(?:#.*)?$/.exec(line);
  if (!m) return undefined;
  const parts = [...m[1]!.matchAll(/\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*(?:\.|$)/g)];
  return parts.length > 0 ? parts.map((p) => (p[1] !== undefined ? (JSON.parse(`"${p[1]}"`) as string) : (p[2] ?? p[3]!))) : undefined;
}

/**
 * toml-patch deletes a table with every line up to the next header, the comments in it included. We
 * write no comments: one inside a table that goes is the user's, and stays where the table was.
 */
function keepTableComments(original: string, patched: string, target: Record<string, unknown>): string {
  const lines = original.split(/\r?\n/);
  const eol = patched.includes('\r\n') ? '\r\n' : '\n';
  let out = patched.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const path = headerPath(lines[i]!);
    if (path === undefined || getIn(target, path) !== undefined) continue;
    let next = i + 1;
    while (next < lines.length && !/^\s*\[/.test(lines[next]!)) next++;
    const comments = lines.slice(i + 1, next).filter((l) => isComment(l) && !out.includes(l));
    if (comments.length === 0) continue;
    const at = next < lines.length ? out.indexOf(lines[next]!) : -1;
    if (at >= 0) out = [...out.slice(0, at), ...comments, '', ...out.slice(at)];
    else {
      const tail = out.length > 0 && out[out.length - 1] === '' ? [''] : [];
      const body = tail.length > 0 ? out.slice(0, -1) : out;
      out = [...body, ...(body.length > 0 && body[body.length - 1] !== '' ? [''] : []), ...comments, ...tail];
    }
  }
  return out.join(eol);
}

/** Applies key edits to a TOML text, format-preserving. The result is re-parsed and checked. */
export function editToml(text: string, edits: readonly KeyEdit[], file: string): string {
  const before = parseConfig(text, 'toml', file) as Record<string, unknown>;
  const target = clonePlain(before);
  for (const edit of edits) setIn(target, edit.path, clonePlain(edit.value), file);
  if (deepEqual(before, target)) return text;

  const { bom, body } = splitBom(text);
  const rows = withNewRows(body, before, target);
  const sections = withNewSections(rows, before, target);
  const withSections = sections === undefined ? undefined : withNewTableArrays(sections, before, target);
  const patched = (withSections !== undefined ? patchTo(withSections, target) : undefined) ?? patchTo(body, target);
  const out =
    patched === undefined ? undefined : keepTableComments(body, keepHeaderComment(body, restoreSpacing(body, patched, target)), target);
  if (out === undefined) {
    throw new JobError(msg('cfg.toml_layout', { file }), msg('cfg.toml_layout_hint'));
  }
  return bom + (body === '' ? out : keepFinalNewline(body, out, detectEol(body)));
}
