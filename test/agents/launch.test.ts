// The agents tier for `launch`: each real agent (pinned, cached) that has a session is started by
// `launch <id> -- <its one-shot arguments>` through the built bin, in a home holding its lived-in
// config (pointing elsewhere, with keys of its own); the simulator's log shows what the agent sent:
// path, model, key. Its exit code is launch's, and its config file is byte-identical afterwards.
// GitHub Copilot CLI is also proven through the env file setup writes, sourced in a real shell.
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AGENTS, type AgentId } from '../../src/agents/registry.js';
import { QUIET_AGENT_ENV } from '../../src/agent-run/run.js';
import { PROTOCOL_PATHS, type Protocol } from '../../src/core/types.js';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { RequestLogEntry, Simulator } from '../../src/simulator/types.js';
import { FIXTURES, LAUNCH_ONLY_FIXTURES } from '../fixtures/agents/index.js';
import { runCli, shown, tempHome } from '../helpers/cli.js';
import { stopProcessesOfHome } from '../helpers/processes.js';
import { startSim, stopAll } from '../helpers/sim.js';
import { ensureAgent, ensureVersion, installsTimeout, pathWith, PINNED, type PinnedId } from './install.js';
import { agentRequests as requestsOfAgent } from './requests.js';
import { seedHome } from './seed.js';

const IDS = (Object.keys(PINNED) as PinnedId[]).filter((id) => AGENTS[id].session !== undefined);
const PROMPT = 'Reply with the single word OK.';
const MARK = 'MODEL-CHOSEN-BY-LAUNCH';

/** The agent's one-shot arguments without its model: `launch` gives the session its model. */
function oneShotArgs(id: AgentId): { args: string[]; env: Record<string, string> } {
  const shot = AGENTS[id].oneShot(MARK, PROMPT);
  // The model's argument goes, and the flag before it when the model is a separate argument (Pi's `--model ID`).
  const at = shot.args.findIndex((a) => a.includes(MARK));
  const drop = at === -1 ? 0 : shot.args[at - 1] === '--model' ? 2 : 1;
  let args = at === -1 ? shot.args : [...shot.args.slice(0, at - drop + 1), ...shot.args.slice(at + 1)];
  // Hermes Agent names its provider only beside a model (it refuses `--provider` alone): both go.
  const provider = args.indexOf('--provider');
  if (provider !== -1) args = [...args.slice(0, provider), ...args.slice(provider + 2)];
  return { args, env: shot.env ?? {} };
}

let sim: Simulator;
const bins = new Map<PinnedId, string>();
beforeAll(async () => {
  sim = await startSim();
  for (const id of IDS) bins.set(id, await ensureAgent(id));
}, installsTimeout(IDS.length));
afterAll(stopAll);

const homes: { dir: string; remove: () => void }[] = [];
afterEach(async () => {
  for (const h of homes.splice(0)) {
    await stopProcessesOfHome(h.dir);
    h.remove();
  }
});

/** The files under `dir` whose bytes hold `secret`. */
function filesHolding(dir: string, secret: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .filter((f) => readFileSync(f).includes(secret));
}

/** The agent's lived-in files: setup's agents, and those only launch starts (Letta Code). */
const fixtureOf = (id: AgentId) => [...FIXTURES, ...LAUNCH_ONLY_FIXTURES].find((f) => f.id === id);

/** A home with the agent's lived-in files (other providers, keys of their own) and what an online machine would have. */
function livedInHome(id: AgentId): string {
  const h = tempHome();
  homes.push(h);
  const fixture = fixtureOf(id);
  for (const [rel, text] of Object.entries(fixture?.texts ?? {})) {
    mkdirSync(dirname(join(h.dir, rel)), { recursive: true });
    writeFileSync(join(h.dir, rel), text);
  }
  seedHome(id, h.dir);
  return h.dir;
}

const agentRequests = (from: number): RequestLogEntry[] => requestsOfAgent(sim.log, from);

