// The key never reaches stdout or stderr: every command, success and failure, text and JSON, with
// the key given each way the CLI accepts it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultKeys } from '../../src/simulator/catalog.js';
import type { Simulator } from '../../src/simulator/types.js';
import { runInProcess } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

// A key of our own (mixed case, digits), in the default group, so nothing about it is guessable.
const KEY = 'sk-Q7vN2xKp9LmR4tYw8ZbC3dFg6HjS1aEu5oIi0PqWzXcVbNm';
const BARE = KEY.slice(3);

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim({ keys: [...defaultKeys(), { key: KEY, name: 'secret-test', group: 'default', quotaUsd: 3 }] });
});
afterAll(stopAll);

function expectNoKey(out: string, label: string): void {
  expect(out.includes(KEY), `${label}: full key printed`).toBe(false);
  expect(out.includes(BARE), `${label}: key without sk- printed`).toBe(false);
}

describe('the key never appears in output', () => {
  const runs: [string, string[], 'env' | 'flag' | 'named'][] = [
    ['models', ['models'], 'env'],
    ['models --json', ['models', '--json'], 'env'],
    ['models --all (flag key)', ['models', '--all'], 'flag'],
    ['verify', ['verify'], 'env'],
    ['verify --json', ['verify', '--json'], 'named'],
    ['verify failing probe', ['verify', '--model', 'kimi-k2', '--protocol', 'chat'], 'env'],
    ['verify unknown model', ['verify', '--model', 'nope', '--json'], 'flag'],
    ['verify bad flag', ['verify', '--bogus'], 'flag'],
    ['verify bad protocol', ['verify', '--protocol', 'x', '--json'], 'flag'],
    ['models --help', ['models', '--help'], 'env'],
    ['help', ['help', 'verify'], 'env'],
    ['stray argument', ['models', KEY], 'env'],
    ['key as --api-key-env', ['models', '--api-key-env', KEY], 'env'],
  ];

  it.each(runs)('%s', async (_label, args, how) => {
    const env: Record<string, string> = { GATEWAY_BASE_URL: sim.root };
    let extra: string[] = [];
    if (how === 'env') env.GATEWAY_API_KEY = KEY;
    if (how === 'named') {
      env.MY_SECRET = KEY;
      extra = ['--api-key-env', 'MY_SECRET'];
    }
    if (how === 'flag') extra = ['--api-key', KEY];
    const r = await runInProcess([...args, ...extra], { env });
    expect(r.code).not.toBeNull();
    expectNoKey(r.stdout + r.stderr, args.join(' '));
  });

  it('a wrong base URL that contains the key is refused without echoing it', async () => {
    const r = await runInProcess(['models', '--base-url', `${sim.root}/${KEY}`], { env: { GATEWAY_API_KEY: KEY } });
    expect(r.code).toBe(2);
    expectNoKey(r.stdout + r.stderr, 'base URL with key');
  });

  it('the key does reach the gateway (so the checks above are not vacuous)', () => {
    expect(sim.log.some((e) => e.auth.key === KEY)).toBe(true);
  });
});
