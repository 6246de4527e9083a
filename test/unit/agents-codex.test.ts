import { readFileSync } from 'node:fs';
import { parse as parseToml } from '@decimalturn/toml-patch';
import { describe, expect, it } from 'vitest';
import { CODEX_PROVIDER_ID, CODEX_PROVIDER_NAME, codex } from '../../src/agents/codex/index.js';
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

const lived = parseToml(readFileSync(new URL('../fixtures/agents/codex/config.lived-in.toml', import.meta.url), 'utf8'));
const CONFIG = '/home/dev/.codex/config.toml';
const DOTENV = '/home/dev/.codex/.env';
const codexChoice = (over: Parameters<typeof choice>[0] = {}) => choice({ model: 'gpt-5.1-codex', protocol: 'responses', ...over });

describe('codex fit', () => {
  const table: [Channel, boolean, boolean?][] = [
    ['anthropic', false],
    ['openai', true, true],
    ['codex', true, false],
    ['xai', true, false],
    ['gemini', true, true],
    ['image', false],
    ['embeddings', false],
    ['unmarked', true, true],
  ];
  it.each(table)('%s → ok %s', (channel, ok, needsProbe) => {
    const fit = inEnglish(codex.fit(CHANNELS[channel]));
    expect(fit.ok).toBe(ok);
    if (fit.ok) expect(fit).toEqual({ ok: true, protocol: 'responses', needsProbe });
  });
  it('explains why an anthropic model cannot serve Responses', () => {
    const fit = inEnglish(codex.fit(CHANNELS.anthropic));
    expect(fit.ok === false && fit.reason).toMatch(/anthropic.*convert_request_failed/);
  });
});

describe('codex files', () => {
  it.each([
    [linuxEnv(), ['/home/dev/.codex/config.toml', '/home/dev/.codex/.env']],
    [darwinEnv(), ['/Users/dev/.codex/config.toml', '/Users/dev/.codex/.env']],
    [winEnv(), ['C:\\Users\\dev\\.codex\\config.toml', 'C:\\Users\\dev\\.codex\\.env']],
    [linuxEnv({ CODEX_HOME: '/opt/codex' }), ['/opt/codex/config.toml', '/opt/codex/.env']],
    [linuxEnv({ CODEX_HOME: 'rel/codex' }), ['/home/dev/projects/app/rel/codex/config.toml', '/home/dev/projects/app/rel/codex/.env']],
    [winEnv({ CODEX_HOME: 'D:\\codex' }), ['D:\\codex\\config.toml', 'D:\\codex\\.env']],
  ])('%#', (env, expected) => {
    expect(codex.files(env, 'user').map((f) => f.path)).toEqual(expected);
    // Codex ignores providers in a project config: the same files in project scope.
    expect(codex.files(env, 'project').map((f) => f.path)).toEqual(expected);
    expect(codex.files(env, 'user').map((f) => f.format)).toEqual(['toml', 'dotenv']);
  });
});

