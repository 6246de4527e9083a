// User scope with the agent's config a symlink into a dotfiles repository: the key would be written
// into a file git tracks (and pushed with the dotfiles). The real path is checked exactly as a
// project file is: refused, nothing written, the fix named.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { runCli, tempHome } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);

describe('a config symlinked into a dotfiles repository', () => {
  it('tracked by git: the key is refused there; an untracked link target is written through', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const repo = join(home, 'dotfiles');
      mkdirSync(join(repo, 'claude'), { recursive: true });
      const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, env: { PATH: process.env.PATH ?? '', HOME: home } });
      git('init', '-q');
      const target = join(repo, 'claude', 'settings.json');
      writeFileSync(target, '{\n  "theme": "dark"\n}\n');
      git('add', 'claude/settings.json');
      mkdirSync(join(home, '.claude'));
      symlinkSync(target, join(home, '.claude', 'settings.json'));

      const r = await runCli(['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code'], { home, env: { GATEWAY_API_KEY: DEMO_KEY } });
      expect(r.code).toBe(1);
      const said = r.stderr.replace(/\s+/g, ' ');
      expect(said).toContain(`${join(home, '.claude', 'settings.json')} is a link to ${target}, which git tracks`);
      expect(said).toContain('--key-storage env');
      expect(readFileSync(target, 'utf8')).toBe('{\n  "theme": "dark"\n}\n');

      // Untracked (ignored, say), the same link is written through as before.
      git('rm', '-q', '--cached', 'claude/settings.json');
      const ok = await runCli(['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code'], { home, env: { GATEWAY_API_KEY: DEMO_KEY } });
      expect(ok.code, ok.stderr).toBe(0);
      expect(readFileSync(target, 'utf8')).toContain(sim.root);
    } finally {
      remove();
    }
  });
});
