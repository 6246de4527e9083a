// The agents tier: each real agent (pinned, from npm, cached outside the repo) runs one-shot on
// the config `setup` wrote (through the built bin, into a temp HOME), against the simulator; the
// simulator's log shows exactly what the agent sent: path, model, auth header, key. Then a
// hand-written doubled /v1 is named wrong_path by `verify --agent-run` and by `doctor`.
// Every process an agent leaves behind (Cline's hub daemon) is found by its temp HOME afterwards:
// the run must have stopped it already, and the test stops it by PID if not (and fails).
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { RequestLogEntry, Simulator } from '../../src/simulator/types.js';
import { jsonOf, runCli, tempHome } from '../helpers/cli.js';
import { processesOfHome, stopProcessesOfHome } from '../helpers/processes.js';
import { startSim, stopAll } from '../helpers/sim.js';
import { ensureAgent, PINNED, type PinnedId } from './install.js';

interface Case {
  id: PinnedId;
  /** The file setup writes (relative to HOME) that holds the base URL. */
  file: string;
  /** The exact path (and query) the agent must request. */
  path: string;
  auth: 'bearer' | 'x-api-key';
  model: string;
  /** Other models the agent may use for background calls (its small/fast model). */
  alsoModels?: string[];
}

const CASES: Case[] = [
  { id: 'claude-code', file: '.claude/settings.json', path: '/v1/messages?beta=true', auth: 'bearer', model: 'claude-sonnet-4-5' },
  { id: 'codex', file: '.codex/config.toml', path: '/v1/responses', auth: 'bearer', model: 'gpt-5.1-codex' },
  { id: 'opencode', file: '.config/opencode/opencode.json', path: '/v1/messages', auth: 'x-api-key', model: 'claude-sonnet-4-5' },
  { id: 'qwen-code', file: '.qwen/settings.json', path: '/v1/chat/completions', auth: 'bearer', model: 'deepseek-chat' },
  { id: 'cline', file: '.cline/data/settings/providers.json', path: '/v1/chat/completions', auth: 'bearer', model: 'deepseek-chat' },
];

interface RunDoc {
  ok: boolean;
  agents: { id: string; ok: boolean; failure?: string; model?: string; command: string; stopped: number[]; output: string; diagnosis?: { code: string; requestId?: string; status?: number } }[];
}

let sim: Simulator;
const bins = new Map<PinnedId, string>();
beforeAll(async () => {
  sim = await startSim();
  // Sequential: five npm installs at once on two cores only make each slower.
  for (const id of Object.keys(PINNED) as PinnedId[]) bins.set(id, await ensureAgent(id));
});
afterAll(stopAll);

const homes: { dir: string; remove: () => void }[] = [];
const newHome = (): string => {
  const h = tempHome();
  homes.push(h);
  return h.dir;
};

afterEach(async () => {
  // The safety net, for a failed test too: stop by PID anything still running in its homes.
  for (const h of homes.splice(0)) {
    await stopProcessesOfHome(h.dir);
    h.remove();
  }
});

/** Asserts that nothing an agent started in `home` is still running (afterEach stops it if it is). */
async function expectNothingLeftIn(home: string): Promise<void> {
  expect(await processesOfHome(home), `processes left running in ${home}`).toEqual([]);
}

const envFor = (id: PinnedId): Record<string, string> => ({
  // The cached install first; the rest of PATH for node and the system tools.
  PATH: `${bins.get(id)}:${process.env['PATH'] ?? '/usr/bin:/bin'}`,
  GATEWAY_API_KEY: DEMO_KEY,
});

/** The requests the agent itself sent: our own probes carry our user agent. */
const agentRequests = (from: number): RequestLogEntry[] =>
  sim.log.slice(from).filter((e) => e.method === 'POST' && !(e.headers['user-agent'] ?? '').startsWith('gateway-agent-setup/'));

