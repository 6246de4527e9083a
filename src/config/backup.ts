// Backups: before a run writes anything, every file it will change is copied into
// <stateDir>/backups/<id>/ with a manifest, so `restore` can put the old files back exactly.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, rmdir, stat, unlink } from 'node:fs/promises';
import { fsFailure, fsReason } from './fs-error.js';
import path from 'node:path';
import { JobError, UsageError } from '../core/errors.js';
import { chownLike, mkdirOwned, removeLeftoverTemps, resolveTarget, writeBytesAtomic, writeFileAtomic } from './atomic.js';
import { readRegularFile } from './read.js';
import type { AppliedFile, BackupManifest, PlannedFile } from './types.js';
import { msg, type Message } from '../i18n/index.js';

const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;
const MANIFEST = 'manifest.json';

/** `20261122T085000Z`: sorts by time, and is safe in a file name on every platform. */
function stamp(now: Date): string {
  return now.toISOString().replace(/\.\d+Z$/, 'Z').replace(/[-:]/g, '');
}

/** The digest a manifest keeps of the bytes a run left in a file (never the bytes: they may hold the key). */
export function digest(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** How many backups are kept by default: each holds copies of files that may hold the key. */
export const DEFAULT_KEEP_BACKUPS = 10;
/** The variable that changes it (a whole number, 1 or more). */
export const KEEP_BACKUPS_ENV = 'GATEWAY_AGENT_SETUP_KEEP_BACKUPS';

/** The number of backups to keep, from the environment; a value that is no whole number ≥ 1 is refused by name. */
export function keepBackups(env: Readonly<Record<string, string | undefined>>): number {
  const raw = env[KEEP_BACKUPS_ENV];
  if (raw === undefined || raw.trim() === '') return DEFAULT_KEEP_BACKUPS;
  const n = Number(raw.trim());
  if (!Number.isInteger(n) || n < 1) throw new UsageError(msg('backup.keep_invalid', { name: KEEP_BACKUPS_ENV, value: raw }), msg('backup.keep_invalid_hint', { name: KEEP_BACKUPS_ENV }));
  return n;
}

/**
 * Removes the oldest backups beyond `keep`, never `current`. Only folders with a valid manifest
 * are backups: anything else in the folder is left alone. The ids removed, oldest last.
 */
export async function pruneBackups(stateDir: string, keep: number, current?: string): Promise<string[]> {
  const backups = await listBackups(stateDir);
  const kept = new Set(backups.slice(0, keep).map((b) => b.id));
  if (current !== undefined) kept.add(current);
  const removed: string[] = [];
  for (const b of backups) {
    if (kept.has(b.id)) continue;
    await rm(path.join(backupsDir(stateDir), b.id), { recursive: true, force: true });
    removed.push(b.id);
  }
  return removed;
}

export function backupsDir(stateDir: string): string {
  return path.join(stateDir, 'backups');
}

/** A FIFO or device where a config (or a backup copy) belongs is refused by path, never read. */
const readBytes = (file: string): Promise<Buffer | undefined> => readRegularFile(file, { notDirIsAbsent: true });

/** A new, empty backup folder; the random suffix only keeps two runs in the same second apart. */
async function newBackupFolder(stateDir: string, now: Date): Promise<{ id: string; dir: string }> {
  await mkdirOwned(backupsDir(stateDir), PRIVATE_DIR);
  for (;;) {
    const id = `${stamp(now)}-${randomBytes(2).toString('hex')}`;
    const dir = path.join(backupsDir(stateDir), id);
    try {
      await mkdir(dir, { mode: PRIVATE_DIR });
      await chownLike(dir, backupsDir(stateDir));
      return { id, dir };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
}

/**
 * Writes the plan: backs up every file it will update (and records the ones it creates), then writes
 * each changed file atomically. If a write fails, the files already written are put back before the
 * error is thrown. Nothing changes → no backup folder, every file 'unchanged'.
 */
export async function applyPlan(
  plan: readonly PlannedFile[],
  opts: { stateDir: string; command: string; now?: Date; onBackup?: (id: string) => void; keep?: number },
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
  const writeBackup = async (): Promise<void> => {
    // Copies and writes run concurrently: each is atomic on its own, and fsync waits dominate.
    const entries = await Promise.all(
      changing.map(async (f, i) => {
        const bytes = originals[i];
        // What this run leaves in the file: restore compares it with the file then, to see later edits.
        const written = digest(f.after);
        if (bytes === undefined) return { path: f.path, existed: false, written };
        const name = `${i + 1}-${path.basename(f.path)}`;
        await writeBytesAtomic(path.join(dir, name), bytes, PRIVATE_FILE);
        backupOf.set(f, path.join(dir, name));
        return { path: f.path, backup: name, existed: true, mode: f.beforeMode ?? PRIVATE_FILE, written };
      }),
    );
    manifest.files.push(...entries);
    await writeFileAtomic(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, PRIVATE_FILE);
  };
  try {
    await writeBackup();
  } catch (err) {
    // A backup that cannot be completed (disk full) is removed: no config was touched yet, and a
    // half backup must not look like one.
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
    await rmdir(backupsDir(opts.stateDir)).catch(() => undefined);
    throw fsFailure(err, dir);
  }
  // From here on a file may change: whoever stops the run must be able to name the backup.
  opts.onBackup?.(id);

  const results = await Promise.allSettled(
    changing.map((f) => writeFileAtomic(f.path, f.after, f.mode, { dirMode: f.secret ? PRIVATE_DIR : 0o755 })),
  );
  const failed = results.findIndex((r) => r.status === 'rejected');
  if (failed !== -1) {
    const written = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
    const clean = await rollBack(changing, originals, written);
    const err = (results[failed] as PromiseRejectedResult).reason as NodeJS.ErrnoException;
    const message = msg('cfg.cannot_write', { file: changing[failed]?.path ?? '', code: fsReason(err) });
    if (!clean) throw new JobError(message, msg('cfg.cannot_write_hint', { id }));
    // Every file is as it was: a backup of an unchanged state is only noise (and a full disk's weight).
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
    await rmdir(backupsDir(opts.stateDir)).catch(() => undefined);
    throw new JobError(message, msg('fs.cannot_write_hint'));
  }
  // The new backup is complete and the files written: older backups beyond the limit go, so copies
  // of an old key do not pile up. A failure here costs nothing the run promised.
  const pruned = opts.keep === undefined ? [] : await pruneBackups(opts.stateDir, opts.keep, id).catch(() => []);
  return {
    backupId: id,
    ...(pruned.length > 0 ? { pruned } : {}),
    files: plan.map((f) => {
      const backup = backupOf.get(f);
      return { path: f.path, action: f.action, ...(backup !== undefined ? { backup } : {}) };
    }),
  };
}

/** Puts the written files back; false when one could not be (the backup folder then still holds it). */
async function rollBack(changing: readonly PlannedFile[], originals: readonly (Buffer | undefined)[], written: readonly number[]): Promise<boolean> {
  let clean = true;
  for (const i of written) {
    const f = changing[i] as PlannedFile;
    const bytes = originals[i];
    try {
      if (bytes === undefined) await unlink(await resolveTarget(f.path));
      else await writeBytesAtomic(f.path, bytes, f.beforeMode ?? f.mode);
    } catch {
      // The backup folder still holds the original; the error thrown names it.
      clean = false;
    }
  }
  return clean;
}

function isManifest(value: unknown): value is BackupManifest {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Partial<BackupManifest>;
  return typeof m.id === 'string' && typeof m.createdAt === 'string' && typeof m.command === 'string' && Array.isArray(m.files)
    && m.files.every((f) => typeof f === 'object' && f !== null && typeof f.path === 'string' && typeof f.existed === 'boolean');
}

/** Every readable backup, newest first. A folder without a valid manifest is not a backup. */
export async function listBackups(stateDir: string): Promise<BackupManifest[]> {
  let names: string[];
  try {
    names = await readdir(backupsDir(stateDir));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const manifests: BackupManifest[] = [];
  for (const name of names) {
    try {
      const value: unknown = JSON.parse((await readRegularFile(path.join(backupsDir(stateDir), name, MANIFEST)))?.toString('utf8') ?? '');
      if (isManifest(value) && value.id === name) manifests.push(value);
    } catch {
      // not a backup folder (or a half-written one): skip it
    }
  }
  return manifests.sort((a, b) => (a.createdAt === b.createdAt ? b.id.localeCompare(a.id) : b.createdAt.localeCompare(a.createdAt)));
}

async function modeOf(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).mode & 0o777;
  } catch {
    return undefined;
  }
}

type ManifestEntry = BackupManifest['files'][number];

/** A file restore would overwrite or remove although it changed after the run it undoes. */
export interface RestoreConflict {
  path: string;
  /** 'changed': the run updated it and it changed since; 'filled': the run created it and it changed since. */
  kind: 'changed' | 'filled';
}

/** Restore refused: files changed after the backup was made; the caller may retry with `force`. */
export class RestoreConflictError extends JobError {
  constructor(
    readonly id: string,
    readonly conflicts: readonly RestoreConflict[],
    hint: Message,
  ) {
    super(msg('restore.refused', { id }), hint);
  }
}

export interface RestoreResult {
  id: string;
  files: AppliedFile[];
  /** With `force`: the backup holding the files as they were just before this restore. */
  savedId?: string;
}

/** One file of the backup: what it holds now, and what restoring puts there (undefined: remove it). */
interface Step {
  entry: ManifestEntry;
  current?: Buffer;
  target?: Buffer;
  mode: number;
}

/**
 * Did the file change after the run that wrote it? Only when the manifest recorded what that run
 * wrote (older manifests did not: nothing to compare). A file deleted since holds nothing to lose,
 * and bytes a later run of ours wrote (recorded in a newer manifest) are not the user's edit.
 */
function changedSince(entry: ManifestEntry, current: Buffer | undefined, ours: ReadonlySet<string>): boolean {
  if (entry.written === undefined || current === undefined) return false;
  const now = digest(current);
  return now !== entry.written && !ours.has(now);
}

/** The digests later runs of ours wrote into `file` (newer manifests than `manifest`). */
function laterWrites(backups: readonly BackupManifest[], manifest: BackupManifest, file: string): Set<string> {
  const at = backups.indexOf(manifest);
  const newer = backups.slice(0, Math.max(0, at));
  return new Set(newer.flatMap((b) => b.files.filter((f) => f.path === file && typeof f.written === 'string').map((f) => f.written as string)));
}

/** Copies the current bytes of the files a forced restore changes into a new backup (command 'restore'). */
async function saveCurrent(stateDir: string, steps: readonly Step[]): Promise<string | undefined> {
  const changing = steps.filter((s) => !sameBytes(s.current, s.target));
  if (changing.length === 0) return undefined;
  const now = new Date();
  const { id, dir } = await newBackupFolder(stateDir, now);
  const files: ManifestEntry[] = [];
  for (const [i, s] of changing.entries()) {
    const written = s.target === undefined ? null : digest(s.target);
    if (s.current === undefined) {
      files.push({ path: s.entry.path, existed: false, written });
      continue;
    }
    const name = `${i + 1}-${path.basename(s.entry.path)}`;
    await writeBytesAtomic(path.join(dir, name), s.current, PRIVATE_FILE);
    files.push({ path: s.entry.path, backup: name, existed: true, mode: (await modeOf(s.entry.path)) ?? PRIVATE_FILE, written });
  }
  const manifest: BackupManifest = { id, createdAt: now.toISOString(), command: 'restore', files };
  await writeFileAtomic(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, PRIVATE_FILE);
  return id;
}

function sameBytes(a: Buffer | undefined, b: Buffer | undefined): boolean {
  return a === undefined ? b === undefined : b !== undefined && a.equals(b);
}

/**
 * Puts back the files of backup `id` (the newest when absent): each saved file atomically with its old
 * mode; a file the run created is removed. A file that changed after that run (the user's later
 * edits) stops the whole restore with RestoreConflictError before anything is written, unless `force`:
 * then the current files are first copied into a new backup, whose id is returned.
 */
export async function restoreBackup(stateDir: string, id?: string, opts: { force?: boolean; hint?: Message } = {}): Promise<RestoreResult> {
  const backups = await listBackups(stateDir);
  const manifest = id === undefined ? backups[0] : backups.find((b) => b.id === id);
  if (!manifest) {
    throw new JobError(id === undefined ? msg('cfg.no_backups', { dir: backupsDir(stateDir) }) : msg('cfg.no_backup_id', { id, dir: backupsDir(stateDir) }));
  }
  const dir = path.join(backupsDir(stateDir), manifest.id);
  // Read everything first: a damaged backup or a conflict stops the restore before any write.
  const steps: Step[] = [];
  for (const entry of manifest.files) {
    const current = await readBytes(entry.path);
    if (!entry.existed) {
      steps.push({ entry, ...(current !== undefined ? { current } : {}), mode: 0 });
      continue;
    }
    // The manifest names a file inside its own folder, nothing else.
    if (!entry.backup || entry.backup !== path.basename(entry.backup)) {
      throw new JobError(msg('cfg.backup_damaged', { id: manifest.id, file: entry.path }));
    }
    const copy = path.join(dir, entry.backup);
    const target = await readBytes(copy);
    if (target === undefined) throw new JobError(msg('cfg.backup_missing', { id: manifest.id, copy }));
    steps.push({ entry, ...(current !== undefined ? { current } : {}), target, mode: entry.mode ?? 0o644 });
  }
  const conflicts: RestoreConflict[] = steps
    .filter((s) => !sameBytes(s.current, s.target) && changedSince(s.entry, s.current, laterWrites(backups, manifest, s.entry.path)))
    .map((s) => ({ path: s.entry.path, kind: s.entry.existed ? 'changed' : 'filled' }));
  if (conflicts.length > 0 && opts.force !== true) throw new RestoreConflictError(manifest.id, conflicts, opts.hint ?? msg('cfg.run_again'));
  const savedId = opts.force === true ? await saveCurrent(stateDir, steps) : undefined;

  const restored: AppliedFile[] = [];
  for (const s of steps) {
    const { entry } = s;
    await removeLeftoverTemps(entry.path, 0);
    if (s.target === undefined) {
      // Through a symlink the run wrote the link's target: remove that, and keep the user's link.
      if (s.current !== undefined) await unlink(await resolveTarget(entry.path));
      restored.push({ path: entry.path, action: s.current !== undefined ? 'removed' : 'unchanged' });
      continue;
    }
    const copy = path.join(dir, entry.backup ?? '');
    if (s.current !== undefined && s.current.equals(s.target) && (await modeOf(entry.path)) === s.mode) {
      restored.push({ path: entry.path, action: 'unchanged', backup: copy });
      continue;
    }
    await writeBytesAtomic(entry.path, s.target, s.mode);
    restored.push({ path: entry.path, action: 'updated', backup: copy });
  }
  return { id: manifest.id, files: restored, ...(savedId !== undefined ? { savedId } : {}) };
}
