// The real new-api for the gateway tier: built from its Go module with Go's own client (module
// proxy only), cached outside the repository by version, started on a free loopback port with
// SQLite in a temp folder, and stopped by PID.
//
// new-api embeds its web console (`//go:embed web/dist`), which the module zip does not carry:
// the build copies the module into the cache and gives it a one-page stub console. Nothing of
// new-api's own code is changed.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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

/** The release this run of the suite is about: `GAS_NEW_API` (set by test/gateway/run.mjs), else the oldest. */
export function releaseUnderTest(): NewApiRelease {
  const v = process.env['GAS_NEW_API'];
  if (v === undefined || v === '') return 'v0.10.2';
  if (!Object.hasOwn(NEW_API_RELEASES, v)) throw new Error(`GAS_NEW_API=${v}: not one of ${Object.keys(NEW_API_RELEASES).join(', ')}`);
  return v as NewApiRelease;
}

/** A gateway built from its Go module: which, where its console page goes, how its version is stamped. */
interface GoGateway {
  name: string;
  module: string;
  version: string;
  sum: string;
  /** Its SQLite driver needs cgo (one-api's go-sqlite3); new-api's is pure Go. */
  cgo: boolean;
  /** The console page it embeds (not in the module zip): a one-page stub there. */
  console: string;
}

const newApi = (version: NewApiRelease): GoGateway => ({
  name: 'new-api',
  module: 'github.com/QuantumNous/new-api',
  version,
  sum: NEW_API_RELEASES[version].sum,
  cgo: false,
  console: 'web/dist/index.html',
});

/**
 * new-api's ancestor, one-api v0.6.10: no protocol marks, chat completions only. Its token counter
 * downloads OpenAI's encodings from a CDN at start; the same files come from a Go module
 * (TIKTOKEN below), put where its tiktoken library looks first.
 */
export const ONE_API: GoGateway = {
  name: 'one-api',
  module: 'github.com/songquanpeng/one-api',
  version: 'v0.6.10',
  sum: 'h1:oBUcwet8zinHZ5AEYu8OYQaFkcXOKyImsM0X4JfeEZo=',
  cgo: true,
  console: 'web/build/default/index.html',
};

/** The encodings one-api's tiktoken library would download, from the Go module that ships them. */
const TIKTOKEN = {
  module: 'github.com/pkoukk/tiktoken-go-loader',
  version: 'v0.0.2',
  sum: 'h1:LUKws63GV3pVHwH1srkBplBv+7URgmOmhSkRxsIvsK4=',
  files: ['cl100k_base', 'o200k_base'],
};

const cacheOf = (g: Pick<GoGateway, 'name' | 'version'>): string =>
  join(process.env['XDG_CACHE_HOME'] || join(homedir(), '.cache'), `gateway-agent-setup-${g.name}`, g.version);

/** A step of the build failed: which one, and the tail of what the tool said. */
class BuildStepError extends Error {
  constructor(what: string, step: string, detail: string) {
    super(`${what}: ${step} failed: ${detail.trim().split('\n').slice(-15).join('\n')}`);
  }
}

function goEnv(module: string, cgo: boolean): NodeJS.ProcessEnv {
  return {
    ...process.env,
    // Only this module: its dependencies are still checked against its go.sum and the database.
    GONOSUMDB: module,
    GOFLAGS: '-mod=mod -buildvcs=false',
    CGO_ENABLED: cgo ? '1' : '0',
  };
}

async function step<T>(what: string, name: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const e = err as { stderr?: string; message?: string };
    throw new BuildStepError(what, name, e.stderr || e.message || String(err));
  }
}

/** `go mod download` of one pinned module, its hash checked; the folder it is in. */
async function download(m: { module: string; version: string; sum: string }, cgo: boolean): Promise<string> {
  const target = `${m.module}@${m.version}`;
  const got = await step(target, 'go mod download', async () => {
    const { stdout } = await run('go', ['mod', 'download', '-json', target], {
      env: goEnv(m.module, cgo),
      maxBuffer: 1 << 24,
      timeout: 10 * 60_000,
    });
    const info = JSON.parse(stdout) as { Dir?: string; Sum?: string; Error?: string };
    if (info.Error) throw new Error(info.Error);
    if (!info.Dir) throw new Error(`no Dir in ${stdout}`);
    return { dir: info.Dir, sum: info.Sum ?? '' };
  });
  if (got.sum !== m.sum) throw new BuildStepError(target, 'checksum', `${target} has ${got.sum}, pinned ${m.sum}`);
  return got.dir;
}

