// The one search setup's fallback and verify's per-protocol search share: in order, a bound's
// worth at a time, ended by a pass or by a failure that is not the model's.
import { describe, expect, it } from 'vitest';
import type { DiagnosisCode, ProbeResult, Protocol } from '../../src/core/types.js';
import type { ProbeRequest } from '../../src/gateway/client.js';
import { msg } from '../../src/i18n/index.js';
import { probeKey, searchInOrder } from '../../src/setup/probe.js';

/** A gateway's answers by model: a diagnosis code, or a pass. */
function gateway(answers: Record<string, DiagnosisCode | 'ok'>) {
  const asked: string[][] = [];
  const probe = async (requests: ProbeRequest[]): Promise<ProbeResult[]> => {
    asked.push(requests.map((r) => r.model));
    return requests.map((r) => {
      const code = answers[r.model] ?? 'ok';
      const base = { protocol: r.protocol, model: r.model, url: 'http://127.0.0.1/v1/messages', latencyMs: 1 };
      return code === 'ok'
        ? { ...base, ok: true, status: 200 }
        : { ...base, ok: false, status: 500, diagnosis: { code, message: msg('diag.channel_fix'), fix: msg('diag.channel_fix') } };
    });
  };
  return { probe, asked };
}

const ask = (protocol: Protocol, ...models: string[]): ProbeRequest[] => models.map((model) => ({ protocol, model }));

describe('searchInOrder', () => {
  it('the first in order to pass wins, even when a later one in its batch passed too', async () => {
    const gw = gateway({ a: 'channel_failed', b: 'ok', c: 'ok' });
    const found = await searchInOrder(ask('messages', 'a', 'b', 'c'), gw.probe, { concurrency: 4 });
    expect(found.winner?.model).toBe('b');
    expect(found.failed.map((f) => f.model)).toEqual(['a']);
    expect(gw.asked).toEqual([['a', 'b', 'c']]);
  });

  it("a failure that is not the model's ends the search: no later model is asked", async () => {
    const gw = gateway({ a: 'channel_failed', b: 'quota', c: 'ok' });
    const found = await searchInOrder(ask('chat', 'a', 'b', 'c'), gw.probe, { concurrency: 1 });
    expect([found.winner, found.stoppedBy?.model, found.stoppedBy?.diagnosis?.code]).toEqual([undefined, 'b', 'quota']);
    expect(gw.asked).toEqual([['a'], ['b']]);
  });

  it('at most eight failures beyond the protocol are paid for; models that do not speak it are not counted', async () => {
    const ids = Array.from({ length: 20 }, (_, i) => `m${i}`);
    const failing = gateway(Object.fromEntries(ids.map((id) => [id, 'channel_failed' as const])));
    await searchInOrder(ask('responses', ...ids), failing.probe, { concurrency: 2 });
    expect(failing.asked.flat()).toHaveLength(8);
    const speechless = gateway({ ...Object.fromEntries(ids.slice(0, 12).map((id) => [id, 'wrong_protocol' as const])) });
    const found = await searchInOrder(ask('responses', ...ids), speechless.probe, { concurrency: 2 });
    expect(found.winner?.model).toBe('m12');
  });

  it('a pair already probed is not asked again, and every new result is remembered', async () => {
    const gw = gateway({ a: 'channel_failed', b: 'ok' });
    const first = (await gw.probe(ask('messages', 'a')))[0]!;
    const known = new Map([[probeKey('messages', 'a'), first]]);
    const found = await searchInOrder(ask('messages', 'a', 'b'), gw.probe, { concurrency: 2, known });
    expect(found.winner?.model).toBe('b');
    expect(gw.asked).toEqual([['a'], ['b']]);
    expect(known.get(probeKey('messages', 'b'))?.ok).toBe(true);
  });
});
