// Backups: before a run writes anything, every file it will change is copied into
// <stateDir>/backups/<id>/ with a manifest, so `restore` can put the old files back exactly.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { JobError } from '../core/errors.js';
import { writeBytesAtomic, writeFileAtomic } from './atomic.js';
import type { AppliedFile, BackupManifest, PlannedFile } from './types.js';
import { msg } from '../i18n/index.js';

const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;
const MANIFEST = 'manifest.json';

/** `20261122T085000Z`: sorts by time, and is safe in a file name on every platform. */
function stamp(now: Date): string {
  return now.toISOString().replace(/\.\d+Z$/, 'Z').replace(/[-:]/g, '');
}

export function backupsDir(stateDir: string): string {
  return path.join(stateDir, 'backups');
}

async function readBytes(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (err) {
    // ENOTDIR: a parent is a regular file, so this path cannot exist either.
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw err;
  }
}

/** A new, empty backup folder; the random suffix only keeps two runs in the same second apart. */
async function newBackupFolder(stateDir: string, now: Date): Promise<{ id: string; dir: string }> {
  await mkdir(backupsDir(stateDir), { recursive: true, mode: PRIVATE_DIR });
  for (;;) {
    const id = `${stamp(now)}-${randomBytes(2).toString('hex')}`;
    const dir = path.join(backupsDir(stateDir), id);
    try {
      await mkdir(dir, { mode: PRIVATE_DIR });
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
  opts: { stateDir: string; command: string; now?: Date },
): Promise<{ backupId?: string; files: AppliedFile[] }> {
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
  const { id, dir } = await newBackupFolder(opts.stateDir, now);
  const manifest: BackupManifest = { id, createdAt: now.toISOString(), command: opts.command, files: [] };
  const backupOf = new Map<PlannedFile, string>();
  // Copies and writes run concurrently: each is atomic on its own, and fsync waits dominate.
  const entries = await Promise.all(
    changing.map(async (f, i) => {
      const bytes = originals[i];
      if (bytes === undefined) return { path: f.path, existed: false };
      const name = `${i + 1}-${path.basename(f.path)}`;
      await writeBytesAtomic(path.join(dir, name), bytes, PRIVATE_FILE);
      backupOf.set(f, path.join(dir, name));
      return { path: f.path, backup: name, existed: true, mode: f.beforeMode ?? PRIVATE_FILE };
    }),
  );
  manifest.files.push(...entries);
  await writeFileAtomic(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, PRIVATE_FILE);

  const results = await Promise.allSettled(
    changing.map((f) => writeFileAtomic(f.path, f.after, f.mode, { dirMode: f.secret ? PRIVATE_DIR : 0o755 })),
  );
  const failed = results.findIndex((r) => r.status === 'rejected');
  if (failed !== -1) {
    const written = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
    await rollBack(changing, originals, written);
    const err = (results[failed] as PromiseRejectedResult).reason as NodeJS.ErrnoException;
    const code = err.code ?? err.message;
    throw new JobError(msg('cfg.cannot_write', { file: changing[failed]?.path ?? '', code: String(code) }), msg('cfg.cannot_write_hint', { id }));
  }
  return {
    backupId: id,
    files: plan.map((f) => {
      const backup = backupOf.get(f);
      return { path: f.path, action: f.action, ...(backup !== undefined ? { backup } : {}) };
    }),
  };
}

async function rollBack(changing: readonly PlannedFile[], originals: readonly (Buffer | undefined)[], written: readonly number[]): Promise<void> {
  for (const i of written) {
    const f = changing[i] as PlannedFile;
    const bytes = originals[i];
    try {
      if (bytes === undefined) await unlink(f.path);
      else await writeBytesAtomic(f.path, bytes, f.beforeMode ?? f.mode);
    } catch {
      // The backup folder still holds the original; the error thrown names it.
    }
  }
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
      const value: unknown = JSON.parse(await readFile(path.join(backupsDir(stateDir), name, MANIFEST), 'utf8'));
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

/**
 * Puts back the files of backup `id` (the newest when absent): each saved file atomically with its old
 * mode; a file the run created is removed.
 */
export async function restoreBackup(stateDir: string, id?: string): Promise<AppliedFile[]> {
  const backups = await listBackups(stateDir);
  const manifest = id === undefined ? backups[0] : backups.find((b) => b.id === id);
  if (!manifest) {
    throw new JobError(id === undefined ? msg('cfg.no_backups', { dir: backupsDir(stateDir) }) : msg('cfg.no_backup_id', { id, dir: backupsDir(stateDir) }));
  }
  const dir = path.join(backupsDir(stateDir), manifest.id);
  const restored: AppliedFile[] = [];
  for (const entry of manifest.files) {
    if (!entry.existed) {
      const present = (await readBytes(entry.path)) !== undefined;
      if (present) await unlink(entry.path);
      restored.push({ path: entry.path, action: present ? 'removed' : 'unchanged' });
      continue;
    }
    // The manifest names a file inside its own folder, nothing else.
    if (!entry.backup || entry.backup !== path.basename(entry.backup)) {
      throw new JobError(msg('cfg.backup_damaged', { id: manifest.id, file: entry.path }));
    }
    const copy = path.join(dir, entry.backup);
    const bytes = await readBytes(copy);
    if (bytes === undefined) throw new JobError(msg('cfg.backup_missing', { id: manifest.id, copy }));
    const mode = entry.mode ?? 0o644;
    const current = await readBytes(entry.path);
    if (current !== undefined && current.equals(bytes) && (await modeOf(entry.path)) === mode) {
      restored.push({ path: entry.path, action: 'unchanged', backup: copy });
      continue;
    }
    await writeBytesAtomic(entry.path, bytes, mode);
    restored.push({ path: entry.path, action: 'updated', backup: copy });
  }
  return restored;
}
