// Runs the BUILT command (bin/gateway-agent-setup.cjs → dist/cli.cjs) as a user would: a clean
// environment (PATH, a temp HOME, and only the variables the test sets), stdin closed. Or the same
// entry called in this process (`runInProcess`), where the process itself is not what is tested.
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';
import type { ProcessLike } from '../../src/cli/context.js';

export const BIN_PATH = fileURLToPath(new URL('../../bin/gateway-agent-setup.cjs', import.meta.url));

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Wall time of the process, ms. */
  ms: number;
}

export interface CliOptions {
  env?: Record<string, string>;
  /** Default: a fresh temp dir, removed afterwards. */
  home?: string;
  timeoutMs?: number;
  /** Working directory (default: the home), so project-scope runs never write into the repo. */
  cwd?: string;
  /** Text piped to stdin, which is then closed (default: stdin ignored). */
  input?: string;
  /** The Node version the command line is told it runs on (runInProcess only; default: this one). */
  node?: string;
}

function cleanEnv(home: string, extra: Record<string, string> | undefined): Record<string, string> {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, ...extra };
}

/** Temp homes for a test file: `newHome()` makes one, removed after the test that made it. */
export function tempHomes(): () => string {
  const made: (() => void)[] = [];
  afterEach(() => made.splice(0).forEach((remove) => remove()));
  return () => {
    const h = tempHome();
    made.push(h.remove);
    return h.dir;
  };
}

/** A temp directory removed by the returned function. */
export function tempHome(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'gas-home-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Spawns the bin with `args`; resolves when it exits (killed after `timeoutMs`, default 20 s). */
export async function runCli(args: readonly string[], opts: CliOptions = {}): Promise<CliResult> {
  const temp = opts.home === undefined ? tempHome() : undefined;
  const home = opts.home ?? temp?.dir ?? '';
  const started = performance.now();
  try {
    return await new Promise<CliResult>((resolve, reject) => {
      const child = spawn(process.execPath, [BIN_PATH, ...args], {
        env: cleanEnv(home, opts.env),
        cwd: opts.cwd ?? home,
        stdio: [opts.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      });
      if (opts.input !== undefined) {
        // A command may stop reading early (an input over its limit): the rest is not delivered.
        child.stdin?.on('error', () => undefined);
        child.stdin?.end(opts.input);
      }
      let stdout = '';
      let stderr = '';
      child.stdout?.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 20_000);
      child.on('error', reject);
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        resolve({ code, signal, stdout, stderr, ms: performance.now() - started });
      });
    });
  } finally {
    temp?.remove();
  }
}

/** Parses stdout as exactly one JSON document (throws otherwise: `--json` promises just that). */
/** A path as the command line shows it to a person: from the home, `~/…` (JSON keeps it whole). */
export function shown(home: string, path: string): string {
  return path.startsWith(`${home}/`) ? `~${path.slice(home.length)}` : path;
}

export function jsonOf(result: CliResult): Record<string, unknown> {
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

/** A long-running bin (simulate): the child, and a way to wait for a line on stdout. */
export function spawnCli(
  args: readonly string[],
  opts: CliOptions & { home: string },
): {
  child: ChildProcess;
  output: () => { stdout: string; stderr: string };
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
} {
  const child = spawn(process.execPath, [BIN_PATH, ...args], {
    env: cleanEnv(opts.home, opts.env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const waiters: (() => void)[] = [];
  const wake = (): void => waiters.splice(0).forEach((w) => w());
  child.stdout?.setEncoding('utf8').on('data', (d: string) => {
    stdout += d;
    wake();
  });
  child.stderr?.setEncoding('utf8').on('data', (d: string) => {
    stderr += d;
    wake();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('close', (code, signal) => {
      resolve({ code, signal });
      wake();
    });
  });
  const waitFor = (pattern: RegExp, timeoutMs = 10_000): Promise<RegExpMatchArray> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`timed out waiting for ${pattern}; stdout: ${stdout}; stderr: ${stderr}`)),
        timeoutMs,
      );
      const check = (): void => {
        const match = pattern.exec(stdout);
        if (match) {
          clearTimeout(timer);
          resolve(match);
        } else if (child.exitCode !== null || child.signalCode !== null) {
          clearTimeout(timer);
          reject(new Error(`exited before ${pattern}; stdout: ${stdout}; stderr: ${stderr}`));
        } else {
          waiters.push(check);
        }
      };
      check();
    });
  return { child, output: () => ({ stdout, stderr }), waitFor, exited };
}

/**
 * The command line's own entry called in this process, as the bin calls it: the same arguments,
 * environment, home, working directory and stdin; stdout and stderr collected. For everything but
 * the process itself (bin wiring, signals, exit by a signal, terminals): those keep `runCli`.
 */
export async function runInProcess(args: readonly string[], opts: CliOptions = {}): Promise<CliResult> {
  const temp = opts.home === undefined ? tempHome() : undefined;
  const home = opts.home ?? temp?.dir ?? '';
  const started = performance.now();
  let stdout = '';
  let stderr = '';
  let exited: number | undefined;
  const signals = new EventEmitter();
  const proc: ProcessLike = {
    env: cleanEnv(home, opts.env),
    cwd: () => opts.cwd ?? home,
    platform: process.platform,
    argv: [process.execPath, BIN_PATH, ...args],
    // As a closed stdin (the bin's is /dev/null): read to an empty end, never a terminal.
    stdin: Readable.from(opts.input === undefined ? [] : [opts.input]),
    stdout: { isTTY: false, write: (text: string) => (stdout += text) },
    stderr: { isTTY: false, write: (text: string) => (stderr += text) },
    once: (event, listener) => signals.once(event, listener),
    off: (event, listener) => signals.off(event, listener),
    on: (event, listener) => signals.on(event, listener),
    exit: (code) => void (exited ??= code ?? 0),
    ...(opts.node !== undefined && { versions: { node: opts.node } }),
  };
  try {
    const { main } = await import('../../src/cli/entry.js');
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out: ${args.join(' ')}\n${stdout}\n${stderr}`)), opts.timeoutMs ?? 20_000);
    });
    const code = await Promise.race([main([...args], proc), limit]).finally(() => clearTimeout(timer));
    return { code: exited ?? code, signal: null, stdout, stderr, ms: performance.now() - started };
  } finally {
    temp?.remove();
  }
}
