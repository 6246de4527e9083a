// The text of the files we create from nothing (an agent's new config, the env file a shell
// sources) and of the scripts we print (shell completion) lives in templates/ at the package's
// root, shipped with it: read at run time, by name, never copied into a constant.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

let root: string | undefined;

/** The package's root: the nearest folder above this module holding templates/ (from src/ or dist/ alike). */
function packageRoot(): string {
  if (root !== undefined) return root;
  for (let dir = import.meta.dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'templates')) && existsSync(join(dir, 'package.json'))) return (root = dir);
    if (dirname(dir) === dir) throw new Error('internal: the templates folder of the package was not found');
  }
}

const texts = new Map<string, string>();

/** The text of `templates/<name>`. */
export function templateText(name: string): string {
  let text = texts.get(name);
  if (text === undefined) {
    text = readFileSync(join(packageRoot(), 'templates', name), 'utf8');
    texts.set(name, text);
  }
  return text;
}

/**
 * A template with each `@@NAME@@` replaced by `values[NAME]`. A line that is only a placeholder
 * (indentation aside) takes the value's lines as they are, and disappears when the value is empty.
 * A missing value is a bug: it throws.
 */
export function fillTemplate(name: string, values: Readonly<Record<string, string>>): string {
  const value = (key: string): string => {
    const v = values[key];
    if (v === undefined) throw new Error(`internal: template ${name} needs ${key}`);
    return v;
  };
  return templateText(name)
    .split('\n')
    .flatMap((line) => {
      const whole = /^\s*@@([A-Z_]+)@@\s*$/.exec(line);
      if (whole) {
        const v = value(whole[1] as string).replace(/\n$/, '');
        return v === '' ? [] : [v];
      }
      return [line.replace(/@@([A-Z_]+)@@/g, (_, key: string) => value(key))];
    })
    .join('\n');
}
