import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inEnglish } from '../helpers/english.js';
import { pi } from '../../src/agents/pi/index.js';
import type { AgentRequest } from '../../src/agents/types.js';
import { itFits, MESSAGES_CHAT_RESPONSES, KEY, ROOT, applyPlan, choice, darwinEnv, files, linuxEnv, winEnv } from './agents-helpers.js';

const livedModels: unknown = JSON.parse(readFileSync(new URL('../fixtures/agents/pi/models.lived-in.json', import.meta.url), 'utf8'));
const livedSettings: unknown = JSON.parse(readFileSync(new URL('../fixtures/agents/pi/settings.lived-in.json', import.meta.url), 'utf8'));
const MODELS = '/home/dev/.pi/agent/models.json';
const SETTINGS = '/home/dev/.pi/agent/settings.json';

describe('pi fit', () => {
  itFits(pi, MESSAGES_CHAT_RESPONSES);
});

describe('pi files', () => {
  it('~/.pi/agent on every platform, PI_CODING_AGENT_DIR (with ~/) replacing it; one place for both scopes', () => {
    expect(pi.files(linuxEnv(), 'user').map((f) => f.path)).toEqual([MODELS, SETTINGS]);
    expect(pi.files(linuxEnv(), 'project').map((f) => f.path)).toEqual([MODELS, SETTINGS]);
    expect(pi.files(darwinEnv(), 'user')[0]!.path).toBe('/Users/dev/.pi/agent/models.json');
    expect(pi.files(winEnv(), 'user')[0]!.path).toBe('C:\\Users\\dev\\.pi\\agent\\models.json');
    expect(pi.files(linuxEnv({ PI_CODING_AGENT_DIR: '~/pi-conf' }), 'user')[0]!.path).toBe('/home/dev/pi-conf/models.json');
  });
});

