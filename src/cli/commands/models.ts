// `models`: the key's models grouped by protocol, which coding agent each suits and why not, with
// marketplace prices and key information when the gateway shares them.
import { givenOf } from '../given.js';
import { GATEWAY_OPTIONS, type OptionTable } from '../args.js';
import type { CommandHelp } from '../command-types.js';
import { BIN } from '../help.js';
import { EXIT, UsageError } from '../../core/errors.js';
import { maskKey } from '../../core/mask.js';
import type { ClassifiedModel, KeyInfo, ModelPricing, Protocol } from '../../core/types.js';
import { AGENT_IDS, AGENTS, isAgentId, SUPPORTED_AGENT_IDS, type AgentId } from '../../agents/registry.js';
import type { ModelFit } from '../../agents/types.js';
import { notForCoding } from '../../agents/fit.js';
import { commas, msg, type Translator } from '../../i18n/index.js';
import { flag, showArgument, str, type ParsedArgs } from '../args.js';
import type { CliContext } from '../context.js';
import { inferPriceGroup, keyGroups, repriced } from '../../gateway/enrich.js';
import { VERIFIED_NEW_API } from '../../gateway/version.js';
import { reasonWords, whyNotListed, type GroupAdvice } from '../../setup/group-advice.js';
import { resolveGateway } from '../../settings/gateway.js';
import { gatewayValues } from '../../settings/saved.js';
import { formatUsd, print, note, printJson, PROTOCOL_NAMES, versionText } from '../output.js';
import { table, tableRows, wrap } from '../../core/layout.js';
import { painter, type Paint } from '../../core/terminal.js';

export const options: OptionTable = {
  ...GATEWAY_OPTIONS,
  json: { type: 'boolean', description: msg('help.opt.json') },
  all: { type: 'boolean', description: msg('help.opt.all') },
  agent: { type: 'string', value: 'ID', description: msg('help.opt.agent_key') },
  group: { type: 'string', value: 'NAME', description: msg('help.opt.group') },
};

export const help: CommandHelp = {
  summary: msg('help.summary.models'),
  usage: `${BIN} models [--json] [--all] [--group NAME]`,
  details: [msg('help.detail.models.sources'), msg('help.detail.models.needs_probe'), msg('help.detail.models.json')],
  examples: [`export GATEWAY_BASE_URL=https://gw.example.com GATEWAY_API_KEY=sk-…`, `${BIN} models`],
};

const ORDER: readonly Protocol[] = ['messages', 'responses', 'chat', 'images'];

const SUPPORTED = SUPPORTED_AGENT_IDS.map((id) => AGENTS[id]);

/** Every served agent's verdict on the model (the agents' own rules, src/agents/). */
function agentFits(model: ClassifiedModel): Record<string, ModelFit> {
  return Object.fromEntries(SUPPORTED.map((agent) => [agent.id, agent.fit(model)]));
}

/** The group a model is listed under: images, else its first confirmed protocol, else its first probable one. */
function primaryProtocol(model: ClassifiedModel): Protocol | undefined {
  if (model.protocols.images === 'yes') return 'images';
  if (notForCoding(model) !== undefined) return undefined;
  return ORDER.find((p) => model.protocols[p] === 'yes') ?? ORDER.find((p) => model.protocols[p] === 'probe');
}

/** What the prices shown are: at a group's ratio, or the base price. */
interface PriceBasis {
  group?: string;
  ratio: number;
  /** No group given, or one without a ratio: the base price (ratio 1). */
  base: boolean;
  /** The group (or its ratio) was read from the key's own model list, not given. */
  inferred?: true;
  groupRatios: Readonly<Record<string, number>>;
}

function basisText(t: Translator, p: PriceBasis): string {
  if (p.inferred && p.group !== undefined) return t('models.prices_group_inferred', { group: p.group, ratio: String(p.ratio) });
  if (p.inferred) return t('models.prices_ratio_inferred', { ratio: String(p.ratio) });
  if (!p.base) return t('models.prices_group', { group: p.group ?? '', ratio: String(p.ratio) });
  const ratios = commas(Object.entries(p.groupRatios).map(([g, r]) => `${g} ${r}×`));
  if (p.group !== undefined) return t('models.prices_group_unknown', { group: p.group, ratios });
  return t('models.prices_base', { ratios });
}

