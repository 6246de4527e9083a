// kimi-cli's request read from its own file, as its provider types send it (kimi_cli/llm.py 1.52.0).
import { describe, expect, it } from 'vitest';
import { AGENTS } from '../../src/agents/registry.js';
import type { AgentRequest } from '../../src/agents/types.js';
import { isMessage } from '../../src/i18n/index.js';
import { inEnglish } from '../helpers/english.js';

const kimiCli = AGENTS['kimi-code'].predecessor!;
const env = { home: '/home/u', env: {}, cwd: '/home/u', platform: 'linux' as const };
const doc = (type: string, baseUrl = 'https://gw.example/v1') => ({
  default_model: 'gw',
  providers: { gw: { type, base_url: baseUrl, api_key: 'sk-legacy-0000' } },
  models: { gw: { provider: 'gw', model: 'm1', max_context_size: 1000 } },
});

describe('kimi-cli, the predecessor of Kimi Code', () => {
  it('reads ~/.kimi/config.toml, or $KIMI_SHARE_DIR/config.toml', () => {
    expect(kimiCli.file(env).path).toBe('/home/u/.kimi/config.toml');
    expect(kimiCli.file({ ...env, env: { KIMI_SHARE_DIR: '/data/kimi' } }).path).toBe('/data/kimi/config.toml');
  });

  it.each([
    ['openai_legacy', 'https://gw.example/v1', 'chat', 'https://gw.example/v1/chat/completions', 'bearer'],
    ['kimi', 'https://gw.example/v1', 'chat', 'https://gw.example/v1/chat/completions', 'bearer'],
    ['openai_responses', 'https://gw.example/v1', 'responses', 'https://gw.example/v1/responses', 'bearer'],
    // The Anthropic SDK adds /v1/messages to whatever base it is given.
    ['anthropic', 'https://gw.example', 'messages', 'https://gw.example/v1/messages', 'x-api-key'],
    ['anthropic', 'https://gw.example/v1', 'messages', 'https://gw.example/v1/v1/messages', 'x-api-key'],
  ])('type %s at %s: %s to %s (%s)', (type, base, protocol, url, auth) => {
    const r = kimiCli.readBack(env, doc(type, base)) as AgentRequest;
    expect(isMessage(r)).toBe(false);
    expect({ protocol: r.protocol, url: r.url, auth: r.auth, model: r.model, key: r.key }).toEqual({
      protocol,
      url,
      auth,
      model: 'm1',
      key: 'sk-legacy-0000',
    });
  });

  it('a type the gateway does not serve, or no default_model: why, naming the file', () => {
    expect(inEnglish(kimiCli.readBack(env, doc('gemini')) as never)).toContain('/home/u/.kimi/config.toml');
    expect(inEnglish(kimiCli.readBack(env, { providers: {} }) as never)).toBe(
      'default_model is not set in /home/u/.kimi/config.toml: kimi-cli has no model to use.',
    );
  });

  it('told apart from Kimi Code by its --version', () => {
    expect(kimiCli.versionText.test('kimi, version 1.52.0\nkimi-cli is no longer maintained. Please use the new Kimi Code CLI.')).toBe(
      true,
    );
    expect(kimiCli.versionText.test('2.1.0')).toBe(false);
  });
});
