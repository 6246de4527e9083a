// applyPlan and the backups it leaves: back up first, write atomically, put back on failure,
// list and restore.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JobError } from '../../src/core/errors.js';
import { applyPlan, listBackups, planFiles, restoreBackup } from '../../src/config/index.js';
import { fixture, tempDir, scene, KEY, NOW, modeOf, exists } from './config-helpers.js';

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
    // Each file as the run found it and as it left it (what a later remove compares with the user's edits).
    expect((await readdir(folder)).sort()).toEqual([
      '1-settings.json',
      '1-settings.json.written',
      '2-config.toml',
      '2-config.toml.written',
      '3-.env.written',
      'manifest.json',
    ]);
    expect(await readFile(path.join(folder, '1-settings.json.written'), 'utf8')).toBe(plan[0]!.after);
    expect(await modeOf(path.join(folder, '3-.env.written'))).toBe(0o600);
    expect(await readFile(path.join(folder, '1-settings.json'), 'utf8')).toBe(fixture('claude-code/settings.lived-in.json'));
    expect(await modeOf(path.join(folder, '1-settings.json'))).toBe(0o600);
    expect(await modeOf(path.join(folder, 'manifest.json'))).toBe(0o600);
    const manifest = JSON.parse(await readFile(path.join(folder, 'manifest.json'), 'utf8'));
    expect(manifest).toEqual({
      id: result.backupId,
      createdAt: NOW.toISOString(),
      command: 'setup',
      files: [
        {
          path: s.claude,
          backup: '1-settings.json',
          existed: true,
          mode: 0o644,
          written: expect.stringMatching(/^[0-9a-f]{64}$/),
          writtenCopy: '1-settings.json.written',
          chain: true,
        },
        {
          path: s.codex,
          backup: '2-config.toml',
          existed: true,
          mode: 0o640,
          written: expect.stringMatching(/^[0-9a-f]{64}$/),
          writtenCopy: '2-config.toml.written',
          chain: true,
        },
        { path: s.dotenv, existed: false, written: expect.stringMatching(/^[0-9a-f]{64}$/), writtenCopy: '3-.env.written', chain: true },
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
    const second = await applyPlan(await planFiles([{ path: s.claude, format: 'json', edits: [{ path: ['model'], value: 'opus' }] }]), {
      stateDir: s.state,
      command: 'sync',
      now: new Date('2026-11-22T09:00:00Z'),
    });
    const listed = await listBackups(s.state);
    expect(listed.map((b) => [b.id, b.command])).toEqual([
      [second.backupId, 'sync'],
      [first.backupId, 'setup'],
    ]);

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

  it('a file whose new content cannot be written changes no file: nothing is in place before all of it is', async () => {
    const s = await scene();
    const blocker = path.join(s.home, 'later');
    const plan = await planFiles([...s.edits, { path: path.join(blocker, 'x.json'), format: 'json', edits: [{ path: ['a'], value: 1 }] }]);
    // After planning, the new file's folder becomes a regular file: its write must fail.
    await writeFile(blocker, 'x');
    const err = await applyPlan(plan, { stateDir: s.state, command: 'setup' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(JobError);
    expect((err as JobError).text.key).toBe('cfg.cannot_write_alone');
    expect(await readFile(s.claude, 'utf8')).toBe(fixture('claude-code/settings.lived-in.json'));
    expect(await readFile(s.codex, 'utf8')).toBe(fixture('codex/config.lived-in.toml'));
    expect(await exists(s.dotenv)).toBe(false);
    // No staged copy (it holds the key) is left beside any file, and no backup of an unchanged state.
    for (const dir of [path.dirname(s.claude), path.dirname(s.codex), path.dirname(s.dotenv)])
      expect((await readdir(dir).catch(() => [])).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    expect(await listBackups(s.state)).toEqual([]);
  });

  it('no backups: an empty list, and restore says so', async () => {
    const dir = await tempDir();
    expect(await listBackups(dir)).toEqual([]);
    await expect(restoreBackup(dir)).rejects.toThrow(/nothing to restore/);
  });
});
