// A config that is a symlink into a dotfiles folder whose target does not exist yet: setup writes
// through the link (the target is created, the link stays), and restore removes what setup created
// without removing the user's link.
import { existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, symlinkSync } from 'node:fs';
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

describe('a dangling symlink where a config belongs', () => {
  it.each([
    ['relative', '../dotfiles/codex/config.toml'],
    ['absolute', ''],
  ])('%s link: written through, the link kept; restore removes the target, keeps the link', async (_kind, relTarget) => {
    const { dir: home, remove } = tempHome();
    try {
      const target = join(home, 'dotfiles', 'codex', 'config.toml');
      mkdirSync(join(home, 'dotfiles'));
      mkdirSync(join(home, '.codex'));
      const link = join(home, '.codex', 'config.toml');
      symlinkSync(relTarget || target, link);
      expect(existsSync(target)).toBe(false);

      const r = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'codex'], {
        home,
        env: { GATEWAY_API_KEY: DEMO_KEY },
      });
      expect(r.code, r.stderr).toBe(0);
      expect(lstatSync(link).isSymbolicLink()).toBe(true);
      expect(readlinkSync(link)).toBe(relTarget || target);
      expect(readFileSync(target, 'utf8')).toContain(sim.root);

      // A second run plans on the target's content: up to date.
      const again = await runInProcess(['setup', '--yes', '--json', '--base-url', sim.root, '--agent', 'codex'], {
        home,
        env: { GATEWAY_API_KEY: DEMO_KEY },
      });
      expect((JSON.parse(again.stdout) as { upToDate: boolean }).upToDate).toBe(true);

      const back = await runInProcess(['restore'], { home });
      expect(back.code, back.stderr).toBe(0);
      expect(lstatSync(link).isSymbolicLink()).toBe(true);
      expect(existsSync(target)).toBe(false);
    } finally {
      remove();
    }
  });
});
