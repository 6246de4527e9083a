// Input of any size costs a bounded amount: a repository's settings file, a package.json and an
// import link are measured before they are read, and a YAML alias bomb is refused, not expanded.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { runCli, tempHomes } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);

const newHome = tempHomes();
const oneLine = (text: string) => text.replace(/\s+/g, ' ');

function repoIn(home: string): string {
  const repo = join(home, 'src', 'r');
  mkdirSync(repo, { recursive: true });
  execFileSync('git', ['init', '-q', repo]);
  return repo;
}

// 450 bytes that would expand to 9^9 strings.
const BOMB = ['a: &a ["x","x","x","x","x","x","x","x","x"]']
  .concat(
    ['b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].map(
      (k, i) =>
        `${k}: &${k} [${Array(9)
          .fill(`*${String.fromCharCode(97 + i)}`)
          .join(',')}]`,
    ),
  )
  .join('\n');

describe('bounded input', () => {
  it.each([['doctor'], ['trust'], ['sync', '--check']])('a YAML alias bomb in a project file: %s refuses it at once', async (...args) => {
    const home = newHome();
    const repo = repoIn(home);
    writeFileSync(join(repo, '.gateway-agent-setuprc.yaml'), `perAgent:\n  codex:\n    preferences: *i\n${BOMB}\n`);
    const r = await runCli(args, { home, cwd: repo, env: { GATEWAY_API_KEY: DEMO_KEY }, timeoutMs: 15_000 });
    expect(r.signal, 'stopped by the time limit').toBeNull();
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toMatch(/\.gateway-agent-setuprc\.yaml/);
    expect(r.ms).toBeLessThan(10_000);
  });

  it('a settings file over 1 MiB is refused unread; a large package.json without our key is passed over', async () => {
    const home = newHome();
    const repo = repoIn(home);
    const big = `{"name":"x","description":"${'y'.repeat(2 * 1024 * 1024)}"}`;
    writeFileSync(join(repo, 'package.json'), big);
    const passed = await runCli(['profiles', '--offline'], { home, cwd: repo });
    expect(passed.code, passed.stderr).toBe(0);
    writeFileSync(join(repo, 'package.json'), `{"gateway-agent-setup":{"scope":"user"},${big.slice(1)}`);
    const refused = await runCli(['profiles', '--offline'], { home, cwd: repo });
    expect(refused.code).toBe(2);
    expect(oneLine(refused.stderr)).toContain('a settings file is at most 1024 KiB');
    writeFileSync(join(repo, '.gateway-agent-setuprc.json'), `{"scope":"user","x":"${'z'.repeat(1024 * 1024)}"}`);
    expect((await runCli(['profiles', '--offline'], { home, cwd: repo })).code).toBe(2);
  });

  it('an import link over 64 KiB is refused whole, never cut and accepted; a long name is printed cut', async () => {
    const home = newHome();
    const link = (name: string) =>
      `ccswitch://v1/import?${new URLSearchParams({ resource: 'provider', app: 'claude', name, endpoint: sim.root, apiKey: DEMO_KEY }).toString()}`;
    const huge = await runCli(['setup', '--import', '-', '--agent', 'claude-code', '--yes', '--dry-run'], {
      home,
      input: `${link('n'.repeat(2 * 1024 * 1024))}\n`,
    });
    expect(huge.code).toBe(2);
    expect(oneLine(huge.stderr)).toContain('over 64 KiB');
    expect(sim.log.filter((e) => e.path === '/v1/models')).toHaveLength(0);
    const long = await runCli(['setup', '--import', '-', '--agent', 'claude-code', '--yes', '--dry-run'], {
      home,
      input: `${link('n'.repeat(20_000))}\n`,
    });
    expect(long.code, long.stderr).toBe(0);
    expect(Math.max(...(long.stdout + long.stderr).split('\n').map((l) => l.length))).toBeLessThan(200);
  });
});
