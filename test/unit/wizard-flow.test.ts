// The wizard's steps with scripted answers: a fake Prompter (the port), the real simulator over
// HTTP, real files in a temp HOME.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AgentEnv } from '../../src/agents/types.js';
import { CancelledError } from '../../src/core/errors.js';
import { DEFAULT_MODELS, DEMO_KEY, DISABLED_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import type { Choice, Prompter } from '../../src/wizard/port.js';
import { runWizard, type WizardGiven } from '../../src/wizard/flow.js';
import { startSim, stopAll } from '../helpers/sim.js';

type Asked = { kind: string; message: string; choices?: Choice<unknown>[] };
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
    text: (q) => next({ kind: 'text', message: q.message }),
    password: (q) => next({ kind: 'password', message: q.message }),
    select: (q) => next({ kind: 'select', message: q.message, choices: q.choices as Choice<unknown>[] }),
    multiselect: (q) => next({ kind: 'multiselect', message: q.message, choices: q.choices as Choice<unknown>[] }),
    autocomplete: (q) => next({ kind: 'autocomplete', message: q.message, choices: q.choices as Choice<unknown>[] }),
    confirm: (q) => next({ kind: 'confirm', message: q.message }),
  };
}

const first: Answer = (q) => q.choices?.[0]?.value;

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

function deps(prompter: Prompter, installed: string[] = []) {
  home = mkdtempSync(join(tmpdir(), 'gas-wizard-'));
  const env: AgentEnv = { home, cwd: home, platform: 'linux', env: { HOME: home } };
  return {
    prompter,
    env,
    say: (t: string) => void said.push(t),
    detect: async (agent: { id: string }) => ({ installed: installed.includes(agent.id), version: '1.0.0' }),
  };
}

const given = (extra: Partial<WizardGiven> = {}): WizardGiven => ({ keyEnvVar: 'GATEWAY_API_KEY', ...extra });

describe('wizard', () => {
  it('walks every step and writes verified configs', async () => {
    const p = scripted([
      (q) => (expect(q.kind).toBe('text'), `${sim.root}/v1/chat/completions`),
      (q) => (expect(q.kind).toBe('password'), DEMO_KEY),
      (q) => {
        expect(q.kind).toBe('multiselect');
        const byId = new Map(q.choices!.map((c) => [c.value, c]));
        // Installed agents pre-selected; Gemini CLI shown disabled with the reason.
        expect(byId.get('codex')?.selected).toBe(true);
        expect(byId.get('claude-code')?.selected).toBe(false);
        expect(byId.get('gemini-cli')?.disabled).toBe(true);
        expect(byId.get('gemini-cli')?.description).toMatch(/does not serve/);
        return ['claude-code', 'codex'];
      },
      (q) => {
        // Only the models that suit Claude Code, recommended first.
        expect(q.message).toContain('Claude Code');
        expect(q.choices!.map((c) => c.value)).toEqual(['claude-sonnet-4-5', 'claude-opus-4-1', 'claude-haiku-4-5']);
        expect(q.choices![0]!.description).toMatch(/^recommended/);
        return 'claude-sonnet-4-5';
      },
      (q) => (expect(q.message).toContain('Small/fast'), expect(q.choices![0]!.value).toBe('claude-haiku-4-5'), 'claude-haiku-4-5'),
      (q) => {
        expect(q.message).toContain('Codex');
        const ids = q.choices!.map((c) => c.value);
        expect(ids[0]).toBe('gpt-5.1-codex');
        expect(ids).not.toContain('claude-sonnet-4-5');
        expect(q.choices!.find((c) => c.value === 'gpt-5.1')?.description).toContain('needs a probe');
        return 'gpt-5.1-codex';
      },
      (q) => (expect(q.message).toContain('Where'), 'user'),
      (q) => (expect(q.message).toContain('key'), 'file'),
      (q) => (expect(q.kind).toBe('confirm'), true),
    ]);
    const report = await runWizard(deps(p, ['codex']), given());
    expect(report.ok).toBe(true);
    expect(report.agents.map((a) => [a.id, a.model, a.smallModel])).toEqual([
      ['claude-code', 'claude-sonnet-4-5', 'claude-haiku-4-5'],
      ['codex', 'gpt-5.1-codex', undefined],
    ]);
    expect(existsSync(join(home, '.claude/settings.json'))).toBe(true);
    expect(readFileSync(join(home, '.codex/config.toml'), 'utf8')).toContain(`base_url = "${sim.root}/v1"`);
    const text = said.join('\n');
    expect(text).toContain(`Claude Code will get ${sim.root}\n`);
    expect(text).toContain('+++ ');
    expect(text).not.toContain(DEMO_KEY);
  });

  it('flags answer their questions: only the confirmation is asked', async () => {
    const p = scripted([(q) => (expect(q.kind).toBe('confirm'), true)]);
    const report = await runWizard(
      deps(p),
      given({ baseUrl: sim.root, key: DEMO_KEY, agents: ['opencode'], models: new Map([['opencode', 'deepseek-chat']]), smallModel: 'deepseek-chat', scope: 'user', keyStorage: 'file' }),
    );
    expect(report.ok).toBe(true);
    expect(p.asked).toHaveLength(1);
  });

  it('declining the preview writes nothing', async () => {
    const p = scripted([() => false]);
    const d = deps(p);
    await expect(
      runWizard(d, given({ baseUrl: sim.root, key: DEMO_KEY, agents: ['codex'], models: new Map([['codex', 'gpt-5.1-codex']]), scope: 'user', keyStorage: 'file' })),
    ).rejects.toBeInstanceOf(CancelledError);
    expect(readdirSync(home)).toEqual([]);
  });

  it('a refused key shows the diagnosis and lets the person enter it again', async () => {
    const p = scripted([
      (q) => (expect(q.kind).toBe('select'), expect(q.choices!.map((c) => c.value)).toEqual(['url', 'key', 'quit']), 'key'),
      (q) => (expect(q.kind).toBe('password'), DEMO_KEY),
      () => ['qwen-code'],
      first,
      () => 'user',
      () => 'file',
      () => true,
    ]);
    const report = await runWizard(deps(p), given({ baseUrl: sim.root, key: DISABLED_KEY }));
    expect(report.ok).toBe(true);
    const text = said.join('\n');
    expect(text).toContain('[bad_key]');
    expect(text).toMatch(/request id: \S+/);
    expect(text).not.toContain(DISABLED_KEY);
  });

  it('quitting after a failure is a cancellation with nothing written', async () => {
    const p = scripted([() => 'quit']);
    await expect(runWizard(deps(p), given({ baseUrl: sim.root, key: DISABLED_KEY }))).rejects.toBeInstanceOf(CancelledError);
    expect(readdirSync(home)).toEqual([]);
  });

  it('an agent with no suitable model is shown disabled with the reason', async () => {
    sim.setModels(DEFAULT_MODELS.filter((m) => m.id.startsWith('claude-')));
    try {
      const p = scripted([
        (q) => {
          const codex = q.choices!.find((c) => c.value === 'codex')!;
          expect(codex.disabled).toBe(true);
          expect(codex.description).toMatch(/no model/);
          return new CancelledError();
        },
      ]);
      await expect(runWizard(deps(p), given({ baseUrl: sim.root, key: DEMO_KEY }))).rejects.toBeInstanceOf(CancelledError);
    } finally {
      sim.setModels(DEFAULT_MODELS);
    }
  });
});
