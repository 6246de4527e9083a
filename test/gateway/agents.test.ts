// The real agents (pinned, from npm and PyPI, the agents tier's cache) through the real new-api to our
// upstream: setup writes each agent's config for new-api, the agent runs one-shot, new-api logs
// the request in the agent's protocol and forwards it to the provider behind its channel.
// Every process an agent leaves behind is stopped by PID, a failing test's too.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AGENTS, SUPPORTED_AGENT_IDS } from '../../src/agents/registry.js';
import type { AgentRequest } from '../../src/agents/types.js';
import { readCurrent } from '../../src/setup/read-current.js';
import { CHANNELS, MODELS } from '../conformance/world.js';
import { ensureAgent, EVERY_PROTOCOL, PINNED, type PinnedId, type Which } from '../agents/install.js';
import { RUNS as EVERY_RUN, versionOf } from '../agents/world.js';
import { seedHome } from '../agents/seed.js';
import { jsonOf, runCli, tempHome } from '../helpers/cli.js';
import { processesOfHome, stopProcessesOfHome } from '../helpers/processes.js';
import { NEW_API_RELEASES, releaseUnderTest, type NewApiRelease } from './new-api.js';
import { startRealWorld, type RealWorld } from './world-real.js';
import { english, isMessage } from '../../src/i18n/index.js';

/**
 * Every agent runs on the newest release. On an older one, one real agent for each protocol, each an
 * agent that speaks only that one: Claude Code (messages), Codex CLI (Responses) and Aider (chat, to
 * a model of an Anthropic channel, which new-api converts). What an agent sends does not change
 * with the gateway's release (the agents tier and the newest release prove each agent's); what a
 * release changes is how it serves each protocol, which these and the conformance table (whole, on
 * every release) prove. The agents themselves are most of the tier's time.
 */
const NEWEST = (Object.keys(NEW_API_RELEASES) as NewApiRelease[]).at(-1);
const EVERY_AGENT = releaseUnderTest() === NEWEST;
const ONE_PER_PROTOCOL: readonly PinnedId[] = ['claude-code', 'codex', 'aider'];

/** Each agent at its pinned newest, and those whose format differs by version at their floor too (the agents tier's runs). */
const RUNS: readonly [PinnedId, Which][] = EVERY_AGENT
  ? EVERY_RUN
  : EVERY_RUN.filter(([id, which]) => which === 'newest' && ONE_PER_PROTOCOL.includes(id));
/** The agents setup writes nothing for that `launch` starts (Letta Code): proven through launch. */
const LAUNCH_ONLY = EVERY_AGENT ? (Object.keys(PINNED) as PinnedId[]).filter((id) => !SUPPORTED_AGENT_IDS.includes(id)) : [];

/** The request the agent should send, rebuilt by its own module from the files setup wrote. */
async function expected(id: PinnedId, home: string, which: Which): Promise<AgentRequest & { file: string }> {
  // Read as the version that runs reads it.
  const version = versionOf(id, which);
  const env = { home, env: {}, cwd: home, platform: process.platform, ...(version !== undefined && { agentVersion: version }) };
  const request = AGENTS[id].readBack(env, 'user', await readCurrent(AGENTS[id], env, 'user'));
  if (isMessage(request)) throw new Error(english(request));
  const { file } = request;
  if (typeof file !== 'string') throw new Error(`${id}: the request was read from ${english(file)}, not a file`);
  return { ...request, file };
}

let world: RealWorld;
const bins = new Map<string, string>();
beforeAll(async () => {
  // Installed by test/gateway/prepare.ts before the tier went offline: this only finds them.
  for (const [id, which] of RUNS) bins.set(`${id}@${which}`, await ensureAgent(id, which));
  for (const id of LAUNCH_ONLY) bins.set(`${id}@newest`, await ensureAgent(id));
  world = await startRealWorld();
});
afterAll(async () => {
  await world?.stop();
});

/**
 * new-api's access lines for `request` (`POST /v1/…`) since `from`: it writes one after the answer
 * has gone out, so this waits up to 5 s for one that says 200.
 */
async function loggedLines(from: number, request: string): Promise<string[]> {
  let logged: string[] = [];
  for (let waited = 0; waited < 5_000 && !logged.some((l) => / 200 \|/.test(l)); waited += 50) {
    logged = world.gateway
      .log()
      .slice(from)
      .split('\n')
      .filter((l) => l.includes(request));
    if (!logged.some((l) => / 200 \|/.test(l))) await new Promise((r) => setTimeout(r, 50));
  }
  return logged;
}

const homes: { dir: string; remove: () => void }[] = [];
afterEach(async () => {
  for (const h of homes.splice(0)) {
    await stopProcessesOfHome(h.dir);
    h.remove();
  }
});

