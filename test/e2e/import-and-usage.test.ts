// The gateway's import link and the key's balance through the built bin, against the simulator:
// `setup --import -` (stdin) and `--import-env NAME` write and verify the configs, a link given as
// an argument is refused without a trace of the key, and `doctor` shows each key's balance and
// expiry with a warning when it is about to run out.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY, EXPIRED_KEY, EXPIRING_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { jsonOf, runInProcess, tempHome } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);

/** A link as new-api's token page builds it. */
function link(params: Record<string, string>): string {
  return `ccswitch://v1/import?${new URLSearchParams({ resource: 'provider', enabled: 'true', ...params }).toString()}`;
}

const KEY = EXPIRING_KEY;
const bare = KEY.slice(3);

/** Output with its line wrapping undone. */
const flat = (text: string): string => text.replace(/\s+/g, ' ');

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? walk(path).map((p) => join(e.name, p)) : [relative(dir, path)];
  });
}

describe('setup --import -', () => {
  it('takes base URL, key and model hints from the link on stdin and writes verified configs', async () => {
    const { dir: home, remove } = tempHome();
    try {
      // opus is not what Claude Code gets by default: the hint must steer the choice.
      const text = link({
        app: 'claude',
        name: 'Work Claude 工作',
        endpoint: sim.root,
        apiKey: KEY,
        model: 'claude-opus-4-1',
        haikuModel: 'claude-haiku-4-5',
      });
      const result = await runInProcess(['setup', '--import', '-', '--agent', 'claude-code,codex', '--yes'], { home, input: `${text}\n` });
      expect(result.code, result.stderr + result.stdout).toBe(0);
      const settings = JSON.parse(readFileSync(join(home, '.claude', 'settings.json'), 'utf8')) as { env: Record<string, string> };
      expect(settings.env.ANTHROPIC_BASE_URL).toBe(sim.root);
      expect(settings.env.ANTHROPIC_AUTH_TOKEN).toBe(KEY);
      expect(settings.env.ANTHROPIC_MODEL).toBe('claude-opus-4-1');
      expect(settings.env.ANTHROPIC_DEFAULT_HAIKU_MODEL).toBe('claude-haiku-4-5');
      // Codex was not the link's app: its own best model, the same gateway and key.
      expect(readFileSync(join(home, '.codex', 'config.toml'), 'utf8')).toContain(`${sim.root}/v1`);
      expect(result.stderr).toContain('From the import link (--import -)');
      expect(result.stderr).toContain('"Work Claude 工作"');
      expect(result.stderr).toContain('Model hints from the link for Claude Code: claude-opus-4-1, claude-haiku-4-5');
      expect(result.stdout + result.stderr).not.toContain(bare);
      expect(result.stderr).toContain('sk-ex…ring');
      // The saved settings name a variable, never the key.
      const saved = walk(home).filter((f) => !f.startsWith('.claude') && !f.startsWith('.codex'));
      for (const f of saved) expect(readFileSync(join(home, f), 'utf8'), f).not.toContain(bare);
    } finally {
      remove();
    }
  });

  it('without --agent, a link made for OpenClaw (app=openclaw) sets up OpenClaw alone', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const text = link({ app: 'openclaw', name: 'Claw', endpoint: sim.root, apiKey: KEY, model: 'deepseek-chat' });
      const result = await runInProcess(['setup', '--import', '-', '--yes', '--json'], { home, input: text });
      expect(result.code, result.stderr + result.stdout).toBe(0);
      const doc = jsonOf(result) as { agents: { id: string; model: string }[] };
      expect(doc.agents.map((a) => [a.id, a.model])).toEqual([['openclaw', 'deepseek-chat']]);
      expect(readFileSync(join(home, '.openclaw', 'openclaw.json'), 'utf8')).toContain(`"baseUrl": "${sim.root}/v1"`);
    } finally {
      remove();
    }
  });

  it("passes over a hint the key does not offer, and a codex link's /v1 endpoint is the same gateway", async () => {
    const { dir: home, remove } = tempHome();
    try {
      const text = link({ app: 'codex', name: 'CI', endpoint: `${sim.root}/v1`, apiKey: KEY, model: 'gpt-9-nonexistent' });
      const result = await runInProcess(['setup', '--import', '-', '--agent', 'codex', '--yes', '--json'], { home, input: text });
      expect(result.code, result.stderr + result.stdout).toBe(0);
      const report = jsonOf(result) as { ok: boolean; agents: { id: string; model: string }[] };
      expect(report.agents[0]).toMatchObject({ id: 'codex', model: 'gpt-5.1-codex' });
      expect(result.stdout + result.stderr).not.toContain(bare);
      // The hint the key lacks is said, with the slot it was for.
      expect(flat(result.stderr)).toContain(
        "The import link suggests gpt-9-nonexistent for Codex CLI's main model, but the key does not list it",
      );
    } finally {
      remove();
    }
  });

  it("a haiku hint in `model` sets Claude Code's small/fast model, not the main model and every tier", async () => {
    const { dir: home, remove } = tempHome();
    try {
      const text = link({ app: 'claude', endpoint: sim.root, apiKey: KEY, model: 'claude-haiku-4-5' });
      const result = await runInProcess(['setup', '--import', '-', '--yes'], { home, input: text });
      expect(result.code, result.stderr + result.stdout).toBe(0);
      const env = (JSON.parse(readFileSync(join(home, '.claude', 'settings.json'), 'utf8')) as { env: Record<string, string> }).env;
      expect(env.ANTHROPIC_DEFAULT_HAIKU_MODEL).toBe('claude-haiku-4-5');
      expect(env.ANTHROPIC_MODEL).toBe('claude-sonnet-4-5');
      expect(env.ANTHROPIC_DEFAULT_SONNET_MODEL).toBe('claude-sonnet-4-5');
      expect(env.ANTHROPIC_DEFAULT_OPUS_MODEL).toBe('claude-opus-4-1');
    } finally {
      remove();
    }
  });

  it('a link made for an app this tool does not configure is refused by name without --agent; with --agent it serves those agents', async () => {
    const { dir: home, remove } = tempHome();
    try {
      for (const app of ['pi', 'grokbuild']) {
        const before = sim.log.length;
        const text = link({ app, endpoint: sim.root, apiKey: KEY });
        const refused = await runInProcess(['setup', '--import', '-', '--yes'], { home, input: text });
        expect(refused.code).toBe(2);
        expect(flat(refused.stderr)).toContain(`The import link was made for "${app}", which gateway-agent-setup does not configure`);
        expect(flat(refused.stderr)).toContain('--agent ID');
        expect(sim.log.length).toBe(before);
        expect(readdirSync(home)).toEqual([]);
      }
      const named = await runInProcess(['setup', '--import', '-', '--agent', 'codex', '--yes'], {
        home,
        input: link({ app: 'pi', endpoint: sim.root, apiKey: KEY }),
      });
      expect(named.code, named.stderr).toBe(0);
      expect(readFileSync(join(home, '.codex', 'config.toml'), 'utf8')).toContain(`${sim.root}/v1`);
    } finally {
      remove();
    }
  });

  it('a link carrying only the app config (config=<base64>, as some consoles make them) sets up with its URL, key and model', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const config = Buffer.from(
        JSON.stringify({ env: { ANTHROPIC_AUTH_TOKEN: KEY, ANTHROPIC_BASE_URL: sim.root, ANTHROPIC_MODEL: 'claude-opus-4-1' } }),
      ).toString('base64');
      const result = await runInProcess(['setup', '--import', '-', '--yes'], {
        home,
        input: link({ app: 'claude', name: 'cfg', config, configFormat: 'json' }),
      });
      expect(result.code, result.stderr + result.stdout).toBe(0);
      const env = (JSON.parse(readFileSync(join(home, '.claude', 'settings.json'), 'utf8')) as { env: Record<string, string> }).env;
      expect(env.ANTHROPIC_BASE_URL).toBe(sim.root);
      expect(env.ANTHROPIC_AUTH_TOKEN).toBe(KEY);
      expect(env.ANTHROPIC_MODEL).toBe('claude-opus-4-1');
      expect(result.stdout + result.stderr).not.toContain(bare);
    } finally {
      remove();
    }
  });

  it('names the malformed field, exit 2, and never echoes the key', async () => {
    const bad = link({ app: 'claude', endpoint: 'ftp://gw.example.com', apiKey: KEY });
    const result = await runInProcess(['setup', '--import', '-', '--yes'], { input: bad });
    expect(result.code).toBe(2);
    expect(flat(result.stderr)).toMatch(/The import link is not valid: endpoint: must be an http:\/\/ or https:\/\/ address/);
    expect(result.stdout + result.stderr).not.toContain(bare);
  });

  it('refuses --base-url beside the link, and an empty stdin', async () => {
    const both = await runInProcess(['setup', '--import', '-', '--base-url', sim.root, '--yes'], {
      input: link({ endpoint: sim.root, apiKey: KEY }),
    });
    expect(both.code).toBe(2);
    expect(flat(both.stderr)).toMatch(/The import link gives the base URL and the key, and --base-url is given too/);
    const empty = await runInProcess(['setup', '--import', '-', '--yes'], { input: '\n\n' });
    expect(empty.code).toBe(2);
    expect(flat(empty.stderr)).toMatch(/The import link from --import - is empty/);
  });
});

