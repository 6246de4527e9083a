// `restore`: put back the files of a backup that setup (or sync, doctor --fix) made.
import { JobError, UsageError } from '../../core/errors.js';
import { flag, str, type OptionTable, type ParsedArgs } from '../args.js';
import type { CliContext } from '../context.js';
import { BIN, type CommandHelp } from '../help.js';
import { padTo, print, printJson } from '../output.js';
import { msg } from '../../i18n/index.js';

export const options: OptionTable = {
  list: { type: 'boolean', description: msg('help.opt.list') },
  id: { type: 'string', value: 'ID', description: msg('help.opt.id') },
  json: { type: 'boolean', description: msg('help.opt.json') },
};

export const help: CommandHelp = {
  summary: msg('help.summary.restore'),
  usage: `${BIN} restore [--list] [--id ID] [--json]`,
  details: [
    msg('help.detail.restore.1'),
  ],
  examples: [`${BIN} restore --list`, `${BIN} restore --id 20261122T090000Z-1a2b`],
};

export async function run(ctx: CliContext, args: ParsedArgs): Promise<number> {
  const { listBackups, restoreBackup, stateDir, withLock } = await import('../../config/index.js');
  const dir = stateDir(ctx.home, ctx.env, ctx.platform);
  const backups = await listBackups(dir);
  if (flag(args.values, 'list')) {
    if (ctx.json) {
      printJson(ctx, { ok: true, backups });
    } else if (backups.length === 0) {
      print(ctx, ctx.t('restore.none', { dir }));
    } else {
      print(ctx, backups.flatMap((b) => [`${b.id}  ${b.createdAt}  ${b.command}`, ...b.files.map((f) => `    ${ctx.t(f.existed ? 'restore.changed' : 'restore.created')} ${f.path}`)]));
    }
    return 0;
  }
  const id = str(args.values, 'id');
  if (backups.length === 0) throw new JobError(msg('restore.none_to_restore', { dir }));
  if (id !== undefined && !backups.some((b) => b.id === id)) {
    throw new UsageError(msg('restore.no_such', { id }), msg('restore.no_such_hint', { ids: backups.map((b) => b.id).join(', '), bin: BIN }));
  }
  const restored = await withLock(dir, () => restoreBackup(dir, id));
  const used = id ?? backups[0]?.id;
  if (ctx.json) {
    printJson(ctx, { ok: true, id: used, files: restored });
  } else {
    print(ctx, [ctx.t('restore.done', { id: used ?? '' }), ...restored.map((f) => `    ${padTo(ctx.t(`report.action.${f.action}`), 9)} ${f.path}`)]);
  }
  return 0;
}
