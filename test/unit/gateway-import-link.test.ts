// The gateway console's import link: every field a setup takes, every malformed field named, and
// the key never in a message.
import { describe, expect, it } from 'vitest';
import { ToolError, UsageError } from '../../src/core/errors.js';
import { isImportLink, parseImportLink as parseWith, refuseLinkArguments } from '../../src/gateway/import-link.js';
import { linkConfig } from '../../src/gateway/import-config.js';
import { english } from '../../src/i18n/index.js';
import { agentsForApp, hintPreferences } from '../../src/setup/import-hints.js';
import { AGENTS } from '../../src/agents/registry.js';

/** The parser with the reader of a link's config that a run loads with it. */
const parseImportLink = (text: string) => parseWith(text, linkConfig);

const KEY = `sk-${'a1B2c3D4'.repeat(6)}`;

/** A link as new-api's token page builds it (URLSearchParams: spaces as +, the rest percent-encoded). */
function link(params: Record<string, string>, head = 'ccswitch://v1/import'): string {
  return `${head}?${new URLSearchParams(params).toString()}`;
}

const BASE = {
  resource: 'provider',
  app: 'claude',
  name: 'My Claude',
  endpoint: 'https://gw.example.com',
  apiKey: KEY,
  model: 'claude-sonnet-4-5',
};

/** The error a link raises, as English text (message and hint). */
function failure(text: string): string {
  try {
    parseImportLink(text);
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    const e = err as ToolError;
    return `${english(e.text)}\n${e.hint ? english(e.hint) : ''}`;
  }
  throw new Error('the link was accepted');
}

