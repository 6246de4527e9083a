// Choosing only what works: a model that fails for its own reason (its channel down, no channel in
// the key's group) gives way to the next by the ranking, and the report names which model failed,
// why, with which request ID, and what was chosen. A failure that is not the model's (quota, a rate
// limit) never moves the agent to another model. The built bin against the simulator on 127.0.0.1.
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BROKE_KEY, DEMO_KEY } from '../../src/simulator/catalog.js';
import type { Fault, SimModel, Simulator } from '../../src/simulator/types.js';
import { jsonOf, runInProcess } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

afterEach(stopAll);

// Claude Code ranks sonnet first, then opus: the three speak messages through an Anthropic channel.
const MODELS: SimModel[] = [
  { id: 'claude-sonnet-4-5', channel: 'anthropic' },
  { id: 'claude-opus-4-5', channel: 'anthropic' },
  { id: 'claude-haiku-4-5', channel: 'anthropic' },
];

/** What a plan on MODELS probes: sonnet (main), haiku (small) and opus (the opus tier). */
const PLANNED = MODELS.map((m) => m.id).sort();

interface AgentDoc {
  id: string;
  ok: boolean;
  model?: string;
  probe?: { ok: boolean; requestId?: string; diagnosis?: { code: string } };
  fallback?: { failed: { model: string; code: string; requestId?: string; status?: number }[]; chosen: string };
  notes: string[];
}

const homes: string[] = [];
afterEach(() => {
  for (const h of homes.splice(0)) rmSync(h, { recursive: true, force: true });
});

function home(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gas-fallback-'));
  homes.push(dir);
  return dir;
}

async function setup(sim: Simulator, key = DEMO_KEY, at?: string): Promise<{ code: number | null; agent: AgentDoc; stderr: string }> {
  const r = await runInProcess(['setup', '--yes', '--json', '--agent', 'claude-code'], {
    env: { GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: key },
    ...(at !== undefined && { home: at }),
  });
  const doc = jsonOf(r) as { agents: AgentDoc[] };
  return { code: r.code, agent: doc.agents[0]!, stderr: r.stderr };
}

/** The probes the simulator answered on /v1/messages, by model, with their request IDs. */
function probes(sim: Simulator): { model?: string; status: number; requestId: string }[] {
  return sim.log
    .filter((e) => e.path.startsWith('/v1/messages'))
    .map((e) => ({ model: e.model, status: e.status, requestId: e.requestId }));
}

describe('fallback: a model that fails its own way gives way to the next by the ranking', () => {
  it.each<[string, Fault[], SimModel[], string]>([
    ['its channel cannot reach its provider (500)', [{ kind: 'upstream-down', model: 'claude-sonnet-4-5' }], MODELS, 'channel_failed'],
    [
      'no channel serves it in the key’s group (503)',
      [],
      [{ id: 'claude-sonnet-4-5', channel: 'none', listedFor: ['default'] }, ...MODELS.slice(1)],
      'model_not_in_group',
    ],
  ])('%s: the next model is written; the report names the failed model, its cause and its request ID', async (_, faults, models, code) => {
    const sim = await startSim({ models, faults });
    const { code: exit, agent } = await setup(sim);
    expect(exit).toBe(0);
    expect(agent.ok).toBe(true);
    expect(agent.model).toBe('claude-opus-4-5');
    const failed = probes(sim).find((p) => p.model === 'claude-sonnet-4-5')!;
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(agent.fallback).toEqual({
      failed: [expect.objectContaining({ model: 'claude-sonnet-4-5', code, requestId: failed.requestId })],
      chosen: 'claude-opus-4-5',
    });
    // In words too: the failed model, its request ID in full, and what was chosen.
    const notes = agent.notes.join('\n');
    expect(notes).toContain(failed.requestId);
    expect(notes).toMatch(/Using claude-opus-4-5 in place of claude-sonnet-4-5/);
  });

  it('every model failing its own way: the agent stops with the first cause, each failure named, nothing written', async () => {
    const faults: Fault[] = MODELS.map((m) => ({ kind: 'upstream-down', model: m.id }));
    const sim = await startSim({ models: MODELS, faults });
    const at = home();
    const { code, agent } = await setup(sim, DEMO_KEY, at);
    expect(code).not.toBe(0);
    expect(agent.ok).toBe(false);
    expect(existsSync(join(at, '.claude', 'settings.json'))).toBe(false);
    expect(agent.fallback).toBeUndefined();
    expect(agent.probe?.diagnosis?.code).toBe('channel_failed');
    // Each model tried once (the small model's probe counts for it), the chosen one first.
    expect(probes(sim)[0]?.model).toBe('claude-sonnet-4-5');
    expect(
      probes(sim)
        .map((p) => p.model)
        .sort(),
    ).toEqual(MODELS.map((m) => m.id).sort());
    const ids = probes(sim).map((p) => p.requestId);
    for (const id of ids) expect(agent.notes.join('\n')).toContain(id);
  });
});

