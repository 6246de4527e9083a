// Optional enrichment: marketplace prices and the key's own quota. Admins can disable either
// (403, 401, an HTML login page, `{success:false}` with 200), so these calls never fail: any
// problem just means "no enrichment".
import type { ClassifiedModel, KeyInfo, ModelPricing } from '../core/types.js';
import type { ClientOptions } from './types.js';
import { authHeaders, endpoint } from './endpoint.js';
import { isHtml, isObject } from './diagnosis.js';
import { send } from './http.js';
import { fetchKeyUsage, type KeyUsage } from './key-usage.js';

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** Prices as people read them: float noise of ratio arithmetic removed. */
function money(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

/** GET and parse JSON; undefined for anything but a 2xx JSON object. */
async function getJson(opts: ClientOptions, path: string, key: string): Promise<Record<string, unknown> | undefined> {
  try {
    const res = await send({ method: 'GET', url: endpoint(opts.root, path), headers: authHeaders(key), context: { key: opts.key } }, opts);
    if (res.status < 200 || res.status >= 300) {
      res.discard();
      return undefined;
    }
    const body = await res.text();
    if (isHtml(res.contentType, body)) return undefined;
    const payload: unknown = JSON.parse(body);
    if (!isObject(payload) || payload.success === false) return undefined;
    return payload;
  } catch {
    return undefined;
  }
}

/** `GET /api/pricing` (no key). Per-token prices in USD per 1M tokens, per-call prices in USD. */
export async function fetchPricing(opts: ClientOptions): Promise<Map<string, ModelPricing> | undefined> {
  return (await fetchMarket(opts))?.prices;
}

/**
 * The marketplace: each model's prices at the ratio of `opts.group` (new-api charges the model's
 * price × the group's ratio; the base price when the group is not known or has no ratio), and the
 * ratio of every group (`group_ratio`).
 */
export interface Market {
  prices: Map<string, ModelPricing>;
  groupRatios: Record<string, number>;
  /** The ratio the prices are at: `opts.group`'s, when the gateway has one for it. */
  ratio?: number;
  /** What it sells to whom (the same answer read for groups and marks). */
  sold: Map<string, SoldModel>;
}

export async function fetchMarket(opts: ClientOptions): Promise<Market | undefined> {
  const payload = await getJson(opts, '/api/pricing', '');
  if (!payload || !Array.isArray(payload.data)) return undefined;
  const vendors = new Map<number, string>();
  if (Array.isArray(payload.vendors)) {
    for (const v of payload.vendors) if (isObject(v) && typeof v.id === 'number' && typeof v.name === 'string') vendors.set(v.id, v.name);
  }
  const ratios = isObject(payload.group_ratio) ? payload.group_ratio : {};
  const groupRatios: Record<string, number> = {};
  for (const [g, r] of Object.entries(ratios)) if (num(r) !== undefined) groupRatios[g] = num(r)!;
  // The key's group is not told by the gateway; without it the base price (ratio 1) is shown.
  const known = opts.group !== undefined && Object.hasOwn(groupRatios, opts.group) ? groupRatios[opts.group] : undefined;
  const groupRatio = known ?? 1;

  const out = new Map<string, ModelPricing>();
  for (const item of payload.data) {
    if (!isObject(item) || typeof item.model_name !== 'string') continue;
    const p: ModelPricing = {};
    if (typeof item.description === 'string' && item.description.trim()) p.description = item.description.trim();
    if (typeof item.tags === 'string') {
      const tags = item.tags
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean);
      if (tags.length > 0) p.tags = tags;
    }
    const vendor = num(item.vendor_id) !== undefined ? vendors.get(item.vendor_id as number) : undefined;
    if (vendor) p.vendor = vendor;
    if (Array.isArray(item.enable_groups)) p.groups = item.enable_groups.filter((g): g is string => typeof g === 'string');
    // v0.13: a model billed by an expression has no per-token price to show, whatever its ratio says.
    if (item.billing_mode === 'tiered_expr') p.billedByExpression = true;
    else if (item.quota_type === 1) {
      const price = num(item.model_price);
      if (price !== undefined) p.perCall = money(price * groupRatio);
    } else {
      const ratio = num(item.model_ratio);
      if (ratio !== undefined) {
        const input = ratio * 2 * groupRatio;
        p.inputPerMTok = money(input);
        p.outputPerMTok = money(input * (num(item.completion_ratio) ?? 1));
        const cache = num(item.cache_ratio);
        if (cache !== undefined) p.cachedInputPerMTok = money(input * cache);
      }
    }
    out.set(item.model_name, p);
  }
  return { prices: out, groupRatios, ...(known !== undefined && { ratio: known }), sold: soldOf(payload.data) };
}

/** The prices at `ratio` times those given (all of a model's prices scale with its group's ratio). */
export function repriced(prices: ReadonlyMap<string, ModelPricing>, ratio: number): ReadonlyMap<string, ModelPricing> {
  // The usual group's ratio: the prices as they are (thousands of them on some gateways), not copies.
  if (ratio === 1) return prices;
  const scale = (x: number | undefined): number | undefined => (x === undefined ? undefined : money(x * ratio));
  return new Map(
    [...prices].map(([id, p]) => {
      const q: ModelPricing = { ...p };
      for (const k of ['inputPerMTok', 'outputPerMTok', 'perCall', 'cachedInputPerMTok'] as const) {
        const v = scale(p[k]);
        if (v !== undefined) q[k] = v;
      }
      return [id, q];
    }),
  );
}

