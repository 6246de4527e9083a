// User scope with the agent's config a symlink into a dotfiles repository: the key would be written
// into a file git tracks (and pushed with the dotfiles). The real path is checked exactly as a
// project file is: refused, nothing written, the fix named. A target git does not track yet but
// does not ignore either is one `git add -A` away from the same: refused too.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { runInProcess, shown, tempHome, tempHomes } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);

describe('a config symlinked into a dotfiles repository', () => {
  it('tracked, or untracked and not ignored: the key is refused there; an ignored link target is written through', async () => {
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

      const r = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code'], {
        home,
        env: { GATEWAY_API_KEY: DEMO_KEY },
      });
      expect(r.code).toBe(1);
      const said = r.stderr.replace(/\s+/g, ' ');
      expect(said).toContain(
        `${shown(home, join(home, '.claude', 'settings.json'))} is a link to ${shown(home, target)}, which git tracks`,
      );
      expect(said).toContain('--key-storage env');
      expect(readFileSync(target, 'utf8')).toBe('{\n  "theme": "dark"\n}\n');

      // Untracked but not ignored: the next `git add -A` would commit it. Refused the same way.
      git('rm', '-q', '--cached', 'claude/settings.json');
      const untracked = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code'], {
        home,
        env: { GATEWAY_API_KEY: DEMO_KEY },
      });
      expect(untracked.code).toBe(1);
      expect(untracked.stderr.replace(/\s+/g, ' ')).toContain(
        `is a link to ${shown(home, target)}, inside a git work tree that neither tracks nor ignores it`,
      );
      expect(readFileSync(target, 'utf8')).toBe('{\n  "theme": "dark"\n}\n');

      // Ignored by the repository: the same link is written through.
      writeFileSync(join(repo, '.gitignore'), 'claude/settings.json\n');
      const ok = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code'], {
        home,
        env: { GATEWAY_API_KEY: DEMO_KEY },
      });
      expect(ok.code, ok.stderr).toBe(0);
      expect(readFileSync(target, 'utf8')).toContain(sim.root);
    } finally {
      remove();
    }
  });

  const newHome = tempHomes();
  /** A home with a dotfiles repository (`git init`, nothing committed) and Claude Code's settings linked into it. */
  function linkedHome(targetExists: boolean): { home: string; repo: string; target: string } {
    const home = newHome();
    const repo = join(home, 'dotfiles');
    mkdirSync(repo);
    execFileSync('git', ['init', '-q'], { cwd: repo, env: { PATH: process.env.PATH ?? '', HOME: home } });
    const target = join(repo, 'claude', 'settings.json');
    if (targetExists) {
      mkdirSync(join(repo, 'claude'));
      writeFileSync(target, '{\n  "theme": "dark"\n}\n');
    }
    mkdirSync(join(home, '.claude'));
    symlinkSync(target, join(home, '.claude', 'settings.json'));
    return { home, repo, target };
  }
  const env = { GATEWAY_API_KEY: DEMO_KEY };

  it('a link made before the agent ran, into a folder the repository does not have yet: refused, nothing created; --key-storage env writes through', async () => {
    const { home, repo, target } = linkedHome(false);
    const r = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code'], { home, env });
    expect(r.code, r.stdout + r.stderr).toBe(1);
    const said = r.stderr.replace(/\s+/g, ' ');
    expect(said).toContain(`is a link to ${shown(home, target)}, inside a git work tree that neither tracks nor ignores it`);
    expect(said).toContain('have that repository ignore the file');
    expect(existsSync(join(repo, 'claude'))).toBe(false);

    // The hint's way out: only the variable's name goes into the repository's file.
    const env2 = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code', '--key-storage', 'env'], {
      home,
      env,
    });
    expect(env2.code, env2.stderr).toBe(0);
    const written = readFileSync(target, 'utf8');
    expect(written).toContain(sim.root);
    expect(written).not.toContain(DEMO_KEY);
  });

  it('`use` (profiles) through a link git neither tracks nor ignores: refused like setup, the file as it was', async () => {
    const { home, target } = linkedHome(true);
    const dir = join(home, '.config', 'gateway-agent-setup');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'settings.json'),
      JSON.stringify({ profiles: { work: { baseUrl: sim.root, keyEnv: 'GATEWAY_API_KEY', agents: ['claude-code'] } } }),
    );
    for (const json of [false, true]) {
      const r = await runInProcess(['use', 'work', ...(json ? ['--json'] : [])], { home, env });
      expect(r.code, r.stdout + r.stderr).toBe(1);
      const said = (json ? (JSON.parse(r.stdout) as { error: { message: string } }).error.message : r.stderr).replace(/\s+/g, ' ');
      expect(said).toContain(
        `is a link to ${json ? target : shown(home, target)}, inside a git work tree that neither tracks nor ignores it`,
      );
      expect(r.stdout + r.stderr).not.toContain(DEMO_KEY);
      expect(readFileSync(target, 'utf8')).toBe('{\n  "theme": "dark"\n}\n');
    }
  });
});
