// Two diagnoses that used to mislead: a redirect to a file:// address read "redirecting to null",
// and a genuine (JSON) model list over the size cap was blamed on the base URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import { jsonOf, runInProcess } from '../helpers/cli.js';
import { startRecorder, stopAll } from '../helpers/sim.js';

afterAll(stopAll);

let redirect = '';
let huge = '';
let html = '';
beforeAll(async () => {
  redirect = (
    await startRecorder((_req, res) => {
      res.writeHead(302, { location: 'file:///etc/passwd' });
      res.end();
    })
  ).root;
  // 9 MiB of real-looking model entries, as JSON: over the 8 MiB cap.
  const entry = (i: number): string =>
    JSON.stringify({ id: `model-${i}`, object: 'model', owned_by: 'custom', supported_endpoint_types: ['openai'] });
  const body = `{"object":"list","success":true,"data":[${Array.from({ length: 90_000 }, (_, i) => entry(i)).join(',')}]}`;
  huge = (
    await startRecorder((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    })
  ).root;
  html = (
    await startRecorder((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<html>${' '.repeat(9 << 20)}</html>`);
    })
  ).root;
});

describe('diagnoses that say what happened', () => {
  it('a redirect to file:///etc/passwd names that address, never "null"', async () => {
    const r = await runInProcess(['models', '--json', '--base-url', redirect], { env: { GATEWAY_API_KEY: DEMO_KEY } });
    expect(r.code).toBe(1);
    const { error } = jsonOf(r) as { error: { code: string; message: string } };
    expect(error.code).toBe('redirect');
    expect(error.message).toContain('redirecting to file:///etc/passwd');
    expect(error.message).not.toContain('null');
  });

  it('a JSON model list over the cap: the fix does not blame the base URL; an HTML page still does', async () => {
    const list = await runInProcess(['models', '--json', '--base-url', huge], { env: { GATEWAY_API_KEY: DEMO_KEY }, timeoutMs: 30_000 });
    expect(list.code).toBe(1);
    const a = (jsonOf(list) as { error: { code: string; message: string; fix: string } }).error;
    expect(a.code).toBe('bad_response');
    expect(a.message).toContain('size cap');
    expect(a.fix).toContain('the base URL is right');
    expect(a.fix).not.toContain('check that the base URL');

    const page = await runInProcess(['models', '--json', '--base-url', html], { env: { GATEWAY_API_KEY: DEMO_KEY }, timeoutMs: 30_000 });
    const b = (jsonOf(page) as { error: { fix: string } }).error;
    expect(b.fix).toContain('check that the base URL points at the gateway API');
  });
});
