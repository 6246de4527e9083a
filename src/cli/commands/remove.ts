// `remove`: take the gateway settings out of the agents' configs (src/remove/), for people who
// leave or switch tools. It never asks, like `setup` with flags: the backup is the way back.
import { followedJson, noteFollowed } from '../followed.js';
import { givenOf } from '../given.js';
import { GATEWAY_OPTIONS, type OptionTable, type ParsedArgs } from '../args.js';
import { hostOf, type CliContext } from '../context.js';
import type { CommandHelp } from '../command-types.js';
import { BIN } from '../help.js';
import { note, print, printJson, tildify } from '../output.js';
import { padTo, wrap } from '../../core/layout.js';
import { msg } from '../../i18n/index.js';

export const options: OptionTable = {
  'base-url': GATEWAY_OPTIONS['base-url']!,
  agent: { type: 'string', value: 'ID', multiple: true, description: msg('help.opt.agent_remove') },
  scope: { type: 'string', value: 'user|project', choices: ['user', 'project'], description: msg('help.opt.scope_remove') },
  'dry-run': { type: 'boolean', description: msg('help.opt.dry-run_remove') },
  yes: { type: 'boolean', short: 'y', description: msg('help.opt.yes_noop') },
  json: { type: 'boolean', description: msg('help.opt.json') },
};

export const help: CommandHelp = {
  summary: msg('help.summary.remove'),
  usage: `${BIN} remove [--agent ID…] [--scope user|project] [--dry-run] [--json]`,
  details: [msg('help.detail.remove.1', { bin: BIN })],
  examples: [`${BIN} remove --dry-run`, `${BIN} remove --agent codex`],
};

export async function run(ctx: CliContext, args: ParsedArgs): Promise<number> {
  const { remove } = await import('../../library/remove.js');
  const { report, followed } = await remove(givenOf(args.values), hostOf(ctx));
  const { root, scope, dryRun, removed: changed, backupId, diff } = report;
  const reports = report.agents;
  const shown = reports.filter((r) => r.files.some((f) => f.action !== 'unchanged') || r.notes.length > 0);
  if (ctx.json) {
    printJson(ctx, {
      ok: true,
      baseUrl: root,
      scope,
      dryRun,
      removed: changed,
      ...(backupId !== undefined ? { backupId } : {}),
      ...(diff !== undefined ? { diff } : {}),
      agents: reports.map((r) => ({
        id: r.id,
        name: r.name,
        files: r.files.filter((f) => f.action !== 'unchanged'),
        givenBack: r.givenBack,
        notes: r.notes,
      })),
      saved: followedJson(followed),
    });
    return 0;
  }
  const lines: string[] = [];
  if (!changed) lines.push(...wrap(ctx.t('remove.nothing', { root: root })));
  else lines.push(...wrap(ctx.t(dryRun ? 'remove.would' : 'remove.done', { root: root })));
  for (const r of shown) {
    lines.push('', `  ${r.name}`);
    for (const f of r.files.filter((x) => x.action !== 'unchanged')) {
      const removed = f.action === 'removed' || report.deleted.includes(f.path);
      const label = removed
        ? dryRun
          ? 'report.action.would_removed'
          : 'report.action.removed'
        : dryRun
          ? 'report.action.would_updated'
          : 'report.action.updated';
      lines.push(`    ${padTo(ctx.t(label), 16)} ${tildify(ctx, f.path)}`);
      if (r.givenBack.includes(f.path)) lines.push(...wrap(ctx.t(dryRun ? 'remove.would_give_back' : 'remove.given_back'), 6));
    }
    for (const n of r.notes) lines.push(...wrap(ctx.t('core.note', { text: n }), 4));
  }
  if (diff) lines.push('', diff.trimEnd());
  print(ctx, lines);
  if (backupId !== undefined) note(ctx, wrap(ctx.t('remove.backup', { bin: BIN, id: backupId })));
  noteFollowed(ctx, followed);
  return 0;
}
