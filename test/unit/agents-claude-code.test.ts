import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiKeyHelperCommand, claudeCode, helperVariable } from '../../src/agents/claude-code/index.js';
import { maskKey } from '../../src/core/mask.js';
import {
  CHANNELS,
  KEY,
  OTHER_KEY,
  ROOT,
  applyPlan,
  choice,
  darwinEnv,
  files,
  linuxEnv,
  strings,
  winEnv,
  type Channel,
} from './agents-helpers.js';
import { inEnglish } from '../helpers/english.js';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../fixtures/agents/claude-code/${name}`, import.meta.url), 'utf8'));

describe('claude-code fit', () => {
  const table: [Channel, boolean, boolean?][] = [
    ['anthropic', true, false],
    ['openai', false],
    ['codex', false],
    ['xai', false],
    ['gemini', false],
    ['image', false],
    ['embeddings', false],
    ['unmarked', true, true],
  ];
  it.each(table)('%s → ok %s', (channel, ok, needsProbe) => {
    const fit = inEnglish(claudeCode.fit(CHANNELS[channel]));
    expect(fit.ok).toBe(ok);
    if (fit.ok) expect(fit).toEqual({ ok: true, protocol: 'messages', needsProbe });
    else expect(fit.reason.length).toBeGreaterThan(10);
  });
  it('names the missing mark', () => {
    const fit = inEnglish(claudeCode.fit(CHANNELS.openai));
    expect(fit.ok === false && fit.reason).toContain('anthropic');
  });
});

describe('claude-code files', () => {
  it('user scope on linux, darwin and win32', () => {
    expect(claudeCode.files(linuxEnv(), 'user').map((f) => f.path)).toEqual(['/home/dev/.claude/settings.json', '/home/dev/.claude.json']);
    expect(claudeCode.files(darwinEnv(), 'user').map((f) => f.path)).toEqual([
      '/Users/dev/.claude/settings.json',
      '/Users/dev/.claude.json',
    ]);
    expect(claudeCode.files(winEnv(), 'user').map((f) => f.path)).toEqual([
      'C:\\Users\\dev\\.claude\\settings.json',
      'C:\\Users\\dev\\.claude.json',
    ]);
  });
  it('CLAUDE_CONFIG_DIR moves settings and the state file', () => {
    expect(claudeCode.files(linuxEnv({ CLAUDE_CONFIG_DIR: '/cfg/claude' }), 'user').map((f) => f.path)).toEqual([
      '/cfg/claude/settings.json',
      '/cfg/claude/.claude.json',
    ]);
    expect(claudeCode.files(winEnv({ CLAUDE_CONFIG_DIR: 'D:\\claude' }), 'user').map((f) => f.path)).toEqual([
      'D:\\claude\\settings.json',
      'D:\\claude\\.claude.json',
    ]);
  });
  it('a blank CLAUDE_CONFIG_DIR counts as unset', () => {
    expect(claudeCode.files(linuxEnv({ CLAUDE_CONFIG_DIR: ' ' }), 'user')[0]!.path).toBe('/home/dev/.claude/settings.json');
  });
  it('project scope lists the committed and the local file, and the user file it merges under them', () => {
    const paths = claudeCode.files(winEnv(), 'project').map((f) => f.path);
    expect(paths).toEqual([
      'C:\\Users\\dev\\projects\\app\\.claude\\settings.json',
      'C:\\Users\\dev\\projects\\app\\.claude\\settings.local.json',
      'C:\\Users\\dev\\.claude\\settings.json',
      'C:\\Users\\dev\\.claude.json',
    ]);
  });
});

describe('claude-code apiKeyHelper', () => {
  it('prints the variable on POSIX and cmd, and both shapes are recognised as ours', () => {
    expect(apiKeyHelperCommand('GATEWAY_API_KEY', 'linux')).toBe('printf %s "$GATEWAY_API_KEY"');
    expect(apiKeyHelperCommand('GATEWAY_API_KEY', 'win32')).toBe('echo %GATEWAY_API_KEY%');
    expect(helperVariable(apiKeyHelperCommand('MY_KEY', 'darwin'))).toBe('MY_KEY');
    expect(helperVariable(apiKeyHelperCommand('MY_KEY', 'win32'))).toBe('MY_KEY');
    expect(helperVariable('security find-generic-password -w')).toBeUndefined();
    expect(helperVariable(42)).toBeUndefined();
  });
});

describe('claude-code plan', () => {
  const env = linuxEnv();
  const settings = '/home/dev/.claude/settings.json';
  const state = '/home/dev/.claude.json';

  it('user scope, file storage: env block, token, models, onboarding flag', () => {
    const plan = claudeCode.plan(env, choice({ smallModel: 'claude-haiku-4-5' }), files());
    const main = plan.edits.find((e) => e.path === settings)!;
    expect(main.secret).toBe(true);
    expect(main.edits).toEqual([
      { path: ['env', 'ANTHROPIC_BASE_URL'], value: ROOT },
      { path: ['env', 'ANTHROPIC_MODEL'], value: 'claude-sonnet-4-5' },
      { path: ['env', 'ANTHROPIC_DEFAULT_SONNET_MODEL'], value: 'claude-sonnet-4-5' },
      { path: ['env', 'ANTHROPIC_DEFAULT_OPUS_MODEL'], value: 'claude-sonnet-4-5' },
      { path: ['env', 'ANTHROPIC_DEFAULT_FABLE_MODEL'], value: 'claude-sonnet-4-5' },
      { path: ['env', 'ANTHROPIC_DEFAULT_HAIKU_MODEL'], value: 'claude-haiku-4-5' },
      { path: ['env', 'CLAUDE_CODE_ENABLE_GATEWAY_MODEL_DISCOVERY'], value: '1' },
      { path: ['env', 'ANTHROPIC_AUTH_TOKEN'], value: KEY },
    ]);
    expect(plan.edits.find((e) => e.path === state)!.edits).toEqual([{ path: ['hasCompletedOnboarding'], value: true }]);
    expect(plan.exportVar).toBeUndefined();
  });

  it('haiku and opus fall back to the main model', () => {
    const plan = claudeCode.plan(env, choice(), files());
    expect(plan.edits[0]!.edits).toContainEqual({ path: ['env', 'ANTHROPIC_DEFAULT_HAIKU_MODEL'], value: 'claude-sonnet-4-5' });
    expect(plan.edits[0]!.edits).toContainEqual({ path: ['env', 'ANTHROPIC_DEFAULT_OPUS_MODEL'], value: 'claude-sonnet-4-5' });
  });

  it('the fable tier (2.1.330) gets a fable the key offers, else the opus stand-in, else the main model', () => {
    const fable = (tiers?: Record<string, string>) =>
      claudeCode.plan(env, choice(tiers && { tiers }), files()).edits[0]!.edits.find((e) => e.path[1] === 'ANTHROPIC_DEFAULT_FABLE_MODEL')
        ?.value;
    expect(fable({ opus: 'claude-opus-4-1', fable: 'claude-fable-5' })).toBe('claude-fable-5');
    expect(fable({ opus: 'claude-opus-4-1' })).toBe('claude-opus-4-1');
    expect(fable()).toBe('claude-sonnet-4-5');
  });

  it('the opus tier gets its own model when one was chosen', () => {
    const plan = claudeCode.plan(env, choice({ tiers: { opus: 'claude-opus-4-1' } }), files());
    expect(plan.edits[0]!.edits).toContainEqual({ path: ['env', 'ANTHROPIC_DEFAULT_OPUS_MODEL'], value: 'claude-opus-4-1' });
    expect(plan.edits[0]!.edits).toContainEqual({ path: ['env', 'ANTHROPIC_DEFAULT_SONNET_MODEL'], value: 'claude-sonnet-4-5' });
  });

  it('removes a stale ANTHROPIC_API_KEY and ANTHROPIC_SMALL_FAST_MODEL, naming the key only masked', () => {
    const current = files({ [settings]: fixture('settings.lived-in.json') });
    const stale = 'sk-old-relay-key-0000000000000000000000000000';
    const plan = claudeCode.plan(
      env,
      choice(),
      new Map([[settings, { env: { ANTHROPIC_API_KEY: stale, ANTHROPIC_SMALL_FAST_MODEL: 'x' } }]]),
    );
    expect(plan.edits[0]!.edits).toContainEqual({ path: ['env', 'ANTHROPIC_API_KEY'], value: undefined });
    expect(plan.edits[0]!.edits).toContainEqual({ path: ['env', 'ANTHROPIC_SMALL_FAST_MODEL'], value: undefined });
    const notes = inEnglish(plan.notes);
    const note = notes.find((n) => n.includes('ANTHROPIC_API_KEY'))!;
    expect(note).toContain(maskKey(stale));
    expect(note).toContain('backup');
    expect(notes.join('\n')).not.toContain(stale);
    // The lived-in file: the stale key goes, everything else stays.
    const after = applyPlan(current, claudeCode.plan(env, choice(), current)).get(settings) as Record<string, Record<string, unknown>>;
    expect(after['env']).toMatchObject({ BASH_DEFAULT_TIMEOUT_MS: '120000', DISABLE_TELEMETRY: '1', ANTHROPIC_BASE_URL: ROOT });
    expect(after['env']!['ANTHROPIC_API_KEY']).toBeUndefined();
    expect(after['hooks']).toEqual((fixture('settings.lived-in.json') as Record<string, unknown>)['hooks']);
  });

  it('env storage: no token, our apiKeyHelper, the variable to export', () => {
    const plan = claudeCode.plan(env, choice({ keyStorage: 'env' }), files({ [settings]: { env: { ANTHROPIC_AUTH_TOKEN: 'old' } } }));
    const main = plan.edits[0]!;
    expect(main.secret).toBe(false);
    expect(main.edits).toContainEqual({ path: ['env', 'ANTHROPIC_AUTH_TOKEN'], value: undefined });
    expect(main.edits).toContainEqual({ path: ['apiKeyHelper'], value: 'printf %s "$GATEWAY_API_KEY"' });
    expect(strings(main.edits.map((e) => e.value))).not.toContain(KEY);
    expect(plan.exportVar).toBe('GATEWAY_API_KEY');
  });

  it('env storage on win32 writes the cmd form of the helper', () => {
    const plan = claudeCode.plan(winEnv(), choice({ keyStorage: 'env' }), files());
    expect(plan.edits[0]!.edits).toContainEqual({ path: ['apiKeyHelper'], value: 'echo %GATEWAY_API_KEY%' });
  });

  it('file storage deletes an apiKeyHelper of ours and keeps a foreign one with a note', () => {
    const ours = claudeCode.plan(env, choice(), files({ [settings]: { apiKeyHelper: 'printf %s "$OLD_VAR"' } }));
    expect(ours.edits[0]!.edits).toContainEqual({ path: ['apiKeyHelper'], value: undefined });
    const foreign = claudeCode.plan(env, choice(), files({ [settings]: { apiKeyHelper: '~/bin/get-key.sh' } }));
    expect(foreign.edits[0]!.edits.some((e) => e.path[0] === 'apiKeyHelper')).toBe(false);
    expect(inEnglish(foreign.notes).join('\n')).toContain('~/bin/get-key.sh');
  });

  it('project scope: the committed file never gets the key; the local file does', () => {
    for (const keyStorage of ['file', 'env'] as const) {
      const p = claudeCode.plan(env, choice({ scope: 'project', keyStorage }), files());
      const committed = p.edits.find((e) => e.path === '/home/dev/projects/app/.claude/settings.json')!;
      expect(strings(committed.edits.map((e) => e.value))).not.toContain(KEY);
      expect(committed.secret).toBe(false);
      expect(committed.edits).toContainEqual({ path: ['env', 'ANTHROPIC_BASE_URL'], value: ROOT });
      const local = p.edits.find((e) => e.path === '/home/dev/projects/app/.claude/settings.local.json')!;
      if (keyStorage === 'file') {
        expect(local.edits).toContainEqual({ path: ['env', 'ANTHROPIC_AUTH_TOKEN'], value: KEY });
        expect(local.secret).toBe(true);
      } else {
        expect(local.edits).toContainEqual({ path: ['apiKeyHelper'], value: 'printf %s "$GATEWAY_API_KEY"' });
      }
      // The user settings file is read, never edited, in project scope.
      expect(p.edits.some((e) => e.path === settings)).toBe(false);
    }
  });

  it('project scope blanks, in the local file, an ANTHROPIC_API_KEY the user settings would merge in', () => {
    const stale = 'sk-old-relay-key-0000000000000000000000000000';
    const p = claudeCode.plan(env, choice({ scope: 'project' }), files({ [settings]: { env: { ANTHROPIC_API_KEY: stale } } }));
    const local = p.edits.find((e) => e.path === '/home/dev/projects/app/.claude/settings.local.json')!;
    expect(local.edits).toContainEqual({ path: ['env', 'ANTHROPIC_API_KEY'], value: '' });
    expect(p.edits.some((e) => e.path === settings)).toBe(false);
    expect(inEnglish(p.notes).join('\n')).toContain(maskKey(stale));
    expect(inEnglish(p.notes).join('\n')).not.toContain(stale);
  });

  it('project scope removes a key left in the committed file and local values that would shadow ours', () => {
    const committed = '/home/dev/projects/app/.claude/settings.json';
    const local = '/home/dev/projects/app/.claude/settings.local.json';
    const p = claudeCode.plan(
      env,
      choice({ scope: 'project' }),
      files({
        [committed]: { env: { ANTHROPIC_AUTH_TOKEN: 'sk-leaked-000000000000' } },
        [local]: { env: { ANTHROPIC_BASE_URL: 'https://old/v1' } },
      }),
    );
    expect(p.edits.find((e) => e.path === committed)!.edits).toContainEqual({ path: ['env', 'ANTHROPIC_AUTH_TOKEN'], value: undefined });
    expect(p.edits.find((e) => e.path === local)!.edits).toContainEqual({ path: ['env', 'ANTHROPIC_BASE_URL'], value: undefined });
  });

  it('mentions shell exports, and warns about an exported ANTHROPIC_API_KEY without showing it', () => {
    const p = claudeCode.plan(linuxEnv({ ANTHROPIC_BASE_URL: 'https://x', ANTHROPIC_API_KEY: OTHER_KEY }), choice(), files());
    // The settings env block wins over the export: an empty value keeps x-api-key from going out.
    expect(p.edits[0]!.edits).toContainEqual({ path: ['env', 'ANTHROPIC_API_KEY'], value: '' });
    const all = inEnglish(p.notes).join('\n');
    expect(all).toContain('ANTHROPIC_BASE_URL');
    expect(all).toContain(maskKey(OTHER_KEY));
    expect(all).not.toContain(OTHER_KEY);
    expect(all).not.toContain(KEY);
  });
});

describe('claude-code readBack', () => {
  const env = linuxEnv();
  const settings = '/home/dev/.claude/settings.json';
  const read = (doc: unknown, e = env) => inEnglish(claudeCode.readBack(e, 'user', files({ [settings]: doc })));

  it('joins the base URL as Claude Code does', () => {
    const r = read({ env: { ANTHROPIC_BASE_URL: `${ROOT}/`, ANTHROPIC_AUTH_TOKEN: KEY, ANTHROPIC_MODEL: 'm' } });
    expect(r).toMatchObject({ protocol: 'messages', url: `${ROOT}/v1/messages`, auth: 'bearer', key: KEY, model: 'm', file: settings });
  });
  it('shows a doubled /v1', () => {
    const r = read({ env: { ANTHROPIC_BASE_URL: 'https://gw/v1', ANTHROPIC_AUTH_TOKEN: KEY, ANTHROPIC_MODEL: 'm' } });
    expect(typeof r !== 'string' && r.url).toBe('https://gw/v1/v1/messages');
  });
  it('x-api-key wins when both are set', () => {
    const r = read({ env: { ANTHROPIC_BASE_URL: ROOT, ANTHROPIC_AUTH_TOKEN: KEY, ANTHROPIC_API_KEY: OTHER_KEY, ANTHROPIC_MODEL: 'm' } });
    expect(r).toMatchObject({ auth: 'x-api-key', key: OTHER_KEY });
  });
  it('an ANTHROPIC_API_KEY exported in the shell replaces the token in the file: named, with the token it replaces', () => {
    const doc = { env: { ANTHROPIC_BASE_URL: ROOT, ANTHROPIC_AUTH_TOKEN: KEY, ANTHROPIC_MODEL: 'm' } };
    const r = read(doc, linuxEnv({ ANTHROPIC_API_KEY: OTHER_KEY }));
    expect(r).toMatchObject({
      auth: 'x-api-key',
      key: OTHER_KEY,
      overridden: { var: 'ANTHROPIC_API_KEY', configKey: KEY, configAuth: 'bearer', configSource: `${settings} ANTHROPIC_AUTH_TOKEN` },
    });
    // The same key exported, a blank one in the file (our setup's answer to an export), or none in the file: nothing replaced.
    expect(read(doc, linuxEnv({ ANTHROPIC_API_KEY: KEY }))).not.toHaveProperty('overridden');
    expect(read({ env: { ...doc.env, ANTHROPIC_API_KEY: '' } }, linuxEnv({ ANTHROPIC_API_KEY: OTHER_KEY }))).toMatchObject({
      auth: 'bearer',
      key: KEY,
    });
    expect(
      read({ env: { ANTHROPIC_BASE_URL: ROOT, ANTHROPIC_MODEL: 'm' } }, linuxEnv({ ANTHROPIC_API_KEY: OTHER_KEY })),
    ).not.toHaveProperty('overridden');
    // A key the user wrote in the file is no shell override.
    expect(read({ env: { ...doc.env, ANTHROPIC_API_KEY: OTHER_KEY } }, linuxEnv({ ANTHROPIC_API_KEY: OTHER_KEY }))).not.toHaveProperty(
      'overridden',
    );
  });
  it('reads the opus tier back', () => {
    const r = read({
      env: { ANTHROPIC_BASE_URL: ROOT, ANTHROPIC_AUTH_TOKEN: KEY, ANTHROPIC_MODEL: 'm', ANTHROPIC_DEFAULT_OPUS_MODEL: 'claude-opus-4-1' },
    });
    expect(r).toMatchObject({ model: 'm', tiers: { opus: 'claude-opus-4-1' } });
  });
  it('reads the fable tier back, from the settings or the shell', () => {
    const base = { ANTHROPIC_BASE_URL: ROOT, ANTHROPIC_AUTH_TOKEN: KEY, ANTHROPIC_MODEL: 'm' };
    expect(read({ env: { ...base, ANTHROPIC_DEFAULT_OPUS_MODEL: 'o', ANTHROPIC_DEFAULT_FABLE_MODEL: 'f' } })).toMatchObject({
      tiers: { opus: 'o', fable: 'f' },
    });
    expect(read({ env: base }, linuxEnv({ ANTHROPIC_DEFAULT_FABLE_MODEL: 'f' }))).toMatchObject({ tiers: { fable: 'f' } });
  });
  it('resolves our apiKeyHelper from the environment', () => {
    const doc = { apiKeyHelper: 'printf %s "$GATEWAY_API_KEY"', env: { ANTHROPIC_BASE_URL: ROOT, ANTHROPIC_MODEL: 'm' } };
    expect(read(doc, linuxEnv({ GATEWAY_API_KEY: KEY }))).toMatchObject({ key: KEY, auth: 'x-api-key' });
    const unset = read(doc);
    expect(typeof unset !== 'string' && unset.key).toBeUndefined();
    expect(typeof unset !== 'string' && unset.keySource).toContain('GATEWAY_API_KEY');
  });
  it('falls back to shell exports', () => {
    const r = read({ env: { ANTHROPIC_BASE_URL: ROOT, ANTHROPIC_MODEL: 'm' } }, linuxEnv({ ANTHROPIC_AUTH_TOKEN: KEY }));
    expect(r).toMatchObject({ key: KEY, auth: 'bearer', keySource: expect.stringContaining('shell') });
  });
  it('says why when the URL is missing', () => {
    expect(read({ env: { ANTHROPIC_MODEL: 'm' } })).toContain('ANTHROPIC_BASE_URL');
    expect(read(undefined)).toContain('ANTHROPIC_BASE_URL');
  });
  it('without ANTHROPIC_MODEL it still calls the gateway, for its own default model, and says so', () => {
    const r = read({ env: { ANTHROPIC_BASE_URL: `${ROOT}/v1`, ANTHROPIC_AUTH_TOKEN: KEY } });
    expect(r).toMatchObject({ model: 'claude-opus-5-5', url: `${ROOT}/v1/v1/messages`, key: KEY, file: settings });
    // The one each release asks for, as seen on a gateway without it: the first and last of each run.
    const at = (agentVersion: string) => read({ env: { ANTHROPIC_BASE_URL: ROOT, ANTHROPIC_AUTH_TOKEN: KEY } }, { ...env, agentVersion });
    for (const [version, model] of [
      ['2.1.100', 'claude-sonnet-4-6'],
      ['2.1.128', 'claude-sonnet-4-6'],
      ['2.1.129', 'claude-opus-4-7'],
      ['2.1.153', 'claude-opus-4-7'],
      ['2.1.154', 'claude-opus-4-8'],
      ['2.1.218', 'claude-opus-4-8'],
      ['2.1.219', 'claude-opus-5'],
      ['2.1.278', 'claude-opus-5'],
      ['2.1.280', 'claude-opus-5-5'],
      ['2.1.332', 'claude-opus-5-5'],
    ] as const)
      expect(at(version), version).toMatchObject({ model });
    // Older than any seen: its own is not known, and the config is not read.
    expect(at('2.1.98')).toBe(`ANTHROPIC_MODEL is not set in ${settings}: Claude Code would ask for its own default model.`);
    expect(typeof r !== 'string' && r.modelDefault && inEnglish(r.modelDefault)).toBe(
      `Claude Code's own default, as ANTHROPIC_MODEL is not set in ${settings}`,
    );
    const named = read({ env: { ANTHROPIC_BASE_URL: ROOT, ANTHROPIC_AUTH_TOKEN: KEY, ANTHROPIC_MODEL: 'm' } });
    expect(typeof named !== 'string' && named.modelDefault).toBeUndefined();
  });
  it('project scope: local over committed over user', () => {
    const r = claudeCode.readBack(
      env,
      'project',
      files({
        [settings]: { env: { ANTHROPIC_MODEL: 'user-model', ANTHROPIC_AUTH_TOKEN: OTHER_KEY } },
        '/home/dev/projects/app/.claude/settings.json': { env: { ANTHROPIC_BASE_URL: ROOT, ANTHROPIC_MODEL: 'team-model' } },
        '/home/dev/projects/app/.claude/settings.local.json': { env: { ANTHROPIC_AUTH_TOKEN: KEY } },
      }),
    );
    expect(r).toMatchObject({
      model: 'team-model',
      key: KEY,
      url: `${ROOT}/v1/messages`,
      file: '/home/dev/projects/app/.claude/settings.json',
    });
  });
});

describe('claude-code plan → readBack', () => {
  it.each(['file', 'env'] as const)('user scope, %s storage, over the lived-in settings', (keyStorage) => {
    const env = linuxEnv({ GATEWAY_API_KEY: KEY });
    const settings = '/home/dev/.claude/settings.json';
    const before = files({ [settings]: fixture('settings.lived-in.json'), '/home/dev/.claude.json': fixture('claude.json.lived-in') });
    const after = applyPlan(before, claudeCode.plan(env, choice({ keyStorage }), before));
    expect(inEnglish(claudeCode.readBack(env, 'user', after))).toMatchObject({
      url: `${ROOT}/v1/messages`,
      model: 'claude-sonnet-4-5',
      key: KEY,
    });
    expect(after.get('/home/dev/.claude.json')).toMatchObject({ hasCompletedOnboarding: true, numStartups: 42 });
  });
});

describe('claude-code oneShot', () => {
  it('fails fast and never auto-updates', () => {
    expect(claudeCode.oneShot('m', 'say ok')).toEqual({
      command: 'claude',
      args: ['-p', 'say ok', '--model=m'],
      env: { CLAUDE_CODE_MAX_RETRIES: '0', DISABLE_AUTOUPDATER: '1' },
    });
  });
});
