// Prints a SetupReport for people (or as the one JSON document): per agent pass/fail with the
// request ID and cause, the files and their backups, how to undo. Shared by setup and demo.
import { KEEP_BACKUPS_ENV } from '../config/backup.js';
import type { AgentId } from '../agents/registry.js';
import type { AgentReport, GroupAdvice, SetupReport, VerifyReport } from '../setup/run.js';
import { commas } from '../i18n/index.js';
import { exactAdvice, suggestedKeyVar } from '../setup/group-advice.js';
import type { CliContext } from './context.js';
import { BIN } from './help.js';
import { print, printJson, tildify } from './output.js';
import { padTo, wrap } from '../core/layout.js';
import { painter } from '../core/terminal.js';

function verifyLine(ctx: Pick<CliContext, 't'>, label: string, v: VerifyReport): string[] {
  const t = ctx.t;
  const id = v.requestId;
  if (v.ok) {
    const params = { label, status: v.status ?? '?', ms: v.latencyMs ?? '?', id: id ?? '' };
    return wrap(t(id ? 'report.verify_ok_id' : 'report.verify_ok', params), 4);
  }
  const d = v.diagnosis;
  const status = v.status !== undefined ? ` (HTTP ${v.status})` : '';
  const params = { label, code: d?.code ?? 'error', status, message: d?.message ?? t('report.no_answer'), id: id ?? '' };
  return [
    ...wrap(t(id ? 'report.failed_id' : 'report.failed', params), 4),
    ...(d?.fix ? wrap(t('core.fix', { fix: d.fix }), 6) : []),
    ...(v.url ? [`      ${t('cli.url', { url: v.url })}`] : []),
  ];
}

const ACTION_KEYS = {
  created: ['report.action.created', 'report.action.would_created'],
  updated: ['report.action.updated', 'report.action.would_updated'],
  unchanged: ['report.action.unchanged', 'report.action.unchanged'],
  removed: ['report.action.removed', 'report.action.would_removed'],
} as const;

/** The command that sets one agent up with a key of its own, as the advice tells it. */
function ownKeyCommand(id: AgentId, baseUrl: string): string {
  return `${BIN} setup --base-url ${baseUrl} --agent ${id} --api-key-env ${id}=${suggestedKeyVar(id)}`;
}

/** "claude-sonnet-4-5 is sold to groups `claude`, `vip`", then what to do, with the exact command. */
export function adviceLines(
  ctx: Pick<CliContext, 't'>,
  id: AgentId,
  advice: readonly GroupAdvice[],
  baseUrl: string,
  indent: number,
): string[] {
  const t = ctx.t;
  // Another group only where only another group sells it; the key's limits, a missing price or its
  // own group's channels each in their own words.
  const elsewhere = advice.filter((g) => g.why === undefined);
  return [
    ...exactAdvice(advice).flatMap((m) => wrap(t(m), indent)),
    ...elsewhere.flatMap((g) => wrap(t('keys.advice_model', { model: g.model, groups: commas(g.groups.map((x) => `\`${x}\``)) }), indent)),
    ...(elsewhere.length > 0 ? wrap(t('keys.advice_fix', { var: suggestedKeyVar(id), command: ownKeyCommand(id, baseUrl) }), indent) : []),
  ];
}

