// The saved settings remember every agent set up here, not only the last run's: `sync --check`
// must still see an agent configured earlier whose model left the gateway. And a saved
// `keyStorage: env` must not take the key out of a config when its variable is not set.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MODELS, DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { runInProcess, tempHome } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);

const env = { GATEWAY_API_KEY: DEMO_KEY };
const settingsOf = (home: string) =>
  JSON.parse(readFileSync(join(home, '.config/gateway-agent-setup/settings.json'), 'utf8')) as {
    agents: string[];
    perAgent: Record<string, { model: string }>;
  };

describe('saved settings over several setups', () => {
  it('a second setup for another agent keeps the first; sync --check flags the first when its model leaves', async () => {
    const { dir: home, remove } = tempHome();
    try {
      sim.setModels(DEFAULT_MODELS);
      expect((await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'codex'], { home, env })).code).toBe(0);
      expect((await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code'], { home, env })).code).toBe(0);
      const saved = settingsOf(home);
      expect(saved.agents).toEqual(['codex', 'claude-code']);
      const codexModel = saved.perAgent['codex']?.model;
      expect(codexModel).toBeDefined();

      sim.setModels(DEFAULT_MODELS.filter((m) => m.id !== codexModel));
      const check = await runInProcess(['sync', '--check'], { home, env });
      expect(check.code, check.stdout + check.stderr).toBe(1);
      expect(check.stdout).toContain('Codex');
      expect(check.stdout).toContain(`${codexModel} left the key's model list`);
    } finally {
      sim.setModels(DEFAULT_MODELS);
      remove();
    }
  });

  it('a saved keyStorage "env" with its variable unset here: refused before writing, the fix named', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const first = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'codex', '--key-storage', 'env'], {
        home,
        env,
      });
      expect(first.code, first.stderr).toBe(0);
      // Later, for another agent, the key given on the command line (no variable).
      const second = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code', '--api-key', DEMO_KEY], {
        home,
      });
      expect(second.code).toBe(2);
      const said = second.stderr.replace(/\s+/g, ' ');
      expect(said).toContain('keyStorage "env"');
      expect(said).toContain('$GATEWAY_API_KEY is not set here');
      expect(said).toContain('--key-storage file');
      expect(said).toContain('settings.json');
      expect(existsSync(join(home, '.claude', 'settings.json'))).toBe(false);
      expect(existsSync(join(home, '.claude.json'))).toBe(false);
      expect(second.stderr).not.toContain(DEMO_KEY);

      // With the variable set (or --key-storage file) it goes ahead.
      const third = await runInProcess(
        ['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code', '--api-key', DEMO_KEY, '--key-storage', 'file'],
        { home },
      );
      expect(third.code, third.stderr).toBe(0);
      expect(readFileSync(join(home, '.claude', 'settings.json'), 'utf8')).toContain(DEMO_KEY);
    } finally {
      remove();
    }
  });
});
