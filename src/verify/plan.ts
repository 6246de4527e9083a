// What `verify` probes: one minimal request per protocol the coding agents speak (or per protocol
// of one model), chosen from the key's list by its marks; a protocol whose first model fails its own
// way searches its other models as setup's fallback does.
import { notForCoding } from '../agents/fit.js';
import { suggesting } from '../core/closest.js';
import { JobError, UsageError } from '../core/errors.js';
import { PROTOCOL_NAMES, type ClassifiedModel, type ProbeResult, type Protocol } from '../core/types.js';
import { commas, msg, type Message, type MessageParam } from '../i18n/index.js';

/** The protocols coding agents speak. Images costs money per call: probed only when asked for. */
const AGENT_PROTOCOLS: readonly Protocol[] = ['messages', 'responses', 'chat'];
export const DEFAULT_CONCURRENCY = 4;

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

/** Decides what to probe from what was asked and the key's list. */
export function planProbes(models: readonly ClassifiedModel[], opts: { model?: string; protocol?: Protocol; force?: boolean }): ProbePlan {
  const notes: Message[] = [];
  if (opts.model !== undefined) {
    const model = models.find((m) => m.id === opts.model);
    if (!model && !opts.force) {
      throw new UsageError(
        msg('verify.model_not_listed', { model: opts.model }),
        suggesting(
          opts.model,
          models.map((m) => m.id),
          msg('verify.model_not_listed_hint', { models: validIds(models) }),
        ),
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
export async function probePlan(
  probeMany: (reqs: { protocol: Protocol; model: string }[], concurrency: number) => Promise<ProbeResult[]>,
  plan: ProbePlan,
  concurrency: number,
  all: boolean,
): Promise<ProbeResult[]> {
  const { modelsOwnFailure, searchInOrder } = await import('../setup/probe.js');
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
export function byProtocol(results: readonly ProbeResult[]): Map<Protocol, { passed: number; tried: ProbeResult[] }> {
  const out = new Map<Protocol, { passed: number; tried: ProbeResult[] }>();
  for (const r of results) {
    const p = out.get(r.protocol) ?? { passed: 0, tried: [] };
    p.tried.push(r);
    if (r.ok) p.passed++;
    out.set(r.protocol, p);
  }
  return out;
}
