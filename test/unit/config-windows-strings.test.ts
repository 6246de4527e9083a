// Windows paths and other backslash-laden values inside TOML, JSON, JSONC and dotenv strings
// (zcf #114 wrote `C:\Users\…` unescaped into TOML, which then failed to parse or read
// `\U` as an escape). Every value written is parsed back by the format's own reader and must be
// exactly what was written, in a file that keeps CRLF and its comments.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editText, parseConfig } from '../../src/config/index.js';
import type { FileFormat } from '../../src/config/types.js';

const VALUES = [
  'C:\\Users\\李雷\\.codex',
  'C:\\Program Files\\nodejs\\node.exe',
  '\\\\server\\share\\team config',
  'D:\\new\\table\\u0041\\x41',
  'ends with a backslash\\',
  'quote " and apostrophe \' and $HOME and %USERPROFILE%',
  'tab\tinside',
];

const START: Record<FileFormat, string> = {
  toml: '# my settings\r\nmodel = "old"\r\n\r\n[tables]\r\nkeep = \'C:\\literal\\stays\'\r\n',
  json: '{\r\n  "keep": "C:\\\\literal\\\\stays"\r\n}\r\n',
  jsonc: '{\r\n  // my settings\r\n  "keep": "C:\\\\literal\\\\stays"\r\n}\r\n',
  dotenv: '# keys\r\nKEEP=1\r\n',
  yaml: "# my settings\r\nkeep: 'C:\\literal\\stays'\r\nenv:\r\n  OTHER: 1\r\n",
};

/** The value at `path` after reading the text back with the format's own parser. */
function readBack(text: string, format: FileFormat, path: string[]): unknown {
  let node: unknown = parseConfig(text, format, `settings.${format}`);
  for (const k of path) node = (node as Record<string, unknown>)[k];
  return node;
}

const pathFor = (format: FileFormat): string[] =>
  format === 'dotenv' ? ['GATEWAY_PATH'] : format === 'toml' ? ['model_providers', 'gw', 'home'] : ['env', 'HOME_DIR'];

describe.each(['toml', 'json', 'jsonc', 'dotenv', 'yaml'] as const)('%s strings', (format) => {
  it.each(VALUES)('%j survives a write and a read', (value) => {
    const path = pathFor(format);
    const text = editText(START[format], format, [{ path, value }], `settings.${format}`);
    expect(readBack(text, format, path)).toBe(value);
    // The rest of the file is untouched, CRLF included.
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
    if (format !== 'dotenv') expect(readBack(text, format, format === 'toml' ? ['tables', 'keep'] : ['keep'])).toBe('C:\\literal\\stays');
    else expect(readBack(text, format, ['KEEP'])).toBe('1');
    // Writing the same value again changes nothing.
    expect(editText(text, format, [{ path, value }], `settings.${format}`)).toBe(text);
  });

  it('any printable string with backslashes and quotes round-trips', () => {
    const chars = fc.constantFrom('\\', '"', "'", 'C', ':', ' ', '李', '$', '%', 'u', 'x', '0', 'n', '\t');
    fc.assert(
      fc.property(fc.string({ unit: chars, minLength: 1, maxLength: 24 }), (value) => {
        const path = pathFor(format);
        const text = editText(START[format], format, [{ path, value }], `settings.${format}`);
        expect(readBack(text, format, path)).toBe(value);
      }),
      { numRuns: 200 },
    );
  });
});
