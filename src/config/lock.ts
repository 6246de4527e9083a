// One writer at a time per home: two runs at once (two terminals, a CI step beside a person) must
// not interleave their plans and writes. An exclusive lock file in the state directory, created
// with O_EXCL, names its holder; a lock whose holder is gone (killed) or that is very old is stale
// and taken over.
import { unlinkSync } from 'node:fs';
import { open, rmdir, stat, unlink } from 'node:fs/promises';
import { atExit } from '../core/exit.js';
import { dirname, join } from 'node:path';
import { JobError } from '../core/errors.js';
import { msg } from '../i18n/index.js';
import { mkdirOwned } from './atomic.js';
import { fsFailure } from './fs-error.js';
import { readRegularFile } from './read.js';

export interface LockOptions {
  /** How long to wait for another run to finish (default 30 s). */
  waitMs?: number;
  /** A lock older than this is stale whatever its holder (default 10 minutes). */
  staleMs?: number;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function isStale(file: string, staleMs: number): Promise<boolean> {
  try {
    // Never a plain read: a FIFO put where the lock belongs would block it forever.
    const [bytes, info] = await Promise.all([readRegularFile(file), stat(file)]);
    const text = bytes?.toString('utf8') ?? '';
    const pid = Number((JSON.parse(text) as { pid?: unknown }).pid);
    return !Number.isInteger(pid) || !alive(pid) || Date.now() - info.mtimeMs > staleMs;
  } catch {
    // Unreadable or half-written by a run killed mid-write: stale once it is a moment old. A lock
    // that is gone is not stale: a waiter that judged it so would delete the fresh lock another
    // waiter may take in the meantime (two holders at once).
    const info = await stat(file).catch(() => undefined);
    return info !== undefined && Date.now() - info.mtimeMs > 2_000;
  }
}

/**
 * Removes a stale lock; true when this call did. Only the holder of `<lock>.takeover` (O_EXCL too)
 * may, and it judges the lock again first: two waiters that both found the same lock stale would
 * otherwise have the second delete the fresh lock the first had just taken (two writers at once).
 */
async function takeOver(file: string, staleMs: number): Promise<boolean> {
  const guard = `${file}.takeover`;
  try {
    await (await open(guard, 'wx', 0o600)).close();
  } catch (err) {
    // The folder went with its last holder: nothing stale to take over; the caller makes it again.
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw fsFailure(err, guard);
    // A run killed in the middle of a takeover leaves its guard behind: void after a moment.
    const info = await stat(guard).catch(() => undefined);
    if (info !== undefined && Date.now() - info.mtimeMs > 2_000) await unlink(guard).catch(() => undefined);
    return false;
  }
  try {
    if (!(await isStale(file, staleMs))) return false;
    await unlink(file).catch(() => undefined);
    return true;
  } finally {
    await unlink(guard).catch(() => undefined);
  }
}

export async function withLock<T>(stateDir: string, fn: () => Promise<T>, opts: LockOptions = {}): Promise<T> {
  const file = join(stateDir, 'lock');
  // The first folder this call created, if any: removed again when the run wrote nothing there.
  const makeFolder = async (): Promise<string | undefined> => {
    for (let tries = 1; ; tries++) {
      try {
        return await mkdirOwned(stateDir, 0o700);
      } catch (err) {
        // Another run that had made the folder gave its lock back and took the folder away while
        // this one was making it its own (as root, giving it to the home's owner): make it again.
        if ((err as NodeJS.ErrnoException).code === 'ENOENT' && tries < 10) continue;
        throw fsFailure(err, stateDir);
      }
    }
  };
  let created = await makeFolder();
  const deadline = Date.now() + (opts.waitMs ?? 30_000);
  for (;;) {
    let handle;
    try {
      handle = await open(file, 'wx', 0o600);
      await handle.writeFile(JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() }));
      await handle.close();
      break;
    } catch (err) {
      if (handle !== undefined) {
        // Created but not written (disk full): an empty lock left behind would stop the next run.
        await handle.close().catch(() => undefined);
        await unlink(file).catch(() => undefined);
        if (created !== undefined) await removeEmpty(stateDir, created);
        throw fsFailure(err, file);
      }
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        // The holder we waited for wrote nothing and took the folder it had made away with its
        // lock: make it again (ours to take away then) and try at once.
        created = (await makeFolder()) ?? created;
        continue;
      }
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
        if (created !== undefined) await removeEmpty(stateDir, created);
        throw fsFailure(err, file);
      }
      if ((await isStale(file, opts.staleMs ?? 600_000)) && (await takeOver(file, opts.staleMs ?? 600_000))) continue;
      if (Date.now() > deadline) {
        const holder = await readRegularFile(file).then(
          (b) => b?.toString('utf8') ?? '?',
          () => '?',
        );
        throw new JobError(msg('cfg.locked', { file, holder }), msg('cfg.locked_hint'));
      }
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
    }
  }
  // An exit in the middle (a signal, a command's own exit) still gives the lock back.
  const offExit = atExit(() => {
    try {
      unlinkSync(file);
    } catch {
      // Already gone.
    }
  });
  try {
    return await fn();
  } finally {
    offExit();
    await unlink(file).catch(() => undefined);
    if (created !== undefined) await removeEmpty(stateDir, created);
  }
}

/** Removes `dir` and its parents up to `top` while they are empty (a run that wrote nothing leaves nothing). */
async function removeEmpty(dir: string, top: string): Promise<void> {
  for (let d = dir; d.startsWith(top); d = dirname(d)) {
    try {
      await rmdir(d);
    } catch {
      return;
    }
    if (d === top) return;
  }
}
