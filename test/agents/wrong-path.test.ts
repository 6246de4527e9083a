// The agents tier, a hand-written doubled /v1: each real agent (pinned, cached) runs on the config
// setup wrote with one /v1 too many, as a user would write it by hand; `verify --agent-run` names
// it wrong_path with the gateway's request ID (the agent really ran and hit the doubled path), and
// `doctor` names it from the request the config makes. Apart from ./agents.test.ts so that the
// tier's two workers share the real agents' runs.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import { jsonOf, runCli } from '../helpers/cli.js';
import { seedHome } from './seed.js';
import { agentRequests, doubleV1, envFor, expectNothingLeftIn, expected, newHome, RUNS, sim, useAgentWorld, type RunDoc } from './world.js';

useAgentWorld();

describe.each(RUNS)('%s (%s version), the real agent', (id, which) => {
  it('a hand-written doubled /v1 is named wrong_path by verify --agent-run and by doctor', async () => {
    const home = newHome();
    const env = envFor(id, which);
    expect((await runCli(['setup', '--yes', '--base-url', sim.root, '--agent', id], { home, env, timeoutMs: 60_000 })).code).toBe(0);
    seedHome(id, home);
    const path = (await expected(id, home, which)).file;
    const text = readFileSync(path, 'utf8');
    // By hand: the root (Claude Code, which appends /v1 itself) or root/v1 gets one /v1 more.
    const doubled = doubleV1(text);
    expect(doubled).not.toBe(text);
    writeFileSync(path, doubled);

    const from = sim.log.length;
    const run = await runCli(['verify', '--agent-run', '--agent', id, '--json'], { home, env, timeoutMs: 200_000 });
    expect(run.code, run.stdout + run.stderr).toBe(1);
    const doc = jsonOf(run) as unknown as RunDoc;
    const r = doc.agents[0];
    expect(doc.ok).toBe(false);
    expect(r?.ok).toBe(false);
    expect(r?.diagnosis?.code, r?.output).toBe('wrong_path');
    expect(r?.diagnosis?.status).toBe(404);
    // The agent itself really ran and hit the doubled path; our probe got the request ID named.
    const sent = agentRequests(from);
    expect(sent.length, 'the agent sent no request').toBeGreaterThan(0);
    expect(
      sent.every((e) => e.path.startsWith('/v1/v1/') && e.status === 404),
      sent.map((e) => `${e.path} ${e.status}`).join(', '),
    ).toBe(true);
    expect(sim.log.slice(from).map((e) => e.requestId)).toContain(r?.diagnosis?.requestId);
    expect(run.stdout + run.stderr).not.toContain(DEMO_KEY);

    const doctor = await runCli(['doctor', '--json', '--agent', id], { home, env, timeoutMs: 60_000 });
    expect(doctor.code, doctor.stdout + doctor.stderr).toBe(1);
    const d = jsonOf(doctor) as { agents: { id: string; findings: { code: string }[] }[] };
    expect(d.agents.find((a) => a.id === id)?.findings.map((f) => f.code)).toContain('wrong_path');
    await expectNothingLeftIn(home);
  });
});
