// What a start runs is what it costs: a command that reads no config file must not run the TOML and
// YAML readers, and one that makes no request must not run the HTTP client. The built command line
// is a few part files of chunks, each chunk a function named by its id; the build's map (never
// shipped) names each chunk's modules. The built bin runs with V8's coverage on, and the modules of
// the chunks that ran are read from it.
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { AGENT_IDS } from '../../src/agents/registry.js';
import { DEMO_KEY } from '../../src/simulator/index.js';
import { BIN_PATH } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'gas-loads-'));
afterAll(async () => {
  await stopAll();
  rmSync(dir, { recursive: true, force: true });
});

/** Each library's modules, as the bundle names them. */
const LIBRARIES = {
  yaml: 'node_modules/yaml/',
  toml: 'node_modules/@decimalturn/toml-patch/',
  http: 'node_modules/undici/',
  cosmiconfig: 'node_modules/cosmiconfig/',
} as const;

/** Each chunk's modules, as the build wrote them down beside it. */
const MODULES_OF = JSON.parse(
  readFileSync(new URL('../../node_modules/.cache/gateway-agent-setup/chunks.json', import.meta.url), 'utf8'),
) as Record<string, string[]>;

interface Coverage {
  result: { url: string; functions: { functionName: string; ranges: { count: number }[] }[] }[];
}

/** The modules a start of the bin ran, in a folder holding `folder` and a home holding `homeFiles` (path → text). */
async function ranModules(
  args: string[],
  env: Record<string, string> = {},
  folder: Record<string, string> = {},
  homeFiles: Record<string, string> = {},
): Promise<string[]> {
  const coverage = mkdtempSync(join(dir, 'coverage-'));
  const home = mkdtempSync(join(dir, 'home-'));
  const cwd = mkdtempSync(join(dir, 'cwd-'));
  for (const [name, text] of Object.entries(folder)) writeFileSync(join(cwd, name), text);
  for (const [name, text] of Object.entries(homeFiles)) {
    mkdirSync(dirname(join(home, name)), { recursive: true });
    writeFileSync(join(home, name), text);
  }
  await run(process.execPath, [BIN_PATH, ...args], {
    env: { PATH: '/usr/bin:/bin', HOME: home, NODE_V8_COVERAGE: coverage, ...env },
    cwd,
  }).catch((err: { code?: unknown }) => {
    if (typeof err.code !== 'number') throw err;
  });
  const ran = readdirSync(coverage).flatMap((f) =>
    (JSON.parse(readFileSync(join(coverage, f), 'utf8')) as Coverage).result
      .filter((s) => s.url.includes('/dist/parts/'))
      .flatMap((s) => s.functions.filter((fn) => (fn.ranges[0]?.count ?? 0) > 0).flatMap((fn) => MODULES_OF[fn.functionName] ?? [])),
  );
  // The command's own modules ran: what is not in the list below was there to be seen.
  expect(ran).toContain('src/cli/main.ts');
  return ran;
}

/** The libraries a start of the bin ran (see ranModules). */
async function ranLibraries(...given: Parameters<typeof ranModules>): Promise<string[]> {
  const ran = await ranModules(...given);
  return Object.entries(LIBRARIES)
    .filter(([, prefix]) => ran.some((name) => name.startsWith(prefix)))
    .map(([name]) => name);
}

