// git, run the one safe way: a repository's own config never runs a program of ours (no
// fsmonitor, no hooks), and git sees none of the user's keys: only what it needs to find itself,
// the user's git config and the locale.
import { runCommand, type RunResult } from './run.js';

const GIT_TIMEOUT_MS = 10_000;
/** The variables git is given, from the user's environment (by name, any case on Windows). */
const KEPT = /^(PATH|PATHEXT|HOME|USERPROFILE|SYSTEMROOT|WINDIR|TEMP|TMP|TMPDIR|LANG|LANGUAGE|LC_[A-Z]+|XDG_CONFIG_HOME)$/i;

/** `git -c core.fsmonitor=false -c core.hooksPath=… ARGS` in `cwd`. */
export function runGit(args: readonly string[], cwd: string, env: Readonly<Record<string, string | undefined>>): Promise<RunResult> {
  const kept: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && KEPT.test(k)) kept[k] = v;
  return runCommand(
    {
      command: 'git',
      args: ['-c', 'core.fsmonitor=false', '-c', `core.hooksPath=${process.platform === 'win32' ? 'NUL' : '/dev/null'}`, ...args],
      cwd,
      timeoutMs: GIT_TIMEOUT_MS,
    },
    { env: kept },
  );
}
