import { describe, expect, it } from 'vitest';
import { continueCli } from '../../src/agents/continue-cli/index.js';
import { parseConfig } from '../../src/config/index.js';
import { itFits, MESSAGES_CHAT_RESPONSES, KEY, ROOT, applyPlan, choice, darwinEnv, files, linuxEnv, winEnv } from './agents-helpers.js';
import { fixture } from './config-helpers.js';
import { english, isMessage } from '../../src/i18n/text.js';

const FILE = '/home/dev/.continue/config.yaml';
const lived = parseConfig(fixture('continue-cli/config.lived-in.yaml'), 'yaml', FILE);

describe('continue-cli fit', () => {
  // cn 1.5.47 sends gpt-5* names to /responses whatever the config says.
  itFits(continueCli, MESSAGES_CHAT_RESPONSES);

  it('a gpt-5 name marked for chat only does not fit: cn would send it to /responses', () => {
    const fit = continueCli.fit({
      id: 'gpt-5-mini',
      marked: true,
      marks: ['openai'],
      protocols: { messages: 'no', responses: 'no', chat: 'yes', images: 'no' },
    });
    expect(fit.ok).toBe(false);
  });
});

describe('continue-cli files', () => {
  it('per platform and with CONTINUE_GLOBAL_DIR (relative to cwd)', () => {
    expect(continueCli.files(linuxEnv(), 'user').map((f) => [f.path, f.format])).toEqual([[FILE, 'yaml']]);
    expect(continueCli.files(darwinEnv(), 'project')[0]!.path).toBe('/Users/dev/.continue/config.yaml');
    expect(continueCli.files(winEnv(), 'user')[0]!.path).toBe('C:\\Users\\dev\\.continue\\config.yaml');
    expect(continueCli.files(linuxEnv({ CONTINUE_GLOBAL_DIR: 'cfg' }), 'user')[0]!.path).toBe('/home/dev/projects/app/cfg/config.yaml');
  });
});

describe('continue-cli plan', () => {
  it('a new file: name, version, schema and our entry', () => {
    const plan = continueCli.plan(linuxEnv(), choice(), files());
    expect(plan.edits).toEqual([
      {
        path: FILE,
        format: 'yaml',
        secret: true,
        edits: [
          { path: ['name'], value: 'Local Config' },
          { path: ['version'], value: '1.0.0' },
          { path: ['schema'], value: 'v1' },
          {
            path: ['models'],
            value: [
              {
                name: 'Gateway',
                provider: 'anthropic',
                model: 'claude-sonnet-4-5',
                apiBase: `${ROOT}/v1`,
                apiKey: KEY,
                roles: ['chat', 'edit', 'apply'],
              },
            ],
          },
        ],
      },
    ]);
  });

  it('lived-in: ours goes first, the user entries stay after it; a second run changes nothing', () => {
    const before = files({ [FILE]: lived });
    const plan = continueCli.plan(linuxEnv(), choice({ model: 'deepseek-chat', protocol: 'chat' }), before);
    const after = applyPlan(before, plan).get(FILE) as { models: { name: string }[]; name: string };
    expect(after.models.map((m) => m.name)).toEqual(['Gateway', 'Local Qwen', 'OpenRouter Sonnet']);
    expect(after.name).toBe("Li Lei's assistant");
    const again = continueCli.plan(linuxEnv(), choice({ model: 'deepseek-chat', protocol: 'chat' }), files({ [FILE]: after }));
    expect(applyPlan(files({ [FILE]: after }), again).get(FILE)).toEqual(after);
  });

  it('our entry found further down moves to the front', () => {
    const doc = {
      name: 'x',
      version: '1',
      schema: 'v1',
      models: [
        { name: 'Mine', provider: 'ollama', model: 'q' },
        { name: 'Gateway', provider: 'openai', model: 'old' },
      ],
    };
    const plan = continueCli.plan(linuxEnv(), choice({ model: 'deepseek-chat', protocol: 'chat' }), files({ [FILE]: doc }));
    const after = applyPlan(files({ [FILE]: doc }), plan).get(FILE) as { models: { name: string; model: string }[] };
    expect(after.models.map((m) => [m.name, m.model])).toEqual([
      ['Gateway', 'deepseek-chat'],
      ['Mine', 'q'],
    ]);
  });

  it('key storage env: a secrets reference and an export note', () => {
    const plan = continueCli.plan(linuxEnv(), choice({ keyStorage: 'env' }), files());
    expect(JSON.stringify(plan.edits)).toContain('${{ secrets.GATEWAY_API_KEY }}');
    expect(JSON.stringify(plan.edits)).not.toContain(KEY);
    expect(plan.exportVar).toBe('GATEWAY_API_KEY');
    expect(plan.edits[0]!.secret).toBe(false);
  });
});

