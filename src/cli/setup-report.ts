// Prints a SetupReport for people (or as the one JSON document): per agent pass/fail with the
// request ID and cause, the files and their backups, how to undo. Shared by setup and demo.
import type { AgentReport, SetupReport, VerifyReport } from '../setup/run.js';
import type { CliContext } from './context.js';
import { BIN } from './help.js';
import { painter, print, printJson, wrap } from './output.js';

function tildify(ctx: Pick<CliContext, 'home'>, path: string): string {
  return path.startsWith(ctx.home + '/') ? `~${path.slice(ctx.home.length)}` : path;
}

function verifyLine(label: string, v: VerifyReport): string[] {
  const id = v.requestId ? `, request ID ${v.requestId}` : '';
  if (v.ok) return wrap(`${label}: HTTP ${v.status ?? '?'} in ${v.latencyMs ?? '?'} ms${id}`, 4);
  const d = v.diagnosis;
  const status = v.status !== undefined ? ` (HTTP ${v.status})` : '';
  return [
    ...wrap(`${label} FAILED [${d?.code ?? 'error'}]${status}: ${d?.message ?? 'no answer'}${id}`, 4),
    ...(d?.fix ? wrap(`fix: ${d.fix}`, 6) : []),
    ...(v.url ? [`      url: ${v.url}`] : []),
  ];
}

function agentLines(ctx: CliContext, a: AgentReport, dryRun: boolean): string[] {
  const paint = painter(ctx);
  const mark = a.ok ? paint('green', '✓') : paint('red', '✗');
  const model = a.model ? `  ${a.model} (${a.protocol})${a.smallModel && a.smallModel !== a.model ? `, small: ${a.smallModel}` : ''}` : '';
  const lines = [`${mark} ${a.name}${model}`];
  if (a.skipped) lines.push(...wrap(`nothing written: ${a.skipped}`, 4));
  if (a.probe && !a.probe.ok) lines.push(...verifyLine('probe', a.probe));
  for (const f of a.files) {
    const action = dryRun ? (f.action === 'unchanged' ? 'unchanged' : `would be ${f.action}`) : f.action;
    lines.push(`    ${action.padEnd(10)} ${tildify(ctx, f.path)}`);
  }
  if (a.verify) lines.push(...verifyLine('verified', a.verify));
  for (const n of a.notes) lines.push(...wrap(`note: ${n}`, 4));
  return lines;
}

export function printSetupReport(ctx: CliContext, report: SetupReport): void {
  if (ctx.json) {
    printJson(ctx, report);
    return;
  }
  const lines: string[] = [];
  if (report.dryRun && report.diff) lines.push(report.diff.trimEnd(), '');
  for (const a of report.agents) lines.push(...agentLines(ctx, a, report.dryRun));
  lines.push('');
  if (report.upToDate && report.agents.some((a) => a.files.length > 0)) {
    lines.push('Already up to date: nothing was written.');
  } else if (report.dryRun) {
    lines.push('Dry run: nothing was written.');
  }
  if (report.backupId) {
    lines.push(...wrap(`Backups of the changed files: \`${BIN} restore --list\`; undo this run with \`${BIN} restore --id ${report.backupId}\`.`));
  }
  lines.push(...wrap(report.ok ? 'Every agent is set up and verified.' : `Some agents are not set up; see above. Retry with \`${BIN} setup\` once fixed.`));
  print(ctx, lines);
}
