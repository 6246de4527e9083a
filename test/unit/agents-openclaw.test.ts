// OpenClaw's own rules: one provider per API at root + /v1, only keys of its strict schema, the
// key literal or a `${NAME}` reference it replaces, the request rebuilt as OpenClaw 2026.9.6 sends it.
import { describe, expect, it } from 'vitest';
import { openclaw } from '../../src/agents/openclaw/index.js';
import { KEY, MESSAGES_CHAT_RESPONSES, ROOT, applyPlan, choice, files, itFits, linuxEnv } from './agents-helpers.js';
import { inEnglish } from '../helpers/english.js';

const CONFIG = '/home/dev/.openclaw/openclaw.json';

describe('openclaw fit', () => itFits(openclaw, MESSAGES_CHAT_RESPONSES));

describe('openclaw plan and readBack', () => {
  it.each([
    ['messages', 'claude-sonnet-4-5', 'anthropic-messages', `${ROOT}/v1/messages`, 'x-api-key'],
    ['chat', 'deepseek-chat', 'openai-completions', `${ROOT}/v1/chat/completions`, 'bearer'],
    ['responses', 'gpt-5.1-codex', 'openai-responses', `${ROOT}/v1/responses`, 'bearer'],
  ] as const)('%s: the provider speaks %s at root + /v1; read back as sent', (protocol, model, api, url, auth) => {
    const after = applyPlan(files(), openclaw.plan(linuxEnv(), choice({ protocol, model }), files()));
    expect(after.get(CONFIG)).toEqual({
      models: { mode: 'merge', providers: { gateway: { baseUrl: `${ROOT}/v1`, apiKey: KEY, api, models: [{ id: model, name: model }] } } },
      agents: { defaults: { model: { primary: `gateway/${model}` } } },
    });
    expect(openclaw.readBack(linuxEnv(), 'user', after)).toMatchObject({ protocol, url, model, auth, key: KEY });
  });

  it('env storage: a ${NAME} reference OpenClaw replaces; read back from the variable', () => {
    const plan = openclaw.plan(linuxEnv(), choice({ protocol: 'chat', model: 'deepseek-chat', keyStorage: 'env' }), files());
    expect(plan.exportVar).toBe('GATEWAY_API_KEY');
    const after = applyPlan(files(), plan);
    expect(JSON.stringify(after.get(CONFIG))).toContain('"apiKey":"${GATEWAY_API_KEY}"');
    expect(openclaw.readBack(linuxEnv({ GATEWAY_API_KEY: KEY }), 'user', after)).toMatchObject({
      key: KEY,
      keyVar: { name: 'GATEWAY_API_KEY' },
    });
    expect(openclaw.readBack(linuxEnv(), 'user', after)).toMatchObject({ key: undefined });
  });

  it('the user default model as a plain string is replaced as one; fallbacks of an object stay', () => {
    const asString = files({ [CONFIG]: { agents: { defaults: { model: 'openrouter/x' } } } });
    const a = applyPlan(asString, openclaw.plan(linuxEnv(), choice({ protocol: 'chat', model: 'deepseek-chat' }), asString));
    expect((a.get(CONFIG) as { agents: unknown }).agents).toEqual({ defaults: { model: 'gateway/deepseek-chat' } });
    const withFallbacks = files({
      [CONFIG]: { agents: { defaults: { model: { primary: 'openrouter/x', fallbacks: ['openrouter/y'] } } } },
    });
    const b = applyPlan(withFallbacks, openclaw.plan(linuxEnv(), choice({ protocol: 'chat', model: 'deepseek-chat' }), withFallbacks));
    expect((b.get(CONFIG) as { agents: unknown }).agents).toEqual({
      defaults: { model: { primary: 'gateway/deepseek-chat', fallbacks: ['openrouter/y'] } },
    });
  });

  it('messages: trailing /v1s collapsed as OpenClaw does; an api it does not serve is said', () => {
    const after = applyPlan(files(), openclaw.plan(linuxEnv(), choice({ protocol: 'messages' }), files()));
    const doc = structuredClone(after.get(CONFIG)) as { models: { providers: { gateway: Record<string, unknown> } } };
    doc.models.providers.gateway['baseUrl'] = `${ROOT}/v1/v1`;
    expect(openclaw.readBack(linuxEnv(), 'user', files({ [CONFIG]: doc }))).toMatchObject({ url: `${ROOT}/v1/messages` });
    doc.models.providers.gateway['api'] = 'bedrock-converse-stream';
    expect(inEnglish(openclaw.readBack(linuxEnv(), 'user', files({ [CONFIG]: doc })))).toContain('bedrock-converse-stream');
  });

  it('remove takes out our provider and the default naming it; the user provider stays', () => {
    const user = { baseUrl: 'https://openrouter.ai/api/v1', apiKey: '${OPENROUTER_API_KEY}', api: 'openai-completions', models: [] };
    const before = files({ [CONFIG]: { models: { mode: 'merge', providers: { openrouter: user } } } });
    const written = applyPlan(before, openclaw.plan(linuxEnv(), choice({ protocol: 'chat', model: 'deepseek-chat' }), before));
    const unplan = openclaw.unplan!(linuxEnv(), 'user', written, { root: ROOT, v1: `${ROOT}/v1` });
    expect(unplan.secrets).toEqual([KEY]);
    expect(applyPlan(written, { edits: unplan.edits, notes: [] }).get(CONFIG)).toEqual({
      models: { mode: 'merge', providers: { openrouter: user } },
      agents: { defaults: {} },
    });
  });

  it('launch: a config of the session its variable names; the key only in the environment', () => {
    const session = openclaw.session!(linuxEnv(), choice({ protocol: 'chat', model: 'deepseek-chat' }), '/tmp/s');
    expect(session.env['OPENCLAW_CONFIG_PATH']).toBe('/tmp/s/openclaw.json');
    expect(session.env['GATEWAY_API_KEY']).toBe(KEY);
    expect(session.files?.[0]?.content).toContain('"apiKey": "${GATEWAY_API_KEY}"');
    expect(session.files?.[0]?.content).not.toContain(KEY);
  });
});
