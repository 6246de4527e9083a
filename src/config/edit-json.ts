// JSON and JSONC editing that touches only the edited members: comments, key order, spacing, trailing
// commas and unknown keys stay byte for byte. jsonc-parser gives the syntax tree with offsets; the
// text edits are made here, because its own formatter re-indents whole lines around an insertion
// (it would unfold `"keybinds": { "leader": "ctrl+x" },` and move a trailing `// comment`).
import * as jsonc from 'jsonc-parser';
import { JobError } from '../core/errors.js';
import { parseConfig } from './parse.js';
import { detectEol, detectIndent, keepFinalNewline, lineStartOf, splitBom } from './text.js';
import type { KeyEdit, KeyPath } from './types.js';
import { clonePlain, deepEqual, getIn, isPlainObject, setIn, showPath } from './values.js';
import { msg, type Message } from '../i18n/index.js';

// jsonc-parser's SyntaxKind is an ambient const enum, which isolatedModules cannot inline.
const COMMA = 5;
const LINE_COMMENT = 12;
const BLOCK_COMMENT = 13;
const LINE_BREAK = 14;
const TRIVIA = 15;
const EOF = 17;

interface Layout {
  eol: string;
  unit: string;
}

interface TextEdit {
  offset: number;
  length: number;
  content: string;
}

function applyEdits(text: string, edits: TextEdit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.offset - a.offset)) {
    out = out.slice(0, e.offset) + e.content + out.slice(e.offset + e.length);
  }
  return out;
}

function end(node: jsonc.Node): number {
  return node.offset + node.length;
}

/** The whitespace a line starts with. */
function indentOfLine(text: string, offset: number): string {
  const start = lineStartOf(text, offset);
  return /^[ \t]*/.exec(text.slice(start))?.[0] ?? '';
}

/** True when only spaces or tabs stand between the start of the line and `offset`. */
function startsLine(text: string, offset: number): boolean {
  return /^[ \t]*$/.test(text.slice(lineStartOf(text, offset), offset));
}

/** The comma that follows `offset` (past comments and whitespace), if the next token is one. */
function commaAfter(text: string, offset: number): { offset: number } | undefined {
  const scanner = jsonc.createScanner(text, true);
  scanner.setPosition(offset);
  return scanner.scan() === COMMA ? { offset: scanner.getTokenOffset() } : undefined;
}

/**
 * When the rest of the line after `offset` holds only whitespace and comments, the offset just past
 * its line break; else undefined (something else shares the line).
 */
function restOfLineIsTrivia(text: string, offset: number): number | undefined {
  const scanner = jsonc.createScanner(text, false);
  scanner.setPosition(offset);
  for (;;) {
    const kind = scanner.scan();
    if (kind === LINE_BREAK) return scanner.getPosition();
    if (kind === EOF) return text.length;
    if (kind === TRIVIA || kind === LINE_COMMENT) continue;
    if (kind === BLOCK_COMMENT && !scanner.getTokenValue().includes('\n')) continue;
    return undefined;
  }
}

/** Pretty JSON in the file's indentation, continuing at `indent` on every line after the first. */
function renderMultiline(value: unknown, indent: string, layout: Layout): string {
  return JSON.stringify(value, null, layout.unit)
    .split('\n')
    .join(layout.eol + indent);
}

