import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { QWEN_SETTINGS_VERSION, qwenCode } from '../../src/agents/qwen-code/index.js';
import { maskKey } from '../../src/core/mask.js';
import {
  itFits,
  MESSAGES_CHAT_RESPONSES,
  KEY,
  OTHER_KEY,
  ROOT,
  applyPlan,
  choice,
  darwinEnv,
  files,
  linuxEnv,
  strings,
  winEnv,
} from './agents-helpers.js';
import { inEnglish } from '../helpers/english.js';

const lived: unknown = JSON.parse(readFileSync(new URL('../fixtures/agents/qwen-code/settings.lived-in.json', import.meta.url), 'utf8'));
const USER = '/home/dev/.qwen/settings.json';
const PROJECT = '/home/dev/projects/app/.qwen/settings.json';
const qChoice = (over: Parameters<typeof choice>[0] = {}) => choice({ model: 'deepseek-chat', protocol: 'chat', ...over });

describe('qwen-code fit', () => {
  // Responses only: an `openai` entry with `wireApi: "responses"` (0.24.4).
  itFits(qwenCode, MESSAGES_CHAT_RESPONSES);
});

describe('qwen-code files', () => {
  it('per platform, QWEN_HOME, and project scope', () => {
    expect(qwenCode.files(linuxEnv(), 'user').map((f) => f.path)).toEqual([USER]);
    expect(qwenCode.files(darwinEnv(), 'user').map((f) => f.path)).toEqual(['/Users/dev/.qwen/settings.json']);
    expect(qwenCode.files(winEnv(), 'user').map((f) => f.path)).toEqual(['C:\\Users\\dev\\.qwen\\settings.json']);
    expect(qwenCode.files(linuxEnv({ QWEN_HOME: '/q' }), 'user').map((f) => f.path)).toEqual(['/q/settings.json']);
    expect(qwenCode.files(winEnv(), 'project').map((f) => f.path)).toEqual([
      'C:\\Users\\dev\\projects\\app\\.qwen\\settings.json',
      'C:\\Users\\dev\\.qwen\\settings.json',
    ]);
  });
});

