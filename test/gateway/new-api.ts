// The real new-api for the gateway tier: built from its Go module with Go's own client (module
// proxy only), cached outside the repository by version, started on a free loopback port with
// SQLite in a temp folder, and stopped by PID.
//
// new-api embeds its web console (`//go:embed web/dist`), which the module zip does not carry:
// the build copies the module into the cache and gives it a one-page stub console. Nothing of
// new-api's own code is changed.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { closedPort } from '../helpers/sim.js';

const run = promisify(execFile);

/**
 * The new-api releases the tier runs, each built from its Go module and run through the whole suite:
 * v0.10.2 (the release users kept for a long time) and v0.13.2 (the newest stable one the module
 * proxy here serves; it answers 403 "not available" for the v0.11 tags, v0.12.6, v0.13.1, v0.13.3 and
 * the v1.0.0 candidates). `sum` is the module's go.sum hash, checked after download because the
 * checksum database has no entry for this module (404), so Go cannot check it for us.
 */
export const NEW_API_RELEASES = {
  'v0.10.2': { sum: 'h1:Qs/34epscIJlu+yzoeiTyXHZdwaFQBz1kysEBpuz+Nw=' },
  'v0.13.2': { sum: 'h1:ueyjrvvhKly0SNXdb5F1227eiOGe9oIs1LcFokY+idY=' },
} as const;
export type NewApiRelease = keyof typeof NEW_API_RELEASES;
const NEW_API_MODULE = 'github.com/QuantumNous/new-api';

/** The release this run of the suite is about: `GAS_NEW_API` (set by test/gateway/run.mjs), else the oldest. */
export function releaseUnderTest(): NewApiRelease {
  const v = process.env['GAS_NEW_API'];
  if (v === undefined || v === '') return 'v0.10.2';
  if (!Object.hasOwn(NEW_API_RELEASES, v)) throw new Error(`GAS_NEW_API=${v}: not one of ${Object.keys(NEW_API_RELEASES).join(', ')}`);
  return v as NewApiRelease;
}

const cacheOf = (version: NewApiRelease): string =>
  join(process.env['XDG_CACHE_HOME'] || join(homedir(), '.cache'), 'gateway-agent-setup-new-api', version);

/** A step of the build failed: which one, and the tail of what the tool said. */
class BuildStepError extends Error {
  constructor(version: string, step: string, detail: string) {
    super(`new-api ${version}: ${step} failed: ${detail.trim().split('\n').slice(-15).join('\n')}`);
  }
}

function goEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    // Only this module: its dependencies are still checked against new-api's go.sum and the database.
    GONOSUMDB: NEW_API_MODULE,
    GOFLAGS: '-mod=mod -buildvcs=false',
    CGO_ENABLED: '0',
  };
}

async function step<T>(version: string, name: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const e = err as { stderr?: string; message?: string };
    throw new BuildStepError(version, name, e.stderr || e.message || String(err));
  }
}

/**
 * Builds (or reuses) one pinned release; the path of its binary. The version is stamped the way
 * new-api's own release build does (`-X …/common.Version`): a plain module build says `v0.0.0` in
 * `/api/status` and, from v0.13, in the `X-New-Api-Version` header every answer carries.
 */
export async function ensureNewApi(version: NewApiRelease = releaseUnderTest()): Promise<string> {
  const { sum } = NEW_API_RELEASES[version];
  const cache = cacheOf(version);
  const binary = join(cache, 'new-api');
  const stamp = join(cache, '.complete');
  const target = `${NEW_API_MODULE}@${version}`;
  const ldflags = `-X ${NEW_API_MODULE}/common.Version=${version}`;
  const complete = `${target} ${sum} ${ldflags}`;
  if (existsSync(stamp) && existsSync(binary) && readFileSync(stamp, 'utf8').trim() === complete) return binary;
  rmSync(cache, { recursive: true, force: true });
  mkdirSync(cache, { recursive: true });
  const downloaded = await step(version, 'go mod download', async () => {
    const { stdout } = await run('go', ['mod', 'download', '-json', target], { env: goEnv(), maxBuffer: 1 << 24, timeout: 10 * 60_000 });
    const info = JSON.parse(stdout) as { Dir?: string; Sum?: string; Error?: string };
    if (info.Error) throw new Error(info.Error);
    if (!info.Dir) throw new Error(`no Dir in ${stdout}`);
    return { dir: info.Dir, sum: info.Sum ?? '' };
  });
  if (downloaded.sum !== sum) throw new BuildStepError(version, 'checksum', `${target} has ${downloaded.sum}, pinned ${sum}`);
  const src = join(cache, 'src');
  await step(version, 'copy the module', async () => {
    cpSync(downloaded.dir, src, { recursive: true });
    // The module cache is read-only; the copy must take the stub console.
    await run('chmod', ['-R', 'u+w', src]);
    mkdirSync(join(src, 'web', 'dist'), { recursive: true });
    writeFileSync(join(src, 'web', 'dist', 'index.html'), '<!doctype html><html><body>new-api console (stub)</body></html>\n');
  });
  await step(version, 'go build', () =>
    run('go', ['build', '-trimpath', '-ldflags', ldflags, '-o', binary, '.'], {
      cwd: src,
      env: goEnv(),
      maxBuffer: 1 << 26,
      timeout: 20 * 60_000,
    }),
  );
  chmodSync(binary, 0o755);
  rmSync(src, { recursive: true, force: true });
  writeFileSync(stamp, `${complete}\n`);
  return binary;
}