describe('continue-cli readBack', () => {
  const read = (model: string, provider: string, apiBase: string, apiKey = KEY, env = linuxEnv()) =>
    continueCli.readBack(
      env,
      'user',
      files({ [FILE]: { models: [{ name: 'Gateway', provider, model, apiBase, apiKey, roles: ['chat'] }] } }),
    );

  it('openai: chat, or /responses for gpt-5 names; anthropic: /v1/messages with x-api-key', () => {
    expect(read('deepseek-chat', 'openai', `${ROOT}/v1`)).toMatchObject({
      protocol: 'chat',
      url: `${ROOT}/v1/chat/completions`,
      auth: 'bearer',
      key: KEY,
    });
    expect(read('gpt-5.1-codex', 'openai', `${ROOT}/v1`)).toMatchObject({ protocol: 'responses', url: `${ROOT}/v1/responses` });
    expect(read('claude-sonnet-4-5', 'anthropic', `${ROOT}/v1`)).toMatchObject({
      protocol: 'messages',
      url: `${ROOT}/v1/messages`,
      auth: 'x-api-key',
    });
  });

  it('a doubled or missing /v1 shows in the URL', () => {
    expect(read('deepseek-chat', 'openai', `${ROOT}/v1/v1`)).toMatchObject({ url: `${ROOT}/v1/v1/chat/completions` });
    expect(read('claude-sonnet-4-5', 'anthropic', ROOT)).toMatchObject({ url: `${ROOT}/messages` });
  });

  it('a secrets reference reads the variable', () => {
    expect(
      read('deepseek-chat', 'openai', `${ROOT}/v1`, '${{ secrets.GATEWAY_API_KEY }}', linuxEnv({ GATEWAY_API_KEY: 'sk-env' })),
    ).toMatchObject({ key: 'sk-env' });
    expect(read('deepseek-chat', 'openai', `${ROOT}/v1`, '${{ secrets.GATEWAY_API_KEY }}')).toMatchObject({ key: undefined });
  });

  it('the first chat model is the one cn uses: a user model first is reported', () => {
    const out = continueCli.readBack(linuxEnv(), 'user', files({ [FILE]: lived }));
    // The lived-in file's first chat model is the OpenRouter one (Local Qwen is autocomplete only).
    expect(isMessage(out)).toBe(true);
    expect(english(out as never)).toContain('OpenRouter Sonnet');
  });

  it('no file, no models', () => {
    expect(isMessage(continueCli.readBack(linuxEnv(), 'user', files()))).toBe(true);
    expect(isMessage(continueCli.readBack(linuxEnv(), 'user', files({ [FILE]: { name: 'x' } })))).toBe(true);
  });
});

describe('continue-cli oneShot', () => {
  it('our config in one --config=FILE argument, then -p and the prompt', () => {
    const request = read();
    expect(continueCli.oneShot('deepseek-chat', 'say ok', request)).toEqual({ command: 'cn', args: [`--config=${FILE}`, '-p', 'say ok'] });
  });
  function read() {
    const r = continueCli.readBack(
      linuxEnv(),
      'user',
      files({ [FILE]: { models: [{ name: 'Gateway', provider: 'openai', model: 'm', apiBase: `${ROOT}/v1`, apiKey: KEY }] } }),
    );
    if (isMessage(r)) throw new Error(english(r));
    return r;
  }
});
