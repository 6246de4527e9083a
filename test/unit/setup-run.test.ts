// runSetup's phases, each called directly against the simulator (real HTTP, files in a temp home):
// choose, probe (with its fallbacks), plan, apply and read back; and the run's --force and dry run.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { AgentId } from '../../src/agents/registry.js';
import { UsageError } from '../../src/core/errors.js';
import { listModels } from '../../src/gateway/client.js';
import {
  applyPhase,
  choosePhase,
  clientOf,
  isChosen,
  planPhase,
  probePhase,
  readBackPhase,
  runSetup,
  setupOptions,
  type SetupFields,
  type SetupOptions,
} from '../../src/setup/run.js';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { SimModel, SimulatorOptions } from '../../src/simulator/types.js';
import { startSim, stopAll } from '../helpers/sim.js';
import { inEnglish } from '../helpers/english.js';

const homes: string[] = [];
afterEach(() => {
  for (const h of homes.splice(0)) rmSync(h, { recursive: true, force: true });
});
afterAll(stopAll);

async function world(
  models: SimModel[],
  over: Omit<SimulatorOptions, 'models'> = {},
): Promise<(agents: AgentId[], more?: Partial<SetupFields>) => SetupOptions> {
  const sim = await startSim({ models, ...over });
  return (agents, more = {}) => {
    const home = mkdtempSync(join(tmpdir(), 'gas-phases-'));
    homes.push(home);
    return setupOptions({
      root: sim.root,
      v1: `${sim.root}/v1`,
      key: DEMO_KEY,
      keyEnvVar: 'GATEWAY_API_KEY',
      agents,
      scope: 'user',
      keyStorage: 'file',
      env: { home, cwd: home, platform: 'linux', env: {} },
      http: { timeoutMs: 5_000, env: {} },
      ...more,
    });
  };
}

const modelsOf = async (o: SetupOptions) => (await listModels(clientOf(o))).models;

describe('phase 1, choose', () => {
  it('takes the ranking, skips an agent nothing suits with the reason, refuses an unknown id', async () => {
    const opts = (
      await world([
        { id: 'claude-sonnet-4-5', channel: 'anthropic' },
        { id: 'text-embedding-3-small', channel: 'embedding' },
      ])
    )(['claude-code', 'codex']);
    const candidates = await choosePhase(opts, await modelsOf(opts));
    expect(candidates.map((c) => [c.agent.id, c.choice?.model])).toEqual([
      ['claude-code', 'claude-sonnet-4-5'],
      ['codex', undefined],
    ]);
    expect(candidates[1]?.report.skipped).toBeTruthy();
    await expect(choosePhase({ ...opts, choice: { ...opts.choice, agents: ['nope' as AgentId] } }, [])).rejects.toBeInstanceOf(UsageError);
  });

  it('an explicit model the agent cannot use stops the whole run', async () => {
    const opts = (
      await world([
        { id: 'claude-sonnet-4-5', channel: 'anthropic' },
        { id: 'text-embedding-3-small', channel: 'embedding' },
      ])
    )(['claude-code'], {
      models: new Map([['claude-code', 'text-embedding-3-small']]),
    });
    await expect(choosePhase(opts, await modelsOf(opts))).rejects.toThrow(/text-embedding-3-small/);
  });
});

describe('phase 2, probe', () => {
  it('a model only a probe can confirm that fails gives way to the next one that passes, said in the notes', async () => {
    // No marks: every model needs a probe. Codex ranks the -codex model first; its channel's provider revoked the key.
    const opts = (
      await world(
        [
          { id: 'gpt-5.1-codex', channel: 'openai', upstreamKey: 'revoked' },
          { id: 'gpt-5', channel: 'openai' },
        ],
        { omitMarks: true },
      )
    )(['codex']);
    const models = await modelsOf(opts);
    const chosen = (await choosePhase(opts, models)).filter(isChosen);
    expect(chosen[0]?.choice.model).toBe('gpt-5.1-codex');
    const failed = await probePhase(opts, chosen, models);
    expect(failed).toEqual([]);
    expect(chosen[0]?.choice.model).toBe('gpt-5');
    expect(chosen[0]?.report.probe?.ok).toBe(true);
    expect(inEnglish(chosen[0]?.report.notes ?? []).join('\n')).toMatch(/gpt-5\.1-codex.*gpt-5/s);
  });

  it('a failing small model gives way to the main model, said in the notes', async () => {
    const opts = (
      await world([
        { id: 'claude-sonnet-4-5', channel: 'anthropic' },
        { id: 'claude-haiku-4-5', channel: 'anthropic', upstreamKey: 'no-credit' },
      ])
    )(['claude-code']);
    const models = await modelsOf(opts);
    const chosen = (await choosePhase(opts, models)).filter(isChosen);
    expect(chosen[0]?.choice.smallModel).toBe('claude-haiku-4-5');
    expect(await probePhase(opts, chosen, models)).toEqual([]);
    expect(chosen[0]?.choice.smallModel).toBe('claude-sonnet-4-5');
    expect(inEnglish(chosen[0]?.report.notes ?? []).join('\n')).toContain('claude-haiku-4-5');
  });

  it('a marked model that fails has no fallback: it is returned with its cause and request ID', async () => {
    const opts = (await world([{ id: 'claude-sonnet-4-5', channel: 'anthropic', upstreamKey: 'revoked' }]))(['claude-code']);
    const models = await modelsOf(opts);
    const chosen = (await choosePhase(opts, models)).filter(isChosen);
    const failed = await probePhase(opts, chosen, models);
    expect(failed.map((c) => c.agent.id)).toEqual(['claude-code']);
    expect(failed[0]?.report.probe?.ok).toBe(false);
    expect(failed[0]?.report.probe?.requestId).toBeTruthy();
  });
});