describe('setup --import-env NAME', () => {
  it('reads the link from the variable (CI), writes and verifies', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const result = await runInProcess(['setup', '--import-env', 'GATEWAY_IMPORT_LINK', '--agent', 'codex', '--yes', '--json'], {
        home,
        env: { GATEWAY_IMPORT_LINK: link({ app: 'codex', endpoint: `${sim.root}/v1`, apiKey: KEY }) },
      });
      expect(result.code, result.stderr + result.stdout).toBe(0);
      expect((jsonOf(result) as { ok: boolean }).ok).toBe(true);
      expect(result.stdout + result.stderr).not.toContain(bare);
    } finally {
      remove();
    }
  });

  it('an unset variable is named, exit 2', async () => {
    const result = await runInProcess(['setup', '--import-env', 'NOPE_LINK', '--yes']);
    expect(result.code).toBe(2);
    expect(flat(result.stderr)).toMatch(/--import-env NOPE_LINK: the variable is not set or empty/);
  });
});

describe('use NAME --import -', () => {
  it("switches the profile's agents with the link's gateway and key (its variable need not be set)", async () => {
    const { dir: home, remove } = tempHome();
    try {
      const add = await runInProcess(
        ['profiles', 'add', 'work', '--base-url', 'https://elsewhere.example.com', '--api-key-env', 'WORK_GW_KEY', '--agent', 'codex'],
        { home },
      );
      expect(add.code, add.stderr).toBe(0);
      const text = link({ app: 'codex', endpoint: `${sim.root}/v1`, apiKey: KEY });
      const result = await runInProcess(['use', 'work', '--import', '-', '--yes'], { home, input: text });
      expect(result.code, result.stderr + result.stdout).toBe(0);
      expect(readFileSync(join(home, '.codex', 'config.toml'), 'utf8')).toContain(`${sim.root}/v1`);
      expect(result.stdout + result.stderr).not.toContain(bare);
      expect((await runInProcess(['profiles', 'add', 'home', '--base-url', sim.root, '--agent', 'claude-code'], { home })).code).toBe(0);
      const two = await runInProcess(['use', 'work', 'home', '--import', '-'], { home, input: text });
      expect(two.code).toBe(2);
      expect(flat(two.stderr)).toContain('An import link gives one gateway and one key: it cannot stand for several profiles.');
    } finally {
      remove();
    }
  });
});