describe('fallback: a failure that is not the model’s never switches models', () => {
  it('quota: the agent stays on its model and stops with the quota cause and the request ID; no other model is tried', async () => {
    const sim = await startSim({ models: MODELS });
    const { code, agent } = await setup(sim, BROKE_KEY);
    expect(code).not.toBe(0);
    expect(agent.ok).toBe(false);
    expect(agent.fallback).toBeUndefined();
    expect(agent.probe?.diagnosis?.code).toBe('quota');
    // The key's balance, as the gateway's /api/usage/token/ tells it, beside the cause.
    expect(agent.notes.join('\n')).toContain("The key's balance, as the gateway tells it: $0 left.");
    // The models of the plan (main, small, opus tier) each asked once, and nothing looked for beyond them.
    const sent = probes(sim);
    expect(sent.map((p) => p.model).sort()).toEqual(PLANNED);
    expect(agent.notes.join('\n')).not.toMatch(/in place of/);
    expect(agent.probe?.requestId).toBe(sent.find((p) => p.model === 'claude-sonnet-4-5')!.requestId);
  });

  it('quota with --force: written as chosen, the small model and the opus tier kept (their probes failed for the same cause, not their own)', async () => {
    const sim = await startSim({ models: MODELS });
    const at = home();
    const r = await runInProcess(['setup', '--yes', '--json', '--force', '--agent', 'claude-code'], {
      home: at,
      env: { GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: BROKE_KEY },
    });
    const agent = (jsonOf(r) as { agents: (AgentDoc & { smallModel?: string; tiers?: Record<string, string> })[] }).agents[0]!;
    expect(agent.probe?.diagnosis?.code).toBe('quota');
    expect([agent.model, agent.smallModel, agent.tiers?.opus]).toEqual(['claude-sonnet-4-5', 'claude-haiku-4-5', 'claude-opus-4-5']);
    expect(agent.notes.join('\n')).not.toMatch(/failed its probe|left to the main model/);
    const env = (JSON.parse(readFileSync(join(at, '.claude', 'settings.json'), 'utf8')) as { env: Record<string, string> }).env;
    expect([env.ANTHROPIC_DEFAULT_HAIKU_MODEL, env.ANTHROPIC_DEFAULT_OPUS_MODEL]).toEqual(['claude-haiku-4-5', 'claude-opus-4-5']);
  });

  it("quota on a gateway that does not tell a key's balance: the quota cause, and that the balance is not known", async () => {
    // The usage route answers with the console page, as a gateway without it does.
    const sim = await startSim({ models: MODELS, faults: [{ kind: 'html', path: '/api/usage/token' }] });
    const { agent } = await setup(sim, BROKE_KEY);
    expect(agent.probe?.diagnosis?.code).toBe('quota');
    const notes = agent.notes.join('\n');
    expect(notes).toContain("The gateway does not tell this key's balance.");
    expect(notes).not.toContain('as the gateway tells it');
    expect(sim.log.some((e) => e.path.startsWith('/api/usage/token'))).toBe(true);
  });

  it('a rate limit on the chosen model: no switch, the cause is the rate limit', async () => {
    const sim = await startSim({ models: MODELS, faults: [{ kind: 'rate-limit', model: 'claude-sonnet-4-5', retryAfter: 30 }] });
    const { code, agent } = await setup(sim);
    expect(code).not.toBe(0);
    expect(agent.fallback).toBeUndefined();
    expect(agent.probe?.diagnosis?.code).toBe('rate_limited');
    // A refused probe is sent again alone once (the limit may be ours): still only the plan's models.
    expect([...new Set(probes(sim).map((p) => p.model))].sort()).toEqual(PLANNED);
    expect(agent.notes.join('\n')).not.toMatch(/in place of/);
  });

  it("the gateway busy (new-api's load monitor, 503): no switch, exit 75 (try later), its words and the request ID", async () => {
    const sim = await startSim({ models: MODELS, faults: [{ kind: 'overloaded', resource: 'cpu', model: 'claude-sonnet-4-5' }] });
    const { code, agent } = await setup(sim);
    expect(code).toBe(75);
    expect(agent.fallback).toBeUndefined();
    expect(agent.probe?.diagnosis).toMatchObject({ code: 'gateway_busy', reason: 'cpu' });
    expect([...new Set(probes(sim).map((p) => p.model))].sort()).toEqual(PLANNED);
    expect(agent.notes.join('\n')).not.toMatch(/in place of/);
    const text = await runInProcess(['verify', '--model', 'claude-sonnet-4-5'], {
      env: { GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: DEMO_KEY },
    });
    expect(text.code).toBe(75);
    const said = text.stdout.replace(/\s+/g, ' ');
    expect(said).toContain('the gateway is busy');
    expect(said).toContain('system cpu overloaded');
    expect(said).toContain('try again in a minute');
    // A gateway whose model list is refused for its load: `models` says so, exit 75 too.
    sim.addFault({ kind: 'overloaded', resource: 'memory', path: '/v1/models' });
    const models = await runInProcess(['models', '--json'], { env: { GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: DEMO_KEY } });
    expect(models.code).toBe(75);
    expect((jsonOf(models) as { error: { code: string; reason?: string } }).error).toMatchObject({
      code: 'gateway_busy',
      reason: 'memory',
    });
  });

  it('sync while the gateway is busy: the agent keeps its model and its file, exit 75', async () => {
    const sim = await startSim({ models: MODELS });
    const at = home();
    expect((await setup(sim, DEMO_KEY, at)).code).toBe(0);
    const file = join(at, '.claude', 'settings.json');
    const before = readFileSync(file, 'utf8');
    // As new-api's monitor does: the relay refuses, the model list still answers.
    sim.addFault({ kind: 'overloaded', path: '/v1/messages' });
    const r = await runInProcess(['sync', '--yes', '--json'], { env: { GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: DEMO_KEY }, home: at });
    expect(r.code).toBe(75);
    expect(readFileSync(file, 'utf8')).toBe(before);
    const doc = jsonOf(r) as { agents: AgentDoc[] };
    expect(doc.agents[0]?.fallback).toBeUndefined();
    expect(doc.agents[0]?.probe?.diagnosis?.code).toBe('gateway_busy');
  });

  it('a model named with --model never gives way, whatever its failure', async () => {
    const sim = await startSim({ models: MODELS, faults: [{ kind: 'upstream-down', model: 'claude-sonnet-4-5' }] });
    const r = await runInProcess(['setup', '--yes', '--json', '--agent', 'claude-code', '--model', 'claude-sonnet-4-5'], {
      env: { GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: DEMO_KEY },
    });
    const agent = (jsonOf(r) as { agents: AgentDoc[] }).agents[0]!;
    expect(agent.ok).toBe(false);
    expect(agent.fallback).toBeUndefined();
    expect(agent.probe?.diagnosis?.code).toBe('channel_failed');
    expect(
      probes(sim)
        .map((p) => p.model)
        .sort(),
    ).toEqual(PLANNED);
  });
});