describe('codex plan', () => {
  it('file storage: provider table, root keys, the key in .env', () => {
    const plan = codex.plan(linuxEnv(), codexChoice(), files());
    expect(plan.edits[0]).toEqual({
      path: CONFIG,
      format: 'toml',
      edits: [
        { path: ['model'], value: 'gpt-5.1-codex' },
        { path: ['model_provider'], value: 'gateway' },
        { path: ['model_providers', 'gateway', 'name'], value: 'Gateway (gateway-agent-setup)' },
        { path: ['model_providers', 'gateway', 'base_url'], value: `${ROOT}/v1` },
        { path: ['model_providers', 'gateway', 'env_key'], value: 'GATEWAY_API_KEY' },
        { path: ['model_providers', 'gateway', 'wire_api'], value: 'responses' },
      ],
    });
    expect(plan.edits[1]).toEqual({ path: DOTENV, format: 'dotenv', edits: [{ path: ['GATEWAY_API_KEY'], value: KEY }], secret: true });
    expect(strings(plan.edits[0]!.edits.map((e) => e.value))).not.toContain(KEY);
    expect(plan.exportVar).toBeUndefined();
  });

  it('never uses a built-in provider id', () => {
    expect(['openai', 'ollama', 'lmstudio', 'amazon-bedrock', 'oss']).not.toContain(CODEX_PROVIDER_ID);
  });

  it('env storage: no key anywhere, an old .env entry removed, the export named', () => {
    const plan = codex.plan(
      linuxEnv(),
      codexChoice({ keyStorage: 'env' }),
      files({ [DOTENV]: { GATEWAY_API_KEY: 'sk-old-000000000000000' } }),
    );
    expect(strings(plan.edits.flatMap((f) => f.edits.map((e) => e.value)))).not.toContain(KEY);
    expect(plan.edits.find((f) => f.path === DOTENV)!.edits).toEqual([{ path: ['GATEWAY_API_KEY'], value: undefined }]);
    expect(plan.exportVar).toBe('GATEWAY_API_KEY');
    expect(inEnglish(plan.notes).join('\n')).toMatch(/export/);
  });

  it('env storage without a .env entry writes no .env at all', () => {
    const plan = codex.plan(linuxEnv({ GATEWAY_API_KEY: KEY }), codexChoice({ keyStorage: 'env' }), files());
    expect(plan.edits.map((f) => f.path)).toEqual([CONFIG]);
  });

  it('project scope writes the user file and says why', () => {
    const plan = codex.plan(linuxEnv(), codexChoice({ scope: 'project' }), files());
    expect(plan.edits.map((f) => f.path)).toEqual([CONFIG, DOTENV]);
    expect(inEnglish(plan.notes).join('\n')).toContain('ignores model providers in a project');
  });

  it('notes a shell export with another key, masked', () => {
    const plan = codex.plan(linuxEnv({ GATEWAY_API_KEY: OTHER_KEY }), codexChoice(), files());
    const all = inEnglish(plan.notes).join('\n');
    expect(all).toContain(maskKey(OTHER_KEY));
    expect(all).not.toContain(OTHER_KEY);
    expect(all).not.toContain(KEY);
  });

  it('removes a literal bearer token from our table', () => {
    const current = files({ [CONFIG]: { model_providers: { gateway: { name: CODEX_PROVIDER_NAME, experimental_bearer_token: 'sk-x' } } } });
    const plan = codex.plan(linuxEnv(), codexChoice(), current);
    expect(plan.edits[0]!.edits).toContainEqual({ path: ['model_providers', 'gateway', 'experimental_bearer_token'], value: undefined });
  });

  it('will not store a CODEX_* variable in .env, which Codex refuses to load', () => {
    const plan = codex.plan(linuxEnv(), codexChoice({ keyEnvVar: 'CODEX_GW_KEY' }), files());
    expect(plan.edits.map((f) => f.path)).toEqual([CONFIG]);
    expect(plan.exportVar).toBe('CODEX_GW_KEY');
  });
});

describe("codex plan: a table of the user's own is never taken over", () => {
  const userTable = { name: 'Corp', base_url: 'https://corp.example.com/v1', env_key: 'CORP_KEY' };
  const ids = (plan: ReturnType<typeof codex.plan>): string[] => [
    ...new Set(plan.edits[0]!.edits.filter((e) => e.path[0] === 'model_providers').map((e) => String(e.path[1]))),
  ];

  it('a user table named gateway: ours gets a free id, theirs is not edited, the note says so', () => {
    const current = files({ [CONFIG]: { model: 'o3', model_provider: 'gateway', model_providers: { gateway: userTable } } });
    const plan = codex.plan(linuxEnv(), codexChoice(), current);
    expect(ids(plan)).toEqual(['gateway-agent-setup']);
    expect(plan.edits[0]!.edits).toContainEqual({ path: ['model_provider'], value: 'gateway-agent-setup' });
    const after = applyPlan(current, plan).get(CONFIG) as { model_providers: Record<string, unknown> };
    expect(after.model_providers['gateway']).toEqual(userTable);
    const note = inEnglish(plan.notes).join('\n');
    expect(note).toContain('[model_providers.gateway]');
    expect(note).toContain('[model_providers.gateway-agent-setup]');
    expect(note).toContain('model_provider = "gateway"');
  });

  it('both gateway and gateway-agent-setup taken by the user: gateway-2', () => {
    const current = files({ [CONFIG]: { model_providers: { gateway: userTable, 'gateway-agent-setup': userTable } } });
    const plan = codex.plan(linuxEnv(), codexChoice(), current);
    expect(ids(plan)).toEqual(['gateway-2']);
    expect(inEnglish(plan.notes).join('\n')).not.toContain('model_provider = "gateway"');
  });

  it('the table we created under another id is found again on the next run, with no note', () => {
    const first = files({ [CONFIG]: { model_providers: { gateway: userTable } } });
    const once = applyPlan(first, codex.plan(linuxEnv(), codexChoice(), first));
    const again = codex.plan(linuxEnv(), codexChoice({ model: 'gpt-5' }), once);
    expect(ids(again)).toEqual(['gateway-agent-setup']);
    expect(inEnglish(again.notes).join('\n')).not.toContain('[model_providers.gateway]');
    expect(inEnglish(codex.readBack(linuxEnv(), 'user', applyPlan(once, again)))).toMatchObject({
      model: 'gpt-5',
      url: `${ROOT}/v1/responses`,
    });
  });

  it('a table we wrote as gateway stays ours (configs from earlier versions)', () => {
    const current = files({ [CONFIG]: { model_providers: { gateway: { name: CODEX_PROVIDER_NAME, base_url: 'https://old/v1' } } } });
    const plan = codex.plan(linuxEnv(), codexChoice(), current);
    expect(ids(plan)).toEqual(['gateway']);
    expect(inEnglish(plan.notes)).toEqual([]);
  });
});

