// `simulate` through the built bin: it serves on 127.0.0.1, prints its root and the (fake) demo key,
// answers the CLI's own commands, and stops cleanly with exit 0 on SIGTERM and SIGINT.
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/catalog.js';
import { jsonOf, runCli, spawnCli, tempHome } from '../helpers/cli.js';
import { closedPort } from '../helpers/sim.js';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

function start(args: string[] = []) {
  const home = tempHome();
  const run = spawnCli(['simulate', ...args], { home: home.dir });
  cleanups.push(() => {
    if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
    home.remove();
  });
  return run;
}

describe('simulate', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('serves until %s, then exits 0', async (signal) => {
    const run = start();
    const [, root = ''] = await run.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    expect(run.output().stdout).toContain(DEMO_KEY);
    expect(run.output().stdout).toMatch(/fake/i);
    expect(run.output().stdout).toContain(`GATEWAY_BASE_URL=${root}`);

    const models = await runCli(['models', '--json'], { env: { GATEWAY_BASE_URL: root, GATEWAY_API_KEY: DEMO_KEY } });
    expect(models.code).toBe(0);
    expect((jsonOf(models) as { models: unknown[] }).models.length).toBeGreaterThan(5);

    run.child.kill(signal);
    const exit = await run.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(run.output().stderr).toContain(`Stopped (${signal})`);
    // The port is closed after the stop.
    const after = await runCli(['models', '--json'], { env: { GATEWAY_BASE_URL: root, GATEWAY_API_KEY: DEMO_KEY } });
    expect(after.code).toBe(1);
  });

  it('--port N listens on that port', async () => {
    const port = await closedPort();
    const run = start(['--port', String(port)]);
    await run.waitFor(new RegExp(`listening on http://127\\.0\\.0\\.1:${port}\\b`));
    run.child.kill('SIGTERM');
    expect((await run.exited).code).toBe(0);
  });

  it('a port in use is a usage error (exit 2)', async () => {
    const first = start();
    const [, port = ''] = await first.waitFor(/127\.0\.0\.1:(\d+)/);
    const second = await runCli(['simulate', '--port', port]);
    expect(second.code).toBe(2);
    expect(second.stderr).toContain('--port');
    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
  });

  it.each([
    ['0.10', 'v0.10.2', null],
    ['v0.13.2', 'v0.13.2', 'v0.13.2'],
  ] as const)('--new-api %s answers as new-api %s does', async (asked, release, header) => {
    const run = start(['--new-api', asked]);
    const [, root = ''] = await run.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    await run.waitFor(new RegExp(`new-api ${release.replace(/\./g, '\\.')}`));
    const res = await fetch(`${root}/v1/models`, { headers: { authorization: `Bearer ${DEMO_KEY}` } });
    expect(res.headers.get('x-new-api-version')).toBe(header);
    // The key's refusal names its reason on v0.10 only.
    const refused = await fetch(`${root}/v1/models`, { headers: { authorization: `Bearer sk-${'z'.repeat(48)}` } });
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      release === 'v0.10.2' ? /^无效的令牌/ : /^Invalid token/,
    );
    run.child.kill('SIGTERM');
    expect((await run.exited).code).toBe(0);
  });

  it('--new-api with a release it does not speak is a usage error naming the ones it does', async () => {
    const r = await runCli(['simulate', '--new-api', '0.11']);
    expect(r.code).toBe(2);
    expect(r.stderr.replace(/\s+/g, ' ')).toContain('v0.10.2, v0.13.2');
  });
});
