// The day after setup, through the built bin in throwaway homes: every command that talks to the
// gateway finds it (and the key) where setup left them, with no flag and no variable exported.
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import { jsonOf, runCli, tempHomes } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

afterAll(stopAll);
const newHome = tempHomes();

describe('the saved base URL, for every command that talks to the gateway', () => {
  it('models, models --agent and verify use the gateway setup saved', async () => {
    const sim = await startSim();
    const home = newHome();
    const env = { GATEWAY_API_KEY: DEMO_KEY };
    const setup = await runCli(['setup', '--yes', '--base-url', `${sim.root}/v1`, '--agent', 'codex'], { home, env });
    expect(setup.code, setup.stdout + setup.stderr).toBe(0);
    const from = sim.log.length;
    const models = await runCli(['models', '--json'], { home, env });
    expect(models.code, models.stderr).toBe(0);
    expect((jsonOf(models) as { models: unknown[] }).models.length).toBeGreaterThan(0);
    const forCodex = await runCli(['models', '--agent', 'codex'], { home, env });
    expect(forCodex.code, forCodex.stderr).toBe(0);
    const verify = await runCli(['verify', '--json', '--protocol', 'responses'], { home, env });
    expect(verify.code, verify.stderr).toBe(0);
    expect((jsonOf(verify) as { baseUrl: string }).baseUrl).toBe(sim.root);
    // Each of them asked the saved gateway.
    expect(sim.log.slice(from).filter((e) => e.path === '/v1/models')).toHaveLength(3);
  });

  it('a flag or GATEWAY_BASE_URL still wins over the saved one', async () => {
    const [saved, other] = [await startSim(), await startSim()];
    const home = newHome();
    const env = { GATEWAY_API_KEY: DEMO_KEY };
    expect((await runCli(['setup', '--yes', '--base-url', saved.root, '--agent', 'codex'], { home, env })).code).toBe(0);
    const before = saved.log.length;
    expect((await runCli(['models'], { home, env: { ...env, GATEWAY_BASE_URL: other.root } })).code).toBe(0);
    expect((await runCli(['verify', '--protocol', 'chat', '--base-url', other.root], { home, env })).code).toBe(0);
    expect(saved.log.length).toBe(before);
    expect(other.log.filter((e) => e.path === '/v1/models')).toHaveLength(2);
  });
});
