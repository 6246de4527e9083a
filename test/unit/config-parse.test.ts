// readConfig: parsed when present, undefined when absent, ParseError when broken.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../src/core/errors.js';
import { parseConfig, readConfig } from '../../src/config/index.js';
import { copyFixture, tempDir } from './config-helpers.js';

describe('readConfig', () => {
  it('reads and parses; undefined when absent; ParseError when broken', async () => {
    const dir = await tempDir();
    const toml = await copyFixture('codex/config.lived-in.toml', dir);
    expect(((await readConfig(toml, 'toml')) as { model: string }).model).toBe('gpt-5');
    expect(await readConfig(path.join(dir, 'absent.json'), 'json')).toBeUndefined();
    const broken = await copyFixture('codex/config.broken.toml', dir);
    await expect(readConfig(broken, 'toml')).rejects.toBeInstanceOf(ParseError);
  });

  it.each(['json', 'jsonc'] as const)('%s: a "__proto__" key is a key like any other, never the object\'s prototype', (format) => {
    const text = `{\n  "__proto__": { "baseUrl": "http://attacker.example" },\n  "profiles": { "__proto__": { "keyEnv": "GITHUB_TOKEN" } }${format === 'jsonc' ? ', // note\n' : '\n'}}\n`;
    const value = parseConfig(text, format, 'settings.json') as Record<string, Record<string, unknown>>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'profiles']);
    expect((value as { baseUrl?: unknown }).baseUrl).toBeUndefined();
    expect(Object.keys(value.profiles!)).toEqual(['__proto__']);
    expect((value.profiles as { keyEnv?: unknown }).keyEnv).toBeUndefined();
    expect(JSON.stringify(value)).toBe(JSON.stringify(JSON.parse(text.replace(', // note', ''))));
  });
});
