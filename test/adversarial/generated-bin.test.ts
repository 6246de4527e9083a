// Generated lived-in homes through the built bin: random unknown keys and layouts in every JSON/JSONC
// config, `setup` for all five agents against the simulator, then every unknown key and comment is
// still there and a second `setup` reports up to date and changes no byte. A few homes only (each is
// two real runs); the thousands of cases are in generated-json.test.ts.
import fc from 'fast-check';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/index.js';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { jsonOf, runCli, tempHome } from '../helpers/cli.js';
import { renderJson, type Layout } from '../helpers/json-render.js';
import { startSim, stopAll } from '../helpers/sim.js';
import { SUPPORTED_AGENT_IDS } from '../../src/agents/registry.js';

const HOMES = 4;
const SEED = 20261122;
let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);

const FILES: [string, boolean][] = [
  ['.claude/settings.json', false],
  ['.claude.json', false],
  ['.qwen/settings.json', false],
  ['.cline/data/settings/providers.json', false],
  ['.config/opencode/opencode.jsonc', true],
];
const key = fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,8}$/).map((k) => `x_${k}`);
const scalar = fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean(), fc.constant(null));
const tree = fc.letrec((tie) => ({
  node: fc.dictionary(key, fc.oneof({ depthSize: 'small' }, scalar, tie('node'), fc.array(scalar, { maxLength: 3 })), {
    minKeys: 1,
    maxKeys: 4,
  }),
})).node as fc.Arbitrary<Record<string, unknown>>;
const layout = (jsonc: boolean): fc.Arbitrary<Layout> =>
  fc.record({
    unit: fc.constantFrom('  ', '    ', '\t'),
    eol: fc.constantFrom('\n' as const, '\r\n' as const),
    compact: fc.boolean(),
    jsonc: fc.constant(jsonc),
    commentEvery: jsonc ? fc.integer({ min: 1, max: 3 }) : fc.constant(0),
    trailingCommas: fc.boolean(),
    bom: fc.constant(false),
    finalEol: fc.boolean(),
  });
const home = fc.tuple(...FILES.map(([, jsonc]) => fc.tuple(tree, layout(jsonc))));

describe(`generated homes through the built bin (${HOMES} homes, seed ${SEED})`, () => {
  it('setup for all five agents keeps every unknown key and comment; a second setup changes nothing', async () => {
    const homes = fc.sample(home, { numRuns: HOMES, seed: SEED });
    for (const generated of homes) {
      const { dir, remove } = tempHome();
      try {
        const written = FILES.map(([rel], i) => {
          const [doc, lay] = generated[i] as [Record<string, unknown>, Layout];
          const { text, comments } = renderJson(doc, lay);
          mkdirSync(dirname(join(dir, rel)), { recursive: true });
          writeFileSync(join(dir, rel), text);
          return { rel, doc, comments };
        });
        const args = ['setup', '--yes', '--json', '--base-url', sim.root, '--agent', SUPPORTED_AGENT_IDS.join(',')];
        const first = await runCli(args, { home: dir, env: { GATEWAY_API_KEY: DEMO_KEY } });
        expect(first.code, first.stdout + first.stderr).toBe(0);
        const after = new Map(written.map(({ rel }) => [rel, readFileSync(join(dir, rel), 'utf8')]));
        for (const { rel, doc, comments } of written) {
          const text = after.get(rel) as string;
          const parsed = parseConfig(text, rel.endsWith('.jsonc') ? 'jsonc' : 'json', rel) as Record<string, unknown>;
          for (const [k, v] of Object.entries(doc)) expect(parsed[k], `${rel} ${k}`).toEqual(v);
          for (const c of comments) expect(text, `${rel} ${c}`).toContain(c);
        }
        const second = await runCli(args, { home: dir, env: { GATEWAY_API_KEY: DEMO_KEY } });
        expect(second.code, second.stderr).toBe(0);
        expect(jsonOf(second).upToDate).toBe(true);
        for (const { rel } of written) expect(readFileSync(join(dir, rel), 'utf8'), rel).toBe(after.get(rel));
      } finally {
        remove();
      }
    }
  });
});
