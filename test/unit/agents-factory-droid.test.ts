import { describe, expect, it } from 'vitest';
import { droidModelRef, factoryDroid } from '../../src/agents/factory-droid/index.js';
import { parseConfig } from '../../src/config/index.js';
import { itFits, MESSAGES_CHAT_RESPONSES, KEY, ROOT, applyPlan, choice, darwinEnv, files, linuxEnv, winEnv } from './agents-helpers.js';
import { fixture } from './config-helpers.js';
import { english, isMessage } from '../../src/i18n/text.js';

const FILE = '/home/dev/.factory/settings.json';
const lived = parseConfig(fixture('factory-droid/settings.lived-in.json'), 'jsonc', FILE);

describe('factory-droid fit', () => {
  itFits(factoryDroid, MESSAGES_CHAT_RESPONSES);
});

describe('factory-droid files', () => {
  it('per platform and with FACTORY_HOME_OVERRIDE (a home, not the .factory folder)', () => {
    expect(factoryDroid.files(linuxEnv(), 'user').map((f) => [f.path, f.format])).toEqual([[FILE, 'jsonc']]);
    expect(factoryDroid.files(darwinEnv(), 'project')[0]!.path).toBe('/Users/dev/.factory/settings.json');
    expect(factoryDroid.files(winEnv(), 'user')[0]!.path).toBe('C:\\Users\\dev\\.factory\\settings.json');
    expect(factoryDroid.files(linuxEnv({ FACTORY_HOME_OVERRIDE: '/f' }), 'user')[0]!.path).toBe('/f/.factory/settings.json');
  });
});

describe('factory-droid plan', () => {
  const entry = (provider: string, baseUrl: string, model: string) => ({
    model,
    displayName: 'Gateway',
    baseUrl,
    apiKey: KEY,
    provider,
    maxOutputTokens: 16384,
  });

  it('per protocol: anthropic at the root, chat and Responses at /v1', () => {
    for (const [protocol, provider, base] of [
      ['messages', 'anthropic', ROOT],
      ['chat', 'generic-chat-completion-api', `${ROOT}/v1`],
      ['responses', 'openai', `${ROOT}/v1`],
    ] as const) {
      const plan = factoryDroid.plan(linuxEnv(), choice({ protocol, model: 'm' }), files());
      expect(plan.edits).toEqual([
        {
          path: FILE,
          format: 'jsonc',
          secret: true,
          edits: [
            { path: ['customModels'], value: [entry(provider, base, 'm')] },
            { path: ['model'], value: 'custom:Gateway-0' },
          ],
        },
      ]);
    }
  });

  it('lived-in: appended after the user models, selected by its index; a second run changes nothing', () => {
    const before = files({ [FILE]: lived });
    const plan = factoryDroid.plan(linuxEnv(), choice(), before);
    const after = applyPlan(before, plan).get(FILE) as { model: string; customModels: { displayName: string }[] };
    expect(after.customModels.map((m) => m.displayName)).toEqual(['Kimi K2 (Groq)', 'Local Qwen', 'Gateway']);
    expect(after.model).toBe('custom:Gateway-2');
    const again = factoryDroid.plan(linuxEnv(), choice(), files({ [FILE]: after }));
    expect(applyPlan(files({ [FILE]: after }), again).get(FILE)).toEqual(after);
  });

  it('key storage env and project scope: notes (droid reads a literal key only)', () => {
    const plan = factoryDroid.plan(linuxEnv(), choice({ keyStorage: 'env', scope: 'project' }), files());
    expect(plan.notes).toHaveLength(2);
    expect(JSON.stringify(plan.edits)).toContain(KEY);
  });

  it('references as droid names them: spaces to hyphens, then the index', () => {
    expect(droidModelRef('Kimi K2 (Groq)', 0)).toBe('custom:Kimi-K2-(Groq)-0');
  });
});

describe('factory-droid readBack', () => {
  const read = (provider: string, baseUrl: string) =>
    factoryDroid.readBack(
      linuxEnv(),
      'user',
      files({
        [FILE]: { model: 'custom:Gateway-0', customModels: [{ model: 'm', displayName: 'Gateway', baseUrl, apiKey: KEY, provider }] },
      }),
    );

  it('each provider joins its path and header', () => {
    expect(read('generic-chat-completion-api', `${ROOT}/v1`)).toMatchObject({
      protocol: 'chat',
      url: `${ROOT}/v1/chat/completions`,
      auth: 'bearer',
      key: KEY,
      model: 'm',
    });
    expect(read('openai', `${ROOT}/v1`)).toMatchObject({ protocol: 'responses', url: `${ROOT}/v1/responses`, auth: 'bearer' });
    expect(read('anthropic', ROOT)).toMatchObject({ protocol: 'messages', url: `${ROOT}/v1/messages`, auth: 'x-api-key' });
  });

  it('a doubled or missing /v1 shows in the URL', () => {
    expect(read('generic-chat-completion-api', `${ROOT}/v1/v1`)).toMatchObject({ url: `${ROOT}/v1/v1/chat/completions` });
    expect(read('anthropic', `${ROOT}/v1`)).toMatchObject({ url: `${ROOT}/v1/v1/messages` });
    expect(read('generic-chat-completion-api', ROOT)).toMatchObject({ url: `${ROOT}/chat/completions` });
  });

  it('the lived-in selection is the user model; no file or no custom model says why', () => {
    expect(factoryDroid.readBack(linuxEnv(), 'user', files({ [FILE]: lived }))).toMatchObject({
      url: 'https://api.groq.com/openai/v1/chat/completions',
      model: 'moonshotai/kimi-k2-instruct',
    });
    expect(isMessage(factoryDroid.readBack(linuxEnv(), 'user', files()))).toBe(true);
    expect(isMessage(factoryDroid.readBack(linuxEnv(), 'user', files({ [FILE]: { model: 'claude-opus-4-1' } })))).toBe(true);
    expect(isMessage(factoryDroid.readBack(linuxEnv(), 'user', files({ [FILE]: { model: 'custom:Other-0', customModels: [] } })))).toBe(
      true,
    );
  });
});

describe('factory-droid oneShot', () => {
  it('exec with the custom reference in one --model= argument', () => {
    const current = files({ [FILE]: lived });
    const request = factoryDroid.readBack(linuxEnv(), 'user', current);
    if (isMessage(request)) throw new Error(english(request));
    const model = factoryDroid.modelArg!(current, request);
    expect(model).toBe('custom:Kimi-K2-(Groq)-0');
    expect(factoryDroid.oneShot(model, 'say ok')).toEqual({
      command: 'droid',
      args: ['exec', '--model=custom:Kimi-K2-(Groq)-0', 'say ok'],
    });
  });
});