describe.each(IDS)('launch %s, the real agent', (id) => {
  it('one session through launch: the request in the log (path, model, key), exit code 0, its config file untouched', async () => {
    const home = livedInHome(id);
    const fixture = fixtureOf(id)!;
    const main = join(home, fixture.main);
    const before = { text: readFileSync(main), mtimeMs: statSync(main).mtimeMs };
    const { args, env: shotEnv } = oneShotArgs(id);
    const env = {
      ...QUIET_AGENT_ENV,
      ...shotEnv,
      PATH: pathWith(bins.get(id)),
      GATEWAY_API_KEY: DEMO_KEY,
      GATEWAY_BASE_URL: sim.root,
    };
    const from = sim.log.length;
    const r = await runCli(['launch', id, '--', ...args], { home, env, timeoutMs: 200_000 });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const chosen = /with (\S+) \((messages|chat|responses)\)/.exec(r.stderr.replace(/\s+/g, ' '));
    expect(chosen, r.stderr).not.toBeNull();
    const [, model, protocol] = chosen!;
    const sent = agentRequests(from);
    expect(sent.length, `the agent sent no request to the gateway\n${r.stdout}\n${r.stderr}`).toBeGreaterThan(0);
    for (const e of sent) {
      expect(e.path.split('?')[0]).toBe(PROTOCOL_PATHS[protocol as Protocol]);
      expect(e.auth.key).toBe(DEMO_KEY);
      expect(e.status).toBe(200);
    }
    expect(sent.map((e) => e.model)).toContain(model);
    expect(r.stdout).toMatch(/OK/i);
    // The user's config, which points elsewhere: not one byte or timestamp changed.
    expect(readFileSync(main)).toEqual(before.text);
    expect(statSync(main).mtimeMs).toBe(before.mtimeMs);
    expect(r.stdout + r.stderr).not.toContain(DEMO_KEY);
    // What the agent keeps of the session in the home (its state, history, settings): never the key.
    expect(filesHolding(home, DEMO_KEY)).toEqual([]);
  });
});

describe("launch: the agent's own exit code passes through", () => {
  it('GitHub Copilot CLI refusing an unknown flag: launch exits with the code the agent gives when run by itself', async () => {
    const home = livedInHome('copilot-cli');
    const PATH = pathWith(bins.get('copilot-cli'));
    const direct = await promisify(execFile)('copilot', ['--no-such-flag'], { env: { PATH, HOME: home } }).then(
      () => 0,
      (e: { code?: number }) => e.code ?? -1,
    );
    expect(direct).not.toBe(0);
    const r = await runCli(['launch', 'copilot-cli', '--', '--no-such-flag'], {
      home,
      env: { PATH, GATEWAY_API_KEY: DEMO_KEY, GATEWAY_BASE_URL: sim.root },
      timeoutMs: 60_000,
    });
    expect(r.code).toBe(direct);
  });
});

describe('GitHub Copilot CLI through the env file setup writes', () => {
  it.each(['file', 'env'] as const)(
    'key storage %s: sourced in a real shell, its one-shot sends the request the module reads back',
    async (storage) => {
      const h = tempHome();
      homes.push(h);
      const home = h.dir;
      const PATH = pathWith(bins.get('copilot-cli'));
      const setup = await runCli(['setup', '--yes', '--base-url', `${sim.root}/v1`, '--agent', 'copilot-cli', '--key-storage', storage], {
        home,
        env: { PATH, GATEWAY_API_KEY: DEMO_KEY },
        timeoutMs: 60_000,
      });
      expect(setup.code, setup.stdout + setup.stderr).toBe(0);
      const file = join(home, '.config', 'gateway-agent-setup', 'env', 'copilot-cli.env');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(setup.stdout.replace(/\s+/g, ' ')).toContain(`source ${shown(home, file)}`);
      const text = readFileSync(file, 'utf8');
      if (storage === 'env') expect(text).not.toContain(DEMO_KEY);
      const from = sim.log.length;
      // A shell that has only the key's variable (key storage env) sources the file and runs the one-shot.
      const { stdout } = await promisify(execFile)('sh', ['-c', '. "$1" && exec copilot -p "$2" --allow-all-tools', 'sh', file, PROMPT], {
        env: { PATH, HOME: home, ...(storage === 'env' && { GATEWAY_API_KEY: DEMO_KEY }) },
        cwd: home,
        timeout: 120_000,
      });
      expect(stdout).toMatch(/OK/i);
      const sent = agentRequests(from);
      expect(sent.length).toBeGreaterThan(0);
      expect(sent.map((e) => [e.path, e.auth.key === DEMO_KEY, e.model, e.status])).toContainEqual([
        '/v1/messages',
        true,
        'claude-sonnet-4-5',
        200,
      ]);
      // Then remove takes our variables out of it.
      const removed = await runCli(['remove', '--yes', '--agent', 'copilot-cli'], {
        home,
        env: { PATH, GATEWAY_API_KEY: DEMO_KEY, GATEWAY_BASE_URL: sim.root },
      });
      expect(removed.code, removed.stdout + removed.stderr).toBe(0);
      expect(readFileSync(file, 'utf8')).not.toContain('COPILOT_PROVIDER_BASE_URL');
    },
  );
});

