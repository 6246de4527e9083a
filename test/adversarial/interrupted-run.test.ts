// A run stopped by Ctrl-C or SIGTERM says what it had written: the backup to undo with, or that
// nothing was. What a killed run leaves (temp files beside configs, which may hold the key, and its
// lock) is cleaned by the next run and by restore, however recent.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { BIN_PATH, runCli, tempHome } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

let slow: Simulator;
let fast: Simulator;
beforeAll(async () => {
  // Every answer takes 1.5 s: the read-back round after the writes leaves time to interrupt.
  [slow, fast] = await Promise.all([startSim({ latencyMs: 1500 }), startSim()]);
});
afterAll(stopAll);

const STATE = '.config/gateway-agent-setup';

/** Starts setup in `home`; resolves once `ready(home)` holds, sends `signal`, and returns the outcome. */
async function interrupt(home: string, signal: NodeJS.Signals, ready: (home: string) => boolean, extra: string[] = []) {
  const child = spawn(process.execPath, [BIN_PATH, 'setup', '--yes', '--base-url', slow.root, '--agent', 'claude-code,codex', ...extra], {
    env: { PATH: process.env.PATH ?? '', HOME: home, GATEWAY_API_KEY: DEMO_KEY },
    cwd: home,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const closed = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
  const deadline = Date.now() + 15_000;
  while (!ready(home) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  child.kill(signal);
  const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  const code = await closed;
  clearTimeout(killer);
  return { code, stdout, stderr };
}

const backups = (home: string): string[] => {
  const dir = join(home, STATE, 'backups');
  return existsSync(dir) ? readdirSync(dir).filter((id) => existsSync(join(dir, id, 'manifest.json'))) : [];
};

describe('an interrupted run', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s after the writes: exit %i, the backup to undo with printed, and it undoes', async (signal, exit) => {
    const { dir: home, remove } = tempHome();
    try {
      const r = await interrupt(home, signal, (h) => backups(h).length > 0);
      expect(r.code, r.stderr).toBe(exit);
      const [id] = backups(home);
      const said = r.stderr.replace(/\s+/g, ' ');
      expect(said).toContain(`Interrupted (${signal}) after writing files`);
      expect(said).toContain(`gateway-agent-setup restore --id ${id}`);
      expect(existsSync(join(home, '.codex/config.toml'))).toBe(true);
      // The lock was released: the run ended after its writes, not in their middle.
      expect(existsSync(join(home, STATE, 'lock'))).toBe(false);
      const undo = await runCli(['restore', '--id', id!], { home });
      expect(undo.code, undo.stderr).toBe(0);
      expect(existsSync(join(home, '.codex/config.toml'))).toBe(false);
    } finally {
      remove();
    }
  });

  it('SIGINT before any write: exit 130, "nothing was written", and nothing was', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const started = Date.now();
      const r = await interrupt(home, 'SIGINT', () => Date.now() - started > 700, ['--json']);
      expect(r.code).toBe(130);
      const doc = JSON.parse(r.stdout) as { ok: boolean; error: { code: string; message: string } };
      expect(doc.error.code).toBe('interrupted');
      expect(doc.error.message).toContain('nothing was written');
      expect(existsSync(join(home, '.codex'))).toBe(false);
      expect(backups(home)).toEqual([]);
    } finally {
      remove();
    }
  });
});

describe('what a killed run left', () => {
  it("a fresh temp file beside a config (holding the key) and a dead run's lock: removed by the next setup", async () => {
    const { dir: home, remove } = tempHome();
    try {
      mkdirSync(join(home, '.codex'));
      writeFileSync(join(home, '.codex/config.toml'), 'model = "gpt-5"\n');
      const temp = join(home, '.codex/.config.toml.0123456789ab.tmp');
      writeFileSync(temp, `experimental_bearer_token = "${DEMO_KEY}"\n`, { mode: 0o600 });
      mkdirSync(join(home, STATE), { recursive: true });
      writeFileSync(join(home, STATE, 'lock'), JSON.stringify({ pid: 2 ** 22 + 4242, startedAt: new Date().toISOString() }));
      const r = await runCli(['setup', '--yes', '--base-url', fast.root, '--agent', 'codex'], { home, env: { GATEWAY_API_KEY: DEMO_KEY } });
      expect(r.code, r.stderr).toBe(0);
      expect(existsSync(temp)).toBe(false);
      expect(existsSync(join(home, STATE, 'lock'))).toBe(false);
      // Someone else's file with a similar name is not ours: untouched.
      const other = join(home, '.codex/.config.toml.swp');
      writeFileSync(other, 'vim');
      utimesSync(other, new Date(0), new Date(0));
      expect(
        (await runCli(['setup', '--yes', '--base-url', fast.root, '--agent', 'codex'], { home, env: { GATEWAY_API_KEY: DEMO_KEY } })).code,
      ).toBe(0);
      expect(readFileSync(other, 'utf8')).toBe('vim');
    } finally {
      remove();
    }
  });

  it('restore removes a leftover temp file beside each file it puts back', async () => {
    const { dir: home, remove } = tempHome();
    try {
      mkdirSync(join(home, '.codex'));
      writeFileSync(join(home, '.codex/config.toml'), 'model = "gpt-5"\n');
      expect(
        (await runCli(['setup', '--yes', '--base-url', fast.root, '--agent', 'codex'], { home, env: { GATEWAY_API_KEY: DEMO_KEY } })).code,
      ).toBe(0);
      const temp = join(home, '.codex/.config.toml.ba9876543210.tmp');
      writeFileSync(temp, `experimental_bearer_token = "${DEMO_KEY}"\n`, { mode: 0o600 });
      const r = await runCli(['restore'], { home });
      expect(r.code, r.stderr).toBe(0);
      expect(existsSync(temp)).toBe(false);
      expect(readFileSync(join(home, '.codex/config.toml'), 'utf8')).toBe('model = "gpt-5"\n');
    } finally {
      remove();
    }
  });
});
