// The conformance table: what the built bin must conclude about one world (world.ts), whichever
// gateway serves it. test/e2e/conformance.test.ts runs it against the built-in simulator,
// test/gateway/conformance.test.ts against the real new-api; both expect exactly these results.
// Where the two gateways disagreed, the real one was right and the simulator or client was fixed.
import type { DiagnosisCode } from '../../src/core/types.js';
import type { Fault } from '../../src/simulator/types.js';
import { runCli, jsonOf } from '../helpers/cli.js';
import { keyState, keyUsage, type KeyState } from '../../src/gateway/key-usage.js';
import type { KeyRole } from './world.js';

export interface Scenario {
  name: string;
  key: KeyRole;
  /** The command after the bin, `--json`, `--base-url` and the key variable are added. */
  args: string[];
  /** Appended to the gateway root for --base-url (a pasted path: a doubled /v1, a wrong prefix). */
  path?: string;
  exit: number;
  /**
   * A fault at the provider behind the channel (applied to our upstream on the real gateway), and
   * what new-api makes of it (applied to the simulator, which stands in for both).
   */
  fault?: { provider: Fault; simulator: Fault };
  /** The diagnosis code of the failed probe or model list, or `usage` for a refused command; none when it passes. */
  code?: DiagnosisCode | 'usage';
  /**
   * For a command that probes many models, in the gateway's list order (which differs between the
   * two): every diagnosis among its failed probes, sorted, compared instead of the first one.
   */
  codes?: DiagnosisCode[];
}

const verify = (model: string, protocol: string, force = false): string[] => [
  'verify',
  '--model',
  model,
  '--protocol',
  protocol,
  ...(force ? ['--force'] : []),
];

