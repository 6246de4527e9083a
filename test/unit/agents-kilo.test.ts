import { readFileSync } from 'node:fs';
import { parse as parseJsonc } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { inEnglish } from '../helpers/english.js';
import { KILO_TEMPLATE, kilo } from '../../src/agents/kilo/index.js';
import type { AgentRequest } from '../../src/agents/types.js';
import { itFits, KEY, ROOT, applyPlan, choice, files, linuxEnv, winEnv, type FitRow } from './agents-helpers.js';

const lived: unknown = parseJsonc(readFileSync(new URL('../fixtures/agents/kilo/kilo.lived-in.jsonc', import.meta.url), 'utf8'));
const USER_JSON = '/home/dev/.config/kilo/kilo.json';
const USER_JSONC = '/home/dev/.config/kilo/kilo.jsonc';

describe('kilo fit', () => {
  const table: FitRow[] = [
    ['anthropic', 'messages', false],
    ['openai', 'chat', false],
    ['codex', 'responses', false],
    ['image', false],
    ['unmarked', 'chat', true],
  ];
  itFits(kilo, table);
});

describe('kilo files and plan', () => {
  it('~/.config/kilo (XDG, Windows too); project files in the working directory', () => {
    expect(kilo.files(linuxEnv(), 'user').map((f) => f.path)).toEqual([USER_JSONC, USER_JSON, '/home/dev/.local/share/kilo/auth.json']);
    expect(kilo.files(winEnv(), 'user')[0]!.path).toBe('C:\\Users\\dev\\.config\\kilo\\kilo.jsonc');
    expect(kilo.files(linuxEnv({ XDG_CONFIG_HOME: '/xdg' }), 'user')[0]!.path).toBe('/xdg/kilo/kilo.jsonc');
    expect(
      kilo
        .files(linuxEnv(), 'project')
        .map((f) => f.path)
        .slice(0, 2),
    ).toEqual(['/home/dev/projects/app/kilo.jsonc', '/home/dev/projects/app/kilo.json']);
  });

  it('creates kilo.jsonc from its template; edits kilo.json when only that exists', () => {
    const fresh = kilo.plan(linuxEnv(), choice(), files());
    expect(fresh.edits[0]).toMatchObject({ path: USER_JSONC, format: 'jsonc', template: KILO_TEMPLATE, secret: true });
    expect(kilo.plan(linuxEnv(), choice(), files({ [USER_JSON]: {} })).edits[0]!.path).toBe(USER_JSON);
  });

  const cases: [AgentRequest['protocol'], string, string, AgentRequest['auth']][] = [
    ['messages', 'gateway-anthropic', `${ROOT}/v1/messages`, 'x-api-key'],
    ['chat', 'gateway', `${ROOT}/v1/chat/completions`, 'bearer'],
    ['responses', 'gateway-responses', `${ROOT}/v1/responses`, 'bearer'],
  ];
  it.each(cases)('%s: provider %s at root + /v1, read back as %s, the lived-in provider kept', (protocol, id, url, auth) => {
    const before = files({ [USER_JSONC]: lived });
    const after = applyPlan(before, kilo.plan(linuxEnv(), choice({ protocol, model: 'm-1' }), before));
    const doc = after.get(USER_JSONC) as { model: string; provider: Record<string, { options: { baseURL: string } }> };
    expect(doc.model).toBe(`${id}/m-1`);
    expect(doc.provider[id]!.options.baseURL).toBe(`${ROOT}/v1`);
    expect(doc.provider['lmstudio']).toBeDefined();
    const req = kilo.readBack(linuxEnv(), 'user', after) as AgentRequest;
    expect(req).toMatchObject({ protocol, url, auth, model: 'm-1', key: KEY });
    expect(kilo.modelArg!(after, req)).toBe(`${id}/m-1`);
  });

  it('key storage env: {env:VAR}, and its own name in the note', () => {
    const plan = kilo.plan(linuxEnv(), choice({ keyStorage: 'env' }), files());
    expect(inEnglish(plan.notes).join(' ')).toContain('Kilo CLI reads the key from {env:GATEWAY_API_KEY}');
    const after = applyPlan(files(), plan);
    expect((kilo.readBack(linuxEnv({ GATEWAY_API_KEY: KEY }), 'user', after) as AgentRequest).key).toBe(KEY);
  });

  it('a doubled /v1 reads back as /v1/v1', () => {
    const after = applyPlan(files(), kilo.plan(linuxEnv(), choice({ v1: `${ROOT}/v1/v1` }), files()));
    expect((kilo.readBack(linuxEnv(), 'user', after) as AgentRequest).url).toBe(`${ROOT}/v1/v1/messages`);
  });
});

describe('kilo oneShot', () => {
  it('one --model=REF argument and the variables that skip models.dev and the update check', () => {
    expect(kilo.oneShot('gateway-anthropic/claude-sonnet-4-5', 'hi')).toEqual({
      command: 'kilo',
      args: ['run', '--model=gateway-anthropic/claude-sonnet-4-5', 'hi'],
      env: { KILO_DISABLE_MODELS_FETCH: '1', KILO_DISABLE_AUTOUPDATE: '1' },
    });
    expect(kilo.oneShot('--yolo', 'hi').args).toEqual(['run', '--model=gateway/--yolo', 'hi']);
  });
});
