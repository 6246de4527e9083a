// The real agents (pinned, from npm, the agents tier's cache) through the real new-api to our
// upstream: setup writes each agent's config for new-api, the agent runs one-shot, new-api logs
// the request in the agent's protocol and forwards it to the provider behind its channel.
// Every process an agent leaves behind is stopped by PID, a failing test's too.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ensureAgent, type PinnedId } from '../agents/install.js';
import { jsonOf, runCli, tempHome } from '../helpers/cli.js';
import { processesOfHome, stopProcessesOfHome } from '../helpers/processes.js';
import { startRealWorld, type RealWorld } from './world-real.js';

interface Case {
  id: PinnedId;
  model: string;
  /** The path the agent calls on new-api, as new-api logs it. */
  gatewayPath: string;
  /** The path new-api's channel calls on the provider. */
  upstreamPath: string;
}

const CASES: Case[] = [
  { id: 'claude-code', model: 'claude-sonnet-4-5', gatewayPath: 'POST /v1/messages', upstreamPath: '/v1/messages' },
  { id: 'codex', model: 'o3-pro', gatewayPath: 'POST /v1/responses', upstreamPath: '/v1/responses' },
  { id: 'opencode', model: 'claude-sonnet-4-5', gatewayPath: 'POST /v1/messages', upstreamPath: '/v1/messages' },
  { id: 'qwen-code', model: 'deepseek-chat', gatewayPath: 'POST /v1/chat/completions', upstreamPath: '/v1/chat/completions' },
  { id: 'cline', model: 'deepseek-chat', gatewayPath: 'POST /v1/chat/completions', upstreamPath: '/v1/chat/completions' },
];

let world: RealWorld;
const bins = new Map<PinnedId, string>();
beforeAll(async () => {
  // Installed by test/gateway/prepare.ts before the tier went offline: this only finds them.
  for (const c of CASES) bins.set(c.id, await ensureAgent(c.id));
  world = await startRealWorld();
});
afterAll(async () => {
  await world?.stop();
});

const homes: { dir: string; remove: () => void }[] = [];
afterEach(async () => {
  for (const h of homes.splice(0)) {
    await stopProcessesOfHome(h.dir);
    h.remove();
  }
});

describe.each(CASES)('$id through new-api', (c) => {
  it(`answers one-shot with ${c.model}: ${c.gatewayPath} on new-api, ${c.upstreamPath} upstream`, async () => {
    const h = tempHome();
    homes.push(h);
    const env = { PATH: `${bins.get(c.id)}:${process.env['PATH'] ?? '/usr/bin:/bin'}`, GATEWAY_API_KEY: world.keys.full };
    const setup = await runCli(['setup', '--yes', '--json', '--base-url', world.gateway.root, '--agent', c.id, '--model', `${c.id}=${c.model}`], { home: h.dir, env, timeoutMs: 60_000 });
    expect(setup.code, setup.stdout + setup.stderr).toBe(0);

    const logBefore = world.gateway.log().length;
    const from = world.upstream.log.length;
    const run = await runCli(['verify', '--agent-run', '--agent', c.id, '--json'], { home: h.dir, env, timeoutMs: 200_000 });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const doc = jsonOf(run) as { ok: boolean; agents: { id: string; ok: boolean; model?: string; command: string }[] };
    expect(doc.agents.map((a) => [a.id, a.ok, a.model])).toEqual([[c.id, true, c.model]]);
    expect(doc.agents[0]?.command).not.toContain(world.keys.full);
    expect(run.stdout + run.stderr).not.toContain(world.keys.full);

    // new-api logged the agent's own request, answered 200, on the path of the agent's protocol.
    // new-api writes the access line after the answer has gone out: give it a moment.
    let logged: string[] = [];
    for (let waited = 0; waited < 5_000 && !logged.some((l) => / 200 \|/.test(l)); waited += 50) {
      logged = world.gateway.log().slice(logBefore).split('\n').filter((l) => l.includes(c.gatewayPath));
      if (!logged.some((l) => / 200 \|/.test(l))) await new Promise((r) => setTimeout(r, 50));
    }
    expect(logged.length, `new-api logged ${c.gatewayPath}`).toBeGreaterThan(0);
    expect(logged.some((l) => / 200 \|/.test(l))).toBe(true);
    expect(logged.some((l) => l.includes('/v1/v1/'))).toBe(false);
    // …and forwarded it to the provider with the channel's key.
    const forwarded = world.upstream.log.slice(from).filter((e) => e.model === c.model);
    expect(forwarded.length, `the provider got ${c.model}`).toBeGreaterThan(0);
    expect(forwarded.every((e) => e.path.split('?')[0]?.endsWith(c.upstreamPath) && e.status === 200)).toBe(true);
    expect(forwarded.every((e) => e.auth.key !== world.keys.full)).toBe(true);

    expect(await processesOfHome(h.dir), 'processes left running').toEqual([]);
  });
});
