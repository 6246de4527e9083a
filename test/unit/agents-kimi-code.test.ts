// Kimi Code's own rules: one provider at root + /v1 for every protocol (a model names its own),
// api_key or api_key_env never both, the request rebuilt as Kimi Code 2.1.0 sends it.
import { describe, expect, it } from 'vitest';
import { kimiCode } from '../../src/agents/kimi-code/index.js';
import { KEY, MESSAGES_CHAT_RESPONSES, ROOT, applyPlan, choice, files, itFits, linuxEnv } from './agents-helpers.js';
import { inEnglish } from '../helpers/english.js';

const CONFIG = '/home/dev/.kimi-code/config.toml';

describe('kimi-code fit', () => itFits(kimiCode, MESSAGES_CHAT_RESPONSES));

describe('kimi-code plan and readBack', () => {
  it.each([
    ['messages', 'claude-sonnet-4-5', `${ROOT}/v1/messages`, 'x-api-key', 'anthropic'],
    ['chat', 'deepseek-chat', `${ROOT}/v1/chat/completions`, 'bearer', undefined],
    ['responses', 'gpt-5.1-codex', `${ROOT}/v1/responses`, 'bearer', 'openai_responses'],
  ] as const)('%s: one provider at root + /v1, the protocol on the model; read back as sent', (protocol, model, url, auth, wire) => {
    const after = applyPlan(files(), kimiCode.plan(linuxEnv(), choice({ protocol, model }), files()));
    const doc = after.get(CONFIG) as Record<string, Record<string, Record<string, unknown>>>;
    expect(doc['providers']!['gateway']).toEqual({ type: 'openai', base_url: `${ROOT}/v1`, api_key: KEY });
    expect(doc['models']![`gateway/${model}`]).toEqual({
      provider: 'gateway',
      model,
      ...(wire && { protocol: wire }),
      max_context_size: 128000,
    });
    expect(kimiCode.readBack(linuxEnv(), 'user', after)).toMatchObject({ protocol, url, model, auth, key: KEY });
  });

  it('env storage: api_key_env, the literal key taken out (Kimi Code refuses both)', () => {
    const before = files({ [CONFIG]: { providers: { gateway: { type: 'openai', base_url: `${ROOT}/v1`, api_key: KEY } } } });
    const plan = kimiCode.plan(linuxEnv(), choice({ protocol: 'chat', model: 'deepseek-chat', keyStorage: 'env' }), before);
    expect(plan.exportVar).toBe('GATEWAY_API_KEY');
    const provider = (applyPlan(before, plan).get(CONFIG) as { providers: Record<string, unknown> }).providers['gateway'];
    expect(provider).toEqual({ type: 'openai', base_url: `${ROOT}/v1`, api_key_env: 'GATEWAY_API_KEY' });
  });

  it('a provider "gateway" of the user on another host stays; ours is gateway-2', () => {
    const mine = { type: 'openai', base_url: 'https://other.example.com/v1', api_key: 'sk-mine' };
    const before = files({ [CONFIG]: { providers: { gateway: mine } } });
    const plan = kimiCode.plan(linuxEnv(), choice({ protocol: 'chat', model: 'deepseek-chat' }), before);
    const doc = applyPlan(before, plan).get(CONFIG) as { providers: Record<string, unknown>; default_model: string };
    expect(doc.providers['gateway']).toEqual(mine);
    expect(doc.default_model).toBe('gateway-2/deepseek-chat');
    expect(inEnglish(plan.notes).join('\n')).toContain('[providers.gateway]');
  });

  it('readBack says what Kimi Code refuses or overrides', () => {
    const written = applyPlan(files(), kimiCode.plan(linuxEnv(), choice({ protocol: 'chat', model: 'deepseek-chat' }), files()));
    const both = structuredClone(written.get(CONFIG)) as { providers: { gateway: Record<string, unknown> } };
    both.providers.gateway['api_key_env'] = 'X';
    expect(inEnglish(kimiCode.readBack(linuxEnv(), 'user', files({ [CONFIG]: both })))).toContain('sets both api_key and api_key_env');
    expect(inEnglish(kimiCode.readBack(linuxEnv({ KIMI_MODEL_NAME: 'gpt-5.1' }), 'user', written))).toContain('KIMI_MODEL_NAME is set');
  });

  it('remove takes out our provider, its aliases and default_model; the user provider stays', () => {
    const user = { type: 'kimi', base_url: 'https://api.moonshot.cn/v1', api_key_env: 'MOONSHOT_API_KEY' };
    const before = files({ [CONFIG]: { providers: { moonshot: user } } });
    const written = applyPlan(before, kimiCode.plan(linuxEnv(), choice({ protocol: 'chat', model: 'deepseek-chat' }), before));
    const unplan = kimiCode.unplan!(linuxEnv(), 'user', written, { root: ROOT, v1: `${ROOT}/v1` });
    expect(unplan.secrets).toEqual([KEY]);
    expect(applyPlan(written, { edits: unplan.edits, notes: [] }).get(CONFIG)).toEqual({ providers: { moonshot: user } });
  });

  it('launch: its environment-only model, the key only in the environment', () => {
    const session = kimiCode.session!(linuxEnv(), choice({ protocol: 'messages' }), '/tmp/s');
    expect(session.env).toMatchObject({
      KIMI_MODEL_PROVIDER_TYPE: 'anthropic',
      KIMI_MODEL_BASE_URL: `${ROOT}/v1`,
      KIMI_MODEL_API_KEY: KEY,
    });
    expect(session.args ?? []).not.toContain(KEY);
  });
});
