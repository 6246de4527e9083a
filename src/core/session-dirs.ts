// `launch` keeps a session's temporary files (Factory Droid's holds a literal key) in a directory of
// its own, removed when the session ends. A launch killed outright (SIGKILL, a power cut) cannot
// remove it: its name carries the launching process's PID, and the next `launch` (and every command
// that handles keys: setup, sync, use, doctor, remove, restore) removes each such directory whose
// process is gone. A live session's directory is never touched.
// fs.promises, not node:fs/promises: Node loads it when first used, not at every start that imports this.
import { promises as fs, readdirSync } from 'node:fs';
import { join } from 'node:path';

const PREFIX = 'gateway-agent-setup-';

/** The name a session directory starts with (mkdtemp adds its random suffix). */
export function sessionDirPrefix(agent: string, pid = process.pid): string {
  return `${PREFIX}${agent}-${pid}-`;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: a process of another user has that PID now; it is alive, and the directory is not ours to judge.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the session directories in `tmp` left by launches that are gone; returns what it removed. */
export async function sweepSessionDirs(tmp: string): Promise<string[]> {
  const removed: string[] = [];
  // Read synchronously: every command that handles keys reads it, and almost always finds nothing to remove.
  let names: string[];
  try {
    names = readdirSync(tmp);
  } catch {
    names = [];
  }
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  for (const name of names) {
    const m = /^gateway-agent-setup-[a-z0-9-]+?-(\d+)-[A-Za-z0-9]{6}$/.exec(name);
    if (!m || alive(Number(m[1]))) continue;
    const dir = join(tmp, name);
    const info = await fs.lstat(dir).catch(() => undefined);
    // Only a real directory of this user's: never follow a link someone else put in /tmp.
    if (!info?.isDirectory() || (uid !== undefined && info.uid !== uid)) continue;
    // One that cannot be removed stays for the next run: never a reason for this one to fail.
    await fs.rm(dir, { recursive: true, force: true }).then(
      () => removed.push(dir),
      () => undefined,
    );
  }
  return removed;
}
