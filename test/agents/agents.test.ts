// The agents tier: each real agent (pinned, from npm, cached outside the repo) runs one-shot on
// the config `setup` wrote (through the built bin, into a temp HOME), against the simulator; the
// simulator's log shows exactly what the agent sent: path, model, auth header, key. A hand-written
// doubled /v1 is in ./wrong-path.test.ts, beside this file so the two run side by side.
// Every process an agent leaves behind (Cline's hub daemon) is found by its temp HOME afterwards:
// the run must have stopped it already, and the test stops it by PID if not (and fails).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { AGENTS, SUPPORTED_AGENT_IDS } from '../../src/agents/registry.js';
import { detectAgent } from '../../src/agents/detect.js';
import { DEFAULT_MODELS as CLAUDE_DEFAULTS } from '../../src/agents/claude-code/index.js';
import { DEFAULT_MODELS as CODEX_DEFAULTS } from '../../src/agents/codex/index.js';
import { DEMO_KEY } from '../../src/simulator/index.js';
import { jsonOf, runCli } from '../helpers/cli.js';
import {
  ensurePredecessor,
  ensureUnproven,
  ensureVersion,
  EVERY_PROTOCOL,
  installsTimeout,
  pathWith,
  PINNED,
  UNPROVEN,
  type PinnedId,
} from './install.js';
import { stopProcessesOfHome } from '../helpers/processes.js';
import { LOOKUP } from './requests.js';
import { seedHome } from './seed.js';
import {
  agentRequests,
  bins,
  doubleV1,
  envFor,
  expectNothingLeftIn,
  expected,
  newHome,
  pathOf,
  RUNS,
  sim,
  useAgentWorld,
  versionOf,
  type RunDoc,
} from './world.js';

useAgentWorld();

describe.each(RUNS)('%s (%s version), the real agent', (id, which) => {
  it('runs one-shot on the config setup wrote: the path, model, header and key its module expects', async () => {
    const home = newHome();
    const env = envFor(id, which);
    // A /v1 pasted by the user: setup must still give each agent the form it needs.
    const setup = await runCli(['setup', '--yes', '--json', '--base-url', `${sim.root}/v1`, '--agent', id], {
      home,
      env,
      timeoutMs: 60_000,
    });
    expect(setup.code, setup.stderr + setup.stdout).toBe(0);
    const report = jsonOf(setup) as { agents: { id: string; model: string; smallModel: string | null; version?: string }[] };
    const written = report.agents.find((a) => a.id === id);
    // Setup read the version installed, and wrote for it (an agent whose binary is a platform
    // package of its extras tells that package's version: Factory Droid's).
    const told = [versionOf(id, which), ...PINNED[id].extras.map((e) => e.slice(e.lastIndexOf('@') + 1))];
    expect(told).toContain(written?.version);
    const want = await expected(id, home, which);
    expect(written?.model).toBe(want.model);
    expect(pathOf(want.url)).not.toContain('/v1/v1');
    const models = new Set([want.model, ...(written?.smallModel ? [written.smallModel] : [])]);
    seedHome(id, home);

    const from = sim.log.length;
    const run = await runCli(['verify', '--agent-run', '--agent', id, '--json'], { home, env, timeoutMs: 200_000 });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const doc = jsonOf(run) as unknown as RunDoc;
    expect(doc.ok).toBe(true);
    expect(doc.agents.map((a) => [a.id, a.ok, a.model])).toEqual([[id, true, want.model]]);
    expect(doc.agents[0]?.command.startsWith(`${PINNED[id].bin} `)).toBe(true);

    // What the agent sent, from the simulator's log.
    const sent = agentRequests(from);
    expect(sent.length, 'the agent sent no request to the gateway').toBeGreaterThan(0);
    for (const e of sent) {
      expect(e.path).not.toContain('/v1/v1');
      // The agent may add a query of its own (Claude Code's `?beta=true`); the path is the module's.
      expect(e.path.split('?')[0]).toBe(pathOf(want.url));
      expect(e.auth.scheme).toBe(want.auth);
      expect(e.auth.key).toBe(DEMO_KEY);
      expect(models.has(e.model ?? ''), `model ${e.model}`).toBe(true);
      expect(e.status).toBe(200);
    }
    expect(sent.map((e) => e.model)).toContain(want.model);
    // No probe of ours: the agent passed, so nothing needed naming.
    expect(sim.log.slice(from).filter((e) => e.method === 'POST' && !LOOKUP.test(e.path)).length).toBe(sent.length);
    // The key: in the environment only, never printed.
    expect(doc.agents[0]?.command).not.toContain(DEMO_KEY);
    expect(run.stdout + run.stderr).not.toContain(DEMO_KEY);
    if (id === 'cline')
      expect(doc.agents[0]?.stopped.length, 'Cline leaves its hub daemon: it must be found and stopped').toBeGreaterThan(0);
    if (id === 'qwen-code') {
      // The settings version Qwen Code expects is written: its first start has nothing to migrate,
      // so it does not rewrite the file (the key inside) with the default mode.
      expect(statSync(want.file).mode & 0o777).toBe(0o600);
      expect(existsSync(`${want.file}.orig`)).toBe(false);
    }
    await expectNothingLeftIn(home);
  });

  it('asking its version, as setup, the wizard and doctor do, leaves nothing in the home', async () => {
    const home = newHome();
    const env = { ...envFor(id, which), HOME: home };
    const found = await detectAgent(AGENTS[id], { home, env, cwd: home, platform: process.platform });
    // (Factory Droid reports its platform binary's version, a patch above the pinned package's.)
    expect(found.version, JSON.stringify(found)).toMatch(/^\d+\.\d+\.\d+/);
    // The agent's own logs and caches go to a scratch folder where it has a variable for them.
    expect(readdirSync(home, { recursive: true })).toEqual([]);
    await expectNothingLeftIn(home);
  });
});

