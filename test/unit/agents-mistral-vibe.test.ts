// Mistral Vibe's own rules: one [[providers]] entry and one [[models]] entry of ours beside the
// user's, `active_model` naming our alias, the key in the .env an exported variable overrides, and
// the request rebuilt as Vibe 3.0.2 joins it (api_base + the adapter's path, nothing trimmed).
import { describe, expect, it } from 'vitest';
import { mistralVibe } from '../../src/agents/mistral-vibe/index.js';
import { KEY, MESSAGES_CHAT_RESPONSES, OTHER_KEY, ROOT, applyPlan, choice, files, itFits, linuxEnv } from './agents-helpers.js';
import { inEnglish } from '../helpers/english.js';

const CONFIG = '/home/dev/.vibe/config.toml';
const DOTENV = '/home/dev/.vibe/.env';
const GATEWAY = { root: ROOT, v1: `${ROOT}/v1` };
const MISTRAL = { name: 'mistral', api_base: 'https://api.mistral.ai/v1', api_key_env_var: 'MISTRAL_API_KEY' };
const DEVSTRAL = { name: 'devstral-2512', provider: 'mistral', alias: 'devstral' };

describe('mistral-vibe fit', () => itFits(mistralVibe, MESSAGES_CHAT_RESPONSES));

describe('mistral-vibe plan and readBack', () => {
  it.each([
    ['messages', 'claude-sonnet-4-5', ROOT, 'anthropic', `${ROOT}/v1/messages`, 'x-api-key'],
    ['chat', 'deepseek-chat', `${ROOT}/v1`, 'openai', `${ROOT}/v1/chat/completions`, 'bearer'],
    ['responses', 'gpt-5.1-codex', `${ROOT}/v1`, 'openai-responses', `${ROOT}/v1/responses`, 'bearer'],
  ] as const)(
    "%s: our entries appended after the user's, api_style %s; the key in .env; read back as sent",
    (protocol, model, base, style, url, auth) => {
      const before = files({ [CONFIG]: { active_model: 'devstral', providers: [MISTRAL], models: [DEVSTRAL] } });
      const after = applyPlan(before, mistralVibe.plan(linuxEnv(), choice({ protocol, model }), before));
      expect(after.get(CONFIG)).toEqual({
        active_model: `gateway/${model}`,
        providers: [MISTRAL, { name: 'gateway', api_base: base, api_key_env_var: 'GATEWAY_API_KEY', api_style: style }],
        models: [DEVSTRAL, { name: model, provider: 'gateway', alias: `gateway/${model}` }],
      });
      expect(after.get(DOTENV)).toEqual({ GATEWAY_API_KEY: KEY });
      expect(mistralVibe.readBack(linuxEnv(), 'user', after)).toMatchObject({ protocol, url, model, auth, key: KEY, provider: 'gateway' });
      // Vibe has no model flag: the alias goes through its variable.
      expect(mistralVibe.modelArg!(after, { file: CONFIG, model } as never)).toBe(`gateway/${model}`);
      expect(mistralVibe.oneShot(`gateway/${model}`, 'hi')).toEqual({
        command: 'vibe',
        args: ['-p', 'hi'],
        env: { VIBE_ACTIVE_MODEL: `gateway/${model}` },
      });
    },
  );

  it('a second run for another model keeps one provider and adds the model; the same model is not added twice', () => {
    const first = applyPlan(files(), mistralVibe.plan(linuxEnv(), choice({ protocol: 'chat', model: 'deepseek-chat' }), files()));
    const second = applyPlan(first, mistralVibe.plan(linuxEnv(), choice({ protocol: 'messages', model: 'claude-sonnet-4-5' }), first));
    const again = applyPlan(second, mistralVibe.plan(linuxEnv(), choice({ protocol: 'messages', model: 'claude-sonnet-4-5' }), second));
    const doc = again.get(CONFIG) as { providers: unknown[]; models: { alias: string }[]; active_model: string };
    expect(doc.providers).toEqual([{ name: 'gateway', api_base: ROOT, api_key_env_var: 'GATEWAY_API_KEY', api_style: 'anthropic' }]);
    expect(doc.models.map((m) => m.alias)).toEqual(['gateway/deepseek-chat', 'gateway/claude-sonnet-4-5']);
    expect(doc.active_model).toBe('gateway/claude-sonnet-4-5');
  });

  it('models kept as a table keyed by alias (which Vibe reads too) get our alias there', () => {
    const before = files({ [CONFIG]: { models: { devstral: { name: 'devstral-2512', provider: 'mistral' } } } });
    const after = applyPlan(before, mistralVibe.plan(linuxEnv(), choice({ protocol: 'chat', model: 'deepseek-chat' }), before));
    expect((after.get(CONFIG) as { models: unknown }).models).toEqual({
      devstral: { name: 'devstral-2512', provider: 'mistral' },
      'gateway/deepseek-chat': { name: 'deepseek-chat', provider: 'gateway', alias: 'gateway/deepseek-chat' },
    });
    expect(mistralVibe.readBack(linuxEnv(), 'user', after)).toMatchObject({ url: `${ROOT}/v1/chat/completions`, key: KEY });
  });

  it('a provider named gateway of the user (another host) stays: ours is gateway-2', () => {
    const mine = { name: 'gateway', api_base: 'https://corp.example.com/v1', api_key_env_var: 'CORP_KEY' };
    const before = files({ [CONFIG]: { providers: [mine] } });
    const plan = mistralVibe.plan(linuxEnv(), choice({ protocol: 'chat', model: 'deepseek-chat' }), before);
    const doc = applyPlan(before, plan).get(CONFIG) as { providers: unknown[]; active_model: string };
    expect(doc.providers[0]).toEqual(mine);
    expect(doc.providers[1]).toMatchObject({ name: 'gateway-2' });
    expect(doc.active_model).toBe('gateway-2/deepseek-chat');
    expect(plan.notes.map(inEnglish).join('\n')).toContain('"gateway-2"');
  });

  it('an exported key wins over .env (a note says so); env storage takes a stale key out of .env', () => {
    const plan = mistralVibe.plan(linuxEnv({ GATEWAY_API_KEY: OTHER_KEY }), choice({ protocol: 'chat', model: 'deepseek-chat' }), files());
    expect(plan.notes.map(inEnglish).join('\n')).toMatch(/sends an exported value before/);
    expect(plan.notes.map(inEnglish).join('\n')).not.toContain(OTHER_KEY);
    const written = applyPlan(files(), plan);
    expect(mistralVibe.readBack(linuxEnv({ GATEWAY_API_KEY: OTHER_KEY }), 'user', written)).toMatchObject({
      key: OTHER_KEY,
      keyVar: { name: 'GATEWAY_API_KEY', via: 'export' },
    });
    expect(mistralVibe.readBack(linuxEnv(), 'user', written)).toMatchObject({
      key: KEY,
      keyVar: { name: 'GATEWAY_API_KEY', via: 'named' },
    });
    const env = mistralVibe.plan(linuxEnv(), choice({ protocol: 'chat', model: 'deepseek-chat', keyStorage: 'env' }), written);
    expect(env.exportVar).toBe('GATEWAY_API_KEY');
    expect(applyPlan(written, env).get(DOTENV)).toEqual({});
  });

  it('reads .env as python-dotenv does (${NAME} from the environment) and api_base as written (a trailing slash doubles it)', () => {
    const config = {
      active_model: 'gw',
      providers: [{ name: 'gateway', api_base: `${ROOT}/v1/`, api_key_env_var: 'K' }],
      models: [{ name: 'deepseek-chat', provider: 'gateway', alias: 'gw' }],
    };
    const current = files({ [CONFIG]: config, [DOTENV]: { K: '${REAL_KEY}' } });
    expect(mistralVibe.readBack(linuxEnv({ REAL_KEY: KEY }), 'user', current)).toMatchObject({
      protocol: 'chat',
      url: `${ROOT}/v1//chat/completions`,
      key: KEY,
    });
  });

  it('says why there is no request: no model of that alias, VIBE_ACTIVE_MODEL elsewhere, a provider not among the entries, a Mistral backend', () => {
    const config = { active_model: 'gone', providers: [MISTRAL], models: [DEVSTRAL] };
    expect(inEnglish(mistralVibe.readBack(linuxEnv(), 'user', files({ [CONFIG]: config })))).toContain('"gone"');
    expect(inEnglish(mistralVibe.readBack(linuxEnv({ VIBE_ACTIVE_MODEL: 'x' }), 'user', files({ [CONFIG]: config })))).toContain(
      'VIBE_ACTIVE_MODEL',
    );
    const other = { active_model: 'devstral', providers: [], models: [DEVSTRAL] };
    expect(inEnglish(mistralVibe.readBack(linuxEnv(), 'user', files({ [CONFIG]: other })))).toContain('"mistral"');
    const backend = { active_model: 'devstral', providers: [{ ...MISTRAL, backend: 'mistral' }], models: [DEVSTRAL] };
    expect(inEnglish(mistralVibe.readBack(linuxEnv(), 'user', files({ [CONFIG]: backend })))).toContain('"mistral"');
  });

  it('remove takes out our provider, our models, active_model and the key variable; the user entries stay', () => {
    const before = files({
      [CONFIG]: { active_model: 'devstral', providers: [MISTRAL], models: [DEVSTRAL] },
      [DOTENV]: { MISTRAL_API_KEY: 'mk' },
    });
    const first = applyPlan(before, mistralVibe.plan(linuxEnv(), choice({ protocol: 'chat', model: 'deepseek-chat' }), before));
    const written = applyPlan(first, mistralVibe.plan(linuxEnv(), choice({ protocol: 'messages', model: 'claude-sonnet-4-5' }), first));
    const unplan = mistralVibe.unplan!(linuxEnv(), 'user', written, GATEWAY);
    expect(unplan.secrets).toEqual([KEY]);
    const after = applyPlan(written, { edits: unplan.edits, notes: [] });
    expect(after.get(CONFIG)).toEqual({ providers: [MISTRAL], models: [DEVSTRAL] });
    expect(after.get(DOTENV)).toEqual({ MISTRAL_API_KEY: 'mk' });
    expect(unplan.notes.map(inEnglish).join('\n')).toContain('active_model');
  });

  it('a provider of ours the user pointed elsewhere is theirs: remove leaves it, with a note', () => {
    const moved = { name: 'gateway', api_base: 'https://elsewhere.example.com/v1', api_key_env_var: 'GATEWAY_API_KEY' };
    const unplan = mistralVibe.unplan!(linuxEnv(), 'user', files({ [CONFIG]: { providers: [moved] } }), GATEWAY);
    expect(unplan.edits).toEqual([]);
    expect(unplan.notes.map(inEnglish).join('\n')).toContain('elsewhere.example.com');
  });

  it('providers that are not a list are refused, naming the key and the file', () => {
    expect(() => mistralVibe.plan(linuxEnv(), choice(), files({ [CONFIG]: { providers: { gateway: {} } } }))).toThrow(/providers/);
  });

  it('launch: the provider and model through VIBE_PROVIDERS and VIBE_MODELS, the key only in the environment', () => {
    const session = mistralVibe.session!(linuxEnv(), choice({ protocol: 'messages', model: 'claude-sonnet-4-5' }), '/tmp/s');
    expect(JSON.parse(session.env['VIBE_PROVIDERS']!)).toEqual([
      { name: 'gateway', api_base: ROOT, api_key_env_var: 'GATEWAY_API_KEY', api_style: 'anthropic' },
    ]);
    expect(JSON.parse(session.env['VIBE_MODELS']!)).toEqual([
      { name: 'claude-sonnet-4-5', provider: 'gateway', alias: 'gateway/claude-sonnet-4-5' },
    ]);
    expect(session.env['VIBE_ACTIVE_MODEL']).toBe('gateway/claude-sonnet-4-5');
    expect(session.env['GATEWAY_API_KEY']).toBe(KEY);
    expect(session.args ?? []).toEqual([]);
    expect(session.files ?? []).toEqual([]);
  });
});
