import { givenOf } from '../given.js';
import { AGENTS } from '../../agents/registry.js';
import type { ParsedArgs } from '../args.js';
import type { CliContext } from '../context.js';
import type { CommandHelp } from '../command-types.js';
import { BIN } from '../help.js';
import { note, print, printJson } from '../output.js';
import { cut, wrap } from '../../core/layout.js';
import { escapeControls } from '../../core/terminal.js';
import { printSetupReport } from '../setup-report.js';
import { SETUP_OPTIONS } from '../setup-options.js';
import { commas, msg } from '../../i18n/index.js';
import type { SetupStart } from '../../library/setup.js';

export const options = SETUP_OPTIONS;

export const help: CommandHelp = {
  summary: msg('help.summary.setup_long'),
  usage: `${BIN} setup --base-url URL [--agent ID…] [--model [AGENT=]ID…] [--dry-run] [--json]`,
  details: [
    msg('help.detail.setup.steps'),
    msg('help.detail.setup.safety'),
    msg('help.detail.setup.keys'),
    msg('help.detail.setup.undo', { bin: BIN }),
  ],
  examples: [
    `GATEWAY_API_KEY=sk-… ${BIN} setup --base-url https://gw.example.com --agent claude-code,codex`,
    `${BIN} setup --agent opencode --model opencode=deepseek-chat --dry-run`,
    `${BIN} setup --yes --agent codex --key-storage env --json   # in CI`,
    `${BIN} setup --agent claude-code,codex --api-key-env claude-code=CLAUDE_GROUP_KEY`,
  ],
};

/** What the import link gave: its gateway, the key masked, its name, and its model hints. */
function importNotes(ctx: CliContext, start: SetupStart): void {
  const imported = start.imported!;
  note(
    ctx,
    wrap(
      ctx.t('import.from', {
        source: imported.source,
        root: start.root,
        key: start.key,
        // The link's text: escaped and cut, however long a name it carries.
        name: imported.name !== undefined ? JSON.stringify(cut(escapeControls(imported.name), 64)) : ctx.t('import.unnamed'),
      }),
    ),
  );
  if (imported.app !== undefined && imported.agents.length === 0) note(ctx, wrap(ctx.t('import.other_app', { app: imported.app })));
  else if (imported.models.length > 0)
    for (const id of imported.agents) note(ctx, wrap(ctx.t('import.hints', { agent: AGENTS[id].name, models: commas(imported.models) })));
}

function banner(ctx: CliContext, start: SetupStart): void {
  if (ctx.json) return;
  if (start.imported) importNotes(ctx, start);
  note(ctx, wrap(ctx.t('setup.banner', { root: start.root, key: start.key, source: start.keySource, agents: commas(start.agents) })));
}

export async function run(ctx: CliContext, args: ParsedArgs): Promise<number> {
  const given = givenOf(args.values);
  const [{ setup }, { guardInterrupt }] = await Promise.all([import('../../library/setup.js'), import('../interrupt.js')]);
  const { report, exit, timeoutMs } = await guardInterrupt(ctx, (onProgress) =>
    setup(given, ctx, { onStart: (start) => banner(ctx, start), onProgress }),
  );
  const runs =
    given.verifyByAgent && report.ok && !report.dryRun
      ? await (
          await import('../agent-run.js')
        ).runAgents(ctx, { agents: report.agents.map((a) => a.id), scope: report.scope, timeoutMs: timeoutMs * 4 })
      : undefined;
  if (ctx.json) {
    printJson(ctx, runs ? { ...report, ok: report.ok && runs.every((r) => r.ok), agentRuns: runs } : report);
  } else {
    printSetupReport(ctx, report, { closing: runs === undefined, agentRuns: runs !== undefined });
    if (runs) {
      (await import('../agent-run.js')).printAgentRuns(ctx, runs);
      // The last word covers both rounds: it never says "verified" above an agent's ✗.
      const failed = runs.filter((r) => !r.ok).length;
      print(
        ctx,
        wrap(failed === 0 && runs.length > 0 ? ctx.t('report.all_ok_agents') : ctx.t('report.agents_failed', { n: failed || runs.length })),
      );
    }
  }
  if (runs) return runs.length > 0 && runs.every((r) => r.ok) ? 0 : 1;
  return exit;
}
