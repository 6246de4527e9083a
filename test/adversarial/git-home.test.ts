// git is asked about the files that will hold the key; a repository's own config never runs with the
// key in its environment, and a HOME that is itself a git work tree keeps the key files out of git.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { runInProcess, tempHomes } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);

const newHome = tempHomes();
const gitIn = (cwd: string, home: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, env: { PATH: process.env.PATH ?? '', HOME: home }, encoding: 'utf8' });

describe('git and the key', () => {
  it('a HOME that is a git work tree: the key files are excluded (info/exclude), so `git status` does not offer them', async () => {
    const home = newHome();
    gitIn(home, home, 'init', '-q');
    const r = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'codex,claude-code'], {
      home,
      env: { GATEWAY_API_KEY: DEMO_KEY },
    });
    expect(r.code, r.stderr + r.stdout).toBe(0);
    const exclude = readFileSync(join(home, '.git', 'info', 'exclude'), 'utf8');
    expect(exclude).toContain('/.codex/');
    expect(exclude).toContain('/.claude/settings.json');
    expect(exclude).toContain('/.config/gateway-agent-setup');
    // A second run keeps backups of files that hold the key: git does not offer those either.
    const again = await runInProcess(
      ['setup', '--yes', '--base-url', sim.root, '--agent', 'codex,claude-code', '--model', 'codex=gpt-5.1'],
      {
        home,
        env: { GATEWAY_API_KEY: DEMO_KEY },
      },
    );
    expect(again.code, again.stderr + again.stdout).toBe(0);
    const status = gitIn(home, home, 'status', '--porcelain', '--untracked-files=all');
    for (const line of status.split('\n').filter(Boolean)) {
      const file = join(home, line.slice(3));
      expect(readFileSync(file, 'utf8'), line).not.toContain(DEMO_KEY);
    }
    expect(r.stdout.replace(/\s+/g, ' ')).toContain('info/exclude');
  });

  it("a repository's core.fsmonitor never runs with the key in its environment (project scope asks git about the key files)", async () => {
    const home = newHome();
    const repo = join(home, 'src', 'r');
    mkdirSync(repo, { recursive: true });
    gitIn(repo, home, 'init', '-q');
    const marker = join(home, 'fsmonitor-ran');
    const hook = join(home, 'hook.sh');
    writeFileSync(hook, `#!/bin/sh\nenv >> "${marker}"\n`, { mode: 0o755 });
    gitIn(repo, home, 'config', 'core.fsmonitor', hook);
    const r = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'codex', '--scope', 'project'], {
      home,
      cwd: repo,
      env: { GATEWAY_API_KEY: DEMO_KEY },
    });
    expect(r.code, r.stderr + r.stdout).toBe(0);
    let ran = '';
    try {
      ran = readFileSync(marker, 'utf8');
    } catch {
      // Never ran: the point.
    }
    expect(ran).not.toContain(DEMO_KEY);
    expect(ran).toBe('');
  });
});
