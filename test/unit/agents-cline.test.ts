import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cline } from '../../src/agents/cline/index.js';
import { itFits, CHAT_ONLY, KEY, ROOT, applyPlan, choice, darwinEnv, files, linuxEnv, winEnv } from './agents-helpers.js';
import { inEnglish } from '../helpers/english.js';

const lived: unknown = JSON.parse(readFileSync(new URL('../fixtures/agents/cline/providers.lived-in.json', import.meta.url), 'utf8'));
const FILE = '/home/dev/.cline/data/settings/providers.json';
const cChoice = (over: Parameters<typeof choice>[0] = {}) => choice({ model: 'deepseek-chat', protocol: 'chat', ...over });

describe('cline fit', () => {
  // Claude models are marked openai too: chat (Cline drops an anthropic entry's base URL).
  itFits(cline, CHAT_ONLY);
});

describe('cline files', () => {
  it('per platform and with CLINE_DIR / CLINE_DATA_DIR; one file for both scopes', () => {
    expect(cline.files(linuxEnv(), 'user').map((f) => f.path)).toEqual([FILE]);
    expect(cline.files(linuxEnv(), 'project').map((f) => f.path)).toEqual([FILE]);
    expect(cline.files(darwinEnv(), 'user')[0]!.path).toBe('/Users/dev/.cline/data/settings/providers.json');
    expect(cline.files(winEnv(), 'user')[0]!.path).toBe('C:\\Users\\dev\\.cline\\data\\settings\\providers.json');
    expect(cline.files(linuxEnv({ CLINE_DIR: '/c' }), 'user')[0]!.path).toBe('/c/data/settings/providers.json');
    expect(cline.files(linuxEnv({ CLINE_DIR: '/c', CLINE_DATA_DIR: '/d' }), 'user')[0]!.path).toBe('/d/settings/providers.json');
  });
});

describe('cline plan', () => {
  it('chat: the openai-compatible entry, leaf by leaf; version when creating', () => {
    const plan = cline.plan(linuxEnv(), cChoice(), files());
    expect(plan.edits).toEqual([
      {
        path: FILE,
        format: 'json',
        secret: true,
        edits: [
          { path: ['version'], value: 1 },
          { path: ['providers', 'openai-compatible', 'settings', 'provider'], value: 'openai-compatible' },
          { path: ['providers', 'openai-compatible', 'settings', 'apiKey'], value: KEY },
          { path: ['providers', 'openai-compatible', 'settings', 'model'], value: 'deepseek-chat' },
          { path: ['providers', 'openai-compatible', 'settings', 'baseUrl'], value: `${ROOT}/v1` },
          { path: ['providers', 'openai-compatible', 'tokenSource'], value: 'manual' },
          { path: ['lastUsedProvider'], value: 'openai-compatible' },
          // cline 3.0.65 discards the whole file when an entry has no updatedAt.
          { path: ['providers', 'openai-compatible', 'updatedAt'], value: '1970-01-01T00:00:00.000Z' },
        ],
      },
    ]);
    expect(inEnglish(plan.notes)).toEqual([]);
  });

  it('updatedAt: written only where the entry has none, so a second run changes nothing', () => {
    const lived = { version: 1, providers: { 'openai-compatible': { settings: {}, updatedAt: '2026-01-01T00:00:00.000Z' } } };
    const edits = cline.plan(linuxEnv(), cChoice(), files({ [FILE]: lived })).edits[0]!.edits;
    expect(edits.some((e) => e.path.includes('updatedAt'))).toBe(false);
  });
  it('messages: the anthropic entry with root + /v1; version kept when present', () => {
    const plan = cline.plan(linuxEnv(), cChoice({ protocol: 'messages' }), files({ [FILE]: lived }));
    const edits = plan.edits[0]!.edits;
    expect(edits).toContainEqual({ path: ['providers', 'anthropic', 'settings', 'baseUrl'], value: `${ROOT}/v1` });
    expect(edits).toContainEqual({ path: ['lastUsedProvider'], value: 'anthropic' });
    expect(edits.some((e) => e.path[0] === 'version')).toBe(false);
  });
  it('env storage and project scope explain why the user file holds the key', () => {
    const plan = cline.plan(linuxEnv(), cChoice({ keyStorage: 'env', scope: 'project' }), files());
    expect(plan.edits[0]!.path).toBe(FILE);
    expect(plan.edits[0]!.secret).toBe(true);
    expect(inEnglish(plan.notes).join('\n')).toContain('cannot reference an environment variable');
    expect(inEnglish(plan.notes).join('\n')).toContain('no project config');
    expect(inEnglish(plan.notes).join('\n')).not.toContain(KEY);
  });
});

describe('cline readBack', () => {
  const doc = (id: string, baseUrl: string) => ({
    lastUsedProvider: id,
    providers: { [id]: { settings: { provider: id, apiKey: KEY, model: 'm', baseUrl } } },
  });
  const read = (d: unknown) => inEnglish(cline.readBack(linuxEnv(), 'user', files({ [FILE]: d })));
  it('chat and messages URLs and headers', () => {
    expect(read(doc('openai-compatible', `${ROOT}/v1/`))).toEqual({
      protocol: 'chat',
      url: `${ROOT}/v1/chat/completions`,
      model: 'm',
      auth: 'bearer',
      key: KEY,
      keySource: `${FILE} providers.openai-compatible.settings.apiKey`,
      baseUrl: `${ROOT}/v1/`,
      file: FILE,
    });
    expect(read(doc('anthropic', `${ROOT}/v1`))).toMatchObject({ protocol: 'messages', url: `${ROOT}/v1/messages`, auth: 'x-api-key' });
  });
  it('shows a doubled and a missing /v1', () => {
    expect(read(doc('openai-compatible', `${ROOT}/v1/v1`))).toMatchObject({ url: `${ROOT}/v1/v1/chat/completions` });
    expect(read(doc('anthropic', ROOT))).toMatchObject({ url: `${ROOT}/messages` });
  });
  it('string reasons', () => {
    expect(read(undefined)).toContain('does not exist');
    expect(read(lived)).toContain('openrouter');
    expect(read({ lastUsedProvider: 'anthropic', providers: {} })).toContain('settings is missing');
  });
});

describe('cline plan → readBack over the lived-in providers', () => {
  it.each(['chat', 'messages'] as const)('%s', (protocol) => {
    const before = files({ [FILE]: lived });
    const after = applyPlan(before, cline.plan(linuxEnv(), cChoice({ protocol }), before));
    const path = protocol === 'chat' ? '/v1/chat/completions' : '/v1/messages';
    expect(inEnglish(cline.readBack(linuxEnv(), 'user', after))).toMatchObject({ url: `${ROOT}${path}`, model: 'deepseek-chat', key: KEY });
    expect((after.get(FILE) as Record<string, Record<string, unknown>>)['providers']!['openrouter']).toEqual(
      (lived as Record<string, Record<string, unknown>>)['providers']!['openrouter'],
    );
  });
});

describe('cline oneShot', () => {
  it('the prompt only: -m would make Cline drop the key and base URL from providers.json', () => {
    expect(cline.oneShot('m', 'say ok')).toEqual({ command: 'cline', args: ['say ok'] });
  });
});