describe('codex readBack', () => {
  const read = (config: unknown, dotenv?: unknown, env = linuxEnv()) =>
    inEnglish(codex.readBack(env, 'user', files({ [CONFIG]: config, [DOTENV]: dotenv })));
  const table = (over: Record<string, unknown> = {}) => ({
    model: 'gpt-5.1-codex',
    model_provider: 'gateway',
    model_providers: { gateway: { base_url: `${ROOT}/v1`, env_key: 'GATEWAY_API_KEY', wire_api: 'responses', ...over } },
  });

  it('joins base_url + /responses with the key from .env', () => {
    expect(read(table(), { GATEWAY_API_KEY: KEY })).toEqual({
      protocol: 'responses',
      url: `${ROOT}/v1/responses`,
      model: 'gpt-5.1-codex',
      auth: 'bearer',
      key: KEY,
      keySource: `${DOTENV} GATEWAY_API_KEY`,
      keyVar: { name: 'GATEWAY_API_KEY', via: 'named' },
      baseUrl: `${ROOT}/v1`,
      file: CONFIG,
    });
  });
  it('.env wins over the shell (Codex sets .env values over the inherited environment)', () => {
    expect(read(table(), { GATEWAY_API_KEY: KEY }, linuxEnv({ GATEWAY_API_KEY: OTHER_KEY }))).toMatchObject({ key: KEY });
    expect(read(table(), undefined, linuxEnv({ GATEWAY_API_KEY: OTHER_KEY }))).toMatchObject({ key: OTHER_KEY });
  });
  it('shows a doubled and a missing /v1', () => {
    expect(read(table({ base_url: 'https://gw/v1/v1/' }))).toMatchObject({ url: 'https://gw/v1/v1/responses' });
    expect(read(table({ base_url: 'https://gw' }))).toMatchObject({ url: 'https://gw/responses' });
  });
  it('a missing key is undefined with its source named', () => {
    const r = read(table());
    expect(typeof r !== 'string' && r.key).toBeUndefined();
    expect(typeof r !== 'string' && r.keySource).toContain('GATEWAY_API_KEY');
    // Read from the shell: the variable travels as data, for doctor and agent runs.
    expect(typeof r !== 'string' && r.keyVar).toEqual({ name: 'GATEWAY_API_KEY', via: 'export' });
  });
  it('string reasons for each missing piece', () => {
    expect(read(undefined)).toContain('does not exist');
    expect(read({ model: 'm' })).toContain('model_provider');
    expect(read({ model: 'm', model_provider: 'gw2' })).toContain('[model_providers.gw2]');
    expect(read({ ...table(), model_provider: 'openai' })).toContain('built-in');
    expect(read(table({ wire_api: 'chat' }))).toContain('wire_api = chat is no longer supported by Codex');
    expect(read(table({ base_url: undefined }))).toContain('base_url');
  });
  it('without `model` it asks for its own default: the one a known version asks for, else not read', () => {
    const newest = read({ ...table(), model: undefined });
    expect(newest).toMatchObject({ model: 'gpt-6.2-sol', modelDefault: `Codex's own default, as model is not set in ${CONFIG}` });
    const seen = inEnglish(
      codex.readBack({ ...linuxEnv(), agentVersion: '0.171.0' }, 'user', files({ [CONFIG]: { ...table(), model: undefined } })),
    );
    expect(seen).toMatchObject({ model: 'gpt-6.2-sol' });
    const at = (agentVersion: string) =>
      inEnglish(codex.readBack({ ...linuxEnv(), agentVersion }, 'user', files({ [CONFIG]: { ...table(), model: undefined } })));
    // Each release's own, as seen asking a recording gateway: the first and last of each run.
    for (const [version, model] of [
      ['0.130.0', 'gpt-5.5'],
      ['0.143.0', 'gpt-5.5'],
      ['0.144.0', 'gpt-5.6-sol'],
      ['0.153.3', 'gpt-5.6-sol'],
      ['0.153.4', 'gpt-6-astra'],
      ['0.159.0', 'gpt-6-astra'],
      ['0.159.1', 'gpt-6.1-sol'],
      ['0.169.0', 'gpt-6.1-sol'],
      ['0.172.0', 'gpt-6.2-sol'],
    ] as const)
      expect(at(version), version).toMatchObject({ model });
    expect(at('0.129.0')).toContain('model is not set');
  });
});