describe('what a start runs', () => {
  it('doctor on a machine without agents runs neither the file readers nor the HTTP client', async () => {
    expect(await ranLibraries(['doctor'])).toEqual([]);
  });

  const agentModules = (ran: string[]): string[] => ran.filter((m) => /^src\/agents\/[a-z-]+\/index\.ts$/.test(m));

  it("a usage error runs no agent's module; the command itself runs them all", async () => {
    expect(agentModules(await ranModules(['doctor', '--bogus']))).toEqual([]);
    expect(agentModules(await ranModules(['doctor'])).length).toBeGreaterThanOrEqual(15);
  });

  it("models runs the agents' modules once a gateway answers (they judge its models), none on a refused connection", async () => {
    const refused = await ranModules(['models', '--base-url', 'http://127.0.0.1:9'], { GATEWAY_API_KEY: 'sk-loads-not-a-key-0000' });
    expect(agentModules(refused)).toEqual([]);
    // The settings check the agents' names against the list the build wrote out.
    expect(refused).toContain('src/agents/ids.ts');
    const sim = await startSim();
    expect(agentModules(await ranModules(['models', '--base-url', sim.root], { GATEWAY_API_KEY: DEMO_KEY })).length).toBeGreaterThanOrEqual(
      15,
    );
  });

  it("a settings file's agents are checked against that list: the registry's, in its order", async () => {
    const home = mkdtempSync(join(dir, 'home-'));
    mkdirSync(join(home, '.config/gateway-agent-setup'), { recursive: true });
    writeFileSync(join(home, '.config/gateway-agent-setup/settings.json'), JSON.stringify({ perAgent: { vim: {}, codex: {} } }));
    const failed = await run(process.execPath, [BIN_PATH, 'models', '--base-url', 'http://127.0.0.1:9'], {
      env: { PATH: '/usr/bin:/bin', HOME: home, GATEWAY_API_KEY: 'sk-loads-not-a-key-0000' },
      cwd: home,
    }).catch((err: { code?: unknown; stderr?: string }) => err);
    expect((failed as { code?: unknown }).code).toBe(2);
    // Wrapped at the terminal's width: compared word for word.
    expect((failed as { stderr: string }).stderr.replace(/\s+/g, ' ')).toContain(
      `"perAgent.vim" is not an agent (agents: ${AGENT_IDS.join(', ')})`,
    );
  });

  it('a package.json that says nothing of us is passed over without the JSON loader; one that does runs it', async () => {
    const pkg = { name: 'app', version: '1.0.0', scripts: { test: 'vitest' } };
    expect(await ranLibraries(['doctor'], {}, { 'package.json': JSON.stringify(pkg) })).toEqual([]);
    const ours = { ...pkg, 'gateway-agent-setup': { preferences: ['claude-*'] } };
    expect(await ranLibraries(['doctor'], {}, { 'package.json': JSON.stringify(ours) })).toEqual(['cosmiconfig']);
  });

  it('models on a refused connection runs neither the HTTP client nor a file reader; a gateway that answers, the client', async () => {
    // The first connection is Node's own: undici runs once there is a socket to talk over.
    expect(await ranLibraries(['models', '--base-url', 'http://127.0.0.1:9'], { GATEWAY_API_KEY: 'sk-loads-not-a-key-0000' })).toEqual([]);
    const sim = await startSim();
    expect(await ranLibraries(['models', '--base-url', sim.root], { GATEWAY_API_KEY: DEMO_KEY })).toEqual(['http']);
  });

  it('doctor with a TOML and a YAML config to read runs both readers (and no HTTP client without a gateway)', async () => {
    // Proof that a reader that runs is seen: Codex CLI's TOML and Continue's YAML, as users have them.
    const libs = await ranLibraries(
      ['doctor'],
      {},
      {},
      {
        '.codex/config.toml': 'model = "gpt-5"\n',
        '.continue/config.yaml': 'name: mine\nversion: 1.0.0\nschema: v1\nmodels: []\n',
      },
    );
    expect(libs).toEqual(['yaml', 'toml']);
  });
});

