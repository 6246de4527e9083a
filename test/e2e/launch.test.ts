// `launch AGENT -- ARGS`: through the built bin, against the simulator, with a stand-in for each
// agent on PATH (a node script named like its binary) that records its argv, its own
// /proc/<pid>/cmdline, its environment and the session files it was pointed at, then exits with
// the code or the signal the test asks for. Proves: the key only in the environment, the user's
// arguments passed as they are, exit codes and signals passed through, temporary files 0600 in a
// 0700 directory and gone afterwards, and every file of the user's untouched (bytes and mtime).
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { AGENT_IDS, AGENTS, type AgentId } from '../../src/agents/registry.js';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { FIXTURES, LAUNCH_ONLY_FIXTURES } from '../fixtures/agents/index.js';
import { BIN_PATH, runCli, shown, tempHomes } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);
const newHome = tempHomes();
const scratch: string[] = [];
afterEach(() => scratch.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const newDir = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'gas-launch-'));
  scratch.push(d);
  return d;
};

/** The text as read: colour and emphasis codes out, wrapped lines joined. */
const plain = (text: string): string => text.replace(/\u001b\[[0-9;]*m/g, '').replace(/\s+/g, ' ');

// Every agent with a session of its own, the ones setup cannot write for (Letta Code) included.
const LAUNCHABLE = AGENT_IDS.filter((id) => AGENTS[id].session !== undefined);
/** Agents that read only a literal key (Factory Droid): their session file holds it. */
const KEY_IN_SESSION_FILE = new Set<AgentId>(['factory-droid']);
const NOT_LAUNCHABLE = AGENT_IDS.filter((id) => AGENTS[id].session === undefined);

/** What launch left in the session's TMPDIR: all but the command line's code cache (src/cli/code-cache.ts), which is no session's. */
function sessionDirs(tmp: string): string[] {
  return readdirSync(tmp).filter((name) => !name.startsWith('gateway-agent-setup-v8-'));
}

/**
 * The stand-in: dumps what it got to $FAKE_DUMP, then per $FAKE_MODE exits with a code
 * (`exit:N`), kills itself (`signal:SIG`), or waits for a signal (`wait`) and records it.
 */
const FAKE = `#!/usr/bin/env node
const fs = require('node:fs');
const args = process.argv.slice(2);
// Asked its version (before the session): it tells $FAKE_VERSION, or one above every floor.
if (args.length === 1 && args[0] === '--version') { console.log(process.env.FAKE_VERSION || '9999.0.0'); process.exit(0); }
const files = {};
// Session files are named by an argument, or by a variable holding a path in the session's TMPDIR
// (a file, or a directory: each file in it).
const named = Object.values(process.env).filter((v) => process.env.TMPDIR && v.startsWith(process.env.TMPDIR + '/'));
const inDirs = named.filter((v) => fs.existsSync(v) && fs.statSync(v).isDirectory()).flatMap((d) => fs.readdirSync(d).map((f) => d + '/' + f));
for (const a of [...args, ...named, ...inDirs]) {
  const m = /^--(?:settings|config)=(.*)$/.exec(a);
  const f = m ? m[1] : a;
  if (f.startsWith('/') && fs.existsSync(f) && fs.statSync(f).isFile()) {
    files[f] = { text: fs.readFileSync(f, 'utf8'), mode: fs.statSync(f).mode & 0o777, dirMode: fs.statSync(require('node:path').dirname(f)).mode & 0o777 };
  }
}
const mode = process.env.FAKE_MODE || 'exit:0';
// Ready for signals before saying it started (the dump is the test's cue to send one).
if (mode === 'wait') {
  process.on('SIGINT', () => { fs.writeFileSync(process.env.FAKE_DUMP + '.signal', 'SIGINT'); process.exit(40); });
  process.on('SIGTERM', () => { fs.writeFileSync(process.env.FAKE_DUMP + '.signal', 'SIGTERM'); process.removeAllListeners('SIGTERM'); process.kill(process.pid, 'SIGTERM'); });
  setInterval(() => {}, 1000);
}
const dump = { args, cmdline: fs.readFileSync('/proc/self/cmdline', 'utf8'), env: process.env, files, pid: process.pid };
fs.writeFileSync(process.env.FAKE_DUMP + '.tmp', JSON.stringify(dump));
fs.renameSync(process.env.FAKE_DUMP + '.tmp', process.env.FAKE_DUMP);
if (mode.startsWith('exit:')) process.exit(Number(mode.slice(5)));
if (mode.startsWith('signal:')) process.kill(process.pid, mode.slice(7));
`;

interface Dump {
  args: string[];
  cmdline: string;
  env: Record<string, string>;
  files: Record<string, { text: string; mode: number; dirMode: number }>;
}

/** A bin folder holding the stand-in under the agent's binary name. */
function fakeBin(id: AgentId): string {
  const dir = join(newDir(), 'bin');
  mkdirSync(dir);
  writeFileSync(join(dir, AGENTS[id].binary), FAKE);
  chmodSync(join(dir, AGENTS[id].binary), 0o755);
  return dir;
}

/** Every file under `dir` with its bytes and mtime. */
function snapshot(dir: string): Map<string, { bytes: string; mtimeMs: number; mode: number }> {
  const out = new Map<string, { bytes: string; mtimeMs: number; mode: number }>();
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(p, { bytes: readFileSync(p).toString('base64'), mtimeMs: statSync(p).mtimeMs, mode: statSync(p).mode });
    }
  };
  walk(dir);
  return out;
}

