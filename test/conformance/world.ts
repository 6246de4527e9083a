// One gateway world, described once and built twice: on the real new-api through its admin API
// (test/gateway/world-real.ts) and in the built-in simulator (simWorld below). The conformance
// table runs the same scenarios against both and expects the same diagnosis, exit code and marks.
import type { UpstreamKeyState, UpstreamKind, UpstreamModel } from '../../src/simulator/upstream.js';
import type { ChannelKind, Fault, SimKey, SimModel, SimulatorOptions } from '../../src/simulator/types.js';

/** A channel of the real gateway; the simulator models it as a channel kind plus upstream state. */
export interface WorldChannel {
  name: string;
  /** new-api's channel type (constant/channel.go). */
  type: 'openai' | 'anthropic' | 'deepseek' | 'xai';
  /** The key the channel sends upstream, and how our upstream treats it. */
  upstreamKey: string;
  upstreamState: UpstreamKeyState;
  groups: string[];
  /** Its provider refuses connections (the channel's address has nobody listening). */
  down?: true;
  /** Its provider takes this long before it answers anything. */
  slowMs?: number;
  /** The channel's model mapping: the name a key asks for → the name sent to the provider. */
  mapping?: Record<string, string>;
}

export interface WorldModel {
  id: string;
  channel: string;
  /** What the upstream provider does with it. */
  kind: UpstreamKind;
  /** USD per 1M input tokens = ratio × 2; undefined: left unpriced on purpose. */
  ratio?: number;
  /**
   * The model's own endpoint setting (the console's model page: endpoint → path). new-api v0.10
   * adds these marks to the channel's; v0.13 puts them in their place.
   */
  endpoints?: Record<string, string>;
}

export type KeyRole =
  | 'full'
  | 'vip'
  | 'limited'
  | 'low'
  | 'expired'
  | 'exhausted'
  | 'disabled'
  | 'denied'
  | 'retired'
  | 'edge'
  | 'nolimits'
  | 'flaky'
  | 'iplocked';

export interface WorldKey {
  role: KeyRole;
  group: string;
  unlimited?: boolean;
  /** Quota units (500000 = 1 USD). */
  remainQuota?: number;
  expired?: boolean;
  disabled?: boolean;
  modelLimits?: string[];
  /** The console's IP allow-list: an address the tests never call from. */
  allowIps?: string[];
}

/** Group → price ratio. `retired` is usable by users but has no ratio: new-api calls it deprecated. */
export const GROUP_RATIOS: Record<string, number> = { default: 1, vip: 2, cheap: 0.5, secret: 3, edge: 1.2, flaky: 1.5 };
/** Groups users may put their keys in (`secret` is not one of them). */
export const USABLE_GROUPS: Record<string, string> = {
  default: 'Default',
  vip: 'VIP',
  cheap: 'Cheap',
  retired: 'Retired',
  edge: 'Edge',
  flaky: 'Flaky',
};

export const CHANNELS: WorldChannel[] = [
  { name: 'gas-anthropic', type: 'anthropic', upstreamKey: 'up-anthropic-key', upstreamState: 'ok', groups: ['default', 'vip'] },
  { name: 'gas-openai', type: 'openai', upstreamKey: 'up-openai-key', upstreamState: 'ok', groups: ['default', 'vip'] },
  { name: 'gas-deepseek', type: 'deepseek', upstreamKey: 'up-deepseek-key', upstreamState: 'ok', groups: ['default', 'vip', 'cheap'] },
  // The provider revoked this channel's key: every call fails upstream with the provider's 401.
  { name: 'gas-openai-revoked', type: 'openai', upstreamKey: 'up-revoked-key', upstreamState: 'revoked', groups: ['default'] },
  // The provider's account behind this channel is out of credit.
  { name: 'gas-anthropic-broke', type: 'anthropic', upstreamKey: 'up-broke-key', upstreamState: 'no-credit', groups: ['vip'] },
  // The `edge` group: its best Claude model's channel cannot reach its provider, the next one works.
  { name: 'gas-edge-down', type: 'anthropic', upstreamKey: 'up-edge-key', upstreamState: 'ok', groups: ['edge'], down: true },
  { name: 'gas-edge', type: 'anthropic', upstreamKey: 'up-edge-key', upstreamState: 'ok', groups: ['edge'] },
  // The `flaky` group (ratio 1.5): its best models' channels fail at their providers (429, 500),
  // an xAI channel serves chat only, a slow channel and a mapped model answer.
  { name: 'gas-flaky-busy', type: 'openai', upstreamKey: 'up-busy-key', upstreamState: 'rate-limited', groups: ['flaky'] },
  { name: 'gas-flaky-failing', type: 'openai', upstreamKey: 'up-failing-key', upstreamState: 'failing', groups: ['flaky'] },
  { name: 'gas-flaky-xai', type: 'xai', upstreamKey: 'up-xai-key', upstreamState: 'ok', groups: ['flaky'] },
  { name: 'gas-flaky-slow', type: 'openai', upstreamKey: 'up-slow-key', upstreamState: 'ok', groups: ['flaky'], slowMs: 1500 },
  {
    name: 'gas-flaky-mapped',
    type: 'openai',
    upstreamKey: 'up-mapped-key',
    upstreamState: 'ok',
    groups: ['flaky'],
    mapping: { 'acme-coder-mapped': 'gpt-4o-mini' },
  },
];

