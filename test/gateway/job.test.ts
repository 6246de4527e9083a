// The whole job through the real new-api, with the built bin: models (marks as new-api computes
// them), verify per protocol with new-api's own request ids (found in its log), setup for every
// agent with read-back, doctor on a hand-doubled /v1, and sync --check after the admin changes a
// channel and a key's model limits through the admin API.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORTED_AGENT_IDS } from '../../src/agents/registry.js';
import { jsonOf, runCli, tempHomes } from '../helpers/cli.js';
import { startRealWorld, type RealWorld } from './world-real.js';

let world: RealWorld;
beforeAll(async () => {
  world = await startRealWorld();
});
afterAll(async () => {
  await world?.stop();
});

const newHome = tempHomes();

const env = (key = world.keys.full): Record<string, string> => ({ GATEWAY_API_KEY: key });

/** The log lines new-api wrote for one request id (its access line included): the admin's own way to find a request. */
function linesOf(id: string): Promise<string[]> {
  // new-api writes its access line after the answer has gone out; on a busy machine that can take a while.
  return world.gateway.linesOf(id, (lines) => lines.some((l) => l.includes('[GIN]')), 15_000);
}

describe('the gateway as set up', () => {
  it('serves channels whose provider is on 127.0.0.1 with its private-address protection left on', async () => {
    // new-api v0.10 applies that protection to redirects, downloads and webhooks, not to a
    // channel's base URL: nothing had to be switched off for the tier.
    expect(await world.admin.optionValue('fetch_setting.enable_ssrf_protection')).toBe('true');
    expect(world.upstream.root).toMatch(/^http:\/\/127\.0\.0\.1:/);
  });
});

