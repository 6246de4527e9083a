// Temp files a killed run leaves beside a config (SIGKILL between write and rename) may hold the
// key: the next write removes them, but only ours and only old ones (never a write in flight). And
// writeFileAtomic itself: modes, parents, no temp file left, symlinks written through.
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { lstat, mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/config/index.js';
import { modeOf, tempDir } from './config-helpers.js';

describe('leftover temp files', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('are removed by the next write of the same file when old; fresh ones and others stay', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gas-atomic-'));
    const stale = join(dir, '.settings.json.0123456789ab.tmp');
    const fresh = join(dir, '.settings.json.ba9876543210.tmp');
    const otherFile = join(dir, '.config.toml.0123456789ab.tmp');
    const notOurs = join(dir, '.settings.json.backup.tmp');
    for (const f of [stale, fresh, otherFile, notOurs]) writeFileSync(f, 'GATEWAY_API_KEY=sk-leftover', { mode: 0o600 });
    const old = new Date(Date.now() - 10 * 60_000);
    for (const f of [stale, otherFile, notOurs]) utimesSync(f, old, old);

    await writeFileAtomic(join(dir, 'settings.json'), '{}\n', 0o600);

    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    expect(existsSync(otherFile)).toBe(true);
    expect(existsSync(notOurs)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual([
      '.config.toml.0123456789ab.tmp',
      '.settings.json.ba9876543210.tmp',
      '.settings.json.backup.tmp',
      'settings.json',
    ]);
  });
});

describe('writeFileAtomic', () => {
  it('writes with the mode, creates parents, and leaves no temp file', async () => {
    const dir = await tempDir();
    const file = join(dir, 'a', 'b', 'f.txt');
    await writeFileAtomic(file, 'one\n', 0o600);
    await writeFileAtomic(file, 'two\n', 0o640);
    expect(await readFile(file, 'utf8')).toBe('two\n');
    expect(await modeOf(file)).toBe(0o640);
    expect(await readdir(dirname(file))).toEqual(['f.txt']);
  });

  it('leaves no temp file and the old content when it fails', async () => {
    const dir = await tempDir();
    const blocker = join(dir, 'file');
    await writeFile(blocker, 'x');
    await expect(writeFileAtomic(join(blocker, 'child.json'), '{}', 0o644)).rejects.toThrow();
    // The target is a directory: the rename fails after the temp file was written.
    const target = join(dir, 'target');
    await mkdir(target);
    await expect(writeFileAtomic(target, 'data', 0o644)).rejects.toThrow();
    expect((await readdir(dir)).sort()).toEqual(['file', 'target']);
    expect(await readFile(blocker, 'utf8')).toBe('x');
  });

  it('writes through a symlink instead of replacing it', async () => {
    const dir = await tempDir();
    const real = join(dir, 'dotfiles-settings.json');
    const link = join(dir, 'settings.json');
    await writeFile(real, '{}\n');
    await symlink(real, link);
    await writeFileAtomic(link, '{"a": 1}\n', 0o644);
    expect((await stat(link)).isFile()).toBe(true);
    expect(await readFile(real, 'utf8')).toBe('{"a": 1}\n');
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
  });
});
