// Atomic file writes: a reader (or a crash) sees the old file or the new one, never half of one.
// fs.promises, not node:fs/promises: Node loads it when first used, not at every start that imports this.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { randomHex } from '../core/builtins.js';

export interface WriteOptions {
  /** Mode for parent directories this call creates (default 0755). */
  dirMode?: number;
}

/** Links followed before giving up (Linux's own limit for one path). */
const MAX_LINKS = 40;

/**
 * The file a symlink points to: replacing the link itself would cut a dotfiles-repo link. A link
 * whose target does not exist yet (dotfiles installed before the agent) is followed too, so the
 * write creates the target and the link stays.
 */
export async function resolveTarget(file: string): Promise<string> {
  try {
    return await fs.realpath(file);
  } catch {
    // Dangling (or a loop): follow the links by hand to the first path that is not one.
  }
  let current = file;
  for (let i = 0; i < MAX_LINKS; i++) {
    const info = await fs.lstat(current).catch(() => undefined);
    if (!info?.isSymbolicLink()) return current;
    const next = await fs.readlink(current).catch(() => undefined);
    if (next === undefined) return current;
    current = path.resolve(path.dirname(current), next);
  }
  return file;
}

async function fsyncDir(dir: string): Promise<void> {
  // Makes the rename durable; Windows cannot open a directory for this, and some filesystems refuse.
  let handle;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch {
    // best effort
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/** A temp file of ours for `base`: `.<base>.<12 hex>.tmp`. */
const tempName = (base: string): RegExp => new RegExp(`^\\.${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.[0-9a-f]{12}\\.tmp$`);

/** Older than this, a temp file of ours is a leftover (a run killed between write and rename). */
const STALE_TEMP_MS = 60_000;

/**
 * Removes the temp files a killed run left beside `target`: they may hold the key (mode 0600, but a
 * copy nobody needs). Only ours (by name) and only old ones, so a write in flight is never touched.
 * A caller holding the lock passes `minAgeMs` 0: no other run of ours can be writing then.
 */
async function removeStaleTemps(dir: string, base: string, minAgeMs = STALE_TEMP_MS): Promise<number> {
  const pattern = tempName(base);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const now = Date.now();
  let removed = 0;
  for (const name of names.filter((n) => pattern.test(n))) {
    const file = path.join(dir, name);
    const info = await fs.lstat(file).catch(() => undefined);
    if (info?.isFile() && now - info.mtimeMs >= minAgeMs) {
      await fs.unlink(file).then(
        () => (removed += 1),
        () => undefined,
      );
    }
  }
  return removed;
}

/** The leftover temp files of ours beside `file` (and beside the file its symlink points to); how many went. */
export async function removeLeftoverTemps(file: string, minAgeMs = STALE_TEMP_MS): Promise<number> {
  const target = await resolveTarget(file);
  let removed = await removeStaleTemps(path.dirname(target), path.basename(target), minAgeMs);
  if (target !== file) removed += await removeStaleTemps(path.dirname(file), path.basename(file), minAgeMs);
  return removed;
}

interface Owner {
  uid: number;
  gid: number;
}

/** Who owns `p`, or its nearest existing parent folder. */
async function ownerOf(p: string): Promise<Owner> {
  for (let at = p; ; at = path.dirname(at)) {
    const info = await fs.stat(at).catch(() => undefined);
    if (info) return { uid: info.uid, gid: info.gid };
    if (path.dirname(at) === at) return { uid: -1, gid: -1 };
  }
}

/**
 * Only root can give a file away; run as root on another user's home (sudo, `--home`), everything
 * we write must stay theirs, or they are locked out of their own config. Elsewhere a no-op.
 */
const actingAsRoot = (): boolean => process.getuid?.() === 0;

async function giveTo(p: string, owner: Owner): Promise<void> {
  if (owner.uid < 0) return;
  const info = await fs.lstat(p);
  if (info.uid !== owner.uid || info.gid !== owner.gid) await fs.chown(p, owner.uid, owner.gid);
}

/** As root: gives `p` to the owner of `like` (a folder we just made inside the user's). */
export async function chownLike(p: string, like: string): Promise<void> {
  if (actingAsRoot()) await giveTo(p, await ownerOf(like));
}

/**
 * A recursive mkdir on a read-only file system reports ENOENT; the real cause (EROFS, EACCES) comes
 * from making the first missing folder alone.
 */
async function realMkdirError(dir: string, mode: number, fallback: unknown): Promise<unknown> {
  let missing = dir;
  while (path.dirname(missing) !== missing && (await fs.stat(path.dirname(missing)).catch(() => undefined)) === undefined)
    missing = path.dirname(missing);
  try {
    await fs.mkdir(missing, { mode });
  } catch (err) {
    return err;
  }
  return fallback;
}

/**
 * `mkdir -p`, and as root the folders it created belong to the owner of the folder they were made
 * in (the home's owner), not to root.
 */
export async function mkdirOwned(dir: string, mode: number): Promise<string | undefined> {
  const owner = actingAsRoot() ? await ownerOf(dir) : undefined;
  let first: string | undefined;
  try {
    first = await fs.mkdir(dir, { recursive: true, mode });
  } catch (err) {
    throw (err as NodeJS.ErrnoException).code === 'ENOENT' ? await realMkdirError(dir, mode, err) : err;
  }
  if (owner && first !== undefined) {
    for (let d = dir; d.startsWith(first); d = path.dirname(d)) {
      await giveTo(d, owner);
      if (d === first) break;
    }
  }
  return first;
}

/** A file's new content written beside it, not yet in its place. */
export interface Staged {
  /** Puts the new content in place (a rename), then makes that durable. */
  commit(): Promise<void>;
  /** Removes the staged content: the file stays as it was. */
  discard(): Promise<void>;
}

/**
 * Writes `data` beside `file` in a temp file in the same directory (random name, never derived from
 * the content): write, fsync, chmod. Nothing is in the file's place until `commit` renames it, so a
 * run that stages every file first and commits only when all are staged needs no free space to
 * change nothing (a rename takes none). The temp file is removed when anything fails. Missing parent
 * directories are created. Run as root, the file keeps its owner and group (a new file takes its
 * folder's).
 */
export async function stageBytes(file: string, data: string | Uint8Array, mode: number, opts: WriteOptions = {}): Promise<Staged> {
  const target = await resolveTarget(file);
  const dir = path.dirname(target);
  await mkdirOwned(dir, opts.dirMode ?? 0o755);
  const owner = actingAsRoot() ? await ownerOf(target) : undefined;
  const temp = path.join(dir, `.${path.basename(target)}.${randomHex(6)}.tmp`);
  const discard = (): Promise<void> => fs.unlink(temp).catch(() => undefined);
  try {
    const handle = await fs.open(temp, 'wx', mode);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    // open()'s mode is filtered by the umask; the file must end with exactly `mode`.
    await fs.chmod(temp, mode);
    if (owner) await giveTo(temp, owner);
  } catch (err) {
    await discard();
    throw err;
  }
  return {
    async commit() {
      try {
        await fs.rename(temp, target);
      } catch (err) {
        await discard();
        throw err;
      }
      await fsyncDir(dir);
      await removeStaleTemps(dir, path.basename(target));
    },
    discard,
  };
}

/** Writes `data` to `file` atomically: staged beside it, then renamed into its place. */
export async function writeBytesAtomic(file: string, data: string | Uint8Array, mode: number, opts: WriteOptions = {}): Promise<void> {
  await (await stageBytes(file, data, mode, opts)).commit();
}

/** Writes `text` (UTF-8) to `file` atomically with `mode`. */
export async function writeFileAtomic(file: string, text: string, mode: number, opts: WriteOptions = {}): Promise<void> {
  await writeBytesAtomic(file, text, mode, opts);
}
