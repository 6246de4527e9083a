// `sync` and `sync --check` against a simulator whose model list changes between runs: a model
// removed, a mark changed, a model added, the base URL moved. Through the built bin.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MODELS, DEMO_KEY } from '../../src/simulator/index.js';
import type { SimModel, Simulator } from '../../src/simulator/types.js';
import { jsonOf, runInProcess, tempHome } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
let home: string;
let remove: () => void;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);
beforeEach(async () => {
  sim.setModels(DEFAULT_MODELS);
  ({ dir: home, remove } = tempHome());
  const setup = await cli(['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code,codex']);
  expect(setup.code, setup.stderr).toBe(0);
});
afterEach(() => remove());

const cli = (args: string[], extra: Record<string, string> = {}) =>
  runInProcess(args, { home, env: { GATEWAY_API_KEY: DEMO_KEY, ...extra } });
const codexToml = () => readFileSync(join(home, '.codex/config.toml'), 'utf8');
const claudeSettings = () => readFileSync(join(home, '.claude/settings.json'), 'utf8');
const saved = () =>
  JSON.parse(readFileSync(join(home, '.config/gateway-agent-setup/settings.json'), 'utf8')) as {
    baseUrl: string;
    perAgent: Record<string, { model: string }>;
  };
const without = (id: string): SimModel[] => DEFAULT_MODELS.filter((m) => m.id !== id);

