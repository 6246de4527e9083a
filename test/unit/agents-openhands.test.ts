// OpenHands CLI's own rules: litellm's provider prefix picks the protocol, ids the SDK always sends
// over Responses go there whatever they are marked for, the condenser's copy of the LLM follows the
// agent's, and a failure it prints with exit code 0 is a failure.
import { describe, expect, it } from 'vitest';
import { judgeRun } from '../../src/agent-run/run.js';
import { openhands } from '../../src/agents/openhands/index.js';
import { KEY, ROOT, applyPlan, choice, files, linuxEnv, model } from './agents-helpers.js';
import { inEnglish } from '../helpers/english.js';

const SETTINGS = '/home/dev/.openhands/agent_settings.json';
const GATEWAY = { root: ROOT, v1: `${ROOT}/v1` };

describe('openhands fit', () => {
  it.each([
    ['claude-sonnet-4-5', ['anthropic', 'openai'], 'messages', false],
    ['deepseek-chat', ['openai'], 'chat', false],
    ['gpt-5.1-codex', ['openai-response'], 'responses', false],
    // Marked for chat, but the SDK sends any gpt-5 id over Responses: only a probe there tells.
    ['gpt-5.1', ['openai'], 'responses', true],
    ['acme-coder', undefined, 'chat', true],
  ] as const)('%s %j: %s (probe: %s)', (id, marks, protocol, needsProbe) => {
    expect(openhands.fit(model(id, marks ? [...marks] : undefined))).toEqual({ ok: true, protocol, needsProbe });
  });

  it('a model served only over Responses that the SDK would send over chat does not suit it, and says why', () => {
    const fit = openhands.fit(model('o3-pro', ['openai-response']));
    expect(fit.ok).toBe(false);
    if (!fit.ok) expect(inEnglish(fit.reason)).toContain('gpt-5');
    expect(openhands.fit(model('gpt-image-1', ['image-generation', 'openai'])).ok).toBe(false);
  });
});

