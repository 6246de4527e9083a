// Keys in different token groups: `--api-key-env AGENT=VAR` gives one agent its own key, each agent
// chooses from its own key's model list, and when a key's group sells nothing that suits an agent,
// the marketplace says which groups do. Through the built bin against a simulator whose keys sit in
// different groups with different models (as new-api's token groups do).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimKey, SimModel, Simulator } from '../../src/simulator/types.js';
import { jsonOf, runInProcess, tempHomes } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

const fake = (word: string): string => `sk-${word.repeat(Math.ceil(48 / word.length)).slice(0, 48)}`;
const CLAUDE_KEY = fake('claudegroup');
const DEFAULT_KEY = fake('defaultgroup');
const RESPONSES_KEY = fake('responsesonly');

/**
 * The `claude` group sells the Claude models and the Codex model; the `default` group only gpt-5.1
 * and deepseek; the `responses` group only a Responses-only model (nothing Claude Code can use).
 */
const MODELS: SimModel[] = [
  { id: 'claude-sonnet-4-5', channel: 'anthropic', groups: ['claude', 'vip'], quotaType: 0, modelRatio: 1.5, completionRatio: 5 },
  { id: 'claude-haiku-4-5', channel: 'anthropic', groups: ['claude'], quotaType: 0, modelRatio: 0.5, completionRatio: 5 },
  { id: 'gpt-5.1-codex', channel: 'codex', groups: ['claude', 'responses'], quotaType: 0, modelRatio: 0.625, completionRatio: 8 },
  { id: 'gpt-5.1', channel: 'openai', groups: ['default'], quotaType: 0, modelRatio: 0.625, completionRatio: 8 },
  { id: 'deepseek-chat', channel: 'deepseek', groups: ['default'], quotaType: 0, modelRatio: 0.14, completionRatio: 1.5 },
];
const KEYS: SimKey[] = [
  { key: CLAUDE_KEY, name: 'claude', group: 'claude', unlimited: true },
  { key: DEFAULT_KEY, name: 'default', group: 'default', unlimited: true },
  { key: RESPONSES_KEY, name: 'responses', group: 'responses', unlimited: true },
];
const CLAUDE_ONLY = ['claude-sonnet-4-5', 'claude-haiku-4-5', 'gpt-5.1-codex'];

let sim: Simulator;
let closed: Simulator;
beforeAll(async () => {
  const world = { models: MODELS, keys: KEYS, groupRatios: { default: 1, vip: 1.5, claude: 2, responses: 1 } };
  sim = await startSim(world);
  closed = await startSim({ ...world, pricing: 'forbidden' });
});
afterAll(stopAll);
const newHome = tempHomes();

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? walk(path).map((p) => join(e.name, p)) : [relative(dir, path)];
  });
}
/** The files below `home` holding `secret`, backups left out (they copy what was there before). */
const holding = (home: string, secret: string): string[] =>
  walk(home).filter((rel) => !rel.includes('backups') && readFileSync(join(home, rel), 'utf8').includes(secret));

interface AgentOut {
  id: string;
  ok: boolean;
  model?: string;
  smallModel?: string;
  tiers?: Record<string, string>;
  keyEnv?: string;
  skipped?: string;
  groupAdvice?: { model: string; groups: string[] }[];
  verify?: { ok: boolean };
}

const ENV = { CLAUDE_GROUP_KEY: CLAUDE_KEY, GATEWAY_API_KEY: DEFAULT_KEY };
const noLeak = (text: string): void => {
  for (const key of [CLAUDE_KEY, DEFAULT_KEY, RESPONSES_KEY]) expect(text).not.toContain(key);
};

