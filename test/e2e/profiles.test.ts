// Profiles through the built bin against two simulated gateways, each knowing only its own key:
// `use` switches a profile's agents (backups, read-back, restore undoes it), `profiles` shows the
// active one per agent and notices a config changed by hand, two profiles writing one agent are
// refused before anything is written, a team's project-file profile, and sync/doctor per profile.
// No key ever reaches the output, the settings or the names of backups.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MODELS } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { type CliResult, jsonOf, runInProcess, shown, tempHome } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

const WORK_KEY = 'sk-W0rkK3yQ7vN2xKp9LmR4tYw8ZbC3dFg6HjS1aEu5oIi0PqWz';
const HOME_KEY = 'sk-H0meK3yZbC3dFg6HjS1aEu5oIi0PqWzXcVbNm7vN2xKp9Lm';
const KEYS = [WORK_KEY, HOME_KEY];

let work: Simulator;
let personal: Simulator;
let home: string;
let project: string;
let remove: () => void;
const outputs: string[] = [];

beforeAll(async () => {
  work = await startSim({ keys: [{ key: WORK_KEY, name: 'work', group: 'default', quotaUsd: 5 }] });
  personal = await startSim({ keys: [{ key: HOME_KEY, name: 'personal', group: 'default', quotaUsd: 5 }] });
});
afterAll(stopAll);
beforeEach(() => {
  work.setModels(DEFAULT_MODELS);
  personal.setModels(DEFAULT_MODELS);
  ({ dir: home, remove } = tempHome());
  project = join(home, 'src', 'repo');
  mkdirSync(project, { recursive: true });
});
afterEach(() => {
  // The key never appears anywhere: output, the settings file, the names of backups.
  const stateDir = join(home, '.config', 'gateway-agent-setup');
  const names = existsSync(stateDir) ? JSON.stringify(readdirSync(stateDir, { recursive: true })) : '';
  const settings = existsSync(settingsFile()) ? readFileSync(settingsFile(), 'utf8') : '';
  for (const text of [...outputs.splice(0), names, settings]) {
    for (const key of KEYS) {
      expect(text.includes(key), 'a key leaked').toBe(false);
      expect(text.includes(key.slice(3)), 'a key leaked without sk-').toBe(false);
    }
  }
  remove();
});

const settingsFile = () => join(home, '.config', 'gateway-agent-setup', 'settings.json');
const codexToml = () => join(home, '.codex', 'config.toml');
const claudeJson = () => join(home, '.claude', 'settings.json');
const read = (f: string) => readFileSync(f, 'utf8');

async function cli(args: string[], env: Record<string, string> = { WORK_GW_KEY: WORK_KEY, HOME_GW_KEY: HOME_KEY }): Promise<CliResult> {
  const r = await runInProcess(args, { home, cwd: project, env });
  outputs.push(r.stdout + r.stderr);
  return r;
}

/** Two profiles written by hand, as the README shows: work for two agents, personal for Codex. */
function twoProfiles(extra: Record<string, unknown> = {}): void {
  mkdirSync(join(settingsFile(), '..'), { recursive: true });
  writeFileSync(
    settingsFile(),
    JSON.stringify(
      {
        profiles: {
          work: { baseUrl: work.root, keyEnv: 'WORK_GW_KEY', agents: ['codex', 'claude-code'] },
          personal: { baseUrl: `${personal.root}/v1`, keyEnv: 'HOME_GW_KEY', agents: ['codex'] },
        },
        ...extra,
      },
      null,
      2,
    ),
  );
}

const saved = () => JSON.parse(read(settingsFile())) as { active?: Record<string, string>; agents?: string[] };

