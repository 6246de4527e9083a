// The lock on its own (src/config/lock.ts): one holder at a time even when many waiters find the
// same stale lock at once; every kind of stale lock (dead holder, too old, half-written, a takeover
// guard left by a killed run) is taken over; a live holder is waited for, within bounds.
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withLock } from '../../src/config/lock.js';
import { JobError } from '../../src/core/errors.js';
import { tempHome } from '../helpers/cli.js';

/** A pid above Linux's pid_max default (4,194,304): never a running process. */
const DEAD_PID = 2 ** 22 + 4321;
const longAgo = (file: string): void => utimesSync(file, new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));

/** Runs `n` contenders through withLock; returns the most that were ever inside at once. */
async function contend(dir: string, n: number, opts: Parameters<typeof withLock>[2] = {}): Promise<number> {
  let inside = 0;
  let most = 0;
  await Promise.all(
    Array.from({ length: n }, () =>
      withLock(
        dir,
        async () => {
          inside++;
          most = Math.max(most, inside);
          await new Promise((r) => setTimeout(r, 5));
          inside--;
        },
        opts,
      ),
    ),
  );
  return most;
}

describe('the lock', () => {
  it('many waiters finding the same stale lock at once: still one holder at a time (8 rounds × 6)', async () => {
    // Before the takeover guard, a second waiter deleted the lock the first had just taken.
    for (let round = 0; round < 8; round++) {
      const { dir, remove } = tempHome();
      try {
        writeFileSync(join(dir, 'lock'), JSON.stringify({ pid: DEAD_PID, startedAt: '2026-01-01T00:00:00Z' }));
        expect(await contend(dir, 6)).toBe(1);
        expect(existsSync(join(dir, 'lock'))).toBe(false);
        expect(existsSync(join(dir, 'lock.takeover'))).toBe(false);
      } finally {
        remove();
      }
    }
  });

  it('waiters in a folder the first holder made and takes away again (it wrote nothing): each makes it again, one at a time', async () => {
    // Before, the second waiter failed with "Cannot write …/lock: ENOENT" once the first had left.
    for (let round = 0; round < 8; round++) {
      const { dir, remove } = tempHome();
      try {
        const state = join(dir, 'a', 'state');
        expect(await contend(state, 6)).toBe(1);
        // Which waiter leaves last decides whether the folder goes too; no lock is ever left in it.
        expect(existsSync(join(state, 'lock'))).toBe(false);
        expect(existsSync(join(state, 'lock.takeover'))).toBe(false);
      } finally {
        remove();
      }
    }
  });

  it.each([
    [
      'a holder that is alive but far older than the limit',
      (f: string) => {
        writeFileSync(f, JSON.stringify({ pid: process.pid, startedAt: '2026-01-01T00:00:00Z' }));
        longAgo(f);
      },
    ],
    [
      'a lock file half-written by a killed run',
      (f: string) => {
        writeFileSync(f, '{"pid":');
        longAgo(f);
      },
    ],
    [
      'a lock and a takeover guard both left by a killed run',
      (f: string) => {
        writeFileSync(f, JSON.stringify({ pid: DEAD_PID }));
        writeFileSync(`${f}.takeover`, '');
        longAgo(`${f}.takeover`);
      },
    ],
  ])('%s is taken over', async (_name, leave) => {
    const { dir, remove } = tempHome();
    try {
      leave(join(dir, 'lock'));
      const started = performance.now();
      expect(await withLock(dir, async () => 'ran', { waitMs: 5_000, staleMs: 60_000 })).toBe('ran');
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(existsSync(join(dir, 'lock'))).toBe(false);
    } finally {
      remove();
    }
  });

  it('a live, recent holder is never taken over: the waiter gives up after its bound, naming the holder', async () => {
    const { dir, remove } = tempHome();
    try {
      writeFileSync(join(dir, 'lock'), JSON.stringify({ pid: process.pid, startedAt: 'now' }));
      const started = performance.now();
      const err = await withLock(dir, async () => 'never', { waitMs: 400 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(JobError);
      expect((err as Error).message).toMatch(new RegExp(`Another gateway-agent-setup run holds .*"pid":${process.pid}`));
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(existsSync(join(dir, 'lock'))).toBe(true);
    } finally {
      remove();
    }
  });

  it('a run that wrote nothing leaves no state folder behind; a folder that existed stays', async () => {
    const { dir, remove } = tempHome();
    try {
      const state = join(dir, 'a/b/state');
      await withLock(state, async () => undefined);
      expect(existsSync(join(dir, 'a'))).toBe(false);
      mkdirSync(state, { recursive: true });
      await withLock(state, async () => undefined);
      expect(existsSync(state)).toBe(true);
      expect(existsSync(join(state, 'lock'))).toBe(false);
    } finally {
      remove();
    }
  });

  it('the lock is released when the work throws', async () => {
    const { dir, remove } = tempHome();
    try {
      await expect(
        withLock(dir, async () => {
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(existsSync(join(dir, 'lock'))).toBe(false);
      expect(await withLock(dir, async () => 'again', { waitMs: 200 })).toBe('again');
    } finally {
      remove();
    }
  });
});