/** One-line JSON spaced like hand-written files: `{ "a": 1, "b": [1, 2] }`. */
function renderInline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(renderInline).join(', ')}]`;
  if (isPlainObject(value)) {
    const members = Object.entries(value).filter(([, v]) => v !== undefined);
    if (members.length === 0) return '{}';
    return `{ ${members.map(([k, v]) => `${JSON.stringify(k)}: ${renderInline(v)}`).join(', ')} }`;
  }
  return JSON.stringify(value);
}

function memberText(key: string | number, value: unknown, indent: string, multiline: boolean, layout: Layout, colon = ': '): string {
  const rendered = multiline ? renderMultiline(value, indent, layout) : renderInline(value);
  return typeof key === 'number' ? rendered : `${JSON.stringify(key)}${colon}${rendered}`;
}

/**
 * How a one-line container spaces its members, read from its own text: what follows a comma and
 * what stands between a key and its value (`,` and `:` in JSON as programs save it, `, ` and `: `
 * as people write it).
 */
function inlineSpacing(text: string, container: jsonc.Node): { comma: string; colon: string } {
  const children = container.children ?? [];
  const first = children[0];
  const second = children[1];
  const comma = first !== undefined && second !== undefined ? text.slice(end(first), second.offset).replace(/^\s*/, '') : ', ';
  const key = first?.type === 'property' ? first.children?.[0] : undefined;
  const value = first?.type === 'property' ? first.children?.[1] : undefined;
  const colon = key !== undefined && value !== undefined ? text.slice(end(key), value.offset) : ': ';
  return { comma: /^,\s*$/.test(comma) ? comma : ', ', colon: /^\s*:\s*$/.test(colon) ? colon : ': ' };
}

/** The property of `container` named `key` when it starts its own line: a member can go right above it. */
function lineOf(text: string, container: jsonc.Node, key: string | undefined): jsonc.Node | undefined {
  if (key === undefined || container.type !== 'object') return undefined;
  const found = container.children?.find((p) => p.children?.[0]?.value === key);
  return found !== undefined && startsLine(text, found.offset) ? found : undefined;
}

/**
 * Adds a member (object property or array item) at the end of `container`, in the container's style,
 * or in front of the sibling `before` names when that one stands on its own line.
 */
function insertMember(text: string, container: jsonc.Node, key: string | number, value: unknown, layout: Layout, before?: string): string {
  const sibling = lineOf(text, container, before);
  if (sibling !== undefined) {
    const indent = indentOfLine(text, sibling.offset);
    const member = memberText(key, value, indent, true, layout);
    return applyEdits(text, [{ offset: lineStartOf(text, sibling.offset), length: 0, content: `${indent}${member},${layout.eol}` }]);
  }
  const inline =
    before !== undefined && container.type === 'object' ? container.children?.find((p) => p.children?.[0]?.value === before) : undefined;
  if (inline !== undefined) {
    // A sibling that shares its line (a file saved on one line): in front of it, spaced as the rest.
    const { comma, colon } = inlineSpacing(text, container);
    return applyEdits(text, [{ offset: inline.offset, length: 0, content: `${memberText(key, value, '', false, layout, colon)}${comma}` }]);
  }
  const children = container.children ?? [];
  const close = end(container) - 1;
  const last = children[children.length - 1];
  const closeOnOwnLine = startsLine(text, close);

  if (!last) {
    const inner = text.slice(container.offset + 1, close);
    const outer = indentOfLine(text, container.offset);
    if (inner.trim() === '') {
      const indent = outer + layout.unit;
      const member = memberText(key, value, indent, true, layout);
      return applyEdits(text, [
        { offset: container.offset + 1, length: inner.length, content: `${layout.eol}${indent}${member}${layout.eol}${outer}` },
      ]);
    }
    // Only comments inside: add the member on its own line before the closing bracket.
    if (closeOnOwnLine) {
      const indent = indentOfLine(text, close) + layout.unit;
      const member = memberText(key, value, indent, true, layout);
      return applyEdits(text, [{ offset: lineStartOf(text, close), length: 0, content: `${indent}${member}${layout.eol}` }]);
    }
    return applyEdits(text, [{ offset: container.offset + 1, length: 0, content: ` ${memberText(key, value, '', false, layout)} ` }]);
  }

  const comma = commaAfter(text, end(last));
  if (closeOnOwnLine && text.slice(container.offset, close).includes('\n')) {
    const indent = startsLine(text, last.offset) ? indentOfLine(text, last.offset) : indentOfLine(text, close) + layout.unit;
    const member = memberText(key, value, indent, true, layout);
    const edits: TextEdit[] = [
      { offset: lineStartOf(text, close), length: 0, content: `${indent}${member}${comma ? ',' : ''}${layout.eol}` },
    ];
    if (!comma) edits.push({ offset: end(last), length: 0, content: ',' });
    return applyEdits(text, edits);
  }
  const spacing = inlineSpacing(text, container);
  const member = memberText(key, value, '', false, layout, spacing.colon);
  if (comma) return applyEdits(text, [{ offset: comma.offset + 1, length: 0, content: ` ${member},` }]);
  return applyEdits(text, [{ offset: end(last), length: 0, content: `${spacing.comma}${member}` }]);
}

/** Removes member `index` of `container`; a member on lines of its own goes with its lines and comment. */
function removeMember(text: string, container: jsonc.Node, index: number): string {
  const children = container.children ?? [];
  const node = children[index];
  if (!node) return text;
  const prev = children[index - 1];
  const next = children[index + 1];
  const comma = commaAfter(text, end(node));
  const afterNode = comma ? comma.offset + 1 : end(node);
  const close = end(container) - 1;
  // The only member, nothing else inside (no comment): the container closes up, `{}` as people write it.
  if (!prev && !next && (text.slice(container.offset + 1, node.offset) + text.slice(afterNode, close)).trim() === '')
    return applyEdits(text, [{ offset: container.offset + 1, length: close - container.offset - 1, content: '' }]);
  const lineEnd = restOfLineIsTrivia(text, afterNode);
  if (startsLine(text, node.offset) && lineEnd !== undefined) {
    const edits: TextEdit[] = [{ offset: lineStartOf(text, node.offset), length: lineEnd - lineStartOf(text, node.offset), content: '' }];
    // The last member without a comma leaves the previous one's separator dangling.
    if (!comma && prev) {
      const prevComma = commaAfter(text, end(prev));
      if (prevComma) edits.push({ offset: prevComma.offset, length: 1, content: '' });
    }
    return applyEdits(text, edits);
  }
  if (prev) return applyEdits(text, [{ offset: end(prev), length: end(node) - end(prev), content: '' }]);
  if (next) return applyEdits(text, [{ offset: node.offset, length: next.offset - node.offset, content: '' }]);
  return applyEdits(text, [{ offset: container.offset + 1, length: close - container.offset - 1, content: '' }]);
}

/** The path down to the first key `doc` lacks on the way to `path` (itself included); undefined when every key is there. */
function missingPrefix(doc: unknown, path: KeyPath): KeyPath | undefined {
  let cur: unknown = doc;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i]!;
    if (typeof seg === 'number' || !isPlainObject(cur)) return undefined;
    if (!Object.hasOwn(cur, seg)) return path.slice(0, i + 1);
    cur = cur[seg];
  }
  return undefined;
}

function startsWith(path: KeyPath, prefix: KeyPath): boolean {
  return prefix.length <= path.length && prefix.every((seg, i) => path[i] === seg);
}

function tree(text: string): jsonc.Node {
  const root = jsonc.parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  if (!root) throw new JobError('internal: a JSON text that parsed has no syntax tree');
  return root;
}

function kindError(file: string, at: KeyPath, want: Message): JobError {
  const where = at.length === 0 ? msg('cfg.top_level') : showPath(at);
  return new JobError(msg('cfg.not_kind', { file, where, want }), msg('cfg.not_kind_hint'));
}

/** Applies one key edit to JSON text; returns the text unchanged when it already holds that value. */
function applyOne(text: string, path: KeyPath, value: unknown, file: string, layout: Layout, before?: string): string {
  const root = tree(text);
  const node = jsonc.findNodeAtLocation(root, [...path]);
  if (value === undefined) {
    if (!node || path.length === 0) return text;
    const parent = node.parent?.type === 'property' ? node.parent.parent : node.parent;
    const member = node.parent?.type === 'property' ? node.parent : node;
    if (!parent?.children) return text;
    return removeMember(text, parent, parent.children.indexOf(member));
  }
  if (node) {
    const current: unknown = jsonc.getNodeValue(node);
    if (deepEqual(current, value)) return text;
    if (node.type === 'object' && isPlainObject(value)) {
      // Object over object: edit member by member, so untouched members keep their comments and order.
      let out = text;
      for (const [k, v] of Object.entries(value)) out = applyOne(out, [...path, k], v, file, layout);
      const keep = new Set(Object.keys(value));
      for (const k of Object.keys(current as Record<string, unknown>))
        if (!keep.has(k)) out = applyOne(out, [...path, k], undefined, file, layout);
      return out;
    }
    const single = !text.slice(node.offset, end(node)).includes('\n') && (node.type === 'object' || node.type === 'array');
    const rendered = single ? renderInline(value) : renderMultiline(value, indentOfLine(text, node.offset), layout);
    return applyEdits(text, [{ offset: node.offset, length: node.length, content: rendered }]);
  }
  // Find the deepest existing ancestor and add the missing part below it as one member.
  let depth = path.length - 1;
  let parent = jsonc.findNodeAtLocation(root, path.slice(0, depth) as (string | number)[]);
  while (!parent && depth > 0) {
    depth--;
    parent = jsonc.findNodeAtLocation(root, path.slice(0, depth) as (string | number)[]);
  }
  if (!parent) throw kindError(file, [], msg('cfg.an_object'));
  const key = path[depth] as string | number;
  let built: unknown = value;
  for (let i = path.length - 1; i > depth; i--) {
    const seg = path[i] as string | number;
    if (typeof seg === 'number' && seg !== 0)
      throw new JobError(msg('cfg.no_array', { file, path: showPath(path), array: showPath(path.slice(0, i)) }));
    built = typeof seg === 'number' ? [built] : { [seg]: built };
  }
  if (typeof key === 'string') {
    if (parent.type !== 'object') throw kindError(file, path.slice(0, depth), msg('cfg.an_object'));
  } else {
    if (parent.type !== 'array') throw kindError(file, path.slice(0, depth), msg('cfg.an_array'));
    const length = parent.children?.length ?? 0;
    if (key !== length) throw new JobError(msg('cfg.array_items', { file, path: showPath(path), n: length }));
  }
  return insertMember(text, parent, key, built, layout, depth === path.length - 1 ? before : undefined);
}

/**
 * Applies key edits to a JSON/JSONC text. `text` must parse (callers check first). The result is
 * re-parsed and compared with the intended document: a mismatch is a bug, never a silent write.
 */
export function editJson(text: string, edits: readonly KeyEdit[], file: string, strict: boolean): string {
  const format = strict ? 'json' : 'jsonc';
  const before = parseConfig(text, format, file);
  const { bom, body } = splitBom(text);
  let out = body.trim() === '' ? '{}' : body;
  const layout: Layout = { eol: detectEol(body), ...detectIndent(body) };
  const expected = clonePlain(before);
  // Each edit applied alone re-reads the whole text: linear per edit, so a list of thousands of
  // models would take quadratic time. `expected` mirrors the text edit by edit, which tells without
  // reading it when an edit changes nothing, and when a run of edits lands under one key the text
  // does not have yet: those become one insert of the subtree they build.
  for (let i = 0; i < edits.length; i++) {
    const edit = edits[i]!;
    if (edit.path.length === 0) throw new JobError(msg('cfg.empty_path', { file }));
    if (!isPlainObject(expected) && !Array.isArray(expected)) throw kindError(file, [], msg('cfg.an_object'));
    const value = clonePlain(edit.value);
    if (value !== undefined && deepEqual(getIn(expected, edit.path), value)) continue;
    const fresh = value === undefined ? undefined : missingPrefix(expected, edit.path);
    if (fresh !== undefined) {
      // The edits that follow under the same missing key, in order, built into one value.
      const built: Record<string, unknown> = {};
      let j = i;
      for (; j < edits.length; j++) {
        const e = edits[j]!;
        if (e.value === undefined || !startsWith(e.path, fresh) || e.path.some((seg) => typeof seg === 'number')) break;
        const v = clonePlain(e.value);
        setIn(expected as Record<string, unknown>, e.path, v, file);
        setIn(built, e.path, v, file);
      }
      if (j > i + 1) {
        out = applyOne(out, fresh, getIn(built, fresh), file, layout);
        i = j - 1;
        continue;
      }
      // One edit alone: as before (the value is already in `expected`).
      out = applyOne(out, edit.path, value, file, layout, edit.before);
      continue;
    }
    setIn(expected as Record<string, unknown>, edit.path, value, file);
    out = applyOne(out, edit.path, value, file, layout, edit.before);
  }
  if (out === body) return text;
  const result = bom + keepFinalNewline(body, out, layout.eol);
  if (!deepEqual(parseConfig(result, format, file), expected)) {
    throw new JobError(`internal: editing ${file} would not give the intended values; the file was not touched.`);
  }
  return result;
}
