// A property of YAML editing over generated files: every byte outside our entries is kept. The
// files mix what users write by hand — folded and literal scalars, flow collections, anchors and
// aliases, comments (spaced as people space them), blank lines, CRLF, a BOM, no final newline —
// and the edits are the ones agents make: set, add, nest, insert into a list, delete.
import { describe, expect, it } from 'vitest';
import { editYaml, parseYaml } from '../../src/config/edit-yaml.js';
import type { KeyEdit } from '../../src/config/types.js';

/** A small seeded generator, so a failure names the seed that reproduces it. */
function random(seed: number): { int: (n: number) => number; pick: <T>(xs: readonly T[]) => T; chance: (p: number) => boolean } {
  let s = seed >>> 0 || 1;
  const next = (): number => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
  return {
    int: (n) => Math.floor(next() * n),
    pick: (xs) => xs[Math.floor(next() * xs.length)]!,
    chance: (p) => next() < p,
  };
}

const COMMENTS = ['', ' # why', '   # spaced out', '\t# tabbed', ' #tight'];

/** One user's file: entries in a random order, with the layout quirks people leave in. */
function userFile(seed: number): { text: string; keys: string[] } {
  const r = random(seed);
  const entries: string[] = [];
  const keys: string[] = [];
  const n = 2 + r.int(6);
  for (let i = 0; i < n; i++) {
    const key = `user-${i}`;
    keys.push(key);
    const comment = r.pick(COMMENTS);
    const kind = r.int(9);
    if (kind === 0) entries.push(`${key}: plain value ${i}${comment}`);
    else if (kind === 1) entries.push(`${key}: >\n  folded text\n  on two lines\n`);
    else if (kind === 2) entries.push(`${key}: |-\n  literal\n    kept indented\n  text`);
    else if (kind === 3) entries.push(`${key}: [~/CONVENTIONS.md, docs/a.md]${comment}`);
    else if (kind === 4) entries.push(`${key}: {a: 1,   b: two}`);
    else if (kind === 5) entries.push(`${key}: &anchor${i}\n  x: 1\n  y: [1,2]\nalias-${i}: *anchor${i}`);
    else if (kind === 6) entries.push(`${key}:\n    # inside\n    deep:\n        deeper: "quoted"   # end\n\n    other: 'single'`);
    else if (kind === 7) entries.push(`${key}:\n- bare dash\n-   spaced: item\n    more: 2`);
    else entries.push(`${key}: ${r.pick(['true', '~', '1e3', '0x1F', '"a \\"b\\""', "'it''s'", '2001-12-14'])}${comment}`);
    if (kind === 5) keys.push(`alias-${i}`);
    if (r.chance(0.3)) entries.push(r.pick(['', '# a note', '  # indented note', '\n']));
  }
  const head = r.pick(['', '# header\n\n', '---\n', '%YAML 1.2\n---\n# after the marker\n']);
  const tail = r.chance(0.7) ? `\n${r.chance(0.25) ? '# the end\n\n' : ''}` : '';
  let text = head + entries.join('\n') + tail;
  if (r.chance(0.3)) text = text.replace(/\n/g, '\r\n');
  if (r.chance(0.15)) text = `\uFEFF${text}`;
  return { text, keys };
}

const edit = (text: string, edits: KeyEdit[]): string => editYaml(text, edits, 'generated.yml');
const SEEDS = Array.from({ length: 150 }, (_, i) => i + 1);

describe('YAML edits keep every byte outside our entries (generated files)', () => {
  it.each(SEEDS)('seed %i: keys we add and then take out leave the file byte-identical', (seed) => {
    const { text, keys } = userFile(seed);
    const ours: KeyEdit[] = [
      { path: ['openai-api-base'], value: 'http://127.0.0.1:4000/v1' },
      { path: ['model'], value: 'openai/deepseek-chat' },
      { path: ['gas', 'nested', 'key'], value: 'sk-x' },
      { path: ['models'], value: [{ name: 'Gateway', apiBase: 'http://gw/v1' }] },
    ];
    const added = edit(text, ours);
    const plain = parseYaml(added, 'generated.yml') as Record<string, unknown>;
    const before = parseYaml(text, 'generated.yml') as Record<string, unknown>;
    for (const k of keys) expect(plain[k], k).toEqual(before[k]);
    expect(plain).toMatchObject({ 'openai-api-base': 'http://127.0.0.1:4000/v1', gas: { nested: { key: 'sk-x' } } });
    // The user's text is all there, in order, our lines beside it.
    const taken = edit(
      added,
      ours.map((e) => ({ path: [e.path[0]!], value: undefined })),
    );
    expect(JSON.stringify(taken)).toBe(JSON.stringify(text));
  });

  it.each(SEEDS)('seed %i: a value of ours changed in place: only its characters differ', (seed) => {
    const { text } = userFile(seed);
    const withOurs = edit(text, [{ path: ['model'], value: 'gateway/old-model' }]);
    const changed = edit(withOurs, [{ path: ['model'], value: 'gateway/new-model' }]);
    expect(changed).toBe(withOurs.replace('gateway/old-model', 'gateway/new-model'));
  });

  it.each(SEEDS)("seed %i: a list of ours: an entry inserted first and one taken out touch nothing of the user's", (seed) => {
    const { text } = userFile(seed);
    const one = edit(text, [{ path: ['models'], value: [{ name: 'Local', model: 'llama' }] }]);
    const two = edit(one, [{ path: ['models', 0], value: { name: 'Gateway', model: 'gpt-5' }, insert: true }]);
    expect((parseYaml(two, 'generated.yml') as { models: { name: string }[] }).models.map((m) => m.name)).toEqual(['Gateway', 'Local']);
    const back = edit(two, [{ path: ['models', 0], value: undefined }]);
    expect(JSON.stringify(back)).toBe(JSON.stringify(one));
  });
});
