// YAML reading and editing with the `yaml` package's Document API, which keeps comments, key order,
// anchors and unknown keys through an edit. What it would normalise when printing (indentation,
// line folding) is pinned to the file's own: its indent unit, no folding of long lines, and its
// line ending and BOM put back. A file whose edits change nothing is returned as it was, byte for byte.
import { isMap, isNode, isScalar, parseDocument, type Document } from 'yaml';
import { ParseError } from '../core/errors.js';
import { detectEol, detectIndent, keepFinalNewline, splitBom } from './text.js';
import type { KeyEdit } from './types.js';
import { deepEqual } from './values.js';
import { msg } from '../i18n/index.js';

/** The document, or ParseError at the first error's line and column (duplicate keys included). */
function parseDoc(body: string, file: string): Document.Parsed {
  const doc = parseDocument(body, { uniqueKeys: true, prettyErrors: true, keepSourceTokens: false });
  const first = doc.errors[0];
  if (first) {
    const pos = first.linePos?.[0];
    const detail = first.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '');
    throw new ParseError(file, pos?.line ?? 1, pos?.col ?? 1, detail || msg('cfg.invalid_yaml'));
  }
  return doc;
}

/** Parses YAML to plain values; an empty (or comment-only) file is an empty mapping. */
export function parseYaml(text: string, file: string): unknown {
  const { body } = splitBom(text.replace(/\r\n/g, '\n'));
  const doc = parseDoc(body, file);
  const value: unknown = doc.toJS({ maxAliasCount: 100 });
  return value ?? {};
}

/**
 * Deletes a key; the comment lines above it (the yaml package hangs them on the key) move to the
 * key below it, or below the mapping when it was the last: a deleted setting takes its own line and
 * its line comment with it, never the user's comment block that happened to sit above it.
 */
function deleteKeepingComments(doc: Document.Parsed, path: KeyEdit['path']): void {
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

/** Applies key edits to a YAML text; keeps everything it does not touch. */
export function editYaml(text: string, edits: readonly KeyEdit[], file: string): string {
  const eol = detectEol(text);
  const { bom, body } = splitBom(text.replace(/\r\n/g, '\n'));
  const doc = parseDoc(body, file);
  if (doc.contents !== null && !isMap(doc.contents)) {
    throw new ParseError(file, 1, 1, msg('cfg.yaml.not_mapping'));
  }
  let changed = false;
  for (const edit of edits) {
    const current: unknown = doc.getIn(edit.path, false);
    const plain = current !== null && typeof current === 'object' && 'toJSON' in current ? (current as { toJSON(): unknown }).toJSON() : current;
    if (edit.value === undefined) {
      if (doc.hasIn(edit.path)) {
        deleteKeepingComments(doc, edit.path);
        changed = true;
      }
    } else if (!doc.hasIn(edit.path) || !deepEqual(plain, edit.value)) {
      doc.setIn(edit.path, edit.value);
      changed = true;
    }
  }
  if (!changed) return text;
  const indent = detectIndent(body);
  const printed = doc.toString({ indent: indent.insertSpaces ? indent.tabSize : 2, lineWidth: 0, minContentWidth: 0 });
  const out = keepFinalNewline(body, printed, '\n');
  return bom + (eol === '\r\n' ? out.replace(/\n/g, '\r\n') : out);
}
