// Backups: before a run writes anything, every file it will change is copied into
// <stateDir>/backups/<id>/ with a manifest, so `restore` can put the old files back exactly.
import { mkdir, readdir, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { randomHex, sha256Hex } from '../core/builtins.js';
import { JobError, UsageError } from '../core/errors.js';
import {
  chownLike,
  mkdirOwned,
  removeLeftoverTemps,
  resolveTarget,
  stageBytes,
  writeBytesAtomic,
  writeFileAtomic,
  type Staged,
} from './atomic.js';
import { fsFailure } from './fs-error.js';
import { readRegularFile } from './read.js';
import type { AppliedFile, BackupManifest } from './types.js';
import { msg, type Message } from '../i18n/index.js';

export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;
export const MANIFEST = 'manifest.json';

/** `20261122T085000Z`: sorts by time, and is safe in a file name on every platform. */
function stamp(now: Date): string {
  return now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** What the backups say a file was before our first write to it, when giving it back loses nothing. */
export type Original =
  /** Only our runs changed it since, and it is as our last run left it: its bytes then (undefined: it did not exist). */
  | { id: string; bytes?: Buffer; mode?: number }
  /** Someone else changed it after our first write (or the backups cannot tell). */
  | { id: string; changed: true };

/**
 * The file as the oldest of `backups` (listBackups, newest first) holds it (before our first write),
 * when only our runs changed it since and `current` is what one of them left (the last, or an
 * earlier one a restore put back); undefined when no backup holds it.
 */
export async function originalOf(
  stateDir: string,
  backups: readonly BackupManifest[],
  file: string,
  current: Buffer | undefined,
): Promise<Original | undefined> {
  const entries = backups.flatMap((b) => b.files.filter((f) => f.path === file).map((f) => ({ id: b.id, entry: f })));
  const last = entries[0];
  const first = entries[entries.length - 1];
  if (!last || !first) return undefined;
  const now = current === undefined ? null : digest(current);
  const asLeft = (e: ManifestEntry): boolean => e.chain === true && e.written === now;
  // Bytes an earlier run of ours left, put back since (a restore keeps no entry of its own), are ours
  // as much as the last run's: that run found only our changes, and nothing else is in the file now.
  if (!asLeft(last.entry) && (now === null || !entries.some((e) => asLeft(e.entry)))) return { id: first.id, changed: true };
  if (!first.entry.existed) return { id: first.id };
  const name = first.entry.backup;
  const bytes = name && name === path.basename(name) ? await readBytes(path.join(backupsDir(stateDir), first.id, name)) : undefined;
  if (bytes === undefined) return { id: first.id, changed: true };
  return { id: first.id, bytes, ...(first.entry.mode !== undefined && { mode: first.entry.mode }) };
}

/** One run of ours over a file, as its backup holds it: the bytes it found and the bytes it left (undefined: no file). */
export interface RunBytes {
  before?: Buffer;
  /** The file's mode when the run found it. */
  mode?: number;
  after?: Buffer;
  chain: boolean;
}

/**
 * Every run of ours over `file` that the backups (listBackups, newest first) still hold, oldest first;
 * undefined when one of them lacks a state (a manifest of an older version, a copy gone).
 */
export async function runsOf(stateDir: string, backups: readonly BackupManifest[], file: string): Promise<RunBytes[] | undefined> {
  const runs: RunBytes[] = [];
  for (const b of [...backups].reverse()) {
    for (const entry of b.files.filter((f) => f.path === file)) {
      const copy = async (name: string | undefined): Promise<Buffer | undefined> =>
        name && name === path.basename(name) ? readBytes(path.join(backupsDir(stateDir), b.id, name)) : undefined;
      const before = entry.existed ? await copy(entry.backup) : undefined;
      const after = entry.written === null ? undefined : await copy(entry.writtenCopy);
      if ((entry.existed && before === undefined) || (entry.written !== null && after === undefined)) return undefined;
      runs.push({
        ...(before && { before }),
        ...(entry.mode !== undefined && { mode: entry.mode }),
        ...(after && { after }),
        chain: entry.chain === true,
      });
    }
  }
  return runs.length > 0 ? runs : undefined;
}

/** The digest a manifest keeps of the bytes a run left in a file (never the bytes: they may hold the key). */
export function digest(bytes: Uint8Array | string): string {
  return sha256Hex(bytes);
}

/** How many backups are kept by default: each holds copies of files that may hold the key. */
const DEFAULT_KEEP_BACKUPS = 10;
/** The variable that changes it (a whole number, 1 or more). */
export const KEEP_BACKUPS_ENV = 'GATEWAY_AGENT_SETUP_KEEP_BACKUPS';

/** The number of backups to keep, from the environment; a value that is no whole number ≥ 1 is refused by name. */
export function keepBackups(env: Readonly<Record<string, string | undefined>>): number {
  const raw = env[KEEP_BACKUPS_ENV];
  if (raw === undefined || raw.trim() === '') return DEFAULT_KEEP_BACKUPS;
  const n = Number(raw.trim());
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(
      msg('backup.keep_invalid', { name: KEEP_BACKUPS_ENV, value: raw }),
      msg('backup.keep_invalid_hint', { name: KEEP_BACKUPS_ENV }),
    );
  return n;
}

/**
 * Removes the oldest backups beyond `keep`, never `current`, and never one that holds a file as it
 * was before our first write to it (the oldest backup of that file): rotation drops only our own
 * intermediate states. Only folders with a valid manifest are backups: anything else in the folder
 * is left alone. The ids removed, oldest last.
 */
export async function pruneBackups(stateDir: string, keep: number, current?: string): Promise<string[]> {
  const backups = await listBackups(stateDir);
  const kept = new Set(backups.slice(0, keep).map((b) => b.id));
  if (current !== undefined) kept.add(current);
  const oldest = new Map<string, string>();
  for (const b of backups) for (const f of b.files) oldest.set(f.path, b.id);
  for (const id of oldest.values()) kept.add(id);
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
export const readBytes = (file: string): Promise<Buffer | undefined> => readRegularFile(file, { notDirIsAbsent: true });

/** A new, empty backup folder; the random suffix only keeps two runs in the same second apart. */
export async function newBackupFolder(stateDir: string, now: Date): Promise<{ id: string; dir: string }> {
  await mkdirOwned(backupsDir(stateDir), PRIVATE_DIR);
  for (;;) {
    const id = `${stamp(now)}-${randomHex(2)}`;
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

function isManifest(value: unknown): value is BackupManifest {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Partial<BackupManifest>;
  return (
    typeof m.id === 'string' &&
    typeof m.createdAt === 'string' &&
    typeof m.command === 'string' &&
    Array.isArray(m.files) &&
    m.files.every((f) => typeof f === 'object' && f !== null && typeof f.path === 'string' && typeof f.existed === 'boolean')
  );
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
  /** Each file changed since the backup, and how: said before the error itself. */
  readonly lines: readonly Message[];
  constructor(
    readonly id: string,
    readonly conflicts: readonly RestoreConflict[],
    hint: Message,
  ) {
    super(msg('restore.refused', { id }), hint);
    this.lines = conflicts.map((c) =>
      msg('restore.changed_since', {
        file: c.path,
        why: msg(c.kind === 'changed' ? 'restore.why_changed' : 'restore.why_filled', { id }),
      }),
    );
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
  return new Set(
    newer.flatMap((b) => b.files.filter((f) => f.path === file && typeof f.written === 'string').map((f) => f.written as string)),
  );
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

interface Staging {
  done: AppliedFile;
  staged?: Staged;
  /** A file the backup says was not there: removed (through a symlink, the link's target). */
  remove?: string;
}

/**
 * Every file's content staged beside it before any file changes (renames need no free space): a
 * full disk stops the restore with every file as it was, the file it stopped at named.
 */
async function stageRestore(steps: readonly Step[], dir: string): Promise<Staging[]> {
  const planned: Staging[] = [];
  let at = '';
  try {
    for (const s of steps) {
      const { entry } = s;
      at = entry.path;
      await removeLeftoverTemps(entry.path, 0);
      if (s.target === undefined) {
        // Through a symlink the run wrote the link's target: remove that, and keep the user's link.
        const remove = s.current !== undefined ? await resolveTarget(entry.path) : undefined;
        planned.push({ done: { path: entry.path, action: remove !== undefined ? 'removed' : 'unchanged' }, ...(remove && { remove }) });
        continue;
      }
      const copy = path.join(dir, entry.backup ?? '');
      if (s.current !== undefined && s.current.equals(s.target) && (await modeOf(entry.path)) === s.mode) {
        planned.push({ done: { path: entry.path, action: 'unchanged', backup: copy } });
        continue;
      }
      planned.push({ done: { path: entry.path, action: 'updated', backup: copy }, staged: await stageBytes(entry.path, s.target, s.mode) });
    }
  } catch (err) {
    await Promise.all(planned.map((p) => p.staged?.discard()));
    throw fsFailure(err, at);
  }
  return planned;
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
    throw new JobError(
      id === undefined ? msg('cfg.no_backups', { dir: backupsDir(stateDir) }) : msg('cfg.no_backup_id', { id, dir: backupsDir(stateDir) }),
    );
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
  if (conflicts.length > 0 && opts.force !== true)
    throw new RestoreConflictError(manifest.id, conflicts, opts.hint ?? msg('cfg.run_again'));
  const savedId = opts.force === true ? await saveCurrent(stateDir, steps) : undefined;

  const planned = await stageRestore(steps, dir);
  const restored: AppliedFile[] = [];
  for (const p of planned) {
    if (p.staged) await p.staged.commit();
    if (p.remove !== undefined) await unlink(p.remove);
    restored.push(p.done);
  }
  return { id: manifest.id, files: restored, ...(savedId !== undefined ? { savedId } : {}) };
}