/**
 * Each protocol an agent of EVERY_PROTOCOL speaks, with a model of the simulator served only that
 * way: the request the real agent sends takes the path, header and key its module rebuilds for it.
 */
const MODEL_FOR: Readonly<Record<string, string>> = { messages: 'claude-sonnet-4-5', chat: 'deepseek-chat', responses: 'gpt-5.1-codex' };
const PROTOCOL_RUNS = EVERY_PROTOCOL.flatMap((id) =>
  AGENTS[id].protocols.filter((p) => p !== 'images').map((protocol): [PinnedId, string] => [id, protocol]),
);

describe.each(PROTOCOL_RUNS)('%s over %s, the real agent', (id, protocol) => {
  it('setup with a model served only that way; its own one-shot sends the request of that protocol', async () => {
    const home = newHome();
    const env = envFor(id);
    const model = MODEL_FOR[protocol]!;
    const setup = await runCli(['setup', '--yes', '--json', '--base-url', sim.root, '--agent', id, '--model', model], {
      home,
      env,
      timeoutMs: 60_000,
    });
    expect(setup.code, setup.stderr + setup.stdout).toBe(0);
    const want = await expected(id, home);
    expect([want.protocol, want.model]).toEqual([protocol, model]);
    seedHome(id, home);
    const from = sim.log.length;
    const run = await runCli(['verify', '--agent-run', '--agent', id, '--json'], { home, env, timeoutMs: 200_000 });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const sent = agentRequests(from);
    expect(sent.length, 'the agent sent no request to the gateway').toBeGreaterThan(0);
    expect(sent.map((e) => [e.path.split('?')[0], e.auth.scheme, e.auth.key === DEMO_KEY, e.status])).toContainEqual([
      pathOf(want.url),
      want.auth,
      true,
      200,
    ]);
    expect(sent.map((e) => e.model)).toContain(model);
    expect(run.stdout + run.stderr).not.toContain(DEMO_KEY);
    await expectNothingLeftIn(home);
  });
});

/**
 * Agents the gateway serves that cannot be installed here (no verified version; the README says
 * why): the request rebuilt from the config setup wrote is asserted instead, as the gateway's log
 * shows it when `doctor` sends it (path, model, header, key), and a doubled /v1 is named.
 */
const NOT_RUN = SUPPORTED_AGENT_IDS.filter((id) => AGENTS[id].install.verified === undefined);

