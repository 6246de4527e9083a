// A gateway that drips one byte now and then never lets an idle timer fire: every request has a
// deadline for the whole exchange. `--timeout` bounds each request; `profiles` asks each key's
// balance for 5 s at most. The simulator's `drip` fault drips one request of a run (the probe, the
// balance) while the rest answer, so each request's own deadline is what is seen.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import { runCli, tempHomes } from '../helpers/cli.js';
import type { Simulator } from '../../src/simulator/types.js';
import { startRecorder, startSim, stopAll } from '../helpers/sim.js';

let drip: Awaited<ReturnType<typeof startRecorder>>;
let headersDrip: Awaited<ReturnType<typeof startRecorder>>;
let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
  drip = await startRecorder((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{');
    const timer = setInterval(() => res.write(' '), 300);
    req.socket.on('close', () => clearInterval(timer));
  });
  // The status line, then one header a byte at a time: the headers never end.
  headersDrip = await startRecorder((req) => {
    req.socket.write('HTTP/1.1 200 OK\r\nx-slow: ');
    const timer = setInterval(() => req.socket.write('a'), 300);
    req.socket.on('close', () => clearInterval(timer));
  });
});
afterAll(stopAll);

const newHome = tempHomes();
const MARGIN_MS = 2_500;

describe('a dripping gateway is cut off at the deadline', () => {
  it.each([[['models', '--timeout', '2']], [['verify', '--timeout', '2']], [['setup', '--yes', '--agent', 'codex', '--timeout', '2']]])(
    '%j ends within --timeout with the timeout diagnosis',
    async (args) => {
      const r = await runCli([...args, '--base-url', drip.root], {
        home: newHome(),
        env: { GATEWAY_API_KEY: DEMO_KEY },
        timeoutMs: 30_000,
      });
      expect(r.code).toBe(1);
      expect(r.stdout + r.stderr).toContain('did not finish its answer within 2 s');
      expect(r.ms).toBeLessThan(2_000 + MARGIN_MS);
    },
  );

  it('headers dripped a byte at a time: cut off at --timeout as the headers timeout', async () => {
    const r = await runCli(['models', '--timeout', '2', '--base-url', headersDrip.root], {
      home: newHome(),
      env: { GATEWAY_API_KEY: DEMO_KEY },
      timeoutMs: 30_000,
    });
    expect(r.code).toBe(1);
    expect((r.stdout + r.stderr).replace(/\s+/g, ' ')).toContain('sent no answer within 2 s (headers timeout)');
    expect(r.ms).toBeLessThan(2_000 + MARGIN_MS);
  });

  it('profiles asks each key for 5 s at most, however slowly the gateway drips', async () => {
    const home = newHome();
    const dir = join(home, '.config', 'gateway-agent-setup');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ profiles: { slow: { baseUrl: drip.root, keyEnv: 'GATEWAY_API_KEY' } } }));
    const r = await runCli(['profiles'], { home, env: { GATEWAY_API_KEY: DEMO_KEY }, timeoutMs: 30_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('slow');
    expect(r.ms).toBeLessThan(5_000 + MARGIN_MS);
  });
});

