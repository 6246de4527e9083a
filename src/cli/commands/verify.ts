// `verify`: minimal live requests, one per protocol (or per protocol of one model), each reported
// with pass/fail, latency, the gateway's request ID and, on failure, the named cause.
import { givenOf } from '../given.js';
import { byProtocol } from '../../verify/plan.js';
import { hostOf } from '../context.js';
import { GATEWAY_OPTIONS, type OptionTable } from '../args.js';
import type { CommandHelp } from '../command-types.js';
import { BIN } from '../help.js';
import { PROTOCOLS } from '../../core/types.js';
import type { Diagnosis, Protocol, ProbeResult } from '../../core/types.js';
import { msg, type Translator } from '../../i18n/index.js';
import { flag, list as listFlag, str, type ParsedArgs } from '../args.js';
import type { CliContext } from '../context.js';
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
  const { verify } = await import('../../library/verify.js');
  const { report, exit } = await verify(
    {
      ...givenOf(args.values),
      model: str(args.values, 'model'),
      protocol: str(args.values, 'protocol') as Protocol | undefined,
      all: flag(args.values, 'all'),
    },
    // Its plan's notes, before the probes, as notes.
    { ...hostOf(ctx), warn: (m) => note(ctx, wrap(ctx.t('core.note', { text: m }))) },
    {
      onStart: ({ root, probes: n }) => {
        if (!ctx.json) note(ctx, ctx.t(n === 1 ? 'verify.probing_one' : 'verify.probing_many', { n, root }));
      },
    },
  );
  const results = report.probes;
  for (const warning of report.warnings) note(ctx, ctx.t('core.warning_line', { text: warning }));
  if (ctx.json) {
    const { warnings: _, root, ok, ...doc } = report;
    printJson(ctx, { ok, baseUrl: root, ...doc });
    return exit;
  }
  const paint = painter(ctx);
  // Nothing wraps or is cut: a model id and a request ID are values to copy whole, even when the
  // line then runs past 80 columns.
  const [head = [], ...rows] = tableRows(resultRows(ctx.t, results), { wrap: [] });
  const lines: string[] = [
    ...wrap(`${ctx.t('models.row.version')}: ${versionText(ctx.t, report.gatewayVersion)}`).map((l) => paint('dim', l)),
    ...head.map((l) => paint('dim', l)),
  ];
  results.forEach((r, i) => {
    for (const row of rows[i] ?? []) lines.push(r.ok ? paint('green', row) : paint('red', row));
    if (!r.ok && r.diagnosis) lines.push(...wrap(oneLine(ctx.t, r.diagnosis), 6));
  });
  const passed = results.filter((r) => r.ok).length;
  lines.push('');
  // A protocol with more than one model tried: how many pass, and each one that failed with its cause and request ID.
  for (const [protocol, p] of byProtocol(results)) {
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
