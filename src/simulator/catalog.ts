// The default world of the simulator: a handful of keys and models that between them hit every row
// of new-api's error table and every channel type. The `demo` command and most tests use it.
import type { SimKey, SimModel } from './types.js';

/** `sk-` + 48 lowercase letters built from one word: deterministic and obviously not a real key. */
function fakeKey(word: string): string {
  return `sk-${word.repeat(Math.ceil(48 / word.length)).slice(0, 48)}`;
}

export const DEMO_KEY = fakeKey('demo');
export const LIMITED_KEY = fakeKey('limited');
export const VIP_KEY = fakeKey('vip');
export const BROKE_KEY = fakeKey('broke');
export const DISABLED_KEY = fakeKey('disabled');
/** Keys whose balance and expiry /api/usage/token/ reports: one about to expire, one expired, one used up. */
export const EXPIRING_KEY = fakeKey('expiring');
export const EXPIRED_KEY = fakeKey('expired');
export const EXHAUSTED_KEY = fakeKey('exhausted');

const DAY = 86_400;
const now = (): number => Math.floor(Date.now() / 1000);

/** Group price multipliers and console labels, as /api/pricing reports them. */
export const GROUP_RATIOS: Record<string, number> = { default: 1, vip: 1.5 };
export const GROUP_LABELS: Record<string, string> = { default: 'Default group', vip: 'VIP group' };

// The claude models and the codex model are served in both groups; everything else only in default.
const BOTH = ['default', 'vip'];

export const DEFAULT_MODELS: SimModel[] = [
  {
    id: 'claude-sonnet-4-5',
    channel: 'anthropic',
    groups: BOTH,
    description: 'Anthropic Claude Sonnet 4.5: balanced coding model',
    tags: 'coding,reasoning,200k',
    quotaType: 0,
    modelRatio: 1.5,
    completionRatio: 5,
  },
  {
    id: 'claude-opus-4-1',
    channel: 'anthropic',
    groups: BOTH,
    description: 'Anthropic Claude Opus 4.1: the largest Claude',
    tags: 'coding,reasoning',
    quotaType: 0,
    modelRatio: 7.5,
    completionRatio: 5,
  },
  {
    id: 'claude-haiku-4-5',
    channel: 'anthropic',
    groups: BOTH,
    description: 'Anthropic Claude Haiku 4.5: small and fast',
    tags: 'fast,cheap',
    quotaType: 0,
    modelRatio: 0.5,
    completionRatio: 5,
  },
  {
    id: 'gpt-5.1',
    channel: 'openai',
    description: 'OpenAI GPT-5.1 general model',
    tags: 'coding,reasoning',
    quotaType: 0,
    modelRatio: 0.625,
    completionRatio: 8,
  },
  {
    id: 'gpt-5.1-codex',
    channel: 'codex',
    groups: BOTH,
    description: 'OpenAI GPT-5.1 Codex, Responses API only',
    tags: 'coding,agent',
    quotaType: 0,
    modelRatio: 0.625,
    completionRatio: 8,
  },
  {
    id: 'deepseek-chat',
    channel: 'deepseek',
    description: 'DeepSeek V3 chat model',
    tags: 'coding,cheap',
    quotaType: 0,
    modelRatio: 0.14,
    completionRatio: 1.5,
  },
  {
    id: 'grok-4',
    channel: 'xai',
    description: 'xAI Grok 4',
    tags: 'reasoning',
    quotaType: 0,
    modelRatio: 1.5,
    completionRatio: 5,
  },
  {
    id: 'gemini-2.5-pro',
    channel: 'gemini',
    description: 'Google Gemini 2.5 Pro',
    tags: 'reasoning,1m',
    quotaType: 0,
    modelRatio: 0.625,
    completionRatio: 8,
  },
  {
    id: 'gpt-image-1',
    channel: 'image',
    description: 'OpenAI image generation',
    tags: 'image',
    quotaType: 1,
    modelPrice: 0.04,
  },
  {
    id: 'text-embedding-3-small',
    channel: 'embedding',
    description: 'OpenAI small embedding model',
    tags: 'embedding',
    quotaType: 0,
    modelRatio: 0.01,
    completionRatio: 1,
  },
  {
    // Listed for the key but no channel behind it: the "listed, yet every call fails" case.
    id: 'kimi-k2',
    channel: 'none',
    groups: [],
    listedFor: ['default'],
    description: 'Moonshot Kimi K2 (no channel configured)',
    tags: 'coding',
    quotaType: 0,
    modelRatio: 0.3,
    completionRatio: 4,
  },
  {
    // Served, but the admin never set a price: calls fail with 400 model_price_error.
    id: 'glm-4.6',
    channel: 'deepseek',
    priced: false,
    description: 'Zhipu GLM-4.6 (no price set)',
    tags: 'coding',
  },
];

export const DEFAULT_KEYS: SimKey[] = [
  { key: DEMO_KEY, name: 'demo', group: 'default', unlimited: true },
  {
    key: LIMITED_KEY,
    name: 'limited',
    group: 'default',
    quotaUsd: 5,
    modelLimits: ['deepseek-chat', 'claude-haiku-4-5'],
  },
  { key: VIP_KEY, name: 'vip', group: 'vip', quotaUsd: 20 },
  { key: BROKE_KEY, name: 'broke', group: 'default', quotaUsd: 0 },
  { key: DISABLED_KEY, name: 'disabled', group: 'default', status: 'disabled', unlimited: true },
  // Still usable, three days left: the warning case.
  { key: EXPIRING_KEY, name: 'expiring', group: 'default', quotaUsd: 3.5, usedUsd: 6.5, expiresAt: now() + 3 * DAY },
  // The relay refuses both (401), the usage route still answers for them.
  { key: EXPIRED_KEY, name: 'expired', group: 'default', quotaUsd: 5, usedUsd: 1, expiresAt: now() - 2 * DAY },
  { key: EXHAUSTED_KEY, name: 'exhausted', group: 'default', status: 'exhausted', quotaUsd: 0, usedUsd: 10 },
];

/** Fresh copies, so a test that edits its simulator's world cannot leak into the next one. */
export function defaultModels(): SimModel[] {
  return DEFAULT_MODELS.map((m) => ({
    ...m,
    ...(m.groups ? { groups: [...m.groups] } : {}),
    ...(m.listedFor ? { listedFor: [...m.listedFor] } : {}),
  }));
}

export function defaultKeys(): SimKey[] {
  return DEFAULT_KEYS.map((k) => ({ ...k, ...(k.modelLimits ? { modelLimits: [...k.modelLimits] } : {}) }));
}
