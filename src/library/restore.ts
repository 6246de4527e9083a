// `restore` as library calls: the backups setup (or sync, doctor --fix) made, and one put back.
// Never over what the user changed since: that is refused, file by file, unless forced.
import { BIN } from '../core/bin.js';
import { JobError, UsageError } from '../core/errors.js';
import { commas, msg } from '../i18n/index.js';
import { followFiles } from '../settings/follow-files.js';
import { agentEnv } from '../settings/setup-inputs.js';
import { session, type Host } from './host.js';

/** The backups kept, newest first, where they are, and how many are kept. */
export async function backups(host: Host) {
  const { keepBackups, listBackups, stateDir } = await import('../config/index.js');
  const dir = stateDir(host.home, host.env, host.platform);
  return { dir, keep: keepBackups(host.env), backups: await listBackups(dir) };
}

export interface RestoreInput {
  /** The backup to put back (default: the newest). */
  id?: string;
  /** Put it back over files changed since. */
  force?: boolean;
}

/**
 * Puts a backup's files back. A file changed since the backup stops it (RestoreConflictError, its
 * `lines` each file and why) unless forced; the current files are then saved as a backup of their own.
 */
export async function restore(input: RestoreInput, host: Host) {
  const { restoreBackup, withLock } = await import('../config/index.js');
  const { dir, backups: all } = await backups(host);
  if (all.length === 0) {
    const none = new JobError(msg('restore.none_to_restore', { dir }), msg('restore.none_hint'));
    none.retryable = false;
    throw none;
  }
  const id = input.id;
  if (id !== undefined && !all.some((b) => b.id === id)) {
    throw new UsageError(msg('restore.no_such', { id }), msg('restore.no_such_hint', { ids: commas(all.map((b) => b.id)), bin: BIN }));
  }
  return withLock(dir, async () => {
    const result = await restoreBackup(dir, id, { force: input.force === true, hint: msg('restore.refused_hint', { bin: BIN }) });
    // The saved settings follow the files put back: an agent a restore takes off the gateway leaves the saved list.
    const changed = result.files.filter((f) => f.action !== 'unchanged').map((f) => f.path);
    const { ctx } = session(host);
    return { ...result, followed: await followFiles(ctx, agentEnv(ctx), changed) };
  });
}
