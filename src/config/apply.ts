// Applying a plan: every file it changes backed up first (backup.ts), then written atomically;
// a failed write puts back the files already written.
import { rm, rmdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { JobError } from '../core/errors.js';
import { commas, msg } from '../i18n/index.js';
import { removeLeftoverTemps, resolveTarget, stageBytes, writeBytesAtomic, writeFileAtomic, type Staged } from './atomic.js';
import {
  backupsDir,
  digest,
  listBackups,
  MANIFEST,
  newBackupFolder,
  PRIVATE_DIR,
  PRIVATE_FILE,
  pruneBackups,
  readBytes,
} from './backup.js';
import { fsFailure, fsHint, fsReason, isFsError } from './fs-error.js';
import { withoutKeys } from './key-mark.js';
import type { AppliedFile, BackupManifest, PlannedFile } from './types.js';

/**
 * Backs up every file the plan changes (and records the ones it creates) in a new backup folder,
 * with its manifest. A backup that cannot be completed (disk full) is removed: no config was
 * touched yet, and a half backup must not look like one.
 */
async function backUp(
  changing: readonly PlannedFile[],
  originals: readonly (Buffer | undefined)[],
  opts: { stateDir: string; command: string; now?: Date; secrets?: readonly string[] },
): Promise<{ id: string; dir: string; backupOf: Map<PlannedFile, string> }> {
  const now = opts.now ?? new Date();
  let folder: { id: string; dir: string };
  try {
    folder = await newBackupFolder(opts.stateDir, now);
  } catch (err) {
    throw fsFailure(err, backupsDir(opts.stateDir));
  }
  const { id, dir } = folder;
  const manifest: BackupManifest = { id, createdAt: now.toISOString(), command: opts.command, files: [] };
  const backupOf = new Map<PlannedFile, string>();
  // Each file's newest entry in the backups so far: whether only our runs changed it since its oldest backup.
  const history = await listBackups(opts.stateDir).catch(() => []);
  const chainOf = (file: string, before: Buffer | undefined): boolean => {
    const last = history.flatMap((b) => b.files).find((e) => e.path === file);
    return last === undefined || (last.chain === true && last.written === (before === undefined ? null : digest(before)));
  };
  const writeBackup = async (): Promise<void> => {
    // Copies and writes run concurrently: each is atomic on its own, and fsync waits dominate.
    // Every copy settles before an error is thrown: the folder is removed on failure, and a write
    // still running would put a file back into it.
    const settled = await Promise.allSettled(
      changing.map(async (f, i) => {
        const bytes = originals[i];
        // What this run leaves in the file: restore compares it with the file then, to see later edits.
        const written = f.remove ? null : digest(f.after);
        const chain = chainOf(f.path, bytes);
        const name = `${i + 1}-${path.basename(f.path)}`;
        // And the state it leaves: what a later remove compares with the file the user edited since.
        const copy = f.remove ? undefined : `${name}.written`;
        if (copy !== undefined)
          await writeBytesAtomic(path.join(dir, copy), Buffer.from(withoutKeys(f.after, opts.secrets ?? []), 'utf8'), PRIVATE_FILE);
        const left = { written, chain, ...(copy !== undefined && { writtenCopy: copy }) };
        if (bytes === undefined) return { path: f.path, existed: false, ...left };
        await writeBytesAtomic(path.join(dir, name), bytes, PRIVATE_FILE);
        backupOf.set(f, path.join(dir, name));
        return { path: f.path, backup: name, existed: true, mode: f.beforeMode ?? PRIVATE_FILE, ...left };
      }),
    );
    const failed = settled.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    manifest.files.push(...settled.map((r) => (r as PromiseFulfilledResult<BackupManifest['files'][number]>).value));
    await writeFileAtomic(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, PRIVATE_FILE);
  };
  try {
    await writeBackup();
  } catch (err) {
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
    await rmdir(backupsDir(opts.stateDir)).catch(() => undefined);
    throw fsFailure(err, dir);
  }
  return { id, dir, backupOf };
}

/**
 * A write failed: the files already written are put back, and the error says exactly what is where
 * (a file not put back still holds this run's content, the key too). When every file is as it was,
 * the backup of that unchanged state goes.
 */
async function undoWrites(
  changing: readonly PlannedFile[],
  originals: readonly (Buffer | undefined)[],
  written: readonly number[],
  failure: { index: number; error: unknown },
  where: { id: string; dir: string; stateDir: string },
): Promise<JobError> {
  const { putBack, left } = await rollBack(changing, originals, written);
  const err = failure.error as NodeJS.ErrnoException;
  const file = changing[failure.index]?.path ?? '';
  if (left.length > 0) {
    // Say exactly what is where: a file not put back still holds this run's content (the key too).
    const partial = new JobError(
      msg('cfg.cannot_write_partial', {
        file,
        code: fsReason(err),
        left: commas(left),
        putBack: putBack.length > 0 ? commas(putBack) : msg('cfg.none'),
      }),
      msg('cfg.cannot_write_partial_hint', { id: where.id }),
    );
    partial.details = { putBack, notPutBack: left, backupId: where.id };
    return partial;
  }
  // Every file is as it was: a backup of an unchanged state is only noise (and a full disk's weight).
  await rm(where.dir, { recursive: true, force: true }).catch(() => undefined);
  await rmdir(backupsDir(where.stateDir)).catch(() => undefined);
  // A refusal already said in words (a link to a file kept elsewhere) is said as it is.
  if (err instanceof JobError && putBack.length === 0) return err;
  const message = msg(putBack.length > 0 ? 'cfg.cannot_write' : 'cfg.cannot_write_alone', { file, code: fsReason(err) });
  return new JobError(message, fsHint(err));
}

/**
 * Writes the plan: backs up every file it will update (and records the ones it creates), then writes
 * each changed file atomically. If a write fails, the files already written are put back before the
 * error is thrown. Nothing changes → no backup folder, every file 'unchanged'.
 */
export async function applyPlan(
  plan: readonly PlannedFile[],
  opts: {
    stateDir: string;
    command: string;
    now?: Date;
    onBackup?: (id: string) => void;
    keep?: number;
    /** The keys the plan writes: the state kept for a later remove holds a mark in their place. */
    secrets?: readonly string[];
  },
): Promise<{ backupId?: string; files: AppliedFile[]; pruned?: string[] }> {
  // Under the lock no other run of ours is writing: a temp file of ours beside any of these files is
  // a killed run's leftover (it may hold the key), whatever its age.
  await Promise.all(plan.map((f) => removeLeftoverTemps(f.path, 0)));
  const changing = plan.filter((f) => f.action !== 'unchanged');
  if (changing.length === 0) return { files: plan.map((f) => ({ path: f.path, action: 'unchanged' })) };

  // The plan was computed from what was read earlier: never overwrite an edit made since then.
  const originals = await Promise.all(changing.map((f) => readBytes(f.path)));
  changing.forEach((f, i) => {
    const now = originals[i];
    const same = f.before === undefined ? now === undefined : now !== undefined && now.toString('utf8') === f.before;
    if (!same) {
      throw new JobError(msg('cfg.changed_since_read', { file: f.path }), msg('cfg.run_again'));
    }
  });

  const { id, dir, backupOf } = await backUp(changing, originals, opts);
  // From here on a file may change: whoever stops the run must be able to name the backup.
  opts.onBackup?.(id);

  const where = { id, dir, stateDir: opts.stateDir };
  // Every file's new content is written beside it first; only when all of it is there does any
  // file change (a rename each, which needs no free space). A full disk then leaves every file as
  // it was, whichever write it stopped.
  const staged = await Promise.allSettled(changing.map(stage));
  const unstaged = staged.findIndex((r) => r.status === 'rejected');
  if (unstaged !== -1) {
    await Promise.all(staged.map((r) => (r.status === 'fulfilled' ? r.value.discard() : undefined)));
    throw await undoWrites(changing, originals, [], { index: unstaged, error: (staged[unstaged] as PromiseRejectedResult).reason }, where);
  }
  const results = await Promise.allSettled(staged.map((r) => (r as PromiseFulfilledResult<Staged>).value.commit()));
  const failed = results.findIndex((r) => r.status === 'rejected');
  if (failed !== -1) {
    const written = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
    throw await undoWrites(
      changing,
      originals,
      written,
      { index: failed, error: (results[failed] as PromiseRejectedResult).reason },
      where,
    );
  }
  // The new backup is complete and the files written: older backups beyond the limit go, so copies
  // of an old key do not pile up. A failure here costs nothing the run promised.
  const pruned = opts.keep === undefined ? [] : await pruneBackups(opts.stateDir, opts.keep, id).catch(() => []);
  return {
    backupId: id,
    ...(pruned.length > 0 ? { pruned } : {}),
    files: plan.map((f) => {
      const backup = backupOf.get(f);
      return { path: f.path, action: f.remove ? 'removed' : f.action, ...(backup !== undefined ? { backup } : {}) };
    }),
  };
}

/** A planned file's change, made ready: its new content beside it, or (a file that goes) its path found. */
async function stage(f: PlannedFile): Promise<Staged> {
  if (f.remove) {
    // A file that was not there before our first write goes; through a symlink, the link's target.
    const target = await resolveTarget(f.path);
    return { commit: () => unlink(target), discard: async () => undefined };
  }
  try {
    return await stageBytes(f.path, f.after, f.mode, { dirMode: f.secret ? PRIVATE_DIR : 0o755 });
  } catch (err) {
    throw await linkedElsewhere(f.path, err);
  }
}

/** Refusals that say the place is not ours to write (not a full disk, not a busy file). */
const NOT_WRITABLE = new Set(['EROFS', 'EACCES', 'EPERM']);

/**
 * A file reached through a link whose target may not be written (a dotfiles manager's, Nix
 * home-manager's read-only store) is kept by whatever made the link: said so, with where.
 */
async function linkedElsewhere(file: string, err: unknown): Promise<unknown> {
  if (!isFsError(err) || !NOT_WRITABLE.has(err.code)) return err;
  const target = await resolveTarget(file).catch(() => file);
  if (target === file) return err;
  return new JobError(msg('cfg.link_not_writable', { file, target, reason: fsReason(err) }), msg('cfg.link_not_writable_hint', { file }));
}

/** Puts the written files back: which were, and which could not be (the backup folder still holds those). */
async function rollBack(
  changing: readonly PlannedFile[],
  originals: readonly (Buffer | undefined)[],
  written: readonly number[],
): Promise<{ putBack: string[]; left: string[] }> {
  const putBack: string[] = [];
  const left: string[] = [];
  for (const i of written) {
    const f = changing[i] as PlannedFile;
    const bytes = originals[i];
    try {
      if (bytes === undefined) await unlink(await resolveTarget(f.path));
      else await writeBytesAtomic(f.path, bytes, f.beforeMode ?? f.mode);
      putBack.push(f.path);
    } catch {
      left.push(f.path);
    }
  }
  return { putBack, left };
}
