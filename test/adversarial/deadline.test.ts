// A gateway that drips one byte now and then never lets an idle timer fire: every request has a
// deadline for the whole exchange. `--timeout` bounds each request; `profiles` asks each key's
// balance for 5 s at most.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import { runCli, tempHomes } from '../helpers/cli.js';
import { startRecorder, stopAll } from '../helpers/sim.js';

let drip: Awaited<ReturnType<typeof startRecorder>>;
beforeAll(async () => {
  drip = await startRecorder((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{');
    const timer = setInterval(() => res.write(' '), 300);
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
