// `models`: the key's models grouped by protocol, which coding agent each suits and why not, with
// marketplace prices and key information when the gateway shares them.
import { EXIT } from '../../core/errors.js';
import { maskKey } from '../../core/mask.js';
import type { ClassifiedModel, KeyInfo, ModelPricing, Protocol } from '../../core/types.js';
import { AGENTS, SUPPORTED_AGENT_IDS } from '../../agents/registry.js';
import type { ModelFit } from '../../agents/types.js';
import { notForCoding } from '../../agents/fit.js';
import { flag, type ParsedArgs } from '../args.js';
import type { CliContext } from '../context.js';
import { resolveGateway } from '../inputs.js';
import { formatUsd, painter, print, note, printJson, PROTOCOL_NAMES, table, wrap, type Paint } from '../output.js';

const ORDER: readonly Protocol[] = ['messages', 'responses', 'chat', 'images'];

const GROUP_TITLES: Record<Protocol, string> = {
  messages: 'Messages (/v1/messages)',
  responses: 'Responses (/v1/responses)',
  chat: 'Chat completions (/v1/chat/completions)',
  images: 'Image generation (/v1/images/generations)',
};

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

function priceText(p: ModelPricing | undefined): string {
  if (!p) return '';
  if (p.perCall !== undefined) return `${formatUsd(p.perCall)}/call`;
  if (p.inputPerMTok !== undefined) {
    const out = p.outputPerMTok !== undefined ? ` out ${formatUsd(p.outputPerMTok)}` : '';
    return `in ${formatUsd(p.inputPerMTok)}${out} /1M`;
  }
  return '';
}

function keyLine(masked: string, info: KeyInfo | undefined): string {
  const parts = [masked];
  if (info?.name) parts.push(`"${info.name}"`);
  if (info) {
    parts.push(info.unlimited ? 'unlimited quota' : info.remainingUsd !== undefined ? `${formatUsd(info.remainingUsd)} left` : '');
    parts.push(info.expiresAt ? `expires ${info.expiresAt.slice(0, 10)}` : 'never expires');
  }
  return parts.filter(Boolean).join(' · ');
}

/** "Claude Code, OpenCode (messages); Qwen Code, Cline (chat)": agents grouped by the protocol they would use. */
function byProtocol(entries: readonly { name: string; protocol: Protocol }[]): string {
  const groups = new Map<Protocol, string[]>();
  for (const e of entries) groups.set(e.protocol, [...(groups.get(e.protocol) ?? []), e.name]);
  return [...groups].map(([p, names]) => `${names.join(', ')} (${PROTOCOL_NAMES[p]})`).join('; ');
}

function agentLines(model: ClassifiedModel, paint: Paint): string[] {
  const suits: { name: string; protocol: Protocol }[] = [];
  const probes: { name: string; protocol: Protocol }[] = [];
  const not: string[] = [];
  const excluded = notForCoding(model) !== undefined;
  for (const agent of SUPPORTED) {
    const fit = agent.fit(model);
    if (!fit.ok) not.push(excluded ? agent.name : `${agent.name} (needs ${agent.protocols.map((p) => PROTOCOL_NAMES[p]).join('/')})`);
    else (fit.needsProbe ? probes : suits).push({ name: agent.name, protocol: fit.protocol });
  }
  const lines: string[] = [];
  if (suits.length > 0) lines.push(...wrap(`${paint('green', 'agents:')} ${byProtocol(suits)}`, 6));
  if (probes.length > 0) lines.push(...wrap(`${paint('yellow', 'needs a probe:')} ${byProtocol(probes)}`, 6));
  if (not.length > 0) lines.push(...wrap(`${paint('dim', 'not for:')} ${not.join(', ')}`, 6));
  return lines;
}

function modelBlock(models: readonly ClassifiedModel[], paint: Paint, detail: 'agents' | 'reason'): string[] {
  const rows = models.map((m) => [m.id, m.marked ? (m.marks ?? []).join(', ') || '-' : 'unmarked', priceText(m.pricing)]);
  const head = table(rows, { indent: 2, shrink: [1, 0] });
  const lines: string[] = [];
  models.forEach((m, i) => {
    lines.push(paint('bold', head[i] ?? m.id));
    if (detail === 'agents') lines.push(...agentLines(m, paint));
    else lines.push(...wrap(notForCoding(m) ?? '', 6));
    if (m.pricing?.description) lines.push(...wrap(paint('dim', m.pricing.description), 6));
  });
  return lines;
}

export async function run(ctx: CliContext, args: ParsedArgs): Promise<number> {
  const gw = resolveGateway(ctx, args.values);
  const client = await import('../../gateway/client.js');
  const opts = { root: gw.root, key: gw.key, timeoutMs: gw.timeoutMs, env: gw.env };
  // The key's list decides; marketplace and key information are optional enrichments that never throw.
  const [list, pricing, keyInfo] = await Promise.all([
    client.listModels(opts),
    client.fetchPricing(opts),
    client.fetchKeyInfo(opts),
  ]);
  const models = list.models.map((m) => {
    const p = m.pricing ?? pricing?.get(m.id);
    return p ? { ...m, pricing: p } : m;
  });
  for (const warning of list.warnings) note(ctx, `warning: ${warning}`);
  const masked = maskKey(gw.key);

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
      models: models.map((m) => ({
        id: m.id,
        marks: m.marks ?? [],
        marked: m.marked,
        protocols: m.protocols,
        ...(m.notForAgents ? { notForAgents: m.notForAgents } : {}),
        agents: agentFits(m),
        ...(m.pricing ? { pricing: m.pricing } : {}),
      })),
    });
    return EXIT.ok;
  }

  const paint = painter(ctx);
  const forAgents = models.filter((m) => primaryProtocol(m) !== undefined);
  const others = models.filter((m) => primaryProtocol(m) === undefined);
  const usable = models.filter((m) => Object.values(agentFits(m)).some((f) => f.ok)).length;
  const lines: string[] = [
    ...table([
      ['Gateway', gw.root],
      ['Key', keyLine(masked, keyInfo)],
      ['Models', `${models.length} for this key, ${usable} usable by coding agents`],
    ]),
  ];
  if (!pricing) lines.push(paint('dim', '(no marketplace prices: /api/pricing is not public on this gateway)'));

  if (!list.marked) {
    lines.push('', paint('yellow', 'This gateway does not mark protocols; run `verify` to probe which protocol each model serves.'), '');
    lines.push(...modelBlock(models, paint, 'agents'));
  } else {
    for (const protocol of ORDER) {
      const group = forAgents.filter((m) => primaryProtocol(m) === protocol);
      if (group.length === 0) continue;
      lines.push('', paint('cyan', GROUP_TITLES[protocol]), ...modelBlock(group, paint, protocol === 'images' ? 'reason' : 'agents'));
    }
    if (others.length > 0) {
      lines.push('', paint('cyan', 'Not for coding agents'));
      if (flag(args.values, 'all')) lines.push(...modelBlock(others, paint, 'reason'));
      else lines.push(...wrap(`${others.map((m) => m.id).join(', ')} (--all for why)`, 2));
    }
  }
  lines.push('', ...wrap('"Needs a probe": the marks allow it but only a live request tells. Check with `verify --model ID --protocol NAME`.').map((l) => paint('dim', l)));
  print(ctx, lines);
  return EXIT.ok;
}
