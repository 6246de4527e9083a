// Processes an agent leaves running after its one-shot exits (Cline's hub daemon starts its own
// session, so the process-group kill of runCommand never reaches it). Every agent run carries a
// unique marker variable; daemons inherit the environment, so the marker finds exactly the
// processes this run started — never a daemon the user had running before (same HOME or not).
import { readdir, readFile, readlink } from 'node:fs/promises';
import { runCommand } from '../core/run.js';

/** The variable whose unique value marks the processes of one agent run. */
export const RUN_MARKER_VAR = 'GATEWAY_AGENT_SETUP_RUN';

export interface ProcessInfo {
  pid: number;
  /** NUL-separated `NAME=value` entries (Linux), or the `ps e` line (elsewhere). */
  environ: string;
  cmdline: string;
  cwd: string;
}

/** Every process we may read, with its environment, command line and working directory. */
export async function listProcesses(): Promise<ProcessInfo[]> {
  const names = await readdir('/proc').catch(() => undefined);
  if (names !== undefined) {
    const infos = await Promise.all(
      names
        .filter((n) => /^\d+$/.test(n))
        .map(async (n): Promise<ProcessInfo> => ({
          pid: Number(n),
          environ: await readFile(`/proc/${n}/environ`, 'utf8').catch(() => ''),
          cmdline: (await readFile(`/proc/${n}/cmdline`, 'utf8').catch(() => '')).split('\0').join(' ').trim(),
          cwd: await readlink(`/proc/${n}/cwd`).catch(() => ''),
        })),
    );
    return infos;
  }
  // No /proc (macOS, BSD): `ps e` appends each process's environment to its command line.
  const ps = await runCommand(
    { command: 'ps', args: ['-axeww', '-o', 'pid=,command='], timeoutMs: 10_000 },
    { env: { PATH: '/bin:/usr/bin' } },
  );
  return ps.stdout.split('\n').flatMap((line) => {
    const m = /^\s*(\d+)\s+(.*)$/.exec(line);
    return m ? [{ pid: Number(m[1]), environ: m[2] ?? '', cmdline: m[2] ?? '', cwd: '' }] : [];
  });
}

/** The processes of one run: its marker in their environment, or their work in its scratch folder. */
export function processesOfRun(procs: readonly ProcessInfo[], marker: string, scratch: string, self = process.pid): number[] {
  const tag = `${RUN_MARKER_VAR}=${marker}`;
  return procs
    .filter((p) => p.pid !== self && p.pid > 1)
    .filter(
      (p) => p.environ.split(/[\0\s]/).includes(tag) || p.cwd === scratch || p.cwd.startsWith(`${scratch}/`) || p.cmdline.includes(scratch),
    )
    .map((p) => p.pid);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops the processes a run left behind: SIGTERM to each as it is found, SIGKILL to those still
 * there after `graceMs`. It looks again until none of the run's processes has been seen for
 * `settleMs`, so a daemon that a launcher starts after the agent exited is found too. Returns the
 * PIDs it stopped. Zombies (ended, not yet reaped) count as stopped.
 */
export async function stopLeftovers(marker: string, scratch: string, graceMs = 1500, settleMs = 300): Promise<number[]> {
  if (process.platform === 'win32') return [];
  const stopped = new Set<number>();
  const deadline = Date.now() + graceMs;
  let seen = Date.now();
  for (;;) {
    const found = processesOfRun(await listProcesses(), marker, scratch).filter(alive);
    for (const pid of found.filter((p) => !stopped.has(p))) {
      signal(pid, 'SIGTERM');
      stopped.add(pid);
    }
    if (found.length > 0) seen = Date.now();
    if (Date.now() >= deadline) for (const pid of found) signal(pid, 'SIGKILL');
    if (Date.now() - seen >= settleMs || Date.now() >= deadline + settleMs) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return [...stopped];
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // Gone already.
  }
}
