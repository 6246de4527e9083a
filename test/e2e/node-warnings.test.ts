// Node's own warnings are noise to users ("possible memory leak"): no command prints one, with
// every agent installed and detected side by side.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AGENT_IDS, AGENTS } from '../../src/agents/registry.js';
import { DEMO_KEY } from '../../src/simulator/index.js';
import { runCli, tempHomes } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

afterAll(stopAll);
const newHome = tempHomes();

/** A folder with a stand-in for every agent's binary: it prints a version and exits. */
function everyAgent(home: string): string {
  const bin = join(home, 'bin');
  mkdirSync(bin);
  for (const id of AGENT_IDS) {
    const file = join(bin, AGENTS[id].binary);
    writeFileSync(file, '#!/bin/sh\necho 99.0.0\n');
    chmodSync(file, 0o755);
  }
  return bin;
}

describe('no warnings from Node', () => {
  it.each([
    ['setup', ['setup', '--yes', '--dry-run']],
    ['doctor', ['doctor']],
    ['sync --check', ['sync', '--check']],
  ])('%s with every agent on PATH', async (_name, args) => {
    const sim = await startSim();
    const home = newHome();
    const r = await runCli(args, {
      home,
      env: { GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: DEMO_KEY, PATH: `${everyAgent(home)}:${process.env['PATH'] ?? '/usr/bin:/bin'}` },
      timeoutMs: 60_000,
    });
    expect(r.stdout + r.stderr).toMatch(/\S/);
    expect(r.stderr).not.toMatch(/Warning|\(node:\d+\)/);
  });
});
