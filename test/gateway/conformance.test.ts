// The conformance table against the real new-api (built from its Go module, set up through its
// admin API, our simulator as the provider behind its channels), on the release this run of the
// tier is about. The same table runs against the built-in simulator in `npm test`; a row that
// passes there and fails here means the simulator or the client is wrong, and the real gateway is right.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  type Scenario,
} from '../conformance/scenarios.js';
import { resetFaults, type KeyRole } from '../conformance/world.js';
import { GatewayError } from '../../src/core/errors.js';
import { listModels } from '../../src/gateway/client.js';
import { askWithoutKey } from '../../src/gateway/keyless.js';
import { releaseUnderTest } from './new-api.js';
import { setLoadThresholds, startRealWorld, type RealWorld } from './world-real.js';

const release = releaseUnderTest();
let world: RealWorld;
beforeAll(async () => {
  world = await startRealWorld();
});
afterAll(async () => {
  await world?.stop();
});

const keyOf = (role: KeyRole | 'unknown'): string => (role === 'unknown' ? UNKNOWN_KEY : world.keys[role]);

/**
 * Until the load monitor answers as asked: it measures every 5 s, so a threshold takes effect
 * within that. `busy` waits for its 503, otherwise for its absence.
 */
async function loadSettles(busy: boolean): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await fetch(`${world.gateway.root}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${world.keys.full}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', max_tokens: 16, messages: [{ role: 'user', content: 'ping' }] }),
    });
    await res.arrayBuffer();
    if ((res.status === 503) === busy) return;
    if (Date.now() > deadline) throw new Error(`the load monitor did not ${busy ? 'refuse' : 'stop refusing'} within 20 s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function withLoad<T>(s: Scenario, run: () => Promise<T>): Promise<T> {
  if (!s.load) return run();
  await setLoadThresholds(world.admin, { cpu: 0, memory: 0, disk: 1 });
  try {
    await loadSettles(true);
    return await run();
  } finally {
    await setLoadThresholds(world.admin, { cpu: 0, memory: 0, disk: 0 });
    await loadSettles(false);
  }
}

describe(`conformance: the real new-api ${release}`, () => {
  it.each(scenariosFor(release).map((s) => [s.name, s] as const))('%s', async (_name, s) => {
    resetFaults(world.upstream, s.fault?.provider);
    const out = await withLoad(s, () => runScenario(s, world.gateway.root, keyOf(s.key)));
    resetFaults(world.upstream);
    expect(verdict(s, out, release), out.stdout + out.stderr).toEqual(expected(s, release));
    // The ids we report are new-api's own: found in full in its log.
    for (const id of out.requestIds)
      expect((await world.gateway.linesOf(id)).length, `request id ${id} in new-api's log`).toBeGreaterThan(0);
    if (expected(s, release).exit !== 0 && s.code !== 'not_api' && s.code !== 'timeout' && s.code !== 'usage')
      expect(out.requestIds.length).toBeGreaterThan(0);
  });

  it.each(Object.entries(marksFor(release)))('lists the marks new-api computes, key %s', async (role, want) => {
    expect(await marksOf(world.gateway.root, world.keys[role as KeyRole])).toEqual(want);
  });

  it.each(Object.entries(usageFor(release)))('tells the balance and expiry of key %s (/api/usage/token/)', async (role, want) => {
    expect(await usageOf(world.gateway.root, world.keys[role as KeyRole], role as KeyRole)).toEqual(
      want === 'refused' ? want : { named: true, usage: want },
    );
  });

  it('asked for its models without a key, it refuses as a new-api gateway (what doctor tells a gateway by)', async () => {
    expect(await askWithoutKey({ root: world.gateway.root })).toBe('gateway');
  });

  it("its model list carries its request ID, as every answer of new-api's does (what doctor tells a gateway by)", async () => {
    expect((await listModels({ root: world.gateway.root, key: world.keys.full })).requestId).toMatch(/\S/);
  });

  it("its model list's body carries `success: true` (what doctor tells it by behind a proxy that drops the request ID)", async () => {
    expect((await listModels({ root: world.gateway.root, key: world.keys.full })).newApiBody).toBe(true);
  });

  it('a list it refuses tells its version as its other answers do, from v0.13 (what doctor shows beside the finding)', async () => {
    const refused: unknown = await listModels({ root: world.gateway.root, key: UNKNOWN_KEY }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(GatewayError);
    expect((refused as GatewayError).gatewayVersion).toBe(release === 'v0.10.2' ? undefined : release);
  });

  it.each(LANG_ROWS.flatMap((row) => ['zh-CN', 'zh-TW', 'en'].map((lang) => [row.name, lang, row] as const)))(
    'the same diagnosis whatever the language: %s (%s)',
    async (_name, lang, row) => {
      expect(await diagnoseIn(world.gateway.root, keyOf(row.key), row, lang)).toEqual({
        code: row.code,
        ...(row.reason && { reason: row.reason }),
      });
    },
  );
});
