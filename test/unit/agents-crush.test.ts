import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inEnglish } from '../helpers/english.js';
import { crush } from '../../src/agents/crush/index.js';
import { itFits, MESSAGES_CHAT_RESPONSES, KEY, ROOT, applyPlan, choice, files, linuxEnv, winEnv } from './agents-helpers.js';
import { model } from './agents-helpers.js';

const lived: unknown = JSON.parse(readFileSync(new URL('../fixtures/agents/crush/crush.lived-in.json', import.meta.url), 'utf8'));
const FILE = '/home/dev/.config/crush/crush.json';
const DATA = '/home/dev/.local/share/crush/crush.json';

describe('crush fit', () => {
  // A gpt-5 id: Crush's `openai` type sends it to /responses.
  itFits(crush, MESSAGES_CHAT_RESPONSES);
  it('a Responses-only model whose id Crush would not send to /responses does not fit', () => {
    expect(crush.fit(model('o9-pro', ['openai-response']))).toMatchObject({ ok: false });
  });
});

describe('crush files', () => {
  it('the config and the data file that wins over it, per platform and under the override variables', () => {
    expect(crush.files(linuxEnv(), 'user').map((f) => f.path)).toEqual([FILE, DATA]);
    expect(crush.files(linuxEnv(), 'project').map((f) => f.path)).toEqual([FILE, DATA]);
    expect(crush.files(winEnv(), 'user').map((f) => f.path)).toEqual([
      'C:\\Users\\dev\\.config\\crush\\crush.json',
      'C:\\Users\\dev\\AppData\\Local\\crush\\crush.json',
    ]);
    expect(crush.files(linuxEnv({ CRUSH_GLOBAL_CONFIG: 'cfg', XDG_DATA_HOME: '/d' }), 'user').map((f) => f.path)).toEqual([
      '/home/dev/projects/app/cfg/crush.json',
      '/d/crush/crush.json',
    ]);
  });
});

describe('crush plan', () => {
  it('messages: an anthropic provider at the root, the model listed, models.large', () => {
    const plan = crush.plan(linuxEnv(), choice(), files());
    expect(plan.edits).toEqual([
      {
        path: FILE,
        format: 'json',
        secret: true,
        edits: [
          { path: ['providers', 'gateway', 'name'], value: 'Gateway' },
          { path: ['providers', 'gateway', 'type'], value: 'anthropic' },
          { path: ['providers', 'gateway', 'base_url'], value: ROOT },
          { path: ['providers', 'gateway', 'api_key'], value: KEY },
          { path: ['providers', 'gateway', 'models'], value: [{ id: 'claude-sonnet-4-5', name: 'claude-sonnet-4-5' }] },
          { path: ['models', 'large', 'model'], value: 'claude-sonnet-4-5' },
          { path: ['models', 'large', 'provider'], value: 'gateway' },
        ],
      },
    ]);
    expect(inEnglish(plan.notes)).toEqual([]);
  });
  it('chat and Responses take root + /v1; env storage writes $GATEWAY_API_KEY and asks for the export', () => {
    const chat = crush.plan(linuxEnv(), choice({ protocol: 'chat', model: 'deepseek-chat', keyStorage: 'env' }), files());
    expect(chat.edits[0]!.edits).toContainEqual({ path: ['providers', 'gateway', 'type'], value: 'openai-compat' });
    expect(chat.edits[0]!.edits).toContainEqual({ path: ['providers', 'gateway', 'base_url'], value: `${ROOT}/v1` });
    expect(chat.edits[0]!.edits).toContainEqual({ path: ['providers', 'gateway', 'api_key'], value: '$GATEWAY_API_KEY' });
    expect(chat.edits[0]!.secret).toBe(false);
    expect(chat.exportVar).toBe('GATEWAY_API_KEY');
    const responses = crush.plan(linuxEnv(), choice({ protocol: 'responses', model: 'gpt-5.1-codex' }), files());
    expect(responses.edits[0]!.edits).toContainEqual({ path: ['providers', 'gateway', 'type'], value: 'openai' });
  });
  it("the user's models stay listed; a model already listed is not added again", () => {
    const current = files({ [FILE]: { providers: { gateway: { models: [{ id: 'mine', name: 'Mine', context_window: 1000 }] } } } });
    const edits = crush.plan(linuxEnv(), choice(), current).edits[0]!.edits;
    expect(edits).toContainEqual({
      path: ['providers', 'gateway', 'models'],
      value: [
        { id: 'mine', name: 'Mine', context_window: 1000 },
        { id: 'claude-sonnet-4-5', name: 'claude-sonnet-4-5' },
      ],
    });
    const again = files({ [FILE]: { providers: { gateway: { models: [{ id: 'claude-sonnet-4-5' }] } } } });
    expect(crush.plan(linuxEnv(), choice(), again).edits[0]!.edits.some((e) => e.path.at(-1) === 'models')).toBe(false);
  });
  it("a model picked in Crush's data file wins over the config: it is pointed at ours too, with a note", () => {
    const current = files({ [DATA]: { models: { large: { model: 'gpt-4o', provider: 'openai' } }, recent_models: {} } });
    const plan = crush.plan(linuxEnv(), choice(), current);
    expect(plan.edits[1]).toEqual({
      path: DATA,
      format: 'json',
      edits: [
        { path: ['models', 'large', 'model'], value: 'claude-sonnet-4-5' },
        { path: ['models', 'large', 'provider'], value: 'gateway' },
      ],
    });
    expect(inEnglish(plan.notes).join('\n')).toContain(DATA);
  });
});

