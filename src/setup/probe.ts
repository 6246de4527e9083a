// Probing chosen models, and falling back from one that fails for its own reason. A model's own
// failure (its channel failed, no channel serves it in the key's group, it has no price, it does not
// speak the protocol, its stream broke) says nothing of the key's other models: the next by the same
// ranking is tried. A failure of the key, its quota or group, a rate limit or the gateway itself
// would fail every model alike: the agent stays on its model and stops with that cause.
import type { AgentId } from '../agents/registry.js';
import type { Agent } from '../agents/types.js';
import type { ClassifiedModel, DiagnosisCode, Protocol, ProbeResult } from '../core/types.js';
import { probeMany, type ClientOptions, type ProbeRequest } from '../gateway/client.js';
import { msg, type Message } from '../i18n/index.js';
import { suitableModels } from './choose.js';

export const probeKey = (protocol: Protocol, model: string): string => `${protocol}\u0000${model}`;

/** Probes each distinct (protocol, model) pair once, all concurrently under the bound. */
export async function probePairs(
  client: ClientOptions,
  pairs: readonly { protocol: Protocol; model: string }[],
  concurrency: number,
): Promise<Map<string, ProbeResult>> {
  const unique = new Map<string, ProbeRequest>();
  for (const p of pairs) unique.set(probeKey(p.protocol, p.model), { protocol: p.protocol, model: p.model });
  const requests = [...unique.values()];
  const results = await probeMany(client, requests, concurrency);
  return new Map(requests.map((r, i) => [probeKey(r.protocol, r.model), results[i]!]));
}

/**
 * Causes that are not the model's: the key (refused, no quota, outside its model limits), its
 * group, a rate limit, the gateway busy, the address or the gateway not answering (in time). Every other model of
 * the key would meet them too.
 */
const NOT_THE_MODELS: ReadonlySet<DiagnosisCode> = new Set<DiagnosisCode>([
  'bad_key',
  'quota',
  'group_denied',
  'model_not_allowed',
  'rate_limited',
  'gateway_busy',
  'unreachable',
  'timeout',
  'wrong_path',
  'not_api',
  'redirect',
]);

/** Whether a failed probe is the model's own, so that another model of the same key may pass. */
export function modelsOwnFailure(p: { ok: boolean; diagnosis?: { code: DiagnosisCode } }): boolean {
  return !p.ok && p.diagnosis !== undefined && !NOT_THE_MODELS.has(p.diagnosis.code);
}

/**
 * At most this many other models may fail for a reason beyond their protocol: a gateway whose
 * channels all fail is not probed model by model. A model that does not speak the protocol does not
 * count: on a gateway without marks, probing is how a protocol's models are found.
 */
const FALLBACK_TRIES = 8;

/** A model that failed its probe and was left for the next one. */
export interface FailedModel {
  model: string;
  protocol: Protocol;
  code: DiagnosisCode | 'error';
  status?: number;
  requestId?: string;
  /** The cause in plain words. */
  message?: Message;
}

export function failedModel(p: ProbeResult): FailedModel {
  return {
    model: p.model,
    protocol: p.protocol,
    code: p.diagnosis?.code ?? 'error',
    ...(p.status !== undefined && { status: p.status }),
    ...(p.requestId !== undefined && { requestId: p.requestId }),
    ...(p.diagnosis && { message: p.diagnosis.message }),
  };
}

/** The sentence for a model left behind: its cause and its request ID (in full) when there is one. */
export function failedNote(f: FailedModel): Message {
  const params = { model: f.model, protocol: f.protocol, code: f.code, cause: f.message ?? f.code };
  return f.requestId ? msg('setup.model_failed_id', { ...params, id: f.requestId }) : msg('setup.model_failed', params);
}

export interface Fallback {
  /** The models that failed for their own reasons, the chosen one first, in the order tried. */
  failed: FailedModel[];
  /** The model that passed, in its protocol; undefined when none of those tried did. */
  winner?: { model: string; protocol: Protocol; result: ProbeResult };
  /** A model that failed for a reason not its own stopped the search: the agent stays on its model. */
  stoppedBy?: FailedModel;
}

/** What a search in order found: the failures passed over, and what ended it. */
export interface Search {
  /** The models that failed for their own reasons, in the order tried. */
  failed: ProbeResult[];
  /** The first in order to pass. */
  winner?: ProbeResult;
  /** A failure that is not a model's: every later model would meet it too. */
  stoppedBy?: ProbeResult;
}

/**
 * Probes `next` in its order, a bound's worth at a time, until one passes or a failure that is not
 * a model's ends the search; at most FALLBACK_TRIES failures beyond a protocol are paid for. A
 * pair in `known` is not asked again, and every new result joins it.
 */
export async function searchInOrder(
  next: readonly ProbeRequest[],
  probe: (requests: ProbeRequest[]) => Promise<ProbeResult[]>,
  opts: { concurrency: number; known?: Map<string, ProbeResult> },
): Promise<Search> {
  const known = opts.known ?? new Map<string, ProbeResult>();
  const out: Search = { failed: [] };
  const step = Math.max(1, opts.concurrency);
  let beyondProtocol = 0;
  for (let i = 0; i < next.length && beyondProtocol < FALLBACK_TRIES; i += step) {
    const batch = next.slice(i, i + step);
    const ask = batch.filter((o) => !known.has(probeKey(o.protocol, o.model)));
    const got = ask.length > 0 ? await probe(ask) : [];
    ask.forEach((o, j) => known.set(probeKey(o.protocol, o.model), got[j]!));
    for (const o of batch) {
      const r = known.get(probeKey(o.protocol, o.model))!;
      if (r.ok) return { ...out, winner: r };
      if (!modelsOwnFailure(r)) return { ...out, stoppedBy: r };
      out.failed.push(r);
      if (r.diagnosis?.code !== 'wrong_protocol') beyondProtocol++;
    }
  }
  return out;
}

/**
 * The next models for an agent whose chosen model failed its own way: its suitable models in the
 * ranking's order (its preferences), the failed and avoided ones left out; the first in that order
 * to pass wins. Stops at a failure that is not a model's.
 */
export async function fallBack(
  client: ClientOptions,
  agent: Agent<AgentId>,
  models: readonly ClassifiedModel[],
  first: ProbeResult,
  opts: { patterns?: readonly string[]; avoid?: ReadonlySet<string>; concurrency: number; results: Map<string, ProbeResult> },
): Promise<Fallback> {
  const next = suitableModels(agent, models, opts.patterns)
    .filter((f) => f.model.id !== first.model && !opts.avoid?.has(f.model.id))
    .map((f) => ({ protocol: f.fit.protocol, model: f.model.id }));
  // A model this round probed already (the small model) is not asked again.
  const found = await searchInOrder(next, (requests) => probeMany(client, requests, opts.concurrency), {
    concurrency: opts.concurrency,
    known: opts.results,
  });
  return {
    failed: [first, ...found.failed].map(failedModel),
    ...(found.winner && { winner: { model: found.winner.model, protocol: found.winner.protocol, result: found.winner } }),
    ...(found.stoppedBy && { stoppedBy: failedModel(found.stoppedBy) }),
  };
}
