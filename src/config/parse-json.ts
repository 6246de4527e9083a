// JSON files, read on their own: our settings file is JSON, and a command that only reads it (every
// command starts by doing so) need not load the TOML and YAML parsers that ./parse.ts adds. A file
// that does not parse is reported with the 1-based line and column of its first error (ParseError).
import * as jsonc from 'jsonc-parser';
import { JobError, ParseError } from '../core/errors.js';
import { readRegularFile } from './read.js';
import { lineColumn, splitBom } from './text.js';
import { msg, type Message } from '../i18n/index.js';

/**
 * Parses JSON: 'json' strictly (no comments, no trailing commas), 'jsonc' leniently. An empty or
 * whitespace-only file counts as an empty object: agents create such files and read them as `{}`.
 */
export function parseJson(text: string, strict: boolean, file: string): unknown {
  const { body } = splitBom(text);
  if (body.trim() === '') return {};
  const errors: jsonc.ParseError[] = [];
  const tree = jsonc.parseTree(body, errors, { disallowComments: strict, allowTrailingComma: !strict, allowEmptyContent: false });
  const first = errors[0];
  if (first) {
    const comma = trailingCommaBefore(body, first);
    const { line, column } = lineColumn(body, comma ?? first.offset);
    throw new ParseError(file, line, column, comma !== undefined ? msg('cfg.json.trailing_comma') : jsonErrorText(first.error));
  }
  refuseDuplicateKeys(body, file);
  if (strict) {
    // jsonc-parser is forgiving in corners JSON.parse is not; the agent reading the file uses JSON.parse.
    try {
      return JSON.parse(body) as unknown;
    } catch (err) {
      const position = /position (\d+)/.exec((err as Error).message);
      const { line, column } = lineColumn(body, position ? Number(position[1]) : 0);
      throw new ParseError(file, line, column, (err as Error).message);
    }
  }
  return tree === undefined ? undefined : plainValue(tree);
}

/**
 * A parsed tree as plain values, the way JSON.parse builds them: a key is an own property whatever
 * its name. (jsonc-parser's own `parse` assigns, so a `"__proto__"` key would replace the object's
 * prototype and lend every field it holds to lookups that never see it as a key.)
 */
function plainValue(node: jsonc.Node): unknown {
  if (node.type === 'array') return (node.children ?? []).map(plainValue);
  if (node.type !== 'object') return node.value as unknown;
  const out: Record<string, unknown> = {};
  for (const property of node.children ?? []) {
    const [key, value] = property.children ?? [];
    if (key === undefined || value === undefined) continue;
    Object.defineProperty(out, key.value as string, { value: plainValue(value), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * jsonc-parser notices a trailing comma only at the bracket after it, often a line later; the offset
 * of that comma is where the user has to look.
 */
function trailingCommaBefore(body: string, error: jsonc.ParseError): number | undefined {
  const name = jsonc.printParseErrorCode(error.error);
  if (name !== 'PropertyNameExpected' && name !== 'ValueExpected') return undefined;
  if (body[error.offset] !== '}' && body[error.offset] !== ']') return undefined;
  let i = error.offset - 1;
  while (i >= 0 && /\s/.test(body[i] ?? '')) i--;
  return body[i] === ',' ? i : undefined;
}

function jsonErrorText(code: jsonc.ParseErrorCode): Message | string {
  const name = jsonc.printParseErrorCode(code);
  const words: Record<string, Message> = {
    InvalidCommentToken: msg('cfg.json.comment'),
    ValueExpected: msg('cfg.json.value'),
    PropertyNameExpected: msg('cfg.json.property'),
    CommaExpected: msg('cfg.json.comma'),
    ColonExpected: msg('cfg.json.colon'),
    CloseBraceExpected: msg('cfg.json.close_brace'),
    CloseBracketExpected: msg('cfg.json.close_bracket'),
    EndOfFileExpected: msg('cfg.json.eof'),
    InvalidSymbol: msg('cfg.json.symbol'),
    UnexpectedEndOfString: msg('cfg.json.string'),
  };
  return words[name] ?? name;
}

/**
 * A key twice in one object: JSON allows it on paper, but which one an agent reads depends on its
 * parser, and an edit of one would leave the other. Refused like any file that does not parse.
 */
function refuseDuplicateKeys(body: string, file: string): void {
  const objects: Map<string, number>[] = [];
  jsonc.visit(body, {
    onObjectBegin: () => void objects.push(new Map()),
    onObjectEnd: () => void objects.pop(),
    onObjectProperty: (key, offset) => {
      const keys = objects[objects.length - 1];
      if (!keys) return;
      const first = keys.get(key);
      if (first !== undefined) {
        const { line, column } = lineColumn(body, offset);
        throw new ParseError(file, line, column, msg('cfg.json.duplicate', { key, line: lineColumn(body, first).line }));
      }
      keys.set(key, offset);
    },
  });
}

/** Deeper than any agent's config: past it the parsers (and the editors) would run out of stack. */
export const MAX_DEPTH = 512;

/** The end of a string that starts at `i` (the offset after it), JSON or TOML quoting. */
function skipString(text: string, i: number, toml: boolean): number {
  const q = text[i] ?? '"';
  if (toml && text.startsWith(q.repeat(3), i)) {
    const end = text.indexOf(q.repeat(3), i + 3);
    return end === -1 ? text.length : end + 3;
  }
  for (let j = i + 1; j < text.length; j++) {
    const c = text[j];
    if (c === '\\' && q === '"') j++;
    else if (c === q || c === '\n') return j + 1;
  }
  return text.length;
}

/** The offset where brackets nest deeper than MAX_DEPTH (strings and comments skipped), if they do. */
export function tooDeepAt(text: string, toml: boolean): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || (toml && c === "'")) {
      i = skipString(text, i, toml) - 1;
    } else if (toml ? c === '#' : c === '/' && text[i + 1] === '/') {
      const nl = text.indexOf('\n', i);
      i = nl === -1 ? text.length : nl;
    } else if (!toml && c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 1;
    } else if (c === '[' || c === '{') {
      if (++depth > MAX_DEPTH) return i;
    } else if (c === ']' || c === '}') {
      depth = Math.max(0, depth - 1);
    }
  }
  return undefined;
}

/**
 * Decodes a file as UTF-8, refusing invalid bytes: decoding them to U+FFFD and writing the file back
 * would destroy them. The BOM stays in the text, so it can be written back too.
 */
export function decodeUtf8(bytes: Uint8Array, path: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new JobError(msg('cfg.not_utf8', { file: path }), msg('cfg.not_utf8_hint'));
  }
}

/** Reads a file's text; undefined when it does not exist. Anything else unreadable is a JobError. */
export async function readText(path: string): Promise<string | undefined> {
  const bytes = await readRegularFile(path);
  return bytes === undefined ? undefined : decodeUtf8(bytes, path);
}

/** The parsed content of a JSON file (strict, else JSONC); undefined when absent; ParseError when unparseable. */
export async function readJson(path: string, strict = true): Promise<unknown> {
  const text = await readText(path);
  if (text === undefined) return undefined;
  const { body } = splitBom(text);
  const deep = tooDeepAt(body, false);
  if (deep !== undefined) {
    const { line, column } = lineColumn(body, deep);
    throw new ParseError(path, line, column, msg('cfg.too_deep', { max: MAX_DEPTH }));
  }
  return parseJson(text, strict, path);
}
