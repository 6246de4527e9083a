// Drives the built bin in a real pseudo-terminal: a detached tmux session of 80×24 on a private
// socket, keys sent with send-keys, the screen read with capture-pane. The environment reaches the
// program through tmux's own (never through argv, so a key stays out of process listings).
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { BIN_PATH } from './cli.js';

const run = promisify(execFile);

export interface PtySession {
  /** Sends keys: literal text, or tmux key names like 'Enter', 'Down', 'Space', 'C-c'. */
  send(...keys: string[]): Promise<void>;
  type(text: string): Promise<void>;
  screen(): Promise<string>;
  /** Resolves with the screen once it matches; rejects with the screen after the timeout. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** The exit code, once the program has ended. */
  exitCode(timeoutMs?: number): Promise<number>;
  close(): Promise<void>;
}

let counter = 0;

export async function startPty(args: readonly string[], opts: { env: Record<string, string>; cwd: string }): Promise<PtySession> {
  const socket = `gas-test-${process.pid}-${++counter}`;
  const tmux = (...a: string[]) =>
    run('tmux', ['-u', '-L', socket, '-f', '/dev/null', ...a], { env: { ...opts.env, TERM: 'xterm-256color' }, cwd: opts.cwd });
  const quoted = [process.execPath, BIN_PATH, ...args].map((a) => `'${a.replaceAll("'", `'\\''`)}'`).join(' ');
  // The shell prints the exit code and then waits, so the last screen stays readable. Its own
  // SIGINT trap (a handler, so the program still gets the default action) keeps it alive when
  // Ctrl-C kills the program outside a prompt; the program then exits 130 (128 + SIGINT).
  await tmux('new-session', '-d', '-s', 'main', '-x', '80', '-y', '24', `trap : INT; ${quoted}; echo "[exit $?]"; sleep 120`);
  const screen = async (): Promise<string> => (await tmux('capture-pane', '-p', '-J', '-t', 'main', '-S', '-200')).stdout;
  const waitFor = async (pattern: RegExp, timeoutMs = 15_000): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const text = await screen();
      if (pattern.test(text)) return text;
      if (Date.now() > deadline) throw new Error(`screen never matched ${pattern}:\n${text}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return {
    send: async (...keys) => void (await tmux('send-keys', '-t', 'main', ...keys)),
    type: async (text) => void (await tmux('send-keys', '-t', 'main', '-l', text)),
    screen,
    waitFor,
    exitCode: async (timeoutMs) => Number((await waitFor(/\[exit (\d+)\]/, timeoutMs)).match(/\[exit (\d+)\]/)![1]),
    close: async () => {
      // Stop the pane's process by its PID, then the tmux server (which hangs up on the rest),
      // then remove the socket file the server leaves behind.
      // (tmux's default place for it when the server is already gone).
      const fallback = join(process.env.TMUX_TMPDIR ?? '/tmp', `tmux-${process.getuid?.() ?? 0}`, socket);
      const socketPath = (await tmux('display-message', '-p', '#{socket_path}').catch(() => ({ stdout: fallback }))).stdout.trim();
      const panes = await tmux('list-panes', '-a', '-F', '#{pane_pid}').catch(() => ({ stdout: '' }));
      for (const pid of panes.stdout
        .split('\n')
        .map(Number)
        .filter((n) => n > 0)) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      await tmux('kill-server').catch(() => undefined);
      if (socketPath !== '') rmSync(socketPath, { force: true });
    },
  };
}
