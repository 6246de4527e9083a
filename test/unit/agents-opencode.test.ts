import { readFileSync } from 'node:fs';
import { editText } from '../../src/config/edit.js';
import { parse as parseJsonc } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { JobError } from '../../src/core/errors.js';
import { OPENCODE_TEMPLATE, opencode, opencodeModelRef } from '../../src/agents/opencode/index.js';
import {
  itFits,
  MESSAGES_CHAT_RESPONSES,
  KEY,
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

const lived: unknown = parseJsonc(readFileSync(new URL('../fixtures/agents/opencode/opencode.lived-in.jsonc', import.meta.url), 'utf8'));
const USER_JSON = '/home/dev/.config/opencode/opencode.json';
const USER_JSONC = '/home/dev/.config/opencode/opencode.jsonc';
const AUTH_JSON = '/home/dev/.local/share/opencode/auth.json';
const PROJECT_JSON = '/home/dev/projects/app/opencode.json';
const ocChoice = (over: Parameters<typeof choice>[0] = {}) => choice({ model: 'deepseek-chat', protocol: 'chat', ...over });

describe('opencode fit', () => {
  itFits(opencode, MESSAGES_CHAT_RESPONSES);
});

describe('opencode files', () => {
  it('user scope: both names under XDG config or ~/.config on every platform', () => {
    expect(opencode.files(linuxEnv(), 'user').map((f) => f.path)).toEqual([USER_JSONC, USER_JSON, AUTH_JSON]);
    expect(opencode.files(darwinEnv(), 'user').map((f) => f.path)).toEqual([
      '/Users/dev/.config/opencode/opencode.jsonc',
      '/Users/dev/.config/opencode/opencode.json',
      '/Users/dev/.local/share/opencode/auth.json',
    ]);
    expect(opencode.files(winEnv(), 'user').map((f) => f.path)).toEqual([
      'C:\\Users\\dev\\.config\\opencode\\opencode.jsonc',
      'C:\\Users\\dev\\.config\\opencode\\opencode.json',
      'C:\\Users\\dev\\.local\\share\\opencode\\auth.json',
    ]);
    expect(opencode.files(linuxEnv({ XDG_CONFIG_HOME: '/xdg', XDG_DATA_HOME: '/data' }), 'user').map((f) => f.path)).toEqual([
      '/xdg/opencode/opencode.jsonc',
      '/xdg/opencode/opencode.json',
      '/data/opencode/auth.json',
    ]);
    expect(opencode.files(winEnv({ XDG_CONFIG_HOME: 'D:\\xdg' }), 'user')[1]!.path).toBe('D:\\xdg\\opencode\\opencode.json');
    expect(opencode.files(linuxEnv(), 'user').map((f) => f.format)).toEqual(['jsonc', 'jsonc', 'json']);
  });
  it('project scope: the project files first, then the user files merged under them', () => {
    expect(opencode.files(linuxEnv(), 'project').map((f) => f.path)).toEqual([
      '/home/dev/projects/app/opencode.jsonc',
      PROJECT_JSON,
      USER_JSONC,
      USER_JSON,
      AUTH_JSON,
    ]);
  });
});

describe('opencode plan', () => {
  it('creates opencode.json from the template when nothing exists', () => {
    const plan = opencode.plan(linuxEnv(), ocChoice(), files());
    expect(plan.edits).toHaveLength(1);
    const edit = plan.edits[0]!;
    expect(edit).toMatchObject({ path: USER_JSON, format: 'jsonc', secret: true, template: OPENCODE_TEMPLATE });
    expect(edit.edits).toEqual([
      { path: ['model'], value: 'gateway/deepseek-chat' },
      { path: ['provider', 'gateway', 'npm'], value: '@ai-sdk/openai-compatible' },
      { path: ['provider', 'gateway', 'name'], value: 'Gateway (chat)' },
      { path: ['provider', 'gateway', 'options', 'baseURL'], value: `${ROOT}/v1` },
      { path: ['provider', 'gateway', 'options', 'apiKey'], value: KEY },
      { path: ['provider', 'gateway', 'models', 'deepseek-chat', 'name'], value: 'deepseek-chat' },
    ]);
  });

  it('edits opencode.jsonc when the user keeps that one', () => {
    const plan = opencode.plan(linuxEnv(), ocChoice(), files({ [USER_JSONC]: lived }));
    expect(plan.edits[0]!.path).toBe(USER_JSONC);
  });

  it('a small model on another protocol gets its own provider entry', () => {
    const plan = opencode.plan(
      linuxEnv(),
      ocChoice({ model: 'claude-sonnet-4-5', protocol: 'messages', smallModel: 'gpt-4.1-mini', smallModelProtocol: 'chat' }),
      files(),
    );
    const edits = plan.edits[0]!.edits;
    expect(edits).toContainEqual({ path: ['model'], value: 'gateway-anthropic/claude-sonnet-4-5' });
    expect(edits).toContainEqual({ path: ['small_model'], value: 'gateway/gpt-4.1-mini' });
    expect(edits).toContainEqual({ path: ['provider', 'gateway-anthropic', 'npm'], value: '@ai-sdk/anthropic' });
    expect(edits).toContainEqual({ path: ['provider', 'gateway', 'npm'], value: '@ai-sdk/openai-compatible' });
    expect(edits).toContainEqual({ path: ['provider', 'gateway', 'models', 'gpt-4.1-mini', 'name'], value: 'gpt-4.1-mini' });
  });

  it('a small model on the same provider is listed in the same entry', () => {
    const edits = opencode.plan(linuxEnv(), ocChoice({ smallModel: 'deepseek-lite', smallModelProtocol: 'chat' }), files()).edits[0]!.edits;
    expect(edits.filter((e) => e.path[2] === 'npm')).toHaveLength(1);
    expect(edits).toContainEqual({ path: ['provider', 'gateway', 'models', 'deepseek-lite', 'name'], value: 'deepseek-lite' });
  });

  it('Responses models use @ai-sdk/openai', () => {
    const edits = opencode.plan(linuxEnv(), ocChoice({ model: 'gpt-5.1-codex', protocol: 'responses' }), files()).edits[0]!.edits;
    expect(edits).toContainEqual({ path: ['provider', 'gateway-responses', 'npm'], value: '@ai-sdk/openai' });
  });

  it('env storage writes {env:VAR} and names the export', () => {
    const plan = opencode.plan(linuxEnv(), ocChoice({ keyStorage: 'env' }), files());
    expect(plan.edits[0]!.edits).toContainEqual({ path: ['provider', 'gateway', 'options', 'apiKey'], value: '{env:GATEWAY_API_KEY}' });
    expect(plan.edits[0]!.secret).toBe(false);
    expect(plan.exportVar).toBe('GATEWAY_API_KEY');
  });

  it('project scope never writes a literal key, whatever the storage', () => {
    for (const keyStorage of ['file', 'env'] as const) {
      const plan = opencode.plan(linuxEnv(), ocChoice({ scope: 'project', keyStorage }), files());
      expect(plan.edits.map((e) => e.path)).toEqual([PROJECT_JSON]);
      expect(strings(plan.edits[0]!.edits.map((e) => e.value))).not.toContain(KEY);
      expect(plan.edits[0]!.edits).toContainEqual({ path: ['provider', 'gateway', 'options', 'apiKey'], value: '{env:GATEWAY_API_KEY}' });
      expect(plan.exportVar).toBe('GATEWAY_API_KEY');
    }
  });

  it('a new config starts from the shipped template file, named, not copied', () => {
    const shipped = readFileSync(new URL(`../../templates/${OPENCODE_TEMPLATE}`, import.meta.url), 'utf8');
    expect(shipped).toContain('"$schema": "https://opencode.ai/config.json"');
    expect(editText(undefined, 'jsonc', [], USER_JSON, OPENCODE_TEMPLATE)).toBe(shipped);
  });
});

describe('opencode readBack', () => {
  const entry = (over: Record<string, unknown> = {}) => ({
    npm: '@ai-sdk/openai-compatible',
    options: { baseURL: `${ROOT}/v1`, apiKey: KEY },
    models: { 'deepseek-chat': { name: 'deepseek-chat' } },
    ...over,
  });
  const read = (doc: unknown, env = linuxEnv()) => inEnglish(opencode.readBack(env, 'user', files({ [USER_JSON]: doc })));

  it('chat: baseURL + /chat/completions, bearer', () => {
    expect(read({ model: 'gateway/deepseek-chat', provider: { gateway: entry() } })).toEqual({
      protocol: 'chat',
      url: `${ROOT}/v1/chat/completions`,
      model: 'deepseek-chat',
      auth: 'bearer',
      key: KEY,
      keySource: `provider.gateway.options.apiKey in ${USER_JSON}`,
      baseUrl: `${ROOT}/v1`,
      file: USER_JSON,
    });
  });
  it('messages uses x-api-key; responses uses bearer', () => {
    const m = read({ model: 'a/deepseek-chat', provider: { a: entry({ npm: '@ai-sdk/anthropic' }) } });
    expect(m).toMatchObject({ protocol: 'messages', url: `${ROOT}/v1/messages`, auth: 'x-api-key' });
    const r = read({ model: 'r/deepseek-chat', provider: { r: entry({ npm: '@ai-sdk/openai' }) } });
    expect(r).toMatchObject({ protocol: 'responses', url: `${ROOT}/v1/responses`, auth: 'bearer' });
  });
  it('shows a doubled and a missing /v1', () => {
    expect(
      read({ model: 'g/deepseek-chat', provider: { g: entry({ options: { baseURL: 'https://gw/v1/v1', apiKey: KEY } }) } }),
    ).toMatchObject({
      url: 'https://gw/v1/v1/chat/completions',
    });
    expect(read({ model: 'g/deepseek-chat', provider: { g: entry({ options: { baseURL: 'https://gw', apiKey: KEY } }) } })).toMatchObject({
      url: 'https://gw/chat/completions',
    });
  });
  it('{env:VAR} resolves from the environment; unset sends no auth header', () => {
    const doc = { model: 'g/deepseek-chat', provider: { g: entry({ options: { baseURL: ROOT, apiKey: '{env:GATEWAY_API_KEY}' } }) } };
    expect(read(doc, linuxEnv({ GATEWAY_API_KEY: KEY }))).toMatchObject({ key: KEY });
    const unset = read(doc);
    expect(typeof unset !== 'string' && unset.key).toBeUndefined();
    expect(typeof unset !== 'string' && unset.keySource).toContain('OpenCode sends no auth header when GATEWAY_API_KEY is unset');
  });
  it('string reasons', () => {
    expect(read({})).toContain('model is not set');
    expect(read({ model: 'nope/x' })).toContain('"nope"');
    expect(read({ model: 'g/other', provider: { g: entry() } })).toContain('missing from provider.g.models');
    expect(read({ model: 'g/deepseek-chat', provider: { g: entry({ npm: 'some-sdk' }) } })).toContain('some-sdk');
    expect(read({ model: 'g/deepseek-chat', provider: { g: entry({ options: {} }) } })).toContain('baseURL');
  });
  it('project scope merges the project file over the user file', () => {
    const r = opencode.readBack(
      linuxEnv(),
      'project',
      files({
        [USER_JSON]: { model: 'gateway/deepseek-chat', provider: { gateway: entry() } },
        [PROJECT_JSON]: { provider: { gateway: { options: { baseURL: 'https://proj/v1' } } } },
      }),
    );
    expect(r).toMatchObject({ url: 'https://proj/v1/chat/completions', key: KEY, file: PROJECT_JSON });
  });
});

describe('opencode plan → readBack over the lived-in config', () => {
  it.each([
    ['file', 'chat'],
    ['env', 'messages'],
    ['file', 'responses'],
  ] as const)('%s storage, %s', (keyStorage, protocol) => {
    const env = linuxEnv({ GATEWAY_API_KEY: KEY });
    const before = files({ [USER_JSONC]: lived });
    const after = applyPlan(before, opencode.plan(env, ocChoice({ keyStorage, protocol }), before));
    const path = { chat: '/chat/completions', messages: '/messages', responses: '/responses' }[protocol];
    expect(inEnglish(opencode.readBack(env, 'user', after))).toMatchObject({
      url: `${ROOT}/v1${path}`,
      model: 'deepseek-chat',
      key: KEY,
      protocol,
    });
    const doc = after.get(USER_JSONC) as Record<string, Record<string, unknown>>;
    expect(doc['provider']!['ollama']).toEqual((lived as Record<string, Record<string, unknown>>)['provider']!['ollama']);
    expect(doc['theme']).toBe('tokyonight');
  });
});

describe('opencode oneShot', () => {
  it('a bare id goes to the chat provider; a full reference is kept', () => {
    expect(opencode.oneShot('deepseek-chat', 'say ok')).toEqual({
      command: 'opencode',
      args: ['run', '--model=gateway/deepseek-chat', 'say ok'],
      env: { OPENCODE_DISABLE_MODELS_FETCH: '1' },
    });
    expect(opencode.oneShot(opencodeModelRef('claude-sonnet-4-5', 'messages'), 'p').args[1]).toBe(
      '--model=gateway-anthropic/claude-sonnet-4-5',
    );
  });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed config, indexed freely in assertions
type OcDoc = Record<string, any>;

describe('opencode plan: several models', () => {
  it('lists every chosen model under the provider of its protocol; model and small_model stay the chosen ones', () => {
    const plan = opencode.plan(
      linuxEnv(),
      ocChoice({
        smallModel: 'gpt-5.1-mini',
        smallModelProtocol: 'chat',
        models: [
          { model: 'deepseek-chat', protocol: 'chat' },
          { model: 'kimi-k2', protocol: 'chat' },
          { model: 'claude-sonnet-4-5', protocol: 'messages' },
        ],
      }),
      files(),
    );
    const doc = applyPlan(files(), plan).get(USER_JSON) as OcDoc;
    expect(doc['model']).toBe('gateway/deepseek-chat');
    expect(doc['small_model']).toBe('gateway/gpt-5.1-mini');
    expect(Object.keys(doc['provider']['gateway']['models'])).toEqual(['deepseek-chat', 'gpt-5.1-mini', 'kimi-k2']);
    expect(doc['provider']['gateway-anthropic']['models']).toEqual({ 'claude-sonnet-4-5': { name: 'claude-sonnet-4-5' } });
    expect(doc['provider']['gateway-anthropic']['options']['baseURL']).toBe(`${ROOT}/v1`);
    expect(opencode.listedModels!(linuxEnv(), 'user', files({ [USER_JSON]: doc }))).toEqual([
      { model: 'deepseek-chat', protocol: 'chat' },
      { model: 'gpt-5.1-mini', protocol: 'chat' },
      { model: 'kimi-k2', protocol: 'chat' },
      { model: 'claude-sonnet-4-5', protocol: 'messages' },
    ]);
  });

  it('a model of ours no longer chosen is removed; one the user added by hand under our provider stays', () => {
    const before = {
      model: 'gateway/deepseek-chat',
      provider: {
        gateway: {
          npm: '@ai-sdk/openai-compatible',
          options: { baseURL: `${ROOT}/v1`, apiKey: KEY },
          models: {
            'deepseek-chat': { name: 'deepseek-chat' },
            'gone-model': { name: 'gone-model' },
            'my-own': { name: 'My own', limit: { context: 8000 } },
          },
        },
      },
    };
    const plan = opencode.plan(
      linuxEnv(),
      ocChoice({ models: [{ model: 'deepseek-chat', protocol: 'chat' }] }),
      files({ [USER_JSON]: before }),
    );
    const doc = applyPlan(files({ [USER_JSON]: before }), plan).get(USER_JSON) as OcDoc;
    expect(Object.keys(doc['provider']['gateway']['models'])).toEqual(['deepseek-chat', 'my-own']);
    expect(doc['provider']['gateway']['models']['my-own']).toEqual({ name: 'My own', limit: { context: 8000 } });
  });

  it('readBack still checks the default model among several', () => {
    const plan = opencode.plan(linuxEnv(), ocChoice({ models: [{ model: 'kimi-k2', protocol: 'chat' }] }), files());
    const request = opencode.readBack(linuxEnv(), 'user', applyPlan(files(), plan)) as Exclude<
      ReturnType<typeof opencode.readBack>,
      { key: string; params: unknown }
    >;
    expect(request.model).toBe('deepseek-chat');
    expect(request.url).toBe(`${ROOT}/v1/chat/completions`);
  });
});

describe('opencode unplan', () => {
  it('takes out our providers and the model refs naming them; other providers and keys stay', () => {
    const plan = opencode.plan(
      linuxEnv(),
      ocChoice({ models: [{ model: 'claude-sonnet-4-5', protocol: 'messages' }] }),
      files({ [USER_JSONC]: lived }),
    );
    const after = applyPlan(files({ [USER_JSONC]: lived }), plan);
    const u = opencode.unplan!(linuxEnv(), 'user', after, { root: ROOT, v1: `${ROOT}/v1` });
    expect(u.secrets).toEqual([KEY, KEY]);
    const back = applyPlan(after, { edits: u.edits, notes: [] }).get(USER_JSONC) as OcDoc;
    expect(strings(back).join('\n')).not.toContain(ROOT);
    expect(Object.keys(back['provider'] ?? {})).toEqual(Object.keys((lived as OcDoc)['provider'] ?? {}));
    expect(back['theme']).toBe((lived as OcDoc)['theme']);
    expect(back['model']).toBeUndefined();
  });

  it('a provider of ours pointing elsewhere now is left, and said so', () => {
    const doc = {
      model: 'gateway/x',
      provider: {
        gateway: { npm: '@ai-sdk/openai-compatible', options: { baseURL: 'https://other.example.com/v1' }, models: { x: { name: 'x' } } },
      },
    };
    const u = opencode.unplan!(linuxEnv(), 'user', files({ [USER_JSON]: doc }), { root: ROOT, v1: `${ROOT}/v1` });
    expect(u.edits).toEqual([]);
    expect(inEnglish(u.notes).join('\n')).toContain('https://other.example.com/v1');
  });
});

describe('opencode: a launch session', () => {
  const at = (agentVersion?: string) => ({ ...linuxEnv(), ...(agentVersion !== undefined && { agentVersion }) });
  it('gives the key by its variable in OPENCODE_CONFIG_CONTENT, for a version that reads it there (or one not known)', () => {
    for (const env of [at(), at('1.2.11'), at('1.18.33')]) {
      const s = opencode.session!(env, ocChoice(), '/tmp/s');
      expect(JSON.parse(s.env!['OPENCODE_CONFIG_CONTENT']!).provider['gateway'].options.apiKey).toBe('{env:GATEWAY_API_KEY}');
      expect(s.env!['GATEWAY_API_KEY']).toBe(KEY);
    }
  });
  it('refuses an older one, which would send `{env:…}` as the key, naming the update and `setup`', () => {
    let thrown: unknown;
    try {
      opencode.session!(at('1.2.6'), ocChoice(), '/tmp/s');
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(JobError);
    expect((thrown as JobError).message).toBe(
      'OpenCode 1.2.6 takes `{env:…}` in OPENCODE_CONFIG_CONTENT as it is (from 1.2.11 it reads the variable): a session would send that text as the key.',
    );
    expect(inEnglish((thrown as JobError).hint!)).toBe(
      'update OpenCode (`npm install -g opencode-ai@latest`), or run `setup`: the config files it writes, this version reads',
    );
  });
});
