import { chmod, lstat, mkdir, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JobError, ParseError } from '../../src/core/errors.js';
import {
  applyPlan,
  listBackups,
  planFiles,
  readConfig,
  renderDiff,
  restoreBackup,
  stateDir,
  writeFileAtomic,
} from '../../src/config/index.js';
import type { FileEdit } from '../../src/config/types.js';
import { copyFixture, fixture, tempDir } from './config-helpers.js';

const KEY = 'sk-gw-0123456789abcdef0123';
const NOW = new Date('2026-11-22T08:50:00.123Z');
const modeOf = async (p: string) => (await stat(p)).mode & 0o777;
const exists = async (p: string) => stat(p).then(() => true, () => false);

/** A realistic run: Claude settings (updated), Codex config (updated), Codex .env (created, secret). */
async function scene() {
  const home = await tempDir();
  const claude = await copyFixture('claude-code/settings.lived-in.json', home, 'settings.json');
  const codex = await copyFixture('codex/config.lived-in.toml', home, 'config.toml');
  await chmod(codex, 0o640);
  const dotenv = path.join(home, 'codex', '.env');
  const state = path.join(home, 'state');
  const edits: FileEdit[] = [
    { path: claude, format: 'json', owner: 'claude-code', edits: [{ path: ['env', 'ANTHROPIC_BASE_URL'], value: 'https://gw.example.com' }] },
    { path: codex, format: 'toml', owner: 'codex', edits: [{ path: ['model_provider'], value: 'gateway' }] },
    { path: dotenv, format: 'dotenv', owner: 'codex', secret: true, edits: [{ path: ['GATEWAY_API_KEY'], value: KEY }] },
    // A second edit of the Claude file is merged into the first, in order.
    { path: claude, format: 'json', owner: 'claude-code', edits: [{ path: ['env', 'ANTHROPIC_AUTH_TOKEN'], value: KEY }] },
  ];
  return { home, claude, codex, dotenv, state, edits };
}

describe('planFiles', () => {
  it('plans created / updated / unchanged with modes, merging edits of one file', async () => {
    const s = await scene();
    const plan = await planFiles(s.edits);
    expect(plan.map((f) => [path.basename(f.path), f.action, f.mode.toString(8)])).toEqual([
      ['settings.json', 'updated', '644'],
      ['config.toml', 'updated', '640'],
      ['.env', 'created', '600'],
    ]);
    const claude = plan[0]!;
    expect(JSON.parse(claude.after).env).toMatchObject({ ANTHROPIC_BASE_URL: 'https://gw.example.com', ANTHROPIC_AUTH_TOKEN: KEY });
    expect(claude.before).toBe(fixture('claude-code/settings.lived-in.json'));
    expect(plan[2]!.before).toBeUndefined();
    expect(plan[2]!.secret).toBe(true);
    expect(plan[0]!.owner).toBe('claude-code');

    await applyPlan(plan, { stateDir: s.state, command: 'setup', now: NOW });
    const again = await planFiles(s.edits);
    expect(again.map((f) => f.action)).toEqual(['unchanged', 'unchanged', 'unchanged']);
    expect(renderDiff(again, [KEY])).toBe('');
  });

  it('tightens a secret file that others could read', async () => {
    const dir = await tempDir();
    const file = path.join(dir, '.env');
    await writeFile(file, `GATEWAY_API_KEY=${KEY}\n`, { mode: 0o644 });
    await chmod(file, 0o644);
    const [planned] = await planFiles([{ path: file, format: 'dotenv', secret: true, edits: [{ path: ['GATEWAY_API_KEY'], value: KEY }] }]);
    expect(planned).toMatchObject({ action: 'updated', mode: 0o600, beforeMode: 0o644 });
    expect(planned!.after).toBe(planned!.before);
    expect(renderDiff([planned!], [KEY])).toContain('old mode 100644\nnew mode 100600\n');
    await applyPlan([planned!], { stateDir: path.join(dir, 'state'), command: 'setup' });
    expect(await modeOf(file)).toBe(0o600);
  });

  it('new non-secret files get 0644', async () => {
    const dir = await tempDir();
    const [planned] = await planFiles([{ path: path.join(dir, 'new.json'), format: 'json', edits: [{ path: ['a'], value: 1 }] }]);
    expect(planned).toMatchObject({ action: 'created', mode: 0o644, after: '{\n  "a": 1\n}\n' });
  });

  it('refuses a directory, naming it', async () => {
    const dir = await tempDir();
    const bad = path.join(dir, 'settings.json');
    await mkdir(bad);
    await expect(planFiles([{ path: bad, format: 'json', edits: [{ path: ['a'], value: 1 }] }])).rejects.toThrow(JobError);
    await expect(planFiles([{ path: bad, format: 'json', edits: [{ path: ['a'], value: 1 }] }])).rejects.toThrow(bad);
  });

  it('one broken file stops the whole plan: ParseError, nothing written anywhere', async () => {
    const s = await scene();
    const broken = await copyFixture('codex/config.broken.toml', s.home, 'broken.toml');
    const edits: FileEdit[] = [...s.edits, { path: broken, format: 'toml', edits: [{ path: ['model'], value: 'x' }] }];
    const err = await planFiles(edits).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ParseError);
    expect((err as ParseError).file).toBe(broken);
    expect((err as ParseError).line).toBe(2);
    expect(await readFile(s.claude, 'utf8')).toBe(fixture('claude-code/settings.lived-in.json'));
    expect(await readFile(broken, 'utf8')).toBe(fixture('codex/config.broken.toml'));
    expect(await exists(s.dotenv)).toBe(false);
    expect(await exists(s.state)).toBe(false);
  });

  it('a broken JSON file (listed first) also stops the good one', async () => {
    const dir = await tempDir();
    const bad = path.join(dir, 'bad.json');
    const good = path.join(dir, 'good.json');
    await writeFile(bad, '{\n  "a": 1,\n  "b": 2,\n}\n');
    await writeFile(good, '{}\n');
    const err = await planFiles([
      { path: bad, format: 'json', edits: [{ path: ['a'], value: 2 }] },
      { path: good, format: 'json', edits: [{ path: ['a'], value: 2 }] },
    ]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ParseError);
    expect((err as ParseError).line).toBe(3);
    expect(await readFile(good, 'utf8')).toBe('{}\n');
  });

  it('refuses a file that is not valid UTF-8 instead of mangling its bytes', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'latin1.toml');
    const bytes = Buffer.from('# caf\xe9\nmodel = "x"\n', 'latin1');
    await writeFile(file, bytes);
    await expect(planFiles([{ path: file, format: 'toml', edits: [{ path: ['model'], value: 'y' }] }])).rejects.toThrow(/not valid UTF-8/);
    expect((await readFile(file)).equals(bytes)).toBe(true);
  });
});

