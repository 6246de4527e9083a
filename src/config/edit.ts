// "Edit, never regenerate": one entry point that turns key edits into the new text of a file.
import { templateText } from './templates.js';
import { editDotenv } from './dotenv.js';
import { editJson } from './edit-json.js';
import { editToml } from './edit-toml.js';
import { editYaml } from './edit-yaml.js';
import { detectEol } from './text.js';
import type { FileFormat, KeyEdit } from './types.js';

function editExisting(text: string, format: FileFormat, edits: readonly KeyEdit[], file: string): string {
  if (format !== 'yaml' && edits.some((e) => e.insert)) throw new Error(`insert edits are supported in YAML only (${file})`);
  switch (format) {
    case 'json':
      return editJson(text, edits, file, true);
    case 'jsonc':
      return editJson(text, edits, file, false);
    case 'toml':
      return editToml(text, edits, file);
    case 'dotenv':
      return editDotenv(text, edits, file);
    case 'yaml':
      return editYaml(text, edits, file);
  }
}

/**
 * The text of `file` after `edits`. `text` undefined means the file does not exist yet: it starts from
 * `template`, else `{}` (JSON) or nothing, and ends with a newline. Everything not edited is kept as is;
 * edits that change nothing give back `text` itself. Throws ParseError when `text` does not parse.
 */
export function editText(text: string | undefined, format: FileFormat, edits: readonly KeyEdit[], file: string, template?: string): string {
  if (text !== undefined) return editExisting(text, format, edits, file);
  const start = template !== undefined ? templateText(template) : format === 'json' || format === 'jsonc' ? '{}' : '';
  const out = editExisting(start, format, edits, file);
  return out === '' || out.endsWith('\n') ? out : out + detectEol(start);
}