export const MODELS: WorldModel[] = [
  { id: 'claude-sonnet-4-5', channel: 'gas-anthropic', kind: 'chat', ratio: 1.5 },
  { id: 'claude-haiku-4-5', channel: 'gas-anthropic', kind: 'chat', ratio: 0.5 },
  // Its admin set it to chat completions alone: on v0.13 it is no longer marked `anthropic`.
  { id: 'claude-3-7-sonnet', channel: 'gas-anthropic', kind: 'chat', ratio: 1.5, endpoints: { openai: '/v1/chat/completions' } },
  { id: 'gpt-4o-mini', channel: 'gas-openai', kind: 'chat', ratio: 0.075 },
  // new-api marks it `openai-response` by its name; the provider serves it on Responses only.
  { id: 'o3-pro', channel: 'gas-openai', kind: 'responses-only', ratio: 10 },
  // Marked for Responses and its compaction endpoint (`openai-response-compact`), as Codex models are.
  {
    id: 'gpt-5-codex',
    channel: 'gas-openai',
    kind: 'chat',
    ratio: 0.625,
    endpoints: { 'openai-response': '/v1/responses', 'openai-response-compact': '/v1/responses/compact' },
  },
  { id: 'text-embedding-3-small', channel: 'gas-openai', kind: 'embedding', ratio: 0.01 },
  { id: 'tts-1', channel: 'gas-openai', kind: 'speech', ratio: 7.5 },
  { id: 'whisper-1', channel: 'gas-openai', kind: 'transcription', ratio: 15 },
  { id: 'gpt-image-1', channel: 'gas-openai', kind: 'image', ratio: 5 },
  { id: 'acme-coder-unpriced', channel: 'gas-openai', kind: 'chat' },
  { id: 'deepseek-chat', channel: 'gas-deepseek', kind: 'chat', ratio: 0.135 },
  { id: 'gpt-4.1', channel: 'gas-openai-revoked', kind: 'chat', ratio: 1 },
  { id: 'claude-opus-4-1', channel: 'gas-anthropic-broke', kind: 'chat', ratio: 7.5 },
  { id: 'claude-sonnet-4-6', channel: 'gas-edge-down', kind: 'chat', ratio: 1.5 },
  { id: 'claude-haiku-4-6', channel: 'gas-edge', kind: 'chat', ratio: 0.5 },
  { id: 'gpt-5.1', channel: 'gas-flaky-busy', kind: 'chat', ratio: 0.625 },
  { id: 'gpt-5', channel: 'gas-flaky-failing', kind: 'chat', ratio: 0.625 },
  { id: 'grok-4', channel: 'gas-flaky-xai', kind: 'chat', ratio: 1.5 },
  { id: 'gpt-5-mini', channel: 'gas-flaky-slow', kind: 'chat', ratio: 0.125 },
  // Asked for by this name, sent to the provider as gpt-4o-mini (the channel's mapping).
  { id: 'acme-coder-mapped', channel: 'gas-flaky-mapped', kind: 'chat', ratio: 0.2 },
];

/** An expiry time long past (unix seconds). */
export const PAST = 1_000_000_000;

