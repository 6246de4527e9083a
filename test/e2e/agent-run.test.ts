// The agent-run library (src/agent-run/) with a stand-in agent: a tiny node script whose behaviour
// the model name picks, a config file in a temp home, and the simulator for naming the cause.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processesOfRun, RUN_MARKER_VAR } from '../../src/agent-run/leftovers.js';
import { AGENT_PROMPT, judgeRun, QUIET_AGENT_ENV, runAgent } from '../../src/agent-run/run.js';
import { AGENTS } from '../../src/agents/registry.js';
import type { Agent, AgentEnv, AgentRequest } from '../../src/agents/types.js';
import { maskKey } from '../../src/core/mask.js';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { startSim, stopAll } from '../helpers/sim.js';
import { msg, type Message } from '../../src/i18n/index.js';
import { inEnglish } from '../helpers/english.js';

/** What each stand-in model makes the fake agent do. */
const SCRIPTS: Record<string, string> = {
  ok: 'process.stdout.write("OK\\n")',
  'selected-model':
    'process.stdout.write("There\'s an issue with the selected model (x). Run --model to pick a different model.\\n"); process.exit(1)',
  silent: 'process.exit(0)',
  'error-exit-0': 'process.stdout.write("API Error: 401 Invalid token\\n")',
  // What Aider prints (stdout) on a network that blocks GitHub (litellm's cost map), before its answer.
  'litellm-noise':
    'process.stdout.write("Failed to fetch remote model cost map from https://raw.githubusercontent.com/BerriAI/litellm/main/model_prices_and_context_window.json: timed out\\n"); process.stdout.write("OK\\n")',
  hang: 'setInterval(() => {}, 1000)',
  // A daemon in its own session (as Cline's hub): the group kill of runCommand never reaches it.
  daemon: `const c = require("node:child_process").spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { detached: true, stdio: "ignore" });
    require("node:fs").writeFileSync(require("node:path").join(process.env.HOME, "daemon.pid"), String(c.pid)); c.unref(); process.stdout.write("OK\\n")`,
  // A launcher in its own session that shrugs off SIGTERM and starts the daemon only after the agent
  // has exited (a daemon still starting when the run's processes were first listed).
  'late-daemon': `require("node:child_process").spawn(process.execPath, ["-e", ${JSON.stringify(
    'process.on("SIGTERM", () => {}); require("node:fs").writeFileSync(require("node:path").join(process.env.HOME, "launcher.ready"), ""); setTimeout(() => { const c = require("node:child_process").spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { detached: true, stdio: "ignore" }); require("node:fs").writeFileSync(require("node:path").join(process.env.HOME, "daemon.pid"), String(c.pid)); c.unref(); }, 400); setTimeout(() => {}, 5000);',
  )}], { detached: true, stdio: "ignore" }).unref();
    while (!require("node:fs").existsSync(require("node:path").join(process.env.HOME, "launcher.ready"))) {}
    process.stdout.write("OK\\n")`,
  'echo-key':
    'const c = JSON.parse(require("node:fs").readFileSync(require("node:path").join(process.env.HOME, "fake.json"), "utf8")); process.stdout.write("using " + c.key + "\\nOK\\n")',
  env: `process.stdout.write("OK " + JSON.stringify({ home: process.env.HOME, cwd: process.cwd(), marker: process.env.${RUN_MARKER_VAR} ?? null, retries: process.env.CLAUDE_CODE_MAX_RETRIES ?? null, leak: process.env.AGENT_RUN_LEAK ?? null, argv: process.argv.slice(1) }) + "\\n")`,
};

/** The one-shot: reads `~/fake.json` as the agent reads its config, and does what its `do` says. */
const DISPATCH = `const c = JSON.parse(require("node:fs").readFileSync(require("node:path").join(process.env.HOME, "fake.json"), "utf8"));
  eval((${JSON.stringify(SCRIPTS)})[c.do] ?? "process.exit(9)")`;

