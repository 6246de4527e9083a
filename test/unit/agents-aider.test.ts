import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inEnglish } from '../helpers/english.js';
import { isMessage } from '../../src/i18n/index.js';
import { aider } from '../../src/agents/aider/index.js';
import { judgeRun } from '../../src/agent-run/run.js';
import { parseConfig } from '../../src/config/index.js';
import { itFits, CHAT_ONLY, KEY, OTHER_KEY, ROOT, applyPlan, choice, darwinEnv, files, linuxEnv, winEnv } from './agents-helpers.js';

const FILE = '/home/dev/.aider.conf.yml';
const livedText = readFileSync(new URL('../fixtures/agents/aider/aider.conf.lived-in.yml', import.meta.url), 'utf8');
const lived = parseConfig(livedText, 'yaml', FILE);
const aChoice = (over: Parameters<typeof choice>[0] = {}) => choice({ model: 'deepseek-chat', protocol: 'chat', ...over });

describe('aider fit', () => {
  // Claude models are marked openai too: over chat completions. Responses-only: litellm would send
  // gpt-5.1-codex to /v1/responses.
  itFits(aider, CHAT_ONLY);
});

describe('aider files', () => {
  it('~/.aider.conf.yml on every platform, YAML, for both scopes', () => {
    expect(aider.files(linuxEnv(), 'user')).toEqual([{ path: FILE, format: 'yaml', role: 'API base, key and model' }]);
    expect(aider.files(linuxEnv(), 'project').map((f) => f.path)).toEqual([FILE]);
    expect(aider.files(darwinEnv(), 'user')[0]!.path).toBe('/Users/dev/.aider.conf.yml');
    expect(aider.files(winEnv(), 'user')[0]!.path).toBe('C:\\Users\\dev\\.aider.conf.yml');
  });
});

describe('aider plan', () => {
  it('the /v1 base, the key, and model and weak model with the openai/ prefix', () => {
    const plan = aider.plan(linuxEnv(), aChoice(), files());
    expect(plan.edits).toEqual([
      {
        path: FILE,
        format: 'yaml',
        secret: true,
        edits: [
          { path: ['openai-api-base'], value: `${ROOT}/v1` },
          { path: ['openai-api-key'], value: KEY },
          { path: ['model'], value: 'openai/deepseek-chat' },
          { path: ['weak-model'], value: 'openai/deepseek-chat' },
        ],
      },
    ]);
    expect(inEnglish(plan.notes)).toEqual([]);
  });
  it('env storage and project scope: the key stays in the user file, and the notes say why (never the key)', () => {
    const plan = aider.plan(linuxEnv(), aChoice({ keyStorage: 'env', scope: 'project' }), files());
    expect(plan.edits[0]!.path).toBe(FILE);
    expect(plan.edits[0]!.secret).toBe(true);
    expect(inEnglish(plan.notes).join('\n')).toContain('cannot reference an environment variable');
    expect(inEnglish(plan.notes).join('\n')).toContain('committed');
    expect(inEnglish(plan.notes).join('\n')).not.toContain(KEY);
  });
});

