// `models` as a library call: the key's models with their protocol marks, which agent each suits,
// the marketplace's prices at the key's group, and what the gateway sells that this key does not list.
import { isAgentId, type AgentId } from '../agents/ids.js';
import type { Agent, ModelFit } from '../agents/types.js';
import { UsageError } from '../core/errors.js';
import { maskKey } from '../core/mask.js';
import { showArgument } from '../core/values.js';
import type { ClassifiedModel, KeyInfo } from '../core/types.js';
import { inferPriceGroup, keyGroups, repriced } from '../gateway/enrich.js';
import { VERIFIED_NEW_API } from '../gateway/version.js';
import type { ClientOptions } from '../gateway/types.js';
import { msg, type Message } from '../i18n/index.js';
import { agentsHint, resolveGateway, toWaitingKey } from '../settings/gateway.js';
import type { Given } from '../settings/given.js';
import { gatewayValues } from '../settings/saved.js';
import { whyNotListed, type GroupAdvice } from '../setup/group-advice.js';
import { hosted, session, type Host } from './host.js';

export type ModelsInput = Pick<Given, 'baseUrl' | 'apiKey' | 'keyEnv' | 'agentKeyEnvs' | 'timeoutSeconds'> & {
  /** List with this agent's own key (its own variable, else the key its config holds for this gateway). */
  agent?: AgentId;
  /** Price at this group's ratio. */
  group?: string;
  /** Also what the gateway sells that this key does not list, and why not. */
  all?: boolean;
};

/** What the prices are: at a group's ratio, or the base price. */
export interface PriceBasis {
  group?: string;
  ratio: number;
  /** No group given, or one without a ratio: the base price (ratio 1). */
  base: boolean;
  /** The group (or its ratio) was read from the key's own model list, not given. */
  inferred?: true;
  groupRatios: Readonly<Record<string, number>>;
}

export interface ModelsReport {
  root: string;
  /** The key, masked. */
  key: string;
  keyInfo?: KeyInfo;
  /** The gateway marks its models' protocols. */
  marked: boolean;
  requestId?: string;
  gatewayVersion?: string;
  verifiedVersions: readonly string[];
  /** The key's models, priced where the marketplace says. */
  models: ClassifiedModel[];
  /** Every served agent's verdict on each model, by model id then agent id. */
  fits: Record<string, Record<string, ModelFit>>;
  /** Sold by the gateway, not listed for this key (`all`): the groups it is sold to, and why not. */
  elsewhere?: { id: string; groups: string[]; why?: GroupAdvice['why'] }[];
  /** Without it the marketplace shared no prices. */
  prices?: PriceBasis;
  /** What was wrong with the gateway's list (models dropped, and why). */
  warnings: Message[];
}