describe('openhands plan and readBack', () => {
  it.each([
    ['messages', 'claude-sonnet-4-5', 'anthropic/claude-sonnet-4-5', ROOT, `${ROOT}/v1/messages`, 'x-api-key'],
    ['chat', 'deepseek-chat', 'openai/deepseek-chat', `${ROOT}/v1`, `${ROOT}/v1/chat/completions`, 'bearer'],
    ['responses', 'gpt-5.1-codex', 'openai/gpt-5.1-codex', `${ROOT}/v1`, `${ROOT}/v1/responses`, 'bearer'],
  ] as const)('%s: llm.model %s at %s, the key in the file; read back as litellm sends it', (protocol, id, litellm, base, url, auth) => {
    const plan = openhands.plan(linuxEnv(), choice({ protocol, model: id }), files());
    expect(plan.edits[0]?.secret).toBe(true);
    const after = applyPlan(files(), plan);
    expect(after.get(SETTINGS)).toEqual({ llm: { model: litellm, base_url: base, api_key: KEY, usage_id: 'agent' } });
    expect(openhands.readBack(linuxEnv(), 'user', after)).toMatchObject({ protocol, url, model: id, auth, key: KEY });
    expect(openhands.oneShot(id, 'hi')).toEqual({ command: 'openhands', args: ['--headless', '--json', '-t', 'hi'] });
  });

  it("the saved agent's other settings stay; the condenser's LLM follows; sizes of the previous model go", () => {
    const before = files({
      [SETTINGS]: {
        llm: {
          model: 'openrouter/anthropic/claude-sonnet-4.5',
          api_key: 'sk-or',
          base_url: 'https://openrouter.ai/api/v1',
          num_retries: 3,
          max_output_tokens: 64000,
          max_input_tokens: null,
          usage_id: 'agent',
        },
        condenser: {
          llm: { model: 'openrouter/anthropic/claude-sonnet-4.5', api_key: 'sk-or', usage_id: 'condenser', max_output_tokens: 64000 },
          max_size: 80,
        },
        tools: [{ name: 'terminal', params: {} }],
      },
    });
    const plan = openhands.plan(linuxEnv(), choice({ protocol: 'chat', model: 'deepseek-chat', keyStorage: 'env' }), before);
    expect(plan.notes.map(inEnglish).join('\n')).toContain('reads its key only from');
    expect(applyPlan(before, plan).get(SETTINGS)).toEqual({
      llm: {
        model: 'openai/deepseek-chat',
        api_key: KEY,
        base_url: `${ROOT}/v1`,
        num_retries: 3,
        max_input_tokens: null,
        usage_id: 'agent',
      },
      condenser: { llm: { model: 'openai/deepseek-chat', api_key: KEY, base_url: `${ROOT}/v1`, usage_id: 'condenser' }, max_size: 80 },
      tools: [{ name: 'terminal', params: {} }],
    });
  });

  it('says why there is no request: a provider other than anthropic/openai, no base URL, no file', () => {
    const other = files({ [SETTINGS]: { llm: { model: 'openrouter/x', base_url: 'https://openrouter.ai/api/v1' } } });
    expect(inEnglish(openhands.readBack(linuxEnv(), 'user', other))).toContain('"openrouter/x"');
    expect(inEnglish(openhands.readBack(linuxEnv(), 'user', files({ [SETTINGS]: { llm: { model: 'openai/x' } } })))).toContain('base_url');
    expect(inEnglish(openhands.readBack(linuxEnv(), 'user', files()))).toContain('does not exist');
  });

  it('a canonical name naming a Responses model sends the request there, as the SDK does', () => {
    const current = files({
      [SETTINGS]: { llm: { model: 'openai/my-alias', model_canonical_name: 'openai/gpt-5', base_url: `${ROOT}/v1`, api_key: KEY } },
    });
    expect(openhands.readBack(linuxEnv(), 'user', current)).toMatchObject({
      protocol: 'responses',
      url: `${ROOT}/v1/responses`,
      model: 'my-alias',
    });
  });

  it("remove takes out the gateway's model, base URL and key (the condenser's too); another host stays", () => {
    const written = applyPlan(
      files({ [SETTINGS]: { llm: { num_retries: 3 }, condenser: { llm: { usage_id: 'condenser' } } } }),
      openhands.plan(
        linuxEnv(),
        choice({ protocol: 'chat', model: 'deepseek-chat' }),
        files({ [SETTINGS]: { llm: { num_retries: 3 }, condenser: { llm: { usage_id: 'condenser' } } } }),
      ),
    );
    const unplan = openhands.unplan!(linuxEnv(), 'user', written, GATEWAY);
    expect(unplan.secrets).toEqual([KEY, KEY]);
    expect(applyPlan(written, { edits: unplan.edits, notes: [] }).get(SETTINGS)).toEqual({
      llm: { num_retries: 3, usage_id: 'agent' },
      condenser: { llm: { usage_id: 'condenser' } },
    });
    const elsewhere = files({ [SETTINGS]: { llm: { model: 'openai/x', base_url: 'https://other.example.com/v1', api_key: 'k' } } });
    const kept = openhands.unplan!(linuxEnv(), 'user', elsewhere, GATEWAY);
    expect(kept.edits).toEqual([]);
    expect(kept.notes.map(inEnglish).join('\n')).toContain('other.example.com');
  });

  it('its failure, one of its JSON events with exit code 0, is a failure', () => {
    const failed =
      '{"id": "x", "source": "environment", "code": "AuthenticationError", "detail": "litellm.AuthenticationError", "kind": "ConversationErrorEvent"}\n';
    expect(judgeRun({ exitCode: 0, stdout: failed, timedOut: false, notFound: false }, 1000, openhands).ok).toBe(false);
    const answered =
      '{"id": "y", "source": "agent", "llm_message": {"role": "assistant", "content": [{"type": "text", "text": "OK"}]}, "kind": "MessageEvent"}\nAgent finished\n';
    expect(judgeRun({ exitCode: 0, stdout: answered, timedOut: false, notFound: false }, 1000, openhands).ok).toBe(true);
  });

  it('launch: its override variables for that run, --override-with-envs before the user arguments; the key only in the environment', () => {
    const session = openhands.session!(linuxEnv(), choice({ protocol: 'messages', model: 'claude-sonnet-4-5' }), '/tmp/s');
    expect(session).toEqual({
      env: { LLM_MODEL: 'anthropic/claude-sonnet-4-5', LLM_BASE_URL: ROOT, LLM_API_KEY: KEY },
      args: ['--override-with-envs'],
    });
  });
});
