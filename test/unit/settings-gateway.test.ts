import { givenOf } from '../../src/cli/given.js';
import { describe, expect, it } from 'vitest';
import { resolveGateway, resolveKey } from '../../src/settings/gateway.js';
import { UsageError } from '../../src/core/errors.js';
import { ENGLISH, type Message } from '../../src/i18n/index.js';

const KEY = 'sk-abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKL';

function ctx(env: Record<string, string | undefined>) {
  const err: string[] = [];
  const secrets: string[] = [];
  return { env, warn: (m: Message) => void err.push(ENGLISH(m)), addSecret: (s: string) => void secrets.push(s), errors: err, secrets };
}

describe('resolveKey', () => {
  it('reads GATEWAY_API_KEY by default, trimmed, and registers it as a secret', () => {
    const c = ctx({ GATEWAY_API_KEY: ` ${KEY}\n` });
    expect(resolveKey(c, {})).toEqual({ key: KEY, keySource: '$GATEWAY_API_KEY', keyEnvVar: 'GATEWAY_API_KEY' });
    expect(c.secrets).toEqual([KEY]);
    expect(c.errors).toEqual([]);
  });

  it('--api-key-env NAME reads that variable', () => {
    expect(resolveKey(ctx({ MINE: KEY }), givenOf({ 'api-key-env': 'MINE' })).keyEnvVar).toBe('MINE');
  });

  it('--api-key wins and warns about shell history', () => {
    const c = ctx({ GATEWAY_API_KEY: 'sk-other-key-value-123' });
    expect(resolveKey(c, givenOf({ 'api-key': KEY })).key).toBe(KEY);
    expect(c.errors.join()).toContain('shell history');
  });

  it('missing keys name what to set', () => {
    expect(() => resolveKey(ctx({}), {})).toThrow(/GATEWAY_API_KEY/);
    try {
      resolveKey(ctx({}), givenOf({ 'api-key-env': 'TEAM_KEY' }));
    } catch (error) {
      expect(error).toBeInstanceOf(UsageError);
      expect((error as UsageError).message).toContain('TEAM_KEY');
    }
  });

  it('a key pasted as --api-key-env is refused without being echoed', () => {
    try {
      resolveKey(ctx({}), givenOf({ 'api-key-env': KEY }));
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).not.toContain(KEY);
      expect((error as Error).message).toContain('NAME');
    }
  });

  it('a key with spaces inside is refused, masked', () => {
    expect(() => resolveKey(ctx({ GATEWAY_API_KEY: `${KEY} extra` }), {})).toThrow(/\(sk-ab…xtra\) contains spaces/);
  });
});

describe('resolveGateway', () => {
  it('normalizes the base URL, reports the repair, and converts --timeout to ms', () => {
    const c = ctx({ GATEWAY_API_KEY: KEY, GATEWAY_BASE_URL: 'https://gw.example.com/v1/' });
    const gw = resolveGateway(c, givenOf({ timeout: '2.5' }));
    expect(gw.root).toBe('https://gw.example.com');
    expect(gw.v1).toBe('https://gw.example.com/v1');
    expect(gw.timeoutMs).toBe(2500);
    expect(c.errors.join()).toContain('/v1');
  });

  it('--base-url wins over GATEWAY_BASE_URL; a missing one names both', () => {
    expect(
      resolveGateway(ctx({ GATEWAY_API_KEY: KEY, GATEWAY_BASE_URL: 'https://a.example' }), givenOf({ 'base-url': 'https://b.example' }))
        .root,
    ).toBe('https://b.example');
    expect(() => resolveGateway(ctx({ GATEWAY_API_KEY: KEY }), {})).toThrow(UsageError);
  });
});

describe('--api-key-env AGENT=VAR', () => {
  it('splits the plain variable from the per-agent ones (the last plain one wins)', async () => {
    const { keyEnvFlags } = await import('../../src/settings/gateway.js');
    const f = keyEnvFlags(givenOf({ 'api-key-env': ['A', 'claude-code=CLAUDE_KEY', 'B', 'codex=CODEX_KEY'] }));
    expect(f.plain).toBe('B');
    expect([...f.perAgent]).toEqual([
      ['claude-code', 'CLAUDE_KEY'],
      ['codex', 'CODEX_KEY'],
    ]);
  });

  it('an unknown agent names the valid ones; a bad name is refused without echoing it', async () => {
    const { keyEnvFlags } = await import('../../src/settings/gateway.js');
    const bad = (() => {
      try {
        keyEnvFlags(givenOf({ 'api-key-env': ['bogus=VAR'] }));
      } catch (err) {
        return err as UsageError;
      }
    })();
    expect(bad).toBeInstanceOf(UsageError);
    expect(ENGLISH(bad!.text)).toContain('"bogus"');
    expect(ENGLISH(bad!.hint!)).toContain('claude-code');
    expect(() => keyEnvFlags(givenOf({ 'api-key-env': [`codex=${KEY}`] }))).toThrow(UsageError);
    try {
      keyEnvFlags(givenOf({ 'api-key-env': [`codex=${KEY}`] }));
    } catch (err) {
      const e = err as UsageError;
      expect(ENGLISH(e.text) + ENGLISH(e.hint!)).not.toContain(KEY);
    }
  });

  it('resolveGateway with agents: their own keys; every agent with its own needs no default key', () => {
    const c = ctx({ CLAUDE_KEY: KEY, CODEX_KEY: `${KEY}x` });
    const values = givenOf({ 'base-url': 'https://gw.example.com', 'api-key-env': ['claude-code=CLAUDE_KEY', 'codex=CODEX_KEY'] });
    const gw = resolveGateway(c, values, undefined, ['claude-code', 'codex']);
    expect([...(gw.agentKeys ?? [])].map(([id, k]) => [id, k.keyEnvVar])).toEqual([
      ['claude-code', 'CLAUDE_KEY'],
      ['codex', 'CODEX_KEY'],
    ]);
    expect(gw.key).toBe(KEY);
    expect(c.secrets).toContain(`${KEY}x`);
    // An agent without its own key needs the default one.
    expect(() => resolveGateway(ctx({ CLAUDE_KEY: KEY }), values, undefined, ['claude-code', 'codex'])).toThrow(UsageError);
  });
});
