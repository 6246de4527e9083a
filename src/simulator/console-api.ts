// The two console routes a key holder may read: the marketplace (/api/pricing) and the key's own
// usage (/api/usage/token/). Both answer in quota units and console shapes, not the relay's.
import type { IncomingHttpHeaders } from 'node:http';
import { extractKey, findKey, isUnlimited } from './auth.js';
import { GROUP_LABELS, GROUP_RATIOS } from './catalog.js';
import { enabledGroups, marksOf } from './channels.js';
import { consoleError, invalidToken } from './errors.js';
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

function pricingEntry(model: SimModel): Record<string, unknown> {
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
    supported_endpoint_types: marksOf(model),
  };
}

export function pricingReply(options: SimulatorOptions & { models: SimModel[]; keys: SimKey[] }): Reply {
  if (options.pricing === 'forbidden') {
    return consoleError(403, 'The administrator has disabled the pricing page');
  }
  if (options.pricing === 'login') {
    return consoleError(401, 'Unauthorized: not logged in and no access token provided');
  }
  // Every model with a channel, priced or not (v0.10.2, model/pricing.go); a model without one is not sold.
  const models = options.models.filter((m) => m.channel !== 'none' || m.priced !== false);
  const vendorIds = new Set(models.map((m) => vendorOf(m.id)?.id));
  const groups = [...new Set([...Object.keys(GROUP_RATIOS), ...options.keys.map((k) => k.group)])];
  const marks = [...new Set(models.flatMap(marksOf))];
  return json(200, {
    success: true,
    data: models.map(pricingEntry),
    vendors: VENDORS.filter((v) => vendorIds.has(v.id)).map(({ id, name }) => ({ id, name })),
    group_ratio: Object.fromEntries(groups.map((g) => [g, GROUP_RATIOS[g] ?? 1])),
    usable_group: Object.fromEntries(groups.map((g) => [g, GROUP_LABELS[g] ?? g])),
    supported_endpoint: Object.fromEntries(marks.flatMap((m) => (SUPPORTED_ENDPOINT[m] ? [[m, SUPPORTED_ENDPOINT[m]]] : []))),
    auto_groups: [],
    pricing_version: 'sim-1',
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
 * Bearer only, behind the relay's own token auth (new-api v0.10.2): an expired, used-up or disabled
 * key gets that auth's 401, a key of a group users may not use its 403. (Later new-api releases
 * answer for such keys too; the client reads either.)
 */
export function usageReply(
  keys: readonly SimKey[],
  headers: IncomingHttpHeaders,
  requestId: string,
  refusal: (key: SimKey | undefined) => Reply | undefined,
): Reply {
  const auth = extractKey(headers, '/api/usage/token/', true);
  if (auth.scheme === 'none') return consoleError(401, 'No Authorization header');
  const key = findKey(keys, auth.key);
  const refused = refusal(key);
  if (refused || !key) return refused ?? invalidToken(requestId);
  return json(200, { code: true, message: 'ok', data: usageData(key) });
}