describe('qwen-code plan', () => {
  it("user scope, chat: our own provider id mapped to openai, the user's openai list untouched, the key in env", () => {
    const plan = qwenCode.plan(linuxEnv(), qChoice(), files({ [USER]: lived }));
    const main = plan.edits[0]!;
    expect(main.path).toBe(USER);
    expect(main.edits).toEqual([
      {
        path: ['modelProviders', 'gateway'],
        value: [{ id: 'deepseek-chat', name: 'deepseek-chat (gateway)', baseUrl: `${ROOT}/v1`, envKey: 'GATEWAY_API_KEY' }],
      },
      { path: ['providerProtocol', 'gateway'], value: 'openai' },
      { path: ['security', 'auth', 'selectedType'], value: 'openai' },
      { path: ['model', 'name'], value: 'deepseek-chat' },
    ]);
    expect(plan.edits[1]).toEqual({ path: USER, format: 'json', edits: [{ path: ['env', 'GATEWAY_API_KEY'], value: KEY }], secret: true });
  });

  it('updates our existing entry in place; a model moved back to chat loses its wireApi', () => {
    const doc = {
      modelProviders: {
        gateway: [
          { id: 'x', baseUrl: 'https://other/v1' },
          { id: 'deepseek-chat', baseUrl: `${ROOT}/v1`, envKey: 'OLD', wireApi: 'responses' },
        ],
      },
    };
    const plan = qwenCode.plan(linuxEnv(), qChoice(), files({ [USER]: doc }));
    expect(plan.edits[0]!.edits).toContainEqual({ path: ['modelProviders', 'gateway', 1, 'envKey'], value: 'GATEWAY_API_KEY' });
    expect(plan.edits[0]!.edits).toContainEqual({ path: ['modelProviders', 'gateway', 1, 'wireApi'], value: undefined });
  });

  it('an entry on a host that merely starts with the root is not ours', () => {
    const doc = { modelProviders: { gateway: [{ id: 'deepseek-chat', baseUrl: `${ROOT}.evil/v1` }] } };
    const plan = qwenCode.plan(linuxEnv(), qChoice(), files({ [USER]: doc }));
    expect(plan.edits[0]!.edits.find((e) => e.path[0] === 'modelProviders')!.path).toEqual(['modelProviders', 'gateway', 1, 'id']);
  });

  it("the same id in the user's own openai list is named (Qwen Code takes the first)", () => {
    const doc = {
      modelProviders: { openai: [{ id: 'deepseek-chat', baseUrl: 'https://api.deepseek.com/v1', envKey: 'DEEPSEEK_API_KEY' }] },
    };
    const plan = qwenCode.plan(linuxEnv(), qChoice(), files({ [USER]: doc }));
    expect(inEnglish(plan.notes).join('\n')).toContain('another "deepseek-chat"');
    expect(plan.edits[0]!.edits.some((e) => e.path[1] === 'openai')).toBe(false);
  });

  it('Responses-only models: an openai-routed entry with wireApi "responses" on root + /v1', () => {
    const plan = qwenCode.plan(linuxEnv(), qChoice({ model: 'gpt-5.1-codex', protocol: 'responses' }), files());
    expect(plan.edits[0]!.edits).toContainEqual({
      path: ['modelProviders', 'gateway'],
      value: [
        { id: 'gpt-5.1-codex', name: 'gpt-5.1-codex (gateway)', baseUrl: `${ROOT}/v1`, envKey: 'GATEWAY_API_KEY', wireApi: 'responses' },
      ],
    });
    expect(plan.edits[0]!.edits).toContainEqual({ path: ['security', 'auth', 'selectedType'], value: 'openai' });
  });

  it("the layout an older setup wrote (our entry inside the user's openai list) moves to our provider id, the user's entries kept", () => {
    const user = { id: 'qwen3-coder-plus', baseUrl: 'https://dashscope.aliyuncs.com/compatible-mode/v1', envKey: 'DASHSCOPE_API_KEY' };
    const old = { id: 'deepseek-chat', name: 'deepseek-chat (gateway)', baseUrl: `${ROOT}/v1`, envKey: 'GATEWAY_API_KEY' };
    const oldAnthropic = { id: 'claude-sonnet-4-5', name: 'claude-sonnet-4-5 (gateway)', baseUrl: ROOT, envKey: 'GATEWAY_API_KEY' };
    const doc = {
      $version: 4,
      modelProviders: { openai: [user, old], anthropic: [oldAnthropic] },
      security: { auth: { selectedType: 'openai' } },
      model: { name: 'deepseek-chat' },
    };
    const before = files({ [USER]: doc });
    const plan = qwenCode.plan(linuxEnv(), qChoice(), before);
    const after = applyPlan(before, plan).get(USER) as { modelProviders: Record<string, unknown> };
    expect(after.modelProviders).toEqual({ openai: [user], gateway: [old] });
    expect(inEnglish(plan.notes).join('\n')).toContain('older setup');
    expect(qwenCode.readBack(linuxEnv(), 'user', applyPlan(before, plan))).toMatchObject({
      url: `${ROOT}/v1/chat/completions`,
      model: 'deepseek-chat',
    });
  });

  it('messages models go to our anthropic-routed provider id with the root URL', () => {
    const plan = qwenCode.plan(linuxEnv(), qChoice({ model: 'claude-sonnet-4-5', protocol: 'messages' }), files());
    expect(plan.edits[0]!.edits).toEqual([
      { path: ['$version'], value: 4 },
      {
        path: ['modelProviders', 'gateway-anthropic'],
        value: [{ id: 'claude-sonnet-4-5', name: 'claude-sonnet-4-5 (gateway)', baseUrl: ROOT, envKey: 'GATEWAY_API_KEY' }],
      },
      { path: ['providerProtocol', 'gateway-anthropic'], value: 'anthropic' },
      { path: ['security', 'auth', 'selectedType'], value: 'anthropic' },
      { path: ['model', 'name'], value: 'claude-sonnet-4-5' },
    ]);
  });

  it('env storage: no key written, an old one deleted, export named', () => {
    const plan = qwenCode.plan(linuxEnv(), qChoice({ keyStorage: 'env' }), files({ [USER]: { env: { GATEWAY_API_KEY: 'old' } } }));
    expect(strings(plan.edits.flatMap((f) => f.edits.map((e) => e.value)))).not.toContain(KEY);
    expect(plan.edits[1]!.edits).toEqual([{ path: ['env', 'GATEWAY_API_KEY'], value: undefined }]);
    expect(plan.exportVar).toBe('GATEWAY_API_KEY');
  });

  it('project scope: the committed file never holds the key; the key goes to the user file', () => {
    const plan = qwenCode.plan(linuxEnv(), qChoice({ scope: 'project' }), files());
    const committed = plan.edits.find((e) => e.path === PROJECT)!;
    expect(strings(committed.edits.map((e) => e.value))).not.toContain(KEY);
    expect(committed.secret).toBeFalsy();
    expect(plan.edits.find((e) => e.path === USER)!.edits).toEqual([
      { path: ['$version'], value: 4 },
      { path: ['env', 'GATEWAY_API_KEY'], value: KEY },
    ]);
    expect(inEnglish(plan.notes).join('\n')).toContain('replaces the user one');
  });

  it('stamps the settings version Qwen Code expects, so its first start does not rewrite the file (and the key) at 0644', () => {
    const version = (doc: unknown): unknown => {
      const plan = qwenCode.plan(linuxEnv(), qChoice(), files({ [USER]: doc }));
      return plan.edits.flatMap((f) => f.edits).find((e) => e.path[0] === '$version')?.value;
    };
    expect(QWEN_SETTINGS_VERSION).toBe(4);
    expect(version(undefined)).toBe(4);
    expect(version({ ui: { theme: 'dark' }, mcpServers: {} })).toBe(4);
    // Already versioned: left as it is (an older version is Qwen Code's to migrate).
    expect(version({ $version: 4, ui: {} })).toBeUndefined();
    expect(version({ $version: 2, general: { disableAutoUpdate: true } })).toBeUndefined();
    // The old flat shape still needs Qwen Code's own migration: no stamp that would skip it.
    expect(version({ theme: 'dark' })).toBeUndefined();
    expect(version({ general: { gitCoAuthor: true } })).toBeUndefined();
  });

  it('notes a shell export that would override the key, masked', () => {
    const plan = qwenCode.plan(linuxEnv({ GATEWAY_API_KEY: OTHER_KEY }), qChoice(), files());
    const all = inEnglish(plan.notes).join('\n');
    expect(all).toContain(maskKey(OTHER_KEY));
    expect(all).toContain('overrides');
    expect(all).not.toContain(OTHER_KEY);
  });
});