describe.each(CASES)('$id, the real agent', (c) => {
  it(`runs one-shot on the config setup wrote: ${c.path}, model, header and key`, async () => {
    const home = newHome();
    const env = envFor(c.id);
    // A /v1 pasted by the user: setup must still give each agent the form it needs.
    const setup = await runCli(['setup', '--yes', '--json', '--base-url', `${sim.root}/v1`, '--agent', c.id, '--model', `${c.id}=${c.model}`], { home, env, timeoutMs: 60_000 });
    expect(setup.code, setup.stderr + setup.stdout).toBe(0);
    const report = jsonOf(setup) as { agents: { id: string; model: string; smallModel: string | null }[] };
    const written = report.agents.find((a) => a.id === c.id);
    expect(written?.model).toBe(c.model);
    const models = new Set([c.model, ...(written?.smallModel ? [written.smallModel] : [])]);

    const from = sim.log.length;
    const run = await runCli(['verify', '--agent-run', '--agent', c.id, '--json'], { home, env, timeoutMs: 200_000 });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const doc = jsonOf(run) as unknown as RunDoc;
    expect(doc.ok).toBe(true);
    expect(doc.agents.map((a) => [a.id, a.ok, a.model])).toEqual([[c.id, true, c.model]]);
    expect(doc.agents[0]?.command.startsWith(`${PINNED[c.id].bin} `)).toBe(true);

    // What the agent sent, from the simulator's log.
    const sent = agentRequests(from);
    expect(sent.length, 'the agent sent no request to the gateway').toBeGreaterThan(0);
    for (const e of sent) {
      expect(e.path).not.toContain('/v1/v1');
      expect(e.path).toBe(c.path);
      expect(e.auth.scheme).toBe(c.auth);
      expect(e.auth.key).toBe(DEMO_KEY);
      expect(models.has(e.model ?? ''), `model ${e.model}`).toBe(true);
      expect(e.status).toBe(200);
    }
    expect(sent.map((e) => e.model)).toContain(c.model);
    // No probe of ours: the agent passed, so nothing needed naming.
    expect(sim.log.slice(from).filter((e) => e.method === 'POST').length).toBe(sent.length);
    // The key: in the environment only, never printed.
    expect(doc.agents[0]?.command).not.toContain(DEMO_KEY);
    expect(run.stdout + run.stderr).not.toContain(DEMO_KEY);
    if (c.id === 'cline') expect(doc.agents[0]?.stopped.length, 'Cline leaves its hub daemon: it must be found and stopped').toBeGreaterThan(0);
    if (c.id === 'qwen-code') {
      // The settings version Qwen Code expects is written: its first start has nothing to migrate,
      // so it does not rewrite the file (the key inside) with the default mode.
      expect(statSync(join(home, c.file)).mode & 0o777).toBe(0o600);
      expect(existsSync(join(home, `${c.file}.orig`))).toBe(false);
    }
    await expectNothingLeftIn(home);
  });

  it('a hand-written doubled /v1 is named wrong_path by verify --agent-run and by doctor', async () => {
    const home = newHome();
    const env = envFor(c.id);
    expect((await runCli(['setup', '--yes', '--base-url', sim.root, '--agent', c.id, '--model', `${c.id}=${c.model}`], { home, env, timeoutMs: 60_000 })).code).toBe(0);
    const path = join(home, c.file);
    const text = readFileSync(path, 'utf8');
    // By hand: the root (Claude Code, which appends /v1 itself) or root/v1 gets one /v1 more.
    const doubled = text.includes(`${sim.root}/v1`) ? text.split(`${sim.root}/v1`).join(`${sim.root}/v1/v1`) : text.split(`"${sim.root}"`).join(`"${sim.root}/v1"`);
    expect(doubled).not.toBe(text);
    writeFileSync(path, doubled);

    const from = sim.log.length;
    const run = await runCli(['verify', '--agent-run', '--agent', c.id, '--json'], { home, env, timeoutMs: 200_000 });
    expect(run.code, run.stdout + run.stderr).toBe(1);
    const doc = jsonOf(run) as unknown as RunDoc;
    const r = doc.agents[0];
    expect(doc.ok).toBe(false);
    expect(r?.ok).toBe(false);
    expect(r?.diagnosis?.code, r?.output).toBe('wrong_path');
    expect(r?.diagnosis?.status).toBe(404);
    // The agent itself really ran and hit the doubled path; our probe got the request ID named.
    const sent = agentRequests(from);
    expect(sent.length, 'the agent sent no request').toBeGreaterThan(0);
    expect(sent.every((e) => e.path.startsWith('/v1/v1/') && e.status === 404)).toBe(true);
    expect(sim.log.slice(from).map((e) => e.requestId)).toContain(r?.diagnosis?.requestId);
    expect(run.stdout + run.stderr).not.toContain(DEMO_KEY);

    const doctor = await runCli(['doctor', '--json', '--agent', c.id], { home, env, timeoutMs: 60_000 });
    expect(doctor.code, doctor.stdout + doctor.stderr).toBe(1);
    const d = jsonOf(doctor) as { agents: { id: string; findings: { code: string }[] }[] };
    expect(d.agents.find((a) => a.id === c.id)?.findings.map((f) => f.code)).toContain('wrong_path');
    await expectNothingLeftIn(home);
  });
});

describe('setup --verify agent', () => {
  it('writes, then proves the configs through the installed agents themselves (Claude Code and Cline)', async () => {
    const home = newHome();
    const env = { PATH: `${bins.get('claude-code')}:${bins.get('cline')}:${process.env['PATH'] ?? '/usr/bin:/bin'}`, GATEWAY_API_KEY: DEMO_KEY };
    const from = sim.log.length;
    const r = await runCli(['setup', '--yes', '--json', '--base-url', sim.root, '--agent', 'claude-code,cline', '--verify', 'agent'], { home, env, timeoutMs: 200_000 });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const doc = jsonOf(r) as { ok: boolean; agentRuns: { id: string; ok: boolean }[] };
    expect(doc.ok).toBe(true);
    expect(doc.agentRuns.map((a) => [a.id, a.ok])).toEqual([['claude-code', true], ['cline', true]]);
    const paths = agentRequests(from).map((e) => e.path);
    expect(paths).toContain('/v1/messages?beta=true');
    expect(paths).toContain('/v1/chat/completions');
    await expectNothingLeftIn(home);
  });

  it('a key the gateway refuses: the real agent fails and verify --agent-run names bad_key (key masked)', async () => {
    const home = newHome();
    const env = envFor('codex');
    // Codex reads its key from the variable the config names; a key the gateway refuses is a 401.
    const r = await runCli(['setup', '--yes', '--json', '--base-url', sim.root, '--agent', 'codex', '--key-storage', 'env', '--verify', 'agent'], {
      home,
      env: { ...env, GATEWAY_API_KEY: DEMO_KEY },
      timeoutMs: 200_000,
    });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const bad = await runCli(['verify', '--agent-run', '--agent', 'codex', '--json'], { home, env: { ...env, GATEWAY_API_KEY: `sk-${'x'.repeat(48)}` }, timeoutMs: 200_000 });
    expect(bad.code, bad.stdout + bad.stderr).toBe(1);
    const doc = jsonOf(bad) as unknown as RunDoc;
    expect(doc.agents[0]?.diagnosis?.code).toBe('bad_key');
    expect(bad.stdout + bad.stderr).not.toContain('x'.repeat(48));
    await expectNothingLeftIn(home);
  });
});

