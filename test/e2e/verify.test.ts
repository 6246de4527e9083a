// `verify` through the built bin: probes that pass, per protocol, with request IDs the simulator issued.
import { afterEach, describe, expect, it } from 'vitest';
import type { ProbeResult } from '../../src/core/types.js';
import { DEMO_KEY } from '../../src/simulator/catalog.js';
import { jsonOf, runInProcess } from '../helpers/cli.js';
import { requestIds, startSim, stopAll } from '../helpers/sim.js';

afterEach(stopAll);

interface VerifyDoc {
  ok: boolean;
  baseUrl: string;
  probes: ProbeResult[];
}

function env(root: string): Record<string, string> {
  return { GATEWAY_BASE_URL: root, GATEWAY_API_KEY: DEMO_KEY };
}

describe('verify', () => {
  it('without --model: one passing probe per agent protocol, no image probe', async () => {
    const sim = await startSim();
    const r = await runInProcess(['verify', '--json'], { env: env(sim.root) });
    expect(r.code).toBe(0);
    const doc = jsonOf(r) as unknown as VerifyDoc;
    expect(doc.ok).toBe(true);
    expect(doc.baseUrl).toBe(sim.root);
    expect(doc.probes.map((p) => p.protocol)).toEqual(['messages', 'responses', 'chat']);
    const ids = requestIds(sim.log);
    for (const p of doc.probes) {
      expect(p.ok).toBe(true);
      expect(p.status).toBe(200);
      expect(ids).toContain(p.requestId);
    }
    // The Responses probe uses a model marked for it.
    expect(doc.probes[1]?.model).toBe('gpt-5.1-codex');
    expect(sim.log.some((e) => e.path.startsWith('/v1/images'))).toBe(false);
    // The probes stream, like the agents do.
    expect(sim.log.filter((e) => e.method === 'POST').every((e) => e.stream === true)).toBe(true);
  });

  it.each([
    ['messages', 'claude-haiku-4-5', '/v1/messages'],
    ['responses', 'gpt-5.1-codex', '/v1/responses'],
    ['chat', 'deepseek-chat', '/v1/chat/completions'],
    ['images', 'gpt-image-1', '/v1/images/generations'],
  ])('--protocol %s --model %s passes on %s', async (protocol, model, path) => {
    const sim = await startSim();
    const r = await runInProcess(['verify', '--json', '--protocol', protocol, '--model', model], { env: env(sim.root) });
    expect(r.code).toBe(0);
    const doc = jsonOf(r) as unknown as VerifyDoc;
    expect(doc.probes).toHaveLength(1);
    const probe = doc.probes[0];
    expect(probe).toMatchObject({ ok: true, protocol, model, status: 200, url: `${sim.root}${path}` });
    const entry = sim.log.find((e) => e.requestId === probe?.requestId);
    expect(entry?.path).toBe(path);
    expect(entry?.model).toBe(model);
  });

  it('--protocol images without --model picks the image model', async () => {
    const sim = await startSim();
    const doc = jsonOf(await runInProcess(['verify', '--json', '--protocol', 'images'], { env: env(sim.root) })) as unknown as VerifyDoc;
    expect(doc.probes.map((p) => [p.protocol, p.model, p.ok])).toEqual([['images', 'gpt-image-1', true]]);
  });

  it('--model alone probes every protocol the model is marked for', async () => {
    const sim = await startSim();
    const doc = jsonOf(
      await runInProcess(['verify', '--json', '--model', 'claude-sonnet-4-5'], { env: env(sim.root) }),
    ) as unknown as VerifyDoc;
    expect(doc.probes.map((p) => p.protocol).sort()).toEqual(['chat', 'messages']);
    expect(doc.ok).toBe(true);
  });

  it('text: PASS rows with latency and request ID, a summary, exit 0', async () => {
    const sim = await startSim();
    const r = await runInProcess(['verify'], { env: env(sim.root) });
    expect(r.code).toBe(0);
    const rows = r.stdout.split('\n').filter((l) => l.startsWith('PASS'));
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toMatch(/ 200 +\d+ ms +\S+$/);
    const printed = rows.map((row) => row.split(/\s+/).pop());
    const posts = sim.log.filter((e) => e.method === 'POST').map((e) => e.requestId);
    expect(printed.sort()).toEqual(posts.sort());
    expect(r.stdout).toContain('3 of 3 probes passed.');
    for (const line of r.stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
  });

  it('--concurrency 1 sends one probe at a time', async () => {
    const sim = await startSim({ latencyMs: 50 });
    const r = await runInProcess(['verify', '--json', '--concurrency', '1'], { env: env(sim.root) });
    expect(r.code).toBe(0);
    expect(sim.maxInFlight).toBe(1);
  });

  it('an unmarked gateway: every agent protocol of the model is probed; the failure is named', async () => {
    const sim = await startSim({ omitMarks: true });
    const r = await runInProcess(['verify', '--json', '--model', 'claude-sonnet-4-5'], { env: env(sim.root) });
    const doc = jsonOf(r) as unknown as VerifyDoc;
    expect(doc.probes.map((p) => [p.protocol, p.ok])).toEqual([
      ['messages', true],
      ['responses', false],
      ['chat', true],
    ]);
    expect(doc.probes[1]?.diagnosis?.code).toBe('wrong_protocol');
    expect(r.code).toBe(1);
  });
});