describe(`the real agents on new-api ${releaseUnderTest()}`, () => {
  it(EVERY_AGENT ? 'every pinned agent runs (the newest release)' : 'a real agent for each protocol, each speaking that one only', () => {
    // Every agent the registry says is verified (a new one by its module alone), at its newest.
    const verified = SUPPORTED_AGENT_IDS.filter((id) => AGENTS[id].install.verified !== undefined);
    if (EVERY_AGENT) expect(RUNS.filter(([, which]) => which === 'newest').map(([id]) => id)).toEqual(verified);
    else expect(RUNS.map(([id]) => AGENTS[id].protocols)).toEqual([['messages'], ['responses'], ['chat']]);
  });
});

describe.each(RUNS)('%s (%s version) through new-api', (id, which) => {
  it("answers one-shot with the model setup chose: its protocol's path on new-api and upstream", async () => {
    const h = tempHome();
    homes.push(h);
    const env = { PATH: `${bins.get(`${id}@${which}`)}:${process.env['PATH'] ?? '/usr/bin:/bin'}`, GATEWAY_API_KEY: world.keys.full };
    const setup = await runCli(['setup', '--yes', '--json', '--base-url', world.gateway.root, '--agent', id], {
      home: h.dir,
      env,
      timeoutMs: 60_000,
    });
    expect(setup.code, setup.stdout + setup.stderr).toBe(0);
    seedHome(id, h.dir);
    const want = await expected(id, h.dir, which);
    // new-api forwards a request to a channel of the same protocol on the same path; chat
    // completions sent to a model of an Anthropic channel (a chat-only agent such as Aider) it
    // converts to the channel's own messages.
    const path = new URL(want.url).pathname;
    const anthropicChannel = CHANNELS.find((ch) => ch.name === MODELS.find((m) => m.id === want.model)?.channel)?.type === 'anthropic';
    const c = {
      model: want.model,
      gatewayPath: `POST ${path}`,
      upstreamPath: anthropicChannel && path.endsWith('/chat/completions') ? '/v1/messages' : path,
    };

    const logBefore = world.gateway.log().length;
    const from = world.upstream.log.length;
    const run = await runCli(['verify', '--agent-run', '--agent', id, '--json'], { home: h.dir, env, timeoutMs: 200_000 });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const doc = jsonOf(run) as { ok: boolean; agents: { id: string; ok: boolean; model?: string; command: string }[] };
    expect(doc.agents.map((a) => [a.id, a.ok, a.model])).toEqual([[id, true, c.model]]);
    expect(doc.agents[0]?.command).not.toContain(world.keys.full);
    expect(run.stdout + run.stderr).not.toContain(world.keys.full);

    // new-api logged the agent's own request, answered 200, on the path of the agent's protocol.
    // new-api writes the access line after the answer has gone out: give it a moment.
    const logged = await loggedLines(logBefore, c.gatewayPath);
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

/** The world's models setup gives each protocol: o3-pro is served over Responses only. */
const MODEL_FOR: Readonly<Record<string, string>> = { messages: 'claude-sonnet-4-5', chat: 'deepseek-chat', responses: 'o3-pro' };
/**
 * OpenHands CLI sends only gpt-5 ids over Responses (by name, whatever their marks), so o3-pro does
 * not suit it: its Responses model is gpt-5-codex, which is marked for chat too on new-api v0.10.2
 * (where an agent that prefers chat would take it there).
 */
const RESPONSES_BY_NAME: Readonly<Partial<Record<PinnedId, string>>> = { openhands: 'gpt-5-codex' };
const PROTOCOL_RUNS = (EVERY_AGENT ? EVERY_PROTOCOL : []).flatMap((id) =>
  AGENTS[id].protocols.filter((p) => p !== 'images').map((protocol): [PinnedId, string] => [id, protocol]),
);

describe.each(PROTOCOL_RUNS)('%s over %s through new-api', (id, protocol) => {
  it("setup with a model of that protocol; new-api logs the real agent's request on its path, 200, and forwards it", async () => {
    const h = tempHome();
    homes.push(h);
    const env = { PATH: `${bins.get(`${id}@newest`)}:${process.env['PATH'] ?? '/usr/bin:/bin'}`, GATEWAY_API_KEY: world.keys.full };
    const model = (protocol === 'responses' ? RESPONSES_BY_NAME[id] : undefined) ?? MODEL_FOR[protocol]!;
    const setup = await runCli(['setup', '--yes', '--json', '--base-url', world.gateway.root, '--agent', id, '--model', model], {
      home: h.dir,
      env,
      timeoutMs: 60_000,
    });
    expect(setup.code, setup.stdout + setup.stderr).toBe(0);
    seedHome(id, h.dir);
    const want = await expected(id, h.dir, 'newest');
    expect([want.protocol, want.model]).toEqual([protocol, model]);
    const gatewayPath = `POST ${new URL(want.url).pathname}`;
    const logBefore = world.gateway.log().length;
    const from = world.upstream.log.length;
    const run = await runCli(['verify', '--agent-run', '--agent', id, '--json'], { home: h.dir, env, timeoutMs: 200_000 });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout + run.stderr).not.toContain(world.keys.full);
    const logged = await loggedLines(logBefore, gatewayPath);
    expect(
      logged.some((l) => / 200 \|/.test(l)),
      `new-api logged ${gatewayPath} 200`,
    ).toBe(true);
    const forwarded = world.upstream.log.slice(from).filter((e) => e.model === model);
    expect(forwarded.length, `the provider got ${model}`).toBeGreaterThan(0);
    expect(forwarded.every((e) => e.status === 200)).toBe(true);
    expect(await processesOfHome(h.dir), 'processes left running').toEqual([]);
  });
});

/**
 * Agents that cannot be installed here (no verified version; the README says why): the request
 * rebuilt from the config setup wrote for new-api, sent by `doctor`, is what new-api logs and answers.
 */
const NOT_RUN = SUPPORTED_AGENT_IDS.filter((id) => AGENTS[id].install.verified === undefined);

describe.each(NOT_RUN)('%s through new-api, not installable here: the request rebuilt from its config', (id) => {
  it('doctor sends it; new-api logs it on the path of the protocol the module chose, 200', async () => {
    const h = tempHome();
    homes.push(h);
    const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', GATEWAY_API_KEY: world.keys.full };
    const setup = await runCli(['setup', '--yes', '--json', '--base-url', world.gateway.root, '--agent', id], {
      home: h.dir,
      env,
      timeoutMs: 60_000,
    });
    expect(setup.code, setup.stdout + setup.stderr).toBe(0);
    const want = await expected(id, h.dir, 'newest');
    const gatewayPath = `POST ${new URL(want.url).pathname}`;
    const logBefore = world.gateway.log().length;
    const doctor = await runCli(['doctor', '--json', '--agent', id], { home: h.dir, env, timeoutMs: 60_000 });
    expect(doctor.code, doctor.stdout + doctor.stderr).toBe(0);
    const logged = await loggedLines(logBefore, gatewayPath);
    expect(
      logged.some((l) => / 200 \|/.test(l)),
      `new-api logged ${gatewayPath} 200`,
    ).toBe(true);
    expect(doctor.stdout + doctor.stderr).not.toContain(world.keys.full);
  });
});

describe.each(LAUNCH_ONLY)('%s through new-api, started by launch', (id) => {
  it("one session: new-api logs the real agent's chat request with the key, 200, and forwards it", async () => {
    const h = tempHome();
    homes.push(h);
    const env = { PATH: `${bins.get(`${id}@newest`)}:${process.env['PATH'] ?? '/usr/bin:/bin'}`, GATEWAY_API_KEY: world.keys.full };
    // The agent's one-shot arguments, its model's left to launch (which chooses and probes it).
    const shot = AGENTS[id].oneShot('MODEL', 'Reply with the single word OK.');
    const args = shot.args.filter((a) => !a.includes('MODEL') && a !== '--backend' && a !== 'local');
    const logBefore = world.gateway.log().length;
    const from = world.upstream.log.length;
    const run = await runCli(['launch', id, '--base-url', world.gateway.root, '--', ...args], { home: h.dir, env, timeoutMs: 200_000 });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/OK/i);
    expect(run.stdout + run.stderr).not.toContain(world.keys.full);
    const model = /with (\S+) \(chat\)/.exec(run.stderr.replace(/\s+/g, ' '))?.[1];
    expect(model, run.stderr).toBeDefined();
    // The probe's request and the agent's: both on chat completions, answered 200, the model forwarded.
    const logged = await loggedLines(logBefore, 'POST /v1/chat/completions');
    expect(logged.filter((l) => / 200 \|/.test(l)).length, 'new-api logged the probe and the agent').toBeGreaterThan(1);
    expect(logged.some((l) => l.includes('/v1/v1/'))).toBe(false);
    const forwarded = world.upstream.log.slice(from).filter((e) => e.model === model);
    expect(forwarded.length).toBeGreaterThan(1);
    expect(forwarded.every((e) => e.status === 200 && e.auth.key !== world.keys.full)).toBe(true);
    expect(await processesOfHome(h.dir), 'processes left running').toEqual([]);
  });
});
