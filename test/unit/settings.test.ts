// Saved settings: validation (errors name the file and the field, never a key), the project file
// formats cosmiconfig finds, precedence of the project file over the user file, and the user
// file that setup and the wizard write. Real files in temp directories.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/core/errors.js';
import { loadSettings, saveUserSettings, userSettingsPath, validateSettings, type Settings } from '../../src/settings/index.js';
import { hintOf } from '../helpers/english.js';

const KEY = 'sk-abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKL';
const F = '/x/settings.json';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A temp home with a project folder inside it (the search stops at the home). */
function scene(): { home: string; project: string; env: Record<string, string>; opts: Parameters<typeof loadSettings>[0] } {
  const home = mkdtempSync(join(tmpdir(), 'gas-settings-'));
  dirs.push(home);
  const project = join(home, 'work', 'repo');
  mkdirSync(project, { recursive: true });
  const env = {};
  return { home, project, env, opts: { home, cwd: project, env, platform: 'linux' } };
}

function userFile(home: string, doc: unknown): string {
  const file = userSettingsPath(home, {}, 'linux');
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, typeof doc === 'string' ? doc : JSON.stringify(doc));
  return file;
}

function usageError(fn: () => unknown): UsageError {
  try {
    fn();
  } catch (err) {
    if (err instanceof UsageError) return err;
    throw err;
  }
  throw new Error('no error thrown');
}

async function usageErrorOf(p: Promise<unknown>): Promise<UsageError> {
  const err = await p.then(() => undefined, (e: unknown) => e);
  if (!(err instanceof UsageError)) throw new Error(`expected a UsageError, got ${String(err)}`);
  return err;
}

describe('validateSettings', () => {
  it('accepts the documented example as is', () => {
    const doc: Settings = {
      baseUrl: 'https://gw.example.com',
      keyEnv: 'GATEWAY_API_KEY',
      agents: ['claude-code', 'codex'],
      scope: 'user',
      keyStorage: 'env',
      markers: { responses: 'openai-response' },
      perAgent: {
        codex: { model: 'gpt-5.1-codex', preferences: ['gpt-*-codex*', 'grok-*'] },
        'claude-code': { model: 'claude-sonnet-4-5', smallModel: 'claude-haiku-4-5' },
      },
    };
    expect(validateSettings(doc, F)).toEqual(doc);
    expect(validateSettings(undefined, F)).toEqual({});
  });

  it.each([
    [[], '(root)'],
    [{ baseUrl: 3 }, 'baseUrl'],
    [{ keyEnv: 'NOT A NAME' }, 'keyEnv'],
    [{ agents: 'codex' }, 'agents'],
    [{ agents: ['codex', 'emacs'] }, 'agents'],
    [{ scope: 'global' }, 'scope'],
    [{ keyStorage: 'keychain' }, 'keyStorage'],
    [{ markers: { responses: 1 } }, 'markers.responses'],
    [{ markers: { video: 'x' } }, 'markers.video'],
    [{ markers: { nonAgent: 'embeddings' } }, 'markers.nonAgent'],
    [{ perAgent: { emacs: {} } }, 'perAgent.emacs'],
    [{ perAgent: { codex: 'gpt-5' } }, 'perAgent.codex'],
    [{ perAgent: { codex: { model: 5 } } }, 'perAgent.codex.model'],
    [{ perAgent: { codex: { preferences: 'gpt-*' } } }, 'perAgent.codex.preferences'],
    [{ apiKey: 'x' }, 'apiKey'],
  ])('%j: the error names the file and the field %s', (doc, field) => {
    const err = usageError(() => validateSettings(doc, F));
    expect(err.message).toContain(F);
    expect(err.message).toContain(`"${field}"`);
    expect(err.exitCode).toBe(2);
  });

  it.each([
    [{ keyEnv: KEY }, 'keyEnv'],
    [{ baseUrl: `https://gw.example.com/?key=${KEY}` }, 'baseUrl'],
    [{ perAgent: { codex: { model: KEY } } }, 'perAgent.codex.model'],
    [{ perAgent: { codex: { preferences: ['gpt-*', KEY] } } }, 'perAgent.codex.preferences.1'],
  ])('a key-like value is refused, naming the field, never showing the key (%#)', (doc, field) => {
    const err = usageError(() => validateSettings(doc, F));
    expect(err.message).toContain(`"${field}"`);
    expect(err.message).toContain('API key');
    expect(`${err.message} ${hintOf(err) ?? ''}`).not.toContain(KEY);
  });
});

