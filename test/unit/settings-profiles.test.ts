// Profiles in the saved settings: validated like the top level with errors naming the file and
// the profile's field, never a key; the record of active profiles only in the user file; a project
// file's profile winning by name; `setup` taking an agent back from a profile. Real files in temp dirs.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/core/errors.js';
import { english } from '../../src/i18n/index.js';
import { activeProfiles, agentsWrittenBy, profileAgents, profileSaved } from '../../src/settings/profiles.js';
import { loadSettings, saveUserSettings, updateUserSettings, userSettingsPath, validateSettings } from '../../src/settings/index.js';

const KEY = 'sk-abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKL';
const F = '/x/settings.json';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function errorText(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof UsageError) return english(err.text);
    throw err;
  }
  throw new Error('no error thrown');
}

function scene() {
  const home = mkdtempSync(join(tmpdir(), 'gas-profiles-'));
  dirs.push(home);
  const project = join(home, 'repo');
  mkdirSync(project, { recursive: true });
  const userFile = userSettingsPath(home, {}, 'linux');
  mkdirSync(join(userFile, '..'), { recursive: true });
  return { home, project, userFile, opts: { home, cwd: project, env: {}, platform: 'linux' as const } };
}

describe('profiles in validateSettings', () => {
  it('accepts profiles with every top-level field, and the active record in the user file', () => {
    const doc = {
      baseUrl: 'https://gw.example.com',
      profiles: {
        work: {
          baseUrl: 'https://gw.work.example',
          keyEnv: 'WORK_GW_KEY',
          agents: ['claude-code', 'codex'],
          scope: 'user',
          keyStorage: 'env',
          markers: { messages: 'anthropic' },
          perAgent: { codex: { model: 'gpt-5.1-codex', preferences: ['gpt-5*'] } },
        },
        'personal.v2_x-1': { baseUrl: 'https://gw.home.example' },
      },
      active: { codex: 'work' },
    };
    expect(validateSettings(doc, F)).toEqual(doc);
  });

  it('names the file and the profile field of each mistake', () => {
    const cases: [unknown, string][] = [
      [{ profiles: [] }, '"profiles" must be an object'],
      [{ profiles: { 'bad name': {} } }, '"profiles.bad name" must be a profile name'],
      [{ profiles: { '-x': {} } }, '"profiles.-x" must be a profile name'],
      [{ profiles: { work: 'https://gw' } }, '"profiles.work" must be an object'],
      [{ profiles: { work: { baseURL: 'x' } } }, '"profiles.work.baseURL" is unknown'],
      [{ profiles: { work: { profiles: {} } } }, '"profiles.work.profiles" is unknown'],
      [{ profiles: { work: { active: {} } } }, '"profiles.work.active" is unknown'],
      [{ profiles: { work: { keyEnv: 'NOT A NAME' } } }, '"profiles.work.keyEnv" must be an environment variable name'],
      [{ profiles: { work: { agents: ['vim'] } } }, '"profiles.work.agents" has unknown agent "vim"'],
      [{ profiles: { work: { scope: 'global' } } }, '"profiles.work.scope" must be "user" or "project"'],
      [{ profiles: { work: { perAgent: { codex: { model: 5 } } } } }, '"profiles.work.perAgent.codex.model" must be a string'],
      [{ active: { vim: 'work' } }, '"active.vim" is not an agent'],
      [{ active: { codex: 'a b' } }, '"active.codex" must be a profile name'],
    ];
    for (const [doc, text] of cases) {
      const shown = errorText(() => validateSettings(doc, F));
      expect(shown, JSON.stringify(doc)).toContain(F);
      expect(shown, JSON.stringify(doc)).toContain(text);
    }
  });

  it('a key anywhere in a profile is refused, naming the field, never echoing it', () => {
    for (const profile of [{ keyEnv: KEY }, { baseUrl: `https://gw.example/${KEY}` }, { perAgent: { codex: { model: KEY } } }]) {
      const shown = errorText(() => validateSettings({ profiles: { work: profile } }, F));
      expect(shown).toMatch(/"profiles\.work\.(keyEnv|baseUrl|perAgent\.codex\.model)" holds what looks like an API key/);
      expect(shown).not.toContain(KEY);
      expect(shown).not.toContain(KEY.slice(3));
    }
  });

  it('the active record is refused in a project file', () => {
    const shown = errorText(() => validateSettings({ active: { codex: 'work' } }, '/repo/.gateway-agent-setuprc', 'project'));
    expect(shown).toContain('/repo/.gateway-agent-setuprc');
    expect(shown).toContain('"active"');
    expect(shown).toContain('never in a project file');
  });
});