describe('aider readBack', () => {
  const read = (doc: unknown, env: Record<string, string> = {}) => inEnglish(aider.readBack(linuxEnv(env), 'user', files({ [FILE]: doc })));
  const doc = (base: string, model = 'openai/m') => ({ 'openai-api-base': base, 'openai-api-key': KEY, model });
  it('the chat completions URL joined to the base as litellm joins it, Bearer, the bare model id', () => {
    expect(read(doc(`${ROOT}/v1/`))).toEqual({
      protocol: 'chat',
      url: `${ROOT}/v1/chat/completions`,
      model: 'm',
      auth: 'bearer',
      key: KEY,
      keySource: `${FILE} openai-api-key`,
      baseUrl: `${ROOT}/v1/`,
      file: FILE,
    });
  });
  it('shows a doubled and a missing /v1', () => {
    expect(read(doc(`${ROOT}/v1/v1`))).toMatchObject({ url: `${ROOT}/v1/v1/chat/completions` });
    expect(read(doc(ROOT))).toMatchObject({ url: `${ROOT}/chat/completions` });
  });
  it('AIDER_* variables beat the file; an exported AIDER_OPENAI_API_KEY is an override; OPENAI_API_KEY fills a missing key', () => {
    expect(read(doc(`${ROOT}/v1`), { AIDER_MODEL: 'openai/other', AIDER_OPENAI_API_BASE: 'http://x/v1' })).toMatchObject({
      model: 'other',
      url: 'http://x/v1/chat/completions',
    });
    expect(read(doc(`${ROOT}/v1`), { AIDER_OPENAI_API_KEY: OTHER_KEY })).toMatchObject({
      key: OTHER_KEY,
      keySource: 'environment variable AIDER_OPENAI_API_KEY',
      keyVar: { name: 'AIDER_OPENAI_API_KEY', via: 'export' },
      overridden: { var: 'AIDER_OPENAI_API_KEY', configKey: KEY, configAuth: 'bearer', configSource: `${FILE} openai-api-key` },
    });
    expect(read({ 'openai-api-base': `${ROOT}/v1`, model: 'openai/m' }, { OPENAI_API_KEY: OTHER_KEY })).toMatchObject({
      key: OTHER_KEY,
      keySource: 'environment variable OPENAI_API_KEY',
    });
    expect(read({ 'openai-api-base': `${ROOT}/v1`, model: 'openai/m' })).toMatchObject({ key: undefined });
  });
  it('string reasons: no file, no base, no model, a model litellm would route elsewhere', () => {
    expect(read(undefined)).toContain('does not exist');
    expect(read({ model: 'openai/m' })).toContain('openai-api-base');
    expect(read({ 'openai-api-base': `${ROOT}/v1` })).toContain('model is not set');
    expect(read(lived)).toContain('"sonnet"');
  });
});

describe('aider plan → readBack over the lived-in file', () => {
  it("chat, the user's other keys kept", () => {
    const before = files({ [FILE]: lived });
    const after = applyPlan(before, aider.plan(linuxEnv(), aChoice(), before));
    expect(inEnglish(aider.readBack(linuxEnv(), 'user', after))).toMatchObject({
      url: `${ROOT}/v1/chat/completions`,
      model: 'deepseek-chat',
      key: KEY,
    });
    const doc = after.get(FILE) as Record<string, unknown>;
    expect(doc['anthropic-api-key']).toBe((lived as Record<string, unknown>)['anthropic-api-key']);
    expect(doc['read']).toEqual(['CONVENTIONS.md', '~/notes/李雷-style.md']);
  });
});

describe('aider oneShot and modelArg', () => {
  it('the model as one --model=openai/<id> argument, the prompt as one --message= argument; no git, no prompts, no update check, no analytics', () => {
    const request = aider.readBack(
      linuxEnv(),
      'user',
      files({ [FILE]: { 'openai-api-base': `${ROOT}/v1`, 'openai-api-key': KEY, model: 'openai/-m' } }),
    );
    if (isMessage(request)) throw new Error(request.key);
    const arg = aider.modelArg!(files(), request);
    expect(arg).toBe('openai/-m');
    const cmd = aider.oneShot(arg, '-say ok');
    expect(cmd.command).toBe('aider');
    expect(cmd.args[0]).toBe('--model=openai/-m');
    expect(cmd.args.at(-1)).toBe('--message=-say ok');
    expect(cmd.args).toEqual(
      expect.arrayContaining(['--no-git', '--yes-always', '--no-check-update', '--no-analytics', '--no-show-model-warnings']),
    );
    // --analytics-disable would write a permanent opt-out into the user's ~/.aider.
    expect(cmd.args).not.toContain('--analytics-disable');
    expect(cmd.env).toEqual({ LITELLM_LOCAL_MODEL_COST_MAP: 'True' });
  });
});