describe('per-agent keys', () => {
  it('claude-code with its claude-group key, codex with the default one: own key, own models, names only saved; sync and doctor stay green', async () => {
    const home = newHome();
    const setup = await runInProcess(
      ['setup', '--yes', '--json', '--base-url', sim.root, '--agent', 'claude-code,codex', '--api-key-env', 'claude-code=CLAUDE_GROUP_KEY'],
      { home, env: ENV },
    );
    expect(setup.code, setup.stderr + setup.stdout).toBe(0);
    noLeak(setup.stdout + setup.stderr);
    const agents = jsonOf(setup).agents as AgentOut[];
    const claude = agents.find((a) => a.id === 'claude-code')!;
    const codex = agents.find((a) => a.id === 'codex')!;
    expect([claude.keyEnv, codex.keyEnv]).toEqual(['CLAUDE_GROUP_KEY', 'GATEWAY_API_KEY']);
    expect(claude.model).toMatch(/^claude-/);
    // Codex would take gpt-5.1-codex from the claude group's list: its own key's list has none.
    expect(['gpt-5.1', 'deepseek-chat']).toContain(codex.model);
    expect(CLAUDE_ONLY).not.toContain(codex.model);
    expect([claude.verify?.ok, codex.verify?.ok]).toEqual([true, true]);

    // Each config carries its own key, and only its own.
    const claudeFiles = holding(home, CLAUDE_KEY);
    const defaultFiles = holding(home, DEFAULT_KEY);
    expect(claudeFiles.length).toBeGreaterThan(0);
    expect(defaultFiles.length).toBeGreaterThan(0);
    expect(claudeFiles.every((f) => f.startsWith('.claude'))).toBe(true);
    expect(defaultFiles.every((f) => f.startsWith('.codex'))).toBe(true);

    // The saved settings hold the variable names, never a key.
    const settingsFile = walk(home).find((f) => f.endsWith('settings.json') && !f.startsWith('.claude'))!;
    const settings = JSON.parse(readFileSync(join(home, settingsFile), 'utf8')) as {
      keyEnv?: string;
      perAgent: Record<string, { keyEnv?: string }>;
    };
    expect(settings.keyEnv).toBe('GATEWAY_API_KEY');
    expect(settings.perAgent['claude-code']?.keyEnv).toBe('CLAUDE_GROUP_KEY');
    expect(settings.perAgent.codex?.keyEnv).toBeUndefined();

    // models --agent ID reads that agent's saved variable: its own key's list.
    const own = await runInProcess(['models', '--json', '--base-url', sim.root, '--agent', 'claude-code'], { home, env: ENV });
    expect(own.code, own.stderr).toBe(0);
    expect((jsonOf(own).models as { id: string }[]).map((m) => m.id).sort()).toEqual([...CLAUDE_ONLY].sort());
    const plain = await runInProcess(['models', '--json', '--base-url', sim.root], { home, env: ENV });
    expect((jsonOf(plain).models as { id: string }[]).map((m) => m.id).sort()).toEqual(['deepseek-chat', 'gpt-5.1']);
    noLeak(own.stdout + own.stderr + plain.stdout);

    // sync reads each agent's saved variable: nothing to change.
    const check = await runInProcess(['sync', '--check', '--json'], { home, env: ENV });
    expect(check.code, check.stdout + check.stderr).toBe(0);
    const sync = await runInProcess(['sync', '--json'], { home, env: ENV });
    expect(sync.code, sync.stdout + sync.stderr).toBe(0);
    expect((jsonOf(sync).agents as AgentOut[]).map((a) => [a.id, a.keyEnv, a.ok])).toEqual([
      ['claude-code', 'CLAUDE_GROUP_KEY', true],
      ['codex', 'GATEWAY_API_KEY', true],
    ]);
    noLeak(check.stdout + check.stderr + sync.stdout + sync.stderr);

    // doctor: each agent checked with its own key, green; --fix swaps no key.
    const doctor = await runInProcess(['doctor', '--json', '--agent', 'claude-code,codex'], { home, env: ENV });
    expect(doctor.code, doctor.stdout).toBe(0);
    const fix = await runInProcess(['doctor', '--fix', '--json', '--agent', 'claude-code,codex'], { home, env: ENV });
    expect(fix.code, fix.stdout).toBe(0);
    expect(jsonOf(fix).keysReplaced).toEqual([]);
    expect(holding(home, CLAUDE_KEY)).toEqual(claudeFiles);
    expect(holding(home, DEFAULT_KEY)).toEqual(defaultFiles);
    noLeak(doctor.stdout + doctor.stderr + fix.stdout + fix.stderr);

    // Claude Code's key gone from its config: --fix gives it back its own key, not GATEWAY_API_KEY's.
    const claudeConfig = join(home, '.claude/settings.json');
    writeFileSync(claudeConfig, readFileSync(claudeConfig, 'utf8').replaceAll(CLAUDE_KEY, ''));
    const refix = await runInProcess(['doctor', '--fix', '--json', '--agent', 'claude-code,codex'], { home, env: ENV });
    expect(refix.code, refix.stdout).toBe(0);
    expect((jsonOf(refix).keysReplaced as { id: string; var: string }[]).map((k) => [k.id, k.var])).toEqual([
      ['claude-code', 'CLAUDE_GROUP_KEY'],
    ]);
    expect(readFileSync(claudeConfig, 'utf8')).toContain(CLAUDE_KEY);
    expect(holding(home, DEFAULT_KEY).every((f) => f.startsWith('.codex'))).toBe(true);
    noLeak(refix.stdout + refix.stderr);
  });

  it("the text report names the variable each agent's key came from, never the key", async () => {
    const result = await runInProcess(
      [
        'setup',
        '--yes',
        '--dry-run',
        '--base-url',
        sim.root,
        '--agent',
        'claude-code,codex',
        '--api-key-env',
        'claude-code=CLAUDE_GROUP_KEY',
      ],
      { env: ENV },
    );
    expect(result.code, result.stderr + result.stdout).toBe(0);
    expect(result.stdout).toContain('key: $CLAUDE_GROUP_KEY');
    expect(result.stdout).toContain('key: $GATEWAY_API_KEY');
    noLeak(result.stdout + result.stderr);
  });

  it('every agent with its own key needs no GATEWAY_API_KEY', async () => {
    const result = await runInProcess(
      [
        'setup',
        '--yes',
        '--json',
        '--dry-run',
        '--base-url',
        sim.root,
        '--agent',
        'claude-code,codex',
        '--api-key-env',
        'claude-code=CLAUDE_GROUP_KEY',
        '--api-key-env',
        'codex=CODEX_KEY',
      ],
      { env: { CLAUDE_GROUP_KEY: CLAUDE_KEY, CODEX_KEY: DEFAULT_KEY } },
    );
    expect(result.code, result.stderr + result.stdout).toBe(0);
    expect((jsonOf(result).agents as AgentOut[]).map((a) => a.keyEnv)).toEqual(['CLAUDE_GROUP_KEY', 'CODEX_KEY']);
  });

  it('an unknown agent in --api-key-env names the valid agents (exit 2)', async () => {
    const result = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--api-key-env', 'bogus=VAR'], { env: ENV });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('bogus');
    expect(result.stderr).toContain('claude-code');
    expect(result.stderr).toContain('codex');
  });

  it('an unset per-agent variable is a usage error naming the agent and the variable (exit 2)', async () => {
    const result = await runInProcess(
      ['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code,codex', '--api-key-env', 'codex=NOT_SET_HERE'],
      { env: ENV },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('codex');
    expect(result.stderr).toContain('NOT_SET_HERE');
  });

  it('a key given where the variable name goes is refused without echoing it', async () => {
    const result = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--api-key-env', `codex=${CLAUDE_KEY}`], { env: ENV });
    expect(result.code).toBe(2);
    noLeak(result.stdout + result.stderr);
  });
});

describe('group advice', () => {
  it('a key whose group sells nothing for Claude Code: the marketplace names the groups that do, and the command', async () => {
    const result = await runInProcess(['setup', '--yes', '--json', '--base-url', sim.root, '--agent', 'claude-code'], {
      env: { GATEWAY_API_KEY: RESPONSES_KEY },
    });
    expect(result.code).toBe(1);
    noLeak(result.stdout + result.stderr);
    const claude = (jsonOf(result).agents as AgentOut[])[0]!;
    expect(claude.skipped).toBeDefined();
    expect(claude.groupAdvice?.[0]).toEqual({ model: 'claude-sonnet-4-5', groups: ['claude', 'vip'] });
    expect(claude.groupAdvice?.map((g) => g.model)).not.toContain('gpt-5.1-codex');

    const text = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code'], {
      env: { GATEWAY_API_KEY: RESPONSES_KEY },
    });
    expect(text.stdout).toContain('claude-sonnet-4-5 is sold to groups `claude`, `vip`');
    expect(text.stdout.replace(/\s+/g, ' ')).toContain(
      `setup --base-url ${sim.root} --agent claude-code --api-key-env claude-code=GATEWAY_API_KEY_CLAUDE_CODE`,
    );
  });

  it('says nothing of groups when the marketplace is closed: the old reason stays', async () => {
    const result = await runInProcess(['setup', '--yes', '--json', '--base-url', closed.root, '--agent', 'claude-code'], {
      env: { GATEWAY_API_KEY: RESPONSES_KEY },
    });
    expect(result.code).toBe(1);
    const claude = (jsonOf(result).agents as AgentOut[])[0]!;
    expect(claude.skipped).toBeDefined();
    expect(claude.groupAdvice).toBeUndefined();
  });

  it('doctor names the groups when the configured key lists nothing for the agent', async () => {
    const home = newHome();
    // Set up with the claude key, then the key in the config is swapped for one of another group.
    const setup = await runInProcess(
      ['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code', '--api-key-env', 'claude-code=CLAUDE_GROUP_KEY'],
      { home, env: ENV },
    );
    expect(setup.code, setup.stdout + setup.stderr).toBe(0);
    const file = holding(home, CLAUDE_KEY)[0]!;
    writeFileSync(join(home, file), readFileSync(join(home, file), 'utf8').replaceAll(CLAUDE_KEY, RESPONSES_KEY));
    const doctor = await runInProcess(['doctor', '--json', '--agent', 'claude-code'], { home, env: { CLAUDE_GROUP_KEY: CLAUDE_KEY } });
    expect(doctor.code).toBe(1);
    noLeak(doctor.stdout + doctor.stderr);
    const agent = (jsonOf(doctor).agents as { id: string; groupAdvice?: { model: string; groups: string[] }[] }[])[0]!;
    expect(agent.groupAdvice?.[0]).toEqual({ model: 'claude-sonnet-4-5', groups: ['claude', 'vip'] });
  });
});
