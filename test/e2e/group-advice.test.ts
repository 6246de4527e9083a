// Group advice only where another group really sells the model and the key's own does not. A key
// whose model limits leave the model out, limits switched on with none, a model nobody priced
// (new-api lists it for no key), and a model the key's own group sells each get their own words
// and the console step that fixes them. Through the built bin against the simulator.
import { afterEach, describe, expect, it } from 'vitest';
import type { SimKey, SimModel } from '../../src/simulator/types.js';
import { jsonOf, runInProcess } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

afterEach(stopAll);

const fake = (name: string): string => `sk-${name.padEnd(48, 'q')}`;
const KEY = fake('advice');
const SONNET: SimModel = { id: 'claude-sonnet-4-5', channel: 'anthropic', groups: ['default', 'vip'], quotaType: 0, modelRatio: 1.5 };
const CODEX: SimModel = { id: 'gpt-5.1-codex', channel: 'codex', groups: ['default'], quotaType: 0, modelRatio: 0.6 };

interface Advice {
  model: string;
  groups: string[];
  why?: string;
}

async function adviceFor(models: SimModel[], key: Omit<SimKey, 'key' | 'name'>): Promise<{ advice?: Advice[]; text: string }> {
  const sim = await startSim({ models, keys: [{ key: KEY, name: 'k', ...key }] });
  const env = { GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: KEY };
  const json = await runInProcess(['setup', '--yes', '--json', '--agent', 'claude-code'], { env });
  expect(json.code).toBe(1);
  const text = await runInProcess(['setup', '--yes', '--agent', 'claude-code'], { env });
  return {
    advice: (jsonOf(json) as { agents: { groupAdvice?: Advice[] }[] }).agents[0]!.groupAdvice,
    text: text.stdout.replace(/\s+/g, ' '),
  };
}

describe('group advice: exact words, never "another group" when the key is already in it', () => {
  it('outside the key’s model limits: add it to the limits, no new key', async () => {
    const { advice, text } = await adviceFor([SONNET, CODEX], { group: 'default', unlimited: true, modelLimits: ['gpt-5.1-codex'] });
    expect(advice).toEqual([{ model: 'claude-sonnet-4-5', groups: ['default', 'vip'], why: 'limits' }]);
    expect(text).toContain(
      "claude-sonnet-4-5 is outside this key's model limits. In the gateway's console, edit the key: add claude-sonnet-4-5",
    );
    expect(text).not.toContain('This key is in another group');
  });

  it('limits switched on with no model: the key can call nothing, said once', async () => {
    const { advice, text } = await adviceFor([SONNET, CODEX], { group: 'default', unlimited: true, modelLimits: [] });
    expect(advice?.every((a) => a.why === 'limits_empty')).toBe(true);
    expect(text).toContain("This key's model limits are switched on with no model in them: it can call nothing.");
    expect(text).not.toContain('This key is in another group');
  });

  it('a model nobody priced: ask the admin for its price', async () => {
    const { advice, text } = await adviceFor([{ ...SONNET, priced: false }, CODEX], { group: 'default', unlimited: true });
    expect(advice).toEqual([{ model: 'claude-sonnet-4-5', groups: ['default', 'vip'], why: 'unpriced' }]);
    expect(text).toContain('claude-sonnet-4-5 has no price on this gateway');
    expect(text).not.toContain('This key is in another group');
  });

  it('only another group sells it: a key of that group, with the command', async () => {
    const { advice, text } = await adviceFor([{ ...SONNET, groups: ['vip'] }, CODEX], { group: 'default', unlimited: true });
    expect(advice).toEqual([{ model: 'claude-sonnet-4-5', groups: ['vip'] }]);
    expect(text).toContain('claude-sonnet-4-5 is sold to groups `vip`');
    expect(text).toContain('This key is in another group');
  });
});

describe('models: a key with its limits switched on and empty', () => {
  it('says so, not that the gateway does not mark protocols', async () => {
    const sim = await startSim({
      models: [SONNET, CODEX],
      keys: [{ key: KEY, name: 'k', group: 'default', unlimited: true, modelLimits: [] }],
    });
    const r = await runInProcess(['models'], { env: { GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: KEY } });
    const text = r.stdout.replace(/\s+/g, ' ');
    expect(text).toContain("This key's model limits are switched on with no model in them: it can call nothing.");
    expect(text).not.toMatch(/does not mark/);
  });
});
