// The wizard's steps with scripted answers: a fake Prompter (the port), the real simulator over
// HTTP, real files in a temp HOME.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AgentEnv } from '../../src/agents/types.js';
import { CancelledError, JobError, UsageError } from '../../src/core/errors.js';
import { DEFAULT_MODELS, DEMO_KEY, DISABLED_KEY, EXPIRING_KEY, LIMITED_KEY, VIP_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import type { Choice, Progress, Prompter } from '../../src/wizard/port.js';
import { runWizard, type WizardDefaults, type WizardGiven } from '../../src/wizard/flow.js';
import { modelChoices } from '../../src/wizard/steps/models.js';
import { suitableModels } from '../../src/setup/choose.js';
import { AGENT_IDS, AGENTS, SUPPORTED_AGENT_IDS } from '../../src/agents/registry.js';

const AGENTS_COUNT = AGENT_IDS.length;
import { listModels, attachPricing, fetchPricing } from '../../src/gateway/client.js';
import { closedPort, startSim, stopAll } from '../helpers/sim.js';

type Asked = { kind: string; message: string; choices?: Choice<unknown>[]; initial?: unknown };
type Answer = (q: Asked) => unknown;

/** Answers questions in order; fails the test when a question comes that was not scripted. */
function scripted(answers: Answer[]): Prompter & { asked: Asked[] } {
  const asked: Asked[] = [];
  const next = async <T>(q: Asked): Promise<T> => {
    asked.push(q);
    const answer = answers.shift();
    if (!answer) throw new Error(`unscripted question: ${q.kind} "${q.message}"`);
    const value = answer(q);
    if (value instanceof Error) throw value;
    return value as T;
  };
  return {
    asked,
    text: (q) => next({ kind: 'text', message: q.message, initial: q.initial }),
    password: (q) => next({ kind: 'password', message: q.message }),
    select: (q) => next({ kind: 'select', message: q.message, choices: q.choices as Choice<unknown>[], initial: q.initial }),
    multiselect: (q) => next({ kind: 'multiselect', message: q.message, choices: q.choices as Choice<unknown>[] }),
    autocomplete: (q) => next({ kind: 'autocomplete', message: q.message, choices: q.choices as Choice<unknown>[], initial: q.initial }),
    confirm: (q) => next({ kind: 'confirm', message: q.message }),
  };
}

/** Records every spinner event as text: "start key: text", "settle key ok: text", "end". */
function recorder(): Progress & { events: string[] } {
  const events: string[] = [];
  return {
    events,
    group: () => ({
      start: (key, text) => void events.push(`start ${key}: ${text}`),
      settle: (key, ok, text) => void events.push(`settle ${key} ${ok ? 'ok' : 'failed'}: ${text}`),
      end: () => void events.push('end'),
    }),
  };
}

const first: Answer = (q) => q.choices?.[0]?.value;
/** The recommended models question, declined: each agent's model is asked. */
const chooseEach: Answer = (q) => (expect(q.kind).toBe('confirm'), expect(q.message).toContain('recommended model for every agent'), false);
/** The recommended models question, taken. */
const takeRecommended: Answer = (q) => (
  expect(q.kind).toBe('confirm'),
  expect(q.message).toContain('recommended model for every agent'),
  true
);

let sim: Simulator;
let home: string;
const said: string[] = [];
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);
afterEach(() => {
  rmSync(home, { recursive: true, force: true });
  said.length = 0;
});

function deps(prompter: Prompter, installed: string[] = [], progress?: Progress) {
  home = mkdtempSync(join(tmpdir(), 'gas-wizard-'));
  const env: AgentEnv = { home, cwd: home, platform: 'linux', env: { HOME: home } };
  return {
    prompter,
    progress,
    env,
    say: (t: string) => void said.push(t),
    detect: async (agent: { id: string }) => ({ installed: installed.includes(agent.id), version: '99.0.0' }),
  };
}

const given = (extra: Partial<WizardGiven> = {}): WizardGiven => ({ keyEnvVar: 'GATEWAY_API_KEY', ...extra });
const allFlags = (extra: Partial<WizardGiven> = {}): WizardGiven =>
  given({
    baseUrl: sim.root,
    key: DEMO_KEY,
    agents: ['codex'],
    models: new Map([['codex', 'gpt-5.1-codex']]),
    scope: 'user',
    keyStorage: 'file',
    ...extra,
  });

