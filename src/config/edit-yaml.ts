// YAML editing that touches only the edited entries: the `yaml` package parses the text and gives
// each node's source range, and the edits are made here by splicing the text at those ranges, never
// by printing the document again. Every byte outside our entries stays: folded and literal scalars,
// flow collections, anchors, comments, blank lines, spacing and CRLF. Only new text is printed, in
// the file's own indentation and line ending. A flow collection we must change is printed again,
// that collection alone.
import { isMap, isNode, isScalar, isSeq, parseDocument, stringify, type Document, type Pair } from 'yaml';
import { ParseError } from '../core/errors.js';
import { detectEol, detectIndent, lineColumn, lineStartOf, splitBom } from './text.js';
import type { KeyEdit } from './types.js';
import { clonePlain, deepEqual, isPlainObject } from './values.js';
import { msg } from '../i18n/index.js';

type Segment = string | number;

/** The document of a YAML text; ParseError at the first error's line and column. */
function parse(body: string, file: string): Document {
  const doc = parseDocument(body, { uniqueKeys: true, prettyErrors: false });
  const first = doc.errors[0];
  if (first) {
    const { line, column } = lineColumn(body, first.pos[0]);
    throw new ParseError(file, line, column, first.message.split('\n')[0] ?? msg('cfg.invalid_yaml'));
  }
  const root = doc.contents;
  if (root !== null && !isMap(root)) throw new ParseError(file, 1, 1, msg('cfg.yaml.not_mapping'));
  return doc;
}

const plainOf = (doc: Document): unknown => (doc.contents === null ? {} : (doc.toJS() as unknown));

/** Parses YAML to plain values; an empty file counts as an empty mapping. */
export function parseYaml(text: string, file: string): unknown {
  return plainOf(parse(splitBom(text).body, file));
}

/** How new text is laid out in this file. */
interface Layout {
  eol: string;
  indent: number;
}

const keyOf = (pair: Pair): unknown => (isScalar(pair.key) ? pair.key.value : pair.key);
const rangeOf = (node: unknown): [number, number, number] | undefined => (isNode(node) ? (node.range ?? undefined) : undefined);

/** The offset just past the line that holds `offset - 1` (a range that ends with its newline ends there). */
function lineEndAfter(text: string, offset: number): number {
  if (offset > 0 && text[offset - 1] === '\n') return offset;
  const nl = text.indexOf('\n', offset);
  return nl < 0 ? text.length : nl + 1;
}

/**
 * Where an entry's own text ends: its value's end (lineEndAfter then takes a comment on that line).
 * The comment lines after it are not its own: the parser counts them to the entry, the reader to
 * what follows.
 */
function pairEnd(pair: Pair): number {
  return (rangeOf(pair.value) ?? rangeOf(pair.key))![1];
}

const itemEnd = (item: unknown): number => rangeOf(item)![1];

/** `rendered` (LF, one trailing newline) as lines: the first after `first`, the others after `rest`. */
function lines(rendered: string, first: string, rest: string, eol: string): string {
  return (
    rendered
      .replace(/\n$/, '')
      .split('\n')
      .map((l, i) => (l === '' ? '' : (i === 0 ? first : rest) + l))
      .join(eol) + eol
  );
}

const render = (value: unknown, layout: Layout): string => stringify(value, { indent: layout.indent, lineWidth: 0 });

/** `block` inserted at `at`; at the end of a text without a final newline, it keeps having none. */
function insertAt(text: string, at: number, block: string, eol: string): string {
  if (at >= text.length && text !== '' && !text.endsWith('\n')) return text + eol + block.slice(0, -eol.length);
  return text.slice(0, at) + block + text.slice(at);
}

/**
 * Whole lines [start, end) replaced by `block` (lines with their line ends). At the end of a text
 * without a final newline, the result has none either.
 */