describe('aider unplan', () => {
  const gw = { root: ROOT, v1: `${ROOT}/v1` };
  it('takes out the four keys while the base is the gateway; the key is a secret; the rest stays', () => {
    const before = files({ [FILE]: lived });
    const after = applyPlan(before, aider.plan(linuxEnv(), aChoice(), before));
    const u = aider.unplan!(linuxEnv(), 'user', after, gw);
    expect(u.edits[0]!.edits.map((e) => e.path.join('.'))).toEqual(['openai-api-base', 'openai-api-key', 'model', 'weak-model']);
    expect(u.secrets).toEqual([KEY]);
    expect(inEnglish(u.notes).join('\n')).toContain('default model');
    const removed = applyPlan(after, { edits: u.edits, notes: [] }).get(FILE) as Record<string, unknown>;
    expect(removed['anthropic-api-key']).toBe((lived as Record<string, unknown>)['anthropic-api-key']);
    expect(removed['openai-api-base']).toBeUndefined();
  });
  it("another base URL, or a model of the user's since, is left as it is", () => {
    expect(
      aider.unplan!(linuxEnv(), 'user', files({ [FILE]: { 'openai-api-base': 'https://other.example/v1', model: 'openai/x' } }), gw),
    ).toMatchObject({ edits: [], secrets: [] });
    const u = aider.unplan!(linuxEnv(), 'user', files({ [FILE]: { 'openai-api-base': `${ROOT}/v1`, model: 'sonnet' } }), gw);
    expect(u.edits[0]!.edits.map((e) => e.path.join('.'))).toEqual(['openai-api-base']);
    expect(aider.unplan!(linuxEnv(), 'user', files(), gw).edits).toEqual([]);
  });
  it('a base URL that is not one (a table someone put there) is named as the file holds it', () => {
    const u = aider.unplan!(linuxEnv(), 'user', files({ [FILE]: { 'openai-api-base': { host: 'other.example' } } }), gw);
    expect(u.edits).toEqual([]);
    const said = inEnglish(u.notes).join('\n');
    expect(said).toContain('openai-api-base is {"host":"other.example"}, not the gateway');
    expect(said).not.toContain('[object');
  });
});

describe('aider one-shot run: judged by its exit code and its answer', () => {
  // What Aider 0.86.2 prints when a network blocks its lookup of litellm's prices on GitHub, then its answer.
  const blocked =
    "HTTPSConnectionPool(host='raw.githubusercontent.com', port=443): Max retries exceeded with url: " +
    "/BerriAI/litellm/main/model_prices_and_context_window.json (Caused by NewConnectionError('<urllib3.connection.HTTPSConnection " +
    "object at 0x7f>: Failed to establish a new connection: [Errno 101] Network is unreachable'))";
  const run = (stdout: string, exitCode = 0) => ({ exitCode, stdout, timedOut: false, notFound: false });

  it('the blocked lookup beside the answer is not an error', () => {
    expect(judgeRun(run(`${blocked}\nOK\n`), 120_000, aider)).toEqual({ ok: true });
    // The same line from any other agent is an error text ("Failed to").
    expect(judgeRun(run(`${blocked}\nOK\n`), 120_000).ok).toBe(false);
  });

  it('the blocked lookup and nothing else is no answer; a real error beside it is still an error; a non-zero exit fails', () => {
    expect(inEnglish(judgeRun(run(`${blocked}\n`), 120_000, aider))).toEqual({
      ok: false,
      failure: 'exit code 0 but no answer printed',
    });
    expect(judgeRun(run(`${blocked}\nlitellm.BadRequestError: model not found\n`), 120_000, aider).ok).toBe(false);
    expect(judgeRun(run('Empty response received from LLM.\n'), 120_000, aider).ok).toBe(false);
    expect(judgeRun(run(`${blocked}\nOK\n`, 1), 120_000, aider).ok).toBe(false);
  });

  it('litellm is kept from fetching its own copy of the prices', () => {
    expect(aider.oneShot('gpt-4o', 'hi').env).toMatchObject({ LITELLM_LOCAL_MODEL_COST_MAP: 'True' });
  });
});