describe('wizard: the whole walk', () => {
  it('walks every step and writes verified configs', async () => {
    const progress = recorder();
    const p = scripted([
      (q) => (expect(q.kind).toBe('text'), expect(q.initial).toBeUndefined(), `${sim.root}/v1/chat/completions`),
      (q) => (expect(q.kind).toBe('password'), DEMO_KEY),
      (q) => {
        expect(q.kind).toBe('multiselect');
        const byId = new Map(q.choices!.map((c) => [c.value, c]));
        // Installed agents pre-selected, with their version, protocol and how many models suit.
        expect(byId.get('codex')?.selected).toBe(true);
        expect(byId.get('codex')?.title).toMatch(/^Codex CLI\s+installed 99\.0\.0\s+Responses: 6 models$/);
        expect(byId.get('claude-code')?.selected).toBe(false);
        expect(byId.get('claude-code')?.title).toMatch(/not installed\s+messages: 7 models$/);
        // Gemini CLI disabled, the reason in its title (prompts shows nothing else for it).
        expect(byId.get('gemini-cli')?.disabled).toBe(true);
        expect(byId.get('gemini-cli')?.title.replace(/\s+/g, ' ')).toMatch(/✗ needs native Gemini, not served here$/);
        // Within 74 columns, and no agent's name cut: a row too long for one line goes on below.
        for (const c of q.choices!) for (const line of c.title.split('\n')) expect([...line].length).toBeLessThanOrEqual(74);
        for (const c of q.choices!) expect(c.title.startsWith(AGENTS[c.value as keyof typeof AGENTS].name)).toBe(true);
        expect(byId.get('factory-droid')?.title).toMatch(/^Factory Droid\s/);
        expect(byId.get('copilot-cli')?.title).toMatch(/^GitHub Copilot CLI\s/);
        return ['claude-code', 'codex'];
      },
      // Two agents: are their keys in different groups? No: one key for both.
      (q) => (
        expect(q.kind).toBe('select'),
        expect(q.message).toContain('different groups'),
        expect(q.choices![0]!.value).toBe(false),
        false
      ),
      chooseEach,
      (q) => {
        // Only the models that suit Claude Code, recommended first, marks and prices on the row.
        expect(q.message).toContain('Claude Code');
        // Models marked openai only follow, to be probed: the gateway converts messages for them.
        expect(q.choices!.map((c) => c.value)).toEqual([
          'claude-sonnet-4-5',
          'claude-opus-4-1',
          'claude-haiku-4-5',
          'gpt-5.1',
          'gemini-2.5-pro',
          'kimi-k2',
          'deepseek-chat',
        ]);
        expect(q.choices![0]!.title).toMatch(/^claude-sonnet-4-5\s+★ recommended\s+anthropic,openai\s+\$3 in\/\$15 out$/m);
        expect(q.choices![0]!.short).toBe('claude-sonnet-4-5');
        return 'claude-sonnet-4-5';
      },
      (q) => (expect(q.message).toContain('Small/fast'), expect(q.choices![0]!.value).toBe('claude-haiku-4-5'), 'claude-haiku-4-5'),
      (q) => {
        expect(q.message).toContain('Codex');
        const ids = q.choices!.map((c) => c.value);
        expect(ids[0]).toBe('gpt-5.1-codex');
        expect(ids).not.toContain('claude-sonnet-4-5');
        expect(q.choices!.find((c) => c.value === 'gpt-5.1')?.title).toContain('needs a probe');
        return 'gpt-5.1-codex';
      },
      (q) => (
        expect(q.message).toContain('Where'),
        expect(q.choices!.map((c) => c.title).join('\n')).toMatch(/every project.*\n.*never the key/),
        'user'
      ),
      (q) => (expect(q.message).toContain('key'), expect(q.choices![1]!.title).toContain('$GATEWAY_API_KEY'), 'file'),
      (q) => {
        expect(q.kind).toBe('confirm');
        // The preview is on screen before the question, key masked.
        expect(said.join('\n')).toMatch(/changes to be written[\s\S]*\+\+\+ b[\s\S]*"ANTHROPIC_AUTH_TOKEN": "sk-de…demo"/);
        expect(existsSync(join(home, '.codex'))).toBe(false);
        return true;
      },
    ]);
    const report = await runWizard(deps(p, ['codex'], progress), given());
    expect(p.asked).toHaveLength(11);
    expect(report.ok).toBe(true);
    expect(report.agents.map((a) => [a.id, a.model, a.smallModel])).toEqual([
      ['claude-code', 'claude-sonnet-4-5', 'claude-haiku-4-5'],
      ['codex', 'gpt-5.1-codex', undefined],
    ]);
    expect(JSON.parse(readFileSync(join(home, '.claude/settings.json'), 'utf8')).env.ANTHROPIC_BASE_URL).toBe(sim.root);
    expect(readFileSync(join(home, '.codex/config.toml'), 'utf8')).toContain(`base_url = "${sim.root}/v1"`);
    const text = said.join('\n');
    // Each agent is told the form its module gives it: the bare root or root + /v1.
    // Long lists of agents wrap: the check reads the lines joined back into sentences.
    const sentences = said
      .join('\n')
      .split('\n')
      .map((l) => l.trim())
      .join(' ')
      .split(/(?<=\/v1|\d)(?= |$)/);
    for (const id of SUPPORTED_AGENT_IDS) {
      const agent = AGENTS[id];
      const url = agent.baseUrl?.form === 'root' ? sim.root : `${sim.root}/v1`;
      const given = new RegExp(`${agent.name}(, [^,]+?)* will get ${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
      expect(
        sentences.some((s) => given.test(s.trim())),
        agent.name,
      ).toBe(true);
    }
    expect(text).toContain(`Claude Code will get ${sim.root}\n`);
    expect(text).toContain('Key: sk-de…demo');
    expect(text).toContain('Key "demo": unlimited quota, never expires');
    expect(text).not.toContain(DEMO_KEY);
    // A spinner for the models, then one per agent in each round, each settled.
    expect(progress.events).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^settle models ok: 11 models for this key$/),
        "settle models ok: The key's models checked again",
        'start claude-code: Claude Code: probing its model in its own protocol',
        'start codex: Codex CLI: probing its model in its own protocol',
        'settle claude-code ok: Claude Code: probe passed',
        'settle codex ok: Codex CLI: verified from the files on disk',
        'settle claude-code ok: Claude Code: verified from the files on disk',
      ]),
    );
    // Every spinner group ends before the preview is printed and the confirmation asked.
    const starts = progress.events.filter((e) => e.startsWith('start')).length;
    expect(starts).toBe(6);
  });

  it('flags answer their questions: only the confirmation is asked', async () => {
    const p = scripted([(q) => (expect(q.kind).toBe('confirm'), true)]);
    const report = await runWizard(
      deps(p),
      given({
        baseUrl: sim.root,
        key: DEMO_KEY,
        keySource: 'GATEWAY_API_KEY',
        agents: ['opencode'],
        models: new Map([['opencode', 'deepseek-chat']]),
        smallModel: 'deepseek-chat',
        scope: 'user',
        keyStorage: 'file',
      }),
    );
    expect(report.ok).toBe(true);
    expect(p.asked).toHaveLength(1);
    expect(report.agents[0]?.model).toBe('deepseek-chat');
    expect(said.join('\n')).toContain('Key from GATEWAY_API_KEY: sk-de…demo');
    expect(said.join('\n')).toContain(`Gateway: ${sim.root} (from --base-url)`);
  });

  it('OpenCode: several models picked (the confirmed ones pre-selected), then the default among them', async () => {
    const p = scripted([
      chooseEach,
      (q) => {
        expect(q.kind).toBe('multiselect');
        expect(q.message).toContain('OpenCode');
        const selected = q.choices!.filter((c) => c.selected).map((c) => c.value);
        // Pre-selected: what the marks confirm; a model only a probe could confirm is offered, not selected.
        expect(selected).toContain('claude-sonnet-4-5');
        expect(selected).toContain('deepseek-chat');
        expect(q.choices!.map((c) => c.value)).toContain('kimi-k2');
        expect(selected).not.toContain('kimi-k2');
        return ['deepseek-chat', 'gpt-5.1', 'claude-sonnet-4-5'];
      },
      (q) => {
        expect(q.kind).toBe('select');
        expect(q.message).toContain('Default model for OpenCode');
        expect(q.choices!.map((c) => c.value).sort()).toEqual(['claude-sonnet-4-5', 'deepseek-chat', 'gpt-5.1']);
        return 'gpt-5.1';
      },
      (q) => (expect(q.kind).toBe('confirm'), true),
    ]);
    const report = await runWizard(
      deps(p),
      given({
        baseUrl: sim.root,
        key: DEMO_KEY,
        keySource: 'GATEWAY_API_KEY',
        agents: ['opencode'],
        smallModel: 'deepseek-chat',
        scope: 'user',
        keyStorage: 'file',
      }),
    );
    expect(report.ok).toBe(true);
    expect(report.agents[0]?.model).toBe('gpt-5.1');
    expect([...(report.agents[0]?.models ?? [])].sort()).toEqual(['claude-sonnet-4-5', 'deepseek-chat', 'gpt-5.1']);
    const doc = JSON.parse(readFileSync(join(home, '.config/opencode/opencode.json'), 'utf8')) as {
      model: string;
      provider: Record<string, { models: Record<string, unknown> }>;
    };
    expect(doc.model).toBe('gateway/gpt-5.1');
    expect(
      Object.values(doc.provider)
        .flatMap((x) => Object.keys(x.models))
        .sort(),
    ).toEqual(['claude-sonnet-4-5', 'deepseek-chat', 'gpt-5.1']);
  });

  it('one question for every agent: the recommended models shown, taken with Enter (the list and the small model too)', async () => {
    const p = scripted([
      (q) => (expect(q.message).toContain('different groups'), false),
      (q) => {
        const shown = said.join('\n').replace(/\s+/g, ' ');
        expect(shown).toContain('Recommended models, by the protocol marks and the key:');
        expect(shown).toContain('Claude Code: claude-sonnet-4-5 (small/fast: claude-haiku-4-5)');
        expect(shown).toContain('Codex CLI: gpt-5.1-codex');
        expect(shown).toMatch(/OpenCode: \S+ \(small\/fast: \S+; a list of \d+ to switch between\)/);
        return takeRecommended(q);
      },
      (q) => (expect(q.kind).toBe('confirm'), true),
    ]);
    const report = await runWizard(
      deps(p),
      given({ baseUrl: sim.root, key: DEMO_KEY, agents: ['claude-code', 'codex', 'opencode'], scope: 'user', keyStorage: 'file' }),
    );
    // Three agents, one model question instead of five (two models, a list, its default, a small model).
    expect(p.asked).toHaveLength(3);
    expect(report.ok).toBe(true);
    const byId = new Map(report.agents.map((a) => [a.id, a]));
    expect([byId.get('claude-code')?.model, byId.get('claude-code')?.smallModel]).toEqual(['claude-sonnet-4-5', 'claude-haiku-4-5']);
    expect(byId.get('codex')?.model).toBe('gpt-5.1-codex');
    const open = byId.get('opencode')!;
    // The list holds what the marks confirm, the default model among them.
    const confirmed = suitableModels(AGENTS.opencode, (await listModels({ root: sim.root, key: DEMO_KEY })).models).filter(
      (f) => !f.fit.needsProbe,
    );
    expect([...(open.models ?? [])].sort()).toEqual(confirmed.map((f) => f.model.id).sort());
    expect(open.models).toContain(open.model);
  });

  it('a ticked list model whose probe fails is named with its cause before the write question, not after writing', async () => {
    const broken = await startSim({ faults: [{ kind: 'upstream-down', model: 'claude-opus-4-1' }] });
    let shownBefore = '';
    const p = scripted([
      takeRecommended,
      (q) => {
        expect(q.kind).toBe('confirm');
        shownBefore = said.join('\n').replace(/\s+/g, ' ');
        return true;
      },
    ]);
    const report = await runWizard(
      deps(p),
      given({ baseUrl: broken.root, key: DEMO_KEY, agents: ['opencode'], scope: 'user', keyStorage: 'file' }),
    );
    expect(report.ok).toBe(true);
    const cause = shownBefore.indexOf("Left out of OpenCode's list (each failed its probe): ✗ claude-opus-4-1 failed its");
    expect(cause).toBeGreaterThan(-1);
    expect(shownBefore.indexOf('changes to be written')).toBeGreaterThan(cause);
    expect(report.agents[0]!.models).not.toContain('claude-opus-4-1');
  });

  it("choosing OpenCode's list by hand: its models are probed first, and one that failed is not pre-selected, its cause on its row", async () => {
    const broken = await startSim({ faults: [{ kind: 'upstream-down', model: 'claude-opus-4-1' }] });
    const p = scripted([
      chooseEach,
      (q) => {
        expect(q.kind).toBe('multiselect');
        const opus = q.choices!.find((c) => c.value === 'claude-opus-4-1')!;
        expect(opus.selected).toBe(false);
        expect(opus.title.replace(/\s+/g, ' ')).toMatch(/✗ claude-opus-4-1 failed its \S+ probe \(channel_failed, request ID \S+/);
        const sonnet = q.choices!.find((c) => c.value === 'claude-sonnet-4-5')!;
        expect(sonnet.selected).toBe(true);
        return q.choices!.filter((c) => c.selected).map((c) => c.value);
      },
      (q) => (expect(q.message).toContain('Default model for OpenCode'), 'claude-sonnet-4-5'),
      (q) => (expect(q.message).toContain('Small/fast'), first(q)),
      (q) => (expect(q.kind).toBe('confirm'), true),
    ]);
    const report = await runWizard(
      deps(p),
      given({ baseUrl: broken.root, key: DEMO_KEY, agents: ['opencode'], scope: 'user', keyStorage: 'file' }),
    );
    expect(report.ok).toBe(true);
    expect(report.agents[0]!.models).not.toContain('claude-opus-4-1');
    expect(said.join('\n')).toMatch(/OpenCode: \d+ of \d+ models of its list answered/);
  });

  it('saved settings pre-fill every question without answering it', async () => {
    const defaults: WizardDefaults = {
      baseUrl: `${sim.root}/v1`,
      agents: ['qwen-code'],
      models: { 'qwen-code': { model: 'claude-haiku-4-5' } },
      scope: 'project',
      keyStorage: 'env',
    };
    const p = scripted([
      (q) => (expect(q.initial).toBe(`${sim.root}/v1`), `${sim.root}/v1`),
      (q) => {
        // Last time's agents pre-selected, not the installed one.
        const selected = q.choices!.filter((c) => c.selected).map((c) => c.value);
        expect(selected).toEqual(['qwen-code']);
        return selected;
      },
      chooseEach,
      (q) => {
        const i = q.initial as number;
        expect(q.choices![i]?.value).toBe('claude-haiku-4-5');
        expect(i).toBeGreaterThan(0);
        return q.choices![i]!.value;
      },
      (q) => (expect(q.initial).toBe(1), 'user'),
      (q) => (expect(q.initial).toBe(1), 'file'),
      () => true,
    ]);
    const report = await runWizard(deps(p, ['codex']), given({ key: DEMO_KEY }), defaults);
    expect(report.agents.map((a) => [a.id, a.model, a.ok])).toEqual([['qwen-code', 'claude-haiku-4-5', true]]);
  });

  it("a model switched to since the last setup (as Codex's /model writes it) is the one recommended, in place of the recorded one", async () => {
    const p = scripted([(q) => (expect(q.message).toContain('recommended model for every agent'), new CancelledError())]);
    const d = deps(p);
    mkdirSync(join(home, '.codex'));
    const toml = (model: string, root: string) =>
      `model = "${model}"\nmodel_provider = "gateway"\n\n[model_providers.gateway]\nname = "Gateway"\nbase_url = "${root}/v1"\nenv_key = "GATEWAY_API_KEY"\nwire_api = "responses"\n`;
    writeFileSync(join(home, '.codex/config.toml'), toml('gpt-5.1', sim.root));
    const recorded: WizardDefaults = { models: { codex: { model: 'gpt-5.1-codex' } }, recorded: { codex: { model: 'gpt-5.1-codex' } } };
    await expect(runWizard(d, given({ baseUrl: sim.root, key: DEMO_KEY, agents: ['codex'] }), recorded)).rejects.toBeInstanceOf(
      CancelledError,
    );
    expect(said.join('\n')).toContain('Codex CLI: gpt-5.1\n');
    // The same model in a config for another gateway is not this gateway's switch: the recorded one is recommended.
    said.length = 0;
    writeFileSync(join(home, '.codex/config.toml'), toml('gpt-5.1', 'https://elsewhere.example'));
    const again = scripted([(q) => (expect(q.kind).toBe('confirm'), new CancelledError())]);
    await expect(
      runWizard({ ...d, prompter: again }, given({ baseUrl: sim.root, key: DEMO_KEY, agents: ['codex'] }), recorded),
    ).rejects.toBeInstanceOf(CancelledError);
    expect(said.join('\n')).toContain('Codex CLI: gpt-5.1-codex');
  });

  it('--dry-run shows the plan, asks no confirmation and writes nothing', async () => {
    const p = scripted([]);
    const report = await runWizard(deps(p), allFlags({ dryRun: true }));
    expect(report.dryRun).toBe(true);
    expect(report.diff).toContain('wire_api = "responses"');
    expect(readdirSync(home)).toEqual([]);
  });
});

describe('wizard: group advice reads the key', () => {
  it("a key whose limits are on and empty: the exact words for its limits, never 'ask about your group'", async () => {
    const key = `sk-${'nolimits'.repeat(6)}`;
    const gw = await startSim({ keys: [{ key, name: 'nolimits', group: 'default', unlimited: true, modelLimits: [] }] });
    said.length = 0;
    const p = scripted([]);
    // No agent can use an empty list: the wizard stops, after the advice that says why.
    await expect(runWizard(deps(p), given({ baseUrl: gw.root, key }))).rejects.toThrow(/No agent can use/);
    const text = said.join('\n').replace(/\s+/g, ' ');
    expect(text).toContain("This key's model limits are switched on with no model in them");
    expect(text).not.toContain("is sold to this key's group");
  });
});

describe('wizard: the agents are looked for from the start', () => {
  it('detection starts before the first question and, still running at the agents question, shows a spinner', async () => {
    const started: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const lines: string[] = [];
    const progress: Progress = {
      group: () => ({
        start: (_key, text) => void lines.push(`start ${text}`),
        settle: (_key, _ok, text) => void lines.push(`settle ${text}`),
        end: () => undefined,
      }),
    };
    const p = scripted([
      () => {
        // The first question: every agent's detection has been asked for already (a batch at a time).
        expect(started.length).toBeGreaterThan(0);
        release();
        return sim.root;
      },
      () => new CancelledError(),
    ]);
    const d = deps(p, ['codex'], progress);
    const slow = {
      ...d,
      detect: async (agent: { id: string }) => (started.push(agent.id), await gate, { installed: agent.id === 'codex' }),
    };
    await expect(runWizard(slow, given())).rejects.toBeInstanceOf(CancelledError);

    // Still running at the agents question: the spinner says what the wizard waits for, then how many it found.
    let finish: () => void = () => undefined;
    const held = new Promise<void>((r) => (finish = r));
    const spinner: string[] = [];
    const watching: Progress = {
      group: () => ({
        start: (key, text) => {
          spinner.push(`start ${text}`);
          if (key === 'detect') finish();
        },
        settle: (_key, _ok, text) => void spinner.push(`settle ${text}`),
        end: () => undefined,
      }),
    };
    let atQuestion: string[] = [];
    const q2 = scripted([(q) => (expect(q.kind).toBe('multiselect'), (atQuestion = [...spinner]), new CancelledError())]);
    const d2 = deps(q2, ['codex'], watching);
    const waiting = { ...d2, detect: async (agent: { id: string }) => (await held, { installed: agent.id === 'codex' }) };
    await expect(runWizard(waiting, given({ baseUrl: sim.root, key: DEMO_KEY }))).rejects.toBeInstanceOf(CancelledError);
    expect(atQuestion).toContain('start Looking for the agents installed here');
    expect(atQuestion).toContain(`settle 1 of ${AGENTS_COUNT} agents installed here`);
  });
});

describe('wizard: the version installed', () => {
  it('an agent below the version seen failing is shown with the update command and cannot be chosen; a newer one is offered what it speaks', async () => {
    const p = scripted([
      (q) => {
        expect(q.kind).toBe('multiselect');
        const byId = new Map(q.choices!.map((c) => [c.value, c]));
        expect(byId.get('qwen-code')?.disabled).toBe(true);
        expect(byId.get('qwen-code')?.title.replace(/\s+/g, ' ')).toMatch(/installed 0\.8\.2 ✗ versions older than 0\.8\.3 do not read/);
        expect(byId.get('codex')?.disabled).toBe(false);
        return new CancelledError();
      },
    ]);
    const d = deps(p, ['qwen-code', 'codex']);
    const old = {
      ...d,
      detect: async (agent: { id: string }) => ({ installed: true, version: agent.id === 'qwen-code' ? '0.8.2' : '99.0.0' }),
    };
    await expect(runWizard(old, given({ baseUrl: sim.root, key: DEMO_KEY }))).rejects.toBeInstanceOf(CancelledError);
  });

  it('an agent older than our tests ran (and not known to fail) can be chosen, its row saying it is not proven', async () => {
    const p = scripted([
      (q) => {
        const byId = new Map(q.choices!.map((c) => [c.value, c]));
        expect(byId.get('qwen-code')?.disabled).toBe(false);
        expect(byId.get('qwen-code')?.selected).toBe(true);
        expect(byId.get('qwen-code')?.title.replace(/\s+/g, ' ')).toMatch(
          /installed 0\.9\.0 .*not proven for this version \(tests ran 0\.10\.1 and later\)/,
        );
        expect(byId.get('codex')?.title).not.toContain('not proven');
        return new CancelledError();
      },
    ]);
    const d = deps(p, ['qwen-code', 'codex']);
    const old = {
      ...d,
      detect: async (agent: { id: string }) => ({ installed: true, version: agent.id === 'qwen-code' ? '0.9.0' : '99.0.0' }),
    };
    await expect(runWizard(old, given({ baseUrl: sim.root, key: DEMO_KEY }))).rejects.toBeInstanceOf(CancelledError);
  });
});

describe('wizard: an agent whose command is its predecessor', () => {
  it('Kimi Code with only kimi-cli on PATH: the row says so, and it is not pre-selected as installed', async () => {
    const p = scripted([
      (q) => {
        const kimi = q.choices!.find((c) => c.value === 'kimi-code');
        expect(kimi?.title.replace(/\s+/g, ' ')).toMatch(/^Kimi Code only kimi-cli 1\.52\.0 /);
        expect(kimi?.selected).toBe(false);
        return new CancelledError();
      },
    ]);
    const d = deps(p, ['kimi-code']);
    const legacy = {
      ...d,
      detect: async (agent: { id: string }) =>
        agent.id === 'kimi-code' ? { installed: false, predecessor: '1.52.0' } : { installed: false },
    };
    await expect(runWizard(legacy, given({ baseUrl: sim.root, key: DEMO_KEY }))).rejects.toBeInstanceOf(CancelledError);
  });
});

describe('wizard: keys in different groups', () => {
  it("a key per agent: pasted (hidden) or read from a variable; each agent chooses from its own key's list", async () => {
    const { VIP_KEY } = await import('../../src/simulator/index.js');
    const vipModels = (await listModels({ root: sim.root, key: VIP_KEY })).models.map((m) => m.id);
    const p = scripted([
      (q) => (expect(q.message).toContain('different groups'), true),
      (q) => (
        expect(q.message).toContain('Claude Code'),
        expect(q.choices!.map((c) => c.value)).toEqual(['same', 'paste', 'var']),
        'paste'
      ),
      (q) => (expect(q.kind).toBe('password'), expect(q.message).toContain('Claude Code'), VIP_KEY),
      (q) => (expect(q.message).toContain('Codex'), 'var'),
      (q) => {
        expect(q.kind).toBe('text');
        expect(q.message).toContain('Codex');
        return 'MY_CODEX_KEY';
      },
      chooseEach,
      (q) => {
        // Claude Code's models come from its own (vip) key's list only.
        expect(q.message).toContain('Claude Code');
        for (const c of q.choices!) expect(vipModels).toContain(c.value);
        return 'claude-sonnet-4-5';
      },
      first,
      (q) => (expect(q.message).toContain('Codex'), expect(q.choices!.map((c) => c.value)).toContain('gpt-5.1'), 'gpt-5.1-codex'),
      () => true,
    ]);
    const d = deps(p);
    const report = await runWizard(
      { ...d, env: { ...d.env, env: { ...d.env.env, MY_CODEX_KEY: DEMO_KEY } } },
      given({ baseUrl: sim.root, key: DEMO_KEY, agents: ['claude-code', 'codex'], scope: 'user', keyStorage: 'file' }),
    );
    expect(report.ok).toBe(true);
    // The pasted key is no variable's: none is named for it (nor saved); the other is read from its variable.
    expect(report.agents.map((a) => [a.id, a.keyEnv, a.keyTyped])).toEqual([
      ['claude-code', undefined, true],
      ['codex', 'MY_CODEX_KEY', undefined],
    ]);
    expect(JSON.stringify(report)).not.toContain('GATEWAY_API_KEY_CLAUDE_CODE');
    expect(readFileSync(join(home, '.claude/settings.json'), 'utf8')).toContain(VIP_KEY);
    expect(readFileSync(join(home, '.claude/settings.json'), 'utf8')).not.toContain(DEMO_KEY);
    expect(said.join('\n')).not.toContain(VIP_KEY);
  });

  it('group advice before the agents question: what other groups sell for an agent this key serves nothing', async () => {
    const key = `sk-${'responses'.repeat(6).slice(0, 48)}`;
    const world = {
      groupRatios: { default: 1, vip: 1.5, claude: 2, responses: 1 },
      keys: [{ key, name: 'responses', group: 'responses', unlimited: true }],
      models: [
        { id: 'claude-sonnet-4-5', channel: 'anthropic' as const, groups: ['claude', 'vip'], quotaType: 0 as const, modelRatio: 1.5 },
        { id: 'gpt-5.1-codex', channel: 'codex' as const, groups: ['responses'], quotaType: 0 as const, modelRatio: 0.625 },
      ],
    };
    for (const [pricing, advised] of [
      ['public', true],
      ['forbidden', false],
    ] as const) {
      const gw = await startSim({ ...world, pricing });
      const p = scripted([() => true]);
      const report = await runWizard(deps(p), allFlags({ baseUrl: gw.root, key }));
      expect(report.ok).toBe(true);
      const text = said.join('\n').replace(/\s+/g, ' ');
      expect(
        text.includes("Claude Code: nothing in this key's list suits it; claude-sonnet-4-5 is sold to groups `claude`, `vip`"),
        pricing,
      ).toBe(advised);
      if (advised) expect(text).toContain('--api-key-env claude-code=GATEWAY_API_KEY_CLAUDE_CODE');
      said.length = 0;
      rmSync(home, { recursive: true, force: true });
    }
  });

  it('one agent asks nothing about groups; --api-key-env AGENT=VAR answers it, an unset one names it', async () => {
    const p = scripted([() => true]);
    const report = await runWizard(deps(p), allFlags());
    expect(report.ok).toBe(true);
    expect(p.asked.map((q) => q.kind)).toEqual(['confirm']);
    const unset = scripted([]);
    await expect(runWizard(deps(unset), allFlags({ agentKeyEnvs: new Map([['codex', 'NOT_SET_HERE']]) }))).rejects.toThrow(UsageError);
  });
});

describe('wizard: ways out and failures', () => {
  it('a failed probe shows its cause before anything is written, and another model can be chosen', async () => {
    sim.addFault({ kind: 'server-error', model: 'deepseek-chat' });
    try {
      const p = scripted([
        // Before the write question: the cause, then what now.
        (q) => {
          expect(q.kind).toBe('select');
          expect(q.message).toBe('What now for OpenCode?');
          expect(said.join('\n')).toContain('OpenCode: the probe of deepseek-chat failed');
          expect(said.join('\n')).toMatch(/\[channel_failed\]/);
          expect(said.join('\n')).toMatch(/request id: \S+/i);
          expect(readdirSync(home)).toEqual([]);
          return 'again';
        },
        // The model asked again, without the one that failed.
        (q) => {
          expect(q.kind).toBe('autocomplete');
          const ids = q.choices!.map((c) => c.value);
          expect(ids).not.toContain('deepseek-chat');
          expect(ids).toContain('gpt-5.1');
          return 'gpt-5.1';
        },
        (q) => (expect(q.kind).toBe('confirm'), true),
      ]);
      const report = await runWizard(
        deps(p),
        given({
          baseUrl: sim.root,
          key: DEMO_KEY,
          keySource: 'GATEWAY_API_KEY',
          agents: ['opencode'],
          models: new Map([['opencode', 'deepseek-chat']]),
          smallModel: 'deepseek-chat',
          scope: 'user',
          keyStorage: 'file',
        }),
      );
      expect(report.ok).toBe(true);
      expect(report.agents[0]?.model).toBe('gpt-5.1');
      expect(p.asked).toHaveLength(3);
    } finally {
      sim.clearFaults();
    }
  });

  it('going on without the agent whose probe failed writes nothing for it', async () => {
    sim.addFault({ kind: 'server-error', model: 'deepseek-chat' });
    try {
      const p = scripted([(q) => (expect(q.message).toBe('What now for OpenCode?'), 'skip')]);
      const report = await runWizard(
        deps(p),
        given({
          baseUrl: sim.root,
          key: DEMO_KEY,
          keySource: 'GATEWAY_API_KEY',
          agents: ['opencode'],
          models: new Map([['opencode', 'deepseek-chat']]),
          smallModel: 'deepseek-chat',
          scope: 'user',
          keyStorage: 'file',
        }),
      );
      expect(report.ok).toBe(false);
      expect(report.agents[0]?.files).toEqual([]);
      expect(existsSync(join(home, '.config/opencode'))).toBe(false);
    } finally {
      sim.clearFaults();
    }
  });

  it('declining the preview writes nothing', async () => {
    const p = scripted([() => false]);
    await expect(runWizard(deps(p), allFlags())).rejects.toBeInstanceOf(CancelledError);
    expect(readdirSync(home)).toEqual([]);
  });

  it('Ctrl-C at the first question writes nothing and sends nothing', async () => {
    const before = sim.log.length;
    const p = scripted([() => new CancelledError()]);
    await expect(runWizard(deps(p), given())).rejects.toBeInstanceOf(CancelledError);
    expect(readdirSync(home)).toEqual([]);
    expect(sim.log.length).toBe(before);
  });

  it('a refused key shows the diagnosis with its request ID, and the key can be entered again', async () => {
    const p = scripted([
      (q) => {
        expect(q.kind).toBe('select');
        expect(q.choices!.map((c) => c.value)).toEqual(['url', 'key', 'quit']);
        // For a key problem, "the key again" is highlighted.
        expect(q.initial).toBe(1);
        return 'key';
      },
      (q) => (expect(q.kind).toBe('password'), DEMO_KEY),
      () => ['qwen-code'],
      takeRecommended,
      () => 'user',
      () => 'file',
      () => true,
    ]);
    const report = await runWizard(deps(p), given({ baseUrl: sim.root, key: DISABLED_KEY }));
    expect(report.ok).toBe(true);
    const text = said.join('\n');
    expect(text).toContain('[bad_key]');
    const id = /request ID: (\S+)/.exec(text)?.[1];
    expect(id).toBeDefined();
    expect(sim.log.map((e) => e.requestId)).toContain(id);
    expect(text).not.toContain(DISABLED_KEY);
    expect(text).not.toContain(DEMO_KEY);
  });

  it("a variable's key saved for another gateway is not offered for this one: the key is typed, and the variable's is never sent", async () => {
    const before = sim.log.length;
    const p = scripted([
      (q) => (expect(q.kind).toBe('password'), DEMO_KEY),
      () => ['qwen-code'],
      takeRecommended,
      () => 'user',
      () => 'file',
      () => true,
    ]);
    const report = await runWizard(deps(p), given({ baseUrl: sim.root, key: VIP_KEY, keyBoundTo: ['https://other.example'] }));
    expect(report.ok).toBe(true);
    expect(said.join('\n')).toContain(`$GATEWAY_API_KEY holds the key saved for https://other.example: it is not sent to ${sim.root}`);
    expect(sim.log.slice(before).filter((e) => e.auth.key === VIP_KEY)).toEqual([]);
    expect(sim.log.slice(before).some((e) => e.auth.key === DEMO_KEY)).toBe(true);
  });

  it('an unreachable URL can be entered again, pre-filled with the one that failed', async () => {
    const dead = `http://127.0.0.1:${await closedPort()}`;
    const p = scripted([
      (q) => (expect(q.initial).toBe(0), 'url'),
      (q) => (expect(q.kind).toBe('text'), expect(q.initial).toBe(dead), sim.root),
      () => new CancelledError(),
    ]);
    await expect(runWizard(deps(p), given({ baseUrl: dead, key: DEMO_KEY }))).rejects.toBeInstanceOf(CancelledError);
    expect(said.join('\n')).toContain('[unreachable]');
    // The second URL worked: the agents question was reached.
    expect(p.asked.at(-1)?.kind).toBe('multiselect');
  });

  it('quitting after a failure is a cancellation with nothing written', async () => {
    const p = scripted([() => 'quit']);
    await expect(runWizard(deps(p), given({ baseUrl: sim.root, key: DISABLED_KEY }))).rejects.toBeInstanceOf(CancelledError);
    expect(readdirSync(home)).toEqual([]);
  });

  it('an invalid --base-url is asked again, with the flag pre-filled and the reason', async () => {
    let reason: string | true | undefined;
    const prompter = scripted([]);
    prompter.text = async (q) => {
      expect(q.initial).toBe('ftp://nope');
      reason = q.validate?.('ftp://nope');
      throw new CancelledError();
    };
    await expect(runWizard(deps(prompter), given({ baseUrl: 'ftp://nope', key: DEMO_KEY }))).rejects.toBeInstanceOf(CancelledError);
    expect(typeof reason).toBe('string');
  });

  it('the key details: quota left and model limits', async () => {
    const p = scripted([() => new CancelledError()]);
    await expect(runWizard(deps(p), given({ baseUrl: sim.root, key: LIMITED_KEY }))).rejects.toBeInstanceOf(CancelledError);
    expect(said.join('\n')).toContain('Key "limited": $5.00 of quota left, never expires, limited to 2 models');
  });

  it('a key about to expire is warned about under its line, before anything is asked of it', async () => {
    const p = scripted([() => new CancelledError()]);
    await expect(runWizard(deps(p), given({ baseUrl: sim.root, key: EXPIRING_KEY }))).rejects.toBeInstanceOf(CancelledError);
    const text = said.join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('Key "expiring": $3.50 of quota left, expires');
    expect(text).toMatch(/warning: key sk-ex…ring expires in 3 day\(s\), on \d{4}-\d\d-\d\d: create a new key/);
  });

  it('an empty address asks for the import link, hidden: its base URL, key and model hints are used', async () => {
    const link = `ccswitch://v1/import?${new URLSearchParams({ resource: 'provider', app: 'claude', name: '工作 Claude', endpoint: sim.root, apiKey: DEMO_KEY, model: 'claude-opus-4-1' }).toString()}`;
    const p = scripted([
      (q) => (expect(q.kind).toBe('text'), ''),
      (q) => (expect(q.kind).toBe('password'), expect(q.message).toContain('Import link'), link),
      (q) => {
        // The link's agent (app=claude) pre-selected; nothing else, installed or not.
        expect(q.choices!.filter((c) => c.selected).map((c) => c.value)).toEqual(['claude-code']);
        return ['claude-code'];
      },
      // The link's model hint is the recommended one (else it would be claude-sonnet-4-5): taken with Enter.
      (q) => (expect(said.join('\n')).toContain('Claude Code: claude-opus-4-1 (small/fast: claude-haiku-4-5)'), takeRecommended(q)),
      () => 'user',
      () => 'file',
      (q) => (expect(q.kind).toBe('confirm'), true),
    ]);
    const report = await runWizard(deps(p), given());
    expect(p.asked).toHaveLength(7);
    expect(report.ok).toBe(true);
    const env = JSON.parse(readFileSync(join(home, '.claude/settings.json'), 'utf8')).env as Record<string, string>;
    expect(env.ANTHROPIC_BASE_URL).toBe(sim.root);
    expect(env.ANTHROPIC_AUTH_TOKEN).toBe(DEMO_KEY);
    expect(env.ANTHROPIC_MODEL).toBe('claude-opus-4-1');
    const text = said.join('\n');
    expect(text.replace(/\s+/g, ' ')).toContain('Leave the address empty and press Enter to paste it, hidden.');
    expect(text.replace(/\s+/g, ' ')).toContain(`From the import link (the pasted link): ${sim.root}, key sk-de…demo, name "工作 Claude".`);
    expect(text).toContain('Key from the pasted link: sk-de…demo');
    expect(text).not.toContain(DEMO_KEY);
  });

  it('a link typed into the visible address question is turned away, with the way to paste it hidden', async () => {
    let reason: string | true | undefined;
    const prompter = scripted([]);
    prompter.text = async (q) => {
      reason = q.validate?.(`ccswitch://v1/import?resource=provider&endpoint=x&apiKey=${DEMO_KEY}`);
      throw new CancelledError();
    };
    await expect(runWizard(deps(prompter), given())).rejects.toBeInstanceOf(CancelledError);
    expect(reason).toMatch(/Leave the address empty and press Enter to paste it, hidden/);
  });

  it('an agent with no suitable model is shown disabled with the reason', async () => {
    sim.setModels(DEFAULT_MODELS.filter((m) => m.id.startsWith('claude-')));
    try {
      const p = scripted([
        (q) => {
          const codex = q.choices!.find((c) => c.value === 'codex')!;
          expect(codex.disabled).toBe(true);
          expect(codex.selected).toBe(false);
          expect(codex.title.replace(/\s+/g, ' ')).toMatch(/no model of the key speaks Responses/);
          return new CancelledError();
        },
      ]);
      await expect(runWizard(deps(p, ['codex']), given({ baseUrl: sim.root, key: DEMO_KEY }))).rejects.toBeInstanceOf(CancelledError);
    } finally {
      sim.setModels(DEFAULT_MODELS);
    }
  });

  it("no agent installed: setup's own defaults (Claude Code and Codex CLI) pre-selected, so Enter alone goes on", async () => {
    const p = scripted([
      (q) => {
        expect(q.kind).toBe('multiselect');
        expect(q.choices!.filter((c) => c.selected).map((c) => c.value)).toEqual(['claude-code', 'codex']);
        return new CancelledError();
      },
    ]);
    await expect(runWizard(deps(p), given({ baseUrl: sim.root, key: DEMO_KEY }))).rejects.toBeInstanceOf(CancelledError);
  });

  it('a key no agent can use stops with an explanation instead of an empty choice', async () => {
    sim.setModels([]);
    try {
      const p = scripted([]);
      await expect(runWizard(deps(p), given({ baseUrl: sim.root, key: DEMO_KEY }))).rejects.toBeInstanceOf(JobError);
      expect(p.asked).toHaveLength(0);
    } finally {
      sim.setModels(DEFAULT_MODELS);
    }
  });
});

describe("wizard: prices at the key's group ratio", () => {
  it('a VIP key (ratio 1.5×) is shown the prices it pays, its group told by its own list', async () => {
    let title = '';
    const stop = new Error('seen');
    const p = scripted([
      () => ['claude-code'],
      chooseEach,
      (q) => {
        title = String(q.choices?.[0]?.title ?? '');
        return stop;
      },
    ]);
    await expect(runWizard(deps(p), given({ baseUrl: sim.root, key: VIP_KEY }))).rejects.toBe(stop);
    // claude-sonnet-4-5: $3 in / $15 out at ratio 1.
    expect(title).toMatch(/^claude-sonnet-4-5\s.*\$4\.5 in\/\$22\.5 out$/m);
  });
});

describe('wizard: model rows', () => {
  it('every line within 74 columns; the marketplace description under the model', async () => {
    const client = { root: sim.root, key: DEMO_KEY };
    const models = attachPricing((await listModels(client)).models, await fetchPricing(client));
    for (const id of SUPPORTED_AGENT_IDS) {
      const rows = modelChoices(suitableModels(AGENTS[id], models));
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) {
        for (const line of r.title.split('\n')) expect([...line].length).toBeLessThanOrEqual(74);
        expect(r.title.startsWith(r.value)).toBe(true);
      }
    }
    const sonnet = modelChoices(suitableModels(AGENTS['claude-code'], models))[0]!;
    expect(sonnet.title.split('\n')[1]).toMatch(/^ {6}Anthropic Claude Sonnet/);
    const long = modelChoices([
      { model: { id: 'x'.repeat(60), marks: ['openai'], marked: true } as never, fit: { ok: true, protocol: 'chat', needsProbe: false } },
    ]);
    // A long id stays whole; the marks go on below it, never cut.
    for (const line of long[0]!.title.split('\n')) expect([...line].length).toBeLessThanOrEqual(74);
    expect(long[0]!.title).not.toContain('…');
    expect(long[0]!.title.split('\n')[0]).toBe('x'.repeat(60));
    expect(long[0]!.short).toBe('x'.repeat(60));
    const marks = ['openai-response', 'openai', 'anthropic', 'gemini', 'image-generation', 'jina-rerank'];
    const many = modelChoices([
      { model: { id: 'a-model-with-many-marks', marks, marked: true } as never, fit: { ok: true, protocol: 'chat', needsProbe: false } },
    ]);
    for (const line of many[0]!.title.split('\n')) expect([...line].length).toBeLessThanOrEqual(74);
    expect(many[0]!.title.replace(/\s+/g, '')).toContain(marks.join(','));
  });
});