// OpenCode substitutes `{env:VAR}` in OPENCODE_CONFIG_CONTENT, how launch gives it the key, only from
// one release on: on each side of it, what the real opencode sends given such a text decides what
// launch must do (start it, the key sent; or refuse before starting it, saying why).
describe('launch OpenCode on both sides of the release that reads `{env:…}` in its session config', () => {
  it(
    '1.2.6 and 1.2.11: launch starts only the one that sends the key, and names the update for the other',
    async () => {
      const outcomes: boolean[] = [];
      for (const version of ['1.2.6', '1.2.11']) {
        const PATH = pathWith(await ensureVersion('opencode', version));
        const home = livedInHome('opencode');
        const content = {
          model: 'gateway/deepseek-chat',
          provider: {
            gateway: {
              npm: '@ai-sdk/openai-compatible',
              name: 'Gateway',
              options: { baseURL: `${sim.root}/v1`, apiKey: '{env:GATEWAY_API_KEY}' },
              models: { 'deepseek-chat': { name: 'deepseek-chat' } },
            },
          },
        };
        let from = sim.log.length;
        const direct = promisify(execFile)('opencode', ['run', '--model=gateway/deepseek-chat', PROMPT], {
          cwd: home,
          env: { ...QUIET_AGENT_ENV, PATH, HOME: home, OPENCODE_CONFIG_CONTENT: JSON.stringify(content), GATEWAY_API_KEY: DEMO_KEY },
          timeout: 120_000,
        });
        direct.child.stdin?.end();
        await direct.catch(() => undefined);
        const keys = [...new Set(agentRequests(from).map((e) => e.auth.key))];
        expect(keys.length, `opencode ${version} sent no request`).toBe(1);
        const readsRefs = keys[0] === DEMO_KEY;
        if (!readsRefs) expect(keys).toEqual(['{env:GATEWAY_API_KEY}']);
        outcomes.push(readsRefs);

        from = sim.log.length;
        const r = await runCli(['launch', 'opencode', '--', ...oneShotArgs('opencode').args], {
          home,
          env: { ...QUIET_AGENT_ENV, PATH, GATEWAY_API_KEY: DEMO_KEY, GATEWAY_BASE_URL: sim.root },
          timeoutMs: 200_000,
        });
        const sent = agentRequests(from);
        if (readsRefs) {
          expect(r.code, r.stdout + r.stderr).toBe(0);
          expect(sent.map((e) => e.auth.key)).toContain(DEMO_KEY);
        } else {
          expect(r.code, r.stdout + r.stderr).toBe(1);
          expect(r.stderr.replace(/\s+/g, ' ')).toContain(`OpenCode ${version} takes \`{env:…}\` in OPENCODE_CONFIG_CONTENT as it is`);
          expect(r.stderr).toContain('npm install -g opencode-ai@latest');
          expect(sent).toEqual([]);
        }
        expect(r.stdout + r.stderr).not.toContain(DEMO_KEY);
      }
      // The two releases are on either side of the change.
      expect(outcomes).toEqual([false, true]);
    },
    installsTimeout(2) + 400_000,
  );
});