export const SCENARIOS: Scenario[] = [
  // Each protocol end to end, each stream to its final event.
  { name: 'messages on an Anthropic channel', key: 'full', args: verify('claude-sonnet-4-5', 'messages'), exit: 0 },
  { name: 'chat on an Anthropic channel (converted)', key: 'full', args: verify('claude-sonnet-4-5', 'chat'), exit: 0 },
  { name: 'chat on an OpenAI channel', key: 'full', args: verify('gpt-4o-mini', 'chat'), exit: 0 },
  { name: 'messages on an OpenAI channel (converted)', key: 'full', args: verify('gpt-4o-mini', 'messages'), exit: 0 },
  { name: 'Responses passed through an OpenAI channel, unmarked', key: 'full', args: verify('gpt-4o-mini', 'responses'), exit: 0 },
  { name: 'Responses for a Responses-only model', key: 'full', args: verify('o3-pro', 'responses'), exit: 0 },
  { name: 'messages on a DeepSeek channel', key: 'full', args: verify('deepseek-chat', 'messages'), exit: 0 },
  // Protocols a channel cannot serve.
  {
    name: 'Responses on an Anthropic channel',
    key: 'full',
    args: verify('claude-sonnet-4-5', 'responses'),
    exit: 1,
    code: 'wrong_protocol',
  },
  { name: 'Responses on a DeepSeek channel', key: 'full', args: verify('deepseek-chat', 'responses'), exit: 1, code: 'wrong_protocol' },
  {
    name: 'chat for a Responses-only model (the provider refuses)',
    key: 'full',
    args: verify('o3-pro', 'chat'),
    exit: 1,
    code: 'wrong_protocol',
  },
  // Marked `openai` like any chat model, served by no chat endpoint.
  { name: 'an embedding model over chat', key: 'full', args: verify('text-embedding-3-small', 'chat'), exit: 1, code: 'wrong_protocol' },
  { name: 'a speech model over messages', key: 'full', args: verify('tts-1', 'messages'), exit: 1, code: 'wrong_protocol' },
  { name: 'a transcription model over Responses', key: 'full', args: verify('whisper-1', 'responses'), exit: 1, code: 'wrong_protocol' },
  {
    name: 'an embedding model offered to no agent',
    key: 'full',
    args: ['verify', '--model', 'text-embedding-3-small'],
    exit: 2,
    code: 'usage',
  },
  // The gateway's channel failing: the provider's own errors, never the user's key.
  { name: 'the provider revoked the channel key (chat)', key: 'full', args: verify('gpt-4.1', 'chat'), exit: 1, code: 'channel_failed' },
  {
    name: 'the provider revoked the channel key (messages)',
    key: 'full',
    args: verify('gpt-4.1', 'messages'),
    exit: 1,
    code: 'channel_failed',
  },
  {
    name: 'the provider revoked the channel key (Responses)',
    key: 'full',
    args: verify('gpt-4.1', 'responses'),
    exit: 1,
    code: 'channel_failed',
  },
  {
    name: 'the provider account is out of credit (messages)',
    key: 'vip',
    args: verify('claude-opus-4-1', 'messages'),
    exit: 1,
    code: 'channel_failed',
  },
  {
    name: 'the provider account is out of credit (chat)',
    key: 'vip',
    args: verify('claude-opus-4-1', 'chat'),
    exit: 1,
    code: 'channel_failed',
  },
  // Unpriced: not listed, and refused when called anyway.
  { name: 'an unpriced model is not listed', key: 'full', args: verify('acme-coder-unpriced', 'chat'), exit: 2, code: 'usage' },
  { name: 'an unpriced model over chat', key: 'full', args: verify('acme-coder-unpriced', 'chat', true), exit: 1, code: 'model_unpriced' },
  {
    name: "an unpriced model over messages (no code in Claude's shape)",
    key: 'full',
    args: verify('acme-coder-unpriced', 'messages', true),
    exit: 1,
    code: 'model_unpriced',
  },
  // The key's limits and group.
  {
    name: 'a limited key, a limit its group has no channel for',
    key: 'limited',
    args: verify('claude-sonnet-4-5', 'messages'),
    exit: 1,
    code: 'model_not_in_group',
  },
  {
    name: 'a limited key, a model outside its limits',
    key: 'limited',
    args: verify('gpt-4o-mini', 'chat', true),
    exit: 1,
    code: 'model_not_allowed',
  },
  { name: 'a limited key, a model within its limits', key: 'limited', args: verify('deepseek-chat', 'chat'), exit: 0 },
  { name: 'a key with less quota than a call reserves (chat)', key: 'low', args: verify('gpt-4o-mini', 'chat'), exit: 1, code: 'quota' },
  // A channel whose provider refuses connections, and the next model of the same group.
  {
    name: 'a channel whose provider refuses connections',
    key: 'edge',
    args: verify('claude-sonnet-4-6', 'messages'),
    exit: 1,
    code: 'channel_failed',
  },
  { name: 'the next model of that group, on a working channel', key: 'edge', args: verify('claude-haiku-4-6', 'messages'), exit: 0 },
  {
    name: 'a key with less quota than a call reserves (messages)',
    key: 'low',
    args: verify('claude-sonnet-4-5', 'messages'),
    exit: 1,
    code: 'quota',
  },
  { name: 'an expired key', key: 'expired', args: ['models'], exit: 1, code: 'bad_key' },
  { name: 'an exhausted key', key: 'exhausted', args: ['models'], exit: 1, code: 'bad_key' },
  { name: 'a disabled key', key: 'disabled', args: ['models'], exit: 1, code: 'bad_key' },
  { name: 'a key in a group its owner may not use', key: 'denied', args: ['models'], exit: 1, code: 'group_denied' },
  { name: 'a key in a group the admin removed', key: 'retired', args: ['models'], exit: 1, code: 'group_denied' },
  // The provider failing behind a working channel, and each stream end.
  {
    name: 'the provider cannot be reached',
    key: 'full',
    args: verify('gpt-4o-mini', 'chat'),
    exit: 1,
    code: 'channel_failed',
    fault: { provider: { kind: 'drop' }, simulator: { kind: 'upstream-down', path: '/v1/chat/completions' } },
  },
  {
    name: 'the provider answers 502 (messages)',
    key: 'full',
    args: verify('claude-sonnet-4-5', 'messages'),
    exit: 1,
    code: 'channel_failed',
    fault: { provider: { kind: 'server-error' }, simulator: { kind: 'server-error', path: '/v1/messages' } },
  },
  {
    name: 'the provider answers 502 (chat)',
    key: 'full',
    args: verify('gpt-4o-mini', 'chat'),
    exit: 1,
    code: 'channel_failed',
    fault: { provider: { kind: 'server-error' }, simulator: { kind: 'server-error', path: '/v1/chat/completions' } },
  },
  {
    name: 'the provider rate-limits the channel',
    key: 'full',
    args: verify('gpt-4o-mini', 'responses'),
    exit: 1,
    code: 'channel_failed',
    fault: { provider: { kind: 'rate-limit' }, simulator: { kind: 'server-error', path: '/v1/responses' } },
  },
  {
    name: 'the provider sends nothing usable: chat closed by new-api without an answer',
    key: 'full',
    args: verify('gpt-4o-mini', 'chat'),
    exit: 1,
    code: 'stream_broken',
    fault: { provider: { kind: 'html' }, simulator: { kind: 'upstream-empty', path: '/v1/chat/completions' } },
  },
  {
    name: 'the provider sends nothing usable (Responses)',
    key: 'full',
    args: verify('gpt-4o-mini', 'responses'),
    exit: 1,
    code: 'stream_broken',
    fault: { provider: { kind: 'html' }, simulator: { kind: 'upstream-empty', path: '/v1/responses' } },
  },
  {
    name: 'a messages stream cut before message_stop',
    key: 'full',
    args: verify('claude-sonnet-4-5', 'messages'),
    exit: 1,
    code: 'stream_broken',
    fault: { provider: { kind: 'truncate-stream' }, simulator: { kind: 'truncate-stream', path: '/v1/messages' } },
  },
  {
    name: 'a Responses stream cut before response.completed',
    key: 'full',
    args: verify('gpt-4o-mini', 'responses'),
    exit: 1,
    code: 'stream_broken',
    fault: { provider: { kind: 'truncate-stream' }, simulator: { kind: 'truncate-stream', path: '/v1/responses' } },
  },
  {
    name: 'a stream that stalls: the timeout holds',
    key: 'full',
    args: [...verify('gpt-4o-mini', 'chat'), '--timeout', '2'],
    exit: 1,
    code: 'timeout',
    fault: { provider: { kind: 'stall-body' }, simulator: { kind: 'stall-body', path: '/v1/chat/completions' } },
  },
  // The flaky group: channels failing at their providers for good, xAI's chat-only adaptor, a slow
  // provider, a mapped model; verify looks past a protocol's failing models for one that answers.
  {
    name: 'a provider rate-limiting a channel for good (429)',
    key: 'flaky',
    args: verify('gpt-5.1', 'chat'),
    exit: 1,
    code: 'channel_failed',
  },
  { name: 'a provider failing with 500 (messages)', key: 'flaky', args: verify('gpt-5', 'messages'), exit: 1, code: 'channel_failed' },
  { name: 'a provider failing with 500 (Responses)', key: 'flaky', args: verify('gpt-5', 'responses'), exit: 1, code: 'channel_failed' },
  { name: 'xAI over chat', key: 'flaky', args: verify('grok-4', 'chat'), exit: 0 },
  {
    name: "xAI over messages: its adaptor's 'not available'",
    key: 'flaky',
    args: verify('grok-4', 'messages', true),
    exit: 1,
    code: 'wrong_protocol',
  },
  {
    name: "xAI over Responses: its adaptor's 'not implemented'",
    key: 'flaky',
    args: verify('grok-4', 'responses', true),
    exit: 1,
    code: 'wrong_protocol',
  },
  { name: 'a slow provider, inside the timeout', key: 'flaky', args: verify('gpt-5-mini', 'messages'), exit: 0 },
  { name: 'a mapped model', key: 'flaky', args: verify('acme-coder-mapped', 'responses'), exit: 0 },
  {
    name: 'verify --all: every model of each protocol, a protocol passing when one of its models answers',
    key: 'flaky',
    args: ['verify', '--all'],
    exit: 0,
    codes: ['channel_failed', 'wrong_protocol'],
  },
  // Paths as users paste them.
  { name: 'a path prefix the gateway does not have', key: 'full', args: ['models'], path: '/api/gateway', exit: 1, code: 'wrong_path' },
  { name: 'a path outside the API (the console answers)', key: 'full', args: ['models'], path: '/console', exit: 1, code: 'not_api' },
];

