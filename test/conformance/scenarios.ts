// The conformance table: what the built bin must conclude about one world (world.ts), whichever
// gateway serves it. test/e2e/conformance.test.ts runs it against the built-in simulator,
// test/gateway/conformance.test.ts against the real new-api; both expect exactly these results.
// Where the two gateways disagreed, the real one was right and the simulator or client was fixed.
import type { DiagnosisCode } from '../../src/core/types.js';
import type { NewApiRelease } from '../../src/simulator/releases.js';
import type { Fault } from '../../src/simulator/types.js';
import { runInProcess, jsonOf } from '../helpers/cli.js';
import { diagnoseAnswer } from '../../src/gateway/diagnosis.js';
import { explainKeyRefusal } from '../../src/gateway/key-refusal.js';
import { keyState, keyUsage, type KeyState } from '../../src/gateway/key-usage.js';
import { PAST, type KeyRole } from './world.js';

/** What a scenario must come to: its exit, and its diagnosis (with the finer reason and date where it has them). */
interface Expectation {
  exit: number;
  code?: DiagnosisCode | 'usage';
  codes?: DiagnosisCode[];
  reason?: string;
  date?: string;
}

export interface Scenario extends Expectation {
  name: string;
  /** A key of the world, or `unknown`: a key the gateway never issued. */
  key: KeyRole | 'unknown';
  /** Where a release answers otherwise, what it must come to there (the real gateway decided). */
  on?: Partial<Record<NewApiRelease, Expectation>>;
  /** Only on these releases: what the others do not have. */
  only?: NewApiRelease[];
  /**
   * new-api's load monitor past this threshold (v0.13): the real gateway gets a disk threshold of
   * 1 % (any disk in use is past it; memory can be under 2 % on a large idle machine, and the
   * monitor compares whole percents), the simulator `fault.simulator`.
   */
  load?: 'disk';
  /** The command after the bin, `--json`, `--base-url` and the key variable are added. */
  args: string[];
  /** Appended to the gateway root for --base-url (a pasted path: a doubled /v1, a wrong prefix). */
  path?: string;
  /**
   * A fault at the provider behind the channel (applied to our upstream on the real gateway), and
   * what new-api makes of it (applied to the simulator, which stands in for both).
   */
  fault?: { provider?: Fault; simulator: Fault };
}

/** A key no gateway issued: `sk-` and 48 characters, as new-api's keys are. */
export const UNKNOWN_KEY = `sk-${'u'.repeat(24)}${'9'.repeat(24)}`;

const verify = (model: string, protocol: string, force = false): string[] => [
  'verify',
  '--model',
  model,
  '--protocol',
  protocol,
  ...(force ? ['--force'] : []),
];