/**
 * The groups a key may be in, from what it lists: every group that sells all its listed models the
 * marketplace shows (the gateway does not tell a key's group). Undefined when it lists none of them.
 */
export function keyGroups(sold: ReadonlyMap<string, SoldModel>, listed: Iterable<string>): Set<string> | undefined {
  let groups: Set<string> | undefined;
  for (const id of listed) {
    const p = sold.get(id);
    if (!p) continue;
    // Narrowed in place: a key lists thousands of models on some gateways.
    if (groups === undefined) groups = new Set(p.groups);
    else for (const g of groups) if (!p.groups.includes(g)) groups.delete(g);
  }
  return groups;
}

/**
 * The key's group and its price ratio, told by its model list: the one group that sells all it
 * lists (or, of several, the one that sells exactly that). When every possible group has the same
 * ratio, the ratio is known without the group. Undefined when the list does not tell.
 */
export function inferPriceGroup(
  market: Pick<Market, 'sold' | 'groupRatios'>,
  listed: readonly string[],
  /** `keyGroups(market.sold, listed)`, when the caller has it already (undefined: found here). */
  groups = keyGroups(market.sold, listed),
): { group?: string; ratio: number } | undefined {
  const possible = [...(groups ?? [])].filter((g) => Object.hasOwn(market.groupRatios, g));
  if (possible.length === 0) return undefined;
  const ratios = new Set(possible.map((g) => market.groupRatios[g]!));
  if (possible.length === 1) return { group: possible[0]!, ratio: market.groupRatios[possible[0]!]! };
  if (ratios.size === 1) return { ratio: [...ratios][0]! };
  const mine = new Set(listed);
  const exact = possible.filter((g) => {
    const sells = [...market.sold].filter(([, p]) => p.groups.includes(g) && !p.unpriced).map(([id]) => id);
    return sells.length === mine.size && sells.every((id) => mine.has(id));
  });
  return exact.length === 1 ? { group: exact[0]!, ratio: market.groupRatios[exact[0]!]! } : undefined;
}

/** What the marketplace sells, per model: the groups it is sold to and its endpoint marks. */
export interface SoldModel {
  groups: string[];
  /** `supported_endpoint_types`, the same marks `/v1/models` carries; undefined when not sent. */
  marks?: string[];
  /**
   * No price set: new-api's marketplace shows such a model at its fallback ratio (37.5, per token)
   * and hides it from every key's list (model/pricing.go, setting/ratio_setting, v0.10.2).
   */
  unpriced?: true;
}

/** The ratio new-api falls back to for a model nobody priced. */
const UNPRICED_RATIO = 37.5;

/**
 * `GET /api/pricing` (no key) read for what it sells to whom: every model's `enable_groups` and
 * `supported_endpoint_types`. Undefined when the marketplace is closed (403, 401, a login page).
 */
export async function fetchSold(opts: ClientOptions): Promise<Map<string, SoldModel> | undefined> {
  const payload = await getJson(opts, '/api/pricing', '');
  if (!payload || !Array.isArray(payload.data)) return undefined;
  return soldOf(payload.data);
}

function soldOf(data: readonly unknown[]): Map<string, SoldModel> {
  const out = new Map<string, SoldModel>();
  for (const item of data) {
    if (!isObject(item) || typeof item.model_name !== 'string') continue;
    const groups = Array.isArray(item.enable_groups) ? item.enable_groups.filter((g): g is string => typeof g === 'string') : [];
    const marks = Array.isArray(item.supported_endpoint_types)
      ? item.supported_endpoint_types.filter((g): g is string => typeof g === 'string')
      : undefined;
    const unpriced = item.quota_type !== 1 && num(item.model_ratio) === UNPRICED_RATIO;
    out.set(item.model_name, { groups, ...(marks ? { marks } : {}), ...(unpriced && { unpriced: true as const }) });
  }
  return out;
}

/** `GET /api/usage/token/` with the key: the facts the model list shows. */
export async function fetchKeyInfo(opts: ClientOptions): Promise<KeyInfo | undefined> {
  const usage = await fetchKeyUsage(opts);
  return usage && keyInfoOf(usage);
}

/** The model list's view of a key's usage. */
export function keyInfoOf(usage: KeyUsage): KeyInfo {
  const info: KeyInfo = { unlimited: usage.unlimited };
  if (usage.name !== undefined) info.name = usage.name;
  if (usage.availableUsd !== undefined) info.remainingUsd = usage.availableUsd;
  if (usage.expiresAt > 0) info.expiresAt = new Date(usage.expiresAt * 1000).toISOString();
  if (usage.modelLimits !== undefined) info.modelLimits = usage.modelLimits;
  return info;
}

/** The models with their marketplace entry attached, when there is one. */
export function attachPricing(
  models: readonly ClassifiedModel[],
  pricing: ReadonlyMap<string, ModelPricing> | undefined,
): ClassifiedModel[] {
  if (!pricing) return [...models];
  return models.map((m) => {
    const p = pricing.get(m.id);
    return p ? { ...m, pricing: p } : m;
  });
}
