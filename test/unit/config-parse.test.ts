// readConfig: parsed when present, undefined when absent, ParseError when broken.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../src/core/errors.js';
import { readConfig } from '../../src/config/index.js';
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
});
