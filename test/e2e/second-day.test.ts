// The day after setup, through the built bin in throwaway homes: every command that talks to the
// gateway finds it (and the key) where setup left them, with no flag and no variable exported.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_MODELS, DEMO_KEY, EXPIRED_KEY } from '../../src/simulator/index.js';
import { jsonOf, runInProcess, tempHomes } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

afterAll(stopAll);
const newHome = tempHomes();

describe('the saved base URL, for every command that talks to the gateway', () => {
  it('models, models --agent and verify use the gateway setup saved', async () => {
    const sim = await startSim();
    const home = newHome();
    const env = { GATEWAY_API_KEY: DEMO_KEY };
    const setup = await runInProcess(['setup', '--yes', '--base-url', `${sim.root}/v1`, '--agent', 'codex'], { home, env });
    expect(setup.code, setup.stdout + setup.stderr).toBe(0);
    const from = sim.log.length;
    const models = await runInProcess(['models', '--json'], { home, env });
    expect(models.code, models.stderr).toBe(0);
    expect((jsonOf(models) as { models: unknown[] }).models.length).toBeGreaterThan(0);
    const forCodex = await runInProcess(['models', '--agent', 'codex'], { home, env });
    expect(forCodex.code, forCodex.stderr).toBe(0);
    const verify = await runInProcess(['verify', '--json', '--protocol', 'responses'], { home, env });
    expect(verify.code, verify.stderr).toBe(0);
    expect((jsonOf(verify) as { baseUrl: string }).baseUrl).toBe(sim.root);
    // Each of them asked the saved gateway.
    expect(sim.log.slice(from).filter((e) => e.path === '/v1/models')).toHaveLength(3);
  });

  it('a flag or GATEWAY_BASE_URL still wins over the saved one', async () => {
    const [saved, other] = [await startSim(), await startSim()];
    const home = newHome();
    const env = { GATEWAY_API_KEY: DEMO_KEY };
    expect((await runInProcess(['setup', '--yes', '--base-url', saved.root, '--agent', 'codex'], { home, env })).code).toBe(0);
    const before = saved.log.length;
    // The saved key variable belongs to the saved gateway: another one gets it only when named.
    const refused = await runInProcess(['models'], { home, env: { ...env, GATEWAY_BASE_URL: other.root } });
    expect(refused.code).toBe(2);
    expect(refused.stderr.replace(/\s+/g, ' ')).toContain('--api-key-env GATEWAY_API_KEY');
    expect(other.log).toHaveLength(0);
    const named = ['--api-key-env', 'GATEWAY_API_KEY'];
    expect((await runInProcess(['models', ...named], { home, env: { ...env, GATEWAY_BASE_URL: other.root } })).code).toBe(0);
    expect((await runInProcess(['verify', '--protocol', 'chat', '--base-url', other.root, ...named], { home, env })).code).toBe(0);
    expect(saved.log.length).toBe(before);
    expect(other.log.filter((e) => e.path === '/v1/models')).toHaveLength(2);
  });
});

describe('the key where setup put it', () => {
  it("after --api-key with no variable exported, sync --check and sync find the key in the agents' configs", async () => {
    const sim = await startSim();
    const home = newHome();
    const setup = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--api-key', DEMO_KEY, '--agent', 'codex,claude-code'], {
      home,
    });
    expect(setup.code, setup.stdout + setup.stderr).toBe(0);
    const check = await runInProcess(['sync', '--check'], { home });
    expect(check.code, check.stdout + check.stderr).toBe(0);
    expect(check.stderr).not.toContain('--api-key-env');
    const before = sim.log.length;
    const sync = await runInProcess(['sync', '--json'], { home });
    expect(sync.code, sync.stdout + sync.stderr).toBe(0);
    // It asked the gateway with the key the configs hold, and printed it nowhere.
    const sent = sim.log.slice(before).filter((e) => e.path === '/v1/models');
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((e) => e.auth.key === DEMO_KEY)).toBe(true);
    expect(sync.stdout + sync.stderr).not.toContain(DEMO_KEY);
    // Each agent's key is said to come from its own config, though both hold the same key.
    const sources = (jsonOf(sync) as { keySources: Record<string, string> }).keySources;
    expect(sources['codex']).toContain(join(home, '.codex'));
    expect(sources['claude-code']).toContain(join(home, '.claude'));
  });

  it('a config pointing at another gateway lends it no key: the usual advice, naming no flag not given', async () => {
    const [first, second] = [await startSim(), await startSim()];
    const home = newHome();
    expect(
      (await runInProcess(['setup', '--yes', '--base-url', first.root, '--api-key', DEMO_KEY, '--agent', 'codex'], { home })).code,
    ).toBe(0);
    const r = await runInProcess(['sync', '--check', '--base-url', second.root], { home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('GATEWAY_API_KEY');
    expect(r.stderr).not.toContain('drop --api-key-env');
    expect(second.log.filter((e) => e.auth.key === DEMO_KEY)).toEqual([]);
  });
});