describe('crush readBack', () => {
  const doc = (type: string, base: string, apiKey = KEY) => ({
    providers: { gateway: { type, base_url: base, api_key: apiKey, models: [{ id: 'm' }] } },
    models: { large: { model: 'm', provider: 'gateway' } },
  });
  const read = (d: unknown, env: Record<string, string> = {}, data?: unknown) =>
    inEnglish(crush.readBack(linuxEnv(env), 'user', files({ [FILE]: d, ...(data !== undefined && { [DATA]: data }) })));
  it('per provider type: the path joined as Crush joins it, the header, the key', () => {
    expect(read(doc('anthropic', ROOT))).toEqual({
      protocol: 'messages',
      url: `${ROOT}/v1/messages`,
      model: 'm',
      auth: 'x-api-key',
      key: KEY,
      keySource: `${FILE} providers.gateway.api_key`,
      baseUrl: ROOT,
      file: FILE,
    });
    expect(read(doc('openai-compat', `${ROOT}/v1/`))).toMatchObject({
      protocol: 'chat',
      url: `${ROOT}/v1/chat/completions`,
      auth: 'bearer',
    });
    expect(read({ ...doc('openai', `${ROOT}/v1`), models: { large: { model: 'gpt-5.1-codex', provider: 'gateway' } } })).toMatchObject({
      protocol: 'responses',
      url: `${ROOT}/v1/responses`,
    });
    expect(read(doc('openai', `${ROOT}/v1`))).toMatchObject({ protocol: 'chat', url: `${ROOT}/v1/chat/completions` });
  });
  it('shows a doubled and a missing /v1', () => {
    expect(read(doc('anthropic', `${ROOT}/v1`))).toMatchObject({ url: `${ROOT}/v1/v1/messages` });
    expect(read(doc('openai-compat', ROOT))).toMatchObject({ url: `${ROOT}/chat/completions` });
  });
  it('$VAR and ${VAR} keys resolve from the environment, named as the source', () => {
    expect(read(doc('anthropic', ROOT, '$GATEWAY_API_KEY'), { GATEWAY_API_KEY: KEY })).toMatchObject({
      key: KEY,
      keySource: `GATEWAY_API_KEY in ${FILE}`,
      keyVar: { name: 'GATEWAY_API_KEY', via: 'reference' },
    });
    expect(read(doc('anthropic', ROOT, '${GATEWAY_API_KEY}'), {})).toMatchObject({
      key: undefined,
      keyVar: { name: 'GATEWAY_API_KEY', via: 'named' },
    });
  });
  it("the data file's models.large wins over the config's", () => {
    expect(read(doc('anthropic', ROOT), {}, { models: { large: { model: 'gpt-4o', provider: 'openai' } } })).toContain('"openai"');
  });
  it('string reasons', () => {
    expect(read(undefined)).toContain('does not exist');
    expect(read(lived)).toContain('"deepseek"');
    expect(read({ providers: {} })).toContain('models.large');
    expect(read({ ...doc('gemini', ROOT) })).toContain('"gemini"');
  });
});