describe('every model written has answered: the tiers too', () => {
  it('Claude Code’s opus tier whose channel fails is left to the main model, with the cause and the request ID', async () => {
    const sim = await startSim({ models: MODELS, faults: [{ kind: 'upstream-down', model: 'claude-opus-4-5' }] });
    const at = home();
    const { code, agent } = await setup(sim, DEMO_KEY, at);
    expect(code).toBe(0);
    expect(agent.model).toBe('claude-sonnet-4-5');
    const env = (JSON.parse(readFileSync(join(at, '.claude', 'settings.json'), 'utf8')) as { env: Record<string, string> }).env;
    expect(env.ANTHROPIC_DEFAULT_OPUS_MODEL).toBe('claude-sonnet-4-5');
    const opus = probes(sim).find((p) => p.model === 'claude-opus-4-5')!;
    expect(agent.notes.join('\n')).toContain(`The opus tier is left to the main model claude-sonnet-4-5`);
    expect(agent.notes.join('\n')).toContain(opus.requestId);
  });

  it('a tier whose model answers is written as chosen', async () => {
    const sim = await startSim({ models: MODELS });
    const at = home();
    const { code } = await setup(sim, DEMO_KEY, at);
    expect(code).toBe(0);
    const env = (JSON.parse(readFileSync(join(at, '.claude', 'settings.json'), 'utf8')) as { env: Record<string, string> }).env;
    expect(env.ANTHROPIC_DEFAULT_OPUS_MODEL).toBe('claude-opus-4-5');
    expect(probes(sim).map((p) => p.model)).toContain('claude-opus-4-5');
  });
});