describe("one request of the run drips a byte a second (the simulator's drip fault)", () => {
  afterEach(() => sim.clearFaults());
  const env = { GATEWAY_API_KEY: DEMO_KEY };
  const drips = (path: string) => sim.addFault({ kind: 'drip', path, ms: 1000 });

  it('setup: the list answers, the probe drips: cut off at --timeout with the timeout diagnosis, nothing written', async () => {
    drips('/v1/responses');
    const home = newHome();
    const r = await runCli(['setup', '--yes', '--agent', 'codex', '--timeout', '2', '--base-url', sim.root], {
      home,
      env,
      timeoutMs: 30_000,
    });
    const said = (r.stdout + r.stderr).replace(/\s+/g, ' ');
    expect(r.code, said).toBe(1);
    expect(said).toContain('probe FAILED [timeout]');
    expect(said).toContain('did not finish its answer within 2 s');
    expect(r.ms).toBeLessThan(2_000 + MARGIN_MS);
    expect(existsSync(join(home, '.codex', 'config.toml'))).toBe(false);
    expect(sim.log.some((e) => e.path === '/v1/responses')).toBe(true);
  });

  it("doctor: the agent's own request drips: cut off at --timeout with the timeout finding", async () => {
    const home = newHome();
    const set = await runCli(['setup', '--yes', '--agent', 'codex', '--base-url', sim.root], { home, env });
    expect(set.code, set.stderr).toBe(0);
    drips('/v1/responses');
    const r = await runCli(['doctor', '--agent', 'codex', '--timeout', '2'], { home, env, timeoutMs: 30_000 });
    const said = (r.stdout + r.stderr).replace(/\s+/g, ' ');
    expect(r.code, said).toBe(1);
    expect(said).toContain('[timeout]');
    expect(said).toContain('did not finish its answer within 2 s');
    expect(r.ms).toBeLessThan(2_000 + MARGIN_MS);
  });

  it("doctor: the key's balance drips: the key's line says no answer came within --timeout (text and --json)", async () => {
    const home = newHome();
    const set = await runCli(['setup', '--yes', '--agent', 'codex', '--base-url', sim.root], { home, env });
    expect(set.code, set.stderr).toBe(0);
    drips('/api/usage/token');
    const text = await runCli(['doctor', '--agent', 'codex', '--timeout', '2'], { home, env, timeoutMs: 30_000 });
    expect(text.code, text.stdout + text.stderr).toBe(0);
    expect(text.stdout.replace(/\s+/g, ' ')).toContain("no answer about this key's balance: 127.0.0.1");
    expect(text.stdout.replace(/\s+/g, ' ')).toContain('did not finish its answer within 2 s');
    expect(text.ms).toBeLessThan(2_000 + MARGIN_MS);
    const json = await runCli(['doctor', '--agent', 'codex', '--timeout', '2', '--json'], { home, env, timeoutMs: 30_000 });
    const keys = (JSON.parse(json.stdout) as { keys: { told: boolean; unanswered?: { code: string; message: string } }[] }).keys;
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ told: false, unanswered: { code: 'timeout' } });
    expect(json.ms).toBeLessThan(2_000 + MARGIN_MS);
  });

  it("profiles: every key's balance drips: 5 s at most in all (the keys are asked at once), each key saying no answer came", async () => {
    drips('/api/usage/token');
    const home = newHome();
    const dir = join(home, '.config', 'gateway-agent-setup');
    mkdirSync(dir, { recursive: true });
    const profiles = { work: { baseUrl: sim.root, keyEnv: 'GATEWAY_API_KEY' }, home: { baseUrl: sim.root, keyEnv: 'OTHER_KEY' } };
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ profiles }));
    const both = { GATEWAY_API_KEY: DEMO_KEY, OTHER_KEY: DEMO_KEY };
    const text = await runCli(['profiles'], { home, env: both, timeoutMs: 30_000 });
    expect(text.code, text.stderr).toBe(0);
    const said = text.stdout.replace(/\s+/g, ' ');
    for (const v of ['$GATEWAY_API_KEY', '$OTHER_KEY']) expect(said).toContain(`key ${v}: sk-de…demo; no answer about its balance`);
    expect(said.split('did not finish its answer within 5 s')).toHaveLength(3);
    expect(text.ms).toBeLessThan(5_000 + MARGIN_MS);
    const json = await runCli(['profiles', '--json'], { home, env: both, timeoutMs: 30_000 });
    const listed = (JSON.parse(json.stdout) as { profiles: { keys: { unanswered?: { code: string } }[] }[] }).profiles;
    expect(listed.flatMap((p) => p.keys.map((k) => k.unanswered?.code))).toEqual(['timeout', 'timeout']);
    expect(json.ms).toBeLessThan(5_000 + MARGIN_MS);
  });
});
