// Names every JavaScript object inherits (`constructor`, `toString`, …) are profile names like any
// other: added, listed, used, recorded as active, synced and removed through the built bin, never an
// internal error. `__proto__` is no profile name (names start with a letter or digit): a clear usage
// error, typed or written in the settings by hand, and never the settings object's prototype.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { runInProcess, tempHomes } from '../helpers/cli.js';
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
    const cli = (args: string[]) => runInProcess(args, { home, env: { GATEWAY_API_KEY: DEMO_KEY } });
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
    // Recorded as the one that wrote Codex, and what `sync --profile` and `doctor --profile` read.
    const active = await cli(['profiles', '--offline', '--json']);
    expect((JSON.parse(active.stdout) as { active: unknown[] }).active).toEqual([
      expect.objectContaining({ agent: 'codex', profile: name, state: 'active' }),
    ]);
    for (const command of [
      ['sync', '--profile', name],
      ['doctor', '--profile', name],
    ]) {
      const r = await cli(command);
      expect(r.code, `${command.join(' ')}: ${r.stderr}${r.stdout}`).toBe(0);
    }
    const rm = await cli(['profiles', 'remove', name]);
    expect(rm.code, rm.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(home, '.config', 'gateway-agent-setup', 'settings.json'), 'utf8')).profiles).toBeUndefined();
  });

  it.each(['__proto__', '__defineGetter__'])(
    '%s is no profile name: add, use and remove each a usage error naming the rule',
    async (name) => {
      const home = newHome();
      const cli = (args: string[]) => runInProcess(args, { home, env: { GATEWAY_API_KEY: DEMO_KEY } });
      for (const args of [
        ['profiles', 'add', name, '--base-url', sim.root, '--agent', 'codex'],
        ['profiles', 'remove', name],
      ]) {
        const r = await cli(args);
        expect(r.code, r.stderr).toBe(2);
        expect(r.stderr).toContain('is not a valid profile name');
      }
      const use = await cli(['use', name]);
      expect(use.code, use.stderr).toBe(2);
      expect(use.stderr).toContain('There is no profile');
      expect(use.stderr).not.toMatch(/internal error/i);
    },
  );

  it.each([
    [
      'a profile named "__proto__"',
      '{"profiles": {"__proto__": {"baseUrl": "http://attacker.example"}}}',
      'field "profiles.__proto__" must be a profile name',
    ],
    ['"__proto__" at the top', '{"__proto__": {"baseUrl": "http://attacker.example"}}', 'field "__proto__" is unknown'],
    ['"__proto__" in active', '{"active": {"__proto__": "work"}}', 'field "active.__proto__" is not an agent'],
  ])('settings written by hand with %s: exit 2 naming the field, the value never inherited', async (_what, text, said) => {
    const home = newHome();
    const dir = join(home, '.config', 'gateway-agent-setup');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'settings.json'), text);
    for (const args of [
      ['profiles', '--offline'],
      ['setup', '--yes', '--agent', 'codex', '--dry-run'],
    ]) {
      const r = await runInProcess(args, { home, env: { GATEWAY_API_KEY: DEMO_KEY } });
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr.replace(/\s+/g, ' ')).toContain(said);
    }
  });
});