describe('loadSettings', () => {
  it('nothing saved: empty settings, no sources', async () => {
    const s = scene();
    expect(await loadSettings(s.opts)).toEqual({ settings: {}, sources: [] });
  });

  it('the user file alone (under XDG_CONFIG_HOME when set)', async () => {
    const s = scene();
    const xdg = join(s.home, 'xdg');
    const file = join(xdg, 'gateway-agent-setup', 'settings.json');
    mkdirSync(join(xdg, 'gateway-agent-setup'), { recursive: true });
    writeFileSync(file, JSON.stringify({ baseUrl: 'https://user.example', agents: ['codex'] }));
    const loaded = await loadSettings({ ...s.opts, env: { XDG_CONFIG_HOME: xdg } });
    expect(loaded.sources).toEqual([file]);
    expect(loaded.settings.baseUrl).toBe('https://user.example');
    expect(loaded.settings.agents).toEqual(['codex']);
  });

  const PROJECT = { baseUrl: 'https://team.example', perAgent: { codex: { preferences: ['grok-*'] } } };
  it.each([
    ['.gateway-agent-setuprc', JSON.stringify(PROJECT)],
    ['.gateway-agent-setuprc', 'baseUrl: https://team.example\nperAgent:\n  codex:\n    preferences: ["grok-*"]\n'],
    ['.gateway-agent-setuprc.json', JSON.stringify(PROJECT)],
    ['.gateway-agent-setuprc.yaml', 'baseUrl: https://team.example\nperAgent: { codex: { preferences: [grok-*] } }\n'],
    ['gateway-agent-setup.config.mjs', `export default ${JSON.stringify(PROJECT)};`],
    ['gateway-agent-setup.config.cjs', `module.exports = ${JSON.stringify(PROJECT)};`],
    ['gateway-agent-setup.config.js', `module.exports = ${JSON.stringify(PROJECT)};`],
    ['package.json', JSON.stringify({ name: 'repo', 'gateway-agent-setup': PROJECT })],
  ])('a project file %s (%#) wins over the user file, field by field', async (name, text) => {
    const s = scene();
    const user = userFile(s.home, { baseUrl: 'https://user.example', keyEnv: 'MY_KEY', perAgent: { codex: { model: 'gpt-5.1-codex' } } });
    writeFileSync(join(s.project, name), text);
    const loaded = await loadSettings(s.opts);
    expect(loaded.sources).toEqual([user, join(s.project, name)]);
    expect(loaded.settings.baseUrl).toBe('https://team.example');
    expect(loaded.settings.keyEnv).toBe('MY_KEY');
    // Per agent too: the team's preferences, the user's own chosen model.
    expect(loaded.settings.perAgent?.codex).toEqual({ model: 'gpt-5.1-codex', preferences: ['grok-*'] });
  });

  it('a project file in a parent folder of the working directory is found', async () => {
    const s = scene();
    writeFileSync(join(s.home, 'work', '.gateway-agent-setuprc'), '{"agents":["opencode"]}');
    const loaded = await loadSettings(s.opts);
    expect(loaded.settings.agents).toEqual(['opencode']);
    expect(loaded.sources).toEqual([join(s.home, 'work', '.gateway-agent-setuprc')]);
  });

  it('an invalid project file: the error names that file and the field', async () => {
    const s = scene();
    writeFileSync(join(s.project, '.gateway-agent-setuprc'), 'scope: everywhere\n');
    const err = await usageErrorOf(loadSettings(s.opts));
    expect(err.message).toContain(join(s.project, '.gateway-agent-setuprc'));
    expect(err.message).toContain('"scope"');
  });

  it('a project file that does not parse: a usage error naming it', async () => {
    const s = scene();
    writeFileSync(join(s.project, '.gateway-agent-setuprc.json'), '{"baseUrl": ');
    const err = await usageErrorOf(loadSettings(s.opts));
    expect(err.message).toContain('.gateway-agent-setuprc.json');
  });

  it('a user file holding a key is refused, naming the file and the field', async () => {
    const s = scene();
    const file = userFile(s.home, { baseUrl: 'https://user.example', perAgent: { codex: { smallModel: KEY } } });
    const err = await usageErrorOf(loadSettings(s.opts));
    expect(err.message).toContain(file);
    expect(err.message).toContain('"perAgent.codex.smallModel"');
    expect(err.message).not.toContain(KEY);
  });

  it.each(['gateway-agent-setup.config.ts', 'gateway-agent-setup.config.mts', '.gateway-agent-setuprc.ts'])(
    'a TypeScript settings file (%s) is refused by name, saying .ts is not supported',
    async (name) => {
      const s = scene();
      writeFileSync(join(s.project, name), 'export default { baseUrl: "https://team.example" };\n');
      const err = await usageErrorOf(loadSettings(s.opts));
      expect(err.message).toContain(join(s.project, name));
      expect(err.message).toContain('TypeScript settings files are not supported');
      expect(hintOf(err)).toContain('.mjs');
    },
  );

  it('a supported file next to a .ts one is used', async () => {
    const s = scene();
    writeFileSync(join(s.project, 'gateway-agent-setup.config.ts'), 'export default {};\n');
    writeFileSync(join(s.project, 'gateway-agent-setup.config.mjs'), 'export default { agents: ["cline"] };\n');
    expect((await loadSettings(s.opts)).settings.agents).toEqual(['cline']);
  });
});

