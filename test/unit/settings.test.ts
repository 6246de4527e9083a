// Saved settings: validation (errors name the file and the field, never a key), the project file
// formats read as data (code refused, never run), where the search stops, what an unapproved
// project file may give and what an approved one wins, and the user file that setup and the wizard
// write. Real files in temp directories.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

/** A temp home with a repository inside it (the search stops at the repository's root). */
function scene(): { home: string; project: string; env: Record<string, string>; opts: Parameters<typeof loadSettings>[0] } {
  const home = mkdtempSync(join(tmpdir(), 'gas-settings-'));
  dirs.push(home);
  // A repository (its root holds .git) inside a folder inside the home.
  const project = join(home, 'work', 'repo');
  mkdirSync(join(project, '.git'), { recursive: true });
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
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
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
  const DATA_FILES: [string, string][] = [
    ['.gateway-agent-setuprc', JSON.stringify(PROJECT)],
    ['.gateway-agent-setuprc', 'baseUrl: https://team.example\nperAgent:\n  codex:\n    preferences: ["grok-*"]\n'],
    ['.gateway-agent-setuprc.json', JSON.stringify(PROJECT)],
    ['.gateway-agent-setuprc.yaml', 'baseUrl: https://team.example\nperAgent: { codex: { preferences: [grok-*] } }\n'],
    ['package.json', JSON.stringify({ name: 'repo', 'gateway-agent-setup': PROJECT })],
  ];
  it.each(DATA_FILES)('an unapproved project file %s (%#) gives model choices only; its gateway is withheld', async (name, text) => {
    const s = scene();
    const user = userFile(s.home, { baseUrl: 'https://user.example', keyEnv: 'MY_KEY', perAgent: { codex: { model: 'gpt-5.1-codex' } } });
    writeFileSync(join(s.project, name), text);
    const loaded = await loadSettings(s.opts);
    expect(loaded.sources).toEqual([user, join(s.project, name)]);
    expect(loaded.settings.baseUrl).toBe('https://user.example');
    expect(loaded.withheld).toEqual([{ field: 'baseUrl', value: 'https://team.example' }]);
    expect(loaded.project).toMatchObject({ file: join(s.project, name), trusted: false });
    expect(loaded.project?.hash).toBe(
      createHash('sha256')
        .update(readFileSync(join(s.project, name)))
        .digest('hex'),
    );
    expect(loaded.settings.perAgent?.codex).toEqual({ model: 'gpt-5.1-codex', preferences: ['grok-*'] });
  });

  it.each(DATA_FILES)('an approved project file %s (%#) wins over the user file, field by field', async (name, text) => {
    const s = scene();
    const file = join(s.project, name);
    writeFileSync(file, text);
    const hash = createHash('sha256').update(readFileSync(file)).digest('hex');
    const user = userFile(s.home, {
      baseUrl: 'https://user.example',
      keyEnv: 'MY_KEY',
      perAgent: { codex: { model: 'gpt-5.1-codex' } },
      trusted: { [file]: hash },
    });
    const loaded = await loadSettings(s.opts);
    expect(loaded.sources).toEqual([user, file]);
    expect(loaded.settings.baseUrl).toBe('https://team.example');
    expect(loaded.settings.keyEnv).toBe('MY_KEY');
    expect(loaded.withheld).toBeUndefined();
    // Per agent too: the team's preferences, the user's own chosen model.
    expect(loaded.settings.perAgent?.codex).toEqual({ model: 'gpt-5.1-codex', preferences: ['grok-*'] });
    // One byte changed: the approval no longer holds.
    writeFileSync(file, text.replace('team.example', 'team.exampla'));
    const changed = await loadSettings(s.opts);
    expect(changed.settings.baseUrl).toBe('https://user.example');
    expect(changed.project?.trusted).toBe(false);
  });

  it.each([
    'gateway-agent-setup.config.mjs',
    'gateway-agent-setup.config.cjs',
    'gateway-agent-setup.config.js',
    '.gateway-agent-setuprc.cjs',
    '.gateway-agent-setuprc.js',
    '.config/gateway-agent-setuprc.mjs',
  ])('a JavaScript settings file (%s) is refused, never run', async (name) => {
    const s = scene();
    const marker = join(s.home, 'ran');
    mkdirSync(join(s.project, '.config'), { recursive: true });
    const code = name.endsWith('.mjs')
      ? `import { writeFileSync } from 'node:fs'; writeFileSync(${JSON.stringify(marker)}, 'x'); export default {};`
      : `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x'); module.exports = {};`;
    writeFileSync(join(s.project, name), code);
    const err = await usageErrorOf(loadSettings(s.opts));
    expect(err.message).toContain(join(s.project, name));
    expect(err.message).toContain('never run as code');
    expect(hintOf(err)).toContain('.gateway-agent-setuprc.json');
    expect(existsSync(marker)).toBe(false);
  });

  it('a JavaScript settings file in a parent folder is refused by its own path, the working folder given unnormalised', async () => {
    const s = scene();
    const sub = join(s.project, 'packages', 'app');
    mkdirSync(sub, { recursive: true });
    mkdirSync(join(s.project, '.config'), { recursive: true });
    writeFileSync(join(s.project, '.config', 'gateway-agent-setuprc.cts'), 'module.exports = {};');
    const err = await usageErrorOf(loadSettings({ ...s.opts, cwd: `${s.project}//packages/./app/` }));
    expect(err.message).toContain(join(s.project, '.config', 'gateway-agent-setuprc.cts'));
    expect(err.message).not.toContain('//');
  });

  it('a project file in a parent folder inside the repository is found', async () => {
    const s = scene();
    const sub = join(s.project, 'packages', 'app');
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(s.project, '.gateway-agent-setuprc'), '{"agents":["opencode"]}');
    const loaded = await loadSettings({ ...s.opts, cwd: sub });
    expect(loaded.withheld).toEqual([{ field: 'agents', value: 'opencode' }]);
    expect(loaded.sources).toEqual([join(s.project, '.gateway-agent-setuprc')]);
  });

  it("the search stops at the repository's root: a file above it is not read", async () => {
    const s = scene();
    writeFileSync(join(s.home, 'work', '.gateway-agent-setuprc'), '{"baseUrl":"https://above.example"}');
    writeFileSync(join(s.home, '.gateway-agent-setuprc'), '{"baseUrl":"https://home.example"}');
    expect(await loadSettings(s.opts)).toEqual({ settings: {}, sources: [] });
  });

  it('outside any repository only the working directory is searched, never a folder above it', async () => {
    const s = scene();
    const plain = join(s.home, 'notes', 'deep');
    mkdirSync(plain, { recursive: true });
    writeFileSync(join(s.home, 'notes', '.gateway-agent-setuprc'), '{"baseUrl":"https://above.example"}');
    expect(await loadSettings({ ...s.opts, cwd: plain })).toEqual({ settings: {}, sources: [] });
    writeFileSync(join(plain, '.gateway-agent-setuprc'), '{"scope":"project"}');
    expect((await loadSettings({ ...s.opts, cwd: plain })).sources).toEqual([join(plain, '.gateway-agent-setuprc')]);
  });

  it('a repository root above HOME is never reached from inside HOME', async () => {
    const outer = mkdtempSync(join(tmpdir(), 'gas-outer-'));
    dirs.push(outer);
    mkdirSync(join(outer, '.git'));
    writeFileSync(join(outer, '.gateway-agent-setuprc'), '{"baseUrl":"https://outer.example"}');
    const home = join(outer, 'home');
    const cwd = join(home, 'src');
    mkdirSync(cwd, { recursive: true });
    expect(await loadSettings({ home, cwd, env: {}, platform: 'linux' })).toEqual({ settings: {}, sources: [] });
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
    // Where, as a YAML file's error says it: the line and column.
    expect(err.message).toContain(`${join(s.project, '.gateway-agent-setuprc.json')}:1:13:`);
    expect(err.message).not.toContain('[object');
  });

  it('an empty JSON project file is no settings at all, as an empty YAML one', async () => {
    const s = scene();
    writeFileSync(join(s.project, '.gateway-agent-setuprc.json'), ' \n');
    expect(await loadSettings(s.opts)).toEqual({ settings: {}, sources: [] });
  });

  it('a package.json that says nothing of us is passed over unparsed; one with our key that does not parse is refused', async () => {
    const s = scene();
    // Broken JSON: parsing it would fail, so passing over shows it was not parsed.
    writeFileSync(join(s.project, 'package.json'), '{"name": "repo", "scripts": {');
    writeFileSync(join(s.project, '.gateway-agent-setuprc'), 'baseUrl: https://team.example\n');
    const loaded = await loadSettings(s.opts);
    expect(loaded.project?.file).toBe(join(s.project, '.gateway-agent-setuprc'));
    writeFileSync(join(s.project, 'package.json'), '{"name": "repo", "gateway-agent-setup": {');
    const err = await usageErrorOf(loadSettings(s.opts));
    expect(err.message).toContain(`${join(s.project, 'package.json')}:1:42:`);
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
    'a TypeScript settings file (%s) is refused by name, saying it would be code',
    async (name) => {
      const s = scene();
      writeFileSync(join(s.project, name), 'export default { baseUrl: "https://team.example" };\n');
      const err = await usageErrorOf(loadSettings(s.opts));
      expect(err.message).toContain(join(s.project, name));
      expect(err.message).toContain('is code');
      expect(hintOf(err)).toContain('.gateway-agent-setuprc.yaml');
    },
  );

  it('a data file next to a code file is refused too: the user must not think the code one is used', async () => {
    const s = scene();
    writeFileSync(join(s.project, 'gateway-agent-setup.config.ts'), 'export default {};\n');
    writeFileSync(join(s.project, '.gateway-agent-setuprc.json'), '{ "agents": ["cline"] }\n');
    const err = await usageErrorOf(loadSettings(s.opts));
    expect(err.message).toContain('gateway-agent-setup.config.ts');
  });
});

describe('saveUserSettings', () => {
  it('writes settings.json in the state directory, mode 0644, merged over what it held', async () => {
    const s = scene();
    const { file } = await saveUserSettings(s.opts, {
      baseUrl: 'https://a.example',
      agents: ['codex'],
      perAgent: { codex: { model: 'm1', preferences: ['gpt-*'] } },
    });
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