describe('use --import - without a name', () => {
  it("saves the link's gateway as a profile named after it (never the key); the next use reads the key from its variable", async () => {
    const { dir: home, remove } = tempHome();
    try {
      const text = link({ app: 'codex', name: 'Team GW / 月', endpoint: `${sim.root}/v1`, apiKey: KEY });
      const first = await runInProcess(['use', '--import', '-', '--api-key-env', 'TEAM_KEY', '--agent', 'codex', '--yes', '--json'], {
        home,
        input: text,
      });
      expect(first.code, first.stderr + first.stdout).toBe(0);
      const report = jsonOf(first) as { profile: string; profileSaved: string; agents: { id: string; ok: boolean }[] };
      expect(report.profile).toBe('Team-GW-月');
      expect(report.agents.map((a) => [a.id, a.ok])).toEqual([['codex', true]]);
      const settings = readFileSync(report.profileSaved, 'utf8');
      expect(JSON.parse(settings)).toMatchObject({
        profiles: { 'Team-GW-月': { baseUrl: sim.root, keyEnv: 'TEAM_KEY', agents: ['codex'] } },
        active: { codex: 'Team-GW-月' },
      });
      for (const out of [settings, first.stdout, first.stderr]) expect(out).not.toContain(bare);
      // The same link again uses the saved profile; without the link, its variable gives the key.
      const again = await runInProcess(['use', '--import', '-', '--agent', 'codex', '--yes', '--json'], { home, input: text });
      expect(again.code, again.stderr).toBe(0);
      expect(jsonOf(again) as { profileSaved?: string; profile: string }).toMatchObject({ profile: 'Team-GW-月' });
      expect(jsonOf(again)).not.toHaveProperty('profileSaved');
      const later = await runInProcess(['use', 'Team-GW-月', '--yes'], { home, env: { TEAM_KEY: KEY } });
      expect(later.code, later.stderr + later.stdout).toBe(0);
      const unset = await runInProcess(['use', 'Team-GW-月', '--yes'], { home });
      expect(unset.code).toBe(2);
      expect(flat(unset.stderr)).toContain('TEAM_KEY');
    } finally {
      remove();
    }
  });
});

