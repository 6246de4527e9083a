// A hostile gateway names a model `--yolo`: it must never become a flag of an agent's command line
// (`qwen -m --yolo …` turns on auto-approve against that same gateway). The gateway's id is dropped
// with a warning, and every agent's one-shot passes its model in a form no option parser splits.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENTS } from '../../src/agents/registry.js';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { jsonOf, runInProcess, tempHome } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

const HOSTILE = ['--yolo', '-y', '--approval-mode=yolo', '-m'];

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim({
    models: [...HOSTILE.map((id) => ({ id, channel: 'openai' as const })), { id: 'qwen3-coder-plus', channel: 'openai' as const }],
  });
});
afterAll(stopAll);

describe('a model id that starts with "-"', () => {
  it('from the gateway: dropped with a warning by models, never written by setup', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const env = { GATEWAY_API_KEY: DEMO_KEY };
      const models = await runInProcess(['models', '--json', '--base-url', sim.root], { home, env });
      expect(models.code, models.stderr).toBe(0);
      const ids = (jsonOf(models) as { models: { id: string }[] }).models.map((m) => m.id);
      expect(ids).toEqual(['qwen3-coder-plus']);
      for (const id of HOSTILE) expect(models.stderr).toContain(`dropped model ${JSON.stringify(id)}`);
      expect(models.stderr).toContain('starts with "-"');

      const setup = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'qwen-code'], { home, env });
      expect(setup.code, setup.stderr).toBe(0);
      const written = JSON.parse(readFileSync(join(home, '.qwen', 'settings.json'), 'utf8')) as { model?: { name?: string } };
      expect(written.model?.name).toBe('qwen3-coder-plus');
    } finally {
      remove();
    }
  });

  // A model read from a config file the user (or anyone) edited still reaches the command line:
  // each agent's one-shot must keep it a value. parseArgs in loose mode reads tokens the way the
  // agents' parsers (yargs, commander, clap) do: `-m --yolo` gives `yolo: true`.
  // Every agent, those that cannot be set up too: a model id still reaches their one-shot by hand.
  const agents = Object.values(AGENTS);
  it.each(agents.map((a) => [a.id, a] as const))('%s: the one-shot keeps "--yolo" a value, never a flag', (_id, agent) => {
    for (const model of HOSTILE) {
      const { args } = agent.oneShot(model, 'Reply with the single word OK.');
      // No argument is the bare id, and none but one `--model=…` carries it.
      expect(args).not.toContain(model);
      // The argument that ends with the id (`--model=ID`, `--model=openai/ID`, Pi's `gateway/ID` after a bare
      // `--model`): `-y` is inside other flags' names.
      const carrying = args.filter((a) => a.endsWith(model) && a !== '--model');
      // An agent whose one-shot takes its model from its config (Cline, Crush) carries no id at all.
      if (!agent.oneShot('probe-model-id', 'x').args.some((a) => a.includes('probe-model-id'))) {
        expect(carrying).toEqual([]);
        continue;
      }
      expect(carrying).toHaveLength(1);
      if (agent.id === 'pi') {
        // Pi reads no `--model=ID`; its `--model` takes the next argument whatever it is, and the
        // `provider/` prefix keeps that argument from starting with "-".
        expect(args[args.indexOf(carrying[0]!) - 1]).toBe('--model');
        expect(carrying[0]).toMatch(/^[a-z][a-z-]*\//);
      } else {
        expect(carrying[0]).toMatch(/^--model=/);
      }
      const { values } = parseArgs({
        args: args.filter((a) => a !== 'exec' && a !== 'run'),
        options: { model: { type: 'string', short: 'm' }, yolo: { type: 'boolean', short: 'y' }, p: { type: 'string' } },
        strict: false,
        allowPositionals: true,
      });
      expect(values.yolo).toBeUndefined();
      expect(values.y).toBeUndefined();
      expect(String(values.model)).toMatch(new RegExp(`${model.replace(/[-=]/g, '\\$&')}$`));
    }
  });
});