describe('parseImportLink', () => {
  it("takes base URL, key, name and model hints from new-api's link", () => {
    const parsed = parseImportLink(
      link({
        ...BASE,
        haikuModel: 'claude-haiku-4-5',
        sonnetModel: 'claude-sonnet-4-5',
        opusModel: 'claude-opus-4-1',
        homepage: 'https://gw.example.com',
        enabled: 'true',
      }),
    );
    expect(parsed).toEqual({
      app: 'claude',
      name: 'My Claude',
      baseUrl: 'https://gw.example.com',
      key: KEY,
      model: 'claude-sonnet-4-5',
      haikuModel: 'claude-haiku-4-5',
      sonnetModel: 'claude-sonnet-4-5',
      opusModel: 'claude-opus-4-1',
    });
  });

  it('decodes percent-encoding, + as a space, and a unicode name', () => {
    const text = `ccswitch://v1/import?resource=provider&app=codex&name=%E5%B7%A5%E4%BD%9C+%F0%9F%9A%80+key&endpoint=https%3A%2F%2Fgw.example.com%2Fv1&apiKey=${KEY}&model=gpt-5.1-codex`;
    const parsed = parseImportLink(text);
    expect(parsed.name).toBe('工作 🚀 key');
    expect(parsed.baseUrl).toBe('https://gw.example.com/v1');
    expect(parsed.app).toBe('codex');
  });

  it('takes the first of several comma-separated endpoints, and tolerates spaces around the link', () => {
    const parsed = parseImportLink(`  ${link({ ...BASE, endpoint: 'https://a.example.com, https://b.example.com' })}\n`);
    expect(parsed.baseUrl).toBe('https://a.example.com');
  });

  it('accepts the scheme and version in any letter case (as URL parsers do)', () => {
    expect(parseImportLink(link(BASE, 'CCSwitch://V1/import')).key).toBe(KEY);
  });

  it.each([
    ['wrong scheme', link(BASE, 'https://v1/import'), /scheme: the link must start with ccswitch:\/\/ \(it starts with "https"\)/],
    ['no scheme at all', 'v1/import?apiKey=x', /scheme: the link must start with ccswitch:\/\//],
    ['wrong version', link(BASE, 'ccswitch://v2/import'), /version: version "v2" is not supported/],
    ['wrong path', link(BASE, 'ccswitch://v1/export'), /path: expected \/import, found "\/export"/],
    ['resource missing', link({ ...BASE, resource: '' }), /resource: missing/],
    ['resource not provider', link({ ...BASE, resource: 'mcp' }), /resource: "mcp" is not a provider/],
    ['endpoint missing', link({ ...BASE, endpoint: '' }), /endpoint: missing/],
    ['endpoint not http(s)', link({ ...BASE, endpoint: 'ftp://gw.example.com' }), /endpoint: must be an http:\/\/ or https:\/\/ address/],
    ['endpoint not a URL', link({ ...BASE, endpoint: 'gw.example.com' }), /endpoint: must be an http:\/\/ or https:\/\/ address/],
    ['apiKey missing', link({ ...BASE, apiKey: '' }), /apiKey: missing/],
    ['a model with a space', link({ ...BASE, model: 'claude sonnet' }), /model: "claude sonnet" is not a model ID/],
    ['a link wrapped over two lines', link(BASE).replace('&apiKey', '\n&apiKey'), /query: it contains spaces or line breaks/],
  ])('names the field: %s', (_, text, expected) => {
    const error = failure(text);
    expect(error).toMatch(expected);
    expect(error).toMatch(/Copy the link again from the gateway console/);
  });

  it.each([
    ['a space', `${KEY.slice(0, 20)} ${KEY.slice(20)}`],
    ['a control character', `${KEY.slice(0, 20)}\u001b${KEY.slice(20)}`],
    ['a non-ASCII character', `${KEY.slice(0, 20)}é${KEY.slice(20)}`],
  ])('refuses a key with %s, and shows it masked only', (_, bad) => {
    const error = failure(link({ ...BASE, apiKey: bad }));
    expect(error).toMatch(/apiKey: the key \(sk-a1…\S+\) contains spaces, control characters or non-ASCII characters/);
    expect(error).not.toContain(bad.slice(3, 20));
  });

  it('never echoes the key in any error', () => {
    for (const text of [
      link({ ...BASE, endpoint: `ftp://${KEY}` }),
      link({ ...BASE, resource: 'prompt' }),
      link({ ...BASE, endpoint: `https://gw.example.com/${KEY}` }),
    ]) {
      expect(failure(text)).not.toContain(KEY.slice(3, 30));
    }
  });

  it('escapes control characters of a field it shows', () => {
    expect(failure(link({ ...BASE, resource: 'x\u001b[2Jy' }))).toContain('x\\u001b[2Jy');
  });
});

describe('isImportLink and refuseLinkArguments', () => {
  it('recognizes a link in any letter case', () => {
    expect(isImportLink(' CCSWITCH://v1/import')).toBe(true);
    expect(isImportLink('https://gw.example.com')).toBe(false);
  });

  it.each([
    [['setup', '--import', link(BASE)]],
    [['setup', `--base-url=${link(BASE)}`]],
    [['setup', '--api-key', link(BASE)]],
    [[link(BASE)]],
    [['wizard', 'ccswitch://v1/import']],
  ])('refuses a link in argv, saying why and how, without echoing it: %j', (argv) => {
    let error: ToolError | undefined;
    try {
      refuseLinkArguments(argv, 'gateway-agent-setup');
    } catch (err) {
      error = err as ToolError;
    }
    expect(error).toBeInstanceOf(UsageError);
    const text = `${english(error!.text)} ${english(error!.hint!)}`;
    expect(text).toMatch(/shell history/);
    expect(text).toMatch(/--import -/);
    expect(text).toMatch(/--import-env/);
    expect(text).not.toContain(KEY.slice(3));
  });

  it('leaves arguments after -- alone (they belong to another program)', () => {
    expect(() => refuseLinkArguments(['launch', 'codex', '--', 'ccswitch://v1/import'], 'bin')).not.toThrow();
  });
});

describe('model hints', () => {
  it("maps the link's app to the agents built for it", () => {
    expect(agentsForApp('claude')).toEqual(['claude-code']);
    expect(agentsForApp('codex')).toEqual(['codex']);
    expect(agentsForApp('opencode')).toEqual(['opencode']);
    expect(agentsForApp('openclaw')).toEqual(['openclaw']);
    expect(agentsForApp('hermes')).toEqual(['hermes-agent']);
    expect(agentsForApp('gemini-cli-nightly')).toEqual([]);
    expect(agentsForApp(undefined)).toEqual([]);
  });

  it("puts the hints first in that agent's ranking, the defaults after", () => {
    const prefs = hintPreferences(parseImportLink(link({ ...BASE, haikuModel: 'claude-haiku-4-5' })), {});
    expect(prefs['claude-code']?.model).toEqual(['claude-sonnet-4-5', ...AGENTS['claude-code'].preferences.model]);
    expect(prefs['claude-code']?.smallModel).toEqual(['claude-haiku-4-5', ...(AGENTS['claude-code'].preferences.smallModel ?? [])]);
    expect(prefs.codex).toBeUndefined();
  });

  it('uses sonnetModel when there is no main model, keeps saved patterns after the hint, ignores wildcards', () => {
    const { model: _model, ...noModel } = BASE;
    const prefs = hintPreferences(parseImportLink(link({ ...noModel, sonnetModel: 'claude-sonnet-4-5' })), {
      'claude-code': { model: ['claude-opus-*'] },
    });
    expect(prefs['claude-code']?.model).toEqual(['claude-sonnet-4-5', 'claude-opus-*']);
    const wild = hintPreferences(parseImportLink(link({ ...BASE, model: 'claude-*' })), {});
    expect(wild['claude-code']?.model).toEqual(AGENTS['claude-code'].preferences.model);
  });
});

describe('a link carrying the app config (config=<base64>), read as cc-switch reads it', () => {
  const b64 = (text: string, url = false): string => Buffer.from(text).toString(url ? 'base64url' : 'base64');
  const claude = JSON.stringify({
    env: {
      ANTHROPIC_AUTH_TOKEN: KEY,
      ANTHROPIC_BASE_URL: 'https://gw.example.com',
      ANTHROPIC_MODEL: 'claude-sonnet-4-5',
      ANTHROPIC_DEFAULT_HAIKU_MODEL: 'claude-haiku-4-5',
      ANTHROPIC_DEFAULT_OPUS_MODEL: 'claude-opus-4-1',
    },
  });

  it("claude: the key, the address and every model from the settings' env block", () => {
    const l = parseImportLink(link({ resource: 'provider', app: 'claude', name: 'gw', config: b64(claude) }));
    expect(l).toMatchObject({
      key: KEY,
      baseUrl: 'https://gw.example.com',
      model: 'claude-sonnet-4-5',
      haikuModel: 'claude-haiku-4-5',
      opusModel: 'claude-opus-4-1',
    });
  });

  it('the parameters win over the config, and URL-safe base64 without padding reads too', () => {
    const other = `sk-${'Z9y8X7w6'.repeat(6)}`;
    const l = parseImportLink(
      link({ resource: 'provider', app: 'claude', apiKey: other, model: 'claude-opus-4-1', config: b64(claude, true).replace(/=+$/, '') }),
    );
    expect(l.key).toBe(other);
    expect(l.model).toBe('claude-opus-4-1');
    expect(l.baseUrl).toBe('https://gw.example.com');
  });

  it("codex: auth.json's key, the first provider's base_url and the model from the config.toml text", () => {
    const config = JSON.stringify({
      auth: { OPENAI_API_KEY: KEY },
      config:
        'model_provider = "gw"\nmodel = "gpt-5.1-codex"\n\n[model_providers.gw]\nname = "gw"\nbase_url = "https://gw.example.com/v1"\n',
    });
    const l = parseImportLink(link({ resource: 'provider', app: 'codex', config: b64(config) }));
    expect(l).toMatchObject({ key: KEY, baseUrl: 'https://gw.example.com/v1', model: 'gpt-5.1-codex' });
  });

  it('gemini: flat variables; a TOML config by configFormat', () => {
    const toml = `GEMINI_API_KEY = "${KEY}"\nGEMINI_BASE_URL = "https://gw.example.com"\nGEMINI_MODEL = "gemini-2.5-pro"\n`;
    const l = parseImportLink(link({ resource: 'provider', app: 'gemini', config: b64(toml), configFormat: 'toml' }));
    expect(l).toMatchObject({ key: KEY, baseUrl: 'https://gw.example.com', model: 'gemini-2.5-pro' });
  });

  it('refused, naming the field: a remote config, bad base64, a config that does not parse, one for an app it is not read for', () => {
    expect(failure(link({ ...BASE, configUrl: 'https://evil.example/config.json' }))).toContain(
      'configUrl: a remote config is never fetched',
    );
    expect(failure(link({ resource: 'provider', app: 'claude', config: 'not base64!' }))).toContain('config: it is not base64');
    expect(failure(link({ resource: 'provider', app: 'claude', config: b64('{ "env": ') }))).toContain('config: it is not valid JSON');
    expect(failure(link({ resource: 'provider', app: 'claude', config: b64('{"other": 1}') }))).toContain('shape of a claude config');
    expect(failure(link({ resource: 'provider', app: 'opencode', config: b64('{}') }))).toContain(
      'a config for app "opencode" is not read',
    );
    expect(failure(link({ resource: 'provider', app: 'claude', config: b64('{}'), configFormat: 'yaml' }))).toContain(
      '"yaml" is not a config format',
    );
    // No key anywhere: the usual missing key, and the key of a config is never shown.
    const noKey = failure(
      link({ resource: 'provider', app: 'claude', config: b64(JSON.stringify({ env: { ANTHROPIC_BASE_URL: 'https://gw.example.com' } })) }),
    );
    expect(noKey).toContain('apiKey: missing');
    expect(
      failure(
        link({
          resource: 'provider',
          app: 'claude',
          config: b64(claude.replace('https://gw.example.com', `https://gw.example.com/${KEY}`)),
        }),
      ),
    ).not.toContain(KEY);
  });
});
