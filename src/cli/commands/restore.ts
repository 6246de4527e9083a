// `restore`: put back the files of a backup that setup (or sync, doctor --fix) made.
import { KEEP_BACKUPS_ENV, RestoreConflictError } from '../../config/backup.js';
import { flag, str, type OptionTable, type ParsedArgs } from '../args.js';
import { hostOf, type CliContext } from '../context.js';
import type { CommandHelp } from '../command-types.js';
import { BIN } from '../help.js';
import { followedJson, noteFollowed } from '../followed.js';
import { note, print, printJson, tildify } from '../output.js';
import { padTo, wrap } from '../../core/layout.js';
import { msg } from '../../i18n/index.js';

export const options: OptionTable = {
  list: { type: 'boolean', description: msg('help.opt.list') },
  id: { type: 'string', value: 'ID', description: msg('help.opt.id') },
  force: { type: 'boolean', description: msg('help.opt.restore_force') },
  // restore never asks; `--yes` is accepted because people type it by habit in scripts.
  yes: { type: 'boolean', short: 'y', description: msg('help.opt.yes_noop') },
  json: { type: 'boolean', description: msg('help.opt.json') },
};

export const help: CommandHelp = {
  summary: msg('help.summary.restore'),
  usage: `${BIN} restore [--list] [--id ID] [--force] [--json]`,
  details: [msg('help.detail.restore.backups')],
  examples: [`${BIN} restore --list`, `${BIN} restore --id 20261122T090000Z-1a2b`],
};

export async function run(ctx: CliContext, args: ParsedArgs): Promise<number> {
  const { backups, restore } = await import('../../library/restore.js');
  if (flag(args.values, 'list')) {
    const { dir, keep, backups: all } = await backups(hostOf(ctx));
    if (ctx.json) {
      printJson(ctx, { ok: true, keep, backups: all });
    } else if (all.length === 0) {
      print(ctx, ctx.t('restore.none', { dir }));
    } else {
      print(ctx, [
        ...all.flatMap((b) => [
          `${b.id}  ${b.createdAt}  ${b.command}`,
          ...b.files.map((f) => `    ${ctx.t(f.existed ? 'restore.changed' : 'restore.created')} ${tildify(ctx, f.path)}`),
        ]),
        '',
        ...wrap(ctx.t('restore.kept', { n: all.length, keep, name: KEEP_BACKUPS_ENV })),
      ]);
    }
    return 0;
  }
  let result;
  try {
    result = await restore({ id: str(args.values, 'id'), force: flag(args.values, 'force') }, hostOf(ctx));
  } catch (err) {
    if (err instanceof RestoreConflictError) {
      // Which files and why, before the one error line main.ts prints (and the JSON document).
      if (ctx.json) {
        printJson(ctx, {
          ok: false,
          error: { code: 'changed_since_backup', message: err.text, fix: err.hint, files: err.conflicts, details: err.lines },
        });
      } else {
        for (const line of err.lines) note(ctx, wrap(ctx.t(line), 2));
      }
    }
    throw err;
  }
  if (ctx.json) {
    printJson(ctx, {
      ok: true,
      id: result.id,
      files: result.files,
      ...(result.savedId !== undefined ? { savedBackup: result.savedId } : {}),
      saved: followedJson(result.followed),
    });
  } else {
    print(ctx, [
      ctx.t('restore.done', { id: result.id }),
      ...result.files.map((f) => `    ${padTo(ctx.t(`report.action.${f.action}`), 9)} ${tildify(ctx, f.path)}`),
    ]);
    if (result.savedId !== undefined) note(ctx, wrap(ctx.t('restore.saved_current', { id: result.savedId, bin: BIN })));
    noteFollowed(ctx, result.followed);
  }
  return 0;
}
