// The built command line's loader: V8's code cache in a private folder, used only when it is ours.
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCached } from '../../src/cli/code-cache.js';

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
