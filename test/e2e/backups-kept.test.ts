// Backups hold copies of files that may hold the key: only the newest N are kept (10 by default,
// GATEWAY_AGENT_SETUP_KEEP_BACKUPS to change it), the run that removes older ones says so, and
// `restore --list` says how many are kept. Through the built bin, against the simulator.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { jsonOf, runInProcess, tempHomes } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);
const home = tempHomes();

const MODELS = ['claude-sonnet-4-5', 'claude-opus-4-1'];

describe('backups kept', () => {
  it('keeps the newest N: older ones removed by the run that writes, said in its report; restore --list says how many', async () => {
    const dir = home();
    const env = { GATEWAY_API_KEY: DEMO_KEY, GATEWAY_AGENT_SETUP_KEEP_BACKUPS: '3' };
    // Not a backup of ours: never touched by pruning.
    const backups = join(dir, '.config/gateway-agent-setup/backups');
    mkdirSync(join(backups, 'notes-of-mine'), { recursive: true });
    writeFileSync(join(backups, 'notes-of-mine', 'keep.txt'), 'mine\n');
    const ids: string[] = [];
    const texts: string[] = [];
    for (let i = 0; i < 5; i++) {
      // Each run changes the model, so each one writes and backs up.
      const r = await runInProcess(
        [
          'setup',
          '--yes',
          '--no-verify',
          '--base-url',
          sim.root,
          '--agent',
          'claude-code',
          '--model',
          `claude-code=${MODELS[i % 2]}`,
          ...(i === 4 ? [] : ['--json']),
        ],
        { home: dir, env },
      );
      expect(r.code, r.stdout + r.stderr).toBe(0);
      if (i === 4) texts.push(r.stdout);
      else ids.push((jsonOf(r) as { backupId: string }).backupId);
    }
    expect(texts[0]).toMatch(/Removed the 1 oldest backup\(s\): 3 are kept/);
    const list = await runInProcess(['restore', '--list', '--json'], { home: dir, env });
    const doc = jsonOf(list) as { keep: number; backups: { id: string }[] };
    expect(doc.keep).toBe(3);
    // The newest three, and the first: it holds the files as they were before the first setup.
    expect(doc.backups).toHaveLength(4);
    expect(doc.backups.map((b) => b.id)).toContain(ids[0]);
    expect(doc.backups.map((b) => b.id)).not.toContain(ids[1]);
    expect(readdirSync(backups)).toContain('notes-of-mine');
    const text = await runInProcess(['restore', '--list'], { home: dir, env });
    expect(text.stdout).toContain('the newest 3 are kept');
    // The default, without the variable: 10.
    expect(
      (jsonOf(await runInProcess(['restore', '--list', '--json'], { home: dir, env: { GATEWAY_API_KEY: DEMO_KEY } })) as { keep: number })
        .keep,
    ).toBe(10);
  });

  it('a value that is no number of backups is refused by name before anything is written', async () => {
    const dir = home();
    const r = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code'], {
      home: dir,
      env: { GATEWAY_API_KEY: DEMO_KEY, GATEWAY_AGENT_SETUP_KEEP_BACKUPS: '0' },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('GATEWAY_AGENT_SETUP_KEEP_BACKUPS=0');
    expect(readdirSync(dir)).not.toContain('.claude');
  });
});