describe('models and verify', () => {
  it("models: the key's list with the marks new-api computed; non-chat models kept away from agents", async () => {
    const r = await runCli(['models', '--json', '--base-url', world.gateway.root], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    const doc = jsonOf(r) as {
      requestId: string;
      models: { id: string; marks: string[]; notForAgents?: string; agents: Record<string, { ok: boolean }> }[];
    };
    const byId = new Map(doc.models.map((m) => [m.id, m]));
    expect(byId.get('claude-sonnet-4-5')?.marks).toEqual(['anthropic', 'openai']);
    expect(byId.get('o3-pro')?.marks).toEqual(['openai-response']);
    for (const id of ['text-embedding-3-small', 'tts-1', 'whisper-1']) {
      expect(byId.get(id)?.marks, id).toEqual(['openai']);
      expect(byId.get(id)?.notForAgents, id).toBeDefined();
      expect(
        Object.values(byId.get(id)?.agents ?? {}).some((a) => a.ok),
        id,
      ).toBe(false);
    }
    expect(byId.get('deepseek-chat')?.agents['claude-code']?.ok).toBe(true);
    expect((await linesOf(doc.requestId)).join('\n')).toContain('GET /v1/models');
  });

  it("models --all: what new-api's marketplace sells to other groups, named with those groups", async () => {
    const r = await runCli(['models', '--all', '--json', '--base-url', world.gateway.root], { env: env() });
    expect(r.code, r.stderr).toBe(0);
    const doc = jsonOf(r) as { elsewhere: { id: string; groups: string[] }[] };
    expect(doc.elsewhere.find((e) => e.id === 'claude-opus-4-1')).toEqual({ id: 'claude-opus-4-1', groups: ['vip'] });
  });

  it('the marketplace shows a model nobody priced at the fallback ratio 37.5, and no key lists it', async () => {
    const res = await fetch(`${world.gateway.root}/api/pricing`);
    const body = (await res.json()) as { data: { model_name: string; quota_type: number; model_ratio: number }[] };
    expect(body.data.find((m) => m.model_name === 'acme-coder-unpriced')).toMatchObject({ quota_type: 0, model_ratio: 37.5 });
    const r = await runCli(['models', '--json', '--base-url', world.gateway.root], { env: env() });
    expect((jsonOf(r) as { models: { id: string }[] }).models.map((m) => m.id)).not.toContain('acme-coder-unpriced');
  });

  it("verify: one probe per protocol, each request id new-api's own, forwarded to the provider", async () => {
    const from = world.upstream.log.length;
    const r = await runCli(['verify', '--json', '--base-url', world.gateway.root], { env: env(), timeoutMs: 60_000 });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const doc = jsonOf(r) as { probes: { ok: boolean; protocol: string; model: string; requestId: string }[] };
    expect(doc.probes.map((p) => p.protocol).sort()).toEqual(['chat', 'messages', 'responses']);
    for (const p of doc.probes) {
      expect(p.ok).toBe(true);
      const lines = await linesOf(p.requestId);
      expect(lines.length, `new-api logged ${p.requestId}`).toBeGreaterThan(0);
      expect(lines.some((l) => / 200 \|/.test(l) && l.includes('POST /v1/'))).toBe(true);
    }
    // Each probe reached the provider behind the channel, with the channel's key, not ours.
    const upstream = world.upstream.log.slice(from);
    expect(upstream.map((e) => e.model).sort()).toEqual(doc.probes.map((p) => p.model).sort());
    for (const e of upstream) expect(e.auth.key).not.toBe(world.keys.full);
  });
});

describe('setup, doctor and sync through the real gateway', () => {
  it.each(SUPPORTED_AGENT_IDS)('setup %s: written, read back from disk, verified with new-api request ids', async (id) => {
    const home = newHome();
    const r = await runCli(['setup', '--yes', '--json', '--base-url', `${world.gateway.root}/v1`, '--agent', id], {
      home,
      env: env(),
      timeoutMs: 60_000,
    });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const doc = jsonOf(r) as {
      ok: boolean;
      agents: {
        id: string;
        model: string;
        probe?: { ok: boolean; requestId?: string };
        verify?: { ok: boolean; requestId?: string; url?: string };
      }[];
    };
    expect(doc.ok).toBe(true);
    const agent = doc.agents.find((a) => a.id === id);
    // The read-back: the request rebuilt from the files on disk, in the agent's own protocol.
    expect(agent?.verify?.ok).toBe(true);
    expect(agent?.verify?.url).not.toContain('/v1/v1');
    for (const probe of [agent?.probe, agent?.verify]) {
      if (!probe) continue;
      expect((await linesOf(probe.requestId ?? 'none')).length, `request id ${probe.requestId} in new-api's log`).toBeGreaterThan(0);
    }
    // No non-chat model, no model of a failing channel, was chosen.
    expect(['text-embedding-3-small', 'tts-1', 'whisper-1', 'gpt-image-1', 'gpt-4.1']).not.toContain(agent?.model);
  });

  it("doctor names a hand-doubled /v1 with new-api's request id, and --fix repairs it", async () => {
    const home = newHome();
    expect(
      (await runCli(['setup', '--yes', '--base-url', world.gateway.root, '--agent', 'codex'], { home, env: env(), timeoutMs: 60_000 }))
        .code,
    ).toBe(0);
    const file = join(home, '.codex/config.toml');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.split(`${world.gateway.root}/v1`).join(`${world.gateway.root}/v1/v1`));
    const doctor = await runCli(['doctor', '--json', '--agent', 'codex'], { home, env: env(), timeoutMs: 60_000 });
    expect(doctor.code, doctor.stdout + doctor.stderr).toBe(1);
    const d = jsonOf(doctor) as { agents: { id: string; findings: { code: string; requestId?: string; status?: number }[] }[] };
    const finding = d.agents.find((a) => a.id === 'codex')?.findings.find((f) => f.code === 'wrong_path');
    expect(finding?.status).toBe(404);
    expect((await linesOf(finding?.requestId ?? 'none')).join('\n')).toContain('/v1/v1/responses');
    const fix = await runCli(['doctor', '--fix', '--agent', 'codex'], { home, env: env(), timeoutMs: 60_000 });
    expect(fix.code, fix.stdout + fix.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).not.toContain('/v1/v1');
    expect((await runCli(['doctor', '--agent', 'codex'], { home, env: env(), timeoutMs: 60_000 })).code).toBe(0);
  });

  it('sync --check: up to date, then stale after the admin disables the channel of the chosen model', async () => {
    const home = newHome();
    const setup = await runCli(
      ['setup', '--yes', '--json', '--base-url', world.gateway.root, '--agent', 'qwen-code', '--model', 'qwen-code=deepseek-chat'],
      { home, env: env(), timeoutMs: 60_000 },
    );
    expect(setup.code, setup.stdout + setup.stderr).toBe(0);
    expect((await runCli(['sync', '--check'], { home, env: env() })).code).toBe(0);
    const channel = world.channels['gas-deepseek'];
    if (!channel) throw new Error('no deepseek channel');
    await world.admin.updateChannel({ id: channel.id, status: 2 });
    try {
      const check = await runCli(['sync', '--check', '--json'], { home, env: env() });
      expect(check.code, check.stdout + check.stderr).toBe(1);
      const doc = jsonOf(check) as { stale: { agent: string; reason: string }[] };
      expect(doc.stale.map((s) => s.agent)).toEqual(['qwen-code']);
      expect(doc.stale[0]?.reason).toContain('deepseek-chat');
    } finally {
      await world.admin.updateChannel({ id: channel.id, status: 1 });
    }
    expect((await runCli(['sync', '--check'], { home, env: env() })).code).toBe(0);
  });

  it("sync --check the day the key's account runs dry: nothing stale, the agent not judged with new-api's quota cause and request id", async () => {
    const home = newHome();
    const setup = await runCli(
      [
        'setup',
        '--yes',
        '--base-url',
        world.gateway.root,
        '--agent',
        'qwen-code',
        '--model',
        'qwen-code=deepseek-chat',
        '--key-storage',
        'env',
      ],
      { home, env: env(), timeoutMs: 60_000 },
    );
    expect(setup.code, setup.stdout + setup.stderr).toBe(0);
    // The variable the config names now holds a key whose account has too little quota.
    const check = await runCli(['sync', '--check', '--json'], { home, env: env(world.keys.low), timeoutMs: 60_000 });
    expect(check.code, check.stdout + check.stderr).toBe(1);
    const doc = jsonOf(check) as { stale: unknown[]; unchecked: { agent: string; code: string; requestId?: string }[] };
    expect(doc.stale).toEqual([]);
    expect(doc.unchecked.map((u) => [u.agent, u.code])).toEqual([['qwen-code', 'quota']]);
    expect((await linesOf(doc.unchecked[0]!.requestId!)).join('\n')).toContain('/v1/chat/completions');
  });

  it("sync --check: stale after the admin changes the key's model limits", async () => {
    const home = newHome();
    const key = world.keys.limited;
    const setup = await runCli(['setup', '--yes', '--base-url', world.gateway.root, '--agent', 'cline', '--model', 'cline=deepseek-chat'], {
      home,
      env: env(key),
      timeoutMs: 60_000,
    });
    expect(setup.code, setup.stdout + setup.stderr).toBe(0);
    expect((await runCli(['sync', '--check'], { home, env: env(key) })).code).toBe(0);
    const token = world.tokens.limited;
    await world.admin.updateToken({ ...token, model_limits: 'claude-sonnet-4-5' });
    try {
      const check = await runCli(['sync', '--check', '--json'], { home, env: env(key) });
      expect(check.code, check.stdout + check.stderr).toBe(1);
      const doc = jsonOf(check) as { stale: { agent: string; reason: string }[] };
      expect(doc.stale.map((s) => s.agent)).toEqual(['cline']);
      expect(doc.stale[0]?.reason).toContain("deepseek-chat left the key's model list");
    } finally {
      await world.admin.updateToken(token);
    }
  });
});

