// The conformance table against the built-in simulator, set up as the world the real new-api tier
// builds (test/conformance/). The same table runs against the real gateway in `npm run
// test:gateway`; both must reach the same diagnosis and exit code, and show the same marks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../src/simulator/types.js';
import { expected, MARKS, marksOf, runScenario, SCENARIOS, USAGE, usageOf, verdict } from '../conformance/scenarios.js';
import { resetFaults, simWorld, type KeyRole } from '../conformance/world.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
let keys: Record<KeyRole, string>;
beforeAll(async () => {
  const world = simWorld();
  keys = world.keys;
  // The pinned new-api (v0.10.2) speaks Chinese for token, group and quota errors.
  sim = await startSim({ ...world.options, newApi: 'v0.10.2' });
});
afterAll(stopAll);

describe('conformance: the built-in simulator', () => {
  it.each(SCENARIOS.map((s) => [s.name, s] as const))('%s', async (_name, s) => {
    resetFaults(sim, s.fault?.simulator);
    const out = await runScenario(s, sim.root, keys[s.key]);
    resetFaults(sim);
    expect(verdict(s, out), out.stderr).toEqual(expected(s));
    // Every request id reported is one the gateway answered with.
    for (const id of out.requestIds) expect(sim.log.map((e) => e.requestId)).toContain(id);
    if (s.exit === 1 && s.code !== 'not_api' && s.code !== 'timeout') expect(out.requestIds.length).toBeGreaterThan(0);
  });

  it.each(Object.entries(MARKS))('lists the marks the real gateway computes, key %s', async (role, expected) => {
    expect(await marksOf(sim.root, keys[role as KeyRole])).toEqual(expected);
  });

  it.each(Object.entries(USAGE))('tells the balance and expiry of key %s (/api/usage/token/)', async (role, expected) => {
    expect(await usageOf(sim.root, keys[role as KeyRole], role as KeyRole)).toEqual(
      expected === 'refused' ? expected : { named: true, usage: expected },
    );
  });
});
