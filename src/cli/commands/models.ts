// `models`: the key's models grouped by protocol, which coding agent each suits and why not, with
// marketplace prices and key information when the gateway shares them.
import { givenOf } from '../given.js';
import { GATEWAY_OPTIONS, type OptionTable } from '../args.js';
import type { CommandHelp } from '../command-types.js';
import { BIN } from '../help.js';
import { EXIT } from '../../core/errors.js';
import type { ClassifiedModel, KeyInfo, ModelPricing, Protocol } from '../../core/types.js';
import type { AgentId } from '../../agents/ids.js';
import type { Agent } from '../../agents/types.js';
import { notForCoding } from '../../agents/fit.js';
import { commas, msg, type Translator } from '../../i18n/index.js';
import { flag, str, type ParsedArgs } from '../args.js';
import { hostOf, type CliContext } from '../context.js';
import type { ModelsReport, PriceBasis } from '../../library/models.js';
import { reasonWords, type GroupAdvice } from '../../setup/group-advice.js';
import { formatUsd, note, print, printJson, PROTOCOL_NAMES, versionText } from '../output.js';
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

/** The group a model is listed under: images, else its first confirmed protocol, else its first probable one. */
function primaryProtocol(model: ClassifiedModel): Protocol | undefined {
  if (model.protocols.images === 'yes') return 'images';
  if (notForCoding(model) !== undefined) return undefined;
  return ORDER.find((p) => model.protocols[p] === 'yes') ?? ORDER.find((p) => model.protocols[p] === 'probe');
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

/** The agents the call judged the models by, and its verdicts (by model id, then agent id). */
interface Judged {
  agents: readonly Agent[];
  fits: ModelsReport['fits'];
}

function agentLines(t: Translator, model: ClassifiedModel, paint: Paint, judged: Judged): string[] {
  const suits: { name: string; protocol: Protocol }[] = [];
  const probes: { name: string; protocol: Protocol }[] = [];
  const not: string[] = [];
  const excluded = notForCoding(model) !== undefined;
  const fits = judged.fits[model.id] ?? {};
  for (const agent of judged.agents) {
    const fit = fits[agent.id];
    if (fit === undefined) continue;
    if (!fit.ok)
      not.push(
        excluded
          ? agent.name
          : // Marked for a protocol the agent speaks, and still not for it: the agent's own reason.
            agent.protocols.some((p) => model.protocols[p] === 'yes')
            ? t('models.agent_reason', { agent: agent.name, reason: fit.reason })
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

function modelBlock(
  t: Translator,
  models: readonly ClassifiedModel[],
  paint: Paint,
  detail: 'agents' | 'reason',
  judged: Judged,
): string[] {
  const rows = models.map((m) => [m.id, m.marked ? (m.marks ?? []).join(', ') || '-' : t('models.unmarked'), priceText(t, m.pricing)]);
  // Marks and prices wrap; a model id is never cut (it is what the user copies into --model).
  const head = tableRows(rows, { indent: 2, wrap: [1, 2] });
  const lines: string[] = [];
  models.forEach((m, i) => {
    lines.push(...(head[i] ?? [m.id]).map((l) => paint('bold', l)));
    if (detail === 'agents') lines.push(...agentLines(t, m, paint, judged));
    else {
      const why = notForCoding(m);
      lines.push(...wrap(why ? t(why) : '', 6));
    }
    if (m.pricing?.description) lines.push(...wrap(paint('dim', m.pricing.description), 6));
  });
  return lines;
}

/** The `--json` document: the report's data, the key masked, each model with every agent's verdict. */
function jsonDoc(report: ModelsReport): Record<string, unknown> {
  const { models, keyInfo, elsewhere, prices: priced } = report;
  return {
    ok: true,
    baseUrl: report.root,
    key: {
      masked: report.key,
      ...(keyInfo?.name !== undefined ? { name: keyInfo.name } : {}),
      ...(keyInfo?.remainingUsd !== undefined ? { remainingUsd: keyInfo.remainingUsd } : {}),
      ...(keyInfo ? { unlimited: keyInfo.unlimited } : {}),
      ...(keyInfo?.expiresAt !== undefined ? { expiresAt: keyInfo.expiresAt } : {}),
    },
    marked: report.marked,
    ...(report.requestId ? { requestId: report.requestId } : {}),
    ...(report.gatewayVersion !== undefined && { gatewayVersion: report.gatewayVersion }),
    verifiedVersions: report.verifiedVersions,
    models: models.map((m) => ({
      id: m.id,
      marks: m.marks ?? [],
      marked: m.marked,
      protocols: m.protocols,
      ...(m.notForAgents ? { notForAgents: m.notForAgents } : {}),
      agents: report.fits[m.id] ?? {},
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
  };
}

/** The models by protocol (the one each is listed under), then those for no coding agent. */
function groupLines(t: Translator, report: ModelsReport, paint: Paint, all: boolean, agents: readonly Agent[]): string[] {
  const judged: Judged = { agents, fits: report.fits };
  const { models, keyInfo } = report;
  const lines: string[] = [];
  if (models.length === 0 && keyInfo?.modelLimits?.length === 0) {
    // An empty list carries no marks: the reason is the key's limits, not the gateway's marks.
    lines.push('', ...wrap(t('advice.limits_empty')).map((l) => paint('yellow', l)));
    return lines;
  }
  if (!report.marked) {
    lines.push('', ...wrap(t('models.unmarked_gateway')).map((l) => paint('yellow', l)), '');
    for (const line of modelBlock(t, models, paint, 'agents', judged)) lines.push(line);
    return lines;
  }
  for (const protocol of ORDER) {
    const group = models.filter((m) => primaryProtocol(m) === protocol);
    if (group.length === 0) continue;
    lines.push('', paint('cyan', t(`models.group.${protocol}`)));
    // One line at a time: a spread of 50,000 models' lines overflows the call stack.
    for (const line of modelBlock(t, group, paint, protocol === 'images' ? 'reason' : 'agents', judged)) lines.push(line);
  }
  const others = models.filter((m) => primaryProtocol(m) === undefined);
  if (others.length > 0) {
    lines.push('', paint('cyan', t('models.not_for_agents')));
    if (all) for (const line of modelBlock(t, others, paint, 'reason', judged)) lines.push(line);
    else lines.push(...wrap(t('models.all_for_why', { ids: commas(others.map((m) => m.id)) }), 2));
  }
  return lines;
}

export async function run(ctx: CliContext, args: ParsedArgs): Promise<number> {
  const agent = str(args.values, 'agent');
  const group = str(args.values, 'group');
  const all = flag(args.values, 'all');
  const { models: listModels } = await import('../../library/models.js');
  const { report } = await listModels(
    { ...givenOf(args.values), ...(agent !== undefined && { agent: agent as AgentId }), ...(group !== undefined && { group }), all },
    hostOf(ctx),
  );
  for (const warning of report.warnings) note(ctx, ctx.t('core.warning_line', { text: warning }));
  if (ctx.json) {
    printJson(ctx, jsonDoc(report));
    return EXIT.ok;
  }
  const { models, keyInfo, elsewhere, prices: priced } = report;
  const paint = painter(ctx);
  const t = ctx.t;
  const usable = models.filter((m) => Object.values(report.fits[m.id] ?? {}).some((f) => f.ok)).length;
  const lines: string[] = [
    ...table([
      [t('models.row.gateway'), report.root],
      [t('models.row.version'), versionText(t, report.gatewayVersion)],
      [t('models.row.key'), keyLine(t, report.key, keyInfo)],
      [t('models.row.models'), t('models.count', { count: models.length, usable })],
    ]),
    ...wrap(priced ? basisText(t, priced) : t('models.no_prices')).map((l) => paint('dim', l)),
  ];
  // The agents the models were judged by, for their names (the call loaded them with the list).
  const { AGENTS, SUPPORTED_AGENT_IDS } = await import('../../agents/registry.js');
  const agents = SUPPORTED_AGENT_IDS.map((id) => AGENTS[id]);
  for (const line of groupLines(t, report, paint, all, agents)) lines.push(line);
  if (elsewhere && elsewhere.length > 0) {
    lines.push('', paint('cyan', t('models.elsewhere')));
    for (const e of elsewhere) lines.push(paint('bold', `  ${e.id}`), ...wrap(elsewhereText(t, e), 6));
    lines.push(...wrap(t('models.elsewhere_hint')).map((l) => paint('dim', l)));
  }
  lines.push('', ...wrap(t('models.needs_probe_footer')).map((l) => paint('dim', l)));
  print(ctx, lines);
  return EXIT.ok;
}