function spliceLines(text: string, start: number, end: number, block: string): string {
  if (end >= text.length && !text.endsWith('\n')) {
    if (block !== '') return text.slice(0, start) + block.replace(/\r?\n$/, '');
    const cut = start > 0 && text[start - 1] === '\n' ? (text[start - 2] === '\r' ? start - 2 : start - 1) : start;
    return text.slice(0, cut);
  }
  return text.slice(0, start) + block + text.slice(end);
}

/** The path's own node, or how far the path exists: the deepest node found and its depth. */
function locate(doc: Document, path: readonly Segment[]): { node: unknown; depth: number; pair?: Pair } {
  let node: unknown = doc.contents;
  let pair: Pair | undefined;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    if (isMap(node) && typeof seg === 'string') {
      const found = node.items.find((p) => keyOf(p) === seg);
      if (!found) return { node, depth: i };
      pair = found;
      node = found.value;
    } else if (isSeq(node) && typeof seg === 'number' && seg < node.items.length) {
      pair = undefined;
      node = node.items[seg];
    } else return { node, depth: i };
  }
  return { node, depth: path.length, ...(pair && { pair }) };
}

/** The value that sets `rest` under a place that does not exist yet: `{a: {b: v}}`, `[v]`. */
function nested(rest: readonly Segment[], value: unknown): unknown {
  return rest.reduceRight<unknown>((v, seg) => (typeof seg === 'number' ? [v] : { [seg]: v }), value);
}

/** The column of a sequence item's dash, and the offset of the dash. */
function dashOf(text: string, item: unknown): { at: number; column: number } | undefined {
  const start = rangeOf(item)?.[0];
  if (start === undefined) return undefined;
  const dash = text.lastIndexOf('-', start - 1);
  const lineStart = lineStartOf(text, start);
  if (dash < lineStart) return undefined;
  return { at: dash, column: dash - lineStart };
}

/** Only spaces between the line start and `offset`. */
const aloneOnLine = (text: string, offset: number): boolean => /^ *$/.test(text.slice(lineStartOf(text, offset), offset));

/**
 * The text with the entry at `path` (a mapping's key or a sequence's item) printed again with
 * `value`: its lines replaced, the lines around it untouched. `undefined` when it cannot be done
 * in place (the caller then prints the collection that holds it).
 */
function replaceEntry(text: string, doc: Document, path: readonly Segment[], value: unknown, layout: Layout): string | undefined {
  if (path.length === 0) return undefined;
  const holder = locate(doc, path.slice(0, -1)).node;
  const last = path[path.length - 1]!;
  if (isMap(holder) && !holder.flow) {
    const pair = holder.items.find((p) => keyOf(p) === last);
    const keyStart = rangeOf(pair?.key)?.[0];
    if (!pair || keyStart === undefined) return undefined;
    const start = lineStartOf(text, keyStart);
    const column = ' '.repeat(keyStart - start);
    const block = lines(render({ [String(last)]: value }, layout), text.slice(start, keyStart), column, layout.eol);
    return spliceLines(text, start, lineEndAfter(text, pairEnd(pair)), block);
  }
  if (isSeq(holder) && !holder.flow && typeof last === 'number') {
    const item = holder.items[last];
    const dash = dashOf(text, item);
    if (!dash) return undefined;
    const start = lineStartOf(text, dash.at);
    const block = lines(render([value], layout), text.slice(start, dash.at), ' '.repeat(dash.column), layout.eol);
    return spliceLines(text, start, lineEndAfter(text, itemEnd(item)), block);
  }
  return undefined;
}

/** The text with the collection at `path` (its plain value changed by `change`) printed again: flow when it was flow. */
function reprint(text: string, doc: Document, path: readonly Segment[], change: (plain: unknown) => unknown, layout: Layout): string {
  const node = locate(doc, path).node;
  const plain = change(clonePlain(isNode(node) ? (node.toJSON() as unknown) : null));
  const range = rangeOf(node);
  if (range && (isMap(node) || isSeq(node)) && node.flow) {
    const flow = stringify(plain, { collectionStyle: 'flow', lineWidth: 0 }).trimEnd();
    return text.slice(0, range[0]) + flow + text.slice(range[1]);
  }
  const inPlace = replaceEntry(text, doc, path, plain, layout);
  if (inPlace !== undefined) return inPlace;
  // The whole document, printed again: only when no smaller part can be (never for our agents' files).
  const whole = render(plain, layout).replace(/\n/g, layout.eol);
  return text.endsWith('\n') || text === '' ? whole : whole.replace(/\r?\n$/, '');
}

