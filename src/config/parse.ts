// Reading config files: every format parses to plain values, and a file that does not parse is
// reported with the 1-based line and column of its first error (ParseError), so the user can fix it.
import { parse as parseTomlText } from '@decimalturn/toml-patch';
import { ParseError } from '../core/errors.js';
import { parseDotenv } from './dotenv.js';
import { parseYaml } from './edit-yaml.js';
import { decodeUtf8, MAX_DEPTH, parseJson, tooDeepAt } from './parse-json.js';
import { lineColumn, splitBom } from './text.js';
import type { FileFormat } from './types.js';
import { msg, type Message } from '../i18n/index.js';

export { decodeUtf8 };

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
    if (typeof detail === 'string' && /single-line/i.test(detail) && column === 1 && line > 1) {
      line -= 1;
      column = (splitBom(text).body.split('\n')[line - 1] ?? '').replace(/\r$/, '').length + 1;
    }
    throw new ParseError(file, line, column, detail);
  }
}

/** toml-patch's message repeats the position and quotes the line; keep only the explanation. */
function tomlDetail(message: string): Message | string {
  const lines = message
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && l !== '^');
  return lines[lines.length - 1] ?? msg('cfg.invalid_toml');
}

/** Parses a config text; throws ParseError(file, line, column, detail) when it does not parse. */
export function parseConfig(text: string, format: FileFormat, file: string): unknown {
  if (format !== 'dotenv') {
    const { body } = splitBom(text);
    // YAML shares TOML's `#` comments and single-quoted strings, which is all the depth scan needs.
    const deep = tooDeepAt(body, format === 'toml' || format === 'yaml');
    if (deep !== undefined) {
      const { line, column } = lineColumn(body, deep);
      throw new ParseError(file, line, column, msg('cfg.too_deep', { max: MAX_DEPTH }));
    }
  }
  try {
    switch (format) {
      case 'json':
        return parseJson(text, true, file);
      case 'jsonc':
        return parseJson(text, false, file);
      case 'toml':
        return parseToml(text, file);
      case 'dotenv':
        return parseDotenv(text, file);
      case 'yaml':
        return parseYaml(text, file);
    }
  } catch (err) {
    // Out of stack on some shape the depth check did not foresee: still the file's fault, named.
    if (err instanceof RangeError) throw new ParseError(file, 1, 1, msg('cfg.too_deep', { max: MAX_DEPTH }));
    throw err;
  }
}