describe("the gateway's own version, and its usage route", () => {
  it('models and verify show X-New-Api-Version beside the verified versions, text and JSON; none told, none shown', async () => {
    const sim = await startSim({ version: 'v0.12.1' });
    const env = { GATEWAY_API_KEY: DEMO_KEY, GATEWAY_BASE_URL: sim.root };
    const text = await runInProcess(['models'], { env });
    expect(text.stdout).toMatch(/Version\s+v0\.12\.1 \(verified here: new-api v0\.10\.2, v0\.13\.2\)/);
    const doc = jsonOf(await runInProcess(['models', '--json'], { env }));
    expect([doc.gatewayVersion, doc.verifiedVersions]).toEqual(['v0.12.1', ['v0.10.2', 'v0.13.2']]);
    const verify = await runInProcess(['verify', '--json', '--protocol', 'chat'], { env });
    expect(jsonOf(verify).gatewayVersion).toBe('v0.12.1');
    expect((await runInProcess(['verify', '--protocol', 'chat'], { env })).stdout).toContain(
      'v0.12.1 (verified here: new-api v0.10.2, v0.13.2)',
    );
    // doctor too, per gateway its agents use.
    const home = newHome();
    expect((await runInProcess(['setup', '--yes', '--agent', 'codex'], { home, env })).code).toBe(0);
    const doctor = jsonOf(await runInProcess(['doctor', '--json', '--agent', 'codex'], { home, env }));
    expect([doctor.gateways, doctor.verifiedVersions]).toEqual([
      [{ root: sim.root, version: 'v0.12.1', answered: true }],
      ['v0.10.2', 'v0.13.2'],
    ]);
    expect((await runInProcess(['doctor', '--agent', 'codex'], { home, env })).stdout).toContain(
      `${sim.root}: v0.12.1 (verified here: new-api v0.10.2, v0.13.2)`,
    );
    // A gateway that refuses the key tells its version in that answer too: doctor shows it.
    const refusing = await startSim({
      version: 'v0.12.1',
      keys: [{ key: DEMO_KEY, name: 'demo', group: 'default', status: 'disabled', unlimited: true }],
    });
    const refusedHome = newHome();
    mkdirSync(join(refusedHome, '.codex'));
    writeFileSync(
      join(refusedHome, '.codex/config.toml'),
      `model = "gpt-5.1-codex"\nmodel_provider = "gw"\n\n[model_providers.gw]\nname = "gw"\nbase_url = "${refusing.root}/v1"\nenv_key = "GATEWAY_API_KEY"\nwire_api = "responses"\n`,
    );
    const refused = jsonOf(
      await runInProcess(['doctor', '--json', '--agent', 'codex'], { home: refusedHome, env: { GATEWAY_API_KEY: DEMO_KEY } }),
    );
    expect((refused.agents as { findings: { code: string }[] }[])[0]?.findings.map((f) => f.code)).toEqual(['bad_key']);
    expect(refused.gateways).toEqual([{ root: refusing.root, version: 'v0.12.1', answered: true }]);
    // A header that is no version (the gateway's text) is not shown.
    const odd = await startSim({ version: 'v1 $(reboot)' });
    const oddDoc = jsonOf(await runInProcess(['models', '--json'], { env: { ...env, GATEWAY_BASE_URL: odd.root } }));
    expect(oddDoc.gatewayVersion).toBeUndefined();
    // v0.10.2 sends none: not told. v0.13.2 says its own.
    const untold = await startSim({ newApi: 'v0.10.2' });
    expect((await runInProcess(['models'], { env: { ...env, GATEWAY_BASE_URL: untold.root } })).stdout).toMatch(
      /Version\s+not told by the gateway/,
    );
    const newest = await startSim();
    expect(jsonOf(await runInProcess(['models', '--json'], { env: { ...env, GATEWAY_BASE_URL: newest.root } })).gatewayVersion).toBe(
      'v0.13.2',
    );
  });

  it("the key's balance where the gateway answers /api/usage/token without the trailing slash", async () => {
    const sim = await startSim({ usagePath: '/api/usage/token' });
    const r = await runInProcess(['models', '--json'], { env: { GATEWAY_API_KEY: DEMO_KEY, GATEWAY_BASE_URL: sim.root } });
    expect((jsonOf(r).key as { unlimited?: boolean }).unlimited).toBe(true);
    expect(sim.log.map((e) => e.path)).toEqual(expect.arrayContaining(['/api/usage/token/', '/api/usage/token']));
  });
});

describe('sync says in words what changed', () => {
  it("models that left OpenCode's list are named, not 'the config differs'", async () => {
    const sim = await startSim();
    const home = newHome();
    const env = { GATEWAY_API_KEY: DEMO_KEY };
    const setup = await runInProcess(['setup', '--yes', '--json', '--base-url', sim.root, '--agent', 'opencode'], { home, env });
    expect(setup.code, setup.stdout + setup.stderr).toBe(0);
    const doc = jsonOf(setup) as { agents: { model: string; smallModel?: string; models: string[] }[] };
    const agent = doc.agents[0]!;
    const leaving = agent.models.filter((id) => id !== agent.model && id !== agent.smallModel).slice(0, 2);
    expect(leaving).toHaveLength(2);
    sim.setModels(DEFAULT_MODELS.filter((m) => !leaving.includes(m.id)));
    const check = await runInProcess(['sync', '--check'], { home, env });
    expect(check.code).toBe(1);
    const said = check.stdout.replace(/\s+/g, ' ');
    expect(said).toContain(`its model list changes: ${leaving.join(', ')} left the key's model list`);
    expect(said).not.toContain('differs from the saved setup');
  });
});

