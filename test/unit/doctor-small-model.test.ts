// The small/fast model request the doctor checks: read through the agent's own readBack with the
// small-model setting standing in for the main one, so every layering rule of the agent applies.
import { describe, expect, it } from 'vitest';
import { AGENTS } from '../../src/agents/registry.js';
import type { AgentEnv, AgentRequest, CurrentFiles } from '../../src/agents/types.js';
import { smallModelRequest } from '../../src/agents/small-model.js';
import { inEnglish } from '../helpers/english.js';
import { english, isMessage } from '../../src/i18n/index.js';

const KEY = 'sk-abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKL';
const base = (env: Record<string, string> = {}): AgentEnv => ({ home: '/h', cwd: '/h/p', env, platform: 'linux' });
const claude = AGENTS['claude-code'];
const opencode = AGENTS.opencode;

function claudeFiles(...blocks: Record<string, string>[]): CurrentFiles {
  const [user, project, local] = blocks;
  return new Map<string, unknown>([
    ['/h/p/.claude/settings.json', project && { env: project }],
    ['/h/p/.claude/settings.local.json', local && { env: local }],
    ['/h/.claude/settings.json', user && { env: user }],
  ]);
}

const main = (env: AgentEnv, files: CurrentFiles, scope: 'user' | 'project' = 'user'): AgentRequest => {
  const r = claude.readBack(env, scope, files);
  if (isMessage(r)) throw new Error(english(r));
  return r;
};

const GW = { ANTHROPIC_BASE_URL: 'http://gw', ANTHROPIC_MODEL: 'claude-sonnet-4-5', ANTHROPIC_AUTH_TOKEN: KEY };

describe('smallModelRequest: Claude Code', () => {
  it('the haiku model, sent like the main request (same URL, header, key)', () => {
    const files = claudeFiles({ ...GW, ANTHROPIC_DEFAULT_HAIKU_MODEL: 'claude-haiku-4-5' });
    const r = inEnglish(smallModelRequest(claude, base(), 'user', files, main(base(), files)));
    expect(r).toMatchObject({
      setting: 'ANTHROPIC_DEFAULT_HAIKU_MODEL',
      request: { model: 'claude-haiku-4-5', url: 'http://gw/v1/messages', auth: 'bearer', key: KEY },
    });
  });

  it('the deprecated ANTHROPIC_SMALL_FAST_MODEL is read first, even from a lower layer', () => {
    const env = base({ ANTHROPIC_SMALL_FAST_MODEL: 'old-small' });
    const files = claudeFiles({ ...GW }, { ANTHROPIC_DEFAULT_HAIKU_MODEL: 'claude-haiku-4-5' });
    const r = inEnglish(smallModelRequest(claude, env, 'project', files, main(env, files, 'project')));
    expect(r).toMatchObject({ setting: 'ANTHROPIC_SMALL_FAST_MODEL', request: { model: 'old-small' } });
  });

  it('a higher settings layer wins, as in Claude Code', () => {
    const files = claudeFiles({ ...GW, ANTHROPIC_DEFAULT_HAIKU_MODEL: 'user-haiku' }, {}, { ANTHROPIC_DEFAULT_HAIKU_MODEL: 'local-haiku' });
    expect(inEnglish(smallModelRequest(claude, base(), 'project', files, main(base(), files, 'project')))).toMatchObject({
      request: { model: 'local-haiku' },
    });
  });

  it('none set, or the same as the main model: nothing to check', () => {
    const none = claudeFiles({ ...GW });
    expect(inEnglish(smallModelRequest(claude, base(), 'user', none, main(base(), none)))).toBeUndefined();
    const same = claudeFiles({ ...GW, ANTHROPIC_DEFAULT_HAIKU_MODEL: 'claude-sonnet-4-5' });
    expect(inEnglish(smallModelRequest(claude, base(), 'user', same, main(base(), same)))).toBeUndefined();
  });
});

describe('smallModelRequest: OpenCode', () => {
  const file = '/h/.config/opencode/opencode.json';
  const doc = {
    model: 'gateway/deepseek-chat',
    small_model: 'gateway-anthropic/claude-haiku-4-5',
    provider: {
      gateway: { npm: '@ai-sdk/openai-compatible', options: { baseURL: 'http://gw/v1', apiKey: KEY }, models: { 'deepseek-chat': {} } },
      'gateway-anthropic': {
        npm: '@ai-sdk/anthropic',
        options: { baseURL: 'http://gw/v1', apiKey: '{env:GW}' },
        models: { 'claude-haiku-4-5': {} },
      },
    },
  };
  const env = base({ GW: KEY });
  const files = (d: unknown): CurrentFiles => new Map([[file, d]]);
  const mainOf = (d: unknown): AgentRequest => {
    const r = opencode.readBack(env, 'user', files(d));
    if (isMessage(r)) throw new Error(english(r));
    return r;
  };

  it("the small model's own provider decides protocol, URL and header", () => {
    const r = inEnglish(smallModelRequest(opencode, env, 'user', files(doc), mainOf(doc)));
    expect(r).toMatchObject({
      setting: 'small_model',
      request: { model: 'claude-haiku-4-5', protocol: 'messages', url: 'http://gw/v1/messages', auth: 'x-api-key', key: KEY },
    });
    expect(mainOf(doc).protocol).toBe('chat');
  });

  it('a small_model that names no provider: the reason, naming the setting', () => {
    const bad = { ...doc, small_model: 'nowhere/tiny' };
    const r = inEnglish(smallModelRequest(opencode, env, 'user', files(bad), mainOf(bad)));
    expect(typeof r).toBe('string');
    expect(r).toContain('small_model');
    expect(r).toContain('nowhere');
  });

  it('no small_model: nothing to check', () => {
    const { small_model: _s, ...plain } = doc;
    expect(inEnglish(smallModelRequest(opencode, env, 'user', files(plain), mainOf(plain)))).toBeUndefined();
  });

  it('agents without a small model setting: nothing to check', () => {
    const codex = AGENTS.codex;
    expect(inEnglish(smallModelRequest(codex, env, 'user', new Map(), { ...mainOf(doc) }))).toBeUndefined();
  });
});
