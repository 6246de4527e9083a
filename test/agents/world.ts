// What the agents tier's files share: the runs (each pinned agent at its newest, and at its floor
// where its format changed), the simulator and the cached installs, the homes each test makes (and
// stops every process of afterwards), and the request an agent should send, rebuilt by its module.
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { AGENTS } from '../../src/agents/registry.js';
import type { AgentRequest } from '../../src/agents/types.js';
import { readCurrent } from '../../src/setup/read-current.js';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { RequestLogEntry, Simulator } from '../../src/simulator/types.js';
import { english, isMessage } from '../../src/i18n/index.js';
import { tempHome } from '../helpers/cli.js';
import { processesOfHome, stopProcessesOfHome } from '../helpers/processes.js';
import { startSim, stopAll } from '../helpers/sim.js';
import { ensureAgent, FLOOR_IDS, FLOORS, installsTimeout, pathWith, PINNED, setupIds, type PinnedId, type Which } from './install.js';
import { agentRequests as requestsOfAgent } from './requests.js';

/** Every agent the registry pins a verified version for: a new agent is covered by its module alone. */
const IDS = setupIds(Object.keys(PINNED) as PinnedId[]);

/** Each agent at its pinned newest, and those whose format differs by version at their floor too. */
export const RUNS: [PinnedId, Which][] = [
  ...IDS.map((id): [PinnedId, Which] => [id, 'newest']),
  ...FLOOR_IDS.map((id): [PinnedId, Which] => [id, 'floor']),
];
/** The version that runs; none for an agent not installed here. */
export const versionOf = (id: PinnedId, which: Which): string | undefined => (which === 'floor' ? FLOORS[id] : PINNED[id])?.version;

/**
 * The request the agent should send, rebuilt by its own module from the files setup wrote: the real
 * agent must send exactly that (path, header, key, model), which is what proves the module right.
 */
export async function expected(id: PinnedId, home: string, which: Which = 'newest'): Promise<AgentRequest & { file: string }> {
  // Read as the version that runs reads it.
  const version = versionOf(id, which);
  const env = {
    home,
    env: { GATEWAY_API_KEY: DEMO_KEY },
    cwd: home,
    platform: process.platform,
    ...(version !== undefined && { agentVersion: version }),
  };
  const request = AGENTS[id].readBack(env, 'user', await readCurrent(AGENTS[id], env, 'user'));
  if (isMessage(request)) throw new Error(english(request));
  const { file } = request;
  if (typeof file !== 'string') throw new Error(`${id}: the request was read from ${english(file)}, not a file`);
  return { ...request, file };
}

export const pathOf = (url: string): string => new URL(url).pathname;

/**
 * The config with one /v1 too many, as a user would write it by hand: root + /v1 gets another, and
 * a bare root (an agent that appends /v1 itself) gets one, quoted (JSON) or at a line's end (.env).
 */
export function doubleV1(text: string): string {
  if (text.includes(`${sim.root}/v1`)) return text.split(`${sim.root}/v1`).join(`${sim.root}/v1/v1`);
  return text.split(`"${sim.root}"`).join(`"${sim.root}/v1"`).split(`=${sim.root}\n`).join(`=${sim.root}/v1\n`);
}

export interface RunDoc {
  ok: boolean;
  agents: {
    id: string;
    ok: boolean;
    failure?: string;
    model?: string;
    command: string;
    stopped: number[];
    output: string;
    diagnosis?: { code: string; requestId?: string; status?: number };
  }[];
}

export let sim: Simulator;
export const bins = new Map<string, string>();
const homes: { dir: string; remove: () => void }[] = [];
export const newHome = (): string => {
  const h = tempHome();
  homes.push(h);
  return h.dir;
};

/** The hooks of a test file of the tier: the simulator and every run's agent installed first, each test's homes stopped and removed after it. */
export function useAgentWorld(): void {
  beforeAll(async () => {
    sim = await startSim();
    // Sequential: five npm installs at once on two cores only make each slower.
    for (const [id, which] of RUNS) bins.set(`${id}@${which}`, await ensureAgent(id, which));
  }, installsTimeout(RUNS.length));
  afterAll(stopAll);
  afterEach(async () => {
    // The safety net, for a failed test too: stop by PID anything still running in its homes.
    for (const h of homes.splice(0)) {
      await stopProcessesOfHome(h.dir);
      h.remove();
    }
  });
}

/** Asserts that nothing an agent started in `home` is still running (afterEach stops it if it is). */
export async function expectNothingLeftIn(home: string): Promise<void> {
  expect(await processesOfHome(home), `processes left running in ${home}`).toEqual([]);
}

export const envFor = (id: PinnedId, which: Which = 'newest'): Record<string, string> => ({
  // The cached install first; the rest of PATH for node and the system tools.
  PATH: pathWith(bins.get(`${id}@${which}`)),
  GATEWAY_API_KEY: DEMO_KEY,
});

export const agentRequests = (from: number): RequestLogEntry[] => requestsOfAgent(sim.log, from);
