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

/**
 * The areas from the bottom up: an area may say its own sentences and those of the areas below it,
 * never one owned by an area above (its catalog would then be a lower layer's dependency).
 */
const LAYERS = [
  'i18n',
  'core',
  'config',
  'gateway',
  'agents',
  'agent-run',
  'settings',
  'setup',
  'doctor',
  'sync',
  'verify',
  'remove',
  'wizard',
  'library',
  'cli',
] as const;

/** Each key, by the area whose catalog (`<area>/messages/en.ts`) defines it. */
function owners(): Map<string, string> {
  const out = new Map<string, string>();
  for (const [path, text] of sources()) {
    if (!path.endsWith('/messages/en.ts')) continue;
    const area = path.split('/')[0]!;
    for (const m of text.matchAll(/^\s+'([a-z0-9_.-]+)':/gm)) out.set(m[1]!, area);
  }
  return out;
}

describe('sentences are owned', () => {
  const owner = owners();
  const layer = (area: string): number => LAYERS.indexOf(area as (typeof LAYERS)[number]);

  it('every area that says sentences is in the layer order', () => {
    const areas = new Set(sources().flatMap(([path]) => (path.includes('/') ? [path.split('/')[0]!] : [])));
    expect([...areas].filter((a) => a !== 'simulator' && layer(a) === -1)).toEqual([]);
  });

  it('no area renders a key owned by an area above it', () => {
    const above: string[] = [];
    for (const [path, text] of BELOW_CLI) {
      const area = path.split('/')[0]!;
      if (!path.includes('/') || area === 'simulator') continue;
      for (const m of code(text).matchAll(/\b(?:msg|t|warn)\(\s*'([a-z0-9_.-]+)'/g)) {
        const by = owner.get(m[1]!);
        if (by !== undefined && layer(by) > layer(area)) above.push(`${path}: '${m[1]}' (${by})`);
      }
    }
    expect(above).toEqual([]);
  });
});
