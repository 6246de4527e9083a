// `verify` as a library call: the key's list read, one minimal request per protocol the agents
// speak (or per protocol of one model), each with its latency, request ID and, failing, its cause.
import { EXIT, exitForFailures, type ExitCode } from '../core/errors.js';
import type { ProbeResult, Protocol } from '../core/types.js';
import { VERIFIED_NEW_API } from '../gateway/version.js';
import type { Message } from '../i18n/index.js';
import { resolveGateway } from '../settings/gateway.js';
import type { Given } from '../settings/given.js';
import { gatewayValues } from '../settings/saved.js';
import { byProtocol, DEFAULT_CONCURRENCY, planProbes, probePlan } from '../verify/plan.js';
import { hosted, session, type Host } from './host.js';

export type VerifyInput = Pick<Given, 'baseUrl' | 'apiKey' | 'keyEnv' | 'timeoutSeconds' | 'force' | 'concurrency'> & {
  /** One model, probed on each protocol its marks allow (or `protocol`). */
  model?: string;
  protocol?: Protocol;
  /** Every model of each protocol, not only until one passes. */
  all?: boolean;
};

export interface VerifyRunReport {
  /** Each protocol has a model that answered (with `model`: every probe passed). */
  ok: boolean;
  root: string;
  gatewayVersion?: string;
  verifiedVersions: readonly string[];
  probes: ProbeResult[];
  protocols: Partial<Record<Protocol, { passed: number; tried: number; failed: string[] }>>;
  /** What was wrong with the gateway's list (models dropped, and why). */
  warnings: Message[];
}

export interface VerifyEvents {
  /** Before the first probe: how many requests, to which gateway. */
  onStart?(start: { root: string; probes: number }): void;
}

async function verifyCall(
  input: VerifyInput,
  host: Host,
  on: VerifyEvents = {},
): Promise<{ report: VerifyRunReport; notes: Message[]; exit: ExitCode }> {
  const { ctx, notes } = session(host);
  // The saved gateway and key variable, as the other commands take them.
  const gw = resolveGateway(ctx, await gatewayValues(ctx, input));
  const client = await import('../gateway/client.js');
  const opts = { root: gw.root, key: gw.key, timeoutMs: gw.timeoutMs, env: gw.env };
  // The self-check starts where the gateway's own advice does: the key's list (throws a diagnosis).
  const list = await client.listModels(opts);
  const plan = planProbes(list.models, { model: input.model, protocol: input.protocol, force: input.force });
  for (const note of plan.notes) ctx.warn(note);
  on.onStart?.({ root: gw.root, probes: plan.probes.length });
  const results = await probePlan(
    (reqs, concurrency) => client.probeMany(opts, reqs, concurrency),
    plan,
    input.concurrency ?? DEFAULT_CONCURRENCY,
    input.all === true,
  );
  const protocols = byProtocol(results);
  // Each protocol needs one model that works: a broken model beside working ones is reported, not fatal.
  const ok = plan.others ? [...protocols.values()].every((p) => p.passed > 0) : results.every((r) => r.ok);
  const report: VerifyRunReport = {
    ok,
    root: gw.root,
    ...(list.gatewayVersion !== undefined && { gatewayVersion: list.gatewayVersion }),
    verifiedVersions: [...VERIFIED_NEW_API],
    probes: results,
    protocols: Object.fromEntries(
      [...protocols].map(([protocol, p]) => [
        protocol,
        { passed: p.passed, tried: p.tried.length, failed: p.tried.filter((r) => !r.ok).map((r) => r.model) },
      ]),
    ),
    warnings: [...list.warnings],
  };
  return { report, notes, exit: ok ? EXIT.ok : exitForFailures(results.filter((r) => !r.ok)) };
}

/** Probes the gateway with the key; throws a GatewayError when even its list cannot be read. */
export const verify = hosted(1, verifyCall);
