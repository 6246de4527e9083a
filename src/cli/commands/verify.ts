// `verify`: minimal live requests, one per protocol (or per protocol of one model), each reported
// with pass/fail, latency, the gateway's request ID and, on failure, the named cause.
import { givenOf } from '../given.js';
import { GATEWAY_OPTIONS, type OptionTable } from '../args.js';
import type { CommandHelp } from '../command-types.js';
import { BIN } from '../help.js';
import { PROTOCOLS } from '../../core/types.js';
import { EXIT, exitForFailures, JobError, UsageError } from '../../core/errors.js';
import type { ClassifiedModel, Diagnosis, Protocol, ProbeResult } from '../../core/types.js';
import { commas, msg, type Message, type MessageParam, type Translator } from '../../i18n/index.js';
import { notForCoding } from '../../agents/fit.js';
import { flag, list as listFlag, num, str, type ParsedArgs } from '../args.js';
import type { CliContext } from '../context.js';
import { VERIFIED_NEW_API } from '../../gateway/version.js';
import { resolveGateway } from '../../settings/gateway.js';

import { gatewayValues } from '../../settings/saved.js';
import { note, print, printJson, PROTOCOL_NAMES, versionText } from '../output.js';
import { tableRows, wrap } from '../../core/layout.js';
import { painter } from '../../core/terminal.js';

export const options: OptionTable = {
  ...GATEWAY_OPTIONS,
  json: { type: 'boolean', description: msg('help.opt.json') },
  model: { type: 'string', value: 'ID', description: msg('help.opt.model') },
  protocol: { type: 'string', value: 'NAME', choices: PROTOCOLS, description: msg('help.opt.protocol') },
  concurrency: { type: 'string', value: 'N', number: { min: 1, max: 16, integer: true }, description: msg('help.opt.concurrency') },
  force: { type: 'boolean', description: msg('help.opt.force') },
  all: { type: 'boolean', description: msg('help.opt.verify_all') },
  'agent-run': { type: 'boolean', description: msg('help.opt.agent-run') },
  agent: { type: 'string', value: 'ID', multiple: true, description: msg('help.opt.agent') },
  scope: { type: 'string', value: 'user|project', choices: ['user', 'project'], description: msg('help.opt.scope') },
};

export const help: CommandHelp = {
  summary: msg('help.summary.verify'),
  usage: `${BIN} verify [--model ID] [--protocol NAME] [--json] [flags]`,
  details: [msg('help.detail.verify.which'), msg('help.detail.verify.causes'), msg('help.detail.verify.exit')],
  examples: [`${BIN} verify`, `${BIN} verify --model gpt-5.1 --protocol responses`],
};

/** The protocols coding agents speak. Images costs money per call: probed only when asked for. */
const AGENT_PROTOCOLS: readonly Protocol[] = ['messages', 'responses', 'chat'];
const DEFAULT_CONCURRENCY = 4;

export interface ProbePlan {
  probes: { protocol: Protocol; model: string }[];
  /** Said on stderr before probing: skipped protocols, marks that disagree. */
  notes: Message[];
  /**
   * Without --model: each probed protocol's other models, best first. Tried in turn when the first
   * fails its own way (every one of them with --all).
   */
  others?: Map<Protocol, string[]>;
}

function validIds(models: readonly ClassifiedModel[]): MessageParam {
  return models.length > 0 ? commas(models.map((m) => m.id)) : msg('verify.no_models');
}

/** The models that may serve a protocol: the ones the marks confirm first, then those a probe must tell about. */
function modelsFor(models: readonly ClassifiedModel[], protocol: Protocol): ClassifiedModel[] {
  const candidates = protocol === 'images' ? models : models.filter((m) => notForCoding(m) === undefined);
  return [...candidates.filter((m) => m.protocols[protocol] === 'yes'), ...candidates.filter((m) => m.protocols[protocol] === 'probe')];
}