describe('verify: a protocol passes when one of its models works', () => {
  const env = (sim: Simulator) => ({ GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: DEMO_KEY });
  const broken = MODELS[0]!.id;

  it('the first model fails its own way: the next is tried, exit 0, the failure named with its request ID', async () => {
    const sim = await startSim({ models: MODELS, faults: [{ kind: 'upstream-down', model: broken }] });
    // One at a time, so the search stops at the first model that passes.
    const r = await runInProcess(['verify', '--protocol', 'messages', '--concurrency', '1', '--json'], { env: env(sim) });
    const doc = jsonOf(r) as { ok: boolean; protocols: Record<string, { passed: number; tried: number; failed: string[] }> };
    expect(r.code).toBe(0);
    expect(doc.ok).toBe(true);
    expect(doc.protocols.messages).toEqual({ passed: 1, tried: 2, failed: [broken] });
    const text = await runInProcess(['verify', '--protocol', 'messages', '--concurrency', '1'], { env: env(sim) });
    expect(text.code).toBe(0);
    const id = probes(sim)
      .filter((p) => p.model === broken)
      .at(-1)!.requestId;
    expect(text.stdout.replace(/\s+/g, ' ')).toContain(`messages: 1 of 2 models pass; ${broken} failed (channel_failed, request ID ${id})`);
  });

  it('--all probes every model of the protocol: "2 of 3 models pass"', async () => {
    const sim = await startSim({ models: MODELS, faults: [{ kind: 'upstream-down', model: broken }] });
    const r = await runInProcess(['verify', '--protocol', 'messages', '--all'], { env: env(sim) });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('messages: 2 of 3 models pass');
    expect([...new Set(probes(sim).map((p) => p.model))].sort()).toEqual(PLANNED);
  });

  it('every model failing: exit 1; a failure that is not the model’s (quota) tries no other model', async () => {
    const faults: Fault[] = MODELS.map((m) => ({ kind: 'upstream-down', model: m.id }));
    const all = await startSim({ models: MODELS, faults });
    expect((await runInProcess(['verify', '--protocol', 'messages'], { env: env(all) })).code).toBe(1);
    const broke = await startSim({ models: MODELS });
    const r = await runInProcess(['verify', '--protocol', 'messages', '--json'], { env: { ...env(broke), GATEWAY_API_KEY: BROKE_KEY } });
    expect(r.code).toBe(1);
    expect(probes(broke)).toHaveLength(1);
  });
});

describe('--no-verify', () => {
  it('writes unprobed models and says so: no request but the model list, and no word of "verified"', async () => {
    const sim = await startSim({ models: MODELS });
    const r = await runInProcess(['setup', '--yes', '--no-verify', '--agent', 'claude-code'], {
      env: { GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: DEMO_KEY },
    });
    expect(r.code).toBe(0);
    expect(r.stdout.replace(/\s+/g, ' ')).toContain('with models that were not probed and configs not verified (--no-verify)');
    expect(r.stdout).not.toContain('set up and verified');
    expect(probes(sim)).toEqual([]);
  });
});