describe('use --import -: names in any script, each gateway its own profile', () => {
  it('two gateways both named 网关 become 网关 and 网关-2; the first one again is 网关', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const other = await startSim();
      const use = async (root: string) => {
        const text = link({ app: 'codex', name: '网关', endpoint: `${root}/v1`, apiKey: KEY });
        const r = await runInProcess(['use', '--import', '-', '--api-key-env', 'GW_KEY', '--agent', 'codex', '--yes', '--json'], {
          home,
          input: text,
        });
        expect(r.code, r.stderr + r.stdout).toBe(0);
        return (jsonOf(r) as { profile: string }).profile;
      };
      expect(await use(sim.root)).toBe('网关');
      expect(await use(other.root)).toBe('网关-2');
      expect(await use(sim.root)).toBe('网关');
      const settings = JSON.parse(readFileSync(join(home, '.config', 'gateway-agent-setup', 'settings.json'), 'utf8')) as {
        profiles: Record<string, { baseUrl: string }>;
      };
      expect(Object.fromEntries(Object.entries(settings.profiles).map(([n, p]) => [n, p.baseUrl]))).toEqual({
        网关: sim.root,
        '网关-2': other.root,
      });
      // A name in any script is typed as it is.
      expect((await runInProcess(['use', '网关-2', '--yes', '--agent', 'codex'], { home, env: { GW_KEY: KEY } })).code).toBe(0);
    } finally {
      remove();
    }
  });
});

describe('a link given as an argument', () => {
  const text = link({ app: 'claude', endpoint: 'https://gw.example.com', apiKey: KEY });
  it.each([
    [['setup', '--import', text]],
    [['setup', '--base-url', text, '--yes']],
    [['setup', `--api-key=${text}`]],
    [[text]],
    [['models', '--base-url', text]],
  ])('is refused with why and how, exit 2, the key nowhere: %#', async (args) => {
    const result = await runInProcess(args);
    expect(result.code).toBe(2);
    expect(flat(result.stderr)).toMatch(/would stay in your shell history/);
    expect(flat(result.stderr)).toMatch(/--import -/);
    expect(flat(result.stderr)).toMatch(/--import-env GATEWAY_IMPORT_LINK/);
    expect(result.stdout + result.stderr).not.toContain(bare);
  });

  it('--json: one document with the refusal', async () => {
    const result = await runInProcess(['setup', '--json', '--import', text]);
    expect(result.code).toBe(2);
    expect(JSON.stringify(jsonOf(result))).toMatch(/shell history/);
    expect(result.stdout + result.stderr).not.toContain(bare);
  });
});

