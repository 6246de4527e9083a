// `restore`: put back the files of a backup that setup (or sync, doctor --fix) made.
import { JobError, UsageError } from '../../core/errors.js';
import { flag, str, type OptionTable, type ParsedArgs } from '../args.js';
import type { CliContext } from '../context.js';
import { BIN, type CommandHelp } from '../help.js';
import { print, printJson } from '../output.js';

export const options: OptionTable = {
  list: { type: 'boolean', description: 'List the backups, newest first; restore nothing.' },
  id: { type: 'string', value: 'ID', description: 'The backup to restore (default: the newest).' },
  json: { type: 'boolean', description: 'Print one JSON document on stdout and nothing else there.' },
};

export const help: CommandHelp = {
  summary: 'Put back the files of a backup (undo a setup).',
  usage: `${BIN} restore [--list] [--id ID] [--json]`,
  details: [
    'Every run that changes files first copies them into a backup folder with a manifest. restore writes them back atomically, with their old modes; files that the run created are removed.',
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
      print(ctx, `No backups in ${dir}.`);
    } else {
      print(ctx, backups.flatMap((b) => [`${b.id}  ${b.createdAt}  ${b.command}`, ...b.files.map((f) => `    ${f.existed ? 'changed' : 'created'} ${f.path}`)]));
    }
    return 0;
  }
  const id = str(args.values, 'id');
  if (backups.length === 0) throw new JobError(`No backups in ${dir}: nothing to restore.`);
  if (id !== undefined && !backups.some((b) => b.id === id)) {
    throw new UsageError(`No backup with id ${id}.`, `Backups: ${backups.map((b) => b.id).join(', ')} (see \`${BIN} restore --list\`).`);
  }
  const restored = await withLock(dir, () => restoreBackup(dir, id));
  const used = id ?? backups[0]?.id;
  if (ctx.json) {
    printJson(ctx, { ok: true, id: used, files: restored });
  } else {
    print(ctx, [`Restored backup ${used}:`, ...restored.map((f) => `    ${f.action.padEnd(9)} ${f.path}`)]);
  }
  return 0;
}
