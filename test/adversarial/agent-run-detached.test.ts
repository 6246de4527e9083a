// `verify --agent-run --timeout N` with an agent that leaves a detached child (setsid) holding its
// output: the run still ends within the timeout, and the child is stopped by its PID.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { runCli, tempHome } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
const daemons: number[] = [];
beforeAll(async () => {
  sim = await startSim();
});
afterAll(async () => {
  // Only the PIDs this test's fake agents recorded, should the code under test have missed one.
  for (const pid of daemons) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // stopped already, as it should be
    }
  }
  await stopAll();
});

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').split(' ')[2]?.startsWith('Z');
  } catch {
    return false;
  }
};

describe('an agent that leaves a detached child holding its output', () => {
  it.each([
    ['hangs itself', 'sleep 300'],
    ['exits at once', 'echo OK'],
  ])('the agent %s: the run ends within the timeout, the child is stopped by PID', async (_name, then) => {
    const { dir: home, remove } = tempHome();
    try {
      const env = { GATEWAY_API_KEY: DEMO_KEY };
      expect((await runCli(['setup', '--yes', '--base-url', sim.root, '--agent', 'codex'], { home, env })).code).toBe(0);
      const bin = join(home, 'bin');
      mkdirSync(bin);
      writeFileSync(
        join(bin, 'codex'),
        [
          '#!/bin/sh',
          'if [ "$1" = "--version" ]; then echo "codex-cli 0.50.0"; exit 0; fi',
          // A new session: the process-group kill never reaches it, and it holds stdout and stderr.
          'setsid sh -c \'echo $$ > "$HOME/daemon.pid"; exec sleep 300\' &',
          'while [ ! -s "$HOME/daemon.pid" ]; do sleep 0.05; done',
          then,
          '',
        ].join('\n'),
      );
      chmodSync(join(bin, 'codex'), 0o755);
      const started = Date.now();
      const r = await runCli(['verify', '--agent-run', '--agent', 'codex', '--timeout', '2', '--json', '--base-url', sim.root], {
        home,
        env: { ...env, PATH: `${bin}:${process.env.PATH ?? ''}` },
        timeoutMs: 60_000,
      });
      const took = Date.now() - started;
      expect(existsSync(join(home, 'daemon.pid'))).toBe(true);
      const daemon = Number(readFileSync(join(home, 'daemon.pid'), 'utf8'));
      daemons.push(daemon);
      expect(r.signal, 'the run never ended').toBeNull();
      // --timeout 2 applies to each step; the agent run gets 4 × 2 s, then 2 s of grace to kill.
      expect(took).toBeLessThan(20_000);
      const doc = JSON.parse(r.stdout) as { agents: { stopped: number[] }[] };
      const run = doc.agents[0];
      expect(run?.stopped).toContain(daemon);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(alive(daemon)).toBe(false);
    } finally {
      remove();
    }
  });
});