describe('sync', () => {
  it('setup saved what it did (never the key); nothing changed: sync writes nothing, --check exits 0', async () => {
    expect(saved().perAgent.codex?.model).toBe('gpt-5.1-codex');
    expect(readFileSync(join(home, '.config/gateway-agent-setup/settings.json'), 'utf8')).not.toContain(DEMO_KEY);
    const before = codexToml();
    const check = await cli(['sync', '--check']);
    expect(check.code, check.stdout + check.stderr).toBe(0);
    expect(check.stdout).toContain('up to date');
    const sync = await cli(['sync']);
    expect(sync.code, sync.stderr).toBe(0);
    expect(sync.stdout).toContain('Already up to date');
    expect(codexToml()).toBe(before);
  });

  it('a model removed from the key: --check lists the stale config (exit 1); sync replaces it and says why', async () => {
    sim.setModels(without('gpt-5.1-codex'));
    const before = codexToml();
    const check = await cli(['sync', '--check', '--json']);
    expect(check.code).toBe(1);
    const doc = jsonOf(check) as { ok: boolean; stale: { agent: string; reason: string; files: string[] }[] };
    expect(doc.ok).toBe(false);
    expect(doc.stale.map((s) => s.agent)).toEqual(['codex']);
    expect(doc.stale[0]?.reason).toContain("gpt-5.1-codex left the key's model list");
    expect(doc.stale[0]?.files).toContain(join(home, '.codex/config.toml'));
    expect(codexToml()).toBe(before);

    const sync = await cli(['sync']);
    expect(sync.code, sync.stderr + sync.stdout).toBe(0);
    expect(sync.stdout).toContain("gpt-5.1-codex left the key's model list");
    const model = saved().perAgent.codex?.model;
    expect(model).toBeDefined();
    expect(model).not.toBe('gpt-5.1-codex');
    expect(codexToml()).toContain(`model = "${model}"`);
    expect((await cli(['sync', '--check'])).code).toBe(0);
  });

  it('a mark changed: a Claude model now marked for Responses only is replaced for Claude Code', async () => {
    // (Marked `openai` only it would stay: OpenAI-type channels convert messages, a probe tells.)
    sim.setModels(DEFAULT_MODELS.map((m) => (m.id === 'claude-sonnet-4-5' ? { ...m, marks: ['openai-response'] } : m)));
    const sync = await cli(['sync']);
    expect(sync.code, sync.stderr + sync.stdout).toBe(0);
    expect(sync.stdout).toContain('claude-sonnet-4-5 lost the mark Claude Code needs');
    expect(claudeSettings()).toContain('"ANTHROPIC_MODEL": "claude-opus-4-1"');
  });

  it('a model added: plain sync keeps the saved choice; --upgrade moves to the newer preferred one', async () => {
    sim.setModels([...DEFAULT_MODELS, { id: 'gpt-5.2-codex', channel: 'codex' }]);
    expect((await cli(['sync', '--check'])).code).toBe(0);
    const upgrade = await cli(['sync', '--upgrade']);
    expect(upgrade.code, upgrade.stderr + upgrade.stdout).toBe(0);
    expect(codexToml()).toContain('model = "gpt-5.2-codex"');
    expect(saved().perAgent.codex?.model).toBe('gpt-5.2-codex');
  });

  it('a model the user switched an agent to since setup is kept while the key lists it and it passes, and saved; one the key does not list goes back', async () => {
    // As Codex's own /model switch leaves it: another model of the key, in config.toml.
    const switched = codexToml().replace('model = "gpt-5.1-codex"', 'model = "gpt-5.1"');
    writeFileSync(join(home, '.codex/config.toml'), switched);
    const check = await cli(['sync', '--check']);
    expect(check.code, check.stdout + check.stderr).toBe(0);
    const sync = await cli(['sync']);
    expect(sync.code, sync.stderr + sync.stdout).toBe(0);
    expect(codexToml()).toBe(switched);
    expect(saved().perAgent.codex?.model).toBe('gpt-5.1');
    // A model the key does not list: the saved one (the user's kept choice) comes back, and why is said.
    writeFileSync(join(home, '.codex/config.toml'), switched.replace('model = "gpt-5.1"', 'model = "gpt-4-gone"'));
    const back = await cli(['sync']);
    expect(back.code, back.stderr + back.stdout).toBe(0);
    expect(codexToml()).toBe(switched);
    expect(back.stdout.replace(/\s+/g, ' ')).toContain('the config on disk uses gpt-4-gone, not the saved gpt-5.1');
    // One the key lists that fails its probe for its own reason (no channel for it in the key's group): the same.
    writeFileSync(join(home, '.codex/config.toml'), switched.replace('model = "gpt-5.1"', 'model = "kimi-k2"'));
    const failed = await cli(['sync']);
    expect(failed.code, failed.stderr + failed.stdout).toBe(0);
    expect(codexToml()).toBe(switched);
    expect(failed.stdout.replace(/\s+/g, ' ')).toMatch(/kimi-k2 failed its probe \(model_not_in_group, request ID \w+/);
  });

  it('setup run again (to add an agent) keeps a model the user switched to since, and records it; an untouched config follows the saved choice', async () => {
    const switched = codexToml().replace('model = "gpt-5.1-codex"', 'model = "gpt-5.1"');
    writeFileSync(join(home, '.codex/config.toml'), switched);
    const again = await cli(['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code,codex,aider']);
    expect(again.code, again.stderr + again.stdout).toBe(0);
    expect(codexToml()).toBe(switched);
    expect(saved().perAgent.codex?.model).toBe('gpt-5.1');
    // Claude Code's config was not touched: what it uses is what was recorded, and it stays.
    expect(saved().perAgent['claude-code']?.model).toBe('claude-sonnet-4-5');
    // A model named on the command line wins over the switch.
    const named = await cli(['setup', '--yes', '--base-url', sim.root, '--agent', 'codex', '--model', 'gpt-5.1-codex']);
    expect(named.code, named.stderr + named.stdout).toBe(0);
    expect(codexToml()).toContain('model = "gpt-5.1-codex"');
  });

  it('the base URL changed: every config follows', async () => {
    const other = await startSim();
    // A new origin gets the key only when the user names it for that gateway.
    expect((await cli(['sync', '--base-url', `${other.root}/v1`])).code).toBe(2);
    expect(other.log).toHaveLength(0);
    const sync = await cli(['sync', '--base-url', `${other.root}/v1`, '--api-key-env', 'GATEWAY_API_KEY']);
    expect(sync.code, sync.stderr + sync.stdout).toBe(0);
    expect(codexToml()).toContain(`base_url = "${other.root}/v1"`);
    expect(claudeSettings()).toContain(`"ANTHROPIC_BASE_URL": "${other.root}"`);
    expect(saved().baseUrl).toBe(other.root);
    expect(other.log.some((e) => e.path === '/v1/responses')).toBe(true);
  });

  it('without a saved setup: exit 2 saying to run setup first', async () => {
    const { dir, remove: rm } = tempHome();
    try {
      const r = await runInProcess(['sync'], { home: dir, env: { GATEWAY_API_KEY: DEMO_KEY } });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('setup');
    } finally {
      rm();
    }
  });
});