describe("doctor: the key's balance and expiry", () => {
  async function setUp(home: string, key: string): Promise<void> {
    const r = await runInProcess(['setup', '--base-url', sim.root, '--agent', 'codex', '--yes', '--no-verify'], {
      home,
      env: { GATEWAY_API_KEY: key },
    });
    expect(r.code, r.stderr).toBe(0);
  }

  /** Codex set up with the key in a variable: doctor then checks whatever key the variable holds. */
  async function setUpByVariable(home: string): Promise<void> {
    const r = await runInProcess(['setup', '--base-url', sim.root, '--agent', 'codex', '--yes', '--key-storage', 'env'], {
      home,
      env: { GATEWAY_API_KEY: DEMO_KEY },
    });
    expect(r.code, r.stderr).toBe(0);
  }

  it('a key expiring within a week: a line with balance and expiry, a warning, exit 0', async () => {
    const { dir: home, remove } = tempHome();
    try {
      await setUp(home, EXPIRING_KEY);
      const result = await runInProcess(['doctor', '--agent', 'codex'], { home });
      expect(result.code, result.stdout + result.stderr).toBe(0);
      expect(result.stdout).toMatch(
        /Keys:\n {2}sk-ex…ring "expiring" \(Codex CLI\): \$3\.50 left of \$10\.00 \(\$6\.50 used\), expires\s+\d{4}-\d\d-\d\d \(in 3 days\)/,
      );
      expect(result.stdout).toMatch(/! warning: key sk-ex…ring expires in 3 day\(s\)/);
      const json = jsonOf(await runInProcess(['doctor', '--agent', 'codex', '--json'], { home })) as {
        ok: boolean;
        keys: Record<string, unknown>[];
      };
      expect(json.ok).toBe(true);
      expect(json.keys).toEqual([
        expect.objectContaining({
          key: 'sk-ex…ring',
          agents: ['codex'],
          told: true,
          name: 'expiring',
          unlimited: false,
          grantedUsd: 10,
          usedUsd: 6.5,
          availableUsd: 3.5,
          daysLeft: 3,
          state: 'expiring',
          warning: expect.stringMatching(/^warning: key sk-ex…ring expires in 3 day/),
        }),
      ]);
      expect(JSON.stringify(json)).not.toContain(EXPIRING_KEY.slice(3));
    } finally {
      remove();
    }
  });

  it("an expired key: the agent's bad_key finding fails the run; the gateway shows no balance for it", async () => {
    const { dir: home, remove } = tempHome();
    try {
      await setUpByVariable(home);
      const result = await runInProcess(['doctor', '--agent', 'codex', '--json'], { home, env: { GATEWAY_API_KEY: EXPIRED_KEY } });
      expect(result.code).toBe(1);
      const json = jsonOf(result) as { agents: { findings: { code: string }[] }[]; keys: Record<string, unknown>[] };
      expect(json.agents[0]?.findings.map((f) => f.code)).toContain('bad_key');
      // A key the gateway refuses has no balance to show, whatever its usage route says.
      expect(json.keys).toEqual([{ key: 'sk-ex…pire', root: sim.root, agents: ['codex'], told: false, refused: true }]);
      const text = await runInProcess(['doctor', '--agent', 'codex'], { home, env: { GATEWAY_API_KEY: EXPIRED_KEY } });
      expect(flat(text.stdout)).toContain(
        'sk-ex…pire (Codex CLI): refused by the gateway (its finding above says why): no balance to show',
      );
    } finally {
      remove();
    }
  });

  it('a key with no problem: its line and no warning', async () => {
    const { dir: home, remove } = tempHome();
    try {
      await setUp(home, DEMO_KEY);
      const result = await runInProcess(['doctor', '--agent', 'codex'], { home });
      expect(result.code, result.stdout).toBe(0);
      expect(flat(result.stdout)).toContain('sk-de…demo "demo" (Codex CLI): unlimited quota, never expires');
      expect(result.stdout).not.toMatch(/! warning/);
    } finally {
      remove();
    }
  });
});