describe('use and profiles', () => {
  it('use work writes its agents; use personal switches Codex; profiles shows each; restore undoes', async () => {
    twoProfiles();
    const personalAsked = personal.log.length;
    const w = await cli(['use', 'work']);
    expect(w.code, w.stderr + w.stdout).toBe(0);
    expect(read(codexToml())).toContain(work.root);
    expect(read(claudeJson())).toContain(work.root);
    expect(w.stdout).toContain('Every agent is set up and verified.');
    expect(w.stderr).toContain('Profile work');
    expect(w.stderr).toContain('$WORK_GW_KEY');
    // The work gateway was asked, with its key; the personal one not at all.
    expect(work.log.some((e) => e.path === '/v1/models' && e.auth.key === WORK_KEY)).toBe(true);
    expect(personal.log.length).toBe(personalAsked);
    expect(saved().active).toEqual({ codex: 'work', 'claude-code': 'work' });
    // The top level is untouched: `use` is no setup of the saved settings.
    expect(saved().agents).toBeUndefined();
    const codexAfterWork = read(codexToml());
    const claudeAfterWork = read(claudeJson());

    const p = await cli(['use', 'personal', '--json']);
    expect(p.code, p.stderr + p.stdout).toBe(0);
    const doc = jsonOf(p) as { ok: boolean; profile: string; baseUrl: string; backupId: string; agents: { id: string; ok: boolean }[] };
    expect(doc).toMatchObject({ ok: true, profile: 'personal', baseUrl: personal.root });
    expect(doc.agents.map((a) => a.id)).toEqual(['codex']);
    expect(read(codexToml())).toContain(personal.root);
    expect(read(claudeJson())).toBe(claudeAfterWork);
    expect(saved().active).toEqual({ codex: 'personal', 'claude-code': 'work' });

    const list = await cli(['profiles']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain('Codex CLI: personal');
    expect(list.stdout).toContain('Claude Code: work');
    expect(list.stdout).toContain('$WORK_GW_KEY');
    expect(list.stdout).toContain('in your settings: ~/.config/gateway-agent-setup/settings.json');
    const json = jsonOf(await cli(['profiles', '--json'])) as {
      profiles: { name: string; baseUrl: string; keyEnv: string; agents: string[]; source: string }[];
      active: { agent: string; profile: string; state: string }[];
    };
    expect(json.profiles.map((x) => [x.name, x.baseUrl, x.keyEnv, x.source])).toEqual([
      ['personal', `${personal.root}/v1`, 'HOME_GW_KEY', 'user'],
      ['work', work.root, 'WORK_GW_KEY', 'user'],
    ]);
    expect(json.active).toEqual([
      { agent: 'codex', profile: 'personal', state: 'active', baseUrl: personal.root },
      { agent: 'claude-code', profile: 'work', state: 'active', baseUrl: work.root },
    ]);
    // `profiles` asks each gateway only about its key; `--offline` sends nothing.
    const before = work.log.length + personal.log.length;
    await cli(['profiles']);
    expect(work.log.length + personal.log.length - before).toBe(2);
    expect([...work.log.slice(-1), ...personal.log.slice(-1)].map((e) => e.path)).toEqual(['/api/usage/token/', '/api/usage/token/']);
    await cli(['profiles', '--offline']);
    expect(work.log.length + personal.log.length).toBe(before + 2);

    // restore undoes the last run (use personal): Codex is back on work, byte for byte.
    const r = await cli(['restore', '--id', doc.backupId]);
    expect(r.code, r.stderr).toBe(0);
    expect(read(codexToml())).toBe(codexAfterWork);
  });

  it('profiles says "changed since" when an agent\'s config was pointed elsewhere by hand', async () => {
    twoProfiles();
    expect((await cli(['use', 'work'])).code).toBe(0);
    writeFileSync(codexToml(), read(codexToml()).replaceAll(work.root, 'http://127.0.0.1:9'));
    const list = await cli(['profiles']);
    expect(list.stdout).toMatch(/Codex CLI: work \(changed since: its config now points at\s+http:\/\/127\.0\.0\.1:9\)/);
    expect(list.stdout).toContain('Claude Code: work\n');
    const json = jsonOf(await cli(['profiles', '--json'])) as { active: { agent: string; state: string; baseUrl?: string }[] };
    expect(json.active.find((a) => a.agent === 'codex')).toMatchObject({ state: 'changed', baseUrl: 'http://127.0.0.1:9' });
  });

  it('two profiles writing the same agent: exit 2 naming it and both, nothing written', async () => {
    twoProfiles();
    const before = read(settingsFile());
    const asked = work.log.length + personal.log.length;
    const r = await cli(['use', 'work', 'personal']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Profiles "work" and "personal" both write Codex CLI (codex)');
    expect(existsSync(join(home, '.codex'))).toBe(false);
    expect(existsSync(join(home, '.claude'))).toBe(false);
    expect(read(settingsFile())).toBe(before);
    expect(work.log.length + personal.log.length).toBe(asked);
  });

  it('several profiles with their own agents: each on its own gateway, one JSON document', async () => {
    twoProfiles();
    const s = JSON.parse(read(settingsFile())) as { profiles: Record<string, { agents: string[] }> };
    s.profiles.work!.agents = ['claude-code'];
    writeFileSync(settingsFile(), JSON.stringify(s));
    const r = await cli(['use', 'work', 'personal', '--json']);
    expect(r.code, r.stderr + r.stdout).toBe(0);
    const doc = jsonOf(r) as { ok: boolean; runs: { profile: string; baseUrl: string }[] };
    expect(doc.ok).toBe(true);
    expect(doc.runs.map((x) => [x.profile, x.baseUrl])).toEqual([
      ['work', work.root],
      ['personal', personal.root],
    ]);
    expect(read(claudeJson())).toContain(work.root);
    expect(read(codexToml())).toContain(personal.root);
  });

  it('a profile whose gateway is too busy: nothing switched (exit 75, try later), and the last line says to run that `use` again', async () => {
    twoProfiles();
    expect((await cli(['use', 'personal'])).code).toBe(0);
    const before = read(codexToml());
    // new-api v0.13's load monitor, in front of the relay: the list answers, every probe is refused.
    work.addFault({ kind: 'overloaded' });
    try {
      const r = await cli(['use', 'work']);
      expect(r.code, r.stdout + r.stderr).toBe(75);
      expect(r.stdout.replace(/\s+/g, ' ')).toContain(
        'Some agents were not switched (their configs are left as they were); see above. Run `gateway-agent-setup use work` again once fixed.',
      );
      expect(r.stdout).not.toContain('Retry with `gateway-agent-setup setup`');
      expect(read(codexToml())).toBe(before);
    } finally {
      work.clearFaults();
    }
  });

  it("a profile's base URL wins over GATEWAY_BASE_URL; --base-url still wins over the profile", async () => {
    twoProfiles();
    const r = await cli(['use', 'work', '--agent', 'codex'], { WORK_GW_KEY: WORK_KEY, GATEWAY_BASE_URL: personal.root });
    expect(r.code, r.stderr + r.stdout).toBe(0);
    expect(read(codexToml())).toContain(work.root);
    // The profile's key variable belongs to its own gateway: another one gets it only when named.
    expect((await cli(['use', 'personal', '--json', '--base-url', work.root], { HOME_GW_KEY: WORK_KEY })).code).toBe(2);
    const flag = await cli(['use', 'personal', '--json', '--base-url', work.root, '--api-key-env', 'HOME_GW_KEY'], {
      HOME_GW_KEY: WORK_KEY,
    });
    expect(flag.code, flag.stderr + flag.stdout).toBe(0);
    expect(jsonOf(flag)).toMatchObject({ profile: 'personal', baseUrl: work.root });
  });

  it('use --dry-run shows the plan, writes nothing and records nothing', async () => {
    twoProfiles();
    const before = read(settingsFile());
    const r = await cli(['use', 'work', '--dry-run']);
    expect(r.code, r.stderr + r.stdout).toBe(0);
    expect(r.stdout).toContain('config.toml');
    expect(existsSync(join(home, '.codex'))).toBe(false);
    expect(existsSync(join(home, '.claude'))).toBe(false);
    expect(read(settingsFile())).toBe(before);
  });

  it('an unknown profile names the valid ones; none defined says how to add one; an unset key variable is named', async () => {
    const none = await cli(['use', 'work']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no profile is defined');
    expect(none.stderr).toContain('profiles add NAME --base-url URL');
    twoProfiles();
    const unknown = await cli(['use', 'wrok']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('There is no profile "wrok"');
    expect(unknown.stderr).toContain('Profiles: personal, work.');
    const unset = await cli(['use', 'work'], { HOME_GW_KEY: HOME_KEY });
    expect(unset.code).toBe(2);
    expect(unset.stderr).toContain('Profile "work" reads its key from $WORK_GW_KEY, which is not set.');
    expect(existsSync(join(home, '.codex'))).toBe(false);
  });

  it('a key-like value in a profile is refused, naming the file and the field', async () => {
    twoProfiles();
    const s = JSON.parse(read(settingsFile())) as { profiles: Record<string, Record<string, unknown>> };
    s.profiles.work!.keyEnv = WORK_KEY;
    writeFileSync(settingsFile(), JSON.stringify(s));
    const r = await cli(['use', 'work']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(shown(home, settingsFile()));
    expect(r.stderr).toContain('"profiles.work.keyEnv"');
    expect(existsSync(join(home, '.codex'))).toBe(false);
    // The file holds the key here (written by the test): the sweep checks output only.
    writeFileSync(settingsFile(), '{}');
  });

  it('profiles add and remove edit the user file; a key given as the variable name is refused unseen', async () => {
    const add = await cli([
      'profiles',
      'add',
      'work',
      '--base-url',
      `${work.root}/v1/`,
      '--api-key-env',
      'WORK_GW_KEY',
      '--agent',
      'codex',
      '--model',
      'codex=gpt-5.1-codex',
    ]);
    expect(add.code, add.stderr).toBe(0);
    expect(JSON.parse(read(settingsFile()))).toEqual({
      profiles: { work: { baseUrl: work.root, keyEnv: 'WORK_GW_KEY', agents: ['codex'], perAgent: { codex: { model: 'gpt-5.1-codex' } } } },
    });
    const again = await cli(['profiles', 'add', 'work', '--base-url', work.root]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('already exists');
    const leaky = await cli(['profiles', 'add', 'home', '--base-url', personal.root, '--api-key-env', HOME_KEY]);
    expect(leaky.code).toBe(2);
    const use = await cli(['use', 'work', '--json']);
    expect(use.code, use.stderr).toBe(0);
    expect((jsonOf(use) as { agents: { model: string }[] }).agents[0]!.model).toBe('gpt-5.1-codex');
    const rm = await cli(['profiles', 'remove', 'work']);
    expect(rm.code, rm.stderr).toBe(0);
    // The agent keeps its config; the profile and the record that it wrote Codex are gone.
    expect(JSON.parse(read(settingsFile()))).toEqual({});
    expect(read(codexToml())).toContain(work.root);
    expect((await cli(['profiles', 'remove', 'work'])).code).toBe(2);
  });
});

describe("a team's project-file profile", () => {
  it("loses a name clash to the user's (reported), is withheld until approved, then used by `use`, and is read-only", async () => {
    twoProfiles();
    const rc = join(project, '.gateway-agent-setuprc');
    writeFileSync(
      rc,
      `# the team's gateways; keys stay in each person's environment\nprofiles:\n  work:\n    baseUrl: ${personal.root}\n  team:\n    baseUrl: ${personal.root}\n    keyEnv: HOME_GW_KEY\n    agents: [codex]\n`,
    );
    const rcBytes = read(rc);
    const list = jsonOf(await cli(['profiles', '--json'])) as {
      profiles: { name: string; baseUrl: string; source: string }[];
      clashes: unknown;
      untrusted: unknown;
    };
    expect(list.profiles.find((p) => p.name === 'work')).toEqual(expect.objectContaining({ baseUrl: work.root, source: 'user' }));
    expect(list.profiles.some((p) => p.name === 'team')).toBe(false);
    expect(list.clashes).toEqual([{ name: 'work', file: rc, used: 'user' }]);
    expect(list.untrusted).toEqual([{ name: 'team', file: rc }]);
    const text = await cli(['profiles', '--offline']);
    expect(text.stdout.replace(/\s+/g, ' ')).toContain(
      `Profile "work" is defined both in your settings and in ${shown(home, rc)}: yours is used.`,
    );
    // Not approved: `use team` stops before any request, naming the file and how to approve it.
    const before = personal.log.length;
    const refused = await cli(['use', 'team']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('gateway-agent-setup trust');
    expect(personal.log.length).toBe(before);
    expect(existsSync(codexToml())).toBe(false);
    expect((await cli(['trust'])).code).toBe(0);
    const use = await cli(['use', 'team']);
    expect(use.code, use.stderr + use.stdout).toBe(0);
    expect(read(codexToml())).toContain(personal.root);
    expect(saved().active).toEqual({ codex: 'team' });
    const rm = await cli(['profiles', 'remove', 'team']);
    expect(rm.code).toBe(2);
    expect(rm.stderr.replace(/\s+/g, ' ')).toContain(`defined in the project file ${shown(home, rc)}: it is read-only here`);
    expect(read(rc)).toBe(rcBytes);
  });

  it('an active record in a project file is refused, naming the file', async () => {
    writeFileSync(join(project, '.gateway-agent-setuprc.json'), JSON.stringify({ active: { codex: 'work' } }));
    const r = await cli(['profiles']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(shown(home, join(project, '.gateway-agent-setuprc.json')));
    expect(r.stderr).toContain('"active"');
  });
});

describe('sync and doctor per profile', () => {
  it('sync checks each agent against the profile that wrote it; --profile repairs that profile only', async () => {
    twoProfiles();
    expect((await cli(['use', 'work'])).code).toBe(0);
    expect((await cli(['use', 'personal'])).code).toBe(0);
    const clean = await cli(['sync', '--check', '--json']);
    expect(clean.code, clean.stderr + clean.stdout).toBe(0);
    const runs = (jsonOf(clean) as { runs: { profile: string; ok: boolean }[] }).runs;
    expect(runs.map((r) => [r.profile, r.ok]).sort()).toEqual([
      ['personal', true],
      ['work', true],
    ]);

    // The work gateway drops Claude Code's model: only work's agent is stale.
    work.setModels(DEFAULT_MODELS.filter((m) => m.id !== 'claude-sonnet-4-5'));
    const stale = await cli(['sync', '--check']);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toMatch(/Profile personal:\nEvery config is up to date/);
    expect(stale.stdout.replace(/\s+/g, ' ')).toMatch(
      /Profile work: Stale configs.*Claude Code: claude-sonnet-4-5 left the key's model list/,
    );
    const codexBefore = read(codexToml());
    const fix = await cli(['sync', '--profile', 'work', '--json']);
    expect(fix.code, fix.stderr + fix.stdout).toBe(0);
    expect(jsonOf(fix)).toMatchObject({ ok: true, profile: 'work', baseUrl: work.root });
    expect(read(claudeJson())).not.toContain('claude-sonnet-4-5');
    // Codex is personal's: sync --profile work did not take it over.
    expect(read(codexToml())).toBe(codexBefore);
    expect((await cli(['sync', '--check'])).code).toBe(0);

    const doctor = await cli(['doctor', '--profile', 'personal', '--json']);
    expect(doctor.code, doctor.stdout).toBe(0);
    const d = jsonOf(doctor) as { ok: boolean; profile: string; agents: { id: string; url: string }[] };
    expect(d).toMatchObject({ ok: true, profile: 'personal' });
    expect(d.agents.map((a) => a.id)).toEqual(['codex']);
    expect(d.agents[0]!.url).toContain(personal.root);
  });

  it("doctor --profile --fix repairs a broken agent with that profile's gateway and key", async () => {
    twoProfiles();
    expect((await cli(['use', 'personal'])).code).toBe(0);
    writeFileSync(codexToml(), read(codexToml()).replaceAll(personal.root, 'http://127.0.0.1:9'));
    const broken = await cli(['doctor', '--profile', 'personal']);
    expect(broken.code).toBe(1);
    const fix = await cli(['doctor', '--profile', 'personal', '--fix']);
    expect(fix.code, fix.stdout + fix.stderr).toBe(0);
    expect(read(codexToml())).toContain(personal.root);
    const unknown = await cli(['doctor', '--profile', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Profiles: personal, work.');
  });

  it('without profiles, sync and its output are as before', async () => {
    const setup = await cli(['setup', '--yes', '--base-url', work.root, '--agent', 'codex'], { GATEWAY_API_KEY: WORK_KEY });
    expect(setup.code, setup.stderr).toBe(0);
    const check = await cli(['sync', '--check', '--json'], { GATEWAY_API_KEY: WORK_KEY });
    expect(check.code).toBe(0);
    expect(Object.keys(jsonOf(check))).toEqual(['ok', 'stale', 'unchecked', 'sources', 'keySources']);
  });
});

describe("each profile's keys: balance and expiry", () => {
  const TRIAL_KEY = 'sk-Tr1alK3yQ7vN2xKp9LmR4tYw8ZbC3dFg6HjS1aEu5oIi0Pq';
  let trial: Simulator;
  beforeAll(async () => {
    const now = Math.floor(Date.now() / 1000);
    trial = await startSim({
      keys: [{ key: TRIAL_KEY, name: 'trial week', group: 'default', quotaUsd: 3.5, usedUsd: 6.5, expiresAt: now + 3 * 86_400 }],
    });
  });
  const usageAsked = () => trial.log.filter((e) => e.path.startsWith('/api/usage/token/')).length;

  it('profiles shows each set key masked with what the gateway tells, warns of an expiry within a week; --offline asks nothing', async () => {
    mkdirSync(join(settingsFile(), '..'), { recursive: true });
    writeFileSync(
      settingsFile(),
      JSON.stringify(
        {
          profiles: {
            trial: { baseUrl: trial.root, keyEnv: 'TRIAL_KEY', agents: ['codex'] },
            work: { baseUrl: work.root, keyEnv: 'UNSET_GW_KEY', agents: ['codex'] },
          },
        },
        null,
        2,
      ),
    );
    const env = { TRIAL_KEY, WORK_GW_KEY: WORK_KEY };
    const before = usageAsked();
    const text = await cli(['profiles'], env);
    expect(text.code, text.stderr).toBe(0);
    expect(usageAsked()).toBe(before + 1);
    const flat = text.stdout.replace(/\s+/g, ' ');
    expect(flat).toContain('key $TRIAL_KEY: sk-Tr…i0Pq "trial week": $3.50 left of $10.00 ($6.50 used), expires');
    expect(flat).toMatch(/warning: key sk-Tr…i0Pq expires in 3 day\(s\)/);
    expect(text.stdout).toContain('key $UNSET_GW_KEY: not set here');
    const json = jsonOf(await cli(['profiles', '--json'], env)) as {
      profiles: {
        name: string;
        keys: { keyEnv: string; key?: string; state?: string; usage?: { availableUsd: number }; warning?: string }[];
      }[];
    };
    const trialKeys = json.profiles.find((p) => p.name === 'trial')!.keys;
    expect(trialKeys).toHaveLength(1);
    expect(trialKeys[0]).toMatchObject({ keyEnv: 'TRIAL_KEY', key: 'sk-Tr…i0Pq', state: 'expiring', usage: { availableUsd: 3.5 } });
    expect(trialKeys[0]!.warning).toMatch(/expires in 3 day/);
    expect(json.profiles.find((p) => p.name === 'work')!.keys).toEqual([{ keyEnv: 'UNSET_GW_KEY', agents: [] }]);
    const asked = usageAsked();
    const offline = await cli(['profiles', '--offline', '--json'], env);
    expect(offline.code).toBe(0);
    expect(usageAsked()).toBe(asked);
    expect((jsonOf(offline) as typeof json).profiles.find((p) => p.name === 'trial')!.keys[0]).toEqual({
      keyEnv: 'TRIAL_KEY',
      agents: [],
      key: 'sk-Tr…i0Pq',
    });
    for (const out of [text.stdout, JSON.stringify(json), offline.stdout]) expect(out.includes(TRIAL_KEY.slice(3))).toBe(false);
  });

  it("an agent's own key variable is listed under the profile with the agents that use it", async () => {
    twoProfiles();
    const s = JSON.parse(read(settingsFile())) as { profiles: Record<string, Record<string, unknown>> };
    s.profiles.work!.perAgent = { 'claude-code': { keyEnv: 'CLAUDE_GW_KEY' } };
    writeFileSync(settingsFile(), JSON.stringify(s, null, 2));
    const r = await cli(['profiles', '--offline'], { WORK_GW_KEY: WORK_KEY });
    expect(r.code, r.stderr).toBe(0);
    const flat = r.stdout.replace(/\s+/g, ' ');
    expect(flat).toContain('key $CLAUDE_GW_KEY (claude-code): not set here');
    expect(flat).toContain('key $WORK_GW_KEY: sk-W0…PqWz');
    expect(r.stdout).not.toContain('[object');
  });
});
