// The conformance table against the real new-api (built from its Go module, set up through its
// admin API, our simulator as the provider behind its channels). The same table runs against the
// built-in simulator in `npm test`; a row that passes there and fails here means the simulator or
// the client is wrong, and the real gateway is right.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expected, MARKS, marksOf, runScenario, SCENARIOS, USAGE, usageOf, verdict } from '../conformance/scenarios.js';
import { resetFaults, type KeyRole } from '../conformance/world.js';
import { startRealWorld, type RealWorld } from './world-real.js';

let world: RealWorld;
beforeAll(async () => {
  world = await startRealWorld();
});
afterAll(async () => {
  await world?.stop();
});

describe(`conformance: the real new-api`, () => {
  it.each(SCENARIOS.map((s) => [s.name, s] as const))('%s', async (_name, s) => {
    resetFaults(world.upstream, s.fault?.provider);
    const out = await runScenario(s, world.gateway.root, world.keys[s.key]);
    resetFaults(world.upstream);
    expect(verdict(s, out), out.stdout + out.stderr).toEqual(expected(s));
    // The ids we report are new-api's own: found in full in its log.
    for (const id of out.requestIds)
      expect((await world.gateway.linesOf(id)).length, `request id ${id} in new-api's log`).toBeGreaterThan(0);
    if (s.exit === 1 && s.code !== 'not_api' && s.code !== 'timeout') expect(out.requestIds.length).toBeGreaterThan(0);
  });

  it.each(Object.entries(MARKS))('lists the marks new-api computes, key %s', async (role, expected) => {
    expect(await marksOf(world.gateway.root, world.keys[role as KeyRole])).toEqual(expected);
  });

  it.each(Object.entries(USAGE))('tells the balance and expiry of key %s (/api/usage/token/)', async (role, expected) => {
    expect(await usageOf(world.gateway.root, world.keys[role as KeyRole], role as KeyRole)).toEqual(
      expected === 'refused' ? expected : { named: true, usage: expected },
    );
  });
});
