// On a Node older than the one we need, every command says so and what to do, before anything
// else; it would otherwise fail later on a missing built-in, as if it were our bug. Through the
// command line's entry in-process, told the Node it runs on.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_MIN, nodeTooOld } from '../../src/core/version.js';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { runInProcess } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);

describe('the Node it runs on', () => {
  it("package.json's engines names the same oldest Node the command line checks", () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { engines: { node: string } };
    expect(pkg.engines.node).toBe(`>=${NODE_MIN}`);
    expect([nodeTooOld('18.20.8'), nodeTooOld('v20.18.0'), nodeTooOld('20.18.1'), nodeTooOld('20.19.0'), nodeTooOld('26.12.1')]).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('older: exit 1 before any request, naming both versions and how to update; --help and --version still answer', async () => {
    const env = { GATEWAY_API_KEY: DEMO_KEY };
    const r = await runInProcess(['models', '--base-url', sim.root], { env, node: '18.20.8' });
    expect(r.code).toBe(1);
    expect(r.stderr.replace(/\s+/g, ' ')).toContain(
      `error: gateway-agent-setup needs Node ${NODE_MIN} or newer; this is Node 18.20.8. Update Node (nodejs.org, or a version manager: \`nvm install --lts\``,
    );
    expect(r.stderr).not.toContain('internal error');
    expect(sim.log).toEqual([]);
    const zh = await runInProcess(['models', '--base-url', sim.root], { env: { ...env, LANG: 'zh_CN.UTF-8' }, node: '18.20.8' });
    expect(zh.stderr).toContain(`gateway-agent-setup 需要 Node ${NODE_MIN} 或更新版本；当前是 Node 18.20.8。`);
    for (const args of [['--help'], ['models', '--help'], ['--version']]) {
      const help = await runInProcess(args, { node: '18.20.8' });
      expect(help.code, args.join(' ')).toBe(0);
    }
    // The oldest Node it needs runs the command.
    const ok = await runInProcess(['models', '--base-url', sim.root], { env, node: NODE_MIN });
    expect(ok.code, ok.stderr).toBe(0);
    expect(sim.log.length).toBeGreaterThan(0);
  });
});