describe('doctor reads configs as the agent does', () => {
  it('OpenCode and Kilo: a key stored by their own login (auth.json) is the key, as the agent takes it', async () => {
    const sim = await startSim();
    for (const [id, name] of [
      ['opencode', 'opencode'],
      ['kilo', 'kilo'],
    ] as const) {
      const home = newHome();
      const setup = await runInProcess(['setup', '--yes', '--json', '--base-url', sim.root, '--agent', id, '--key-storage', 'file'], {
        home,
        env: { GATEWAY_API_KEY: DEMO_KEY },
      });
      expect(setup.code, setup.stdout + setup.stderr).toBe(0);
      const config = (jsonOf(setup) as { agents: { files: { path: string }[] }[] }).agents[0]!.files[0]!.path;
      const doc = JSON.parse(readFileSync(config, 'utf8')) as { provider: Record<string, { options: { apiKey?: string } }> };
      // The user logged in with the agent's own `auth login` instead: no key in the config.
      const auth: Record<string, { type: string; key: string }> = {};
      for (const [provider, entry] of Object.entries(doc.provider)) {
        delete entry.options.apiKey;
        auth[provider] = { type: 'api', key: DEMO_KEY };
      }
      writeFileSync(config, JSON.stringify(doc, null, 2));
      const dir = join(home, '.local', 'share', name);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'auth.json'), JSON.stringify(auth), { mode: 0o600 });
      const r = await runInProcess(['doctor', '--json', '--agent', id], { home });
      const findings = (jsonOf(r) as { agents: { findings: { code: string }[] }[] }).agents[0]!.findings.map((f) => f.code);
      expect(findings, id).toEqual([]);
      expect(r.code, id + r.stdout).toBe(0);
    }
  });

  it('a key the gateway refuses: one finding for the cause, and no balance shown for it', async () => {
    const sim = await startSim();
    const home = newHome();
    const setup = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'codex', '--key-storage', 'file'], {
      home,
      env: { GATEWAY_API_KEY: DEMO_KEY },
    });
    expect(setup.code).toBe(0);
    const file = join(home, '.codex', '.env');
    writeFileSync(file, readFileSync(file, 'utf8').split(DEMO_KEY).join(EXPIRED_KEY));
    const r = await runInProcess(['doctor', '--json', '--agent', 'codex'], { home });
    expect(r.code).toBe(1);
    const doc = jsonOf(r) as { agents: { findings: { code: string }[] }[]; keys: { refused?: boolean; told: boolean }[] };
    expect(doc.agents[0]!.findings.map((f) => f.code)).toEqual(['bad_key']);
    expect(doc.keys).toMatchObject([{ refused: true, told: false }]);
    const text = await runInProcess(['doctor', '--agent', 'codex'], { home });
    expect(text.stdout.match(/\[bad_key\]/g)).toHaveLength(1);
    expect(text.stdout).not.toMatch(/left|unlimited quota/);
  });

  it("Qwen Code's ${VAR} references are expanded as Qwen Code does: the value is sent, the file holds no key", async () => {
    const sim = await startSim();
    const home = newHome();
    const env = { GATEWAY_API_KEY: DEMO_KEY };
    const setup = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'qwen-code', '--key-storage', 'file'], {
      home,
      env,
    });
    expect(setup.code, setup.stdout + setup.stderr).toBe(0);
    const file = join(home, '.qwen', 'settings.json');
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { env: Record<string, string> };
    // The user keeps only a reference in the file, at a mode others may read.
    for (const name of Object.keys(doc.env)) doc.env[name] = '${MY_GW_KEY}';
    writeFileSync(file, JSON.stringify(doc, null, 2));
    chmodSync(file, 0o644);
    const before = sim.log.length;
    const r = await runInProcess(['doctor', '--json', '--agent', 'qwen-code'], { home, env: { MY_GW_KEY: DEMO_KEY } });
    const findings = (jsonOf(r) as { agents: { findings: { code: string }[] }[] }).agents[0]!.findings.map((f) => f.code);
    expect(findings).not.toContain('key_file_open');
    expect(r.code, r.stdout).toBe(0);
    expect(sim.log.slice(before).every((e) => e.auth.key === DEMO_KEY)).toBe(true);
    // Unset, the reference is no key: said as missing, and the literal is never sent.
    const unset = await runInProcess(['doctor', '--json', '--agent', 'qwen-code'], { home });
    expect(unset.code).toBe(1);
    expect(sim.log.some((e) => e.auth.key?.includes('MY_GW_KEY'))).toBe(false);
  });
});