describe('qwen-code readBack', () => {
  const settings = (type: string, baseUrl: string, extra: Record<string, unknown> = {}) => ({
    modelProviders: { [type]: [{ id: 'm', baseUrl, envKey: 'GATEWAY_API_KEY' }] },
    security: { auth: { selectedType: type } },
    model: { name: 'm' },
    env: { GATEWAY_API_KEY: KEY },
    ...extra,
  });
  const read = (doc: unknown, env = linuxEnv()) => inEnglish(qwenCode.readBack(env, 'user', files({ [USER]: doc })));

  it('openai: baseUrl + /chat/completions, bearer; anthropic: root + /v1/messages, bearer too (0.24.4)', () => {
    expect(read(settings('openai', `${ROOT}/v1/`))).toMatchObject({
      protocol: 'chat',
      url: `${ROOT}/v1/chat/completions`,
      auth: 'bearer',
      key: KEY,
      model: 'm',
    });
    expect(read(settings('anthropic', ROOT))).toMatchObject({ protocol: 'messages', url: `${ROOT}/v1/messages`, auth: 'bearer' });
  });
  it('a provider id of our own, routed by providerProtocol; wireApi "responses" sends to /responses', () => {
    const doc = {
      modelProviders: { gateway: [{ id: 'm', baseUrl: `${ROOT}/v1`, envKey: 'GATEWAY_API_KEY', wireApi: 'responses' }] },
      providerProtocol: { gateway: 'openai' },
      security: { auth: { selectedType: 'openai' } },
      model: { name: 'm' },
      env: { GATEWAY_API_KEY: KEY },
    };
    expect(read(doc)).toMatchObject({ protocol: 'responses', url: `${ROOT}/v1/responses`, auth: 'bearer', key: KEY });
    // Unmapped, Qwen Code skips the custom id: no entry.
    expect(read({ ...doc, providerProtocol: {} })).toContain('no entry with id "m"');
    // Mapped to another protocol than the selected one: not used either.
    expect(read({ ...doc, providerProtocol: { gateway: 'anthropic' } })).toContain('no entry with id "m"');
  });
  it('shows a doubled and a missing /v1', () => {
    expect(read(settings('anthropic', `${ROOT}/v1`))).toMatchObject({ url: `${ROOT}/v1/v1/messages` });
    expect(read(settings('openai', ROOT))).toMatchObject({ url: `${ROOT}/chat/completions` });
  });
  it('the shell env beats the settings env block', () => {
    expect(read(settings('openai', `${ROOT}/v1`), linuxEnv({ GATEWAY_API_KEY: OTHER_KEY }))).toMatchObject({ key: OTHER_KEY });
  });
  it('string reasons', () => {
    expect(read({})).toContain('selectedType');
    expect(read(lived)).toContain('qwen-oauth');
    expect(read(settings('openai', ROOT, { model: { name: 'other' } }))).toContain('no entry with id "other"');
  });
  it('project modelProviders replaces the user one', () => {
    const r = qwenCode.readBack(
      linuxEnv(),
      'project',
      files({
        [USER]: settings('openai', 'https://user/v1'),
        [PROJECT]: { modelProviders: { openai: [{ id: 'm', baseUrl: 'https://proj/v1', envKey: 'GATEWAY_API_KEY' }] } },
      }),
    );
    expect(r).toMatchObject({ url: 'https://proj/v1/chat/completions', key: KEY, file: PROJECT });
  });
});

