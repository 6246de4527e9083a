// The wizard in a real pseudo-terminal (tmux), typed like a person: the screen and the files
// written; and Ctrl-C mid-way, which must exit 130 with nothing written.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { tempHome } from '../helpers/cli.js';
import { startPty } from '../helpers/pty.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);

const baseEnv = (home: string): Record<string, string> => ({ PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, GATEWAY_API_KEY: DEMO_KEY });

describe('wizard in a terminal', () => {
  it('typed answers produce verified configs, and the screen explains each step in 80 columns', async () => {
    const { dir: home, remove } = tempHome();
    const pty = await startPty([], { env: baseEnv(home), cwd: home });
    try {
      await pty.waitFor(/Gateway base URL/);
      await pty.type(`${sim.root}/v1`);
      await pty.send('Enter');
      await pty.waitFor(/Which agents/);
      // Nothing is installed here: select Codex CLI (second row) only.
      await pty.send('Down');
      await pty.send('Space');
      await pty.send('Enter');
      await pty.waitFor(/Model for Codex CLI/);
      await pty.send('Enter');
      await pty.waitFor(/Where should the configs go/);
      await pty.send('Enter');
      await pty.waitFor(/How should the agents get the key/);
      await pty.send('Enter');
      const preview = await pty.waitFor(/Write these changes\?/);
      expect(preview).toContain('+++ b');
      expect(preview).toContain('wire_api = "responses"');
      await pty.send('Enter');
      expect(await pty.exitCode()).toBe(0);
      const screen = await pty.screen();
      expect(screen).toContain(`Key from GATEWAY_API_KEY: sk-de`);
      expect(screen).toContain('Every agent is set up and verified.');
      expect(screen).toMatch(/verified: HTTP 200 in \d+ ms, request ID \S+/);
      expect(screen).not.toContain(DEMO_KEY);
      // Captured with -J (wrapped lines joined): every line the program printed fits 80 columns.
      const long = screen.split('\n').filter((l) => [...l].length > 80 && !l.includes('╌'));
      expect(long).toEqual([]);
      expect(readFileSync(join(home, '.codex/config.toml'), 'utf8')).toContain(`base_url = "${sim.root}/v1"`);
      expect(statSync(join(home, '.codex/.env')).mode & 0o777).toBe(0o600);
    } finally {
      await pty.close();
      remove();
    }
  });

  it('Ctrl-C mid-way exits 130 and writes nothing', async () => {
    const { dir: home, remove } = tempHome();
    const pty = await startPty(['--base-url', sim.root], { env: baseEnv(home), cwd: home });
    try {
      await pty.waitFor(/Which agents/);
      await pty.send('Space');
      await pty.send('C-c');
      expect(await pty.exitCode()).toBe(130);
      expect(await pty.screen()).toContain('nothing was written');
      expect(readdirSync(home)).toEqual([]);
    } finally {
      await pty.close();
      remove();
    }
  });
});
