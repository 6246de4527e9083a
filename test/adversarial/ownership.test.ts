// Run as root on another user's home (sudo, `--home`): every file and folder written stays the
// user's (owner and group), or they are locked out of their own config and of `restore`. A hard link
// that the write splits, and a read-only file it replaces, are said, not done silently.
import { chmodSync, chownSync, cpSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { runInProcess, shown, tempHome } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);

const root = process.getuid?.() === 0;
// As root the home belongs to another account; otherwise to ours (the property still holds).
const USER = root ? { uid: 4321, gid: 4322 } : { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };

const everything = (dir: string): string[] => [dir, ...readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((p) => join(dir, p))];

describe('owners and links', () => {
  it(`setup and restore${root ? ' as root' : ''}: every path under the home keeps the user's owner and group`, async () => {
    const { dir: home, remove } = tempHome();
    try {
      mkdirSync(join(home, '.codex'));
      cpSync(new URL('../fixtures/agents/codex/config.lived-in.toml', import.meta.url), join(home, '.codex', 'config.toml'));
      for (const p of everything(home)) chownSync(p, USER.uid, USER.gid);
      const env = { GATEWAY_API_KEY: DEMO_KEY };
      const setup = await runInProcess(['setup', '--yes', '--home', home, '--base-url', sim.root, '--agent', 'codex,claude-code'], {
        home,
        env,
      });
      expect(setup.code, setup.stderr).toBe(0);
      const owners = (): string[] =>
        everything(home).filter((p) => {
          const s = lstatSync(p);
          return s.uid !== USER.uid || s.gid !== USER.gid;
        });
      // New agent files, the state folder, backups, manifest and settings included.
      expect(everything(home).some((p) => p.endsWith('manifest.json'))).toBe(true);
      expect(everything(home).some((p) => p.endsWith(join('.claude', 'settings.json')))).toBe(true);
      expect(owners()).toEqual([]);
      const back = await runInProcess(['restore', '--home', home], { home });
      expect(back.code, back.stderr).toBe(0);
      expect(owners()).toEqual([]);
    } finally {
      remove();
    }
  });

  it('a hard-linked config and a read-only one: the output says the link is split and the file replaced', async () => {
    const { dir: home, remove } = tempHome();
    try {
      mkdirSync(join(home, '.codex'));
      mkdirSync(join(home, 'dotfiles'));
      const config = join(home, '.codex', 'config.toml');
      writeFileSync(config, 'model = "gpt-5"\n');
      linkSync(config, join(home, 'dotfiles', 'codex.toml'));
      mkdirSync(join(home, '.qwen'));
      const qwen = join(home, '.qwen', 'settings.json');
      writeFileSync(qwen, '{}\n');
      chmodSync(qwen, 0o444);
      const args = ['setup', '--yes', '--base-url', sim.root, '--agent', 'codex,qwen-code'];
      const env = { GATEWAY_API_KEY: DEMO_KEY };
      for (const dry of [true, false]) {
        const r = await runInProcess(dry ? [...args, '--dry-run'] : args, { home, env });
        expect(r.code, r.stderr).toBe(0);
        const said = (r.stdout + r.stderr).replace(/\s+/g, ' ');
        expect(said).toContain(`${shown(home, config)} has 1 other hard link(s): they keep the old content`);
        expect(said).toContain(`${shown(home, qwen)} was read-only; it is replaced all the same`);
      }
      expect(readFileSync(join(home, 'dotfiles', 'codex.toml'), 'utf8')).toBe('model = "gpt-5"\n');
    } finally {
      remove();
    }
  });
});