const ANTHROPIC = ['anthropic', 'openai'];
const DEFAULT_GROUP: Record<string, string[]> = {
  'claude-haiku-4-5': ANTHROPIC,
  'claude-sonnet-4-5': ANTHROPIC,
  'gpt-4o-mini': ['openai'],
  'o3-pro': ['openai-response'],
  'text-embedding-3-small': ['openai'],
  'tts-1': ['openai'],
  'whisper-1': ['openai'],
  'gpt-image-1': ['image-generation', 'openai'],
  'deepseek-chat': ['openai'],
  'gpt-4.1': ['openai'],
};

/**
 * The marks `models` shows per key (sorted), as new-api v0.10.2 computes them: from the channel
 * type, refined by the model's name; the unpriced model is not listed at all.
 */
export const MARKS: Partial<Record<KeyRole, Record<string, string[]>>> = {
  full: DEFAULT_GROUP,
  low: DEFAULT_GROUP,
  vip: {
    ...Object.fromEntries(Object.entries(DEFAULT_GROUP).filter(([id]) => id !== 'gpt-4.1')),
    'claude-opus-4-1': ANTHROPIC,
  },
  // The limits themselves, one of them served in no channel of the key's group.
  limited: { 'claude-sonnet-4-5': ANTHROPIC, 'deepseek-chat': ['openai'] },
  edge: { 'claude-haiku-4-6': ANTHROPIC, 'claude-sonnet-4-6': ANTHROPIC },
  // Limits on and empty: nothing listed.
  nolimits: {},
  // xAI channels are marked by name, like OpenAI's.
  flaky: { 'acme-coder-mapped': ['openai'], 'gpt-5': ['openai'], 'gpt-5-mini': ['openai'], 'gpt-5.1': ['openai'], 'grok-4': ['openai'] },
};

