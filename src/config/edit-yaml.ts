// YAML parsing and editing through the `yaml` package's Document API: the document keeps the user's
// comments, key order, quoting and blank lines, and only the edited nodes are replaced. The text is
// edited with LF and without a BOM, then given back the file's own line ending, BOM and final newline.
import { isMap, isNode, isScalar, isSeq, parseDocument, type Document } from 'yaml';
import { ParseError } from '../core/errors.js';
import { detectEol, detectIndent, lineColumn, splitBom } from './text.js';
import type { KeyEdit } from './types.js';
import { deepEqual } from './values.js';
import { msg } from '../i18n/index.js';

/** The document of a YAML text; ParseError at the first error's line and column. */
function parse(text: string, file: string): Document {
  const body = splitBom(text).body.replace(/\r\n/g, '\n');
  const doc = parseDocument(body, { keepSourceTokens: false, uniqueKeys: true, prettyErrors: false });
  const first = doc.errors[0];
  if (first) {
    const { line, column } = lineColumn(body, first.pos[0]);
    throw new ParseError(file, line, column, first.message.split('\n')[0] ?? msg('cfg.invalid_yaml'));
  }
  const root = doc.contents;
  if (root !== null && !isMap(root)) throw new ParseError(file, 1, 1, msg('cfg.yaml.not_mapping'));
  return doc;
}

/** Parses YAML to plain values; an empty file counts as an empty mapping. */
export function parseYaml(text: string, file: string): unknown {
  const doc = parse(text, file);
  return doc.contents === null ? {} : (doc.toJS() as unknown);
}

/**
 * Deletes a key; the comment lines above it (the yaml package hangs them on the key) move to the
 * key below it, or below the mapping when it was the last: a deleted setting takes its own line and
 * its line comment with it, never the user's comment block that happened to sit above it.
 */
function deleteKeepingComments(doc: Document, path: (string | number)[]): void {
  const last = path[path.length - 1];
  const parent: unknown = path.length === 1 ? doc.contents : doc.getIn(path.slice(0, -1), true);
  if (!isMap(parent)) {
    doc.deleteIn(path);
    return;
  }
  const index = parent.items.findIndex((pair) => (isScalar(pair.key) ? pair.key.value : pair.key) === last);
  const key = parent.items[index]?.key;
  const above = isNode(key) ? key.commentBefore : undefined;
  if (above) {
    const next = parent.items[index + 1]?.key;
    if (isNode(next)) {
      next.commentBefore = next.commentBefore ? `${above}\n${next.commentBefore}` : above;
      next.spaceBefore = next.spaceBefore === true || (isNode(key) && key.spaceBefore === true);
    } else {
      parent.comment = parent.comment ? `${above}\n${parent.comment}` : above;
    }
  }
  doc.deleteIn(path);
}

/**
 * The text after `edits`; `text` itself when nothing changes. A path through a missing mapping
 * creates it; an index one past the end of a sequence appends to it.
 */
export function editYaml(text: string, edits: readonly KeyEdit[], file: string): string {
  const { bom, body } = splitBom(text);
  const doc = parse(text, file);
  const before = doc.contents === null ? {} : (doc.toJS() as unknown);
  let changed = false;
  for (const edit of edits) {
    const current: unknown = doc.getIn(edit.path as (string | number)[]);
    const plain =
      current !== null && typeof current === 'object' && 'toJSON' in current ? (current as { toJSON(): unknown }).toJSON() : current;
    if (edit.value === undefined) {
      if (doc.hasIn(edit.path as (string | number)[])) {
        deleteKeepingComments(doc, edit.path as (string | number)[]);
        changed = true;
      }
      continue;
    }
    const parentPath = edit.path.slice(0, -1) as (string | number)[];
    const last = edit.path[edit.path.length - 1];
    const parent: unknown = parentPath.length === 0 ? doc.contents : doc.getIn(parentPath, true);
    if (edit.insert) {
      if (typeof last !== 'number' || !isSeq(parent) || last > parent.items.length)
        throw new Error(`no sequence to insert into at ${edit.path.join('.')} (${file})`);
      // A comment above the first item belongs to that item (yaml keeps it on the sequence, which
      // would print it above the new first one).
      const firstItem: unknown = parent.items[0];
      if (last === 0 && parent.commentBefore && isNode(firstItem)) {
        const item = firstItem;
        item.commentBefore = item.commentBefore ? `${parent.commentBefore}\n${item.commentBefore}` : parent.commentBefore;
        parent.commentBefore = undefined;
      }
      parent.items.splice(last, 0, doc.createNode(edit.value));
      changed = true;
      continue;
    }
    if (deepEqual(plain, edit.value) && doc.hasIn(edit.path as (string | number)[])) continue;
    if (typeof last === 'number' && isSeq(parent) && last === parent.items.length) {
      parent.add(doc.createNode(edit.value));
    } else {
      // A plain value: an existing scalar keeps its node, and with it its line comment.
      doc.setIn(edit.path as (string | number)[], edit.value);
    }
    changed = true;
  }
  if (!changed) return text;
  const after = doc.contents === null ? {} : (doc.toJS() as unknown);
  if (deepEqual(before, after)) return text;
  const indent = detectIndent(body).insertSpaces ? detectIndent(body).tabSize : 2;
  let out = doc.toString({ indent, lineWidth: 0 });
  if (body.trim() === '' && out.trim() === '{}') out = '';
  if (body !== '' && !body.endsWith('\n')) out = out.replace(/\n$/, '');
  const eol = detectEol(body);
  if (eol === '\r\n') out = out.replace(/\n/g, '\r\n');
  return bom + out;
}
