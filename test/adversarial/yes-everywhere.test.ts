// `--yes` (and `-y`) by habit in CI: every command that can ask or write accepts it, and the run
// does what it does without it.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { runInProcess, tempHome } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);

describe('--yes is accepted wherever a command can ask or write', () => {
  it.each(['--yes', '-y'])('%s: setup, sync, sync --check, doctor --fix, restore', async (yes) => {
    const { dir: home, remove } = tempHome();
    try {
      const env = { GATEWAY_API_KEY: DEMO_KEY };
      const run = (args: string[]) => runInProcess([...args, yes], { home, env });
      expect((await run(['setup', '--base-url', sim.root, '--agent', 'codex'])).code).toBe(0);
      const sync = await run(['sync']);
      expect(sync.code, sync.stderr).toBe(0);
      const check = await run(['sync', '--check']);
      expect(check.code, check.stderr).toBe(0);
      // A broken config for doctor --fix to repair.
      const toml = join(home, '.codex', 'config.toml');
      writeFileSync(toml, 'model = "gpt-5.1-codex"\nmodel_provider = "gateway"\n');
      const fix = await run(['doctor', '--fix', '--base-url', sim.root]);
      expect(fix.stderr).not.toMatch(/unknown flag|Unknown option/i);
      expect(fix.code, fix.stdout + fix.stderr).toBe(0);
      const restore = await run(['restore']);
      expect(restore.code, restore.stderr).toBe(0);
      expect(existsSync(toml)).toBe(true);
    } finally {
      remove();
    }
  });
});
