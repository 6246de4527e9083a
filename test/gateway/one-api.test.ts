// new-api's ancestor, one-api v0.6.10, built from its Go module and set up through its console API
// with our simulator as the provider: it lists models without protocol marks and serves chat
// completions only. The tool configures the agents chat completions can serve, says why the others
// cannot (with one-api's request ID), and names each cause it meets as on new-api.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listModels } from '../../src/gateway/client.js';
import { askWithoutKey } from '../../src/gateway/keyless.js';
import { startSimulator } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { jsonOf, runCli } from '../helpers/cli.js';
import { closedPort } from '../helpers/sim.js';
import { OneApiAdmin, type Token } from './admin.js';
import { ensureOneApi, ONE_API, startNewApi, type RunningNewApi } from './new-api.js';

let gateway: RunningNewApi;
let upstream: Simulator;
const keys: Record<'full' | 'expired' | 'exhausted' | 'disabled', string> = { full: '', expired: '', exhausted: '', disabled: '' };
const homes: string[] = [];

beforeAll(async () => {
  const { binary, tiktoken } = await ensureOneApi();
  upstream = await startSimulator({
    upstream: {
      keys: { 'up-openai-key': 'ok', 'up-anthropic-key': 'ok' },
      models: ['gpt-4o-mini', 'deepseek-chat', 'claude-sonnet-4-5'].map((id) => ({ id, kind: 'chat' as const })),
    },
  });
  gateway = await startNewApi(binary, { env: { TIKTOKEN_CACHE_DIR: tiktoken }, plainSqlitePath: true });
  const admin = new OneApiAdmin(gateway.root);
  await admin.setUp();
  await admin.mergeJsonOption('ModelRatio', { 'gpt-4o-mini': 0.075, 'deepseek-chat': 0.135, 'claude-sonnet-4-5': 1.5 });
  await admin.addChannel({
    name: 'gas-openai',
    type: 1,
    key: 'up-openai-key',
    baseUrl: upstream.root,
    models: ['gpt-4o-mini', 'deepseek-chat'],
    groups: ['default'],
  });
  await admin.addChannel({
    name: 'gas-anthropic',
    type: 14,
    key: 'up-anthropic-key',
    baseUrl: upstream.root,
    models: ['claude-sonnet-4-5'],
    groups: ['default'],
  });
  const add = async (name: string, t: { unlimited?: boolean; remainQuota?: number; expiredTime?: number }): Promise<Token> =>
    admin.addToken({ name, unlimited: t.unlimited ?? false, remainQuota: t.remainQuota ?? 0, expiredTime: t.expiredTime ?? -1 });
  keys.full = `sk-${(await add('gas-full', { unlimited: true })).key}`;
  keys.expired = `sk-${(await add('gas-expired', { unlimited: true, expiredTime: 1_000_000_000 })).key}`;
  keys.exhausted = `sk-${(await add('gas-exhausted', { remainQuota: 0 })).key}`;
  const disabled = await add('gas-disabled', { unlimited: true });
  await admin.setTokenStatus(disabled.id, 2);
  keys.disabled = `sk-${disabled.key}`;
});

afterAll(async () => {
  await gateway?.stop();
  await upstream?.stop();
  for (const h of homes) rmSync(h, { recursive: true, force: true });
});

const env = (key: string) => ({ GATEWAY_BASE_URL: gateway.root, GATEWAY_API_KEY: key });