/** Why a model sold elsewhere is not the key's: its exact words where another group is not the answer. */
function elsewhereText(t: Translator, e: { id: string; groups: string[]; why?: GroupAdvice['why'] }): string {
  const words = reasonWords({ model: e.id, groups: e.groups, why: e.why });
  if (words) return t(words);
  return e.groups.length > 0 ? t('models.elsewhere_groups', { groups: commas(e.groups) }) : t('models.elsewhere_no_group');
}

function priceText(t: Translator, p: ModelPricing | undefined): string {
  if (!p) return '';
  if (p.billedByExpression) return t('models.by_expression');
  if (p.perCall !== undefined) return t('models.per_call', { price: formatUsd(p.perCall) });
  if (p.inputPerMTok !== undefined) {
    const prices = { in: formatUsd(p.inputPerMTok), out: p.outputPerMTok !== undefined ? formatUsd(p.outputPerMTok) : '' };
    const text = t(p.outputPerMTok !== undefined ? 'models.price_in_out' : 'models.price_in', prices);
    return p.cachedInputPerMTok !== undefined ? `${text} ${t('models.price_cached', { cached: formatUsd(p.cachedInputPerMTok) })}` : text;
  }
  return '';
}

function keyLine(t: Translator, masked: string, info: KeyInfo | undefined): string {
  const parts = [masked];
  if (info?.name) parts.push(`"${info.name}"`);
  if (info) {
    parts.push(
      info.unlimited
        ? t('models.unlimited')
        : info.remainingUsd !== undefined
          ? t('models.left', { usd: formatUsd(info.remainingUsd) })
          : '',
    );
    parts.push(info.expiresAt ? t('models.expires', { date: info.expiresAt.slice(0, 10) }) : t('models.never_expires'));
  }
  return parts.filter(Boolean).join(' · ');
}

/** "Claude Code, OpenCode (messages); Qwen Code, Cline (chat)": agents grouped by the protocol they would use. */
function byProtocol(t: Translator, entries: readonly { name: string; protocol: Protocol }[]): string {
  const groups = new Map<Protocol, string[]>();
  for (const e of entries) groups.set(e.protocol, [...(groups.get(e.protocol) ?? []), e.name]);
  return [...groups].map(([p, names]) => t('models.agents_protocol', { agents: commas(names), protocol: PROTOCOL_NAMES[p] })).join('; ');
}

function agentLines(t: Translator, model: ClassifiedModel, paint: Paint): string[] {
  const suits: { name: string; protocol: Protocol }[] = [];
  const probes: { name: string; protocol: Protocol }[] = [];
  const not: string[] = [];
  const excluded = notForCoding(model) !== undefined;
  for (const agent of SUPPORTED) {
    const fit = agent.fit(model);
    if (!fit.ok)
      not.push(
        excluded
          ? agent.name
          : t('models.needs_protocols', { agent: agent.name, protocols: agent.protocols.map((p) => PROTOCOL_NAMES[p]).join('/') }),
      );
    else (fit.needsProbe ? probes : suits).push({ name: agent.name, protocol: fit.protocol });
  }
  const lines: string[] = [];
  if (suits.length > 0) lines.push(...wrap(`${paint('green', t('models.agents'))} ${byProtocol(t, suits)}`, 6));
  if (probes.length > 0) lines.push(...wrap(`${paint('yellow', t('models.needs_probe'))} ${byProtocol(t, probes)}`, 6));
  if (not.length > 0) lines.push(...wrap(`${paint('dim', t('models.not_for'))} ${not.join(', ')}`, 6));
  return lines;
}

