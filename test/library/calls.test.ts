// The library's other calls, as a script makes them after a setup: typed input, a host (temp home,
// its own environment), reports as data, real HTTP to the simulator and real files.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { backups, doctor, GatewayError, models, remove, restore, setup, sync, verify, type Host } from '../../src/index.js';
import { Agent, type Dispatcher } from 'undici';
import { DEMO_KEY, EXPIRING_KEY, startSimulator } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { closedPort, startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);

const homes: string[] = [];
afterEach(() => {
  homes.splice(0).forEach((h) => rmSync(h, { recursive: true, force: true }));
  vi.restoreAllMocks();
});

function host(env: Record<string, string> = { GATEWAY_API_KEY: DEMO_KEY }): Host {
  const home = mkdtempSync(join(tmpdir(), 'gas-lib-'));
  homes.push(home);
  return { env: { PATH: '/usr/bin:/bin', ...env }, home, cwd: home, platform: process.platform };
}

describe('the library after a setup', () => {
  it('models, verify, doctor, sync, remove and restore answer as data and never print', async () => {
    const out = vi.spyOn(process.stdout, 'write');
    const err = vi.spyOn(process.stderr, 'write');
    const h = host();
    expect((await setup({ baseUrl: sim.root, agents: ['codex'] }, h)).exit).toBe(0);

    const listed = await models({ baseUrl: sim.root, all: true }, h);
    expect(listed.report.root).toBe(sim.root);
    expect(listed.report.key).not.toContain(DEMO_KEY);
    expect(listed.report.models.length).toBeGreaterThan(0);
    expect(Object.keys(listed.report.fits[listed.report.models[0]!.id] ?? {})).toContain('codex');

    const probed = await verify({ baseUrl: sim.root }, h);
    expect(probed.exit).toBe(0);
    expect(probed.report.probes.every((p) => p.requestId !== undefined)).toBe(true);
    expect(probed.report.protocols.responses?.passed).toBeGreaterThan(0);

    const checked = await doctor({ agents: ['codex'] }, h);
    expect([checked.report.ok, checked.exit]).toEqual([true, 0]);
    expect(checked.report.checks.map((c) => [c.id, c.configured, c.findings.length])).toEqual([['codex', true, 0]]);
    expect(checked.report.gateways.map((g) => g.root)).toEqual([sim.root]);

    // The saved settings make the next sync: nothing changed on the gateway, nothing to write.
    const synced = await sync({ check: true }, h);
    expect(synced.runs.map((r) => [r.ok, r.changes.length])).toEqual([[true, 0]]);

    const config = join(h.home, '.codex', 'config.toml');
    const written = readFileSync(config, 'utf8');
    const removed = await remove({ agents: ['codex'] }, h);
    expect(removed.report.removed).toBe(true);
    // Ours alone, the file is given back as it was before the setup: not there.
    expect(existsSync(config)).toBe(false);
    const kept = await backups(h);
    expect(kept.backups.map((b) => b.command)).toEqual(['remove', 'setup']);
    const back = await restore({ id: kept.backups[0]!.id }, h);
    expect(back.files.map((f) => f.path)).toContain(config);
    expect(readFileSync(config, 'utf8')).toBe(written);

    // Nothing of the library wrote to the process's own streams.
    expect(out).not.toHaveBeenCalled();
    expect(err).not.toHaveBeenCalled();
  });

  it('a gateway that cannot be reached is a GatewayError with its cause, and a later edit stops a restore', async () => {
    const h = host();
    const refused = await models({ baseUrl: `http://127.0.0.1:${await closedPort()}` }, h).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(GatewayError);
    expect((refused as GatewayError).diagnosis.code).toBe('unreachable');

    // The prices and the key's details are asked only once the list's connection is not refused:
    // a refusal heard on the loop's first turn leaves them unsent.
    const asked: string[] = [];
    const refusing = {
      request: ({ path }: { path: string }) => {
        asked.push(path);
        return Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }));
      },
    };
    const down = await models({ baseUrl: 'http://127.0.0.1:9' }, { ...h, network: refusing }).catch((e: unknown) => e);
    expect((down as GatewayError).diagnosis.code).toBe('unreachable');
    expect(asked).toEqual(['/v1/models']);
    // Later failures are the list's own: the others were asked beside it, as before.
    const slow = {
      request: ({ path }: { path: string }) => {
        asked.push(path);
        return new Promise<never>((_, reject) =>
          setTimeout(() => reject(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })), 20),
        );
      },
    };
    asked.length = 0;
    await models({ baseUrl: 'http://127.0.0.1:9' }, { ...h, network: slow }).catch(() => undefined);
    expect(asked[0]).toBe('/v1/models');
    expect(asked.length).toBeGreaterThan(1);

    await setup({ baseUrl: sim.root, agents: ['codex'] }, h);
    const config = join(h.home, '.codex', 'config.toml');
    await remove({ agents: ['codex'] }, h);
    writeFileSync(config, '# mine\n');
    const stopped = await restore({}, h).catch((e: unknown) => e);
    expect((stopped as { lines?: unknown[] }).lines?.length).toBe(1);
    expect(readFileSync(config, 'utf8')).toContain('# mine');
  });

  it("doctor says, as data, when --fix has nothing to write: the key's account out of quota", async () => {
    const h = host();
    const first = await startSimulator({ host: '127.0.0.1', port: 0 });
    const port = Number(new URL(first.root).port);
    try {
      expect((await setup({ baseUrl: first.root, agents: ['codex'] }, h)).exit).toBe(0);
    } finally {
      await first.stop();
    }
    // The same gateway, the day the account behind the key ran dry.
    await startSim({ port, keys: [{ key: DEMO_KEY, name: 'demo', group: 'default', quotaUsd: 0 }] });
    const checked = await doctor({ agents: ['codex'] }, h);
    expect(checked.exit).toBe(1);
    expect(checked.report.checks.flatMap((c) => c.findings.map((f) => f.code))).toEqual(['quota']);
    expect(checked.report.nothingToFix).toEqual({ gateway: false, key: true });
    // Another key would bill another account: none is offered.
    expect([checked.report.gatewayAway, checked.report.newKey]).toEqual([undefined, undefined]);
  });

  it("the host's clock is the time a key's days count from, and its network carries every request", async () => {
    const h = host({ GATEWAY_API_KEY: EXPIRING_KEY });
    expect((await setup({ baseUrl: sim.root, agents: ['codex'] }, h)).exit).toBe(0);
    // The simulator's key expires in three days by the machine's clock.
    const today = await doctor({ agents: ['codex'] }, h);
    expect(today.report.keys.map((k) => [k.state, k.daysLeft])).toEqual([['expiring', 3]]);
    const later = Date.now() + 10 * 86_400_000;
    const then = await doctor({ agents: ['codex'] }, { ...h, now: () => later });
    expect(then.report.now).toBe(later / 1000);
    expect(then.report.keys.map((k) => [k.state, k.daysLeft])).toEqual([['expired', -7]]);

    // A network of the caller's (an undici dispatcher that records): every request of the call goes through it.
    const seen: string[] = [];
    const agent = new Agent();
    const network = agent.compose((dispatch) => (opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) => {
      seen.push(`${opts.method} ${String(opts.origin)}${opts.path}`);
      return dispatch(opts, handler);
    });
    try {
      const listed = await models({ baseUrl: sim.root }, { ...h, network });
      expect(listed.report.models.length).toBeGreaterThan(0);
      expect(seen).toContain(`GET ${sim.root}/v1/models`);
      // Without it, the call uses its own sockets again: nothing more recorded.
      const count = seen.length;
      await models({ baseUrl: sim.root }, h);
      expect(seen.length).toBe(count);
    } finally {
      await agent.close();
    }
  });
});
