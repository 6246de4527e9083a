// The simulator as the provider behind a real gateway's channels (src/simulator/upstream.ts): the
// provider's own paths, auth, answers and errors in its own shapes, as new-api's channels call it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../src/simulator/index.js';
import { call, chatBody, responsesBody } from './simulator-helpers.js';

let up: Simulator;
beforeAll(async () => {
  up = await startSimulator({
    upstream: {
      keys: { 'up-ok': 'ok', 'up-revoked': 'revoked', 'up-broke': 'no-credit' },
      models: [
        { id: 'gpt-4o-mini', kind: 'chat' },
        { id: 'o3-pro', kind: 'responses-only' },
        { id: 'text-embedding-3-small', kind: 'embedding' },
      ],
    },
  });
});
afterAll(() => up.stop());

describe('the upstream provider', () => {
  it("answers chat, Responses and messages (also under a prefix such as DeepSeek's /anthropic), with its own request id header", async () => {
    const chat = await call(up, 'POST', '/v1/chat/completions', { bearer: 'up-ok', body: chatBody('gpt-4o-mini') });
    expect(chat.status).toBe(200);
    expect(chat.headers.get('x-request-id')).toBeTruthy();
    expect(chat.headers.get('x-oneapi-request-id')).toBeNull();
    expect((await call(up, 'POST', '/v1/responses', { bearer: 'up-ok', body: responsesBody('o3-pro') })).status).toBe(200);
    const messages = await call(up, 'POST', '/anthropic/v1/messages', { apiKey: 'up-ok', body: chatBody('gpt-4o-mini') });
    expect(messages.status).toBe(200);
    expect(up.log.at(-1)?.auth.scheme).toBe('x-api-key');
  });

  it("refuses a revoked key and an account out of credit in the provider's shapes", async () => {
    expect((await call(up, 'POST', '/v1/chat/completions', { bearer: 'up-revoked', body: chatBody('gpt-4o-mini') })).json).toEqual({
      error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' },
    });
    expect((await call(up, 'POST', '/v1/messages', { apiKey: 'up-revoked', body: chatBody('gpt-4o-mini') })).json).toEqual({
      type: 'error',
      error: { type: 'authentication_error', message: 'invalid x-api-key' },
    });
    const broke = await call(up, 'POST', '/v1/chat/completions', { bearer: 'up-broke', body: chatBody('gpt-4o-mini') });
    expect(broke.status).toBe(429);
    expect((broke.json as { error: { code: string } }).error.code).toBe('insufficient_quota');
    expect((await call(up, 'POST', '/v1/chat/completions', { bearer: 'unknown', body: chatBody('gpt-4o-mini') })).status).toBe(401);
  });

  it('refuses a model on an endpoint that does not serve it, and an unknown model', async () => {
    const rOnly = await call(up, 'POST', '/v1/chat/completions', { bearer: 'up-ok', body: chatBody('o3-pro') });
    expect(rOnly.status).toBe(404);
    expect((rOnly.json as { error: { message: string } }).error.message).toContain('only supported in v1/responses');
    const embed = await call(up, 'POST', '/v1/responses', { bearer: 'up-ok', body: responsesBody('text-embedding-3-small') });
    expect(embed.status).toBe(404);
    expect((embed.json as { error: { message: string } }).error.message).toContain('not a chat model');
    const unknown = await call(up, 'POST', '/v1/chat/completions', { bearer: 'up-ok', body: chatBody('nope') });
    expect(unknown.status).toBe(404);
    expect((unknown.json as { error: { code: string } }).error.code).toBe('model_not_found');
  });
});
