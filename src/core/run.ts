// THE one way this tool starts another program: commands are data, run here.
// Never throws for a non-zero exit, a missing binary or a timeout: callers read the result.
// The environment is exactly base.env + cmd.env (nothing leaks from our own process), arguments
// never go through a shell, and a secret is passed only through the environment.
/** execa, loaded with the first program we run: a command that runs none never parses it. */
const loadExeca = async (): Promise<typeof import('execa').execa> => (await import('execa')).execa;
import { atExit } from './exit.js';

export interface CommandSpec {
  command: string;
  args: string[];
  /** Added to (and overriding) base.env. */
  env?: Record<string, string>;
  cwd?: string;
  /** Kill the whole process tree after this long. */
  timeoutMs?: number;
  /** Text for stdin; without it stdin is ignored (so an agent never waits for a keypress). */
  input?: string;
}

export interface RunBase {
  env: Readonly<Record<string, string | undefined>>;
}

export interface RunResult {
  /** undefined when the process never started or was killed by a signal. */
  exitCode: number | undefined;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** The binary is not on PATH (ENOENT). */
  notFound: boolean;
  pid?: number;
  durationMs: number;
}

/** Time between the polite SIGTERM and the SIGKILL when a process tree ignores it. */
const KILL_GRACE_MS = 2000;
/**
 * How long output may still arrive after the program itself exited. A descendant in a session of its
 * own (setsid: a daemon) inherits our pipes and can hold them open for ever; execa would wait for it.
 */
const STREAM_GRACE_MS = 500;
const MAX_BUFFER = 16 * 1024 * 1024;

export function mergeEnv(
  base: Readonly<Record<string, string | undefined>>,
  extra: Record<string, string> | undefined,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(base)) if (v !== undefined) env[k] = v;
  return { ...env, ...extra };
}

/**
 * Ends the process and everything it started. POSIX: the child leads its own process group
 * (detached), so signalling the negative pid reaches grandchildren too (agents spawn helpers and
 * daemons). Windows: `taskkill /T` walks the tree.
 */
async function killTree(pid: number, env: Record<string, string>, signal: NodeJS.Signals): Promise<void> {
  if (process.platform === 'win32') {
    const execa = await loadExeca();
    await execa('taskkill', ['/pid', String(pid), '/T', '/F'], {
      env,
      extendEnv: false,
      reject: false,
      windowsHide: true,
      stdin: 'ignore',
    });
    return;
  }
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * Detached groups still running, taken down with us however our own process ends (an exit, or a
 * signal: see ./exit.ts): one hook for all of them (a hook per command would pass Node's listener
 * limit when agents are detected side by side).
 */
const liveGroups = new Set<number>();
let exitHooked = false;

function trackGroup(pid: number): void {
  liveGroups.add(pid);
  if (exitHooked) return;
  exitHooked = true;
  atExit(() => {
    for (const p of liveGroups) {
      try {
        process.kill(-p, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  });
}

export async function runCommand(cmd: CommandSpec, base: RunBase): Promise<RunResult> {
  const env = mergeEnv(base.env, cmd.env);
  const started = performance.now();
  const groupKill = process.platform !== 'win32';
  const execa = await loadExeca();
  const subprocess = execa(cmd.command, cmd.args, {
    env,
    extendEnv: false,
    cwd: cmd.cwd,
    // execa resolves `claude` to `claude.cmd` on Windows itself; a shell would re-parse arguments.
    shell: false,
    windowsHide: true,
    reject: false,
    stripFinalNewline: false,
    maxBuffer: MAX_BUFFER,
    ...(cmd.input === undefined ? { stdin: 'ignore' as const } : { input: cmd.input }),
    detached: groupKill,
    // With detached, execa's own cleanup does not apply; the exit hook below covers it.
    cleanup: !groupKill,
  });
  const pid = subprocess.pid;
  let streamTimer: ReturnType<typeof setTimeout> | undefined;
  subprocess.once('exit', () => {
    streamTimer = setTimeout(() => {
      subprocess.stdout?.destroy();
      subprocess.stderr?.destroy();
    }, STREAM_GRACE_MS);
  });

  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let forceTimer: ReturnType<typeof setTimeout> | undefined;
  if (cmd.timeoutMs !== undefined && cmd.timeoutMs > 0 && pid !== undefined) {
    timer = setTimeout(() => {
      timedOut = true;
      void killTree(pid, env, 'SIGTERM');
      forceTimer = setTimeout(() => void killTree(pid, env, 'SIGKILL'), KILL_GRACE_MS);
    }, cmd.timeoutMs);
  }
  // If our own process exits first, take the detached group with it rather than orphan it.
  if (groupKill && pid !== undefined) trackGroup(pid);

  try {
    const result = await subprocess;
    // The leader is gone; helpers that ignored SIGTERM may linger in its group.
    if (timedOut && pid !== undefined) await killTree(pid, env, 'SIGKILL');
    const notFound = (result as { code?: string }).code === 'ENOENT' || /\bENOENT\b/.test(String(result.message ?? ''));
    return {
      exitCode: result.exitCode,
      stdout: typeof result.stdout === 'string' ? result.stdout : '',
      stderr: typeof result.stderr === 'string' ? result.stderr : '',
      timedOut,
      notFound: notFound && !timedOut,
      pid,
      durationMs: Math.round(performance.now() - started),
    };
  } finally {
    if (timer) clearTimeout(timer);
    if (forceTimer) clearTimeout(forceTimer);
    if (streamTimer) clearTimeout(streamTimer);
    if (pid !== undefined) liveGroups.delete(pid);
  }
}

export interface SessionSpec {
  command: string;
  args: string[];
  /** The whole environment of the program (nothing else is inherited). */
  env: Record<string, string>;
  cwd?: string;
}

/** How an interactive program ended: its exit code, or the signal that ended it. */
export type SessionEnd =
  | { exitCode: number; signal?: undefined }
  | { exitCode?: undefined; signal: NodeJS.Signals }
  | { notFound: true; exitCode?: undefined; signal?: undefined };

/**
 * Runs a program as the user's own session: stdin, stdout and stderr are ours (the terminal), it is
 * never killed by a timeout, and it stays in our process group so the terminal's Ctrl-C reaches it
 * directly. `forward(signal)` sends it a signal we received (the caller decides which); resolves when
 * it ends. Like runCommand, arguments never go through a shell and a secret only through `env`.
 */
export async function runSession(spec: SessionSpec, onStart?: (forward: (signal: NodeJS.Signals) => void) => void): Promise<SessionEnd> {
  const execa = await loadExeca();
  return new Promise((done) => {
    const child = execa(spec.command, spec.args, {
      env: spec.env,
      extendEnv: false,
      cwd: spec.cwd,
      shell: false,
      stdio: 'inherit',
      reject: false,
      windowsHide: false,
      // The session is the user's: it ends when it ends (execa would kill it when we exit).
      cleanup: false,
      // execa's own default for a killed process is SIGTERM; forwarding decides the signal itself.
      forceKillAfterDelay: false,
    });
    onStart?.((signal) => {
      try {
        child.kill(signal);
      } catch {
        // Already gone.
      }
    });
    void child.then((result) => {
      const r = result as { code?: string; signal?: NodeJS.Signals; exitCode?: number; message?: string };
      if (r.code === 'ENOENT' || (r.exitCode === undefined && r.signal === undefined && /\bENOENT\b/.test(String(r.message ?? ''))))
        done({ notFound: true });
      else if (r.signal) done({ signal: r.signal });
      else done({ exitCode: r.exitCode ?? 1 });
    });
  });
}
