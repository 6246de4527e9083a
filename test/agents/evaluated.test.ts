// Nothing we write is evaluated, proven by the real agents: a gateway lists model ids that each
// agent would expand (`{env:…}`, `${{ … }}`, `$VAR`) ranked above the real ones; setup writes, then
// the real agent runs one-shot. What it sent (the simulator's log) holds no secret and no hostile id,
// and no command ran. Pi, whose `apiKey` may be a shell command, gets a key full of shell through a
// variable's name: the real Pi sends it as the key, and runs nothing.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_KEYS, DEFAULT_MODELS, DEMO_KEY } from '../../src/simulator/index.js';
import type { SimModel, Simulator } from '../../src/simulator/types.js';
import { jsonOf, runCli, tempHome } from '../helpers/cli.js';
import { stopProcessesOfHome } from '../helpers/processes.js';
import { startSim, stopAll } from '../helpers/sim.js';
import { ensureAgent, installsTimeout, pathWith, PINNED, type PinnedId } from './install.js';
import { seedHome } from './seed.js';

const SECRET = 'aws-secret-value-77c1d0';
const MARKER = join(tmpdir(), `gas-agents-ran-${process.pid}`);
const PI_KEY = `!touch\${IFS}${MARKER}`;

/** Per agent: the hostile ids it would expand, each a newer version of a model it would pick. */
const HOSTILE: Partial<Record<PinnedId, { id: string; like: string }[]>> = {
  opencode: [
    { id: 'claude-sonnet-9-{env:AWS_SECRET_ACCESS_KEY}', like: 'claude-sonnet-4-5' },
    { id: 'claude-sonnet-8-{file:/etc/hostname}', like: 'claude-sonnet-4-5' },
  ],
  kilo: [{ id: 'claude-sonnet-9-{env:AWS_SECRET_ACCESS_KEY}', like: 'claude-sonnet-4-5' }],
  'continue-cli': [
    { id: 'gpt-9.9-${{ secrets.AWS_SECRET_ACCESS_KEY }}', like: 'gpt-5.1' },
    { id: 'claude-sonnet-9-${{ secrets.AWS_SECRET_ACCESS_KEY }}', like: 'claude-sonnet-4-5' },
  ],
  'qwen-code': [
    { id: 'deepseek-chat-$AWS_SECRET_ACCESS_KEY', like: 'deepseek-chat' },
    { id: 'deepseek-v9-${AWS_SECRET_ACCESS_KEY}', like: 'deepseek-chat' },
  ],
};
const IDS = (Object.keys(HOSTILE) as PinnedId[]).filter((id) => PINNED[id] !== undefined);

let sim: Simulator;
const bins = new Map<PinnedId, string>();
beforeAll(
  async () => {
    const hostile: SimModel[] = IDS.flatMap((id) => HOSTILE[id]!).map(({ id, like }) => ({
      ...(DEFAULT_MODELS.find((m) => m.id === like) ?? DEFAULT_MODELS[0]!),
      id,
    }));
    sim = await startSim({
      models: [...hostile, ...DEFAULT_MODELS],
      keys: [...DEFAULT_KEYS, { key: PI_KEY, name: 'shell-looking', group: 'default', unlimited: true }],
    });
    for (const id of [...IDS, 'pi' as PinnedId]) if (PINNED[id]) bins.set(id, await ensureAgent(id));
  },
  installsTimeout(IDS.length + 1),
);
afterAll(stopAll);

const homes: { dir: string; remove: () => void }[] = [];
afterEach(async () => {
  for (const h of homes.splice(0)) {
    await stopProcessesOfHome(h.dir);
    h.remove();
  }
});
const newHome = (): string => {
  const h = tempHome();
  homes.push(h);
  return h.dir;
};

/** The requests the agent itself sent (our own probes carry our user agent). */
const agentRequests = (from: number) =>
  sim.log.slice(from).filter((e) => e.method === 'POST' && !(e.headers['user-agent'] ?? '').startsWith('gateway-agent-setup/'));

describe.each(IDS)('%s, the real agent, against model ids it would expand', (id) => {
  it('setup picks a model it takes literally; the real agent sends no secret and runs nothing', async () => {
    const home = newHome();
    const env = {
      PATH: pathWith(bins.get(id)),
      GATEWAY_API_KEY: DEMO_KEY,
      AWS_SECRET_ACCESS_KEY: SECRET,
    };
    const setup = await runCli(['setup', '--yes', '--json', '--base-url', sim.root, '--agent', id], { home, env, timeoutMs: 60_000 });
    expect(setup.code, setup.stderr + setup.stdout).toBe(0);
    const model = (jsonOf(setup) as { agents: { model: string }[] }).agents[0]!.model;
    expect(HOSTILE[id]!.map((h) => h.id)).not.toContain(model);
    seedHome(id, home);
    const from = sim.log.length;
    const run = await runCli(['verify', '--agent-run', '--agent', id, '--json'], { home, env, timeoutMs: 200_000 });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const sent = agentRequests(from);
    expect(sent.length).toBeGreaterThan(0);
    for (const e of sent) {
      expect(JSON.stringify(e)).not.toContain(SECRET);
      expect(HOSTILE[id]!.map((h) => h.id)).not.toContain(e.model);
    }
    expect(run.stdout + run.stderr).not.toContain(SECRET);
  });
});

describe('pi, the real agent, with a key that looks like a shell command', () => {
  it("--key-storage env: Pi reads the key through the variable's name and sends it; nothing runs", async () => {
    if (!PINNED.pi) throw new Error('Pi is not pinned: this test has nothing to run');
    const home = newHome();
    const env = { PATH: pathWith(bins.get('pi' as PinnedId)), GATEWAY_API_KEY: PI_KEY };
    // Written as a literal, Pi would run it: refused.
    const literal = await runCli(['setup', '--yes', '--base-url', sim.root, '--agent', 'pi'], { home, env });
    expect(literal.code).toBe(2);
    const setup = await runCli(['setup', '--yes', '--base-url', sim.root, '--agent', 'pi', '--key-storage', 'env'], {
      home,
      env,
      timeoutMs: 60_000,
    });
    expect(setup.code, setup.stderr + setup.stdout).toBe(0);
    seedHome('pi' as PinnedId, home);
    const from = sim.log.length;
    const run = await runCli(['verify', '--agent-run', '--agent', 'pi', '--json'], { home, env, timeoutMs: 200_000 });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const sent = agentRequests(from);
    expect(sent.length).toBeGreaterThan(0);
    for (const e of sent) expect(e.auth.key).toBe(PI_KEY);
    expect(existsSync(MARKER)).toBe(false);
  });
});
