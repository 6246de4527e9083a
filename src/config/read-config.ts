// Reading a config file in any format. JSON and JSONC are parsed on the spot; TOML, YAML and dotenv load their
// parsers (./parse.ts) only when such a file exists: a run that finds no file of an agent (doctor on
// a machine without it) never loads them.
import { readJson, readText } from './parse-json.js';
import type { FileFormat } from './types.js';

/** The parsed content of a config file; undefined when absent; ParseError when unparseable. */
export async function readConfig(path: string, format: FileFormat): Promise<unknown> {
  if (format === 'json' || format === 'jsonc') return readJson(path, format === 'json');
  const text = await readText(path);
  if (text === undefined) return undefined;
  return (await import('./parse.js')).parseConfig(text, format, path);
}