describe('renderDiff', () => {
  it('shows every changed file with real paths, /dev/null for new ones, and masks the key', async () => {
    const s = await scene();
    const plan = await planFiles(s.edits);
    const diff = renderDiff(plan, [KEY]);
    expect(diff).toContain(`--- a/${s.claude.slice(1)}\n+++ b/${s.claude.slice(1)}\n`);
    expect(diff).toContain(`--- /dev/null\n+++ b/${s.dotenv.slice(1)}\n`);
    expect(diff).toContain('+model_provider = "gateway"');
    expect(diff).toContain('-    "ANTHROPIC_BASE_URL": "https://old-relay.example.com/v1",');
    expect(diff).not.toContain(KEY);
    expect(diff).toContain('+GATEWAY_API_KEY=sk-gw…0123');
    expect(diff).toContain('"ANTHROPIC_AUTH_TOKEN": "sk-gw…0123"');
  });
});

describe('applyPlan, listBackups, restoreBackup', () => {
  it('backs up before writing, writes atomically with modes, and restores exactly', async () => {
    const s = await scene();
    const plan = await planFiles(s.edits);
    const result = await applyPlan(plan, { stateDir: s.state, command: 'setup', now: NOW });

    expect(result.backupId).toMatch(/^20261122T085000Z-[0-9a-f]{4}$/);
    const folder = path.join(s.state, 'backups', result.backupId!);
    expect(await modeOf(folder)).toBe(0o700);
    expect(result.files).toEqual([
      { path: s.claude, action: 'updated', backup: path.join(folder, '1-settings.json') },
      { path: s.codex, action: 'updated', backup: path.join(folder, '2-config.toml') },
      { path: s.dotenv, action: 'created' },
    ]);
    expect((await readdir(folder)).sort()).toEqual(['1-settings.json', '2-config.toml', 'manifest.json']);
    expect(await readFile(path.join(folder, '1-settings.json'), 'utf8')).toBe(fixture('claude-code/settings.lived-in.json'));
    expect(await modeOf(path.join(folder, '1-settings.json'))).toBe(0o600);
    expect(await modeOf(path.join(folder, 'manifest.json'))).toBe(0o600);
    const manifest = JSON.parse(await readFile(path.join(folder, 'manifest.json'), 'utf8'));
    expect(manifest).toEqual({
      id: result.backupId,
      createdAt: NOW.toISOString(),
      command: 'setup',
      files: [
        { path: s.claude, backup: '1-settings.json', existed: true, mode: 0o644, written: expect.stringMatching(/^[0-9a-f]{64}$/) },
        { path: s.codex, backup: '2-config.toml', existed: true, mode: 0o640, written: expect.stringMatching(/^[0-9a-f]{64}$/) },
        { path: s.dotenv, existed: false, written: expect.stringMatching(/^[0-9a-f]{64}$/) },
      ],
    });
    expect(JSON.stringify(manifest)).not.toContain(KEY);

    expect(await readFile(s.dotenv, 'utf8')).toBe(`GATEWAY_API_KEY=${KEY}\n`);
    expect(await modeOf(s.dotenv)).toBe(0o600);
    expect(await modeOf(s.codex)).toBe(0o640);
    expect(await readFile(s.claude, 'utf8')).toBe(plan[0]!.after);
    // No temp files left next to the written files.
    expect((await readdir(s.home)).sort()).toEqual(['codex', 'config.toml', 'settings.json', 'state']);
    expect(await readdir(path.join(s.home, 'codex'))).toEqual(['.env']);

    const listed = await listBackups(s.state);
    expect(listed.map((b) => b.id)).toEqual([result.backupId]);

    const restored = (await restoreBackup(s.state)).files;
    expect(restored).toEqual([
      { path: s.claude, action: 'updated', backup: path.join(folder, '1-settings.json') },
      { path: s.codex, action: 'updated', backup: path.join(folder, '2-config.toml') },
      { path: s.dotenv, action: 'removed' },
    ]);
    expect(await readFile(s.claude, 'utf8')).toBe(fixture('claude-code/settings.lived-in.json'));
    expect(await readFile(s.codex, 'utf8')).toBe(fixture('codex/config.lived-in.toml'));
    expect(await modeOf(s.codex)).toBe(0o640);
    expect(await exists(s.dotenv)).toBe(false);

    // Restoring again finds everything in place.
    expect((await restoreBackup(s.state, result.backupId)).files.map((f) => f.action)).toEqual(['unchanged', 'unchanged', 'unchanged']);
  });

  it('writes no backup folder when nothing changes', async () => {
    const s = await scene();
    const [, codex] = await planFiles(s.edits);
    const unchanged = await planFiles([{ path: s.codex, format: 'toml', edits: [{ path: ['model'], value: 'gpt-5' }] }]);
    expect(codex!.action).toBe('updated');
    const result = await applyPlan(unchanged, { stateDir: s.state, command: 'setup' });
    expect(result).toEqual({ files: [{ path: s.codex, action: 'unchanged' }] });
    expect(await exists(s.state)).toBe(false);
  });

  it('lists backups newest first and restores a chosen one', async () => {
    const s = await scene();
    const first = await applyPlan(await planFiles(s.edits), { stateDir: s.state, command: 'setup', now: new Date('2026-11-22T08:00:00Z') });
    const second = await applyPlan(
      await planFiles([{ path: s.claude, format: 'json', edits: [{ path: ['model'], value: 'opus' }] }]),
      { stateDir: s.state, command: 'sync', now: new Date('2026-11-22T09:00:00Z') },
    );
    const listed = await listBackups(s.state);
    expect(listed.map((b) => [b.id, b.command])).toEqual([[second.backupId, 'sync'], [first.backupId, 'setup']]);

    await restoreBackup(s.state, first.backupId);
    expect(await readFile(s.claude, 'utf8')).toBe(fixture('claude-code/settings.lived-in.json'));
    await expect(restoreBackup(s.state, '20000101T000000Z-dead')).rejects.toThrow(JobError);
  });

  it('refuses to overwrite a file that changed after planning', async () => {
    const s = await scene();
    const plan = await planFiles(s.edits);
    await writeFile(s.claude, '{"edited": "meanwhile"}\n');
    await expect(applyPlan(plan, { stateDir: s.state, command: 'setup' })).rejects.toThrow(/changed since it was read/);
    expect(await readFile(s.claude, 'utf8')).toBe('{"edited": "meanwhile"}\n');
    expect(await exists(s.dotenv)).toBe(false);
  });

  it('puts back the files already written when a later write fails', async () => {
    const s = await scene();
    const blocker = path.join(s.home, 'later');
    const plan = await planFiles([...s.edits, { path: path.join(blocker, 'x.json'), format: 'json', edits: [{ path: ['a'], value: 1 }] }]);
    // After planning, the new file's folder becomes a regular file: its write must fail.
    await writeFile(blocker, 'x');
    await expect(applyPlan(plan, { stateDir: s.state, command: 'setup' })).rejects.toThrow(JobError);
    expect(await readFile(s.claude, 'utf8')).toBe(fixture('claude-code/settings.lived-in.json'));
    expect(await readFile(s.codex, 'utf8')).toBe(fixture('codex/config.lived-in.toml'));
    expect(await exists(s.dotenv)).toBe(false);
  });

  it('no backups: an empty list, and restore says so', async () => {
    const dir = await tempDir();
    expect(await listBackups(dir)).toEqual([]);
    await expect(restoreBackup(dir)).rejects.toThrow(/nothing to restore/);
  });
});