describe(`one-api ${ONE_API.version}: chat completions only, no marks`, () => {
  it('lists its models without marks', async () => {
    const r = await runCli(['models', '--json'], { env: env(keys.full) });
    expect(r.code, r.stderr).toBe(0);
    const doc = jsonOf(r) as { marked: boolean; models: { id: string; marks: string[] }[] };
    expect(doc.marked).toBe(false);
    expect(doc.models.map((m) => m.id)).toEqual(expect.arrayContaining(['gpt-4o-mini', 'deepseek-chat', 'claude-sonnet-4-5']));
    expect(doc.models.every((m) => m.marks.length === 0)).toBe(true);
  });

  it('asked for its models without a key, it refuses as one-api (what doctor tells a gateway by)', async () => {
    expect(await askWithoutKey({ root: gateway.root })).toBe('gateway');
  });

  it("its model list carries its request ID, as every answer of one-api's does (what doctor tells a gateway by)", async () => {
    expect((await listModels({ root: gateway.root, key: keys.full })).requestId).toMatch(/\S/);
  });

  it('chat completions answer, with one-api’s request ID', async () => {
    const r = await runCli(['verify', '--json', '--protocol', 'chat', '--model', 'claude-sonnet-4-5'], { env: env(keys.full) });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const id = (jsonOf(r) as { probes: { requestId?: string }[] }).probes[0]?.requestId;
    expect(id).toBeTruthy();
    expect((await gateway.linesOf(id!)).length).toBeGreaterThan(0);
  });

  it.each([
    ['messages', 'Anthropic Messages'],
    ['responses', 'OpenAI Responses'],
  ])('%s: the gateway does not serve it, said as such, not a wrong address', async (protocol, name) => {
    const r = await runCli(['verify', '--json', '--protocol', protocol, '--model', 'gpt-4o-mini', '--force'], { env: env(keys.full) });
    expect(r.code).toBe(1);
    const d = (jsonOf(r) as { probes: { diagnosis?: { code: string; message: string } }[] }).probes[0]?.diagnosis;
    expect(d?.code).toBe('wrong_path');
    expect(d?.message.replace(/\s+/g, ' ')).toContain(`the gateway does not serve ${name}`);
  });

  it('setup configures the agents chat completions serve and says why the others cannot', async () => {
    const home = mkdtempSync(join(tmpdir(), 'gas-one-api-'));
    homes.push(home);
    const r = await runCli(['setup', '--yes', '--json', '--agent', 'aider,opencode,claude-code,codex'], { env: env(keys.full), home });
    expect(r.code).toBe(1);
    const doc = jsonOf(r) as {
      agents: { id: string; ok: boolean; protocol?: string; probe?: { diagnosis?: { code: string; message: string } } }[];
    };
    const by = new Map(doc.agents.map((a) => [a.id, a]));
    for (const id of ['aider', 'opencode']) expect([id, by.get(id)?.ok, by.get(id)?.protocol]).toEqual([id, true, 'chat']);
    for (const [id, name] of [
      ['claude-code', 'Anthropic Messages'],
      ['codex', 'OpenAI Responses'],
    ] as const) {
      expect(by.get(id)?.ok).toBe(false);
      expect(by.get(id)?.probe?.diagnosis?.code).toBe('wrong_path');
      expect(by.get(id)?.probe?.diagnosis?.message.replace(/\s+/g, ' ')).toContain(`does not serve ${name}`);
    }
    // Claude Code's models were not tried one by one against an endpoint that is not there.
    const messagesCalls = (gateway.log().match(/\/v1\/messages/g) ?? []).length;
    expect(messagesCalls).toBeLessThanOrEqual(3);
  });

  it.each([
    ['expired', 'expired'],
    ['exhausted', 'exhausted'],
    ['disabled', 'disabled'],
  ] as const)('the %s key: its reason, from one-api’s own words', async (role, reason) => {
    const r = await runCli(['models', '--json'], { env: env(keys[role]) });
    expect(r.code).toBe(1);
    expect((jsonOf(r) as { error: { code: string; reason?: string } }).error).toMatchObject({ code: 'bad_key', reason });
  });

  it('a key it never issued: refused, and said that the gateway does not tell why', async () => {
    const r = await runCli(['models', '--json'], { env: env(`sk-${'n'.repeat(48)}`) });
    expect(r.code).toBe(1);
    expect((jsonOf(r) as { error: { code: string; reason?: string } }).error).toMatchObject({ code: 'bad_key', reason: 'untold' });
  });

  it('a model no channel serves: the group named', async () => {
    const r = await runCli(['verify', '--json', '--protocol', 'chat', '--model', 'gpt-9-nowhere', '--force'], { env: env(keys.full) });
    expect(r.code).toBe(1);
    const d = (jsonOf(r) as { probes: { diagnosis?: { code: string; message: string } }[] }).probes[0]?.diagnosis;
    expect(d?.code).toBe('model_not_in_group');
    expect(d?.message).toContain('"default"');
  });

  it('a channel whose provider cannot be reached is the channel’s failure, not the key’s', async () => {
    // An address nobody listens on, for one model of its own.
    const admin = new OneApiAdmin(gateway.root);
    await admin.setUp();
    await admin.addChannel({
      name: 'gas-down',
      type: 1,
      key: 'up-openai-key',
      baseUrl: `http://127.0.0.1:${await closedPort()}`,
      models: ['acme-down'],
      groups: ['default'],
    });
    const r = await runCli(['verify', '--json', '--protocol', 'chat', '--model', 'acme-down', '--force'], { env: env(keys.full) });
    expect(r.code).toBe(1);
    expect((jsonOf(r) as { probes: { diagnosis?: { code: string } }[] }).probes[0]?.diagnosis?.code).toBe('channel_failed');
  });
});
