// Finding the installed agents runs only what the user would run: a binary from an absolute PATH
// entry, asked `--version` with no key in its environment and away from the repository, and stopped
// with us when Ctrl-C or SIGTERM ends the run.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { runCli, spawnCli, tempHomes } from '../helpers/cli.js';
import { processesOfHome, stopProcessesOfHome } from '../helpers/processes.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);

const newHome = tempHomes();
const homes: string[] = [];
afterEach(async () => {
  for (const h of homes.splice(0)) await stopProcessesOfHome(h);
});

/** A stand-in `claude` that records where it ran and with what, then tells a version. */
function standIn(dir: string, record: string, extra = ''): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'claude'), `#!/bin/sh\n{ pwd; env; } > "${record}"\n${extra}echo "2.1.331 (Claude Code)"\n`, { mode: 0o755 });
}

describe('probing the installed agents', () => {
  it.each([['doctor'], ['setup', '--yes', '--dry-run']])(
    '%s: a binary in a relative PATH entry of the repository is never run',
    async (...args) => {
      const home = newHome();
      homes.push(home);
      const repo = join(home, 'src', 'r');
      mkdirSync(repo, { recursive: true });
      execFileSync('git', ['init', '-q', repo]);
      const ran = join(home, 'ran');
      standIn(join(repo, 'node_modules', '.bin'), ran);
      const r = await runCli([...args, '--base-url', sim.root], {
        home,
        cwd: repo,
        env: { GATEWAY_API_KEY: DEMO_KEY, PATH: `node_modules/.bin:bin:.:${process.env.PATH ?? ''}` },
        timeoutMs: 30_000,
      });
      expect(r.signal).toBeNull();
      expect(existsSync(ran), r.stderr).toBe(false);
    },
  );

  it('--version runs with no key in its environment, in a folder that is not the repository', async () => {
    const home = newHome();
    homes.push(home);
    const repo = join(home, 'src', 'r');
    mkdirSync(repo, { recursive: true });
    const ran = join(home, 'ran');
    standIn(join(home, 'tools'), ran);
    const r = await runCli(['doctor', '--agent', 'claude-code'], {
      home,
      cwd: repo,
      env: {
        GATEWAY_API_KEY: DEMO_KEY,
        CLAUDE_GW: DEMO_KEY,
        MY_TOKEN: 'tok-123456',
        PATH: `${join(home, 'tools')}:${process.env.PATH ?? ''}`,
      },
    });
    expect(existsSync(ran), r.stderr + r.stdout).toBe(true);
    const [cwd, ...env] = readFileSync(ran, 'utf8').split('\n');
    expect(cwd).not.toBe(repo);
    expect(env.join('\n')).not.toContain(DEMO_KEY.slice(3));
    expect(env.join('\n')).not.toContain('tok-123456');
    expect(env.some((l) => l.startsWith(`HOME=${home}`))).toBe(true);
  });

  it.each([
    ['SIGINT', 'doctor'],
    ['SIGTERM', 'doctor'],
    ['SIGINT', 'setup'],
  ] as const)('%s while %s asks an agent its version: every probed binary stops with us, the lock is gone', async (signal, command) => {
    const home = newHome();
    homes.push(home);
    const ran = join(home, 'ran');
    standIn(join(home, 'tools'), ran, 'sleep 60\n');
    const args = command === 'setup' ? ['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code'] : ['doctor'];
    const run = spawnCli(args, {
      home,
      env: { GATEWAY_API_KEY: DEMO_KEY, PATH: `${join(home, 'tools')}:${process.env.PATH ?? ''}` },
    });
    // The stand-in writes its record, then starts `sleep`: wait until that process is there.
    const sleepers = async () => (await processesOfHome(home)).filter((p) => p.cmdline.includes('sleep'));
    const deadline = Date.now() + 10_000;
    while ((await sleepers()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(ran)).toBe(true);
    expect((await sleepers()).length).toBeGreaterThan(0);
    run.child.kill(signal);
    const end = await run.exited;
    expect(end.code).toBe(signal === 'SIGINT' ? 130 : 143);
    await new Promise((r) => setTimeout(r, 300));
    expect(await sleepers()).toEqual([]);
    expect(existsSync(join(home, '.config', 'gateway-agent-setup', 'lock'))).toBe(false);
  });
});
