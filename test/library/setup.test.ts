// The library's setup, called as a script would: typed input, a host object (temp home, its own
// environment), the report as data. No process is started, nothing is printed.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setup, translatorFor, UsageError, type Host, type Message } from '../../src/index.js';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { startSim, stopAll } from '../helpers/sim.js';
import { userSettingsPath } from '../../src/settings/index.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);

const homes: string[] = [];
afterEach(() => homes.splice(0).forEach((h) => rmSync(h, { recursive: true, force: true })));

function hostWith(env: Record<string, string>): Host & { told: Message[]; secrets: string[] } {
  const home = mkdtempSync(join(tmpdir(), 'gas-lib-'));
  homes.push(home);
  const told: Message[] = [];
  const secrets: string[] = [];
  return {
    env: { PATH: '/usr/bin:/bin', ...env },
    home,
    cwd: home,
    platform: process.platform,
    warn: (m) => told.push(m),
    addSecret: (s) => secrets.push(s),
    told,
    secrets,
  };
}

describe('setup (library)', () => {
  it('writes and proves the agents, returns the report as data, and says what it resolved before any request', async () => {
    const host = hostWith({ GATEWAY_API_KEY: DEMO_KEY });
    const starts: unknown[] = [];
    const phases: string[] = [];
    const result = await setup({ baseUrl: `${sim.root}/v1/`, agents: ['codex', 'claude-code'] }, host, {
      onStart: (s) => starts.push(s),
      onProgress: (e) => phases.push(e.phase),
    });
    expect(result.exit).toBe(0);
    expect(result.report.ok).toBe(true);
    expect(result.report.agents.map((a) => [a.id, a.verify?.ok])).toEqual([
      ['codex', true],
      ['claude-code', true],
    ]);
    // The doubled /v1 is repaired and said as a note, not printed.
    expect(result.start).toMatchObject({ root: sim.root, keySource: '$GATEWAY_API_KEY', agents: ['codex', 'claude-code'] });
    expect(starts).toEqual([result.start]);
    expect(result.start.key).not.toContain(DEMO_KEY);
    expect(result.notes.length).toBeGreaterThan(0);
    expect(host.told).toEqual(result.notes);
    expect(phases).toEqual(expect.arrayContaining(['models', 'probe', 'write', 'written', 'verify']));
    expect(host.secrets).toContain(DEMO_KEY);
    // The configs are real files under the host's home, and the run is remembered for sync.
    expect(readFileSync(join(host.home, '.codex', 'config.toml'), 'utf8')).toContain(`${sim.root}/v1`);
    const saved = JSON.parse(readFileSync(userSettingsPath(host.home, host.env, host.platform), 'utf8')) as { baseUrl: string };
    expect(saved.baseUrl).toBe(sim.root);
    // Sentences render at the caller's edge, in its language.
    const t = await translatorFor('en');
    expect(result.notes.map((m) => t(m)).join('\n')).toMatch(/\/v1/);
  });

  it('a dry run writes nothing and returns the diff with the key masked', async () => {
    const host = hostWith({ TEAM_KEY: DEMO_KEY });
    const result = await setup({ baseUrl: sim.root, keyEnv: 'TEAM_KEY', agents: ['opencode'], dryRun: true }, host);
    expect(result.report.dryRun).toBe(true);
    expect(result.report.diff).toContain('opencode');
    expect(result.report.diff).not.toContain(DEMO_KEY);
    expect(() => readFileSync(join(host.home, '.config', 'opencode', 'opencode.json'))).toThrow();
  });

  it('bad input is a UsageError whose message says what to set, before any request', async () => {
    const host = hostWith({});
    const before = sim.log.length;
    const refused = await setup({ baseUrl: sim.root, agents: ['codex'] }, host).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UsageError);
    const t = await translatorFor('en');
    expect(t((refused as UsageError).text)).toContain('GATEWAY_API_KEY');
    const bogus = await setup({ baseUrl: sim.root, agents: ['bogus' as 'codex'] }, hostWith({ GATEWAY_API_KEY: DEMO_KEY })).catch(
      (e: unknown) => e,
    );
    expect(bogus).toBeInstanceOf(UsageError);
    expect(sim.log.length).toBe(before);
  });
});
