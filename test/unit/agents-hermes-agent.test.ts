// Hermes Agent's own rules: a named provider per run (its api_mode by protocol), the key in the
// .env it loads over the shell, the request rebuilt as Hermes Agent 0.19.0 sends it, and its
// failures printed with exit code 0 read as failures.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { judgeRun } from '../../src/agent-run/run.js';
import { hermesAgent } from '../../src/agents/hermes-agent/index.js';
import { KEY, MESSAGES_CHAT_RESPONSES, OTHER_KEY, ROOT, applyPlan, choice, files, itFits, linuxEnv } from './agents-helpers.js';
import { inEnglish } from '../helpers/english.js';

const CONFIG = '/home/dev/.hermes/config.yaml';
const DOTENV = '/home/dev/.hermes/.env';

describe('hermes-agent fit', () => itFits(hermesAgent, MESSAGES_CHAT_RESPONSES));

describe('hermes-agent plan and readBack', () => {
  it.each([
    ['messages', 'claude-sonnet-4-5', ROOT, 'anthropic_messages', `${ROOT}/v1/messages`, 'x-api-key'],
    ['chat', 'deepseek-chat', `${ROOT}/v1`, 'chat_completions', `${ROOT}/v1/chat/completions`, 'bearer'],
    ['responses', 'gpt-5.1-codex', `${ROOT}/v1`, 'codex_responses', `${ROOT}/v1/responses`, 'bearer'],
  ] as const)('%s: a named provider in %s mode; the key in .env; read back as sent', (protocol, model, base, mode, url, auth) => {
    const after = applyPlan(files(), hermesAgent.plan(linuxEnv(), choice({ protocol, model }), files()));
    expect(after.get(CONFIG)).toEqual({
      model: { provider: 'gateway', default: model },
      providers: { gateway: { base_url: base, key_env: 'GATEWAY_API_KEY', api_mode: mode } },
    });
    expect(after.get(DOTENV)).toEqual({ GATEWAY_API_KEY: KEY });
    expect(hermesAgent.readBack(linuxEnv(), 'user', after)).toMatchObject({ protocol, url, model, auth, key: KEY, provider: 'gateway' });
  });

  it('.env wins over the shell, as Hermes Agent loads it; env storage takes a stale key out of .env', () => {
    const written = applyPlan(files(), hermesAgent.plan(linuxEnv(), choice({ protocol: 'chat', model: 'deepseek-chat' }), files()));
    expect(hermesAgent.readBack(linuxEnv({ GATEWAY_API_KEY: OTHER_KEY }), 'user', written)).toMatchObject({ key: KEY });
    const plan = hermesAgent.plan(linuxEnv(), choice({ protocol: 'chat', model: 'deepseek-chat', keyStorage: 'env' }), written);
    expect(plan.exportVar).toBe('GATEWAY_API_KEY');
    expect(applyPlan(written, plan).get(DOTENV)).toEqual({});
  });

  it('the plain custom form is said to speak chat only; a provider of the user on another host stays', () => {
    expect(inEnglish(hermesAgent.readBack(linuxEnv(), 'user', files({ [CONFIG]: { model: { provider: 'custom' } } })))).toContain(
      '"custom"',
    );
    const mine = { base_url: 'https://other.example.com/v1', key_env: 'MINE' };
    const before = files({ [CONFIG]: { providers: { gateway: mine } } });
    const after = applyPlan(before, hermesAgent.plan(linuxEnv(), choice({ protocol: 'chat', model: 'deepseek-chat' }), before));
    const doc = after.get(CONFIG) as { providers: Record<string, unknown>; model: { provider: string } };
    expect(doc.providers['gateway']).toEqual(mine);
    expect(doc.model.provider).toBe('gateway-2');
    expect(hermesAgent.oneShot('deepseek-chat', 'hi', hermesAgent.readBack(linuxEnv(), 'user', after) as never).args).toEqual([
      '-z',
      'hi',
      '--provider',
      'gateway-2',
      '--model=deepseek-chat',
    ]);
  });

  it('remove takes out our provider, model and the key variable; the user provider stays', () => {
    const user = { base_url: 'https://openrouter.ai/api/v1', key_env: 'OPENROUTER_API_KEY' };
    const before = files({ [CONFIG]: { providers: { openrouter: user } }, [DOTENV]: { OPENROUTER_API_KEY: 'sk-or' } });
    const written = applyPlan(before, hermesAgent.plan(linuxEnv(), choice({ protocol: 'chat', model: 'deepseek-chat' }), before));
    const unplan = hermesAgent.unplan!(linuxEnv(), 'user', written, { root: ROOT, v1: `${ROOT}/v1` });
    expect(unplan.secrets).toEqual([KEY]);
    const after = applyPlan(written, { edits: unplan.edits, notes: [] });
    expect(after.get(CONFIG)).toEqual({ providers: { openrouter: user } });
    expect(after.get(DOTENV)).toEqual({ OPENROUTER_API_KEY: 'sk-or' });
  });

  it('its failures, printed on stdout with exit code 0, are failures', () => {
    for (const stdout of ['HTTP 401: Invalid token (request id: x)\n', 'API call failed after 3 retries: HTTP 500: upstream error\n'])
      expect(judgeRun({ exitCode: 0, stdout, timedOut: false, notFound: false }, 1000, hermesAgent).ok).toBe(false);
    expect(judgeRun({ exitCode: 0, stdout: 'OK\n', timedOut: false, notFound: false }, 1000, hermesAgent).ok).toBe(true);
    // Its own words are its own: another agent's answer may say them.
    expect(judgeRun({ exitCode: 0, stdout: 'The API call failed, so retry.\n', timedOut: false, notFound: false }, 1000).ok).toBe(true);
  });
  it('launch: a home of the session its own, its config selecting the gateway; the key only in the environment', () => {
    const session = hermesAgent.session!(linuxEnv(), choice({ protocol: 'responses', model: 'gpt-5.1-codex' }), '/tmp/s');
    expect(session.env).toEqual({ HERMES_HOME: '/tmp/s', GATEWAY_API_KEY: KEY });
    expect(session.files?.map((f) => f.path)).toEqual(['/tmp/s/config.yaml']);
    expect(parse(session.files![0]!.content)).toEqual({
      model: { provider: 'gateway', default: 'gpt-5.1-codex' },
      providers: { gateway: { base_url: `${ROOT}/v1`, key_env: 'GATEWAY_API_KEY', api_mode: 'codex_responses' } },
    });
    expect(session.files![0]!.content).not.toContain(KEY);
    expect(inEnglish(session.notes![0]!)).toContain('/home/dev/.hermes');
  });
});
