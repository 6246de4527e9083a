// Two runs at once are serialized by the lock (a stale lock of a killed run is taken over), and a
// run killed with SIGKILL at random moments of its writes leaves every file entirely old or
// entirely new; `restore` brings the old state back.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withLock } from '../../src/config/lock.js';
import { JobError } from '../../src/core/errors.js';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { FIXTURES } from '../fixtures/agents/index.js';
import { BIN_PATH, runCli, tempHome } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

// Every agent's lived-in files (test/fixtures/agents/<id>/), at their home-relative paths.
const FILES: [string, string][] = FIXTURES.flatMap((f) => Object.entries(f.texts));
const ARGS = (root: string) => ['setup', '--yes', '--base-url', root, '--agent', FIXTURES.map((f) => f.id).join(',')];

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);

function livedInHome(): { dir: string; remove: () => void } {
  const home = tempHome();
  for (const [to, text] of FILES) {
    mkdirSync(join(home.dir, to, '..'), { recursive: true });
    writeFileSync(join(home.dir, to), text);
  }
  return home;
}

const snapshot = (home: string): Map<string, string | undefined> =>
  new Map(FILES.map(([rel]) => [rel, existsSync(join(home, rel)) ? readFileSync(join(home, rel), 'utf8') : undefined]));

describe('the lock', () => {
  it('a live holder makes a second writer wait, then give up with a clear message', async () => {
    const { dir, remove } = tempHome();
    try {
      let inner: unknown;
      await withLock(dir, async () => {
        inner = await withLock(dir, async () => 'never', { waitMs: 300 }).catch((e: unknown) => e);
      });
      expect(inner).toBeInstanceOf(JobError);
      expect(String((inner as Error).message)).toContain('Another gateway-agent-setup run');
      expect(existsSync(join(dir, 'lock'))).toBe(false);
    } finally {
      remove();
    }
  });

  it('a stale lock left by a killed run is taken over', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const state = join(home, '.config/gateway-agent-setup');
      mkdirSync(state, { recursive: true });
      // A pid that is not running: the run that held it was killed.
      writeFileSync(join(state, 'lock'), JSON.stringify({ pid: 2 ** 22 + 12345, startedAt: '2026-01-01T00:00:00Z' }));
      const r = await runCli([...ARGS(sim.root).slice(0, 4), '--agent', 'codex'], { home, env: { GATEWAY_API_KEY: DEMO_KEY } });
      expect(r.code, r.stderr).toBe(0);
      expect(existsSync(join(state, 'lock'))).toBe(false);
    } finally {
      remove();
    }
  });

  it('two setups at once on one home are serialized: the result is exactly one run after the other', async () => {
    // Different key storage, so the second run to take the lock really rewrites what the first wrote.
    const A = [...ARGS(sim.root), '--key-storage', 'file'];
    const B = [...ARGS(`${sim.root}/v1`), '--key-storage', 'env'];
    const env = { GATEWAY_API_KEY: DEMO_KEY };
    const sequential = async (first: string[], second: string[]): Promise<Map<string, string | undefined>> => {
      const home = livedInHome();
      try {
        expect((await runCli(first, { home: home.dir, env })).code).toBe(0);
        expect((await runCli(second, { home: home.dir, env })).code).toBe(0);
        return snapshot(home.dir);
      } finally {
        home.remove();
      }
    };
    const [ab, ba] = [await sequential(A, B), await sequential(B, A)];
    expect(ab).not.toEqual(ba);
    for (let round = 0; round < 3; round++) {
      const { dir: home, remove } = livedInHome();
      try {
        const [a, b] = await Promise.all([runCli(A, { home, env }), runCli(B, { home, env })]);
        expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
        const now = snapshot(home);
        expect([ab, ba]).toContainEqual(now);
        expect(existsSync(join(home, '.config/gateway-agent-setup/lock'))).toBe(false);
        // Two backups: the second run planned on what the first wrote, and changed it.
        const backups = join(home, '.config/gateway-agent-setup/backups');
        expect(readdirSync(backups)).toHaveLength(2);
      } finally {
        remove();
      }
    }
  });
});

describe('SIGKILL in the middle of a multi-file write', () => {
  it('every file is entirely old or entirely new; restore brings the old state back', async () => {
    // The new state, from one clean run.
    const ref = livedInHome();
    const old = snapshot(ref.dir);
    const started = performance.now();
    expect((await runCli(ARGS(sim.root), { home: ref.dir, env: { GATEWAY_API_KEY: DEMO_KEY } })).code).toBe(0);
    const took = performance.now() - started;
    const fresh = snapshot(ref.dir);
    ref.remove();

    let killedMidway = 0;
    let killedAfterBackup = 0;
    const ROUNDS = 16;
    for (let round = 0; round < ROUNDS; round++) {
      const { dir: home, remove } = livedInHome();
      try {
        // Kill somewhere in the second half of a run, where planning and writing happen.
        const delay = took * (0.6 + Math.random() * 0.5);
        const child = spawn(process.execPath, [BIN_PATH, ...ARGS(sim.root)], {
          env: { PATH: process.env.PATH ?? '', HOME: home, GATEWAY_API_KEY: DEMO_KEY },
          cwd: home,
          stdio: 'ignore',
        });
        const timer = setTimeout(() => child.kill('SIGKILL'), delay);
        const signal = await new Promise<NodeJS.Signals | null>((done) => child.on('close', (_c, s) => done(s)));
        clearTimeout(timer);
        const now = snapshot(home);
        let changed = 0;
        for (const [rel] of FILES) {
          const text = now.get(rel);
          expect([old.get(rel), fresh.get(rel)], `${rel} after a kill at ${delay.toFixed(0)} ms`).toContain(text);
          if (text !== old.get(rel)) changed++;
        }
        if (signal === 'SIGKILL' && changed > 0 && changed < FILES.length) killedMidway++;
        // Whatever was written, the newest backup restores the lived-in state.
        const backups = join(home, '.config/gateway-agent-setup/backups');
        if (signal === 'SIGKILL' && existsSync(backups)) killedAfterBackup++;
        if (existsSync(backups) && readdirSync(backups).some((id) => existsSync(join(backups, id, 'manifest.json')))) {
          const r = await runCli(['restore'], { home });
          expect(r.code, r.stderr).toBe(0);
          const back = snapshot(home);
          for (const [rel] of FILES) expect(back.get(rel), rel).toBe(old.get(rel));
        } else {
          for (const [rel] of FILES) expect(now.get(rel), rel).toBe(old.get(rel));
        }
      } finally {
        remove();
      }
    }
    // Not asserted (timing decides it), but shown: how often a kill landed between two files.
    console.log(`SIGKILL rounds: ${ROUNDS}; killed after backups began: ${killedAfterBackup}; between two file writes: ${killedMidway}`);
    // 16 runs and their restores, each a process: 14 s here when the machine is otherwise idle.
  }, 120_000);
});