describe('saveUserSettings', () => {
  it('writes settings.json in the state directory, mode 0644, merged over what it held', async () => {
    const s = scene();
    const file = await saveUserSettings(s.opts, { baseUrl: 'https://a.example', agents: ['codex'], perAgent: { codex: { model: 'm1', preferences: ['gpt-*'] } } });
    expect(file).toBe(join(s.home, '.config', 'gateway-agent-setup', 'settings.json'));
    expect(statSync(file).mode & 0o777).toBe(0o644);
    await saveUserSettings(s.opts, { keyEnv: 'MY_KEY', perAgent: { codex: { model: 'm2' }, cline: { model: 'c1' } } });
    const doc = JSON.parse(readFileSync(file, 'utf8')) as Settings;
    expect(doc.baseUrl).toBe('https://a.example');
    expect(doc.keyEnv).toBe('MY_KEY');
    expect(doc.perAgent?.codex).toEqual({ model: 'm2', preferences: ['gpt-*'] });
    expect(doc.perAgent?.cline).toEqual({ model: 'c1' });
    // What was saved loads back.
    expect((await loadSettings(s.opts)).settings.perAgent?.codex?.model).toBe('m2');
  });

  it('refuses to save a key, and writes nothing', async () => {
    const s = scene();
    const err = await usageErrorOf(saveUserSettings(s.opts, { keyEnv: 'GATEWAY_API_KEY', baseUrl: `https://gw.example/${KEY}` }));
    expect(err.message).toContain('"baseUrl"');
    expect(() => statSync(userSettingsPath(s.home, {}, 'linux'))).toThrow();
  });

  it('refuses an invalid value, naming the field', async () => {
    const s = scene();
    const err = await usageErrorOf(saveUserSettings(s.opts, { scope: 'global' as never }));
    expect(err.message).toContain('"scope"');
  });
});
