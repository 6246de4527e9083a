// `verify`: minimal live requests, one per protocol (or per protocol of one model), each reported
// with pass/fail, latency, the gateway's request ID and, on failure, the named cause.
import { EXIT, JobError, UsageError } from '../../core/errors.js';
import type { ClassifiedModel, Protocol, ProbeResult } from '../../core/types.js';
import { notForCoding } from '../../agents/fit.js';
import { flag, list as listFlag, num, str, type ParsedArgs } from '../args.js';
import type { CliContext } from '../context.js';
import { resolveGateway } from '../inputs.js';
import { note, painter, print, printJson, PROTOCOL_NAMES, table, wrap } from '../output.js';

/** The protocols coding agents speak. Images costs money per call: probed only when asked for. */
const AGENT_PROTOCOLS: readonly Protocol[] = ['messages', 'responses', 'chat'];
const DEFAULT_CONCURRENCY = 4;

export interface ProbePlan {
  probes: { protocol: Protocol; model: string }[];
  /** Said on stderr before probing: skipped protocols, marks that disagree. */
  notes: string[];
}

function validIds(models: readonly ClassifiedModel[]): string {
  return models.length > 0 ? models.map((m) => m.id).join(', ') : '(none: the key sees no models)';
}

/** A model for each protocol: one the marks confirm first, else one a probe must tell about. */
function pickModel(models: readonly ClassifiedModel[], protocol: Protocol): ClassifiedModel | undefined {
  const candidates = protocol === 'images' ? models : models.filter((m) => notForCoding(m) === undefined);
  return candidates.find((m) => m.protocols[protocol] === 'yes') ?? candidates.find((m) => m.protocols[protocol] === 'probe');
}

/** Decides what to probe from the flags and the key's list. Pure: exported for unit tests. */
export function planProbes(
  models: readonly ClassifiedModel[],
  opts: { model?: string; protocol?: Protocol; force?: boolean },
): ProbePlan {
  const notes: string[] = [];
  if (opts.model !== undefined) {
    const model = models.find((m) => m.id === opts.model);
    if (!model && !opts.force) {
      throw new UsageError(
        `--model ${opts.model}: the key cannot see this model (GET /v1/models does not list it).`,
        `Models of this key: ${validIds(models)}. (--force probes it anyway.)`,
      );
    }
    let protocols: Protocol[];
    if (opts.protocol) {
      protocols = [opts.protocol];
      if (model?.marked && model.protocols[opts.protocol] === 'no') {
        notes.push(`${model.id} is not marked for ${PROTOCOL_NAMES[opts.protocol]}; probing anyway.`);
      }
    } else if (model?.marked) {
      const excluded = notForCoding(model);
      protocols = excluded ? [] : AGENT_PROTOCOLS.filter((p) => model.protocols[p] === 'yes');
      const maybe = excluded ? [] : AGENT_PROTOCOLS.filter((p) => model.protocols[p] === 'probe');
      for (const p of maybe) notes.push(`${model.id} may serve ${PROTOCOL_NAMES[p]} too; check with --protocol ${p}.`);
      if (protocols.length === 0) {
        const why = excluded ?? `it is marked only for ${(model.marks ?? []).join(', ') || 'nothing'}`;
        const images = model.protocols.images !== 'no' ? ' Image generation is probed only with --protocol images (it costs money).' : '';
        throw new UsageError(`${model.id} serves no protocol a coding agent speaks: ${why}.`, `Pick a model with \`models\`.${images}`);
      }
    } else {
      // Unmarked (or unlisted with --force): only a probe of each agent protocol tells.
      protocols = [...AGENT_PROTOCOLS];
    }
    return { probes: protocols.map((protocol) => ({ protocol, model: opts.model as string })), notes };
  }

  const protocols = opts.protocol ? [opts.protocol] : AGENT_PROTOCOLS;
  const probes: ProbePlan['probes'] = [];
  for (const protocol of protocols) {
    const model = pickModel(models, protocol);
    if (model) probes.push({ protocol, model: model.id });
    else notes.push(`No model of this key is marked for ${PROTOCOL_NAMES[protocol]}: not probed.`);
  }
  if (probes.length === 0) {
    throw new JobError(
      opts.protocol
        ? `No model of this key serves ${PROTOCOL_NAMES[opts.protocol]}.`
        : 'No model of this key serves messages, Responses or chat.',
      `Models of this key: ${validIds(models)}. Ask the gateway admin to enable a model for your key's group.`,
    );
  }
  return { probes, notes };
}

function resultRows(results: readonly ProbeResult[]): string[][] {
  const head = ['', 'PROTOCOL', 'MODEL', 'HTTP', 'TIME', 'REQUEST ID'];
  return [head, ...results.map((r) => [
    r.ok ? 'PASS' : 'FAIL',
    PROTOCOL_NAMES[r.protocol],
    r.model,
    r.status !== undefined ? String(r.status) : '-',
    `${Math.round(r.latencyMs)} ms`,
    r.requestId ?? '-',
  ])];
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
  const gw = resolveGateway(ctx, args.values);
  const client = await import('../../gateway/client.js');
  const { describeDiagnosis } = await import('../../gateway/diagnosis.js');
  const opts = { root: gw.root, key: gw.key, timeoutMs: gw.timeoutMs, env: gw.env };
  // The self-check starts where the gateway's own advice does: the key's list (throws a diagnosis).
  const list = await client.listModels(opts);
  for (const warning of list.warnings) note(ctx, `warning: ${warning}`);
  const plan = planProbes(list.models, {
    model: str(args.values, 'model'),
    protocol: str(args.values, 'protocol') as Protocol | undefined,
    force: flag(args.values, 'force'),
  });
  for (const line of plan.notes) note(ctx, `note: ${line}`);
  if (!ctx.json) note(ctx, `Probing ${plan.probes.length} request${plan.probes.length === 1 ? '' : 's'} at ${gw.root} …`);
  const results = await client.probeMany(opts, plan.probes, num(args.values, 'concurrency') ?? DEFAULT_CONCURRENCY);
  const ok = results.every((r) => r.ok);

  if (ctx.json) {
    printJson(ctx, { ok, baseUrl: gw.root, probes: results });
    return ok ? EXIT.ok : EXIT.failed;
  }
  const paint = painter(ctx);
  const [head = '', ...rows] = table(resultRows(results), { shrink: [2, 5] });
  const lines: string[] = [paint('dim', head)];
  results.forEach((r, i) => {
    const row = rows[i] ?? '';
    lines.push(r.ok ? paint('green', row) : paint('red', row));
    if (!r.ok && r.diagnosis) lines.push(...wrap(describeDiagnosis(r.diagnosis), 6));
  });
  const passed = results.filter((r) => r.ok).length;
  lines.push('', `${passed} of ${results.length} probe${results.length === 1 ? '' : 's'} passed.`);
  print(ctx, lines);
  return ok ? EXIT.ok : EXIT.failed;
}