/** A stand-in agent: config `~/fake.json` = {url, key, model, do}; one-shot = `node -e DISPATCH`. */
function fakeAgent(command = process.execPath): Agent<'qwen-code'> {
  const file = (env: AgentEnv): string => join(env.home, 'fake.json');
  return {
    id: 'qwen-code',
    name: 'Fake Agent',
    binary: 'fake',
    versionArgs: ['--version'],
    install: { from: 'npm', package: 'fake-agent' },
    protocols: ['chat'],
    preferences: { model: ['*'], smallModel: [] },
    fit: () => ({ ok: true, protocol: 'chat', needsProbe: false }),
    files: (env) => [{ path: file(env), format: 'json', role: 'config' }],
    plan: () => ({ edits: [], notes: [] }),
    readBack(env, _scope, current): AgentRequest | Message {
      const doc = current.get(file(env)) as { url?: string; key?: string; model?: string } | undefined;
      if (!doc?.url || !doc.model) return msg('err.verbatim', { text: `${file(env)} has no url or model.` });
      return {
        protocol: 'chat',
        url: doc.url,
        model: doc.model,
        auth: 'bearer',
        key: doc.key,
        keySource: msg('err.verbatim', { text: `${file(env)} key` }),
        baseUrl: doc.url.replace(/\/chat\/completions$/, ''),
        file: file(env),
      };
    },
    oneShot: (_model, prompt) => ({ command, args: ['-e', DISPATCH, prompt], env: { CLAUDE_CODE_MAX_RETRIES: '0' } }),
  };
}

let sim: Simulator;
const dirs: string[] = [];
const pids: number[] = [];
beforeAll(async () => {
  sim = await startSim();
});
afterAll(async () => {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  await stopAll();
});

