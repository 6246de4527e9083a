// The built command line's loader: V8's code cache in a private folder, used only when it is ours.
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCached, loadParts, WRAPPER } from '../../src/cli/code-cache.js';

const root = mkdtempSync(join(tmpdir(), 'gas-code-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A CommonJS file that uses its own require and __filename, in a fresh temp folder. */
function fixture(): { file: string; temp: string; cacheDir: string } {
  const dir = mkdtempSync(join(root, 'case-'));
  const file = join(dir, 'bundle.cjs');
  // Some code worth caching, and a non-ASCII string (read as UTF-8, not Latin-1).
  const body = Array.from({ length: 200 }, (_, i) => `function f${i}(x) { return x * ${i} + ${i}; }`).join('\n');
  writeFileSync(
    file,
    `${body}\nconst { basename } = require('node:path');\nexports.name = () => basename(__filename);\nexports.sum = (n) => { let s = 0; for (let i = 0; i < n; i++) s += f${199}(i); return s; };\nexports.word = '分组';\n`,
  );
  const temp = join(dir, 'tmp');
  mkdirSync(temp);
  const uid = process.getuid?.();
  return { file, temp, cacheDir: join(temp, `gateway-agent-setup-v8-${uid ?? 'user'}`) };
}

type Exports = { name(): string; sum(n: number): number; word: string };

describe('loadCached', () => {
  it('runs the file as Node would; the second run takes its code from the cache the first saved', () => {
    const { file, temp, cacheDir } = fixture();
    const first = loadCached<Exports>(file, { build: 'b1', name: 'doctor', env: {}, temp });
    expect([first.exports.name(), first.exports.sum(3), first.exports.word, first.fromCache]).toEqual(['bundle.cjs', 1194, '分组', false]);
    first.save();
    expect(statSync(cacheDir).mode & 0o777).toBe(0o700);
    const [saved] = readdirSync(cacheDir);
    expect(saved).toBe(`b1-${process.version}-${process.arch}-doctor.bin`);
    expect(statSync(join(cacheDir, saved ?? '')).mode & 0o777).toBe(0o600);

    const second = loadCached<Exports>(file, { build: 'b1', name: 'doctor', env: {}, temp });
    expect([second.exports.sum(3), second.fromCache]).toEqual([1194, true]);
    // Nothing to write when the cache was taken.
    second.save();
    expect(readdirSync(cacheDir)).toEqual([saved]);
  });

  it("another build's cache is not read, and is removed when this build saves its own", () => {
    const { file, temp, cacheDir } = fixture();
    loadCached(file, { build: 'old', name: 'models', env: {}, temp }).save();
    const next = loadCached<Exports>(file, { build: 'new', name: 'models', env: {}, temp });
    expect(next.fromCache).toBe(false);
    next.save();
    expect(readdirSync(cacheDir)).toEqual([`new-${process.version}-${process.arch}-models.bin`]);
  });

  it('a cache V8 refuses (garbage) still runs the file, and is written again', () => {
    const { file, temp, cacheDir } = fixture();
    mkdirSync(cacheDir, { mode: 0o700 });
    const name = `b1-${process.version}-${process.arch}-run.bin`;
    writeFileSync(join(cacheDir, name), Buffer.alloc(4096, 7));
    const loaded = loadCached<Exports>(file, { build: 'b1', name: 'run', env: {}, temp });
    expect([loaded.exports.sum(2), loaded.fromCache]).toEqual([597, false]);
    loaded.save();
    expect(loadCached<Exports>(file, { build: 'b1', name: 'run', env: {}, temp }).fromCache).toBe(true);
  });

  it('a folder others may write, a link in its place, or NODE_DISABLE_COMPILE_CACHE: no cache read or written', () => {
    const open = fixture();
    mkdirSync(open.cacheDir);
    chmodSync(open.cacheDir, 0o777);
    const a = loadCached<Exports>(open.file, { build: 'b1', name: 'doctor', env: {}, temp: open.temp });
    a.save();
    expect([a.exports.sum(1), readdirSync(open.cacheDir)]).toEqual([199, []]);

    const linked = fixture();
    const elsewhere = mkdtempSync(join(root, 'elsewhere-'));
    chmodSync(elsewhere, 0o700);
    symlinkSync(elsewhere, linked.cacheDir);
    loadCached(linked.file, { build: 'b1', name: 'doctor', env: {}, temp: linked.temp }).save();
    expect(readdirSync(elsewhere)).toEqual([]);

    const off = fixture();
    loadCached(off.file, { build: 'b1', name: 'doctor', env: { NODE_DISABLE_COMPILE_CACHE: '1' }, temp: off.temp }).save();
    expect(readdirSync(off.temp)).toEqual([]);
  });

  it('a folder another user owns is not used (checked where this runs as root, who can give it away)', () => {
    const theirs = fixture();
    mkdirSync(theirs.cacheDir, { mode: 0o700 });
    const root = process.getuid?.() === 0;
    if (root) chownSync(theirs.cacheDir, 4242, 4242);
    loadCached(theirs.file, { build: 'b1', name: 'doctor', env: {}, temp: theirs.temp }).save();
    // As root the folder is someone else's and stays empty; otherwise it is this user's and is used.
    expect(readdirSync(theirs.cacheDir).length).toBe(root ? 0 : 1);
  });
});

describe('loadParts', () => {
  /** Two parts as the build writes them: a table of chunks per file, wrapped, chunks requiring each other by file name. */
  function parts(): { dir: string; temp: string; map: Record<string, string> } {
    const dir = mkdtempSync(join(root, 'parts-'));
    const temp = join(dir, 'tmp');
    mkdirSync(temp);
    const part = (chunks: Record<string, string>): string =>
      `${WRAPPER}module.exports={${Object.entries(chunks)
        .map(([id, code]) => `${JSON.stringify(id)}:function(exports,require,module){${code}}`)
        .join(',\n')}};\n})`;
    // main needs c-A (same part) at once and c-B (the other part) only when asked; c-A and main require each other.
    writeFileSync(
      join(dir, 'start.cjs'),
      part({
        main: `const a = require('./c-A.js'); exports.a = () => a.name(); exports.later = () => require('./c-B.js').twice(21); exports.path = require('node:path').basename(__filename);`,
        'c-A': `const seen = typeof require('./main.js').a; exports.name = () => 'a saw main ' + seen;`,
      }),
    );
    writeFileSync(join(dir, 'rest.cjs'), part({ 'c-B': `exports.twice = (n) => n * 2;` }));
    return { dir, temp, map: { main: 'start', 'c-A': 'start', 'c-B': 'rest' } };
  }

  type Main = { a(): string; later(): number; path: string };

  it('runs a chunk once, its part read when first needed; a chunk still running is seen as far as it got', () => {
    const { dir, temp, map } = parts();
    const loaded = loadParts(dir, map, { build: 'b1', name: 'doctor', env: {}, temp });
    const main = loaded.require<Main>('main');
    // c-A ran while main was still running: main's exports then had no `a` yet.
    expect([main.a(), main.path]).toEqual(['a saw main undefined', 'start.cjs']);
    expect(loaded.require<Main>('main')).toBe(main);
    loaded.save();
    const cacheDir = join(temp, `gateway-agent-setup-v8-${process.getuid?.() ?? 'user'}`);
    // Only the part this run read has a cache; the other is read (and cached) once a chunk in it runs.
    expect(readdirSync(cacheDir)).toEqual([`b1-${process.version}-${process.arch}-doctor-start.bin`]);
    expect(main.later()).toBe(42);
    loaded.save();
    expect(readdirSync(cacheDir).sort()).toEqual([
      `b1-${process.version}-${process.arch}-doctor-rest.bin`,
      `b1-${process.version}-${process.arch}-doctor-start.bin`,
    ]);
  });

  it('a run that requires chunks its cache was not made from saves it again, covering them too; one that does not, never', () => {
    const dir = mkdtempSync(join(root, 'grow-'));
    const temp = join(dir, 'tmp');
    mkdirSync(temp);
    writeFileSync(
      join(dir, 'start.cjs'),
      `${WRAPPER}module.exports={"main":function(exports,require,module){exports.more = () => require('./c-C.js').three();},\n"c-C":function(exports,require,module){exports.three = () => 3;}};\n})`,
    );
    const map = { main: 'start', 'c-C': 'start' };
    const file = join(
      temp,
      `gateway-agent-setup-v8-${process.getuid?.() ?? 'user'}`,
      `b1-${process.version}-${process.arch}-doctor-start.bin`,
    );
    const runOnce = (further: boolean): void => {
      const loaded = loadParts(dir, map, { build: 'b1', name: 'doctor', env: {}, temp });
      const main = loaded.require<{ more(): number }>('main');
      if (further) expect(main.more()).toBe(3);
      loaded.save();
    };
    const covers = (): string => {
      const line = readFileSync(file, 'latin1').split('\n')[0] ?? '';
      // V8's data starts 8-byte aligned after the line (V8 copies data that does not).
      expect((line.length + 1) % 8).toBe(0);
      return line.trimEnd();
    };
    runOnce(false);
    expect(covers()).toBe('covers main');
    // Written again means a new file put in its place (written aside, then renamed): a new inode.
    const first = statSync(file).ino;
    runOnce(false);
    expect(statSync(file).ino).toBe(first);
    runOnce(true);
    expect(covers()).toBe('covers main,c-C');
    const second = statSync(file).ino;
    expect(second).not.toBe(first);
    runOnce(true);
    runOnce(false);
    expect(statSync(file).ino).toBe(second);
    // What V8 wrote after the header is a cache it takes.
    expect(loadCached(join(dir, 'start.cjs'), { build: 'b1', name: 'doctor-start', env: {}, temp }).fromCache).toBe(true);
  });

  it('a chunk the build did not write is an error that names it; without a name nothing is cached', () => {
    const { dir, temp, map } = parts();
    const loaded = loadParts(dir, map, { build: 'b1', name: undefined, env: {}, temp });
    expect(() => loaded.require('c-Z')).toThrow('no chunk c-Z in this build');
    expect(() => loadParts(dir, { ...map, 'c-Z': 'rest' }, { build: 'b1', name: undefined, env: {}, temp }).require('c-Z')).toThrow(
      'no chunk c-Z in rest.cjs',
    );
    loaded.require('main');
    loaded.save();
    expect(readdirSync(temp)).toEqual([]);
  });
});
