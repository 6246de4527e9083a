// GitHub Copilot CLI: an agent configured through its environment only. What is particular to it:
// the env file of ours it gets (exported lines, the key or a reference to the key's variable), the
// provider type and base URL form per protocol, its read-back, and its one-shot and session, which
// carry the model and key in variables, never in an argument.
import { describe, expect, it } from 'vitest';
import { copilotCli, copilotPaths } from '../../src/agents/copilot-cli/index.js';
import { editText, parseConfig } from '../../src/config/index.js';
import { inEnglish } from '../helpers/english.js';
import { CHANNELS, KEY, ROOT, choice, linuxEnv } from './agents-helpers.js';

const env = linuxEnv({ XDG_CONFIG_HOME: '/home/dev/.cfg' });
const FILE = '/home/dev/.cfg/gateway-agent-setup/env/copilot-cli.env';

/** The env file after setup's plan for `over`, from `start` (none: a new file). */
function written(over: Parameters<typeof choice>[0], start?: string): string {
  const plan = copilotCli.plan(env, choice(over), new Map([[FILE, start === undefined ? undefined : parseConfig(start, 'dotenv', FILE)]]));
  const [edit] = plan.edits;
  return editText(start, 'dotenv', edit!.edits, FILE, edit!.template);
}

describe('copilot-cli', () => {
  it('keeps its variables in our state directory, for both scopes', () => {
    expect(copilotPaths(env).envFile).toBe(FILE);
    expect(copilotCli.files(env, 'project').map((f) => f.path)).toEqual([FILE]);
  });

  it('fit: messages for Anthropic models, chat for OpenAI ones, Responses for Responses-only ones; never images or embeddings', () => {
    expect(copilotCli.fit(CHANNELS.anthropic)).toEqual({ ok: true, protocol: 'messages', needsProbe: false });
    expect(copilotCli.fit(CHANNELS.openai)).toEqual({ ok: true, protocol: 'chat', needsProbe: false });
    expect(copilotCli.fit(CHANNELS.codex)).toEqual({ ok: true, protocol: 'responses', needsProbe: false });
    expect(copilotCli.fit(CHANNELS.unmarked)).toEqual({ ok: true, protocol: 'chat', needsProbe: true });
    expect(copilotCli.fit(CHANNELS.image).ok).toBe(false);
    expect(copilotCli.fit(CHANNELS.embeddings).ok).toBe(false);
  });

  it('writes exported lines a shell can source: anthropic at the root, openai at /v1, the wire variable for Responses', () => {
    const anthropic = written({});
    expect(anthropic).toContain(`export COPILOT_PROVIDER_BASE_URL=${ROOT}\n`);
    expect(anthropic).toContain('export COPILOT_PROVIDER_TYPE=anthropic\n');
    expect(anthropic).toContain(`export COPILOT_PROVIDER_API_KEY=${KEY}\n`);
    expect(anthropic).toContain('export COPILOT_OFFLINE=true\n');
    expect(anthropic).not.toContain('WIRE_API');
    const responses = written({ model: 'gpt-5.1-codex', protocol: 'responses' }, anthropic);
    expect(responses).toContain(`export COPILOT_PROVIDER_BASE_URL=${ROOT}/v1\n`);
    expect(responses).toContain('export COPILOT_PROVIDER_TYPE=openai\n');
    // A variable added to a file whose every line is exported is exported too.
    expect(responses).toContain('export COPILOT_PROVIDER_WIRE_API=responses\n');
    // And back to chat: the wire variable goes.
    expect(written({ model: 'gpt-4.1', protocol: 'chat' }, responses)).not.toContain('WIRE_API');
  });

  it('key storage env: the key line references the variable, expanded when sourced; the plan says to export it', () => {
    const text = written({ keyStorage: 'env' });
    expect(text).toContain('export COPILOT_PROVIDER_API_KEY="${GATEWAY_API_KEY}"\n');
    expect(text).not.toContain(KEY);
    const plan = copilotCli.plan(env, choice({ keyStorage: 'env' }), new Map());
    expect(plan.exportVar).toBe('GATEWAY_API_KEY');
    expect(plan.edits[0]?.secret).toBe(true);
    const current = new Map([[FILE, parseConfig(text, 'dotenv', FILE)]]);
    const request = copilotCli.readBack({ ...env, env: { ...env.env, GATEWAY_API_KEY: KEY } }, 'user', current);
    expect(typeof request === 'object' && 'url' in request && [request.url, request.key, request.keyVar]).toEqual([
      `${ROOT}/v1/messages`,
      KEY,
      { name: 'GATEWAY_API_KEY', via: 'reference' },
    ]);
    // Unset: no key, said where it would come from.
    const none = copilotCli.readBack(env, 'user', current);
    expect(typeof none === 'object' && 'url' in none && none.key).toBeUndefined();
  });

  it('the plan tells the user to source the file or launch one session', () => {
    const notes = copilotCli.plan(env, choice(), new Map()).notes.map(inEnglish).join('\n');
    expect(notes).toContain(`source ${FILE}`);
    expect(notes).toContain('launch copilot-cli');
  });

  it('readBack joins the URL as Copilot CLI does: a doubled /v1 shows; a missing one too', () => {
    const read = (lines: string): string => {
      const r = copilotCli.readBack(env, 'user', new Map([[FILE, parseConfig(lines, 'dotenv', FILE)]]));
      return typeof r === 'object' && 'url' in r ? r.url : inEnglish(r);
    };
    expect(read(`COPILOT_PROVIDER_BASE_URL=${ROOT}/v1/v1\nCOPILOT_PROVIDER_TYPE=openai\nCOPILOT_MODEL=m\n`)).toBe(
      `${ROOT}/v1/v1/chat/completions`,
    );
    expect(read(`COPILOT_PROVIDER_BASE_URL=${ROOT}\nCOPILOT_MODEL=m\n`)).toBe(`${ROOT}/chat/completions`);
    expect(read(`COPILOT_PROVIDER_BASE_URL=${ROOT}/v1\nCOPILOT_PROVIDER_TYPE=anthropic\nCOPILOT_MODEL=m\n`)).toBe(`${ROOT}/v1/v1/messages`);
    expect(read(`COPILOT_PROVIDER_BASE_URL=${ROOT}\nCOPILOT_PROVIDER_TYPE=azure\nCOPILOT_MODEL=m\n`)).toContain('"azure"');
    expect(read('COPILOT_MODEL=m\n')).toContain('COPILOT_PROVIDER_BASE_URL');
  });

  it("unplan takes our lines out while they point at the gateway, the user's own stay", () => {
    const text = `${written({})}export COPILOT_PROVIDER_MAX_OUTPUT_TOKENS=16384\n`;
    const current = new Map([[FILE, parseConfig(text, 'dotenv', FILE)]]);
    const un = copilotCli.unplan!(env, 'user', current, { root: ROOT, v1: `${ROOT}/v1` });
    expect(un.secrets).toEqual([KEY]);
    const after = editText(text, 'dotenv', un.edits[0]!.edits, FILE);
    expect(after).not.toContain('COPILOT_PROVIDER_BASE_URL');
    expect(after).toContain('export COPILOT_PROVIDER_MAX_OUTPUT_TOKENS=16384');
    expect(
      copilotCli.unplan!(env, 'user', current, { root: 'https://other.example.com', v1: 'https://other.example.com/v1' }).edits,
    ).toEqual([]);
  });

  it('one-shot and session: the model and key in variables, none in an argument', () => {
    const request = copilotCli.readBack(env, 'user', new Map([[FILE, parseConfig(written({}), 'dotenv', FILE)]]));
    if (!('url' in request)) throw new Error(inEnglish(request));
    const shot = copilotCli.oneShot('--yolo', 'hi', request);
    expect(shot.args).toEqual(['-p', 'hi', '--allow-all-tools']);
    expect(shot.env).toMatchObject({
      COPILOT_MODEL: '--yolo',
      COPILOT_PROVIDER_API_KEY: KEY,
      COPILOT_PROVIDER_TYPE: 'anthropic',
      COPILOT_PROVIDER_BASE_URL: ROOT,
    });
    const session = copilotCli.session!(env, choice({ model: 'gpt-5.1-codex', protocol: 'responses' }), '/tmp/x');
    expect(session.args ?? []).toEqual([]);
    expect(session.files ?? []).toEqual([]);
    expect(session.env).toEqual({
      COPILOT_PROVIDER_BASE_URL: `${ROOT}/v1`,
      COPILOT_PROVIDER_TYPE: 'openai',
      COPILOT_PROVIDER_API_KEY: KEY,
      COPILOT_MODEL: 'gpt-5.1-codex',
      COPILOT_PROVIDER_WIRE_API: 'responses',
      COPILOT_OFFLINE: 'true',
      COPILOT_AUTO_UPDATE: 'false',
    });
  });
});