function withEntry(plain: unknown, seg: Segment, value: unknown, insert = false): unknown {
  if (Array.isArray(plain) && typeof seg === 'number') {
    const out = [...plain];
    if (insert) out.splice(seg, 0, value);
    else out[seg] = value;
    return out;
  }
  return { ...(isPlainObject(plain) ? plain : {}), [String(seg)]: value };
}

function withoutEntry(plain: unknown, seg: Segment): unknown {
  if (Array.isArray(plain)) return plain.filter((_, i) => i !== seg);
  if (!isPlainObject(plain)) return plain;
  const out = { ...plain };
  delete out[String(seg)];
  return out;
}

/** Sets `value` at `path`, creating the mappings on the way. */
function setAt(text: string, doc: Document, path: readonly Segment[], value: unknown, layout: Layout): string {
  const found = locate(doc, path);
  if (found.depth === path.length) {
    const node = found.node;
    if (deepEqual(isNode(node) ? node.toJSON() : node, value)) return text;
    const range = rangeOf(node);
    // A one-line scalar for a one-line scalar: its own characters only (a comment after it stays).
    if (isScalar(node) && range && !isPlainObject(value) && !Array.isArray(value) && !String(node.type).startsWith('BLOCK')) {
      const scalar = stringify(value, { lineWidth: 0 }).replace(/\n$/, '');
      if (!scalar.includes('\n')) {
        const space = text[range[0] - 1] === ':' ? ' ' : '';
        return text.slice(0, range[0]) + space + scalar + text.slice(range[1]);
      }
    }
    return (
      replaceEntry(text, doc, path, value, layout) ??
      reprint(text, doc, path.slice(0, -1), (plain) => withEntry(plain, path[path.length - 1]!, value), layout)
    );
  }
  const at = path.slice(0, found.depth);
  const seg = path[found.depth]!;
  const rest = nested(path.slice(found.depth + 1), value);
  const holder = found.node;
  if (holder === null && found.depth === 0) {
    // An empty document (or comments only): the entry goes at its end.
    return insertAt(text, text.length, lines(render({ [String(seg)]: rest }, layout), '', '', layout.eol), layout.eol);
  }
  if (isMap(holder) && !holder.flow && holder.items.length > 0 && typeof seg === 'string') {
    const first = rangeOf(holder.items[0]!.key)![0];
    const column = ' '.repeat(first - lineStartOf(text, first));
    const end = lineEndAfter(text, pairEnd(holder.items[holder.items.length - 1]!));
    return insertAt(text, end, lines(render({ [seg]: rest }, layout), column, column, layout.eol), layout.eol);
  }
  if (isSeq(holder) && !holder.flow && holder.items.length > 0 && seg === holder.items.length) {
    return insertItem(text, holder, holder.items.length, rest, layout);
  }
  if (isMap(holder) || isSeq(holder)) return reprint(text, doc, at, (plain) => withEntry(plain, seg, rest), layout);
  // A scalar (often an empty `key:`) where a collection goes: that entry printed again.
  const whole = nested(path.slice(at.length), value);
  return (
    replaceEntry(text, doc, at, whole, layout) ??
    reprint(text, doc, at.slice(0, -1), (plain) => withEntry(plain, at[at.length - 1]!, whole), layout)
  );
}