/** A home with the agent's lived-in config files and saved settings of ours. */
function livedInHome(id: AgentId): string {
  const home = newHome();
  const fixture = [...FIXTURES, ...LAUNCH_ONLY_FIXTURES].find((f) => f.id === id);
  for (const [rel, text] of Object.entries(fixture?.texts ?? {})) {
    mkdirSync(dirname(join(home, rel)), { recursive: true });
    writeFileSync(join(home, rel), text);
  }
  mkdirSync(join(home, '.config', 'gateway-agent-setup'), { recursive: true });
  writeFileSync(
    join(home, '.config', 'gateway-agent-setup', 'settings.json'),
    `${JSON.stringify({ baseUrl: sim.root, keyEnv: 'TEAM_GATEWAY_KEY' }, null, 2)}\n`,
  );
  return home;
}

function setup(id: AgentId, mode = 'exit:0'): { home: string; tmp: string; dump: string; env: Record<string, string> } {
  const home = livedInHome(id);
  const tmp = newDir();
  const dump = join(newDir(), 'dump.json');
  const env = {
    PATH: `${fakeBin(id)}:${process.env['PATH'] ?? '/usr/bin:/bin'}`,
    TEAM_GATEWAY_KEY: DEMO_KEY,
    FAKE_DUMP: dump,
    FAKE_MODE: mode,
    TMPDIR: tmp,
  };
  return { home, tmp, dump, env };
}

describe.each(LAUNCHABLE)('launch %s (a stand-in on PATH)', (id) => {
  it("passes the arguments after --, the exit code, the key only in the environment, and changes no file of the user's", async () => {
    const { home, tmp, dump, env } = setup(id, 'exit:7');
    const before = snapshot(home);
    // The saved settings give the base URL and the key's variable: no flag names them.
    const r = await runCli(['launch', id, '--', '--user-flag', 'two words', '--model=theirs'], { home, env, timeoutMs: 30_000 });
    expect(r.code, r.stderr).toBe(7);
    const d = JSON.parse(readFileSync(dump, 'utf8')) as Dump;
    // The user's arguments, last and as they were.
    expect(d.args.slice(-3)).toEqual(['--user-flag', 'two words', '--model=theirs']);
    // The key: never in an argument (as we passed them, and as the kernel shows them).
    expect(d.args.join('\n')).not.toContain(DEMO_KEY);
    expect(d.cmdline).not.toContain(DEMO_KEY);
    // …but in the environment, where the agent (or its session file's reference) reads it; or, for
    // an agent that reads only a literal key, in its session file (0600, removed afterwards).
    const literal = KEY_IN_SESSION_FILE.has(id);
    if (literal) expect(Object.values(d.files).some((f) => f.text.includes(DEMO_KEY))).toBe(true);
    else expect(Object.values(d.env)).toContain(DEMO_KEY);
    // The gateway reaches the agent: its address is in a variable or in a session file.
    const given =
      JSON.stringify(d.env) +
      d.args.join(' ') +
      Object.values(d.files)
        .map((f) => f.text)
        .join('');
    expect(given).toContain(sim.root);
    for (const [file, f] of Object.entries(d.files)) {
      expect(file.startsWith(tmp), `${file} is in the session's temporary directory`).toBe(true);
      expect(f.mode).toBe(0o600);
      expect(f.dirMode).toBe(0o700);
      if (!literal) expect(f.text).not.toContain(DEMO_KEY);
    }
    // The session directory is gone; nothing of the user's changed (bytes, mtime, mode).
    expect(sessionDirs(tmp)).toEqual([]);
    expect(snapshot(home)).toEqual(before);
    expect(r.stdout + r.stderr).not.toContain(DEMO_KEY);
    // The probe before the agent started: one request of ours, the model the agent was given.
    expect(r.stderr).toContain(AGENTS[id].name);
  });
});

