// OpenCode keeps several models per provider: setup lists every model of the key that suits it and
// that the marks confirm (the default and small model as chosen), `--model opencode=ID` given more
// than once lists exactly those, and `sync` drops a model the gateway no longer offers while a
// model entry the user added by hand stays. Through the built bin, against the simulator.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { opencode } from '../../src/agents/opencode/index.js';
import { suitableModels } from '../../src/setup/choose.js';
import { DEFAULT_MODELS, DEMO_KEY } from '../../src/simulator/index.js';
import type { SimModel, Simulator } from '../../src/simulator/types.js';
import { listModels } from '../../src/gateway/client.js';
import { jsonOf, runInProcess, tempHomes } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);
beforeEach(() => sim.setModels(DEFAULT_MODELS));
const newHome = tempHomes();

const env = { GATEWAY_API_KEY: DEMO_KEY };
const cli = (home: string, args: string[]) => runInProcess(args, { home, env });
const configPath = (home: string) => join(home, '.config/opencode/opencode.json');
type Doc = { model: string; small_model?: string; provider: Record<string, { models: Record<string, unknown> }> };
const config = (home: string) => parseJsonc(readFileSync(configPath(home), 'utf8')) as Doc;
const listed = (doc: Doc): string[] => Object.values(doc.provider).flatMap((p) => Object.keys(p.models));
interface Report {
  ok: boolean;
  agents: { id: string; model: string; smallModel?: string; models?: string[] }[];
}

/** What the key offers OpenCode that the marks confirm: the list setup writes. */
async function confirmed(): Promise<string[]> {
  const { models } = await listModels({ root: sim.root, key: DEMO_KEY });
  return suitableModels(opencode, models)
    .filter((f) => !f.fit.needsProbe)
    .map((f) => f.model.id);
}

describe('OpenCode: several models', () => {
  it('setup lists every confirmed suitable model; the default and small model stay the chosen ones; doctor and a second run agree', async () => {
    const home = newHome();
    const result = await cli(home, ['setup', '--json', '--base-url', sim.root, '--agent', 'opencode']);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout + result.stderr).not.toContain(DEMO_KEY);
    const agent = (jsonOf(result) as unknown as Report).agents[0]!;
    const want = await confirmed();
    expect(want.length).toBeGreaterThan(2);
    expect([...agent.models!].sort()).toEqual([...want].sort());
    const doc = config(home);
    expect([...listed(doc)].sort()).toEqual([...want].sort());
    expect(doc.model).toMatch(new RegExp(`/${agent.model}$`));
    expect(doc.small_model).toMatch(new RegExp(`/${agent.smallModel}$`));

    const doctor = await cli(home, ['doctor', '--agent', 'opencode', '--json']);
    expect(doctor.code, doctor.stdout + doctor.stderr).toBe(0);
    const again = await cli(home, ['setup', '--json', '--base-url', sim.root, '--agent', 'opencode']);
    expect(again.code).toBe(0);
    expect((jsonOf(again) as { upToDate: boolean }).upToDate).toBe(true);
  });

  it('--model opencode=ID more than once lists exactly those, the first the default; once, it is the only model', async () => {
    const home = newHome();
    const several = await cli(home, [
      'setup',
      '--json',
      '--base-url',
      sim.root,
      '--agent',
      'opencode',
      '--model',
      'opencode=deepseek-chat',
      '--model',
      'opencode=gpt-5.1',
      '--small-model',
      'deepseek-chat',
    ]);
    expect(several.code, several.stdout + several.stderr).toBe(0);
    expect(config(home).model).toBe('gateway/deepseek-chat');
    expect(listed(config(home)).sort()).toEqual(['deepseek-chat', 'gpt-5.1']);

    const one = await cli(home, [
      'setup',
      '--json',
      '--base-url',
      sim.root,
      '--agent',
      'opencode',
      '--model',
      'opencode=gpt-5.1',
      '--small-model',
      'gpt-5.1',
    ]);
    expect(one.code, one.stdout + one.stderr).toBe(0);
    expect(listed(config(home))).toEqual(['gpt-5.1']);

    const bad = await cli(home, [
      'setup',
      '--json',
      '--base-url',
      sim.root,
      '--agent',
      'opencode',
      '--model',
      'opencode=gpt-5.1',
      '--model',
      'opencode=no-such-model',
    ]);
    expect(bad.code).toBe(2);
    expect(listed(config(home))).toEqual(['gpt-5.1']);
  });

  it('sync: a model gone from the gateway leaves the list, a hand-added entry stays, a new model is not added', async () => {
    const home = newHome();
    expect((await cli(home, ['setup', '--json', '--base-url', sim.root, '--agent', 'opencode'])).code).toBe(0);
    const doc = config(home);
    const gone = listed(doc).find((id) => id !== doc.model.split('/')[1] && id !== doc.small_model?.split('/')[1])!;
    expect(gone).toBeDefined();
    // A model of the user's own under our chat provider.
    const text = readFileSync(configPath(home), 'utf8').replace(
      '"models": {',
      '"models": {\n        "my-own": { "name": "Mine", "limit": { "context": 8000 } },',
    );
    writeFileSync(configPath(home), text);
    const fresh: SimModel = { ...DEFAULT_MODELS.find((m) => m.id === 'deepseek-chat')!, id: 'deepseek-new' };
    sim.setModels([...DEFAULT_MODELS.filter((m) => m.id !== gone), fresh]);

    const sync = await cli(home, ['sync', '--json']);
    expect(sync.code, sync.stdout + sync.stderr).toBe(0);
    const after = config(home);
    expect(listed(after)).not.toContain(gone);
    expect(listed(after)).toContain('my-own');
    expect(listed(after)).not.toContain('deepseek-new');
    expect(after.model).toBe(doc.model);
    expect(listed(after).length).toBe(listed(doc).length); // one gone, my-own added by hand
    expect(readFileSync(configPath(home), 'utf8')).toContain('"name": "Mine"');
  });
});