describe('choosing only what works, on the real gateway', () => {
  it("setup falls back from a model whose channel cannot reach its provider to the next that answers, naming new-api's request id", async () => {
    const home = newHome();
    const r = await runCli(['setup', '--yes', '--json', '--base-url', world.gateway.root, '--agent', 'claude-code'], {
      home,
      env: env(world.keys.edge),
      timeoutMs: 60_000,
    });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const agent = (
      jsonOf(r) as {
        agents: { model: string; fallback?: { failed: { model: string; code: string; requestId?: string }[]; chosen: string } }[];
      }
    ).agents[0]!;
    expect(agent.model).toBe('claude-haiku-4-6');
    expect(agent.fallback?.chosen).toBe('claude-haiku-4-6');
    const failed = agent.fallback?.failed[0];
    expect(failed).toMatchObject({ model: 'claude-sonnet-4-6', code: 'channel_failed' });
    expect((await linesOf(failed!.requestId!)).join('\n')).toContain('/v1/messages');
  });

  it('a key out of quota stays on its model: the quota cause, the request id and the balance new-api tells', async () => {
    const r = await runCli(['setup', '--yes', '--json', '--dry-run', '--base-url', world.gateway.root, '--agent', 'codex'], {
      env: env(world.keys.low),
      timeoutMs: 60_000,
    });
    expect(r.code).toBe(1);
    const agent = (
      jsonOf(r) as { agents: { fallback?: unknown; probe?: { requestId?: string; diagnosis?: { code: string } }; notes: string[] }[] }
    ).agents[0]!;
    expect(agent.fallback).toBeUndefined();
    expect(agent.probe?.diagnosis?.code).toBe('quota');
    expect(agent.probe?.requestId).toBeTruthy();
    expect(agent.notes.join('\n')).toContain("The key's balance, as the gateway tells it: $");
  });

  it("a key whose limits are on and empty: models and setup say so, never 'another group'", async () => {
    const models = await runCli(['models', '--base-url', world.gateway.root], { env: env(world.keys.nolimits) });
    expect(models.stdout.replace(/\s+/g, ' ')).toContain("This key's model limits are switched on with no model in them");
    const setup = await runCli(['setup', '--yes', '--base-url', world.gateway.root, '--agent', 'claude-code'], {
      env: env(world.keys.nolimits),
      timeoutMs: 60_000,
    });
    expect(setup.code).toBe(1);
    expect(setup.stdout).not.toContain('This key is in another group');
  });

  it("the flaky group: each agent skips the models whose channels fail (429, 500, xAI's protocols), each skip with new-api's request id", async () => {
    const home = newHome();
    const r = await runCli(
      ['setup', '--yes', '--json', '--base-url', world.gateway.root, '--agent', 'codex', '--agent', 'claude-code', '--agent', 'opencode'],
      { home, env: env(world.keys.flaky), timeoutMs: 120_000 },
    );
    expect(r.code, r.stdout + r.stderr).toBe(0);
    type Failed = { model: string; code: string; requestId?: string };
    const doc = jsonOf(r) as {
      agents: { id: string; model: string; models?: string[]; fallback?: { failed: Failed[]; chosen: string }; leftOut?: Failed[] }[];
    };
    // OpenCode speaks chat, which xAI's adaptor serves.
    const answers = (id: string) => ['gpt-5-mini', 'acme-coder-mapped', ...(id === 'opencode' ? ['grok-4'] : [])];
    const failing: Record<string, string> = { 'gpt-5.1': 'channel_failed', 'gpt-5': 'channel_failed', 'grok-4': 'wrong_protocol' };
    const skipped: Failed[] = [];
    for (const a of doc.agents) {
      expect(answers(a.id), a.id).toContain(a.model);
      skipped.push(...(a.fallback?.failed ?? []), ...(a.leftOut ?? []));
      // A list keeps only the models that answered.
      for (const m of a.models ?? []) expect(answers(a.id), `${a.id} lists ${m}`).toContain(m);
    }
    // The failing models ranked first were tried and skipped for their own cause, with new-api's id
    // (grok-4 ranks below the models that answer, for Codex and Claude Code).
    expect(skipped.map((f) => f.model)).toEqual(expect.arrayContaining(['gpt-5.1', 'gpt-5']));
    for (const f of skipped) {
      expect(f.code, f.model).toBe(failing[f.model]);
      expect((await linesOf(f.requestId!)).length, `new-api logged ${f.requestId}`).toBeGreaterThan(0);
    }
  });

  it('the flaky group: models --group flaky prices at 1.5, and a mapped model answers by its own name', async () => {
    const doc = jsonOf(
      await runCli(['models', '--json', '--group', 'flaky', '--base-url', world.gateway.root], { env: env(world.keys.flaky) }),
    ) as { models: { id: string; pricing?: { inputPerMTok?: number } }[]; prices: { ratio: number; base: boolean } };
    expect(doc.prices).toMatchObject({ ratio: 1.5, base: false });
    // new-api's ModelRatio 0.2 is $0.40 per 1M input tokens, at the group's 1.5.
    expect(doc.models.find((m) => m.id === 'acme-coder-mapped')?.pricing?.inputPerMTok).toBeCloseTo(0.6, 6);
    const from = world.upstream.log.length;
    const v = await runCli(['verify', '--json', '--model', 'acme-coder-mapped', '--protocol', 'chat', '--base-url', world.gateway.root], {
      env: env(world.keys.flaky),
    });
    expect(v.code, v.stdout + v.stderr).toBe(0);
    // The provider was asked for the mapped name.
    expect(world.upstream.log.slice(from).map((e) => e.model)).toEqual(['gpt-4o-mini']);
  });

  it("prices at the key's group ratio: --group edge, or the key's own list telling its group (edge 1.2×, flaky 1.5×)", async () => {
    type Doc = { models: { id: string; pricing?: { inputPerMTok?: number } }[]; prices: { group?: string; ratio: number; base: boolean } };
    const models = async (key: string, ...args: string[]): Promise<Doc> =>
      jsonOf(await runCli(['models', '--json', ...args, '--base-url', world.gateway.root], { env: env(key) })) as unknown as Doc;
    const price = (doc: Doc, id: string) => doc.models.find((m) => m.id === id)?.pricing?.inputPerMTok;
    const named = await models(world.keys.edge, '--group', 'edge');
    const told = await models(world.keys.edge);
    expect(named.prices).toEqual({ group: 'edge', ratio: 1.2, base: false });
    expect(told.prices).toEqual({ group: 'edge', ratio: 1.2, base: false, inferred: true });
    // claude-haiku-4-6: model ratio 0.5 → $1 per 1M input tokens at ratio 1, × 1.2.
    expect(price(named, 'claude-haiku-4-6')).toBeCloseTo(1.2, 6);
    expect(price(told, 'claude-haiku-4-6')).toBeCloseTo(1.2, 6);
    // gpt-5-mini: model ratio 0.125 → $0.25 at ratio 1, × 1.5 in the flaky group.
    const flaky = await models(world.keys.flaky);
    expect(flaky.prices).toEqual({ group: 'flaky', ratio: 1.5, base: false, inferred: true });
    expect(price(flaky, 'gpt-5-mini')).toBeCloseTo(0.375, 6);
  });
});