function agentLines(ctx: CliContext, a: AgentReport, dryRun: boolean, baseUrl: string, agentRuns: boolean): string[] {
  const paint = painter(ctx);
  // A version older than the tiers ran is not ✓ until the installed agent itself has answered (its
  // own line, below, with --verify agent).
  const mark = !a.ok ? paint('red', '✗') : a.unproven ? paint('yellow', '!') : paint('green', '✓');
  const t = ctx.t;
  const small = a.smallModel && a.smallModel !== a.model ? `, ${t('report.small', { model: a.smallModel })}` : '';
  const tiers = Object.entries(a.tiers ?? {})
    .map(([tier, m]) => `, ${t('report.tier', { tier, model: m })}`)
    .join('');
  const model = a.model ? `  ${a.model}${a.protocol ? ` (${a.protocol})` : ''}${small}${tiers}` : '';
  const lines = [`${mark} ${a.name}${model}`];
  if (a.keyEnv) lines.push(...wrap(t('keys.report_key', { var: a.keyEnv }), 4));
  else if (a.keyTyped) lines.push(...wrap(t('keys.report_typed'), 4));
  if (a.skipped) lines.push(...wrap(t('report.nothing_written', { reason: a.skipped }), 4));
  if (a.groupAdvice && a.groupAdvice.length > 0) lines.push(...adviceLines(ctx, a.id, a.groupAdvice, baseUrl, 4));
  if (a.probe && !a.probe.ok) lines.push(...verifyLine(ctx, t('report.probe'), a.probe));
  for (const f of a.files) {
    const action = t(ACTION_KEYS[f.action][dryRun ? 1 : 0]);
    lines.push(`    ${padTo(action, 10)} ${tildify(ctx, f.path)}`);
  }
  if (a.verify) lines.push(...verifyLine(ctx, t('report.verified'), a.verify));
  if (a.unproven && !dryRun)
    lines.push(...wrap(t(agentRuns ? 'report.unproven_running' : 'report.unproven', { why: a.unproven, bin: BIN, id: a.id }), 4));
  for (const n of a.notes) lines.push(...wrap(t('core.note', { text: n }), 4));
  return lines;
}

/**
 * The setup report for people. `closing: false` leaves the last word to what follows (the agents'
 * own runs with `--verify agent`, whose ✗ the summary must not contradict).
 */
export function printSetupReport(
  ctx: CliContext,
  report: SetupReport,
  opts: {
    closing?: boolean;
    agentRuns?: boolean;
    /** The last word when an agent failed, for a command other than setup. */
    failed?: string;
  } = {},
): void {
  if (ctx.json) {
    printJson(ctx, report);
    return;
  }
  const lines: string[] = [];
  if (report.dryRun && report.diff) lines.push(report.diff.trimEnd(), '');
  for (const a of report.agents) lines.push(...agentLines(ctx, a, report.dryRun, report.baseUrl, opts.agentRuns === true));
  lines.push('');
  if (report.upToDate && report.agents.some((a) => a.files.length > 0)) {
    lines.push(ctx.t('report.up_to_date'));
  } else if (report.dryRun) {
    lines.push(ctx.t('report.dry_run'));
  }
  if (report.backupId) {
    lines.push(...wrap(ctx.t('report.backups', { bin: BIN, id: report.backupId })));
  }
  if (report.prunedBackups && report.prunedBackups.length > 0) {
    lines.push(
      ...wrap(ctx.t('report.backups_pruned', { n: report.prunedBackups.length, keep: report.keepBackups ?? 0, name: KEEP_BACKUPS_ENV })),
    );
  }
  if (opts.closing !== false) lines.push(...wrap(!report.ok && !report.dryRun && opts.failed ? opts.failed : closingLine(ctx, report)));
  print(ctx, lines);
}

/** The last word: a dry run wrote and verified nothing, so it never says the agents are set up. */
function closingLine(ctx: CliContext, report: SetupReport): string {
  // --no-verify: the models were written without a probe, which the last word must not hide.
  const unprobed = report.agents.every((a) => a.probe === undefined && a.verify === undefined);
  if (!report.dryRun && report.ok && unprobed) return ctx.t('report.all_ok_unprobed', { bin: BIN });
  const unproven = report.agents.filter((a) => a.ok && a.unproven !== undefined).map((a) => a.id);
  if (!report.dryRun && report.ok && unproven.length > 0)
    return ctx.t('report.all_ok_unproven', { n: unproven.length, bin: BIN, ids: unproven.join(',') });
  if (!report.dryRun) return report.ok ? ctx.t('report.all_ok') : ctx.t('report.some_failed', { bin: BIN });
  if (!report.ok) return ctx.t('report.dry_some_failed');
  const probed = report.agents.some((a) => a.probe !== undefined);
  return ctx.t(probed ? 'report.dry_ok' : 'report.dry_ok_unprobed');
}