describe('pi plan and readBack', () => {
  const cases: [AgentRequest['protocol'], string, string, string, AgentRequest['auth']][] = [
    ['messages', 'gateway-anthropic', ROOT, `${ROOT}/v1/messages`, 'x-api-key'],
    ['chat', 'gateway', `${ROOT}/v1`, `${ROOT}/v1/chat/completions`, 'bearer'],
    ['responses', 'gateway-responses', `${ROOT}/v1`, `${ROOT}/v1/responses`, 'bearer'],
  ];
  it.each(cases)('%s: provider %s at %s, read back as %s', (protocol, id, base, url, auth) => {
    const before = files({ [MODELS]: livedModels, [SETTINGS]: livedSettings });
    const plan = pi.plan(linuxEnv(), choice({ protocol, model: 'm-1' }), before);
    const after = applyPlan(before, plan);
    const doc = after.get(MODELS) as {
      providers: Record<string, { baseUrl: string; api: string; apiKey: string; models: { id: string }[] }>;
    };
    expect(doc.providers[id]).toMatchObject({ baseUrl: base, apiKey: KEY, models: [{ id: 'm-1' }] });
    expect(Object.keys(doc.providers)).toEqual(expect.arrayContaining(['ollama', 'openrouter', id]));
    expect(after.get(SETTINGS)).toMatchObject({ defaultProvider: id, defaultModel: 'm-1', theme: 'dark' });
    expect(plan.edits.find((e) => e.path === MODELS)!.secret).toBe(true);
    const req = pi.readBack(linuxEnv(), 'user', after) as AgentRequest;
    expect(req).toMatchObject({ protocol, url, auth, model: 'm-1', key: KEY });
    expect(pi.modelArg!(after, req)).toBe(`${id}/m-1`);
  });

  it('a second run keeps the models already listed and adds none twice', () => {
    const once = applyPlan(files(), pi.plan(linuxEnv(), choice({ protocol: 'chat', model: 'a' }), files()));
    const twice = applyPlan(once, pi.plan(linuxEnv(), choice({ protocol: 'chat', model: 'b' }), once));
    const thrice = applyPlan(twice, pi.plan(linuxEnv(), choice({ protocol: 'chat', model: 'a' }), twice));
    expect((thrice.get(MODELS) as { providers: { gateway: { models: unknown[] } } }).providers.gateway.models).toEqual([
      { id: 'a' },
      { id: 'b' },
    ]);
  });

  it('key storage env: apiKey holds the variable name, resolved from the environment; unset is named', () => {
    const plan = pi.plan(linuxEnv(), choice({ keyStorage: 'env' }), files());
    expect(plan.exportVar).toBe('GATEWAY_API_KEY');
    expect(inEnglish(plan.notes).join(' ')).toContain('GATEWAY_API_KEY');
    const after = applyPlan(files(), plan);
    expect(JSON.stringify(after.get(MODELS))).not.toContain(KEY);
    expect((pi.readBack(linuxEnv({ GATEWAY_API_KEY: KEY }), 'user', after) as AgentRequest).key).toBe(KEY);
    const unset = pi.readBack(linuxEnv(), 'user', after) as AgentRequest;
    expect(unset.key).toBeUndefined();
    expect(inEnglish(unset.keySource)).toContain('unset');
  });

  it('a doubled /v1 on the messages provider shows as /v1/v1; a missing /v1 on chat as /chat/completions', () => {
    const doubled = applyPlan(files(), pi.plan(linuxEnv(), choice({ root: `${ROOT}/v1` }), files()));
    expect((pi.readBack(linuxEnv(), 'user', doubled) as AgentRequest).url).toBe(`${ROOT}/v1/v1/messages`);
    const missing = applyPlan(files(), pi.plan(linuxEnv(), choice({ protocol: 'chat', v1: ROOT }), files()));
    expect((pi.readBack(linuxEnv(), 'user', missing) as AgentRequest).url).toBe(`${ROOT}/chat/completions`);
  });

  it('readBack names what is missing: no default, another api, a shell-command key', () => {
    expect(inEnglish(pi.readBack(linuxEnv(), 'user', files({ [MODELS]: livedModels })))).toContain('defaultProvider');
    const other = files({
      [MODELS]: { providers: { x: { api: 'google-generative-ai', baseUrl: ROOT } } },
      [SETTINGS]: { defaultProvider: 'x', defaultModel: 'm' },
    });
    expect(inEnglish(pi.readBack(linuxEnv(), 'user', other))).toContain('google-generative-ai');
    const cmd = files({
      [MODELS]: { providers: { g: { api: 'openai-completions', baseUrl: `${ROOT}/v1`, apiKey: '!pass show gw', models: [{ id: 'm' }] } } },
      [SETTINGS]: { defaultProvider: 'g', defaultModel: 'm' },
    });
    const req = pi.readBack(linuxEnv(), 'user', cmd) as AgentRequest;
    expect(req.key).toBeUndefined();
    expect(inEnglish(req.keySource)).toContain('shell command');
  });

  it('project scope: the user files, with a note', () => {
    const plan = pi.plan(linuxEnv(), choice({ scope: 'project' }), files());
    expect(plan.edits.map((e) => e.path)).toEqual([MODELS, SETTINGS]);
    expect(inEnglish(plan.notes).join(' ')).toContain('no project config');
  });
});

describe('pi oneShot', () => {
  it('`--model provider/ID` as two arguments (pi reads no --model=ID), the prompt after -p', () => {
    expect(pi.oneShot('gateway-anthropic/claude-sonnet-4-5', 'hi')).toEqual({
      command: 'pi',
      args: ['--model', 'gateway-anthropic/claude-sonnet-4-5', '-p', 'hi'],
    });
    expect(pi.oneShot('--yolo', 'hi').args).toEqual(['--model', 'gateway/--yolo', '-p', 'hi']);
  });
});

describe('pi unplan', () => {
  it('takes out our entries at the gateway and the default naming one; the user providers and an entry elsewhere stay', () => {
    const before = files({ [MODELS]: livedModels, [SETTINGS]: livedSettings });
    const after = applyPlan(before, pi.plan(linuxEnv(), choice({ protocol: 'chat', model: 'm-1' }), before));
    const un = pi.unplan!(linuxEnv(), 'user', after, { root: ROOT, v1: `${ROOT}/v1` });
    expect(un.secrets).toEqual([KEY]);
    expect(un.edits).toEqual([
      { path: MODELS, format: 'json', edits: [{ path: ['providers', 'gateway'], value: undefined }] },
      {
        path: SETTINGS,
        format: 'json',
        edits: [
          { path: ['defaultProvider'], value: undefined },
          { path: ['defaultModel'], value: undefined },
        ],
      },
    ]);
    const elsewhere = pi.unplan!(linuxEnv(), 'user', after, { root: 'https://other.example', v1: 'https://other.example/v1' });
    expect(elsewhere.edits).toEqual([]);
    expect(inEnglish(elsewhere.notes).join(' ')).toContain('providers.gateway.baseUrl');
  });
});