describe('qwen-code plan → readBack over the lived-in settings', () => {
  it.each([
    ['file', 'chat', 'user'],
    ['env', 'messages', 'user'],
    ['file', 'responses', 'user'],
    ['file', 'chat', 'project'],
  ] as const)('%s storage, %s, %s scope', (keyStorage, protocol, scope) => {
    const env = linuxEnv(keyStorage === 'env' ? { GATEWAY_API_KEY: KEY } : {});
    const before = files({ [USER]: lived });
    const after = applyPlan(before, qwenCode.plan(env, qChoice({ keyStorage, protocol, scope }), before));
    const path = { chat: '/v1/chat/completions', messages: '/v1/messages', responses: '/v1/responses' }[protocol];
    expect(inEnglish(qwenCode.readBack(env, scope, after))).toMatchObject({ url: `${ROOT}${path}`, model: 'deepseek-chat', key: KEY });
    const doc = after.get(USER) as Record<string, unknown>;
    expect(doc['mcpServers']).toEqual((lived as Record<string, unknown>)['mcpServers']);
  });
});

describe('qwen-code oneShot', () => {
  it('positional prompt with the model flag', () => {
    expect(qwenCode.oneShot('m', 'say ok')).toEqual({ command: 'qwen', args: ['--model=m', 'say ok'] });
  });
});

describe('qwen-code unplan over the new layout', () => {
  it("takes out our provider ids and their providerProtocol mappings; the user's lists and mappings stay", () => {
    const user = { ...(lived as Record<string, unknown>), providerProtocol: { idealab: 'openai' } };
    const before = files({ [USER]: user });
    const afterSetup = applyPlan(before, qwenCode.plan(linuxEnv(), qChoice({ model: 'gpt-5.1-codex', protocol: 'responses' }), before));
    const un = qwenCode.unplan!(linuxEnv(), 'user', afterSetup, { root: ROOT, v1: `${ROOT}/v1` });
    const after = applyPlan(afterSetup, { edits: un.edits, notes: [] }).get(USER) as Record<string, unknown>;
    expect(after['modelProviders']).toEqual((lived as Record<string, unknown>)['modelProviders']);
    expect(after['providerProtocol']).toEqual({ idealab: 'openai' });
    expect(strings(after)).not.toContain(KEY);
    // Only our mapping there: the whole object goes.
    const alone = applyPlan(files(), qwenCode.plan(linuxEnv(), qChoice(), files()));
    const un2 = qwenCode.unplan!(linuxEnv(), 'user', alone, { root: ROOT, v1: `${ROOT}/v1` });
    expect(applyPlan(alone, { edits: un2.edits, notes: [] }).get(USER)).not.toHaveProperty('providerProtocol');
  });
});
