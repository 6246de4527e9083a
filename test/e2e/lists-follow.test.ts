// An agent that keeps a list of models (OpenCode, Kilo, any agent with `listsModels`) follows the
// gateway: after the gateway drops models, `sync --check` names the stale list, `sync` leaves exactly
// the listed models the key still has, and then `doctor` and `sync --check` agree that all is well.
// Through the command line in-process, real HTTP to the simulator, real files in a temp home.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENTS, SUPPORTED_AGENT_IDS } from '../../src/agents/registry.js';
import { readCurrent } from '../../src/setup/read-current.js';
import { DEFAULT_MODELS, DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { jsonOf, runInProcess, tempHomes } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);
const newHome = tempHomes();
const env = { GATEWAY_API_KEY: DEMO_KEY, PATH: '/usr/bin:/bin' };

const listing = SUPPORTED_AGENT_IDS.filter((id) => AGENTS[id].listsModels === true);

async function listedNow(id: (typeof listing)[number], home: string): Promise<{ model: string; protocol: string }[]> {
  const agent = AGENTS[id];
  const agentEnv = { home, env, cwd: home, platform: process.platform };
  return agent.listedModels!(agentEnv, 'user', await readCurrent(agent, agentEnv, 'user'));
}

/** The agent set up in a new home on the full catalog: its chosen models and the list it was written with. */
async function setUp(id: (typeof listing)[number]) {
  sim.setModels(DEFAULT_MODELS);
  const home = newHome();
  const setup = await runInProcess(['setup', '--yes', '--json', '--base-url', sim.root, '--agent', id], { home, env });
  expect(setup.code, setup.stderr).toBe(0);
  const report = jsonOf(setup) as { agents: { model: string; smallModel?: string }[] };
  return { home, chosen: new Set([report.agents[0]!.model, report.agents[0]!.smallModel]), before: await listedNow(id, home) };
}

describe('lists follow the gateway', () => {
  it('there are agents that keep lists', () => {
    expect(listing).toEqual(expect.arrayContaining(['opencode', 'kilo']));
  });

  for (const id of listing) {
    it(`${AGENTS[id].name}: a protocol's last listed model dropped, then a second one; sync, doctor and sync --check agree`, async () => {
      const { home, chosen, before } = await setUp(id);
      // Every model of one protocol the list holds, none of them the default or small model: the
      // case where no chosen model is left in that provider.
      const protocols = [...new Set(before.map((m) => m.protocol))].map((p) => before.filter((m) => m.protocol === p));
      const alone = protocols.find((ms) => ms.every((m) => !chosen.has(m.model)))!;
      const other = before.find((m) => !chosen.has(m.model) && !alone.includes(m))!;
      const dropped = new Set([...alone.map((m) => m.model), other.model]);
      sim.setModels(DEFAULT_MODELS.filter((m) => !dropped.has(m.id)));

      const stale = await runInProcess(['sync', '--check', '--json'], { home, env });
      expect(stale.code).toBe(1);
      const said = JSON.stringify((jsonOf(stale) as { stale: unknown[] }).stale);
      for (const model of dropped) expect(said).toContain(model);

      // As a person reads it: the stale file and where the key came from, from the home.
      const text = await runInProcess(['sync', '--check'], { home, env });
      expect(text.code).toBe(1);
      expect(text.stdout).toMatch(/ {4}~\/\.config\/\w+\/\w+\.jsonc?\n/);
      expect(text.stdout + text.stderr).not.toContain(home);

      const sync = await runInProcess(['sync', '--json'], { home, env });
      expect(sync.code, sync.stderr).toBe(0);
      const after = (await listedNow(id, home)).map((m) => m.model);
      expect(after.sort()).toEqual(
        before
          .map((m) => m.model)
          .filter((m) => !dropped.has(m))
          .sort(),
      );

      const check = await runInProcess(['sync', '--check', '--json'], { home, env });
      expect(check.code, check.stdout).toBe(0);
      const doctor = await runInProcess(['doctor', '--json', '--agent', id], { home, env });
      expect(doctor.code, doctor.stdout).toBe(0);
    });

    it(`${AGENTS[id].name}: a listed model the gateway rate-limits today stays in the list through a sync (the cause is not the model's), said`, async () => {
      const { home, chosen, before: listed } = await setUp(id);
      const before = listed.map((m) => m.model);
      const limited = before.find((m) => !chosen.has(m))!;
      sim.addFault({ kind: 'rate-limit', model: limited, retryAfter: 60 });
      try {
        const sync = await runInProcess(['sync', '--json'], { home, env });
        expect(sync.code, sync.stderr).toBe(0);
        expect((await listedNow(id, home)).map((m) => m.model).sort()).toEqual([...before].sort());
        const doc = jsonOf(sync) as { changes: unknown[]; agents: { notes: string[]; leftOut?: unknown[] }[] };
        expect(doc.changes).toEqual([]);
        expect(doc.agents[0]?.leftOut).toBeUndefined();
        expect(doc.agents[0]?.notes.join('\n')).toContain(`Kept in the list, as the config already held them: ${limited}`);
        // A first setup never held it: there, it is left out, as before.
        const fresh = await runInProcess(['setup', '--yes', '--json', '--base-url', sim.root, '--agent', id], { home: newHome(), env });
        const left = (jsonOf(fresh) as { agents: { leftOut?: { model: string; code: string }[] }[] }).agents[0]?.leftOut;
        expect(left).toEqual([expect.objectContaining({ model: limited, code: 'rate_limited' })]);
      } finally {
        sim.clearFaults();
      }
    });
  }
});
