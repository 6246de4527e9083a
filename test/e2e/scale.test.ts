// A gateway with 50,000 models: `models`, `setup` of the list-keeping agents and a `sync` after it
// finish, every model shown, the best ones listed. No timing is asserted here (`npm run bench` measures it); a
// quadratic step or a spread of the whole list would end these runs by the runner's timeout or a
// stack overflow.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/catalog.js';
import type { SimModel, Simulator } from '../../src/simulator/types.js';
import { LIST_LIMIT } from '../../src/setup/choose.js';
import { jsonOf, runInProcess, tempHome } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

const N = 50_000;
const MANY: SimModel[] = [
  { id: 'claude-sonnet-4-5', channel: 'anthropic' },
  ...Array.from({ length: N }, (_, i): SimModel => ({ id: `bulk-model-${i}`, channel: 'openai' })),
];

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim({ models: MANY });
});
afterAll(stopAll);

const env = () => ({ GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: DEMO_KEY });

describe(`${N.toLocaleString('en')} models`, () => {
  it('models: every model, in JSON and in text (no stack overflow)', async () => {
    const json = await runInProcess(['models', '--json'], { env: env(), timeoutMs: 120_000 });
    expect(json.code, json.stderr).toBe(0);
    expect((jsonOf(json) as { models: unknown[] }).models).toHaveLength(N + 1);
    const text = await runInProcess(['models'], { env: env(), timeoutMs: 120_000 });
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(`bulk-model-${N - 1}`);
  }, 300_000);

  it('setup writes OpenCode with the best LIST_LIMIT models listed, saying so; a sync after it writes nothing and keeps them', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const setup = await runInProcess(['setup', '--yes', '--json', '--agent', 'opencode,kilo'], { home, env: env(), timeoutMs: 120_000 });
      expect(setup.code, setup.stderr + setup.stdout.slice(0, 4000)).toBe(0);
      const report = jsonOf(setup) as { agents: { id: string; models: string[]; notes: string[]; leftOut?: { code: string }[] }[] };
      const reported = report.agents.find((a) => a.id === 'opencode')!;
      expect(reported.notes.join('\n')).toContain(`OpenCode lists the best ${LIST_LIMIT} models by the ranking`);
      const config = JSON.parse(readFileSync(join(home, '.config', 'opencode', 'opencode.json'), 'utf8')) as {
        provider: Record<string, { models: Record<string, unknown> }>;
      };
      const listed = Object.values(config.provider).reduce((n, p) => n + Object.keys(p.models).length, 0);
      expect(listed).toBe(reported.models.length);
      // A probe that does not answer in time on a loaded machine leaves its model out, said with its cause.
      const leftOut = reported.leftOut ?? [];
      for (const f of leftOut) expect(f.code).toMatch(/^[a-z_]+$/);
      expect(leftOut.length).toBeLessThanOrEqual(2);
      expect(listed + leftOut.length).toBeGreaterThanOrEqual(LIST_LIMIT);
      expect(listed).toBeLessThanOrEqual(LIST_LIMIT + 2);
      // Each one listed answered a probe of its own in this run.
      const asked = new Set(sim.log.filter((e) => e.path.startsWith('/v1/')).map((e) => e.model));
      for (const id of reported.models) expect(asked).toContain(id);
      const before = readFileSync(join(home, '.config', 'opencode', 'opencode.json'), 'utf8');
      const sync = await runInProcess(['sync'], { home, env: env(), timeoutMs: 120_000 });
      expect(sync.code, sync.stderr + sync.stdout).toBe(0);
      expect(readFileSync(join(home, '.config', 'opencode', 'opencode.json'), 'utf8')).toBe(before);
    } finally {
      remove();
    }
  }, 300_000);

  it('setup --dry-run of every agent the list suits finishes with a model each', async () => {
    const r = await runInProcess(['setup', '--yes', '--dry-run', '--json', '--agent', 'opencode,kilo,claude-code,codex,qwen-code,crush'], {
      env: env(),
      timeoutMs: 120_000,
    });
    const doc = jsonOf(r) as { agents: { id: string; model?: string }[] };
    expect(doc.agents.map((a) => [a.id, typeof a.model])).toEqual([
      ['opencode', 'string'],
      ['kilo', 'string'],
      ['claude-code', 'string'],
      ['codex', 'string'],
      ['qwen-code', 'string'],
      ['crush', 'string'],
    ]);
  }, 300_000);
});