/** The Node modules a start of the bin loaded (as `process.moduleLoadList` names them, `NativeModule net`). */
async function loadedBuiltins(args: string[], env: Record<string, string> = {}): Promise<string[]> {
  const out = join(mkdtempSync(join(dir, 'builtins-')), 'loaded.txt');
  const hook = join(dir, 'record-builtins.cjs');
  writeFileSync(
    hook,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, process.moduleLoadList.join('\\n')));\n`,
  );
  const home = mkdtempSync(join(dir, 'home-'));
  // Output to nowhere, as the bench runs it: a pipe or a terminal as standard output is a socket, and
  // loads Node's networking whatever the command does.
  const child = spawn(process.execPath, ['--require', hook, BIN_PATH, ...args], {
    env: { PATH: '/usr/bin:/bin', HOME: home, ...env },
    cwd: home,
    stdio: 'ignore',
  });
  await new Promise((resolve) => child.on('close', resolve));
  return readFileSync(out, 'utf8').split('\n');
}

describe("what a start loads of Node's own modules", () => {
  // Each costs a start 2–3 ms: loaded where they are used, not where the module using them is imported.
  // fs's promise API (with the streams and readline it loads) included: a start that finds no file reads synchronously.
  const UNUSED_BY_DOCTOR = [
    'NativeModule net',
    'NativeModule crypto',
    'NativeModule perf_hooks',
    'NativeModule child_process',
    'NativeModule internal/fs/promises',
    'NativeModule stream',
  ];

  it('doctor on a machine without agents loads no networking, hashing, timing, process, stream or fs promise module', async () => {
    const loaded = await loadedBuiltins(['doctor']);
    // Proof the list sees what a start loads: the code cache's loader.
    expect(loaded).toContain('NativeModule vm');
    expect(UNUSED_BY_DOCTOR.filter((m) => loaded.includes(m))).toEqual([]);
  });

  it("models on a refused connection loads networking, but not the HTTP client's own modules (http, tls, http2, assert)", async () => {
    const loaded = await loadedBuiltins(['models', '--base-url', 'http://127.0.0.1:9'], { GATEWAY_API_KEY: 'sk-loads-not-a-key-0000' });
    expect(loaded).toContain('NativeModule net');
    expect(
      ['NativeModule http', 'NativeModule tls', 'NativeModule http2', 'NativeModule assert'].filter((m) => loaded.includes(m)),
    ).toEqual([]);
  });
});

describe('the sentences a start reads', () => {
  // Built, the English sentences are data, a file per namespace (dist/messages/doctor.en.json), read
  // when the run first says one of them: a doctor that finds nothing reads the doctor's, never the
  // wizard's or an agent's.
  it("doctor on a machine without agents reads its own sentences, and no other area's or agent's", async () => {
    const log = join(mkdtempSync(join(dir, 'reads-')), 'reads.txt');
    const hook = join(dir, 'record-reads.cjs');
    writeFileSync(
      hook,
      `const fs = require('node:fs'); const read = fs.readFileSync; fs.readFileSync = function (p, ...rest) { if (typeof p === 'string' && p.includes('/dist/messages/')) fs.appendFileSync(${JSON.stringify(log)}, p.slice(p.lastIndexOf('/') + 1) + '\\n'); return read.call(this, p, ...rest); };\n`,
    );
    const home = mkdtempSync(join(dir, 'home-'));
    const { stdout } = await run(process.execPath, ['--require', hook, BIN_PATH, 'doctor'], {
      env: { PATH: '/usr/bin:/bin', HOME: home },
      cwd: home,
    });
    expect(stdout).toContain('No coding agent is installed or configured here.');
    const reads = readFileSync(log, 'utf8').trim().split('\n');
    expect(reads).toContain('doctor.en.json');
    expect(new Set(reads).size).toBe(reads.length);
    const all = readdirSync(join(dirname(BIN_PATH), '../dist/messages'));
    expect(all.length).toBeGreaterThan(100);
    expect(reads.filter((f) => /^(wizard|setup|settings|sync|verify|remove|agents)\./.test(f))).toEqual([]);
  });
});

describe("the command line's code cache", () => {
  /** The bin's `doctor` (with `args`) in an empty home, with `temp` as its temp folder. */
  async function doctorIn(temp: string, env: Record<string, string> = {}, args: string[] = []): Promise<void> {
    const home = mkdtempSync(join(dir, 'home-'));
    await run(process.execPath, [BIN_PATH, 'doctor', ...args], {
      env: { PATH: '/usr/bin:/bin', HOME: home, TMPDIR: temp, ...env },
      cwd: home,
    }).catch((err: { code?: unknown }) => {
      if (err.code !== 2) throw err;
    });
  }

  it('a first run saves its compiled code in a private folder (of the one part doctor read); the next run takes it as it is', async () => {
    const temp = mkdtempSync(join(dir, 'tmp-'));
    await doctorIn(temp);
    const [folder, ...others] = readdirSync(temp);
    expect(others).toEqual([]);
    expect(folder).toMatch(/^gateway-agent-setup-v8-/);
    const cacheDir = join(temp, folder ?? '');
    expect(statSync(cacheDir).mode & 0o777).toBe(0o700);
    const [file, ...more] = readdirSync(cacheDir);
    expect(more).toEqual([]);
    expect(file).toMatch(new RegExp(`^[0-9a-f]{16}-${process.version.replace(/\./g, '\\.')}-${process.arch}-doctor-start\\.bin$`));
    const first = statSync(join(cacheDir, file ?? ''));
    expect(first.mode & 0o777).toBe(0o600);
    // Taken by the second run, not written again (a cache V8 refused would be).
    await doctorIn(temp);
    expect(statSync(join(cacheDir, file ?? '')).mtimeMs).toBe(first.mtimeMs);
    expect(readdirSync(cacheDir)).toEqual([file]);
  });

  it('a first run that stopped at a usage error: the next whole run saves the cache again with its code, and the runs after take it', async () => {
    const temp = mkdtempSync(join(dir, 'tmp-'));
    await doctorIn(temp, {}, ['--bogus']);
    const [folder] = readdirSync(temp);
    const cacheDir = join(temp, folder ?? '');
    const [file] = readdirSync(cacheDir);
    const path = join(cacheDir, file ?? '');
    const small = statSync(path);
    await doctorIn(temp);
    const whole = statSync(path);
    // Written aside and renamed into place: a new file, holding the code the whole run compiled too.
    expect(whole.ino).not.toBe(small.ino);
    expect(whole.size).toBeGreaterThan(small.size);
    await doctorIn(temp);
    await doctorIn(temp, {}, ['--bogus']);
    expect(statSync(path).ino).toBe(whole.ino);
    expect(readdirSync(cacheDir)).toEqual([file]);
  });

  it("a command that spoke to a gateway (WebAssembly kept on V8's baseline compiler from its first connection on) leaves caches the next run takes", async () => {
    // The bin sets V8's --liftoff-only at undici's first connection (src/cli/wasm-tier.ts), and V8
    // takes a cache only under the flags it was made with: were the defaults not given back exactly
    // around each compile and each save, every run would write every cache again.
    const sim = await startSim();
    const temp = mkdtempSync(join(dir, 'tmp-'));
    const models = async (): Promise<void> => {
      const home = mkdtempSync(join(dir, 'home-'));
      const { stdout } = await run(process.execPath, [BIN_PATH, 'models', '--json', '--base-url', sim.root], {
        env: { PATH: '/usr/bin:/bin', HOME: home, TMPDIR: temp, GATEWAY_API_KEY: DEMO_KEY },
        cwd: home,
      });
      expect(JSON.parse(stdout)).toMatchObject({ ok: true });
    };
    await models();
    const [folder] = readdirSync(temp);
    const cacheDir = join(temp, folder ?? '');
    const files = readdirSync(cacheDir).sort();
    // The start, undici's part and more: parts loaded before the first connection and after it.
    expect(files.filter((f) => f.includes('-models-')).length).toBeGreaterThanOrEqual(2);
    // undici's part by the name src/cli/entry.ts listens for (renamed, the flag would never be set).
    expect(files.some((f) => f.endsWith('-models-lib-undici.bin'))).toBe(true);
    const inodes = files.map((f) => statSync(join(cacheDir, f)).ino);
    await models();
    await models();
    expect(readdirSync(cacheDir).sort()).toEqual(files);
    expect(files.map((f) => statSync(join(cacheDir, f)).ino)).toEqual(inodes);
  });

  it('a command named after flags of every command (`--verbose doctor`) runs and keeps the cache of that command', async () => {
    const temp = mkdtempSync(join(dir, 'tmp-'));
    const home = mkdtempSync(join(dir, 'home-'));
    const { stdout } = await run(process.execPath, [BIN_PATH, '--verbose', '--home', home, 'doctor'], {
      env: { PATH: '/usr/bin:/bin', HOME: home, TMPDIR: temp },
      cwd: home,
    });
    expect(stdout).toContain('No coding agent is installed or configured here.');
    const [folder] = readdirSync(temp);
    expect(readdirSync(join(temp, folder ?? '')).map((f) => f.replace(/^[0-9a-f]{16}-[^-]+-[^-]+-/, ''))).toEqual(['doctor-start.bin']);
  });

  it('NODE_DISABLE_COMPILE_CACHE: nothing is written', async () => {
    const temp = mkdtempSync(join(dir, 'tmp-'));
    await doctorIn(temp, { NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(readdirSync(temp)).toEqual([]);
  });
});