describe('phases 3 to 5, plan, apply, read back', () => {
  it('plans without writing, applies with a backup id, and reads the written config back to a passing request', async () => {
    const opts = (await world([{ id: 'deepseek-chat', channel: 'deepseek' }]))(['cline']);
    const models = await modelsOf(opts);
    const chosen = (await choosePhase(opts, models)).filter(isChosen);
    const plan = await planPhase(opts, chosen);
    expect(plan.map((f) => f.action)).toEqual(['created']);
    expect(existsSync(plan[0]!.path)).toBe(false);
    const { applied } = await applyPhase(opts, chosen);
    expect(existsSync(plan[0]!.path)).toBe(true);
    expect(chosen[0]?.report.files.map((f) => f.action)).toEqual(['created']);
    expect(applied.files.length).toBe(1);
    await readBackPhase(opts, chosen);
    expect(chosen[0]?.report.verify?.ok).toBe(true);
    expect(chosen[0]?.report.verify?.url).toBe(`${opts.gateway.root}/v1/chat/completions`);
  });
});

describe('the run', () => {
  const failing: SimModel[] = [{ id: 'claude-sonnet-4-5', channel: 'anthropic', upstreamKey: 'revoked' }];

  it('an agent whose probe failed is not written; --force writes it all the same', async () => {
    const make = await world(failing);
    const plain = await runSetup(make(['claude-code']));
    expect(plain.ok).toBe(false);
    expect(plain.agents[0]?.skipped).toBeTruthy();
    expect(plain.agents[0]?.files).toEqual([]);
    const opts = make(['claude-code'], { force: true });
    const forced = await runSetup(opts);
    expect(forced.agents[0]?.files.map((f) => f.action)).toContain('created');
    expect(readFileSync(join(opts.env.home, '.claude', 'settings.json'), 'utf8')).toContain('claude-sonnet-4-5');
  });

  it('a dry run plans and diffs (key masked) and writes nothing', async () => {
    const opts = (await world([{ id: 'deepseek-chat', channel: 'deepseek' }]))(['cline'], { dryRun: true });
    const report = await runSetup(opts);
    expect(report.dryRun).toBe(true);
    expect(report.agents[0]?.files.map((f) => f.action)).toEqual(['created']);
    expect(report.diff).toContain('deepseek-chat');
    expect(report.diff).not.toContain(DEMO_KEY);
    expect(existsSync(join(opts.env.home, '.cline'))).toBe(false);
    expect(existsSync(join(opts.env.home, '.config', 'gateway-agent-setup'))).toBe(false);
  });
});

describe('keys of their own', () => {
  const VIP_MODELS: SimModel[] = [
    { id: 'claude-sonnet-4-5', channel: 'anthropic', groups: ['vip'] },
    { id: 'gpt-5.1-codex', channel: 'codex', groups: ['vip'] },
    { id: 'gpt-5.1', channel: 'openai', groups: ['default'] },
  ];

  it("lists once per key, each agent choosing from its own key's list, probing, writing and reading back with it", async () => {
    const { VIP_KEY } = await import('../../src/simulator/index.js');
    const make = await world(VIP_MODELS);
    const opts = make(['claude-code', 'codex'], { agentKeys: new Map([['claude-code', { key: VIP_KEY, keyEnvVar: 'VIP_KEY_VAR' }]]) });
    const { listPhase } = await import('../../src/setup/run.js');
    const { byAgent } = await listPhase(opts);
    expect(byAgent.get('claude-code')?.map((m) => m.id)).toEqual(['claude-sonnet-4-5', 'gpt-5.1-codex']);
    expect(byAgent.get('codex')?.map((m) => m.id)).toEqual(['gpt-5.1']);
    const report = await runSetup(opts);
    expect(report.agents.map((a) => [a.id, a.model, a.keyEnv, a.verify?.ok])).toEqual([
      ['claude-code', 'claude-sonnet-4-5', 'VIP_KEY_VAR', true],
      ['codex', 'gpt-5.1', 'GATEWAY_API_KEY', true],
    ]);
    // Read back found each agent's own key in its config (else a note says it found another).
    expect(report.agents.flatMap((a) => a.notes.map(inEnglish)).filter((n) => n.includes('key'))).toEqual([]);
  });

  it('group advice: what the marketplace sells that suits the agent, and nothing when it is closed', async () => {
    const models: SimModel[] = [
      { id: 'claude-sonnet-4-5', channel: 'anthropic', groups: ['vip'] },
      { id: 'gpt-5.1-codex', channel: 'codex', groups: ['default'] },
    ];
    const open = await runSetup((await world(models))(['claude-code'], { verify: false }));
    expect(open.agents[0]?.skipped).toBeDefined();
    expect(open.agents[0]?.groupAdvice).toEqual([{ model: 'claude-sonnet-4-5', groups: ['vip'] }]);
    const closed = await runSetup((await world(models, { pricing: 'login' }))(['claude-code'], { verify: false }));
    expect(closed.agents[0]?.skipped).toBeDefined();
    expect(closed.agents[0]?.groupAdvice).toBeUndefined();
    // Without keys of their own, a report names no variable (the report stays as it was).
    expect(open.agents[0]?.keyEnv).toBeUndefined();
  });
});
