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

/** Offset where a new table below `parent` goes: after the last table inside `parent`, else at the end. */
function insertionOffset(body: string, parent: Path): number {
  const blocks = parseDocument(body).cst as unknown as CstBlock[];
  let last: CstBlock | undefined;
  for (const block of blocks) {
    if (block.type !== 'Table' && block.type !== 'TableArray') continue;
    const key = blockKey(block);
    if (key && parent.every((seg, i) => key[i] === seg)) last = block;
  }
  const lines = body.split('\n');
  if (!last || last.loc.end.line >= lines.length) return body.length;
  // Comment lines right above the next header describe that header: stay above them.
  let endLine = last.loc.end.line; // 1-based, last line of the block
  if (isTableHeader(lines[endLine] ?? '')) {
    while (endLine > last.loc.start.line && isComment(lines[endLine - 1] ?? '')) endLine--;
  }
  let offset = 0;
  for (let i = 0; i < endLine; i++) offset += (lines[i] ?? '').length + 1;
  return Math.min(offset, body.length);
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
    const offset = insertionOffset(out, table.slice(0, -1));
    const lead = offset < out.length ? eol : out === '' ? '' : out.endsWith('\n') ? eol : eol + eol;
    out = out.slice(0, offset) + lead + header + eol + rowText + out.slice(offset);
    try {
      if (!deepEqual(getIn(parse(out), table), rows)) return undefined;
    } catch {
      return undefined; // e.g. the parent is an inline table, which cannot gain a [section]
    }
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

/** Applies key edits to a TOML text, format-preserving. The result is re-parsed and checked. */
export function editToml(text: string, edits: readonly KeyEdit[], file: string): string {
  const before = parseConfig(text, 'toml', file) as Record<string, unknown>;
  const target = clonePlain(before);
  for (const edit of edits) setIn(target, edit.path, clonePlain(edit.value), file);
  if (deepEqual(before, target)) return text;

  const { bom, body } = splitBom(text);
  const withSections = withNewSections(body, before, target);
  const patched = (withSections !== undefined ? patchTo(withSections, target) : undefined) ?? patchTo(body, target);
  const out = patched === undefined ? undefined : restoreSpacing(body, patched, target);
  if (out === undefined) {
    throw new JobError(msg('cfg.toml_layout', { file }), msg('cfg.toml_layout_hint'));
  }
  return bom + (body === '' ? out : keepFinalNewline(body, out, detectEol(body)));
}