describe('writeFileAtomic', () => {
  it('writes with the mode, creates parents, and leaves no temp file', async () => {
    const dir = await tempDir();
    const file = path.join(dir, 'a', 'b', 'f.txt');
    await writeFileAtomic(file, 'one\n', 0o600);
    await writeFileAtomic(file, 'two\n', 0o640);
    expect(await readFile(file, 'utf8')).toBe('two\n');
    expect(await modeOf(file)).toBe(0o640);
    expect(await readdir(path.dirname(file))).toEqual(['f.txt']);
  });

  it('leaves no temp file and the old content when it fails', async () => {
    const dir = await tempDir();
    const blocker = path.join(dir, 'file');
    await writeFile(blocker, 'x');
    await expect(writeFileAtomic(path.join(blocker, 'child.json'), '{}', 0o644)).rejects.toThrow();
    // The target is a directory: the rename fails after the temp file was written.
    const target = path.join(dir, 'target');
    await mkdir(target);
    await expect(writeFileAtomic(target, 'data', 0o644)).rejects.toThrow();
    expect((await readdir(dir)).sort()).toEqual(['file', 'target']);
    expect(await readFile(blocker, 'utf8')).toBe('x');
  });

  it('writes through a symlink instead of replacing it', async () => {
    const dir = await tempDir();
    const real = path.join(dir, 'dotfiles-settings.json');
    const link = path.join(dir, 'settings.json');
    await writeFile(real, '{}\n');
    await symlink(real, link);
    await writeFileAtomic(link, '{"a": 1}\n', 0o644);
    expect((await stat(link)).isFile()).toBe(true);
    expect(await readFile(real, 'utf8')).toBe('{"a": 1}\n');
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
  });
});

