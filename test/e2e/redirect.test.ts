// A base URL that redirects (Claude Code 2.1.331 follows one only with
// CLAUDE_CODE_DISABLE_REDIRECT_CHECK): setup refuses it with the reason, and verify and doctor catch
// one a config was pointed at later, naming where it leads. The key never follows the redirect.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import { jsonOf, runInProcess, tempHomes } from '../helpers/cli.js';
import { startRecorder, startSim, stopAll } from '../helpers/sim.js';

afterAll(stopAll);
const newHome = tempHomes();

interface Found {
  agents: { findings?: { code: string; message: string; fix: string }[]; verify?: { diagnosis?: { code: string; message: string } } }[];
}

describe('a base URL that redirects', () => {
  it('to another host: setup refuses it; verify and doctor name it on a config pointed there later; the key goes nowhere', async () => {
    const sim = await startSim();
    // Everything answered with a 307 to the real gateway, as a moved or fronted address would.
    const moved = await startRecorder((req, res) => {
      res.writeHead(307, { location: `${sim.root}${req.url ?? '/'}` });
      res.end();
    });
    const home = newHome();
    const env = { GATEWAY_API_KEY: DEMO_KEY };
    const refused = await runInProcess(['setup', '--yes', '--json', '--agent', 'claude-code', '--base-url', moved.root], { home, env });
    expect(refused.code).toBe(1);
    expect(JSON.stringify(jsonOf(refused))).toContain(`redirecting to ${sim.root}`);

    // A working setup, then the address changed by hand to the one that redirects.
    expect((await runInProcess(['setup', '--yes', '--agent', 'claude-code', '--base-url', sim.root], { home, env })).code).toBe(0);
    const settings = join(home, '.claude', 'settings.json');
    writeFileSync(settings, readFileSync(settings, 'utf8').replace(`"${sim.root}"`, `"${moved.root}"`));
    const before = sim.log.length;
    const doctor = await runInProcess(['doctor', '--json', '--agent', 'claude-code', '--base-url', moved.root], { home, env });
    expect(doctor.code).toBe(1);
    const finding = (jsonOf(doctor) as unknown as Found).agents[0]!.findings!.find((f) => f.code === 'redirect');
    expect(finding?.message).toContain(`redirecting to ${sim.root}`);
    expect(finding?.message).toContain('the key was not sent there');
    // Our requests stopped at the redirect: the gateway behind it heard nothing of them.
    expect(sim.log.slice(before)).toEqual([]);
    expect(moved.requests.length).toBeGreaterThan(0);
  });

  it('on the same host (a path moved): the fix names the address to use instead', async () => {
    const moved = await startRecorder((req, res) => {
      res.writeHead(308, { location: `/api${req.url ?? '/'}` });
      res.end();
    });
    const r = await runInProcess(['verify', '--json', '--protocol', 'messages', '--base-url', moved.root], {
      env: { GATEWAY_API_KEY: DEMO_KEY },
    });
    expect(r.code).toBe(1);
    const text = JSON.stringify(jsonOf(r));
    expect(text).toContain('"code":"redirect"');
    expect(text).toContain('use the address it redirects to (/api/v1/');
    // Not followed: one request, the one redirected.
    expect(moved.requests.map((q) => q.url)).toEqual([moved.requests[0]!.url]);
  });
});