describe('sync: a model that fails now moves to the next working one', () => {
  it('--check reports it (exit 1, the failed model and its request ID); sync moves and says why', async () => {
    const sim = await startSim({ models: MODELS });
    const at = home();
    const env = { GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: DEMO_KEY };
    expect((await runInProcess(['setup', '--yes', '--agent', 'claude-code'], { home: at, env })).code).toBe(0);
    sim.addFault({ kind: 'upstream-down', model: 'claude-sonnet-4-5' });
    const before = readFileSync(join(at, '.claude', 'settings.json'), 'utf8');

    const check = await runInProcess(['sync', '--check', '--json'], { home: at, env });
    expect(check.code).toBe(1);
    const stale = (jsonOf(check) as { stale: { agent: string; reason: string; to?: string }[] }).stale;
    const failedId = probes(sim)
      .filter((p) => p.model === 'claude-sonnet-4-5')
      .at(-1)!.requestId;
    expect(stale).toEqual([
      expect.objectContaining({
        agent: 'claude-code',
        to: 'claude-opus-4-5',
        reason: `claude-sonnet-4-5 failed its probe (channel_failed, request ID ${failedId})`,
      }),
    ]);
    expect(readFileSync(join(at, '.claude', 'settings.json'), 'utf8')).toBe(before);

    const sync = await runInProcess(['sync'], { home: at, env });
    expect(sync.code, sync.stdout + sync.stderr).toBe(0);
    expect(sync.stdout).toContain('claude-sonnet-4-5 failed its probe (channel_failed');
    const written = JSON.parse(readFileSync(join(at, '.claude', 'settings.json'), 'utf8')) as { env: Record<string, string> };
    expect(written.env.ANTHROPIC_MODEL).toBe('claude-opus-4-5');
    expect((await runInProcess(['sync', '--check'], { home: at, env })).code).toBe(0);
  });

  it('the saved model left the list and the one in its place fails: --check says both (as on new-api when limits change)', async () => {
    const sim = await startSim({ models: [{ id: 'deepseek-chat', channel: 'deepseek' }] });
    const at = home();
    const env = { GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: DEMO_KEY };
    const setup = await runInProcess(['setup', '--yes', '--agent', 'cline', '--model', 'cline=deepseek-chat'], { home: at, env });
    expect(setup.code, setup.stdout + setup.stderr).toBe(0);
    // Listed for the key's group, served by no channel there.
    sim.setModels([{ id: 'claude-sonnet-4-5', channel: 'none', listedFor: ['default'], marks: ['openai'] }]);
    const check = await runInProcess(['sync', '--check', '--json'], { home: at, env });
    expect(check.code).toBe(1);
    const stale = (jsonOf(check) as { stale: { agent: string; reason: string }[] }).stale;
    const id = sim.log.filter((e) => e.path.startsWith('/v1/chat/completions') && e.model === 'claude-sonnet-4-5').at(-1)!.requestId;
    expect(stale).toEqual([
      expect.objectContaining({
        agent: 'cline',
        reason: `deepseek-chat left the key's model list, and no model of the key passes in its place (claude-sonnet-4-5: model_not_in_group, request ID ${id})`,
      }),
    ]);
  });

  it('every model failing: --check says the model fails now and no other passes (exit 1); nothing written', async () => {
    const sim = await startSim({ models: MODELS });
    const at = home();
    const env = { GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: DEMO_KEY };
    expect((await runInProcess(['setup', '--yes', '--agent', 'claude-code'], { home: at, env })).code).toBe(0);
    for (const m of MODELS) sim.addFault({ kind: 'upstream-down', model: m.id });
    const check = await runInProcess(['sync', '--check'], { home: at, env });
    expect(check.code).toBe(1);
    expect(check.stdout.replace(/\s+/g, ' ')).toContain('claude-sonnet-4-5 fails its probe now (channel_failed, request ID');
  });
});

