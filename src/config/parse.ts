// Reading config files: every format parses to plain values, and a file that does not parse is
// reported with the 1-based line and column of its first error (ParseError), so the user can fix it.
import * as jsonc from 'jsonc-parser';
import { parse as parseTomlText } from '@decimalturn/toml-patch';
import { JobError, ParseError } from '../core/errors.js';
import { parseDotenv } from './dotenv.js';
import { readRegularFile } from './read.js';
import { lineColumn, splitBom } from './text.js';
import type { FileFormat } from './types.js';
import { msg } from '../i18n/index.js';

/**
 * Parses JSON: 'json' strictly (no comments, no trailing commas), 'jsonc' leniently. An empty or
 * whitespace-only file counts as an empty object: agents create such files and read them as `{}`.
 */
function parseJson(text: string, strict: boolean, file: string): unknown {
  const { body } = splitBom(text);
  if (body.trim() === '') return {};
  const errors: jsonc.ParseError[] = [];
  const value: unknown = jsonc.parse(body, errors, { disallowComments: strict, allowTrailingComma: !strict, allowEmptyContent: false });
  const first = errors[0];
  if (first) {
    const comma = trailingCommaBefore(body, first);
    const { line, column } = lineColumn(body, comma ?? first.offset);
    throw new ParseError(file, line, column, comma !== undefined ? msg('cfg.json.trailing_comma') : jsonErrorText(first.error));
  }
  if (strict) {
    // jsonc-parser is forgiving in corners JSON.parse is not; the agent reading the file uses JSON.parse.
    try {
      JSON.parse(body);
    } catch (err) {
      const position = /position (\d+)/.exec((err as Error).message);
      const { line, column } = lineColumn(body, position ? Number(position[1]) : 0);
      throw new ParseError(file, line, column, (err as Error).message);
    }
  }
  return value;
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

function jsonErrorText(code: jsonc.ParseErrorCode): string {
  const name = jsonc.printParseErrorCode(code);
  const words: Record<string, string> = {
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

function parseToml(text: string, file: string): unknown {
  try {
    return parseTomlText(text);
  } catch (err) {
    const e = err as { line?: unknown; column?: unknown; message?: unknown };
    // toml-patch reports 1-based lines and 0-based columns.
    let line = typeof e.line === 'number' ? e.line : 1;
    let column = typeof e.column === 'number' ? e.column + 1 : 1;
    const detail = typeof e.message === 'string' ? tomlDetail(e.message) : msg('cfg.invalid_toml');
    // An unclosed `[table` header is noticed at the line break, i.e. at the start of the next line;
    // the mistake is at the end of the header's own line.
    if (/single-line/i.test(detail) && column === 1 && line > 1) {
      line -= 1;
      column = (splitBom(text).body.split('\n')[line - 1] ?? '').replace(/\r$/, '').length + 1;
    }
    throw new ParseError(file, line, column, detail);
  }
}

/** toml-patch's message repeats the position and quotes the line; keep only the explanation. */
function tomlDetail(message: string): string {
  const lines = message.split('\n').map((l) => l.trim()).filter((l) => l !== '' && l !== '^');
  return lines[lines.length - 1] ?? msg('cfg.invalid_toml');
}

/** Parses a config text; throws ParseError(file, line, column, detail) when it does not parse. */
export function parseConfig(text: string, format: FileFormat, file: string): unknown {
  switch (format) {
    case 'json':
      return parseJson(text, true, file);
    case 'jsonc':
      return parseJson(text, false, file);
    case 'toml':
      return parseToml(text, file);
    case 'dotenv':
      return parseDotenv(text, file);
  }
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

/** The parsed content of a config file; undefined when absent; ParseError when unparseable. */
export async function readConfig(path: string, format: FileFormat): Promise<unknown> {
  const text = await readText(path);
  return text === undefined ? undefined : parseConfig(text, format, path);
}
