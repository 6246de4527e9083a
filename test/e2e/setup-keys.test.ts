// Where the key goes: `--key-storage env` writes only a variable name, and
// `--scope project` never puts the key into a file a team commits. Through the built bin.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { jsonOf, runInProcess, tempHome } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';
import { FIXTURES } from '../fixtures/agents/index.js';

/** The agents that can take the key by variable name (their fixtures say how they name it). */
const BY_VARIABLE = FIXTURES.filter((f) => f.envReference !== undefined);

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);

/** Every file below dir, relative to it. */
function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? walk(path).map((p) => join(e.name, p)) : [relative(dir, path)];
  });
}

const filesHolding = (dir: string, secret: string): string[] =>
  walk(dir).filter((rel) => readFileSync(join(dir, rel), 'utf8').includes(secret));

interface Report {
  ok: boolean;
  agents: { id: string; ok: boolean; notes: string[]; verify?: { ok: boolean } }[];
}

describe('--key-storage env', () => {
  it('writes only the variable name; each agent still resolves the key from the environment', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const result = await runInProcess(
        ['setup', '--yes', '--json', '--base-url', sim.root, '--agent', BY_VARIABLE.map((f) => f.id).join(','), '--key-storage', 'env'],
        { home, env: { GATEWAY_API_KEY: DEMO_KEY } },
      );
      expect(result.code, result.stderr + result.stdout).toBe(0);
      const report = jsonOf(result) as unknown as Report;
      expect(report.agents.map((a) => [a.id, a.verify?.ok])).toEqual(BY_VARIABLE.map((f) => [f.id, true]));
      expect(filesHolding(home, DEMO_KEY)).toEqual([]);
      for (const f of BY_VARIABLE) expect(readFileSync(join(home, f.envReference!.file), 'utf8'), f.id).toContain(f.envReference!.text);
    } finally {
      remove();
    }
  });

  it('names the variable the key came from (--api-key-env), and the agent finds it there', async () => {
    const { dir: home, remove } = tempHome();
    try {
      // The key comes from another variable than the one written into the config.
      const result = await runInProcess(
        ['setup', '--yes', '--json', '--base-url', sim.root, '--agent', 'codex', '--key-storage', 'env', '--api-key-env', 'MY_GW_KEY'],
        { home, env: { MY_GW_KEY: DEMO_KEY } },
      );
      const report = jsonOf(result) as unknown as Report;
      // The config names MY_GW_KEY, which is set here: the agent finds it.
      expect(result.code, result.stderr).toBe(0);
      expect(report.agents[0]?.verify?.ok).toBe(true);
      expect(readFileSync(join(home, '.codex/config.toml'), 'utf8')).toContain('env_key = "MY_GW_KEY"');
    } finally {
      remove();
    }
  });

  it('read-back fails with missing_key when the variable is not exported: exit 1, the fix names it', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const result = await runInProcess(
        ['setup', '--yes', '--json', '--base-url', sim.root, '--agent', 'codex', '--key-storage', 'env', '--api-key', DEMO_KEY],
        { home },
      );
      expect(result.code).toBe(1);
      expect(result.stdout + result.stderr).not.toContain(DEMO_KEY);
      const report = jsonOf(result) as unknown as { agents: { verify?: { ok: boolean; diagnosis?: { code: string; message: string } } }[] };
      expect(report.agents[0]?.verify?.ok).toBe(false);
      expect(report.agents[0]?.verify?.diagnosis?.code).toBe('missing_key');
      expect(report.agents[0]?.verify?.diagnosis?.message).toContain('GATEWAY_API_KEY');
    } finally {
      remove();
    }
  });
});

describe('--scope project', () => {
  it('never puts the key into a file a team commits', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const project = join(home, 'work', 'app');
      mkdirSync(project, { recursive: true });
      const result = await runInProcess(
        ['setup', '--yes', '--json', '--base-url', sim.root, '--agent', 'claude-code,opencode', '--scope', 'project'],
        { home, cwd: project, env: { GATEWAY_API_KEY: DEMO_KEY } },
      );
      expect(result.code, result.stderr + result.stdout).toBe(0);
      const committed = ['.claude/settings.json', 'opencode.json'];
      for (const rel of committed) {
        const text = readFileSync(join(project, rel), 'utf8');
        expect(text).not.toContain(DEMO_KEY);
        expect(text).toContain(sim.root);
      }
      expect(readFileSync(join(project, 'opencode.json'), 'utf8')).toContain('{env:GATEWAY_API_KEY}');
      // Claude Code's personal, gitignored file may hold it, at 0600.
      const local = join(project, '.claude/settings.local.json');
      expect(readFileSync(local, 'utf8')).toContain(DEMO_KEY);
      expect(statSync(local).mode & 0o777).toBe(0o600);
      expect(filesHolding(project, DEMO_KEY)).toEqual(['.claude/settings.local.json']);
    } finally {
      remove();
    }
  });
});

describe('--scope project in a git repository', () => {
  it('refuses to put the key into a file git tracks; nothing is written', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const project = join(home, 'repo');
      mkdirSync(join(project, '.claude'), { recursive: true });
      writeFileSync(join(project, '.claude/settings.local.json'), '{}\n');
      const git = (...args: string[]) =>
        execFileSync('git', args, { cwd: project, env: { ...process.env, HOME: home, GIT_CONFIG_NOSYSTEM: '1' } });
      git('init', '-q');
      git('add', '.claude/settings.local.json');
      const result = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code', '--scope', 'project'], {
        home,
        cwd: project,
        env: { GATEWAY_API_KEY: DEMO_KEY },
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('tracked by git');
      expect(result.stderr).toContain('--key-storage env');
      expect(readFileSync(join(project, '.claude/settings.local.json'), 'utf8')).toBe('{}\n');
      expect(filesHolding(project, DEMO_KEY)).toEqual([]);
      // With only a variable name written, the same project is fine.
      const env = await runInProcess(
        ['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code', '--scope', 'project', '--key-storage', 'env'],
        {
          home,
          cwd: project,
          env: { GATEWAY_API_KEY: DEMO_KEY },
        },
      );
      expect(env.code, env.stderr).toBe(0);
      expect(filesHolding(project, DEMO_KEY)).toEqual([]);
    } finally {
      remove();
    }
  });
});