function home(config: Record<string, unknown>): AgentEnv {
  const dir = mkdtempSync(join(tmpdir(), 'agent-run-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'fake.json'), JSON.stringify(config));
  return {
    home: dir,
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: '/somewhere/else' },
    cwd: dir,
    platform: process.platform,
  };
}
const MODEL = 'deepseek-chat';
const good = (behaviour: string): Record<string, unknown> => ({
  url: `${sim.root}/v1/chat/completions`,
  key: DEMO_KEY,
  model: MODEL,
  do: behaviour,
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

describe('judgeRun', () => {
  const base = { exitCode: 0, stdout: 'OK\n', timedOut: false, notFound: false };
  it.each([
    [{}, true, undefined],
    [{ notFound: true, exitCode: undefined }, false, 'not on PATH'],
    [{ timedOut: true, exitCode: undefined, stdout: '' }, false, 'no answer within 120 s (stopped)'],
    [{ timedOut: true, exitCode: undefined }, false, 'answered, then did not exit within 120 s (stopped)'],
    [{ timedOut: true, exitCode: undefined, stdout: 'API Error: 401' }, false, 'no answer within 120 s (stopped)'],
    [{ exitCode: undefined }, false, 'killed by a signal'],
    [{ exitCode: 1 }, false, 'exit code 1'],
    [{ stdout: '  \n' }, false, 'exit code 0 but no answer printed'],
    [{ stdout: 'API Error: 404 page not found' }, false, 'exit code 0 but the output reports an error ("API Error")'],
    [
      { stdout: "There's an issue with the selected model" },
      false,
      'exit code 0 but the output reports an error ("issue with the selected model")',
    ],
    [{ stdout: 'OK. No errors here.' }, true, undefined],
  ])('%j → ok %s', (over, ok, failure) => {
    const v = inEnglish(judgeRun({ ...base, ...over }, 120_000));
    expect(v.ok).toBe(ok);
    expect('failure' in v ? v.failure : undefined).toBe(failure);
  });
});

describe('processesOfRun', () => {
  const procs = [
    { pid: 10, environ: `PATH=/bin\0${RUN_MARKER_VAR}=abc\0HOME=/h`, cmdline: 'hub --daemon', cwd: '/' },
    { pid: 11, environ: `${RUN_MARKER_VAR}=abcd\0HOME=/h`, cmdline: 'other run', cwd: '/' },
    { pid: 12, environ: 'HOME=/h', cmdline: 'users own hub', cwd: '/' },
    { pid: 13, environ: '', cmdline: 'x', cwd: '/tmp/scratch/sub' },
    { pid: 14, environ: '', cmdline: 'daemon --cwd /tmp/scratch', cwd: '/' },
    { pid: 15, environ: `${RUN_MARKER_VAR}=abc`, cmdline: 'self', cwd: '/' },
    { pid: 16, environ: '', cmdline: 'x', cwd: '/tmp/scratch-other' },
  ];
  it('finds the marker exactly, or work in the scratch folder; never itself, another run or the user own daemons', () => {
    expect(processesOfRun(procs, 'abc', '/tmp/scratch', 15)).toEqual([10, 13, 14]);
  });
});

describe('runAgent', () => {
  it("a good answer: ok, exit 0, no probe of ours sent (only the key's list read, to see the model is on it)", async () => {
    const from = sim.log.length;
    const r = inEnglish(await runAgent(fakeAgent(), home(good('ok')), { timeoutMs: 20_000 }));
    expect(r).toMatchObject({ id: 'qwen-code', ok: true, exitCode: 0, timedOut: false, model: MODEL, output: 'OK', stopped: [] });
    expect(r.failure).toBeUndefined();
    expect(r.diagnosis).toBeUndefined();
    expect(sim.log.slice(from).map((e) => `${e.method} ${e.path}`)).toEqual(['GET /v1/models']);
  });

  it('the agent gets the home its config was read from, a scratch cwd, the marker, the fast-fail switches; never our own env', async () => {
    process.env['AGENT_RUN_LEAK'] = 'leaked';
    try {
      const env = home(good('env'));
      const r = inEnglish(await runAgent(fakeAgent(), env, { timeoutMs: 20_000 }));
      expect(r.ok, r.output).toBe(true);
      const seen = JSON.parse(r.output.slice(3)) as {
        home: string;
        cwd: string;
        marker: string | null;
        retries: string | null;
        leak: string | null;
        argv: string[];
      };
      expect(seen.home).toBe(env.home);
      expect(seen.cwd).toMatch(/gas-agent-run-qwen-code-/);
      expect(seen.cwd.startsWith(env.home)).toBe(false);
      expect(seen.marker).toMatch(/^[0-9a-f]{24}$/);
      expect(seen.retries).toBe('0');
      expect(seen.leak).toBeNull();
      expect(seen.argv).toEqual([AGENT_PROMPT]);
    } finally {
      delete process.env['AGENT_RUN_LEAK'];
    }
  });

  it("an agent's known harmless noise is not an error; the same words from another agent are", async () => {
    const aiderLike = { ...fakeAgent(), harmlessOutput: AGENTS.aider.harmlessOutput };
    const quiet = inEnglish(await runAgent(aiderLike, home(good('litellm-noise')), { timeoutMs: 20_000 }));
    expect([quiet.ok, quiet.failure]).toEqual([true, undefined]);
    const other = inEnglish(await runAgent(fakeAgent(), home(good('litellm-noise')), { timeoutMs: 20_000 }));
    expect([other.ok, other.failure]).toEqual([false, 'exit code 0 but the output reports an error ("Failed to")']);
    // And Aider's one-shot tells litellm to use its local copy of the map in the first place.
    expect(AGENTS.aider.oneShot?.('gpt-5', AGENT_PROMPT).env).toMatchObject({ LITELLM_LOCAL_MODEL_COST_MAP: 'True' });
  });

  it('quiet variables: fast-fail and offline switches for every agent', () => {
    expect(QUIET_AGENT_ENV).toMatchObject({
      CLAUDE_CODE_MAX_RETRIES: '0',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
      OPENCODE_DISABLE_MODELS_FETCH: '1',
    });
  });

  it('Claude Code style: "the selected model" on a doubled /v1 is named wrong_path by sending the agent request', async () => {
    const from = sim.log.length;
    const r = inEnglish(
      await runAgent(fakeAgent(), home({ ...good('selected-model'), url: `${sim.root}/v1/v1/chat/completions` }), { timeoutMs: 20_000 }),
    );
    expect(r.ok).toBe(false);
    expect(r.failure).toBe('exit code 1');
    expect(r.output).toContain('selected model');
    expect(r.diagnosis?.code).toBe('wrong_path');
    expect(r.diagnosis?.status).toBe(404);
    const ours = sim.log.slice(from).filter((e) => e.path !== '/v1/models');
    expect(ours.map((e) => e.path)).toEqual(['/v1/v1/chat/completions']);
    expect(ours[0]?.auth).toMatchObject({ scheme: 'bearer', key: DEMO_KEY });
    expect(r.diagnosis?.requestId).toBe(ours[0]?.requestId);
  });

  it('exit 0 with no answer, or an error printed: failed; the gateway answers its request, so the agent is blamed', async () => {
    for (const behaviour of ['silent', 'error-exit-0']) {
      const r = inEnglish(await runAgent(fakeAgent(), home(good(behaviour)), { timeoutMs: 20_000 }));
      expect(r.ok).toBe(false);
      expect(r.failure).toMatch(/^exit code 0 but/);
      expect(r.diagnosis?.code).toBe('agent_failed');
      expect(r.diagnosis?.message).toContain('failed for another reason');
    }
  });

  it('a key the gateway refuses: bad_key; the key is masked in what the agent printed', async () => {
    const bad = `sk-${'q'.repeat(48)}`;
    const r = inEnglish(await runAgent(fakeAgent(), home({ ...good('echo-key'), key: bad }), { timeoutMs: 20_000 }));
    // The agent printed OK: it passes (only the gateway's refusal, seen by the agent, would fail it).
    expect(r.ok).toBe(true);
    expect(r.output).not.toContain(bad);
    expect(r.output).toContain(maskKey(bad));
    const r2 = inEnglish(await runAgent(fakeAgent(), home({ ...good('selected-model'), key: bad }), { timeoutMs: 20_000 }));
    expect(r2.diagnosis?.code).toBe('bad_key');
    expect(JSON.stringify(r2)).not.toContain(bad);
  });

  it("a model that left the key's list: not run (no retries to wait for), model_not_listed, and the fix names sync", async () => {
    const started = Date.now();
    const r = inEnglish(await runAgent(fakeAgent(), home({ ...good('ok'), model: 'gone-model' }), { timeoutMs: 20_000 }));
    expect(r.ok).toBe(false);
    expect(r.command).toBe('');
    expect(r.diagnosis?.code).toBe('model_not_listed');
    expect(r.diagnosis?.message).toContain("gone-model is no longer in the key's model list");
    expect(r.diagnosis?.fix).toContain('gateway-agent-setup sync');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('no key: missing_key, named without sending anything', async () => {
    const from = sim.log.length;
    const r = inEnglish(await runAgent(fakeAgent(), home({ ...good('selected-model'), key: undefined }), { timeoutMs: 20_000 }));
    expect(r.diagnosis?.code).toBe('missing_key');
    expect(sim.log.length).toBe(from);
  });

  it('a hang is stopped at the timeout, and the cause probed', async () => {
    const started = Date.now();
    const r = inEnglish(await runAgent(fakeAgent(), home(good('hang')), { timeoutMs: 1500 }));
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(r).toMatchObject({ ok: false, timedOut: true, failure: 'no answer within 2 s (stopped)' });
    expect(r.diagnosis?.code).toBe('agent_failed');
  });

  it('a daemon left behind in its own session is stopped by PID; a process of the same HOME started before is left alone', async () => {
    const env = home(good('daemon'));
    const users = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
      env: { HOME: env.home },
      stdio: 'ignore',
      detached: true,
    });
    pids.push(users.pid!);
    const r = inEnglish(await runAgent(fakeAgent(), env, { timeoutMs: 20_000 }));
    expect(r.ok, r.output).toBe(true);
    const daemon = Number(readFileSync(join(env.home, 'daemon.pid'), 'utf8'));
    pids.push(daemon);
    expect(daemon).toBeGreaterThan(0);
    expect(r.stopped).toContain(daemon);
    expect(r.stopped).not.toContain(users.pid);
    await new Promise((res) => setTimeout(res, 200));
    expect(alive(daemon)).toBe(false);
    expect(alive(users.pid!)).toBe(true);
  });

  it('a daemon started after the agent exited, by a launcher that ignores SIGTERM: both stopped by PID', async () => {
    const env = home(good('late-daemon'));
    const r = inEnglish(await runAgent(fakeAgent(), env, { timeoutMs: 20_000 }));
    expect(r.ok, r.output).toBe(true);
    const daemon = Number(readFileSync(join(env.home, 'daemon.pid'), 'utf8'));
    pids.push(daemon);
    expect(r.stopped).toContain(daemon);
    await new Promise((res) => setTimeout(res, 200));
    expect(alive(daemon)).toBe(false);
    expect(r.stopped.filter((pid) => alive(pid))).toEqual([]);
  });

  it('not on PATH: named, with the package to install', async () => {
    const r = inEnglish(await runAgent(fakeAgent('gas-no-such-agent-binary'), home(good('ok')), { timeoutMs: 20_000 }));
    expect(r).toMatchObject({ ok: false, failure: 'not on PATH' });
    expect(r.diagnosis).toMatchObject({ code: 'config_invalid', fix: 'install it: npm install -g fake-agent' });
  });

  it('a config that yields no request: config_invalid, the agent never run', async () => {
    const r = inEnglish(await runAgent(fakeAgent(), home({ key: DEMO_KEY }), { timeoutMs: 20_000 }));
    expect(r).toMatchObject({ ok: false, failure: 'not run', command: '' });
    expect(r.diagnosis?.code).toBe('config_invalid');
    expect(r.diagnosis?.message).toContain('has no url or model');
  });
});