describe("launch with a key of the agent's own", () => {
  it('--api-key-env AGENT=VAR, or the variable saved for the agent, gives the session that key; unset, exit 2 naming it', async () => {
    const { home, dump, env } = setup('codex');
    // No shared key at all: only Codex's own variable holds one.
    const own = { ...env, TEAM_GATEWAY_KEY: '', CODEX_GW_KEY: DEMO_KEY };
    const r = await runCli(['launch', 'codex', '--api-key-env', 'codex=CODEX_GW_KEY', '--', 'exec', 'hi'], {
      home,
      env: own,
      timeoutMs: 30_000,
    });
    expect(r.code, r.stderr).toBe(0);
    const d = JSON.parse(readFileSync(dump, 'utf8')) as Dump;
    expect(d.args).toContain('model_providers.gateway-agent-setup-session.env_key="CODEX_GW_KEY"');
    expect(d.env['CODEX_GW_KEY']).toBe(DEMO_KEY);
    expect(plain(r.stderr)).toContain('(from $CODEX_GW_KEY)');
    // Saved for the agent by an earlier setup: no flag needed.
    const settings = join(home, '.config', 'gateway-agent-setup', 'settings.json');
    writeFileSync(settings, `${JSON.stringify({ baseUrl: sim.root, perAgent: { codex: { keyEnv: 'CODEX_GW_KEY' } } }, null, 2)}\n`);
    const saved = await runCli(['launch', 'codex', '--', 'exec', 'hi'], { home, env: own, timeoutMs: 30_000 });
    expect(saved.code, saved.stderr).toBe(0);
    expect((JSON.parse(readFileSync(dump, 'utf8')) as Dump).args).toContain(
      'model_providers.gateway-agent-setup-session.env_key="CODEX_GW_KEY"',
    );
    const unset = await runCli(['launch', 'codex', '--', 'exec', 'hi'], { home, env: { ...own, CODEX_GW_KEY: '' }, timeoutMs: 30_000 });
    expect(unset.code).toBe(2);
    expect(plain(unset.stderr)).toContain('$CODEX_GW_KEY is not set');
    for (const out of [r.stdout, r.stderr, saved.stdout, saved.stderr]) expect(out).not.toContain(DEMO_KEY);
  });
});