describe('doctor: every tier is asked too', () => {
  it('an opus tier whose channel fails is a finding with its request ID; --fix leaves the tier to the main model', async () => {
    const sim = await startSim({ models: MODELS });
    const at = home();
    const env = { GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: DEMO_KEY };
    expect((await runInProcess(['setup', '--yes', '--agent', 'claude-code'], { home: at, env })).code).toBe(0);
    expect((await runInProcess(['doctor', '--agent', 'claude-code'], { home: at, env })).code).toBe(0);
    sim.addFault({ kind: 'upstream-down', model: 'claude-opus-4-5' });

    const r = await runInProcess(['doctor', '--agent', 'claude-code', '--json'], { home: at, env });
    expect(r.code).toBe(1);
    const findings = (jsonOf(r) as { agents: { findings: { code: string; message: string; requestId?: string }[] }[] }).agents[0]!.findings;
    const opusId = probes(sim)
      .filter((p) => p.model === 'claude-opus-4-5')
      .at(-1)!.requestId;
    expect(findings).toEqual([expect.objectContaining({ code: 'channel_failed', requestId: opusId })]);
    expect(findings[0]!.message).toContain('opus');

    const fix = await runInProcess(['doctor', '--agent', 'claude-code', '--fix'], { home: at, env });
    expect(fix.code, fix.stdout + fix.stderr).toBe(0);
    const written = JSON.parse(readFileSync(join(at, '.claude', 'settings.json'), 'utf8')) as { env: Record<string, string> };
    expect(written.env.ANTHROPIC_DEFAULT_OPUS_MODEL).toBe('claude-sonnet-4-5');
  });
});

describe('every listed model has answered: OpenCode’s list', () => {
  it('a listed model whose channel fails is left out, with its cause and request ID; the others stay', async () => {
    const sim = await startSim({ models: MODELS, faults: [{ kind: 'upstream-down', model: 'claude-opus-4-5' }] });
    const at = home();
    const r = await runInProcess(['setup', '--yes', '--json', '--agent', 'opencode'], {
      home: at,
      env: { GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: DEMO_KEY },
    });
    expect(r.code, r.stderr).toBe(0);
    const agent = (
      jsonOf(r) as { agents: (AgentDoc & { models: string[]; leftOut?: { model: string; code: string; requestId?: string }[] })[] }
    ).agents[0]!;
    const opusId = probes(sim).find((p) => p.model === 'claude-opus-4-5')!.requestId;
    expect(agent.leftOut).toEqual([expect.objectContaining({ model: 'claude-opus-4-5', code: 'channel_failed', requestId: opusId })]);
    expect(agent.models.sort()).toEqual(['claude-haiku-4-5', 'claude-sonnet-4-5']);
    expect(agent.notes.join('\n')).toContain(
      `Left out of the list: claude-opus-4-5 failed its messages probe (channel_failed, request ID ${opusId})`,
    );
    const config = JSON.parse(readFileSync(join(at, '.config', 'opencode', 'opencode.json'), 'utf8')) as {
      provider: Record<string, { models: Record<string, unknown> }>;
    };
    const listed = Object.values(config.provider).flatMap((p) => Object.keys(p.models));
    expect(listed.sort()).toEqual(['claude-haiku-4-5', 'claude-sonnet-4-5']);
  });

  it('doctor probes every listed model: one whose channel fails later is a finding with its request ID', async () => {
    const sim = await startSim({ models: MODELS });
    const at = home();
    const env = { GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: DEMO_KEY };
    const r = await runInProcess(['setup', '--yes', '--json', '--agent', 'opencode'], { home: at, env });
    expect(r.code, r.stderr).toBe(0);
    const doc = jsonOf(r) as { agents: { model: string; smallModel?: string; models: string[] }[] };
    const { model, smallModel, models } = doc.agents[0]!;
    const other = models.find((m) => m !== model && m !== smallModel)!;
    expect(other).toBeDefined();
    expect((await runInProcess(['doctor', '--agent', 'opencode'], { home: at, env })).code).toBe(0);
    sim.addFault({ kind: 'upstream-down', model: other });
    const d = await runInProcess(['doctor', '--agent', 'opencode', '--json'], { home: at, env });
    expect(d.code).toBe(1);
    const findings = (jsonOf(d) as { agents: { findings: { code: string; message: string; requestId?: string }[] }[] }).agents[0]!.findings;
    const id = probes(sim)
      .filter((p) => p.model === other)
      .at(-1)!.requestId;
    expect(findings).toEqual([expect.objectContaining({ code: 'channel_failed', requestId: id })]);
  });
});