describe.each(NOT_RUN)('%s, not installable here: the request rebuilt from its config', (id) => {
  const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', GATEWAY_API_KEY: DEMO_KEY };

  it('setup writes it; doctor sends that request: the path, model, header and key reach the gateway', async () => {
    const home = newHome();
    const setup = await runCli(['setup', '--yes', '--json', '--base-url', `${sim.root}/v1`, '--agent', id], {
      home,
      env,
      timeoutMs: 60_000,
    });
    expect(setup.code, setup.stderr + setup.stdout).toBe(0);
    const want = await expected(id, home);
    expect(pathOf(want.url)).not.toContain('/v1/v1');
    expect(want.key).toBe(DEMO_KEY);
    const from = sim.log.length;
    const doctor = await runCli(['doctor', '--json', '--agent', id], { home, env, timeoutMs: 60_000 });
    expect(doctor.code, doctor.stdout + doctor.stderr).toBe(0);
    const sent = sim.log.slice(from).filter((e) => e.method === 'POST');
    expect(sent.map((e) => [e.path.split('?')[0], e.auth.scheme, e.auth.key === DEMO_KEY, e.model, e.status])).toContainEqual([
      pathOf(want.url),
      want.auth,
      true,
      want.model,
      200,
    ]);
    expect(doctor.stdout + doctor.stderr).not.toContain(DEMO_KEY);
  });

  it('a hand-written doubled /v1 is named wrong_path by doctor, from the request the agent would send', async () => {
    const home = newHome();
    expect((await runCli(['setup', '--yes', '--base-url', sim.root, '--agent', id], { home, env, timeoutMs: 60_000 })).code).toBe(0);
    const path = (await expected(id, home)).file;
    const text = readFileSync(path, 'utf8');
    const doubled = doubleV1(text);
    expect(doubled).not.toBe(text);
    writeFileSync(path, doubled);
    expect(pathOf((await expected(id, home)).url)).toMatch(/^\/v1\/v1\//);
    const doctor = await runCli(['doctor', '--json', '--agent', id], { home, env, timeoutMs: 60_000 });
    expect(doctor.code, doctor.stdout + doctor.stderr).toBe(1);
    const d = jsonOf(doctor) as { agents: { id: string; findings: { code: string }[] }[] };
    expect(d.agents.find((a) => a.id === id)?.findings.map((f) => f.code)).toContain('wrong_path');
  });
});

describe('setup --verify agent', () => {
  it('writes, then proves the configs through the installed agents themselves (Claude Code and Cline)', async () => {
    const home = newHome();
    const env = {
      PATH: pathWith(bins.get('claude-code@newest'), bins.get('cline@newest')),
      GATEWAY_API_KEY: DEMO_KEY,
    };
    const from = sim.log.length;
    const r = await runCli(['setup', '--yes', '--json', '--base-url', sim.root, '--agent', 'claude-code,cline', '--verify', 'agent'], {
      home,
      env,
      timeoutMs: 200_000,
    });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const doc = jsonOf(r) as { ok: boolean; agentRuns: { id: string; ok: boolean }[] };
    expect(doc.ok).toBe(true);
    expect(doc.agentRuns.map((a) => [a.id, a.ok])).toEqual([
      ['claude-code', true],
      ['cline', true],
    ]);
    const paths = agentRequests(from).map((e) => e.path);
    expect(paths).toContain('/v1/messages?beta=true');
    expect(paths).toContain('/v1/chat/completions');
    await expectNothingLeftIn(home);
  });

  it('a key the gateway refuses: the real agent fails and verify --agent-run names bad_key (key masked)', async () => {
    const home = newHome();
    const env = envFor('codex');
    // Codex reads its key from the variable the config names; a key the gateway refuses is a 401.
    const r = await runCli(
      ['setup', '--yes', '--json', '--base-url', sim.root, '--agent', 'codex', '--key-storage', 'env', '--verify', 'agent'],
      {
        home,
        env: { ...env, GATEWAY_API_KEY: DEMO_KEY },
        timeoutMs: 200_000,
      },
    );
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const bad = await runCli(['verify', '--agent-run', '--agent', 'codex', '--json'], {
      home,
      env: { ...env, GATEWAY_API_KEY: `sk-${'x'.repeat(48)}` },
      timeoutMs: 200_000,
    });
    expect(bad.code, bad.stdout + bad.stderr).toBe(1);
    const doc = jsonOf(bad) as unknown as RunDoc;
    expect(doc.agents[0]?.diagnosis?.code).toBe('bad_key');
    expect(bad.stdout + bad.stderr).not.toContain('x'.repeat(48));
    await expectNothingLeftIn(home);
  });
});

describe('an installed version older than the oldest our tiers ran', () => {
  it(
    `Claude Code ${UNPROVEN['claude-code']}: written and marked ! (not proven), then the agent itself answers through the gateway and only that line says ✓`,
    async () => {
      const bin = await ensureUnproven('claude-code');
      // Its binary (400 MB) is read from disk once first: a cold first start on a busy machine can pass
      // the 10 s setup gives `--version`, and a version it never hears is not one it calls older.
      await promisify(execFile)(join(bin, AGENTS['claude-code'].binary), ['--version'], { timeout: 120_000 });
      const home = newHome();
      const env = { PATH: pathWith(bin), GATEWAY_API_KEY: DEMO_KEY };
      const from = sim.log.length;
      const r = await runCli(['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code', '--verify', 'agent'], {
        home,
        env,
        timeoutMs: 200_000,
      });
      expect(r.code, r.stdout + r.stderr).toBe(0);
      const text = r.stdout.replace(/\s+/g, ' ');
      expect(text).toContain(
        `Claude Code ${UNPROVEN['claude-code']} is installed, older than ${AGENTS['claude-code'].versions?.provenFrom}`,
      );
      expect(text).toContain('the agent itself answers one prompt below to prove it');
      // The setup's line is ! ; the agent's own run, after it, is ✓.
      expect(r.stdout).toMatch(/^! Claude Code[^]*^✓ Claude Code/m);
      const sent = agentRequests(from).filter((e) => e.method === 'POST');
      expect(sent.map((e) => [e.path.split('?')[0], e.auth.key === DEMO_KEY, e.status])).toContainEqual(['/v1/messages', true, 200]);
      // Without --verify agent, the report names the command that proves it.
      const plain = await runCli(['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code'], { home, env, timeoutMs: 200_000 });
      expect(plain.code, plain.stdout + plain.stderr).toBe(0);
      expect(plain.stdout.replace(/\s+/g, ' ')).toContain('`gateway-agent-setup verify --agent-run --agent claude-code`');
      await expectNothingLeftIn(home);
    },
    installsTimeout(1) + 240_000,
  );
});

// Each release where an agent's own default model changed, as its module names them: that release
// itself, asked with a config that names no model, asks for the one doctor checks the config with.
describe.each([
  ['codex', CODEX_DEFAULTS.map((f) => f.since), codexAskedWithoutModel],
  ['claude-code', CLAUDE_DEFAULTS.map((f) => f.since), askedWithoutModel],
] as const)("%s's own default model, release by release", (id, releases, asked) => {
  it.each(releases.filter((v) => v !== PINNED[id].version))(
    '%s asks for the model doctor checks its config with',
    async (version) => {
      const bin = await ensureVersion(id, version);
      await asked(pathWith(bin));
    },
    installsTimeout(1) + 240_000,
  );
});

// Codex's `profile = "NAME"` line on both sides of the release that stopped reading it (0.134.0): on
// each, doctor says what the real codex does — asks for the profile's model (the one doctor checks),
// or refuses to start (the line doctor names).
describe('Codex, a `profile = "NAME"` line, on both sides of the release that refuses it', () => {
  it.each(['0.133.0', '0.134.0'])(
    '%s: doctor says what the real codex does with it',
    async (version) => {
      const path = pathWith(await ensureVersion('codex', version));
      const { home, asked, stderr, check } = await codexThenDoctor(path, {
        top: 'profile = "work"\nmodel = "gpt-5.1-codex"\n',
        tables: '[profiles.work]\nmodel = "gpt-4o"\n\n',
      });
      const refused = stderr.includes('legacy `profile = "work"` config is no longer supported');
      if (refused) {
        expect(asked).toEqual([]);
        expect(check?.findings.map((f) => f.code)).toEqual(['config_invalid']);
      } else {
        expect(asked).toEqual(['gpt-4o']);
        expect(check?.model).toBe('gpt-4o');
      }
      await expectNothingLeftIn(home);
    },
    installsTimeout(1) + 240_000,
  );
});

describe('Pi 0.60.0, which makes its auth file when asked its version', () => {
  it(
    'asked as setup asks it, it leaves nothing in the home (asked bare, it makes ~/.pi/agent/auth.json)',
    async () => {
      const bin = await ensureVersion('pi', '0.60.0');
      const env = { PATH: pathWith(bin) };
      const bare = newHome();
      await promisify(execFile)('pi', ['--version'], { cwd: bare, env: { ...env, HOME: bare }, timeout: 60_000 });
      expect(readdirSync(bare, { recursive: true })).toContain(join('.pi', 'agent', 'auth.json'));
      const home = newHome();
      const found = await detectAgent(AGENTS.pi, { home, env: { ...env, HOME: home }, cwd: home, platform: process.platform });
      expect(found.version).toBe('0.60.0');
      expect(readdirSync(home, { recursive: true })).toEqual([]);
      await expectNothingLeftIn(home);
    },
    installsTimeout(1) + 60_000,
  );
});

describe("Kimi's archived kimi-cli, the real one (PyPI, on Python 3.12)", () => {
  it(
    'answers `kimi --version` in its own words: setup writes for Kimi Code and names it, no ~/.kimi is left, and verify --agent-run does not start it',
    async () => {
      const bin = await ensurePredecessor('kimi-code');
      const home = newHome();
      const env = { PATH: pathWith(bin), GATEWAY_API_KEY: DEMO_KEY };
      const r = await runCli(['setup', '--yes', '--base-url', sim.root, '--agent', 'kimi-code'], { home, env, timeoutMs: 120_000 });
      expect(r.code, r.stdout + r.stderr).toBe(0);
      const text = r.stdout.replace(/\s+/g, ' ');
      expect(text).toContain(
        `The \`kimi\` on your PATH is kimi-cli ${AGENTS['kimi-code'].predecessor?.install.verified}, archived in favour of Kimi Code`,
      );
      expect(text).not.toContain('not proven');
      expect(existsSync(join(home, '.kimi-code', 'config.toml'))).toBe(true);
      // Its --version makes ~/.kimi; asked with KIMI_SHARE_DIR in a scratch folder, it leaves none.
      expect(existsSync(join(home, '.kimi'))).toBe(false);
      const run = await runCli(['verify', '--agent-run', '--agent', 'kimi-code'], { home, env, timeoutMs: 120_000 });
      expect(run.code, run.stdout + run.stderr).toBe(1);
      expect((run.stdout + run.stderr).replace(/\s+/g, ' ')).toContain('is kimi-cli 1.52.0, not Kimi Code');
      await expectNothingLeftIn(home);
    },
    installsTimeout(1) + 240_000,
  );
});

describe('Codex CLI, the real one, with a `profile = "NAME"` line left in config.toml', () => {
  it('refuses to start with it (as doctor says); setup takes the line out, keeps the table, and Codex then answers', async () => {
    const home = newHome();
    const env = envFor('codex');
    mkdirSync(join(home, '.codex'), { recursive: true });
    writeFileSync(join(home, '.codex', 'config.toml'), '# mine\nprofile = "work"\n\n[profiles.work]\napproval_policy = "never"\n');
    const codex = (args: string[]) =>
      promisify(execFile)('codex', args, { cwd: home, env: { PATH: env['PATH'], HOME: home }, timeout: 60_000 }).then(
        () => '',
        (err: { stderr?: string }) => err.stderr ?? 'failed',
      );
    expect(await codex(['exec', '--skip-git-repo-check', 'say ok'])).toContain('legacy `profile = "work"` config is no longer supported');
    const before = await runCli(['doctor', '--agent', 'codex', '--base-url', sim.root], { home, env, timeoutMs: 60_000 });
    expect(before.code).toBe(1);
    expect(before.stdout.replace(/\s+/g, ' ')).toContain(
      '[config_invalid] ~/.codex/config.toml has `profile = "work"`, which Codex 0.134.0 and later refuse to start with',
    );
    const setup = await runCli(['setup', '--yes', '--base-url', sim.root, '--agent', 'codex'], { home, env, timeoutMs: 60_000 });
    expect(setup.code, setup.stderr + setup.stdout).toBe(0);
    expect(setup.stdout.replace(/\s+/g, ' ')).toContain('Removed `profile = "work"` from ~/.codex/config.toml');
    const toml = readFileSync(join(home, '.codex', 'config.toml'), 'utf8');
    expect(toml).not.toMatch(/^profile =/m);
    expect(toml).toContain('[profiles.work]');
    const run = await runCli(['verify', '--agent-run', '--agent', 'codex', '--json'], { home, env, timeoutMs: 200_000 });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    await expectNothingLeftIn(home);
  });

  it('a provider table and no `model`: the real codex asks for the model doctor checks the config with', async () => {
    await codexAskedWithoutModel(envFor('codex')['PATH'] ?? '');
  });
});

/**
 * A Codex provider table without `model`: the model the real `codex` on `path` asks for is the one
 * doctor, knowing that version, checks the config with.
 */
async function codexAskedWithoutModel(path: string): Promise<void> {
  // No retries: the model is not among the key's, and what it asked for is the point.
  const { home, asked, check } = await codexThenDoctor(path);
  expect(check?.findings.map((f) => f.code)).toEqual(['model_not_listed']);
  expect(asked).toEqual([check?.model]);
  await expectNothingLeftIn(home);
}

/**
 * The real `codex` on `path` run once on a config.toml of `top` keys, `model_provider = "gw"`, the
 * `tables` and the provider table `gw` on the simulator (no retries), then `doctor --agent codex` on
 * the same home: the models Codex asked for, what it said, and doctor's check of it.
 */
async function codexThenDoctor(
  path: string,
  { top = '', tables = '' } = {},
): Promise<{
  home: string;
  asked: (string | undefined)[];
  stderr: string;
  check: { model?: string; findings: { code: string }[] } | undefined;
}> {
  const home = newHome();
  mkdirSync(join(home, '.codex'), { recursive: true });
  writeFileSync(
    join(home, '.codex', 'config.toml'),
    `${top}model_provider = "gw"\n\n${tables}[model_providers.gw]\nname = "gw"\nbase_url = "${sim.root}/v1"\nenv_key = "GW_KEY"\nwire_api = "responses"\nrequest_max_retries = 0\nstream_max_retries = 0\n`,
  );
  const from = sim.log.length;
  const ran = promisify(execFile)('codex', ['exec', '--skip-git-repo-check', 'say ok'], {
    cwd: home,
    env: { PATH: path, HOME: home, GW_KEY: DEMO_KEY },
    timeout: 120_000,
  });
  // Given a pipe, codex exec reads it for more of the prompt: it ends here.
  ran.child.stdin?.end();
  const stderr = await ran.then(
    (r) => r.stderr,
    (err: { stderr?: string }) => err.stderr ?? '',
  );
  const asked = [
    ...new Set(
      agentRequests(from)
        .filter((e) => e.path.startsWith('/v1/responses'))
        .map((e) => e.model),
    ),
  ];
  const doctor = await runCli(['doctor', '--json', '--agent', 'codex'], {
    home,
    env: { PATH: path, GW_KEY: DEMO_KEY },
    timeoutMs: 120_000,
  });
  const check = (jsonOf(doctor) as { agents: { model?: string; findings: { code: string }[] }[] }).agents[0];
  return { home, asked, stderr, check };
}

/**
 * A Claude Code config as users write it by hand (a base URL and a token, no model): the model the
 * real `claude` on `path` asks for is the one doctor, knowing that version, checks the config with.
 */
async function askedWithoutModel(path: string): Promise<void> {
  const home = newHome();
  mkdirSync(join(home, '.claude'), { recursive: true });
  writeFileSync(
    join(home, '.claude/settings.json'),
    JSON.stringify({ env: { ANTHROPIC_BASE_URL: sim.root, ANTHROPIC_AUTH_TOKEN: DEMO_KEY } }, null, 2),
    { mode: 0o600 },
  );
  writeFileSync(join(home, '.claude.json'), JSON.stringify({ hasCompletedOnboarding: true }));
  const from = sim.log.length;
  // The model is not among the key's, so the run fails: what it asked for is the point.
  await promisify(execFile)('claude', ['-p', 'say ok'], {
    cwd: home,
    env: { PATH: path, HOME: home, CLAUDE_CODE_MAX_RETRIES: '0', DISABLE_AUTOUPDATER: '1' },
    timeout: 120_000,
  }).catch(() => undefined);
  const asked = [
    ...new Set(
      agentRequests(from)
        .filter((e) => e.method === 'POST' && e.path.startsWith('/v1/messages'))
        .map((e) => e.model),
    ),
  ];
  await stopProcessesOfHome(home);
  const doctor = await runCli(['doctor', '--json', '--agent', 'claude-code'], { home, env: { PATH: path }, timeoutMs: 120_000 });
  const check = (jsonOf(doctor) as { agents: { model?: string; findings: { code: string }[] }[] }).agents[0];
  expect(check?.findings.map((f) => f.code)).toEqual(['model_not_listed']);
  expect(asked).toEqual([check?.model]);
}

describe('claude-code and qwen-code, the versions kept current', () => {
  it("Claude Code: `--model=fable` asks for the fable tier setup wrote (not its own claude-fable-5-2), and /model discovery lists the key's models", async () => {
    const home = newHome();
    const env = envFor('claude-code');
    expect(
      (await runCli(['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code'], { home, env, timeoutMs: 60_000 })).code,
    ).toBe(0);
    const settings = JSON.parse(readFileSync(`${home}/.claude/settings.json`, 'utf8')) as { env: Record<string, string> };
    const fable = settings.env['ANTHROPIC_DEFAULT_FABLE_MODEL'];
    expect(fable).toBe('claude-opus-4-1');
    const from = sim.log.length;
    const { stdout } = await promisify(execFile)('claude', ['-p', 'say ok', '--model=fable'], {
      cwd: home,
      env: { PATH: env['PATH'], HOME: home, CLAUDE_CODE_MAX_RETRIES: '0', DISABLE_AUTOUPDATER: '1' },
      timeout: 120_000,
    });
    expect(stdout.length).toBeGreaterThan(0);
    const seen = sim.log.slice(from);
    const posts = seen.filter((e) => e.method === 'POST');
    expect(posts.map((e) => [e.path, e.model, e.auth.scheme, e.status])).toEqual([['/v1/messages?beta=true', fable, 'bearer', 200]]);
    // CLAUDE_CODE_ENABLE_GATEWAY_MODEL_DISCOVERY: the list, with the same Bearer token, answered.
    const list = seen.find((e) => e.method === 'GET' && e.path.startsWith('/v1/models'));
    expect(list && [list.path, list.auth.scheme, list.auth.key, list.status]).toEqual(['/v1/models?limit=1000', 'bearer', DEMO_KEY, 200]);
    const cached = JSON.parse(readFileSync(`${home}/.claude/cache/gateway-models.json`, 'utf8')) as { models: { id: string }[] };
    expect(cached.models.map((m) => m.id)).toContain(fable);
    await stopProcessesOfHome(home);
  });

  it('Claude Code written by hand with a base URL and a token, no model: the real claude asks for the model doctor checks it with', async () => {
    await askedWithoutModel(envFor('claude-code')['PATH'] ?? '');
  });

  it('Qwen Code: a Responses-only model through our own provider id (wireApi "responses")', async () => {
    const home = newHome();
    const env = envFor('qwen-code');
    const setup = await runCli(['setup', '--yes', '--base-url', sim.root, '--agent', 'qwen-code', '--model', 'gpt-5.1-codex'], {
      home,
      env,
      timeoutMs: 60_000,
    });
    expect(setup.code, setup.stdout + setup.stderr).toBe(0);
    const from = sim.log.length;
    const run = await runCli(['verify', '--agent-run', '--agent', 'qwen-code', '--json'], { home, env, timeoutMs: 200_000 });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const sent = agentRequests(from);
    expect(sent.length).toBeGreaterThan(0);
    expect(
      sent.every(
        (e) =>
          e.path === '/v1/responses' &&
          e.model === 'gpt-5.1-codex' &&
          e.auth.scheme === 'bearer' &&
          e.auth.key === DEMO_KEY &&
          e.status === 200,
      ),
    ).toBe(true);
    const file = `${home}/.qwen/settings.json`;
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(existsSync(`${file}.orig`)).toBe(false);
    await expectNothingLeftIn(home);
  });
});
