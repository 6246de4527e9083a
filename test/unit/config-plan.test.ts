// planFiles: created, updated and unchanged files with their modes; a broken file stops the plan.
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JobError, ParseError } from '../../src/core/errors.js';
import { applyPlan, planFiles, renderDiff } from '../../src/config/index.js';
import type { FileEdit } from '../../src/config/types.js';
import { copyFixture, fixture, tempDir, scene, KEY, NOW, modeOf, exists } from './config-helpers.js';

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