export interface Outcome {
  exit: number | null;
  code?: string;
  /** Every diagnosis among the failed probes, sorted, once each. */
  codes: string[];
  /** Every request id the bin printed in its JSON. */
  requestIds: string[];
  stdout: string;
  stderr: string;
}

/** Runs one scenario through the built bin against `root` with `key`. */
export async function runScenario(s: Scenario, root: string, key: string): Promise<Outcome> {
  const r = await runCli([...s.args, '--json', '--base-url', `${root}${s.path ?? ''}`, '--api-key-env', 'CONFORMANCE_KEY'], {
    env: { CONFORMANCE_KEY: key },
    timeoutMs: 30_000,
  });
  let code: string | undefined;
  const codes = new Set<string>();
  const requestIds: string[] = [];
  if (r.stdout.trim().startsWith('{')) {
    const doc = jsonOf(r) as {
      probes?: { ok: boolean; requestId?: string; diagnosis?: { code: string; requestId?: string } }[];
      error?: { code?: string; requestId?: string };
      requestId?: string;
    };
    for (const p of doc.probes ?? []) {
      if (p.requestId) requestIds.push(p.requestId);
      if (!p.ok && p.diagnosis) {
        code ??= p.diagnosis.code;
        codes.add(p.diagnosis.code);
      }
    }
    const top = doc.error;
    if (top?.code) code ??= top.code;
    if (top?.requestId) requestIds.push(top.requestId);
    if (doc.requestId) requestIds.push(doc.requestId);
  }
  return { exit: r.code, ...(code ? { code } : {}), codes: [...codes].sort(), requestIds, stdout: r.stdout, stderr: r.stderr };
}

/** What a scenario is judged by: its exit and either its one diagnosis or all of them. */
export function verdict(s: Scenario, out: Outcome): { exit: number | null; code?: string | string[] } {
  const code = s.codes ? out.codes : out.code;
  return { exit: out.exit, ...(code === undefined ? {} : { code }) };
}

export function expected(s: Scenario): { exit: number; code?: string | string[] } {
  const code = s.codes ?? s.code;
  return { exit: s.exit, ...(code === undefined ? {} : { code }) };
}

/** The marks `models --json` reports per model for a key: compared between the two gateways. */
export async function marksOf(root: string, key: string): Promise<Record<string, string[]>> {
  const r = await runCli(['models', '--json', '--base-url', root, '--api-key-env', 'CONFORMANCE_KEY'], { env: { CONFORMANCE_KEY: key } });
  const doc = jsonOf(r) as { models: { id: string; marks: string[] }[] };
  return Object.fromEntries(doc.models.map((m) => [m.id, [...m.marks].sort()]));
}

/**
 * What `/api/usage/token/` tells of each key, read by our client (src/gateway/key-usage.ts). On
 * new-api v0.10.2 the route sits behind the relay's token auth: a key that auth refuses (expired,
 * used up, disabled: 401; a group users may not use: 403) gets no answer, `refused` here. Amounts
 * used are left out (other rows spend quota on the real gateway); token names are `gas-<role>`
 * there and `<role>` here.
 */
type UsageRow = { unlimited: boolean; availableUsd?: number; state: KeyState; expiresAt: number; modelLimits?: string[] };
export const USAGE: Record<KeyRole, UsageRow | 'refused'> = {
  full: { unlimited: true, state: 'ok', expiresAt: 0 },
  vip: { unlimited: true, state: 'ok', expiresAt: 0 },
  limited: { unlimited: true, state: 'ok', expiresAt: 0, modelLimits: ['claude-sonnet-4-5', 'deepseek-chat'] },
  low: { unlimited: false, availableUsd: 10 / 500_000, state: 'ok', expiresAt: 0 },
  expired: 'refused',
  exhausted: 'refused',
  disabled: 'refused',
  denied: 'refused',
  retired: 'refused',
  edge: { unlimited: true, state: 'ok', expiresAt: 0 },
  nolimits: { unlimited: true, state: 'ok', expiresAt: 0, modelLimits: [] },
  flaky: { unlimited: true, state: 'ok', expiresAt: 0 },
};

/** Our reading of a key's usage, in the shape of USAGE, and whether its name is the role's token. */
export async function usageOf(root: string, key: string, role: KeyRole): Promise<{ named: boolean; usage: UsageRow } | 'refused'> {
  const u = await keyUsage(root, key);
  if (!u) return 'refused';
  return {
    named: u.name === role || u.name === `gas-${role}`,
    usage: {
      unlimited: u.unlimited,
      ...(u.availableUsd !== undefined && { availableUsd: u.availableUsd }),
      state: keyState(u),
      expiresAt: u.expiresAt,
      ...(u.modelLimits !== undefined && { modelLimits: [...u.modelLimits].sort() }),
    },
  };
}