describe('codex plan → readBack over the lived-in config', () => {
  it.each(['file', 'env'] as const)('%s storage', (keyStorage) => {
    const env = linuxEnv(keyStorage === 'env' ? { GATEWAY_API_KEY: KEY } : {});
    const before = files({ [CONFIG]: lived });
    const after = applyPlan(before, codex.plan(env, codexChoice({ keyStorage }), before));
    expect(inEnglish(codex.readBack(env, 'user', after))).toMatchObject({ url: `${ROOT}/v1/responses`, model: 'gpt-5.1-codex', key: KEY });
    const doc = after.get(CONFIG) as Record<string, Record<string, unknown>>;
    expect(doc['model_providers']!['openrouter']).toEqual({
      name: 'OpenRouter',
      base_url: 'https://openrouter.ai/api/v1',
      env_key: 'OPENROUTER_API_KEY',
    });
    expect(doc['mcp_servers']).toEqual((lived as Record<string, unknown>)['mcp_servers']);
  });
});

describe('codex oneShot', () => {
  it('exec with the model and no git check', () => {
    expect(codex.oneShot('gpt-5.1-codex', 'say ok')).toEqual({
      command: 'codex',
      args: ['exec', '--skip-git-repo-check', '--model=gpt-5.1-codex', 'say ok'],
    });
  });
});

describe('codex: a `profile = "NAME"` line in config.toml', () => {
  const withProfile = (profile: Record<string, unknown>) => ({
    profile: 'work',
    profiles: { work: profile },
    model: 'gpt-5.1-codex',
    model_provider: 'gateway',
    model_providers: { gateway: { name: CODEX_PROVIDER_NAME, base_url: `${ROOT}/v1`, env_key: 'GATEWAY_API_KEY', wire_api: 'responses' } },
  });
  const at = (version?: string) => (version === undefined ? linuxEnv() : { ...linuxEnv(), agentVersion: version });

  it('0.134.0 and later (or a version not known): refused at start by Codex, so the read-back says so and setup takes the line out', () => {
    for (const env of [at(), at('0.134.0'), at('0.150.0'), at('0.171.0')]) {
      const current = files({ [CONFIG]: withProfile({ model: 'o3' }), [DOTENV]: { GATEWAY_API_KEY: KEY } });
      const said = inEnglish(codex.readBack(env, 'user', current));
      expect(said).toBe(
        `${CONFIG} has \`profile = "work"\`, which Codex 0.134.0 and later refuse to start with ("legacy profile config is no longer supported"): a profile is now a file of its own, work.config.toml, chosen with \`--profile work\`.`,
      );
      const plan = codex.plan(env, codexChoice(), current);
      expect(plan.edits[0]!.edits).toContainEqual({ path: ['profile'], value: undefined });
      expect(inEnglish(plan.notes).join('\n')).toContain('Removed `profile = "work"` from');
      // The line gone, the user's table kept, and the read-back is ours.
      const after = applyPlan(current, plan);
      expect((after.get(CONFIG) as { profiles: unknown }).profiles).toEqual({ work: { model: 'o3' } });
      expect(inEnglish(codex.readBack(env, 'user', after))).toMatchObject({ model: 'gpt-5.1-codex', url: `${ROOT}/v1/responses` });
    }
  });

  it("an older Codex: the active profile's model and provider win over the top level's, in the read-back, and setup says so", () => {
    const current = files({ [CONFIG]: withProfile({ model: 'o3' }), [DOTENV]: { GATEWAY_API_KEY: KEY } });
    expect(inEnglish(codex.readBack(at('0.133.0'), 'user', current))).toMatchObject({ model: 'o3', url: `${ROOT}/v1/responses` });
    const plan = codex.plan(at('0.133.0'), codexChoice(), current);
    expect(plan.edits[0]!.edits.some((e) => e.path[0] === 'profile')).toBe(false);
    expect(inEnglish(plan.notes).join('\n')).toContain('Codex 0.133.0 takes model from the profile "work"');
    // A profile that sets neither: nothing to say, the top level is read.
    const plain = files({ [CONFIG]: withProfile({ approval_policy: 'never' }), [DOTENV]: { GATEWAY_API_KEY: KEY } });
    expect(codex.plan(at('0.133.0'), codexChoice(), plain).notes).toEqual([]);
    expect(inEnglish(codex.readBack(at('0.133.0'), 'user', plain))).toMatchObject({ model: 'gpt-5.1-codex' });
  });
});