const SCENARIOS: Scenario[] = [
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
  // Told apart on both: v0.10 names the reason; v0.13 says "Invalid token" and its token usage tells.
  {
    name: 'an expired key, with its date where the gateway tells it',
    key: 'expired',
    args: ['models'],
    exit: 1,
    code: 'bad_key',
    reason: 'expired',
    date: '2001-09-09',
    // v0.10 names the reason, and its usage route refuses the key: nothing tells the date.
    on: { 'v0.10.2': { exit: 1, code: 'bad_key', reason: 'expired' } },
  },
  { name: 'an exhausted key', key: 'exhausted', args: ['models'], exit: 1, code: 'bad_key', reason: 'exhausted' },
  { name: 'a disabled key', key: 'disabled', args: ['models'], exit: 1, code: 'bad_key', reason: 'disabled' },
  { name: 'a key the gateway never issued', key: 'unknown', args: ['models'], exit: 1, code: 'bad_key', reason: 'unknown' },
  { name: 'a key locked to another IP address', key: 'iplocked', args: ['models'], exit: 1, code: 'bad_key', reason: 'ip' },
  {
    name: 'an expired key over messages',
    key: 'expired',
    args: verify('claude-sonnet-4-5', 'messages', true),
    exit: 1,
    code: 'bad_key',
    reason: 'expired',
  },
  {
    name: 'a disabled key over chat',
    key: 'disabled',
    args: verify('gpt-4o-mini', 'chat', true),
    exit: 1,
    code: 'bad_key',
    reason: 'disabled',
  },
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
    name: "xAI over Responses: its adaptor's 'not implemented' (v0.10); served from v0.13",
    key: 'flaky',
    args: verify('grok-4', 'responses', true),
    exit: 1,
    code: 'wrong_protocol',
    on: { 'v0.13.2': { exit: 0 } },
  },
  { name: 'a slow provider, inside the timeout', key: 'flaky', args: verify('gpt-5-mini', 'messages'), exit: 0 },
  { name: 'a mapped model', key: 'flaky', args: verify('acme-coder-mapped', 'responses'), exit: 0 },
  {
    name: 'verify --all: every model of each protocol, a protocol passing when one of its models answers',
    key: 'flaky',
    args: ['verify', '--all'],
    exit: 0,
    codes: ['channel_failed', 'wrong_protocol'],
    // xAI is marked for Responses and serves it: no model is tried on a protocol it cannot speak.
    on: { 'v0.13.2': { exit: 0, codes: ['channel_failed'] } },
  },
  // A model's own endpoint setting, and the compaction mark.
  { name: 'a Claude model its admin set to chat completions: chat', key: 'full', args: verify('claude-3-7-sonnet', 'chat'), exit: 0 },
  {
    name: 'a model marked for Responses and its compaction: verified on Responses',
    key: 'full',
    args: ['verify', '--model', 'gpt-5-codex'],
    exit: 0,
  },
  // The gateway's own load (v0.13's monitor): its 503, never the key's or the model's.
  {
    name: "the gateway's load monitor refuses chat (503 system_disk_overloaded)",
    key: 'full',
    args: verify('gpt-4o-mini', 'chat'),
    exit: 75,
    code: 'gateway_busy',
    reason: 'disk',
    load: 'disk',
    only: ['v0.13.2'],
    fault: { simulator: { kind: 'overloaded', resource: 'disk', path: '/v1/chat/completions' } },
  },
  {
    name: "the gateway's load monitor refuses messages",
    key: 'full',
    args: verify('claude-sonnet-4-5', 'messages'),
    exit: 75,
    code: 'gateway_busy',
    reason: 'disk',
    load: 'disk',
    only: ['v0.13.2'],
    fault: { simulator: { kind: 'overloaded', resource: 'disk', path: '/v1/messages' } },
  },
  {
    name: "busy, it still lists the key's models: the load monitor stands in front of the relay alone",
    key: 'full',
    args: ['models'],
    exit: 0,
    load: 'disk',
    only: ['v0.13.2'],
    fault: { simulator: { kind: 'overloaded', resource: 'disk' } },
  },
  // Paths as users paste them.
  { name: 'a path prefix the gateway does not have', key: 'full', args: ['models'], path: '/api/gateway', exit: 1, code: 'wrong_path' },
  { name: 'a path outside the API (the console answers)', key: 'full', args: ['models'], path: '/console', exit: 1, code: 'not_api' },
];