export const KEYS: WorldKey[] = [
  { role: 'full', group: 'default', unlimited: true },
  { role: 'vip', group: 'vip', unlimited: true },
  // Limited to a model its group serves and one it does not: the second is listed, every call fails.
  { role: 'limited', group: 'cheap', unlimited: true, modelLimits: ['deepseek-chat', 'claude-sonnet-4-5'] },
  // Ten quota units: less than any call reserves before it is sent.
  { role: 'low', group: 'default', remainQuota: 10 },
  { role: 'expired', group: 'default', unlimited: true, expired: true },
  { role: 'exhausted', group: 'default', remainQuota: 0 },
  { role: 'disabled', group: 'default', unlimited: true, disabled: true },
  { role: 'denied', group: 'secret', unlimited: true },
  { role: 'retired', group: 'retired', unlimited: true },
  { role: 'edge', group: 'edge', unlimited: true },
  // Model limits switched on with none in them: the key can call nothing.
  { role: 'nolimits', group: 'default', unlimited: true, modelLimits: [] },
  { role: 'flaky', group: 'flaky', unlimited: true },
  // Usable only from an address no test calls from.
  { role: 'iplocked', group: 'default', unlimited: true, allowIps: ['10.9.8.7'] },
];

/** What our upstream knows, for the real gateway's channels to call. */
export function upstreamWorld(): { keys: Record<string, UpstreamKeyState>; models: UpstreamModel[] } {
  return {
    keys: Object.fromEntries(CHANNELS.map((c) => [c.upstreamKey, c.upstreamState])),
    // A mapped model reaches the provider by its mapped name, which the provider knows already.
    models: MODELS.filter((m) => !channelOf(m).mapping?.[m.id]).map((m) => ({ id: m.id, kind: m.kind })),
  };
}

/** The slow channels' providers: they wait before answering their models (never cleared). */
export function slowFaults(): Fault[] {
  return MODELS.flatMap((m) => {
    const ms = channelOf(m).slowMs;
    return ms === undefined ? [] : [{ kind: 'slow-headers' as const, ms, model: m.id }];
  });
}

/** Between scenarios: the world's own slow providers stay, a scenario's fault goes (or comes). */
export function resetFaults(target: { clearFaults(): void; addFault(f: Fault): void }, fault?: Fault): void {
  target.clearFaults();
  for (const f of [...slowFaults(), ...(fault ? [fault] : [])]) target.addFault(f);
}

function channelOf(m: WorldModel): WorldChannel {
  const c = CHANNELS.find((ch) => ch.name === m.channel);
  if (!c) throw new Error(`model ${m.id}: no channel ${m.channel}`);
  return c;
}

/** The same world in the simulator: keys are made up here, one per role. */
export function simWorld(): { options: SimulatorOptions; keys: Record<KeyRole, string> } {
  const keys = Object.fromEntries(KEYS.map((k) => [k.role, `sk-${k.role.padEnd(48, 'x')}`])) as Record<KeyRole, string>;
  const models: SimModel[] = MODELS.map((m) => {
    const c = channelOf(m);
    const kind: ChannelKind = c.type;
    return {
      id: m.id,
      channel: kind,
      groups: [...c.groups],
      upstream: m.kind,
      ...(m.endpoints && { endpoints: Object.keys(m.endpoints) }),
      ...(c.down ? { upstreamKey: 'down' as const } : c.upstreamState === 'ok' ? {} : { upstreamKey: c.upstreamState }),
      ...(m.ratio === undefined ? { priced: false } : { quotaType: 0 as const, modelRatio: m.ratio, completionRatio: 1 }),
    };
  });
  const simKeys: SimKey[] = KEYS.map((k) => ({
    key: keys[k.role],
    name: k.role,
    group: k.group,
    ...(k.unlimited ? { unlimited: true } : { quotaUsd: (k.remainQuota ?? 0) / 500_000 }),
    ...(k.modelLimits ? { modelLimits: [...k.modelLimits] } : {}),
    ...(k.expired ? { expiresAt: PAST } : {}),
    ...(k.allowIps ? { allowIps: [...k.allowIps] } : {}),
    ...(k.disabled ? { status: 'disabled' as const } : k.remainQuota === 0 && !k.unlimited ? { status: 'exhausted' as const } : {}),
  }));
  return {
    options: { models, keys: simKeys, groupRatios: { ...GROUP_RATIOS }, usableGroups: Object.keys(USABLE_GROUPS), faults: slowFaults() },
    keys,
  };
}
