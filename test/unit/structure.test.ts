// The seams, read from the source: what crosses from one layer to another and what must not.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', '..', 'src');

/** Every TypeScript file under src/, as [path from src/ with '/', text]. */
function sources(): [string, string][] {
  const out: [string, string][] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else if (e.name.endsWith('.ts')) out.push([relative(SRC, path).split(sep).join('/'), readFileSync(path, 'utf8')]);
    }
  };
  walk(SRC);
  return out;
}

/** Code without its comments and catalogs' sentences: what runs, not what is said. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

const BELOW_CLI = sources().filter(([path]) => !path.startsWith('cli/') && !path.includes('/messages/'));

describe('the command line is the only layer that knows flags', () => {
  it('nothing below it imports the flag parser or reads a flag bag', () => {
    const leaks = BELOW_CLI.filter(([, text]) => /from '(\.\.\/)+cli\/(args|given)\.js'|ParsedValues/.test(code(text))).map(
      ([path]) => path,
    );
    expect(leaks).toEqual([]);
  });

  it('nothing below it looks a value up by a flag name', () => {
    const byName =
      /\b(str|list|flag|num)\(\w+, '|\[['"](base-url|api-key|api-key-env|key-storage|small-model|dry-run|no-verify|import-env)['"]\]/;
    const leaks = BELOW_CLI.filter(([, text]) => byName.test(code(text))).map(([path]) => path);
    expect(leaks).toEqual([]);
  });
});