export interface RunningNewApi {
  root: string;
  port: number;
  pid: number;
  dir: string;
  /** Everything it printed, for failure messages. */
  output: () => string;
  /** Its log files: every line carries the request id, the admin's way to find a request. */
  log: () => string;
  /**
   * The log lines holding `text`, once `ready` holds for them: new-api writes a request's access
   * line after the response has gone out, so a test that just read the answer waits a moment for it.
   */
  linesOf: (text: string, ready?: (lines: string[]) => boolean, timeoutMs?: number) => Promise<string[]>;
  stop: () => Promise<void>;
}

const started = new Set<ChildProcess>();
// A crashed test runner must not leave a gateway behind.
process.once('exit', () => {
  for (const child of started)
    if (child.pid)
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
});

async function waitReady(root: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`new-api exited during start (${child.exitCode ?? child.signalCode}):\n${output().slice(-3000)}`);
    }
    try {
      const res = await fetch(`${root}/api/status`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok && ((await res.json()) as { success?: boolean }).success) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`new-api did not answer /api/status within ${timeoutMs} ms:\n${output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Starts the binary with a fresh SQLite database; resolves once /api/status answers. */
export async function startNewApi(binary: string, opts: { timeoutMs?: number } = {}): Promise<RunningNewApi> {
  const dir = mkdtempSync(join(tmpdir(), 'gas-new-api-'));
  // Released before use: new-api must bind it itself.
  const port = await closedPort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: dir,
    TZ: 'UTC',
    PORT: String(port),
    SQLITE_PATH: join(dir, 'new-api.db?_busy_timeout=30000'),
    SESSION_SECRET: `gas-${port}-${Date.now()}`,
    // The tier changes channels, tokens and options and asserts at once: no cache to wait for.
    MEMORY_CACHE_ENABLED: 'false',
    // Hundreds of console calls per run; the default limit would throttle the harness itself.
    GLOBAL_API_RATE_LIMIT: '100000',
    GLOBAL_WEB_RATE_LIMIT: '100000',
    CRITICAL_RATE_LIMIT: '100000',
    // From v0.13 a token search has a limit of its own (10 a minute): the set-up searches for each key it makes.
    SEARCH_RATE_LIMIT: '100000',
  };
  const child = spawn(binary, ['--log-dir', join(dir, 'logs')], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  started.add(child);
  let out = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (out += d));
  const output = (): string => out;
  const root = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    started.delete(child);
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
      try {
        process.kill(child.pid, 'SIGTERM');
      } catch {
        /* gone */
      }
      const timer = setTimeout(() => {
        try {
          if (child.pid) process.kill(child.pid, 'SIGKILL');
        } catch {
          /* gone */
        }
      }, 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitReady(root, child, output, opts.timeoutMs ?? 60_000);
  } catch (err) {
    await stop();
    throw err;
  }
  const log = (): string => {
    const logs = join(dir, 'logs');
    return existsSync(logs)
      ? readdirSync(logs)
          .map((f) => readFileSync(join(logs, f), 'utf8'))
          .join('\n')
      : '';
  };
  const linesOf = async (text: string, ready = (lines: string[]) => lines.length > 0, timeoutMs = 5_000): Promise<string[]> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const lines = log()
        .split('\n')
        .filter((l) => l.includes(text));
      if (ready(lines) || Date.now() > deadline) return lines;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return { root, port, pid: child.pid ?? 0, dir, output, log, linesOf, stop };
}