async function modelsCall(input: ModelsInput, host: Host): Promise<{ report: ModelsReport; notes: Message[] }> {
  const { ctx, notes } = session(host);
  const agent = input.agent;
  if (agent !== undefined && !isAgentId(agent))
    throw new UsageError(msg('setup.unknown_agent_flag', { arg: showArgument(agent) }), agentsHint(agent));
  // The saved gateway and key variables, as the other commands take them.
  const values = await gatewayValues(ctx, input, agent);
  // An agent's key the way every command finds it: given, its saved variable, the key its config holds for this gateway.
  const agents = agent !== undefined ? [agent] : undefined;
  const inConfigs = agents ? await (await import('../settings/config-key.js')).keysForRun(ctx, values, agents) : undefined;
  const gw = resolveGateway(ctx, values, undefined, agents, inConfigs);
  const key = (agent !== undefined ? gw.agentKeys?.get(agent)?.key : undefined) ?? gw.key;
  const group = input.group;
  const opts = { root: gw.root, key, timeoutMs: gw.timeoutMs, env: gw.env, ...(group !== undefined && { group }) };
  const { list, market, keyInfo, served } = await ask(opts).catch((e: unknown) => {
    throw toWaitingKey(gw, e);
  });
  // Prices are the model's price × the key's group's ratio. The gateway does not tell a key's
  // group; without one given the key's own list tells it when one group (or one ratio) fits it.
  const ids = list.models.map((m) => m.id);
  // The groups that sell everything the key lists (its own group is one of them).
  const own = market && keyGroups(market.sold, ids);
  // No such group (own undefined): nothing to infer, and handing undefined on would find them again.
  const inferred = market && own && group === undefined ? inferPriceGroup(market, ids, own) : undefined;
  const pricing = market && inferred ? repriced(market.prices, inferred.ratio) : market?.prices;
  const prices: PriceBasis | undefined = market && {
    ...(group !== undefined && { group }),
    ...(inferred?.group !== undefined && { group: inferred.group }),
    ratio: inferred?.ratio ?? market.ratio ?? 1,
    base: !inferred && market.ratio === undefined,
    ...(inferred && { inferred: true as const }),
    groupRatios: market.groupRatios,
  };
  const priced = list.models.map((m) => {
    const p = m.pricing ?? pricing?.get(m.id);
    return p ? { ...m, pricing: p } : m;
  });
  // What the gateway sells that this key does not list, with the groups it is sold to: what to ask for.
  const listed = new Set(ids);
  const elsewhere =
    input.all === true && pricing
      ? [...pricing.entries()]
          .filter(([id]) => !listed.has(id))
          .map(([id, p]) => {
            const sold = market?.sold.get(id);
            const why = sold && whyNotListed(id, sold, keyInfo, own);
            return { id, groups: p.groups ?? [], ...(why && { why }) };
          })
          .sort((a, b) => (a.id < b.id ? -1 : 1))
      : undefined;
  const report: ModelsReport = {
    root: gw.root,
    key: maskKey(key),
    ...(keyInfo && { keyInfo }),
    marked: list.marked,
    ...(list.requestId && { requestId: list.requestId }),
    ...(list.gatewayVersion !== undefined && { gatewayVersion: list.gatewayVersion }),
    verifiedVersions: [...VERIFIED_NEW_API],
    models: priced,
    fits: fitsOf(priced, served),
    ...(elsewhere && { elsewhere }),
    ...(prices && { prices }),
    warnings: [...list.warnings],
  };
  return { report, notes };
}

/**
 * The key's list, then the optional enrichments that never throw (the marketplace, the key's
 * details) and the agents that judge the models: those on the event loop's next turn, while the
 * gateway answers. A gateway that refuses the list's connection is heard of first (a refusal is
 * there at the loop's first look): then nothing more is sent or loaded.
 */
async function ask(opts: ClientOptions) {
  const client = await import('../gateway/client.js');
  let failed = false;
  const asked = client.listModels(opts).catch((err: unknown) => {
    failed = true;
    throw err;
  });
  const rest = (async () => {
    await new Promise((next) => setImmediate(next));
    // The list failed already (a refused connection, say): its own error, nothing more sent.
    if (failed) await asked;
    return Promise.all([client.fetchMarket(opts), client.fetchKeyInfo(opts), import('../agents/registry.js')]);
  })();
  const [list, [market, keyInfo, { AGENTS, SUPPORTED_AGENT_IDS }]] = await Promise.all([asked, rest]);
  return { list, market, keyInfo, served: SUPPORTED_AGENT_IDS.map((id) => AGENTS[id]) };
}

/** The key's models and what they suit; throws a GatewayError (the cause, the fix) when the list cannot be read. */
export const models = hosted(1, modelsCall);

/**
 * Each model's fit for each agent. A gateway with thousands of models makes tens of thousands of
 * fits: each model's are set in a loop (the agents' ids are ours), not made from a pair per fit; the
 * models' ids are the gateway's and go through Object.fromEntries, where `__proto__` is just a key.
 */
function fitsOf(models: readonly ClassifiedModel[], agents: readonly Agent<AgentId>[]): Record<string, Record<string, ModelFit>> {
  return Object.fromEntries(
    models.map((model) => {
      const own: Record<string, ModelFit> = {};
      for (const agent of agents) own[agent.id] = agent.fit(model);
      return [model.id, own];
    }),
  );
}
