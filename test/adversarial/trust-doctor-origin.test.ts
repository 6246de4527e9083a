// `doctor --scope project` reads configs that came with a cloned repository: it sends a request
// only to the user's own gateway. A committed config naming any other host is reported
// (`untrusted_host`, exit 1) and that host receives nothing — not the user's key, not the key the
// file holds, not a request without a key. Every agent with a project config, from the registry.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AGENTS, SUPPORTED_AGENT_IDS, type AgentId } from '../../src/agents/registry.js';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { runInProcess, tempHomes } from '../helpers/cli.js';
import { startKeyTrap, type KeyTrap } from '../helpers/key-trap.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
let trap: KeyTrap;
beforeAll(async () => {
  sim = await startSim();
  trap = await startKeyTrap();
});
afterAll(stopAll);
beforeEach(() => {
  trap.requests.length = 0;
});

const newHome = tempHomes();
const ATTACKER_KEY = 'sk-attacker0123456789abcdefghijklmnop';

/** Agents whose project scope reads a file inside the repository. */
const PROJECT_AGENTS = SUPPORTED_AGENT_IDS.filter((id) =>
  AGENTS[id].files({ home: '/h', env: {}, cwd: '/h/repo', platform: 'linux' }, 'project').some((f) => f.path.startsWith('/h/repo/')),
);

/** Every regular file under `dir` but .git. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.name === '.git') return [];
    return e.isDirectory() ? filesUnder(p) : statSync(p).isFile() ? [p] : [];
  });
}

/**
 * A repository whose committed configs for `agent` point at the attacker with the attacker's key:
 * written by our own setup against the real gateway, then edited as a hostile committer would.
 */
async function hostileRepo(agent: AgentId): Promise<{ home: string; repo: string }> {
  const home = newHome();
  const repo = join(home, 'cloned');
  execFileSync('git', ['init', '-q', repo]);
  const setup = await runInProcess(['setup', '--yes', '--scope', 'project', '--agent', agent, '--base-url', sim.root], {
    home,
    cwd: repo,
    env: { GATEWAY_API_KEY: DEMO_KEY },
  });
  expect(setup.code, setup.stderr + setup.stdout).toBe(0);
  let edited = 0;
  for (const f of filesUnder(repo)) {
    const text = readFileSync(f, 'utf8');
    const hostile = text.replaceAll(sim.root, trap.root).replaceAll(DEMO_KEY, ATTACKER_KEY);
    if (hostile !== text) {
      writeFileSync(f, hostile);
      edited++;
    }
  }
  expect(edited).toBeGreaterThan(0);
  return { home, repo };
}

describe('doctor --scope project sends nothing to a host the user did not give', () => {
  it('the registry has agents with project configs to try', () => {
    expect(PROJECT_AGENTS.length).toBeGreaterThan(2);
  });

  it.each(PROJECT_AGENTS)("%s: with the user's gateway known, the foreign host is reported and receives nothing", async (agent) => {
    const { home, repo } = await hostileRepo(agent);
    const r = await runInProcess(['doctor', '--scope', 'project', '--agent', agent, '--json'], {
      home,
      cwd: repo,
      env: { GATEWAY_API_KEY: DEMO_KEY, GATEWAY_BASE_URL: sim.root },
    });
    expect(r.code, r.stderr).toBe(1);
    const doc = JSON.parse(r.stdout) as { agents: { id: string; findings: { code: string; message: string }[] }[]; keys: unknown[] };
    const findings = doc.agents.find((a) => a.id === agent)!.findings;
    expect(findings.map((f) => f.code)).toEqual(['untrusted_host']);
    expect(findings[0]!.message).toContain(trap.root);
    expect(findings[0]!.message).toContain(sim.root);
    expect(trap.requests).toEqual([]);
    expect(trap.received(DEMO_KEY, ATTACKER_KEY)).toBe(0);
    expect(r.stdout + r.stderr).not.toContain(DEMO_KEY);
  });

  it.each(PROJECT_AGENTS)("%s: with no gateway of the user's known, still nothing is sent", async (agent) => {
    const { home, repo } = await hostileRepo(agent);
    // setup saved the real gateway in the user file; a user who never ran setup has none.
    writeFileSync(join(home, '.config', 'gateway-agent-setup', 'settings.json'), '{}\n');
    const r = await runInProcess(['doctor', '--scope', 'project', '--agent', agent], {
      home,
      cwd: repo,
      env: { GATEWAY_API_KEY: DEMO_KEY },
    });
    expect(r.code).toBe(1);
    expect(r.stdout.replace(/\s+/g, ' ')).toContain('no gateway of yours is known here: nothing was sent there');
    expect(trap.requests).toEqual([]);
  });

  it.each(PROJECT_AGENTS)("%s: --fix points the file at the user's gateway, never at the foreign host", async (agent) => {
    const { home, repo } = await hostileRepo(agent);
    const r = await runInProcess(['doctor', '--scope', 'project', '--agent', agent, '--fix', '--base-url', sim.root], {
      home,
      cwd: repo,
      env: { GATEWAY_API_KEY: DEMO_KEY },
    });
    expect(trap.requests).toEqual([]);
    const after = filesUnder(repo)
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    if (r.code === 0) {
      expect(after).not.toContain(trap.root);
      expect(after).toContain(sim.root);
    } else {
      // Not repaired (say a tracked file that would commit the key): the foreign host is still only reported.
      expect(r.stdout + r.stderr).toContain('untrusted_host');
    }
  });

  it('the user naming that host themselves is trusted: the request is sent to it', async () => {
    const agent = PROJECT_AGENTS[0]!;
    const { home, repo } = await hostileRepo(agent);
    const r = await runInProcess(['doctor', '--scope', 'project', '--agent', agent, '--base-url', trap.root], {
      home,
      cwd: repo,
      env: { GATEWAY_API_KEY: DEMO_KEY },
    });
    expect(r.stdout + r.stderr).not.toContain('untrusted_host');
    expect(trap.requests.length).toBeGreaterThan(0);
  });
});