/** Decides what to probe from the flags and the key's list. Pure: exported for unit tests. */
export function planProbes(models: readonly ClassifiedModel[], opts: { model?: string; protocol?: Protocol; force?: boolean }): ProbePlan {
  const notes: Message[] = [];
  if (opts.model !== undefined) {
    const model = models.find((m) => m.id === opts.model);
    if (!model && !opts.force) {
      throw new UsageError(
        msg('verify.model_not_listed', { model: opts.model }),
        msg('verify.model_not_listed_hint', { models: validIds(models) }),
      );
    }
    let protocols: Protocol[];
    if (opts.protocol) {
      protocols = [opts.protocol];
      if (model?.marked && model.protocols[opts.protocol] === 'no') {
        notes.push(msg('verify.not_marked_for', { model: model.id, protocol: PROTOCOL_NAMES[opts.protocol] }));
      }
    } else if (model?.marked) {
      const excluded = notForCoding(model);
      protocols = excluded ? [] : AGENT_PROTOCOLS.filter((p) => model.protocols[p] === 'yes');
      const maybe = excluded ? [] : AGENT_PROTOCOLS.filter((p) => model.protocols[p] === 'probe');
      for (const p of maybe) notes.push(msg('verify.may_serve', { model: model.id, protocol: PROTOCOL_NAMES[p], p }));
      if (protocols.length === 0) {
        const why =
          excluded ??
          msg('verify.marked_only', { marks: (model.marks ?? []).length > 0 ? commas(model.marks ?? []) : msg('verify.nothing') });
        throw new UsageError(
          msg('verify.no_agent_protocol', { model: model.id, why }),
          msg(model.protocols.images !== 'no' ? 'verify.pick_model_images' : 'verify.pick_model'),
        );
      }
    } else {
      // Unmarked (or unlisted with --force): only a probe of each agent protocol tells.
      protocols = [...AGENT_PROTOCOLS];
    }
    return { probes: protocols.map((protocol) => ({ protocol, model: opts.model as string })), notes };
  }

  const protocols = opts.protocol ? [opts.protocol] : AGENT_PROTOCOLS;
  const probes: ProbePlan['probes'] = [];
  const others = new Map<Protocol, string[]>();
  for (const protocol of protocols) {
    const [first, ...rest] = modelsFor(models, protocol);
    if (first) {
      probes.push({ protocol, model: first.id });
      others.set(
        protocol,
        rest.map((m) => m.id),
      );
    } else notes.push(msg('verify.none_marked', { protocol: PROTOCOL_NAMES[protocol] }));
  }
  if (probes.length === 0) {
    throw new JobError(
      opts.protocol ? msg('verify.none_serves', { protocol: PROTOCOL_NAMES[opts.protocol] }) : msg('verify.none_serves_any'),
      msg('verify.none_serves_hint', { models: validIds(models) }),
    );
  }
  return { probes, notes, others };
}

/**
 * Probes the plan; a protocol whose first model fails its own way searches its other models as
 * setup's fallback does (src/setup/probe.ts), until one passes or a failure that is not the
 * model's (the key, its quota, a rate limit) ends it. With `all`, every model is probed.
 */
async function probePlan(
  probeMany: (reqs: { protocol: Protocol; model: string }[], concurrency: number) => Promise<ProbeResult[]>,
  plan: ProbePlan,
  concurrency: number,
  all: boolean,
): Promise<ProbeResult[]> {
  const { modelsOwnFailure, searchInOrder } = await import('../../setup/probe.js');
  if (all && plan.others) {
    const every = plan.probes.flatMap((p) => [
      p,
      ...(plan.others?.get(p.protocol) ?? []).map((model) => ({ protocol: p.protocol, model })),
    ]);
    return probeMany(every, concurrency);
  }
  const results = await probeMany(plan.probes, concurrency);
  if (!plan.others) return results;
  const more = await Promise.all(
    results.map(async (first) => {
      if (!modelsOwnFailure(first)) return [];
      const next = (plan.others?.get(first.protocol) ?? []).map((model) => ({ protocol: first.protocol, model }));
      const found = await searchInOrder(next, (requests) => probeMany(requests, concurrency), { concurrency });
      return [...found.failed, ...(found.winner ? [found.winner] : []), ...(found.stoppedBy ? [found.stoppedBy] : [])];
    }),
  );
  return [...results, ...more.flat()];
}

/** Per protocol: how many of its models passed, and those that failed. */
function byProtocol(results: readonly ProbeResult[]): Map<Protocol, { passed: number; tried: ProbeResult[] }> {
  const out = new Map<Protocol, { passed: number; tried: ProbeResult[] }>();
  for (const r of results) {
    const p = out.get(r.protocol) ?? { passed: 0, tried: [] };
    p.tried.push(r);
    if (r.ok) p.passed++;
    out.set(r.protocol, p);
  }
  return out;
}

function resultRows(t: Translator, results: readonly ProbeResult[]): string[][] {
  const head = ['', t('verify.col.protocol'), t('verify.col.model'), 'HTTP', t('verify.col.time'), t('verify.col.request_id')];
  return [
    head,
    ...results.map((r) => [
      t(r.ok ? 'verify.pass' : 'verify.fail'),
      PROTOCOL_NAMES[r.protocol],
      r.model,
      r.status !== undefined ? String(r.status) : '-',
      `${Math.round(r.latencyMs)} ms`,
      r.requestId ?? '-',
    ]),
  ];
}

/** "[code] cause — fix (request id: X)", in the reader's language. */
function oneLine(t: Translator, d: Diagnosis): string {
  const params = { code: d.code, message: d.message, fix: d.fix, id: d.requestId ?? '' };
  return t(d.requestId ? 'verify.diagnosis_id' : 'verify.diagnosis', params);
}