describe('readConfig and stateDir', () => {
  it('reads and parses; undefined when absent; ParseError when broken', async () => {
    const dir = await tempDir();
    const toml = await copyFixture('codex/config.lived-in.toml', dir);
    expect(((await readConfig(toml, 'toml')) as { model: string }).model).toBe('gpt-5');
    expect(await readConfig(path.join(dir, 'absent.json'), 'json')).toBeUndefined();
    const broken = await copyFixture('codex/config.broken.toml', dir);
    await expect(readConfig(broken, 'toml')).rejects.toBeInstanceOf(ParseError);
  });

  it('follows XDG on Unix and APPDATA on Windows', () => {
    expect(stateDir('/home/dev', {}, 'linux')).toBe('/home/dev/.config/gateway-agent-setup');
    expect(stateDir('/home/dev', { XDG_CONFIG_HOME: '/x/cfg' }, 'linux')).toBe('/x/cfg/gateway-agent-setup');
    expect(stateDir('/home/dev', { XDG_CONFIG_HOME: 'relative' }, 'darwin')).toBe('/home/dev/.config/gateway-agent-setup');
    expect(stateDir('C:\\Users\\dev', { APPDATA: 'C:\\Users\\dev\\AppData\\Roaming' }, 'win32')).toBe('C:\\Users\\dev\\AppData\\Roaming\\gateway-agent-setup');
    expect(stateDir('C:\\Users\\dev', {}, 'win32')).toBe('C:\\Users\\dev\\AppData\\Roaming\\gateway-agent-setup');
  });
});