/** A new item before `index` of a block sequence (at its end when `index` is its length), in its dash column. */
function insertItem(text: string, seq: { items: unknown[] }, index: number, value: unknown, layout: Layout): string {
  const dash = dashOf(text, seq.items[Math.min(index, seq.items.length - 1)]);
  if (!dash) throw new Error('no dash found for a block sequence item');
  const column = ' '.repeat(dash.column);
  const block = lines(render([value], layout), column, column, layout.eol);
  if (index < seq.items.length) {
    // The comment lines right above an item are that item's: ours goes above them.
    let at = lineStartOf(text, dash.at);
    while (at > 0 && /^[ \t]*#/.test(text.slice(lineStartOf(text, at - 1), at))) at = lineStartOf(text, at - 1);
    return insertAt(text, at, block, layout.eol);
  }
  return insertAt(text, lineEndAfter(text, itemEnd(seq.items[seq.items.length - 1])), block, layout.eol);
}

function insertAtPath(text: string, doc: Document, path: readonly Segment[], value: unknown, layout: Layout, file: string): string {
  const index = path[path.length - 1];
  const seq = locate(doc, path.slice(0, -1));
  if (typeof index !== 'number' || seq.depth !== path.length - 1 || !isSeq(seq.node) || index > seq.node.items.length)
    throw new Error(`no sequence to insert into at ${path.join('.')} (${file})`);
  const node = seq.node;
  const inBlock =
    !node.flow && node.items.length > 0 && node.items.every((item) => dashOf(text, item) && aloneOnLine(text, dashOf(text, item)!.at));
  if (inBlock) return insertItem(text, node, index, value, layout);
  return reprint(text, doc, path.slice(0, -1), (plain) => withEntry(plain, index, value, true), layout);
}

/** Takes the entry at `path` out with its own lines; the lines around it (comments above it too) stay. */
function deleteAt(text: string, doc: Document, path: readonly Segment[], layout: Layout): string {
  const found = locate(doc, path);
  if (found.depth !== path.length) return text;
  const holderPath = path.slice(0, -1);
  const holder = locate(doc, holderPath).node;
  const last = path[path.length - 1]!;
  // The last entry of a block collection: the collection stays, empty (`key: []`), as before.
  const size = isMap(holder) || isSeq(holder) ? holder.items.length : 0;
  if ((isMap(holder) || isSeq(holder)) && !holder.flow && size > 1) {
    if (isMap(holder) && found.pair) {
      const keyStart = rangeOf(found.pair.key)![0];
      if (aloneOnLine(text, keyStart)) return spliceLines(text, lineStartOf(text, keyStart), lineEndAfter(text, pairEnd(found.pair)), '');
    }
    if (isSeq(holder)) {
      const dash = dashOf(text, found.node);
      if (dash && aloneOnLine(text, dash.at)) {
        return spliceLines(text, lineStartOf(text, dash.at), lineEndAfter(text, itemEnd(found.node)), '');
      }
    }
  }
  if (holderPath.length === 0 && isMap(holder) && found.pair && aloneOnLine(text, rangeOf(found.pair.key)![0])) {
    // The document's only key: its lines go, the comments around them stay.
    const keyStart = rangeOf(found.pair.key)![0];
    return spliceLines(text, lineStartOf(text, keyStart), lineEndAfter(text, pairEnd(found.pair)), '');
  }
  return reprint(text, doc, holderPath, (plain) => withoutEntry(plain, last), layout);
}

/**
 * The text after `edits`; `text` itself when nothing changes. A path through a missing mapping
 * creates it; an index one past the end of a sequence appends to it.
 */
export function editYaml(text: string, edits: readonly KeyEdit[], file: string): string {
  const { bom, body } = splitBom(text);
  const before = plainOf(parse(body, file));
  const layout: Layout = { eol: detectEol(body), indent: detectIndent(body).insertSpaces ? detectIndent(body).tabSize : 2 };
  let out = body;
  for (const edit of edits) {
    const doc = parse(out, file);
    const path = edit.path as Segment[];
    if (edit.value === undefined) out = deleteAt(out, doc, path, layout);
    else if (edit.insert) out = insertAtPath(out, doc, path, edit.value, layout, file);
    else out = setAt(out, doc, path, edit.value, layout);
  }
  if (out === body || deepEqual(before, plainOf(parse(out, file)))) return text;
  return bom + out;
}