/**
 * Builds (or reuses) one pinned gateway; the path of its binary. The version is stamped the way
 * its own release build does (`-X …/common.Version`): a plain module build says `v0.0.0` in
 * `/api/status` and, from new-api v0.13, in the `X-New-Api-Version` header every answer carries.
 */
async function ensureBuild(g: GoGateway): Promise<string> {
  const cache = cacheOf(g);
  const binary = join(cache, g.name);
  const stamp = join(cache, '.complete');
  const target = `${g.module}@${g.version}`;
  const ldflags = `-X ${g.module}/common.Version=${g.version}`;
  const complete = `${target} ${g.sum} ${ldflags}${g.cgo ? ' cgo' : ''}`;
  if (existsSync(stamp) && existsSync(binary) && readFileSync(stamp, 'utf8').trim() === complete) return binary;
  rmSync(cache, { recursive: true, force: true });
  mkdirSync(cache, { recursive: true });
  const dir = await download(g, g.cgo);
  const src = join(cache, 'src');
  await step(target, 'copy the module', async () => {
    cpSync(dir, src, { recursive: true });
    // The module cache is read-only; the copy must take the stub console.
    await run('chmod', ['-R', 'u+w', src]);
    mkdirSync(dirname(join(src, g.console)), { recursive: true });
    writeFileSync(join(src, g.console), `<!doctype html><html><body>${g.name} console (stub)</body></html>\n`);
  });
  await step(target, 'go build', () =>
    run('go', ['build', '-trimpath', '-ldflags', ldflags, '-o', binary, '.'], {
      cwd: src,
      env: goEnv(g.module, g.cgo),
      maxBuffer: 1 << 26,
      timeout: 20 * 60_000,
    }),
  );
  chmodSync(binary, 0o755);
  rmSync(src, { recursive: true, force: true });
  writeFileSync(stamp, `${complete}\n`);
  return binary;
}

/** Builds (or reuses) one pinned new-api release. */
export function ensureNewApi(version: NewApiRelease = releaseUnderTest()): Promise<string> {
  return ensureBuild(newApi(version));
}

/**
 * Builds (or reuses) one-api, and the folder of the encodings it reads at start
 * (`TIKTOKEN_CACHE_DIR`: each file named by the SHA-1 of the address it would come from).
 */
export async function ensureOneApi(): Promise<{ binary: string; tiktoken: string }> {
  const binary = await ensureBuild(ONE_API);
  const tiktoken = join(cacheOf(ONE_API), 'tiktoken');
  if (!TIKTOKEN.files.every((f) => existsSync(join(tiktoken, encodingFile(f))))) {
    const dir = await download(TIKTOKEN, false);
    mkdirSync(tiktoken, { recursive: true });
    for (const f of TIKTOKEN.files) cpSync(join(dir, 'assets', `${f}.tiktoken`), join(tiktoken, encodingFile(f)));
  }
  return { binary, tiktoken };
}

function encodingFile(name: string): string {
  return createHash('sha1').update(`https://openaipublic.blob.core.windows.net/encodings/${name}.tiktoken`).digest('hex');
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
export async function startNewApi(
  binary: string,
  opts: {
    timeoutMs?: number;
    env?: Readonly<Record<string, string>>;
    /** one-api adds its own `?_busy_timeout=…` to the path: it must get a plain one. */
    plainSqlitePath?: boolean;
  } = {},
): Promise<RunningNewApi> {
  const dir = mkdtempSync(join(tmpdir(), 'gas-new-api-'));
  // Released before use: new-api must bind it itself.
  const port = await closedPort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: dir,
    TZ: 'UTC',
    PORT: String(port),
    SQLITE_PATH: join(dir, opts.plainSqlitePath ? 'gateway.db' : 'new-api.db?_busy_timeout=30000'),
    SESSION_SECRET: `gas-${port}-${Date.now()}`,
    // The tier changes channels, tokens and options and asserts at once: no cache to wait for.
    MEMORY_CACHE_ENABLED: 'false',
    // Hundreds of console calls per run; the default limit would throttle the harness itself.
    GLOBAL_API_RATE_LIMIT: '100000',
    GLOBAL_WEB_RATE_LIMIT: '100000',
    CRITICAL_RATE_LIMIT: '100000',
    // From v0.13 a token search has a limit of its own (10 a minute): the set-up searches for each key it makes.
    SEARCH_RATE_LIMIT: '100000',
    ...opts.env,
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