describe('launch: what each agent is given', () => {
  it('copilot-cli: the provider variables, by protocol (anthropic at the root, openai at /v1, Responses by its wire variable)', async () => {
    for (const [model, type, base, wire] of [
      ['claude-sonnet-4-5', 'anthropic', sim.root, undefined],
      ['deepseek-chat', 'openai', `${sim.root}/v1`, undefined],
      ['gpt-5.1-codex', 'openai', `${sim.root}/v1`, 'responses'],
    ] as const) {
      const { home, dump, env } = setup('copilot-cli');
      const r = await runCli(['launch', 'copilot-cli', '--model', model, '--', '-p', 'hi'], { home, env, timeoutMs: 30_000 });
      expect(r.code, r.stderr).toBe(0);
      const e = (JSON.parse(readFileSync(dump, 'utf8')) as Dump).env;
      expect([
        e['COPILOT_PROVIDER_TYPE'],
        e['COPILOT_PROVIDER_BASE_URL'],
        e['COPILOT_MODEL'],
        e['COPILOT_PROVIDER_WIRE_API'],
        e['COPILOT_PROVIDER_API_KEY'],
        e['COPILOT_OFFLINE'],
      ]).toEqual([type, base, model, wire, DEMO_KEY, 'true']);
    }
  });

  it("claude-code: a --settings file (address, every tier, a helper printing the key variable) that outranks the user's settings", async () => {
    const { home, dump, env } = setup('claude-code');
    const r = await runCli(['launch', 'claude-code'], { home, env, timeoutMs: 30_000 });
    expect(r.code, r.stderr).toBe(0);
    const d = JSON.parse(readFileSync(dump, 'utf8')) as Dump;
    const [settingsArg] = d.args;
    expect(settingsArg).toMatch(/^--settings=\//);
    const settings = JSON.parse(d.files[settingsArg!.slice('--settings='.length)]!.text) as {
      env: Record<string, string>;
      apiKeyHelper: string;
    };
    expect(settings.env['ANTHROPIC_BASE_URL']).toBe(sim.root);
    expect(settings.env['ANTHROPIC_MODEL']).toBe('claude-sonnet-4-5');
    expect(settings.env['ANTHROPIC_DEFAULT_OPUS_MODEL']).toBe('claude-opus-4-1');
    expect(settings.env['ANTHROPIC_DEFAULT_HAIKU_MODEL']).toBe('claude-haiku-4-5');
    expect(settings.apiKeyHelper).toBe('printf %s "$TEAM_GATEWAY_KEY"');
    expect(d.env['TEAM_GATEWAY_KEY']).toBe(DEMO_KEY);
  });

  it("codex: -c overrides before the user's subcommand, naming the key's variable, never the key", async () => {
    const { home, dump, env } = setup('codex');
    const r = await runCli(['launch', 'codex', '--', 'exec', 'hello'], { home, env, timeoutMs: 30_000 });
    expect(r.code, r.stderr).toBe(0);
    const d = JSON.parse(readFileSync(dump, 'utf8')) as Dump;
    expect(d.args.slice(-2)).toEqual(['exec', 'hello']);
    expect(d.args).toContain('model_providers.gateway-agent-setup-session.env_key="TEAM_GATEWAY_KEY"');
    expect(d.args).toContain(`model_providers.gateway-agent-setup-session.base_url="${sim.root}/v1"`);
    expect(d.args).toContain('model="gpt-5.1-codex"');
  });
  it('codex: a model the user switched Codex to on this gateway since the last setup is the one the session gets', async () => {
    const { home, dump, env } = setup('codex');
    mkdirSync(join(home, '.codex'), { recursive: true });
    writeFileSync(
      join(home, '.codex', 'config.toml'),
      `model = "gpt-5.1"\nmodel_provider = "gateway"\n\n[model_providers.gateway]\nname = "Gateway"\nbase_url = "${sim.root}/v1"\nenv_key = "TEAM_GATEWAY_KEY"\nwire_api = "responses"\n`,
    );
    const settings = { baseUrl: sim.root, keyEnv: 'TEAM_GATEWAY_KEY', perAgent: { codex: { model: 'gpt-5.1-codex' } } };
    writeFileSync(join(home, '.config', 'gateway-agent-setup', 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
    const r = await runCli(['launch', 'codex', '--', 'exec', 'hi'], { home, env, timeoutMs: 30_000 });
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(readFileSync(dump, 'utf8')) as Dump).args).toContain('model="gpt-5.1"');
  });

  it("hermes-agent: HERMES_HOME names the session's own home, whose config selects the gateway; a note says what it leaves out", async () => {
    const { home, dump, env } = setup('hermes-agent');
    const r = await runCli(['launch', 'hermes-agent', '--model', 'claude-sonnet-4-5', '--', '-z', 'hi'], { home, env, timeoutMs: 30_000 });
    expect(r.code, r.stderr).toBe(0);
    const d = JSON.parse(readFileSync(dump, 'utf8')) as Dump;
    const own = d.env['HERMES_HOME']!;
    expect(own).not.toBe(join(home, '.hermes'));
    expect(parse(d.files[join(own, 'config.yaml')]!.text)).toEqual({
      model: { provider: 'gateway', default: 'claude-sonnet-4-5' },
      providers: { gateway: { base_url: sim.root, key_env: 'TEAM_GATEWAY_KEY', api_mode: 'anthropic_messages' } },
    });
    expect(d.env['TEAM_GATEWAY_KEY']).toBe(DEMO_KEY);
    expect(plain(r.stderr)).toContain(`your memories, skills and history in ${shown(home, join(home, '.hermes'))} are not loaded`);
  });
});

describe('launch --profile', () => {
  it("takes a saved profile's gateway and key variable; an unknown profile is exit 2", async () => {
    const { home, dump, env } = setup('copilot-cli');
    const file = join(home, '.config', 'gateway-agent-setup', 'settings.json');
    writeFileSync(
      file,
      `${JSON.stringify({ baseUrl: 'http://127.0.0.1:9', keyEnv: 'TEAM_GATEWAY_KEY', profiles: { work: { baseUrl: sim.root, keyEnv: 'WORK_GATEWAY_KEY' } } }, null, 2)}\n`,
    );
    const r = await runCli(['launch', 'copilot-cli', '--profile', 'work'], {
      home,
      env: { ...env, TEAM_GATEWAY_KEY: 'sk-not-this-one-000000000000000000000', WORK_GATEWAY_KEY: DEMO_KEY },
      timeoutMs: 30_000,
    });
    expect(r.code, r.stderr).toBe(0);
    const e = (JSON.parse(readFileSync(dump, 'utf8')) as Dump).env;
    expect([e['COPILOT_PROVIDER_API_KEY'], e['COPILOT_PROVIDER_BASE_URL']?.startsWith(sim.root)]).toEqual([DEMO_KEY, true]);
    const unknown = await runCli(['launch', 'copilot-cli', '--profile', 'nope'], { home, env });
    expect(unknown.code).toBe(2);
    expect(plain(unknown.stderr)).toContain('work');
  });
});

describe('launch: exit codes and signals', () => {
  it('an agent killed by a signal: launch exits 128 + its number, the session directory removed', async () => {
    const { home, tmp, env } = setup('copilot-cli', 'signal:SIGKILL');
    const r = await runCli(['launch', 'copilot-cli'], { home, env, timeoutMs: 30_000 });
    expect(r.code).toBe(128 + 9);
    expect(sessionDirs(tmp)).toEqual([]);
  });

  for (const [signal, code] of [
    ['SIGTERM', 128 + 15],
    ['SIGINT', 40],
  ] as const) {
    it(`${signal} sent to launch reaches the agent (no terminal), whose ending is launch's`, async () => {
      const { home, tmp, dump, env } = setup('claude-code', 'wait');
      const child = spawn(process.execPath, [BIN_PATH, 'launch', 'claude-code'], {
        env: { ...env, HOME: home },
        cwd: home,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (t: string) => (stderr += t));
      const ended = new Promise<number | null>((done) => child.on('close', (c) => done(c)));
      const deadline = Date.now() + 20_000;
      while (!existsSync(dump) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(existsSync(dump), stderr).toBe(true);
      // The session file exists while the agent runs…
      expect(sessionDirs(tmp).length).toBe(1);
      child.kill(signal);
      expect(await ended).toBe(code);
      expect(readFileSync(`${dump}.signal`, 'utf8')).toBe(signal);
      // …and is gone after it.
      expect(sessionDirs(tmp)).toEqual([]);
    });
  }
});

describe('launch: a session left by a killed launch', () => {
  /**
   * Starts `launch factory-droid` with a stand-in that waits, kills the launch with SIGKILL (no
   * chance to clean up), then stops the stand-in by its PID whatever happened. Returns the session
   * directory left behind.
   */
  async function killedLaunch(home: string, dump: string, env: Record<string, string>, tmp: string): Promise<string> {
    const child = spawn(process.execPath, [BIN_PATH, 'launch', 'factory-droid'], {
      env: { ...env, HOME: home },
      cwd: home,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const ended = new Promise<void>((done) => child.on('exit', () => done()));
    let agentPid: number | undefined;
    try {
      const deadline = Date.now() + 20_000;
      while (!existsSync(dump) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      agentPid = (JSON.parse(readFileSync(dump, 'utf8')) as { pid: number }).pid;
    } finally {
      child.kill('SIGKILL');
      await ended;
      if (agentPid !== undefined) process.kill(agentPid, 'SIGKILL');
    }
    const left = sessionDirs(tmp);
    expect(left).toHaveLength(1);
    expect(
      readdirSync(join(tmp, left[0]!))
        .map((f) => readFileSync(join(tmp, left[0]!, f), 'utf8'))
        .join(''),
    ).toContain(DEMO_KEY);
    expect(left[0]).toMatch(new RegExp(`^gateway-agent-setup-factory-droid-${child.pid}-`));
    return left[0]!;
  }

  it('launch killed with SIGKILL leaves its directory (the key in it, for Droid); the next launch removes it, never a live one', async () => {
    const { home, tmp, dump, env } = setup('factory-droid', 'wait');
    await killedLaunch(home, dump, env, tmp);
    // A live session of another launch (this test process stands in for it) is not touched.
    const live = join(tmp, `gateway-agent-setup-codex-${process.pid}-Ab12Cd`);
    mkdirSync(live, { mode: 0o700 });
    const next = await runCli(['launch', 'factory-droid'], { home, env: { ...env, FAKE_MODE: 'exit:0' }, timeoutMs: 30_000 });
    expect(next.code, next.stderr).toBe(0);
    expect(sessionDirs(tmp)).toEqual([`gateway-agent-setup-codex-${process.pid}-Ab12Cd`]);
  });

  it('a command that handles keys (doctor, setup) removes it too, never a live one; one that does not (profiles) leaves it', async () => {
    const { home, tmp, dump, env } = setup('factory-droid', 'wait');
    const left = await killedLaunch(home, dump, env, tmp);
    const live = `gateway-agent-setup-codex-${process.pid}-Ab12Cd`;
    mkdirSync(join(tmp, live), { mode: 0o700 });
    const listing = await runCli(['profiles', '--offline'], { home, env, timeoutMs: 30_000 });
    expect(listing.code, listing.stderr).toBe(0);
    expect(sessionDirs(tmp).sort()).toEqual([left, live].sort());
    const doctor = await runCli(['doctor', '--agent', 'factory-droid'], { home, env, timeoutMs: 30_000 });
    expect(doctor.stderr).not.toMatch(/internal error/i);
    expect(sessionDirs(tmp)).toEqual([live]);

    // The same for setup, on a second killed launch.
    const again = setup('factory-droid', 'wait');
    const second = await killedLaunch(again.home, again.dump, again.env, again.tmp);
    expect(sessionDirs(again.tmp)).toEqual([second]);
    const set = await runCli(['setup', '--yes', '--agent', 'factory-droid', '--dry-run'], {
      home: again.home,
      env: again.env,
      timeoutMs: 30_000,
    });
    expect(set.stderr).not.toMatch(/internal error/i);
    expect(sessionDirs(again.tmp)).toEqual([]);
  });
});

describe('launch: refused before the agent starts', () => {
  it('a key the gateway refuses: the diagnosis with its request ID, exit 1, the agent never started', async () => {
    const { home, dump, env } = setup('copilot-cli');
    const bad = `sk-${'x'.repeat(48)}`;
    const r = await runCli(['launch', 'copilot-cli'], { home, env: { ...env, TEAM_GATEWAY_KEY: bad }, timeoutMs: 30_000 });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('bad_key');
    expect(r.stderr).toMatch(/request ID: \w+/);
    expect(r.stderr).not.toContain('x'.repeat(48));
    expect(existsSync(dump)).toBe(false);
  });

  it("a gateway too busy to serve: exit 75 (try later) with the load monitor's cause, the agent never started", async () => {
    const { home, dump, env } = setup('copilot-cli');
    sim.addFault({ kind: 'overloaded' });
    try {
      const r = await runCli(['launch', 'copilot-cli'], { home, env, timeoutMs: 30_000 });
      expect(r.code).toBe(75);
      expect(r.stderr).toContain('gateway_busy');
      expect(existsSync(dump)).toBe(false);
    } finally {
      sim.clearFaults();
    }
  });

  it('a model the gateway does not serve for the key: refused with its diagnosis, the agent never started', async () => {
    const { home, dump, env } = setup('copilot-cli');
    const r = await runCli(['launch', 'copilot-cli', '--model', 'no-such-model'], { home, env, timeoutMs: 30_000 });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('no-such-model');
    expect(existsSync(dump)).toBe(false);
  });

  it('an agent below its floor: the version, the floor and the command that updates it, exit 1, the agent never started', async () => {
    const { home, dump, env } = setup('qwen-code');
    const r = await runCli(['launch', 'qwen-code', '--', '-p', 'hi'], { home, env: { ...env, FAKE_VERSION: '0.8.2' }, timeoutMs: 30_000 });
    expect(r.code, r.stderr).toBe(1);
    expect(plain(r.stderr)).toContain('0.8.2');
    expect(plain(r.stderr)).toContain('npm install -g @qwen-code/qwen-code@latest');
    expect(existsSync(dump)).toBe(false);
  });

  it('an unknown agent, or none: exit 2 naming the agents that can be launched', async () => {
    for (const args of [['launch', 'nope'], ['launch']]) {
      const r = await runCli(args, { env: { GATEWAY_API_KEY: DEMO_KEY } });
      expect(r.code).toBe(2);
      for (const id of LAUNCHABLE) expect(r.stderr.replace(/\s+/g, ' ')).toContain(id);
    }
  });

  it.each(NOT_LAUNCHABLE)(
    "%s, whose config lives only in files of the user's: refused (exit 2), naming the agents that can",
    async (id) => {
      const r = await runCli(['launch', id], { env: { GATEWAY_API_KEY: DEMO_KEY, GATEWAY_BASE_URL: sim.root } });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(AGENTS[id].name);
      expect(r.stderr.replace(/\s+/g, ' ')).toContain('copilot-cli');
    },
  );

  it("Letta Code with a llama.cpp provider of the user's own: refused before it starts (exit 1), naming the record's file and address", async () => {
    const { home, dump, env } = setup('letta-code');
    const auth = join(home, '.letta', 'lc-local-backend', 'providers', 'auth.json');
    const records = JSON.parse(readFileSync(auth, 'utf8')) as { providers: Record<string, unknown> };
    records.providers['lc-llama-cpp'] = {
      name: 'lc-llama-cpp',
      provider_type: 'llama_cpp',
      base_url: 'http://10.0.0.7:8080/v1',
      auth: { type: 'api', key: '' },
    };
    writeFileSync(auth, JSON.stringify(records, null, 2));
    const before = snapshot(home);
    const r = await runCli(['launch', 'letta-code', '--', '-p', 'hi'], { home, env, timeoutMs: 30_000 });
    expect(r.code, r.stderr).toBe(1);
    expect(plain(r.stderr)).toContain('~/.letta/lc-local-backend/providers/auth.json');
    expect(plain(r.stderr)).toContain('http://10.0.0.7:8080/v1');
    expect(plain(r.stderr)).toContain('/disconnect llama-cpp');
    expect(plain(r.stderr)).not.toContain('Starting Letta Code');
    expect(existsSync(dump)).toBe(false);
    expect(snapshot(home)).toEqual(before);
    expect(r.stdout + r.stderr).not.toContain(DEMO_KEY);
  });

  it('Letta Code through setup: nothing written, and the command that launches it', async () => {
    const { home, env } = setup('letta-code');
    const before = snapshot(home);
    const r = await runCli(['setup', '--yes', '--agent', 'letta-code', '--base-url', sim.root, '--api-key-env', 'TEAM_GATEWAY_KEY'], {
      home,
      env,
      timeoutMs: 30_000,
    });
    expect(r.code, r.stderr).toBe(1);
    expect(plain(r.stdout + r.stderr)).toContain('gateway-agent-setup launch letta-code');
    // Nothing of the user's changed, and no file of Letta Code's appeared.
    const after = snapshot(home);
    for (const [file, entry] of before) expect(after.get(file), file).toEqual(entry);
    expect([...after.keys()].filter((f) => f.includes('.letta') && !before.has(f))).toEqual([]);
  });

  it('an agent not installed: how to install it (exit 1), nothing asked of the gateway', async () => {
    const from = sim.log.length;
    const r = await runCli(['launch', 'copilot-cli', '--base-url', sim.root], {
      env: { GATEWAY_API_KEY: DEMO_KEY, PATH: '/usr/bin:/bin' },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('npm install -g @github/copilot');
    expect(sim.log.length).toBe(from);
  });

  it('an argument before -- that is not the agent: exit 2, saying where agent arguments go', async () => {
    const { home, dump, env } = setup('copilot-cli');
    const r = await runCli(['launch', 'copilot-cli', 'stray'], { home, env });
    expect(r.code).toBe(2);
    expect(plain(r.stderr)).toContain('launch copilot-cli -- ARGS');
    expect(existsSync(dump)).toBe(false);
  });

  it('the help lists the agents that can be launched, from the registry', async () => {
    const r = await runCli(['launch', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout.replace(/\s+/g, ' ')).toContain(`Agents that can be launched: ${LAUNCHABLE.join(', ')}.`);
  });
});
