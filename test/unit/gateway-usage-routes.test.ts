// Where a gateway tells a key's balance: new-api's `/api/usage/token/`, the same without its slash,
// or sub2api's `/v1/usage` (its balance only) — asked in that order, over real HTTP.
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { askKeyUsage, usageFacts } from '../../src/gateway/key-usage.js';
import { english } from '../../src/i18n/index.js';

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  server = undefined;
});

/** A gateway answering the given paths with the given JSON; every other path 404. */
async function gateway(routes: Record<string, unknown>): Promise<{ root: string; asked: string[] }> {
  const asked: string[] = [];
  server = createServer((req, res) => {
    asked.push(req.url ?? '');
    const body = routes[req.url ?? ''];
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { error: 'not found' }));
  });
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  const address = server.address();
  return { root: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, asked };
}

const KEY = `sk-${'u'.repeat(48)}`;

describe('the routes that tell a balance', () => {
  it("sub2api's /v1/usage: the balance alone, said as such (no use, no expiry claimed)", async () => {
    const gw = await gateway({ '/v1/usage': { isValid: true, planName: 'Pro', remaining: 12.5, unit: 'USD' } });
    const answer = await askKeyUsage({ root: gw.root, key: KEY });
    expect(answer).toEqual({ usage: { unlimited: false, usedUsd: 0, availableUsd: 12.5, expiresAt: 0, balanceOnly: true } });
    expect(gw.asked).toEqual(['/api/usage/token/', '/api/usage/token', '/v1/usage']);
    if ('usage' in answer)
      expect(usageFacts(answer.usage).map((m) => english(m))).toEqual(['$12.50 left (the gateway tells nothing of use or expiry)']);
  });

  it("200 with {success: false} on new-api's route: the next route is asked", async () => {
    const data = {
      object: 'token_usage',
      unlimited_quota: false,
      total_granted: 1_000_000,
      total_used: 250_000,
      total_available: 750_000,
      expires_at: 0,
    };
    const gw = await gateway({ '/api/usage/token/': { success: false, message: 'no' }, '/api/usage/token': { code: true, data } });
    const answer = await askKeyUsage({ root: gw.root, key: KEY });
    expect('usage' in answer && answer.usage.availableUsd).toBe(1.5);
    expect(gw.asked).toEqual(['/api/usage/token/', '/api/usage/token']);
  });

  it('a key sub2api marks invalid: not told', async () => {
    const gw = await gateway({ '/v1/usage': { isValid: false, remaining: 3 } });
    expect(await askKeyUsage({ root: gw.root, key: KEY })).toEqual({ untold: true });
  });
});