function modelBlock(t: Translator, models: readonly ClassifiedModel[], paint: Paint, detail: 'agents' | 'reason'): string[] {
  const rows = models.map((m) => [m.id, m.marked ? (m.marks ?? []).join(', ') || '-' : t('models.unmarked'), priceText(t, m.pricing)]);
  // Marks and prices wrap; a model id is never cut (it is what the user copies into --model).
  const head = tableRows(rows, { indent: 2, wrap: [1, 2] });
  const lines: string[] = [];
  models.forEach((m, i) => {
    lines.push(...(head[i] ?? [m.id]).map((l) => paint('bold', l)));
    if (detail === 'agents') lines.push(...agentLines(t, m, paint));
    else {
      const why = notForCoding(m);
      lines.push(...wrap(why ? t(why) : '', 6));
    }
    if (m.pricing?.description) lines.push(...wrap(paint('dim', m.pricing.description), 6));
  });
  return lines;
}

export async function run(ctx: CliContext, args: ParsedArgs): Promise<number> {
  // `--agent ID`: that agent's own key (its `--api-key-env ID=VAR`, else its saved variable).
  const agent = str(args.values, 'agent');
  if (agent !== undefined && !isAgentId(agent))
    throw new UsageError(
      msg('keys.unknown_agent', { agent: JSON.stringify(showArgument(agent)) }),
      msg('setup.agents_hint', { agents: commas(AGENT_IDS) }),
    );
  // The saved gateway and key variables, as the other commands take them.
  const values = await gatewayValues(ctx, givenOf(args.values), agent);
  // An agent's key the way every command finds it: a flag, its saved variable, the key its config holds for this gateway.
  const agents = agent !== undefined ? [agent as AgentId] : undefined;
  const inConfigs = agents ? await (await import('../../settings/config-key.js')).keysForRun(ctx, values, agents) : undefined;
  const gw = resolveGateway(ctx, values, undefined, agents, inConfigs);
  const key = (agent !== undefined ? gw.agentKeys?.get(agent as AgentId)?.key : undefined) ?? gw.key;
  const client = await import('../../gateway/client.js');
  const group = str(args.values, 'group');
  const opts = { root: gw.root, key, timeoutMs: gw.timeoutMs, env: gw.env, ...(group !== undefined && { group }) };
  // The key's list decides; marketplace and key information are optional enrichments that never throw.
  const [list, market, keyInfo] = await Promise.all([client.listModels(opts), client.fetchMarket(opts), client.fetchKeyInfo(opts)]);
  // Prices are the model's price × the key's group's ratio. The gateway does not tell a key's
  // group; without --group the key's own list tells it when one group (or one ratio) fits it.
  const inferred =
    market && group === undefined
      ? inferPriceGroup(
          market,
          list.models.map((m) => m.id),
        )
      : undefined;
  const pricing = market && inferred ? repriced(market.prices, inferred.ratio) : market?.prices;
  const priced: PriceBasis | undefined = market && {
    ...(group !== undefined && { group }),
    ...(inferred?.group !== undefined && { group: inferred.group }),
    ratio: inferred?.ratio ?? market.ratio ?? 1,
    base: !inferred && market.ratio === undefined,
    ...(inferred && { inferred: true as const }),
    groupRatios: market.groupRatios,
  };
  const models = list.models.map((m) => {
    const p = m.pricing ?? pricing?.get(m.id);
    return p ? { ...m, pricing: p } : m;
  });
  for (const warning of list.warnings) note(ctx, ctx.t('cli.warning_line', { text: warning }));
  const masked = maskKey(key);
  // What the gateway sells that this key does not list, with the groups it is sold to: what to ask for.
  const all = flag(args.values, 'all');
  const listed = new Set(list.models.map((m) => m.id));
  const own = market && keyGroups(market.sold, listed);
  const elsewhere =
    all && pricing
      ? [...pricing.entries()]
          .filter(([id]) => !listed.has(id))
          .map(([id, p]) => {
            const sold = market?.sold.get(id);
            const why = sold && whyNotListed(id, sold, keyInfo, own);
            return { id, groups: p.groups ?? [], ...(why && { why }) };
          })
          .sort((a, b) => (a.id < b.id ? -1 : 1))
      : undefined;

  if (ctx.json) {
    printJson(ctx, {
      ok: true,
      baseUrl: gw.root,
      key: {
        masked,
        ...(keyInfo?.name !== undefined ? { name: keyInfo.name } : {}),
        ...(keyInfo?.remainingUsd !== undefined ? { remainingUsd: keyInfo.remainingUsd } : {}),
        ...(keyInfo ? { unlimited: keyInfo.unlimited } : {}),
        ...(keyInfo?.expiresAt !== undefined ? { expiresAt: keyInfo.expiresAt } : {}),
      },
      marked: list.marked,
      ...(list.requestId ? { requestId: list.requestId } : {}),
      ...(list.gatewayVersion !== undefined && { gatewayVersion: list.gatewayVersion }),
      verifiedVersions: [...VERIFIED_NEW_API],
      models: models.map((m) => ({
        id: m.id,
        marks: m.marks ?? [],
        marked: m.marked,
        protocols: m.protocols,
        ...(m.notForAgents ? { notForAgents: m.notForAgents } : {}),
        agents: agentFits(m),
        ...(m.pricing ? { pricing: m.pricing } : {}),
      })),
      ...(elsewhere ? { elsewhere } : {}),
      ...(priced
        ? {
            prices: {
              ...(priced.group !== undefined && { group: priced.group }),
              ratio: priced.ratio,
              base: priced.base,
              ...(priced.inferred && { inferred: true }),
            },
          }
        : {}),
    });
    return EXIT.ok;
  }

  const paint = painter(ctx);
  const t = ctx.t;
  const forAgents = models.filter((m) => primaryProtocol(m) !== undefined);
  const others = models.filter((m) => primaryProtocol(m) === undefined);
  const usable = models.filter((m) => Object.values(agentFits(m)).some((f) => f.ok)).length;
  const lines: string[] = [
    ...table([
      [t('models.row.gateway'), gw.root],
      [t('models.row.version'), versionText(t, list.gatewayVersion)],
      [t('models.row.key'), keyLine(t, masked, keyInfo)],
      [t('models.row.models'), t('models.count', { count: models.length, usable })],
    ]),
  ];
  if (!pricing) lines.push(...wrap(t('models.no_prices')).map((l) => paint('dim', l)));
  else if (priced) lines.push(...wrap(basisText(t, priced)).map((l) => paint('dim', l)));

  if (models.length === 0 && keyInfo?.modelLimits?.length === 0) {
    // An empty list carries no marks: the reason is the key's limits, not the gateway's marks.
    lines.push('', ...wrap(t('advice.limits_empty')).map((l) => paint('yellow', l)));
  } else if (!list.marked) {
    lines.push('', ...wrap(t('models.unmarked_gateway')).map((l) => paint('yellow', l)), '');
    for (const line of modelBlock(t, models, paint, 'agents')) lines.push(line);
  } else {
    for (const protocol of ORDER) {
      const group = forAgents.filter((m) => primaryProtocol(m) === protocol);
      if (group.length === 0) continue;
      lines.push('', paint('cyan', t(`models.group.${protocol}`)));
      // One line at a time: a spread of 50,000 models' lines overflows the call stack.
      for (const line of modelBlock(t, group, paint, protocol === 'images' ? 'reason' : 'agents')) lines.push(line);
    }
    if (others.length > 0) {
      lines.push('', paint('cyan', t('models.not_for_agents')));
      if (flag(args.values, 'all')) for (const line of modelBlock(t, others, paint, 'reason')) lines.push(line);
      else lines.push(...wrap(t('models.all_for_why', { ids: commas(others.map((m) => m.id)) }), 2));
    }
  }
  if (elsewhere && elsewhere.length > 0) {
    lines.push('', paint('cyan', t('models.elsewhere')));
    for (const e of elsewhere) {
      lines.push(paint('bold', `  ${e.id}`), ...wrap(elsewhereText(t, e), 6));
    }
    lines.push(...wrap(t('models.elsewhere_hint')).map((l) => paint('dim', l)));
  }
  lines.push('', ...wrap(t('models.needs_probe_footer')).map((l) => paint('dim', l)));
  print(ctx, lines);
  return EXIT.ok;
}
