// `sync` and `sync --check` the day the key's account runs dry, or the gateway is too busy to serve:
// the probes fail for a cause that is not the configs', which every model of the key would meet.
// No config is called stale, none is written, and the run says why, with the request IDs and what
// to do; a busy gateway is "try later" (75). The same gateway (its port) restarted between the setup
// and the sync, as the day after.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MODELS, DEMO_KEY, startSimulator } from '../../src/simulator/index.js';
import type { Fault, SimKey, SimModel, Simulator } from '../../src/simulator/types.js';
import { jsonOf, runInProcess, tempHome } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

let home: string;
let remove: () => void;
let port: number;
beforeEach(async () => {
  ({ dir: home, remove } = tempHome());
  const first = await startSimulator({ host: '127.0.0.1', port: 0 });
  port = Number(new URL(first.root).port);
  try {
    const setup = await cli(['setup', '--yes', '--base-url', first.root, '--agent', 'claude-code,codex']);
    expect(setup.code, setup.stdout + setup.stderr).toBe(0);
  } finally {
    await first.stop();
  }
});
afterEach(async () => {
  await stopAll();
  remove();
});
afterAll(stopAll);

const cli = (args: string[]) => runInProcess(args, { home, env: { GATEWAY_API_KEY: DEMO_KEY } });
const configs = () => [join(home, '.codex/config.toml'), join(home, '.claude/settings.json')].map((p) => readFileSync(p, 'utf8'));
/** The gateway the configs point at, back on its port. */
const dayAfter = (opts: { keys?: SimKey[]; faults?: Fault[]; models?: SimModel[] }): Promise<Simulator> => startSim({ port, ...opts });

interface Unchecked {
  agent: string;
  model: string;
  code: string;
  requestId?: string;
  message: string;
  fix: string;
}

describe('sync when the cause is not the configs', () => {
  it('the account out of quota: --check calls nothing stale and says why (exit 1); sync writes nothing, leaves each config, and says to run it again', async () => {
    const dry = await dayAfter({ keys: [{ key: DEMO_KEY, name: 'demo', group: 'default', quotaUsd: 0 }] });
    const before = configs();
    const check = await cli(['sync', '--check', '--json']);
    expect(check.code).toBe(1);
    const doc = jsonOf(check) as { ok: boolean; stale: unknown[]; unchecked: Unchecked[] };
    expect([doc.ok, doc.stale]).toEqual([false, []]);
    expect(doc.unchecked.map((u) => [u.agent, u.code])).toEqual([
      ['claude-code', 'quota'],
      ['codex', 'quota'],
    ]);
    const ids = new Set(dry.log.map((e) => e.requestId));
    for (const u of doc.unchecked) {
      expect(ids.has(u.requestId ?? '')).toBe(true);
      expect(u.fix).toContain('top up');
    }

    const text = (await cli(['sync', '--check'])).stdout.replace(/\s+/g, ' ');
    expect(text).toContain("Not judged (each probe failed for a cause that is not the config's");
    expect(text).toContain('Once that is fixed, run `gateway-agent-setup sync --check` again.');
    expect(text).not.toContain('Stale configs');
    expect(text).not.toContain('no other model of the key passes');

    const sync = await cli(['sync']);
    expect(sync.code).toBe(1);
    const out = sync.stdout.replace(/\s+/g, ' ');
    expect(out).toContain('its probe failed: its config is left as it was');
    // sync takes no --force, and its agents are set up: neither is said.
    expect(out).not.toContain('--force');
    expect(out).toContain('Run `gateway-agent-setup sync` again once fixed.');
    expect(out).not.toContain('Changes:');
    expect(configs()).toEqual(before);
    const json = jsonOf(await cli(['sync', '--json'])) as { changes: unknown[]; unchecked: Unchecked[] };
    expect([json.changes, json.unchecked.length]).toEqual([[], 2]);
  });

  it('the gateway too busy to serve (its load monitor, in front of the relay): --check exits 75, try later, nothing stale', async () => {
    await dayAfter({ faults: [{ kind: 'overloaded' }] });
    const check = await cli(['sync', '--check', '--json']);
    expect(check.code).toBe(75);
    const doc = jsonOf(check) as { stale: unknown[]; unchecked: Unchecked[] };
    expect(doc.stale).toEqual([]);
    expect(doc.unchecked.map((u) => u.code)).toEqual(['gateway_busy', 'gateway_busy']);
  });

  it("the saved model left the key's list, the account out of quota: stale all the same (the list changed), the one in its place not judged", async () => {
    await dayAfter({
      models: DEFAULT_MODELS.filter((m) => m.id !== 'gpt-5.1-codex'),
      keys: [{ key: DEMO_KEY, name: 'demo', group: 'default', quotaUsd: 0 }],
    });
    const check = await cli(['sync', '--check', '--json']);
    expect(check.code).toBe(1);
    const doc = jsonOf(check) as { stale: { agent: string; reason: string }[]; unchecked: Unchecked[] };
    expect(doc.stale.map((s) => s.agent)).toEqual(['codex']);
    expect(doc.stale[0]?.reason).toMatch(
      /^gpt-5\.1-codex left the key's model list; the model in its place, \S+, could not be judged \(quota, request ID \S+: not the model's cause\)$/,
    );
    expect(doc.unchecked.map((u) => u.agent)).toEqual(['claude-code']);
  });

  it("Claude Code's small model and opus tier rate-limited today: sync keeps both (the config held them), and says why", async () => {
    await dayAfter({
      faults: [
        { kind: 'rate-limit', model: 'claude-haiku-4-5', retryAfter: 60 },
        { kind: 'rate-limit', model: 'claude-opus-4-1', retryAfter: 60 },
      ],
    });
    const before = configs();
    const sync = await cli(['sync', '--json']);
    expect(sync.code, sync.stdout + sync.stderr).toBe(0);
    const doc = jsonOf(sync) as {
      changes: unknown[];
      agents: { id: string; smallModel?: string; tiers?: Record<string, string>; notes: string[] }[];
    };
    expect(doc.changes).toEqual([]);
    const claude = doc.agents.find((a) => a.id === 'claude-code')!;
    expect([claude.smallModel, claude.tiers?.opus]).toEqual(['claude-haiku-4-5', 'claude-opus-4-1']);
    expect(claude.notes.filter((n) => n.includes("Kept: the config already held it, and the cause is not the model's."))).toHaveLength(2);
    expect(configs()).toEqual(before);
  });

  it('a model whose own channel fails is still stale: the config is what a sync would change', async () => {
    await dayAfter({ faults: [{ kind: 'upstream-down', path: '/v1/responses' }] });
    const check = await cli(['sync', '--check', '--json']);
    expect(check.code).toBe(1);
    const doc = jsonOf(check) as { stale: { agent: string }[]; unchecked: unknown[] };
    expect(doc.stale.map((s) => s.agent)).toEqual(['codex']);
    expect(doc.unchecked).toEqual([]);
  });
});
