// The conformance table against the built-in simulator, set up as the world the real new-api tier
// builds (test/conformance/), once per new-api release the simulator speaks. The same table runs
// against the real gateways in `npm run test:gateway`; both must reach the same diagnosis, reason
// and exit code, and show the same marks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_API_RELEASES } from '../../src/simulator/releases.js';
import type { Simulator } from '../../src/simulator/types.js';
import { listModels } from '../../src/gateway/client.js';
import { askWithoutKey } from '../../src/gateway/keyless.js';
import {
  diagnoseIn,
  expected,
  LANG_ROWS,
  marksFor,
  marksOf,
  runScenario,
  scenariosFor,
  UNKNOWN_KEY,
  usageFor,
  usageOf,
  verdict,
} from '../conformance/scenarios.js';
import { resetFaults, simWorld, type KeyRole } from '../conformance/world.js';
import { startSim, stopAll } from '../helpers/sim.js';

afterAll(stopAll);

describe.each(NEW_API_RELEASES.map((r) => [r]))('conformance: the built-in simulator as new-api %s', (release) => {
  let sim: Simulator;
  let keys: Record<KeyRole, string>;
  const keyOf = (role: KeyRole | 'unknown'): string => (role === 'unknown' ? UNKNOWN_KEY : keys[role]);
  beforeAll(async () => {
    const world = simWorld();
    keys = world.keys;
    sim = await startSim({ ...world.options, newApi: release });
  });

  it.each(scenariosFor(release).map((s) => [s.name, s] as const))('%s', async (_name, s) => {
    resetFaults(sim, s.fault?.simulator);
    const out = await runScenario(s, sim.root, keyOf(s.key));
    resetFaults(sim);
    expect(verdict(s, out, release), out.stderr).toEqual(expected(s, release));
    // Every request id reported is one the gateway answered with.
    for (const id of out.requestIds) expect(sim.log.map((e) => e.requestId)).toContain(id);
    if (expected(s, release).exit !== 0 && s.code !== 'not_api' && s.code !== 'timeout' && s.code !== 'usage')
      expect(out.requestIds.length).toBeGreaterThan(0);
  });

  it.each(Object.entries(marksFor(release)))('lists the marks the real gateway computes, key %s', async (role, want) => {
    expect(await marksOf(sim.root, keys[role as KeyRole])).toEqual(want);
  });

  it.each(Object.entries(usageFor(release)))('tells the balance and expiry of key %s (/api/usage/token/)', async (role, want) => {
    expect(await usageOf(sim.root, keys[role as KeyRole], role as KeyRole)).toEqual(
      want === 'refused' ? want : { named: true, usage: want },
    );
  });

  it('asked for its models without a key, it refuses as a new-api gateway (what doctor tells a gateway by)', async () => {
    expect(await askWithoutKey({ root: sim.root })).toBe('gateway');
  });

  it("its model list carries its request ID, as every answer of new-api's does (what doctor tells a gateway by)", async () => {
    expect((await listModels({ root: sim.root, key: keys.full })).requestId).toMatch(/\S/);
  });

  it.each(LANG_ROWS.flatMap((row) => ['zh-CN', 'zh-TW', 'en'].map((lang) => [row.name, lang, row] as const)))(
    'the same diagnosis whatever the language: %s (%s)',
    async (_name, lang, row) => {
      expect(await diagnoseIn(sim.root, keyOf(row.key), row, lang)).toEqual({ code: row.code, ...(row.reason && { reason: row.reason }) });
    },
  );
});