export async function run(ctx: CliContext, args: ParsedArgs): Promise<number> {
  if (flag(args.values, 'agent-run')) {
    const { runAgents, printAgentRuns } = await import('../agent-run.js');
    const seconds = str(args.values, 'timeout');
    const results = await runAgents(ctx, {
      agents: listFlag(args.values, 'agent'),
      scope: (str(args.values, 'scope') ?? 'user') as 'user' | 'project',
      timeoutMs: seconds === undefined ? undefined : Math.round(Number(seconds) * 1000),
    });
    printAgentRuns(ctx, results);
    return results.length > 0 && results.every((r) => r.ok) ? 0 : 1;
  }
  // The saved gateway and key variable, as the other commands take them.
  const gw = resolveGateway(ctx, await gatewayValues(ctx, givenOf(args.values)));
  const client = await import('../../gateway/client.js');
  const opts = { root: gw.root, key: gw.key, timeoutMs: gw.timeoutMs, env: gw.env };
  // The self-check starts where the gateway's own advice does: the key's list (throws a diagnosis).
  const list = await client.listModels(opts);
  for (const warning of list.warnings) note(ctx, ctx.t('core.warning_line', { text: warning }));
  const plan = planProbes(list.models, {
    model: str(args.values, 'model'),
    protocol: str(args.values, 'protocol') as Protocol | undefined,
    force: flag(args.values, 'force'),
  });
  for (const line of plan.notes) note(ctx, wrap(ctx.t('core.note', { text: line })));
  const n = plan.probes.length;
  if (!ctx.json) note(ctx, ctx.t(n === 1 ? 'verify.probing_one' : 'verify.probing_many', { n, root: gw.root }));
  const results = await probePlan(
    (reqs, concurrency) => client.probeMany(opts, reqs, concurrency),
    plan,
    num(args.values, 'concurrency') ?? DEFAULT_CONCURRENCY,
    flag(args.values, 'all'),
  );
  const protocols = byProtocol(results);
  // Each protocol needs one model that works: a broken model beside working ones is reported, not fatal.
  const ok = plan.others ? [...protocols.values()].every((p) => p.passed > 0) : results.every((r) => r.ok);
  const exit = ok ? EXIT.ok : exitForFailures(results.filter((r) => !r.ok));

  if (ctx.json) {
    printJson(ctx, {
      ok,
      baseUrl: gw.root,
      ...(list.gatewayVersion !== undefined && { gatewayVersion: list.gatewayVersion }),
      verifiedVersions: [...VERIFIED_NEW_API],
      probes: results,
      protocols: Object.fromEntries(
        [...protocols].map(([protocol, p]) => [
          protocol,
          { passed: p.passed, tried: p.tried.length, failed: p.tried.filter((r) => !r.ok).map((r) => r.model) },
        ]),
      ),
    });
    return exit;
  }
  const paint = painter(ctx);
  // Nothing wraps or is cut: a model id and a request ID are values to copy whole, even when the
  // line then runs past 80 columns.
  const [head = [], ...rows] = tableRows(resultRows(ctx.t, results), { wrap: [] });
  const lines: string[] = [
    ...wrap(`${ctx.t('models.row.version')}: ${versionText(ctx.t, list.gatewayVersion)}`).map((l) => paint('dim', l)),
    ...head.map((l) => paint('dim', l)),
  ];
  results.forEach((r, i) => {
    for (const row of rows[i] ?? []) lines.push(r.ok ? paint('green', row) : paint('red', row));
    if (!r.ok && r.diagnosis) lines.push(...wrap(oneLine(ctx.t, r.diagnosis), 6));
  });
  const passed = results.filter((r) => r.ok).length;
  lines.push('');
  // A protocol with more than one model tried: how many pass, and each one that failed with its cause and request ID.
  for (const [protocol, p] of protocols) {
    if (p.tried.length < 2) continue;
    const failed = p.tried
      .filter((r) => !r.ok)
      .map((r) =>
        ctx.t(r.requestId ? 'verify.model_failed_id' : 'verify.model_failed', {
          model: r.model,
          code: r.diagnosis?.code ?? String(r.status ?? '-'),
          id: r.requestId ?? '',
        }),
      );
    lines.push(
      ...wrap(
        ctx.t('verify.protocol_summary', {
          protocol: PROTOCOL_NAMES[protocol],
          passed: p.passed,
          n: p.tried.length,
          failed: failed.join('; '),
        }),
      ),
    );
  }
  lines.push(ctx.t(results.length === 1 ? 'verify.passed_one' : 'verify.passed_many', { passed, n: results.length }));
  print(ctx, lines);
  return exit;
}