const ANTHROPIC = ['anthropic', 'openai'];
const DEFAULT_GROUP: Record<string, string[]> = {
  'claude-haiku-4-5': ANTHROPIC,
  // Its own endpoint setting (openai) added to the channel's marks.
  'claude-3-7-sonnet': ANTHROPIC,
  'gpt-5-codex': ['openai', 'openai-response', 'openai-response-compact'],
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
 * type, refined by the model's name, and a model's own endpoints added; the unpriced model is not
 * listed at all. MARKS_ON below says where later releases differ.
 */
const MARKS_V010: Partial<Record<KeyRole, Record<string, string[]>>> = {
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

/**
 * v0.13: a model's own endpoints replace its channel's marks (the Claude model set to chat loses
 * `anthropic`), and xAI channels are marked for chat and Responses.
 */
const V013: Record<string, string[]> = {
  'claude-3-7-sonnet': ['openai'],
  'gpt-5-codex': ['openai-response', 'openai-response-compact'],
  'grok-4': ['openai', 'openai-response'],
};

/** The marks each release computes, per key. */
export function marksFor(release: NewApiRelease): Partial<Record<KeyRole, Record<string, string[]>>> {
  if (release === 'v0.10.2') return MARKS_V010;
  return Object.fromEntries(
    Object.entries(MARKS_V010).map(([role, marks]) => [
      role,
      Object.fromEntries(Object.entries(marks).map(([id, m]) => [id, V013[id] ?? m])),
    ]),
  );
}

export interface Outcome {
  exit: number | null;
  code?: string;
  /** Every diagnosis among the failed probes, sorted, once each. */
  codes: string[];
  /** The finer reason and date of the first failure, where it has them. */
  reason?: string;
  date?: string;
  /** Every request id the bin printed in its JSON. */
  requestIds: string[];
  stdout: string;
  stderr: string;
}

/** Runs one scenario through the built bin against `root` with `key`. */
export async function runScenario(s: Scenario, root: string, key: string): Promise<Outcome> {
  const r = await runInProcess([...s.args, '--json', '--base-url', `${root}${s.path ?? ''}`, '--api-key-env', 'CONFORMANCE_KEY'], {
    env: { CONFORMANCE_KEY: key },
    timeoutMs: 30_000,
  });
  let code: string | undefined;
  let reason: string | undefined;
  let date: string | undefined;
  const codes = new Set<string>();
  const requestIds: string[] = [];
  if (r.stdout.trim().startsWith('{')) {
    type Said = { code?: string; requestId?: string; reason?: string; date?: string };
    const doc = jsonOf(r) as {
      probes?: { ok: boolean; requestId?: string; diagnosis?: Said & { code: string } }[];
      error?: Said;
      requestId?: string;
    };
    for (const p of doc.probes ?? []) {
      if (p.requestId) requestIds.push(p.requestId);
      if (!p.ok && p.diagnosis) {
        if (code === undefined) ({ code, reason, date } = p.diagnosis);
        codes.add(p.diagnosis.code);
      }
    }
    const top = doc.error;
    if (top?.code && code === undefined) ({ code, reason, date } = top);
    if (top?.requestId) requestIds.push(top.requestId);
    if (doc.requestId) requestIds.push(doc.requestId);
  }
  return {
    exit: r.code,
    ...(code ? { code } : {}),
    ...(reason !== undefined && { reason }),
    ...(date !== undefined && { date }),
    codes: [...codes].sort(),
    requestIds,
    stdout: r.stdout,
    stderr: r.stderr,
  };
}

/** The scenarios a release runs. */
export function scenariosFor(release: NewApiRelease): Scenario[] {
  return SCENARIOS.filter((s) => !s.only || s.only.includes(release));
}

type Judged = { exit: number | null; code?: string | string[]; reason?: string; date?: string };

/** What the scenario must come to on a release. */
function expectationOf(s: Scenario, release: NewApiRelease): Expectation {
  return s.on?.[release] ?? s;
}

/** What a scenario is judged by: its exit, either its one diagnosis or all of them, and the reason and date it expects. */
export function verdict(s: Scenario, out: Outcome, release: NewApiRelease): Judged {
  const e = expectationOf(s, release);
  const code = e.codes ? out.codes : out.code;
  return {
    exit: out.exit,
    ...(code === undefined ? {} : { code }),
    ...(e.reason !== undefined && { reason: out.reason }),
    ...(e.date !== undefined && { date: out.date }),
  };
}

export function expected(s: Scenario, release: NewApiRelease): Judged {
  const e = expectationOf(s, release);
  const code = e.codes ?? e.code;
  return {
    exit: e.exit,
    ...(code === undefined ? {} : { code }),
    ...(e.reason !== undefined && { reason: e.reason }),
    ...(e.date !== undefined && { date: e.date }),
  };
}

/** The marks `models --json` reports per model for a key: compared between the two gateways. */
export async function marksOf(root: string, key: string): Promise<Record<string, string[]>> {
  const r = await runInProcess(['models', '--json', '--base-url', root, '--api-key-env', 'CONFORMANCE_KEY'], {
    env: { CONFORMANCE_KEY: key },
  });
  const doc = jsonOf(r) as { models: { id: string; marks: string[] }[] };
  return Object.fromEntries(doc.models.map((m) => [m.id, [...m.marks].sort()]));
}

/**
 * What `/api/usage/token/` tells of each key, read by our client (src/gateway/key-usage.ts). On
 * new-api v0.10.2 the route sits behind the relay's token auth: a key that auth refuses (expired,
 * used up, disabled: 401; a group users may not use: 403) gets no answer, `refused` here. From
 * v0.13 it answers every key it knows (see usageFor). Amounts used are left out (other rows spend
 * quota on the real gateway); token names are `gas-<role>` there and `<role>` here.
 */
type UsageRow = { unlimited: boolean; availableUsd?: number; state: KeyState; expiresAt: number; modelLimits?: string[] };
const USAGE_V010: Record<KeyRole, UsageRow | 'refused'> = {
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
  iplocked: 'refused',
};

const TOLD_OK: UsageRow = { unlimited: true, state: 'ok', expiresAt: 0 };

export function usageFor(release: NewApiRelease): Record<KeyRole, UsageRow | 'refused'> {
  if (release === 'v0.10.2') return USAGE_V010;
  return {
    ...USAGE_V010,
    expired: { unlimited: true, state: 'expired', expiresAt: PAST },
    exhausted: { unlimited: false, availableUsd: 0, state: 'exhausted', expiresAt: 0 },
    disabled: TOLD_OK,
    // Read-only token auth checks no group.
    denied: TOLD_OK,
    retired: TOLD_OK,
    iplocked: TOLD_OK,
  };
}

/**
 * Rows asked in the gateway's other languages (`Accept-Language`, which v0.13 follows): the
 * diagnosis must not change with the words. Each is one request, diagnosed in-process by the same
 * functions the bin uses.
 */
export interface LangRow {
  name: string;
  key: KeyRole | 'unknown';
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, unknown>;
  code: DiagnosisCode;
  reason?: string;
}

const ask = (model: string): Record<string, unknown> => ({ model, max_tokens: 16, messages: [{ role: 'user', content: 'ping' }] });

export const LANG_ROWS: LangRow[] = [
  { name: 'an unknown key', key: 'unknown', method: 'GET', path: '/v1/models', code: 'bad_key', reason: 'unknown' },
  { name: 'an expired key', key: 'expired', method: 'GET', path: '/v1/models', code: 'bad_key', reason: 'expired' },
  { name: 'an exhausted key', key: 'exhausted', method: 'GET', path: '/v1/models', code: 'bad_key', reason: 'exhausted' },
  { name: 'a disabled key', key: 'disabled', method: 'GET', path: '/v1/models', code: 'bad_key', reason: 'disabled' },
  { name: 'a group users may not use', key: 'denied', method: 'GET', path: '/v1/models', code: 'group_denied' },
  { name: 'a key locked to another IP address', key: 'iplocked', method: 'GET', path: '/v1/models', code: 'bad_key', reason: 'ip' },
  {
    name: 'no channel in the group',
    key: 'limited',
    method: 'POST',
    path: '/v1/messages',
    body: ask('claude-sonnet-4-5'),
    code: 'model_not_in_group',
  },
  {
    name: 'outside the key limits',
    key: 'limited',
    method: 'POST',
    path: '/v1/chat/completions',
    body: ask('gpt-4o-mini'),
    code: 'model_not_allowed',
  },
  {
    name: 'an unpriced model',
    key: 'full',
    method: 'POST',
    path: '/v1/chat/completions',
    body: ask('acme-coder-unpriced'),
    code: 'model_unpriced',
  },
  { name: 'too little quota', key: 'low', method: 'POST', path: '/v1/chat/completions', body: ask('gpt-4o-mini'), code: 'quota' },
];

/** One language row against `root`, in `lang`: the diagnosis code and reason. */
export async function diagnoseIn(root: string, key: string, row: LangRow, lang: string): Promise<{ code: string; reason?: string }> {
  const url = `${root}${row.path}`;
  const res = await fetch(url, {
    method: row.method,
    headers: {
      authorization: `Bearer ${key}`,
      'accept-language': lang,
      ...(row.body && { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' }),
    },
    ...(row.body && { body: JSON.stringify(row.body) }),
  });
  const body = await res.text();
  const model = typeof row.body?.model === 'string' ? row.body.model : undefined;
  const first = diagnoseAnswer(
    { url, method: row.method, key, keySent: true, ...(model && { model }) },
    { status: res.status, contentType: res.headers.get('content-type') ?? '', body },
  );
  const d = await explainKeyRefusal(first, { root, key });
  return { code: d.code, ...(row.reason !== undefined && { reason: d.reason }) };
}

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
