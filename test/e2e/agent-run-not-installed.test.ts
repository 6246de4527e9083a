// `verify --agent-run` with agents set up here but not installed: never skipped in silence, never
// called a config problem; each named with why it was not run and what to do. Through the built bin.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { jsonOf, runInProcess, tempHomes } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);
const newHome = tempHomes();

interface RunDoc {
  ok: boolean;
  agents: { id: string; ok: boolean; notRun?: string; failure?: string; fix?: string; diagnosis?: unknown }[];
}

describe('verify --agent-run, agents not installed', () => {
  it('a configured agent that is not on PATH is reported as not run (not installed), and the run is not a pass', async () => {
    const home = newHome();
    // PATH holds node and the system tools only: none of the agents.
    const env = { GATEWAY_API_KEY: DEMO_KEY, PATH: '/usr/bin:/bin' };
    expect(
      (
        await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code,codex'], {
          home: home,
          env: { GATEWAY_API_KEY: DEMO_KEY },
        })
      ).code,
    ).toBe(0);
    const r = await runInProcess(['verify', '--agent-run', '--json'], { home: home, env });
    expect(r.code).toBe(1);
    const doc = jsonOf(r) as unknown as RunDoc;
    expect(doc.agents.map((a) => [a.id, a.ok, a.notRun])).toEqual([
      ['claude-code', false, 'not_installed'],
      ['codex', false, 'not_installed'],
    ]);
    for (const a of doc.agents) {
      expect(a.diagnosis).toBeUndefined();
      expect(a.fix).toMatch(/npm install -g/);
    }
    const text = await runInProcess(['verify', '--agent-run'], { home: home, env });
    expect(text.stdout).toMatch(/Claude Code[^\n]*not run: `claude` is not on PATH/);
    expect(text.stdout).not.toContain('config_invalid');
  });

  it('setup --verify agent: the last word never says "verified" above an agent that did not answer', async () => {
    const home = newHome();
    const env = { GATEWAY_API_KEY: DEMO_KEY, PATH: '/usr/bin:/bin' };
    const r = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'codex', '--verify', 'agent'], { home, env });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/Codex CLI[^\n]*not run/);
    expect(r.stdout).not.toContain('Every agent is set up and verified.');
    const last = r.stdout.trimEnd().split('\n').slice(-2).join(' ').replace(/\s+/g, ' ');
    expect(last).toContain('1 agent(s) did not answer through their own binary');
  });

  it('an agent named with --agent, installed but not set up here, is reported as not configured', async () => {
    const home = newHome();
    // An installed `cline` (a stand-in that only knows its version): nothing to run it on.
    const bin = join(home, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'cline'), '#!/bin/sh\necho 3.0.65\n');
    chmodSync(join(bin, 'cline'), 0o755);
    const r = await runInProcess(['verify', '--agent-run', '--agent', 'cline', '--json'], {
      home: home,
      env: { GATEWAY_API_KEY: DEMO_KEY, PATH: `${bin}:/usr/bin:/bin` },
    });
    expect(r.code).toBe(1);
    const doc = jsonOf(r) as unknown as RunDoc;
    expect(doc.agents[0]).toMatchObject({ id: 'cline', ok: false, notRun: 'not_configured' });
    expect(doc.agents[0]?.fix).toContain('setup');
  });
});
