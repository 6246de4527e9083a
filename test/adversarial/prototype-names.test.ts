// Names every JavaScript object inherits (`constructor`, `toString`, …) are profile names like any
// other: added, listed, used and removed through the built bin, never an internal error.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { runCli, tempHomes } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);
const newHome = tempHomes();

describe('profile names that objects inherit', () => {
  it.each(['constructor', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'])('%s: add, list, use, remove', async (name) => {
    const home = newHome();
    const cli = (args: string[]) => runCli(args, { home, env: { GATEWAY_API_KEY: DEMO_KEY } });
    // Before it exists, the name is unknown like any other.
    const unknown = await cli(['use', name]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).not.toContain('internal error');
    const add = await cli(['profiles', 'add', name, '--base-url', sim.root, '--agent', 'codex']);
    expect(add.code, add.stderr).toBe(0);
    const list = await cli(['profiles', '--offline', '--json']);
    expect((JSON.parse(list.stdout) as { profiles: { name: string }[] }).profiles.map((p) => p.name)).toEqual([name]);
    const use = await cli(['use', name]);
    expect(use.code, use.stderr + use.stdout).toBe(0);
    expect(readFileSync(join(home, '.codex', 'config.toml'), 'utf8')).toContain(sim.root);
    const rm = await cli(['profiles', 'remove', name]);
    expect(rm.code, rm.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(home, '.config', 'gateway-agent-setup', 'settings.json'), 'utf8')).profiles).toBeUndefined();
  });
});