describe('profiles in loadSettings', () => {
  it("the user's profile wins a name clash (reported); an unapproved project profile is withheld, an approved one is used", async () => {
    const s = scene();
    writeFileSync(
      s.userFile,
      JSON.stringify({
        profiles: { team: { baseUrl: 'https://mine.example' }, home: { baseUrl: 'https://home.example' } },
        active: { codex: 'team' },
      }),
    );
    const projectFile = join(s.project, '.gateway-agent-setuprc');
    writeFileSync(projectFile, 'profiles:\n  team:\n    baseUrl: https://team.example\n    keyEnv: TEAM_KEY\n  ci:\n    keyEnv: CI_KEY\n');
    const loaded = await loadSettings(s.opts);
    expect(loaded.settings.profiles).toEqual({ team: { baseUrl: 'https://mine.example' }, home: { baseUrl: 'https://home.example' } });
    expect(loaded.profileFiles).toEqual({ team: s.userFile, home: s.userFile });
    expect(loaded.profileClashes).toEqual(['team']);
    expect(loaded.withheld).toEqual([{ field: 'profiles.ci.keyEnv', value: 'CI_KEY' }]);
    expect(loaded.settings.active).toEqual({ codex: 'team' });
    // Approved: the project's other profile is used; the clash still keeps the user's.
    const hash = createHash('sha256').update(readFileSync(projectFile)).digest('hex');
    writeFileSync(
      s.userFile,
      JSON.stringify({ profiles: { team: { baseUrl: 'https://mine.example' } }, trusted: { [projectFile]: hash } }),
    );
    const approved = await loadSettings(s.opts);
    expect(approved.settings.profiles).toEqual({ team: { baseUrl: 'https://mine.example' }, ci: { keyEnv: 'CI_KEY' } });
    expect(approved.profileFiles).toEqual({ team: s.userFile, ci: projectFile });
    expect(approved.profileClashes).toEqual(['team']);
  });
});

describe('the user file with profiles', () => {
  it('updateUserSettings replaces what it is given (a removed profile is gone); saveUserSettings keeps profiles', async () => {
    const s = scene();
    writeFileSync(s.userFile, JSON.stringify({ profiles: { a: { baseUrl: 'https://a.example' }, b: { baseUrl: 'https://b.example' } } }));
    await updateUserSettings(s.opts, (before) => ({ ...before, profiles: { b: before.profiles!.b! } }));
    expect(JSON.parse(readFileSync(s.userFile, 'utf8'))).toEqual({ profiles: { b: { baseUrl: 'https://b.example' } } });
    await saveUserSettings(s.opts, { baseUrl: 'https://top.example', agents: ['codex'] });
    expect(JSON.parse(readFileSync(s.userFile, 'utf8')).profiles).toEqual({ b: { baseUrl: 'https://b.example' } });
  });

  it('a setup that writes an agent takes it back from the profile that last wrote it', async () => {
    const s = scene();
    writeFileSync(
      s.userFile,
      JSON.stringify({ profiles: { w: { baseUrl: 'https://w.example' } }, active: { codex: 'w', 'claude-code': 'w' } }),
    );
    await saveUserSettings(s.opts, { baseUrl: 'https://top.example', agents: ['codex'] });
    expect(JSON.parse(readFileSync(s.userFile, 'utf8')).active).toEqual({ 'claude-code': 'w' });
  });

  it('a key is never written into a profile', async () => {
    const s = scene();
    const err = await updateUserSettings(s.opts, (b) => ({ ...b, profiles: { w: { keyEnv: KEY } } })).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(UsageError);
    expect(() => readFileSync(s.userFile)).toThrow();
  });
});

describe('which agents a profile covers', () => {
  const loaded = {
    settings: {
      profiles: {
        work: { agents: ['codex', 'claude-code', 'opencode'] as const },
        home: { agents: ['codex'] as const },
        idle: { agents: ['cline'] as const },
      },
      active: { codex: 'home', 'claude-code': 'work', qwen: 'gone' },
    },
    sources: [],
  } as unknown as Parameters<typeof profileAgents>[0];

  it('the active record names only profiles still defined', () => {
    expect([...activeProfiles(loaded.settings)]).toEqual([
      ['codex', 'home'],
      ['claude-code', 'work'],
    ]);
  });

  it('a profile covers the agents it last wrote, else the ones it lists that no other profile took', () => {
    expect(agentsWrittenBy(loaded, 'work')).toEqual(['claude-code']);
    expect(profileAgents(loaded, 'work')).toEqual(['claude-code']);
    expect(profileAgents(loaded, 'idle')).toEqual(['cline']);
    expect(agentsWrittenBy(loaded, 'idle')).toEqual([]);
  });

  it('an unknown profile is a usage error listing the valid ones', () => {
    const shown = errorText(() => profileSaved(loaded, 'wrok'));
    expect(shown).toBe('There is no profile "wrok".');
    expect(profileSaved(loaded, 'home').settings).toEqual({ agents: ['codex'] });
  });
});
