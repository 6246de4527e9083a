// The two console routes a key holder may read: the marketplace (/api/pricing) and the key's own
// usage (/api/usage/token/). Both answer in quota units and console shapes, not the relay's.
import type { IncomingHttpHeaders } from 'node:http';
import { extractKey, findKey, isUnlimited } from './auth.js';
import { GROUP_LABELS } from './catalog.js';
import { enabledGroups, marksOf } from './channels.js';
import { consoleError } from './errors.js';
import { keyRefusal, type SimWorld } from './relay.js';
import { TEXTS } from './releases.js';
import { json, type Reply } from './reply.js';
import type { SimKey, SimModel, SimulatorOptions } from './types.js';

/** 500000 quota units = 1 USD (new-api's QuotaPerUnit). */
export const QUOTA_PER_USD = 500_000;

const VENDORS = [
  { id: 1, name: 'Anthropic', prefixes: ['claude'] },
  { id: 2, name: 'OpenAI', prefixes: ['gpt', 'text-embedding', 'dall-e', 'o1', 'o3', 'o4'] },
  { id: 3, name: 'DeepSeek', prefixes: ['deepseek'] },
  { id: 4, name: 'xAI', prefixes: ['grok'] },
  { id: 5, name: 'Google', prefixes: ['gemini', 'imagen'] },
  { id: 6, name: 'Moonshot', prefixes: ['kimi', 'moonshot'] },
  { id: 7, name: 'Zhipu', prefixes: ['glm'] },
];

/** The marketplace's endpoint table for the marks new-api knows. */
const SUPPORTED_ENDPOINT: Record<string, { path: string; method: string }> = {
  openai: { path: '/v1/chat/completions', method: 'POST' },
  'openai-response': { path: '/v1/responses', method: 'POST' },
  'openai-response-compact': { path: '/v1/responses/compact', method: 'POST' },
  anthropic: { path: '/v1/messages', method: 'POST' },
  gemini: { path: '/v1beta/models/{model}:generateContent', method: 'POST' },
  'jina-rerank': { path: '/v1/rerank', method: 'POST' },
  'image-generation': { path: '/v1/images/generations', method: 'POST' },
  embeddings: { path: '/v1/embeddings', method: 'POST' },
  'openai-video': { path: '/v1/video/generations', method: 'POST' },
};

function vendorOf(modelId: string): (typeof VENDORS)[number] | undefined {
  return VENDORS.find((v) => v.prefixes.some((p) => modelId.startsWith(p)));
}

function pricingEntry(model: SimModel, world: SimWorld): Record<string, unknown> {
  const quotaType = model.quotaType ?? 0;
  const vendor = vendorOf(model.id);
  return {
    model_name: model.id,
    ...(model.description ? { description: model.description } : {}),
    ...(model.tags ? { tags: model.tags } : {}),
    ...(vendor ? { vendor_id: vendor.id } : {}),
    quota_type: quotaType,
    // Unpriced: new-api shows its fallback ratio (37.5) there, and lists the model for no key.
    model_ratio: model.priced === false ? 37.5 : quotaType === 0 ? (model.modelRatio ?? 0) : 0,
    model_price: quotaType === 1 ? (model.modelPrice ?? 0) : 0,
    completion_ratio: model.completionRatio ?? 1,
    enable_groups: enabledGroups(model),
    supported_endpoint_types: marksOf(model, world.traits),
    // v0.13: cache prices where set, and a model billed by an expression says so.
    ...(world.traits.pricingV13 && model.cacheRatio !== undefined && { cache_ratio: model.cacheRatio }),
    ...(world.traits.pricingV13 && model.billingExpr !== undefined && { billing_mode: 'tiered_expr', billing_expr: model.billingExpr }),
  };
}

export function pricingReply(options: SimulatorOptions & { models: SimModel[]; keys: SimKey[] }, world: SimWorld): Reply {
  if (options.pricing === 'forbidden') {
    return consoleError(403, 'The administrator has disabled the pricing page');
  }
  if (options.pricing === 'login') {
    return consoleError(401, 'Unauthorized: not logged in and no access token provided');
  }
  // Every model with a channel, priced or not (model/pricing.go); a model without one is not sold.
  // Asked without a login, the ratios are those of the groups users may choose; from v0.13 the
  // models too are only those sold to one of them.
  const usable = new Set(world.usableGroups);
  const models = options.models
    .filter((m) => m.channel !== 'none' || m.priced !== false)
    .filter((m) => !world.traits.pricingV13 || enabledGroups(m).some((g) => g === 'all' || usable.has(g)));
  const vendorIds = new Set(models.map((m) => vendorOf(m.id)?.id));
  const groups = world.usableGroups;
  const marks = [...new Set(models.flatMap((m) => marksOf(m, world.traits)))];
  return json(200, {
    success: true,
    data: models.map((m) => pricingEntry(m, world)),
    vendors: VENDORS.filter((v) => vendorIds.has(v.id)).map(({ id, name }) => ({ id, name })),
    group_ratio: Object.fromEntries(groups.flatMap((g) => (world.groupRatios[g] !== undefined ? [[g, world.groupRatios[g]]] : []))),
    usable_group: Object.fromEntries(groups.map((g) => [g, GROUP_LABELS[g] ?? g])),
    supported_endpoint: Object.fromEntries(marks.flatMap((m) => (SUPPORTED_ENDPOINT[m] ? [[m, SUPPORTED_ENDPOINT[m]]] : []))),
    auto_groups: [],
    ...(world.traits.pricingV13 && { pricing_version: 'a42d372ccf0b5dd13ecf71203521f9d2' }),
  });
}

function usageData(key: SimKey): Record<string, unknown> {
  const unlimited = isUnlimited(key);
  const available = unlimited ? 0 : Math.round((key.quotaUsd ?? 0) * QUOTA_PER_USD);
  const used = Math.round((key.usedUsd ?? 0) * QUOTA_PER_USD);
  const limits = key.modelLimits ?? [];
  // new-api: granted = remain + used, whatever the key's state.
  return {
    object: 'token_usage',
    name: key.name,
    total_granted: available + used,
    total_used: used,
    total_available: available,
    unlimited_quota: unlimited,
    model_limits: Object.fromEntries(limits.map((m) => [m, true])),
    model_limits_enabled: key.modelLimits !== undefined,
    expires_at: key.expiresAt ?? 0,
  };
}

/**
 * Bearer only. Up to v0.10 behind the relay's own token auth: an expired, used-up or disabled key
 * gets that auth's 401, a key of a group users may not use its 403. From v0.13 a read-only token
 * auth: every key the gateway knows gets its usage, whatever its state; an unknown one a 401.
 */
export function usageReply(keys: readonly SimKey[], headers: IncomingHttpHeaders, requestId: string, world: SimWorld): Reply {
  const auth = extractKey(headers, '/api/usage/token/', true);
  if (auth.scheme === 'none') return consoleError(401, 'No Authorization header');
  const key = findKey(keys, auth.key);
  if (world.traits.usageReadOnly) {
    if (!key) return consoleError(401, TEXTS[world.lang].invalidToken);
    return json(200, { code: true, message: 'ok', data: usageData(key) });
  }
  const refused = keyRefusal(key, world, requestId);
  if (refused || !key) return refused ?? consoleError(401, TEXTS.en.invalidToken);
  return json(200, { code: true, message: 'ok', data: usageData(key) });
}
