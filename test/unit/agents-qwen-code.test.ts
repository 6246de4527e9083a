import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { QWEN_SETTINGS_VERSION, qwenCode } from '../../src/agents/qwen-code.js';
import { maskKey } from '../../src/core/mask.js';
import { itFits, KEY, OTHER_KEY, ROOT, applyPlan, choice, darwinEnv, files, linuxEnv, strings, winEnv, type FitRow } from './agents-helpers.js';
import { inEnglish } from '../helpers/english.js';

const lived: unknown = JSON.parse(readFileSync(new URL('../fixtures/agents/qwen-code/settings.lived-in.json', import.meta.url), 'utf8'));
const USER = '/home/dev/.qwen/settings.json';
const PROJECT = '/home/dev/projects/app/.qwen/settings.json';
const qChoice = (over: Parameters<typeof choice>[0] = {}) => choice({ model: 'deepseek-chat', protocol: 'chat', ...over });

describe('qwen-code fit', () => {
  const table: FitRow[] = [
    ['anthropic', 'messages', false],
    ['openai', 'chat', false],
    ['codex', false],
    ['xai', 'chat', false],
    ['gemini', 'chat', false],
    ['image', false],
    ['embeddings', false],
    ['unmarked', 'chat', true],
  ];
  itFits(qwenCode, table);
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
  it('user scope, chat: appends our entry, selects openai, stores the key in env', () => {
    const plan = qwenCode.plan(linuxEnv(), qChoice(), files({ [USER]: lived }));
    const main = plan.edits[0]!;
    expect(main.path).toBe(USER);
    expect(main.edits).toEqual([
      { path: ['modelProviders', 'openai', 1, 'id'], value: 'deepseek-chat' },
      { path: ['modelProviders', 'openai', 1, 'name'], value: 'deepseek-chat (gateway)' },
      { path: ['modelProviders', 'openai', 1, 'baseUrl'], value: `${ROOT}/v1` },
      { path: ['modelProviders', 'openai', 1, 'envKey'], value: 'GATEWAY_API_KEY' },
      { path: ['security', 'auth', 'selectedType'], value: 'openai' },
      { path: ['model', 'name'], value: 'deepseek-chat' },
    ]);
    expect(plan.edits[1]).toEqual({ path: USER, format: 'json', edits: [{ path: ['env', 'GATEWAY_API_KEY'], value: KEY }], secret: true });
  });

  it('updates our existing entry in place', () => {
    const doc = { modelProviders: { openai: [{ id: 'x', baseUrl: 'https://other/v1' }, { id: 'deepseek-chat', baseUrl: `${ROOT}/v1`, envKey: 'OLD' }] } };
    const plan = qwenCode.plan(linuxEnv(), qChoice(), files({ [USER]: doc }));
    expect(plan.edits[0]!.edits).toContainEqual({ path: ['modelProviders', 'openai', 1, 'envKey'], value: 'GATEWAY_API_KEY' });
  });

  it('an entry on a host that merely starts with the root is not ours', () => {
    const doc = { modelProviders: { openai: [{ id: 'deepseek-chat', baseUrl: `${ROOT}.evil/v1` }] } };
    const plan = qwenCode.plan(linuxEnv(), qChoice(), files({ [USER]: doc }));
    expect(plan.edits[0]!.edits.find((e) => e.path[0] === 'modelProviders')!.path).toEqual(['modelProviders', 'openai', 1, 'id']);
    expect(inEnglish(plan.notes).join('\n')).toContain('another "deepseek-chat"');
  });

  it('messages models go to the anthropic list with the root URL', () => {
    const plan = qwenCode.plan(linuxEnv(), qChoice({ model: 'claude-sonnet-4-5', protocol: 'messages' }), files());
    expect(plan.edits[0]!.edits).toEqual([
      { path: ['$version'], value: 4 },
      { path: ['modelProviders', 'anthropic'], value: [{ id: 'claude-sonnet-4-5', name: 'claude-sonnet-4-5 (gateway)', baseUrl: ROOT, envKey: 'GATEWAY_API_KEY' }] },
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
    expect(plan.edits.find((e) => e.path === USER)!.edits).toEqual([{ path: ['$version'], value: 4 }, { path: ['env', 'GATEWAY_API_KEY'], value: KEY }]);
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

  it('openai: baseUrl + /chat/completions, bearer; anthropic: root + /v1/messages, x-api-key', () => {
    expect(read(settings('openai', `${ROOT}/v1/`))).toMatchObject({ protocol: 'chat', url: `${ROOT}/v1/chat/completions`, auth: 'bearer', key: KEY, model: 'm' });
    expect(read(settings('anthropic', ROOT))).toMatchObject({ protocol: 'messages', url: `${ROOT}/v1/messages`, auth: 'x-api-key' });
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
      files({ [USER]: settings('openai', 'https://user/v1'), [PROJECT]: { modelProviders: { openai: [{ id: 'm', baseUrl: 'https://proj/v1', envKey: 'GATEWAY_API_KEY' }] } } }),
    );
    expect(r).toMatchObject({ url: 'https://proj/v1/chat/completions', key: KEY, file: PROJECT });
  });
});

describe('qwen-code plan → readBack over the lived-in settings', () => {
  it.each([
    ['file', 'chat', 'user'],
    ['env', 'messages', 'user'],
    ['file', 'chat', 'project'],
  ] as const)('%s storage, %s, %s scope', (keyStorage, protocol, scope) => {
    const env = linuxEnv(keyStorage === 'env' ? { GATEWAY_API_KEY: KEY } : {});
    const before = files({ [USER]: lived });
    const after = applyPlan(before, qwenCode.plan(env, qChoice({ keyStorage, protocol, scope }), before));
    const path = protocol === 'chat' ? '/v1/chat/completions' : '/v1/messages';
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
