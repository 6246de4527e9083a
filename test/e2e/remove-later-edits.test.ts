// `remove` on a file the user changed after setup: their comments, keys and empty containers stay
// where they were, only what setup wrote goes, and a value setup replaced comes back unless the user
// changed that value since. The shapes are the ones users' real files have (a comment right after
// our Codex table, Hermes Agent's `model:` block with their own address in it, Qwen Code's auth
// type, empty containers of their own).
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import { runInProcess, tempHomes } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

afterAll(stopAll);
const newHome = tempHomes();

interface Shape {
  name: string;
  agent: string;
  file: string;
  original: string;
  /** The user's edit of the file as setup left it. */
  edit(text: string): string;
  /** What remove leaves. */
  expected: string;
  mode?: number;
}

const SHAPES: Shape[] = [
  {
    name: 'a comment of theirs right after our table, and a table of theirs after it; their model back',
    agent: 'codex',
    file: '.codex/config.toml',
    original:
      '# my codex\nmodel = "o3"\napproval_policy = "on-request"\n\n[model_providers.openrouter]\nname = "OpenRouter"\nbase_url = "https://openrouter.ai/api/v1"\n',
    edit: (t) => `${t}# points codex at the team gateway (note to self)\n\n[profiles.fast]\nmodel = "gpt-5.1"\n`,
    expected:
      '# my codex\nmodel = "o3"\napproval_policy = "on-request"\n\n[model_providers.openrouter]\nname = "OpenRouter"\nbase_url = "https://openrouter.ai/api/v1"\n\n# points codex at the team gateway (note to self)\n\n[profiles.fast]\nmodel = "gpt-5.1"\n',
  },
  {
    name: 'a model they chose after setup stays theirs',
    agent: 'codex',
    file: '.codex/config.toml',
    original: 'model = "o3"\n\n[tui]\nnotifications = true\n',
    edit: (t) => t.replace(/^model = "[^"]*"/m, 'model = "gpt-5.1"'),
    expected: 'model = "gpt-5.1"\n\n[tui]\nnotifications = true\n',
  },
  {
    name: 'the model: block with their own base_url and api_mode, and their empty providers: {}',
    agent: 'hermes-agent',
    file: '.hermes/config.yaml',
    original:
      '# hermes\nmodel:\n  default: anthropic/claude-sonnet-4\n  provider: openrouter\n  base_url: https://openrouter.ai/api/v1\n  api_mode: chat_completions\nproviders: {}\nterminal:\n  backend: local\n',
    edit: (t) => `${t}display:\n  skin: mono # mine\n`,
    expected:
      '# hermes\nmodel:\n  default: anthropic/claude-sonnet-4\n  provider: openrouter\n  base_url: https://openrouter.ai/api/v1\n  api_mode: chat_completions\nproviders: {}\nterminal:\n  backend: local\ndisplay:\n  skin: mono # mine\n',
  },
  {
    name: 'their auth type back (qwen-oauth), no empty {} of ours, and the mode it had',
    agent: 'qwen-code',
    file: '.qwen/settings.json',
    original: '{\n  "security": {\n    "auth": {\n      "selectedType": "qwen-oauth"\n    }\n  },\n  "ui": { "theme": "GitHub" }\n}\n',
    edit: (t) => t.replace('"GitHub"', '"Dracula"'),
    expected: '{\n  "security": {\n    "auth": {\n      "selectedType": "qwen-oauth"\n    }\n  },\n  "ui": { "theme": "Dracula" }\n}\n',
    mode: 0o644,
  },
  {
    name: 'their empty "models": {} stays as they wrote it',
    agent: 'crush',
    file: '.config/crush/crush.json',
    original: '{\n  "models": {},\n  "options": { "debug": false }\n}\n',
    edit: (t) => t.replace('"debug": false', '"debug": true'),
    expected: '{\n  "models": {},\n  "options": { "debug": true }\n}\n',
  },
  {
    name: 'their own empty "provider": {} stays; model and small_model back',
    agent: 'opencode',
    file: '.config/opencode/opencode.json',
    original: '{\n  "provider": {},\n  "model": "anthropic/claude-sonnet-4",\n  "small_model": "anthropic/claude-haiku"\n}\n',
    edit: (t) => t.replace('{\n', '{\n  "theme": "x",\n'),
    expected:
      '{\n  "theme": "x",\n  "provider": {},\n  "model": "anthropic/claude-sonnet-4",\n  "small_model": "anthropic/claude-haiku"\n}\n',
  },
  {
    name: 'model and weak-model back',
    agent: 'aider',
    file: '.aider.conf.yml',
    original: 'model: sonnet\nweak-model: haiku\ndark-mode: true\n',
    edit: (t) => `${t}light-mode: false\n`,
    expected: 'model: sonnet\nweak-model: haiku\ndark-mode: true\nlight-mode: false\n',
  },
];

describe('remove keeps the edits the user made after setup', () => {
  it.each(SHAPES.map((s) => [`${s.agent}: ${s.name}`, s] as const))('%s', async (_name, s) => {
    const sim = await startSim();
    const home = newHome();
    const file = join(home, s.file);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, s.original, { mode: 0o644 });
    const env = { GATEWAY_API_KEY: DEMO_KEY };
    const setup = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', s.agent], { home, env });
    expect(setup.code, setup.stderr).toBe(0);
    const written = readFileSync(file, 'utf8');
    expect(written).not.toBe(s.original);
    writeFileSync(file, s.edit(written));
    const r = await runInProcess(['remove', '--yes', '--agent', s.agent], { home });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(s.expected);
    if (s.mode !== undefined) expect(statSync(file).mode & 0o777).toBe(s.mode);
    expect(r.stdout.replace(/\s+/g, ' ')).toContain('your changes stay, and only what setup wrote was taken out');
  });

  it('a provider the user pointed elsewhere by hand is theirs: it stays', async () => {
    const sim = await startSim();
    const home = newHome();
    const file = join(home, '.codex', 'config.toml');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, 'model = "o3"\n');
    const env = { GATEWAY_API_KEY: DEMO_KEY };
    expect((await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'codex'], { home, env })).code).toBe(0);
    // The user points our provider elsewhere by hand: their base_url is no longer what we wrote, and stays.
    writeFileSync(file, readFileSync(file, 'utf8').replace(/base_url = "[^"]*"/, 'base_url = "https://mine.example/v1"'));
    const r = await runInProcess(['remove', '--yes', '--agent', 'codex', '--base-url', sim.root], { home });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('base_url = "https://mine.example/v1"');
  });
});