describe('crush plan → readBack over the lived-in config', () => {
  it.each(['messages', 'chat'] as const)("%s, the user's providers, small model and options kept", (protocol) => {
    const before = files({ [FILE]: lived });
    const after = applyPlan(before, crush.plan(linuxEnv(), choice({ protocol }), before));
    const path = protocol === 'messages' ? '/v1/messages' : '/v1/chat/completions';
    expect(inEnglish(crush.readBack(linuxEnv(), 'user', after))).toMatchObject({
      url: `${ROOT}${path}`,
      model: 'claude-sonnet-4-5',
      key: KEY,
    });
    const doc = after.get(FILE) as { providers: Record<string, unknown>; models: Record<string, unknown> };
    const old = lived as typeof doc;
    expect(doc.providers['deepseek']).toEqual(old.providers['deepseek']);
    expect(doc.models['small']).toEqual(old.models['small']);
  });
});

describe('crush oneShot', () => {
  it('`crush run` with the prompt after `--`, the model from models.large; no provider catalogue download, no metrics', () => {
    expect(crush.oneShot('m', '-say ok')).toEqual({
      command: 'crush',
      args: ['run', '--quiet', '--', '-say ok'],
      env: { CRUSH_DISABLE_PROVIDER_AUTO_UPDATE: '1', CRUSH_DISABLE_METRICS: '1' },
    });
  });
});

describe('crush unplan', () => {
  const gw = { root: ROOT, v1: `${ROOT}/v1` };
  it('our provider and the model choices naming it, in the config and the data file; other providers stay', () => {
    const before = files({ [FILE]: lived, [DATA]: { models: { large: { model: 'gpt-4o', provider: 'openai' } } } });
    const after = applyPlan(before, crush.plan(linuxEnv(), choice(), before));
    const u = crush.unplan!(linuxEnv(), 'user', after, gw);
    expect(u.edits.map((e) => [e.path, e.edits.map((k) => k.path.join('.'))])).toEqual([
      [FILE, ['providers.gateway', 'models.large']],
      [DATA, ['models.large']],
    ]);
    expect(u.secrets).toEqual([KEY]);
    const removed = applyPlan(after, { edits: u.edits, notes: [] }).get(FILE) as {
      providers: Record<string, unknown>;
      models: Record<string, unknown>;
    };
    expect(Object.keys(removed.providers)).toEqual(['deepseek', 'ollama']);
    expect(removed.models['small']).toEqual((lived as typeof removed).models['small']);
  });
  it('a $VAR key is no secret; another base URL is left with a note; no file, no edit', () => {
    const env = applyPlan(files(), crush.plan(linuxEnv(), choice({ keyStorage: 'env' }), files()));
    expect(crush.unplan!(linuxEnv(), 'user', env, gw).secrets).toEqual([]);
    const other = files({ [FILE]: { providers: { gateway: { base_url: 'https://elsewhere.example' } } } });
    expect(crush.unplan!(linuxEnv(), 'user', other, gw)).toMatchObject({ edits: [], secrets: [] });
    expect(inEnglish(crush.unplan!(linuxEnv(), 'user', other, gw).notes).join('')).toContain('elsewhere');
    expect(crush.unplan!(linuxEnv(), 'user', files(), gw).edits).toEqual([]);
  });
});
