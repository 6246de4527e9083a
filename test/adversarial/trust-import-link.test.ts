// An import link is somebody else's text too: its host receives the link's own key and nothing
// else — never GATEWAY_API_KEY, never a key variable the user saved for an agent on another gateway.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { runInProcess, tempHomes } from '../helpers/cli.js';
import { startKeyTrap, type KeyTrap } from '../helpers/key-trap.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
let trap: KeyTrap;
beforeAll(async () => {
  sim = await startSim();
  trap = await startKeyTrap();
});
afterAll(stopAll);

const newHome = tempHomes();
const LINK_KEY = `sk-link${randomBytes(16).toString('hex')}`;
const CODEX_KEY = `sk-codex${randomBytes(16).toString('hex')}`;

const link = (name: string) =>
  `ccswitch://v1/import?${new URLSearchParams({ resource: 'provider', app: 'claude', name, endpoint: trap.root, apiKey: LINK_KEY }).toString()}`;

/** A user with their own gateway saved, Codex on a key variable of its own. */
function userWithSavedKeys(): string {
  const home = newHome();
  const dir = join(home, '.config', 'gateway-agent-setup');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'settings.json'),
    JSON.stringify({
      baseUrl: sim.root,
      keyEnv: 'GATEWAY_API_KEY',
      perAgent: { codex: { keyEnv: 'CODEX_GW_KEY' } },
      profiles: { linked: { baseUrl: sim.root, keyEnv: 'GATEWAY_API_KEY', perAgent: { codex: { keyEnv: 'CODEX_GW_KEY' } } } },
    }),
  );
  return home;
}

describe("an import link's host gets only the link's key", () => {
  it.each([
    ['setup', '--import', '-', '--agent', 'codex,claude-code', '--yes'],
    ['use', '--import', '-', '--agent', 'codex,claude-code'],
  ])("%s %s %s: no saved key goes to the link's host", async (...args) => {
    trap.requests.length = 0;
    const home = userWithSavedKeys();
    const r = await runInProcess(args, {
      home,
      input: `${link('linked')}\n`,
      env: { GATEWAY_API_KEY: DEMO_KEY, CODEX_GW_KEY: CODEX_KEY },
      timeoutMs: 30_000,
    });
    // The link's gateway was asked with the link's key: the run really went there.
    expect(trap.requests.length, r.stderr + r.stdout).toBeGreaterThan(0);
    expect(trap.received(LINK_KEY)).toBeGreaterThan(0);
    expect(trap.received(DEMO_KEY, CODEX_KEY)).toBe(0);
    expect(r.stdout + r.stderr).not.toContain(LINK_KEY);
  });
});
