// Installs the pinned agents into a cache outside the repository, one folder per name@version,
// reused when present; returns the folder of its bin. Per kind of source:
// - npm: `npm install --prefix <folder> package@version` (bin: node_modules/.bin);
// - go: `go install module@version` with GOBIN=<folder>/bin (the Go module proxy; bin: bin);
// - pip: `python3 -m venv <folder>/venv`, then its pip installs package==version (bin: venv/bin).
// A finished install leaves a stamp file, so an interrupted one is redone, never half-used.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { installName } from '../../src/agents/install.js';
import { AGENT_IDS, AGENTS, SUPPORTED_AGENT_IDS, type AgentId } from '../../src/agents/registry.js';
import { withLock } from '../../src/config/lock.js';
import type { AgentInstall } from '../../src/agents/types.js';

const run = promisify(execFile);

export interface Pinned {
  from: AgentInstall['from'];
  /** The npm or PyPI package, or the Go module. */
  pkg: string;
  version: string;
  bin: string;
  /** Other packages installed in the same prefix or virtual environment (a platform binary, a Node, an SDK). */
  extras: readonly string[];
  /** pip: the Python its virtual environment is made with, when not the system's python3 ('3.12'). */
  python?: string;
}

/**
 * Other versions to run the tier against, by agent id: `GATEWAY_AGENT_VERSIONS='{"codex":"0.170.0"}'`
 * (what `npm run agents:outdated -- --run` sets to try the newest before a pin is bumped).
 */
export const VERSIONS_ENV = 'GATEWAY_AGENT_VERSIONS';

/** PATH with these install folders first, then this process's (node and the system tools). */
export const pathWith = (...dirs: (string | undefined)[]): string =>
  [...dirs.map((d) => `${d}`), process.env['PATH'] ?? '/usr/bin:/bin'].join(':');

/** The agents the tiers run: the ones setup writes for, and the ones only `launch` starts (Letta Code). */
const RUN_IDS: readonly AgentId[] = AGENT_IDS.filter((id) => AGENTS[id].unsupported === undefined || AGENTS[id].session !== undefined);

/** Of the pinned agents, the ones setup writes for (the setup matrices' agents). */
export const setupIds = (ids: readonly AgentId[]): AgentId[] => ids.filter((id) => SUPPORTED_AGENT_IDS.includes(id));

function versionOverrides(): Partial<Record<AgentId, string>> {
  const raw = process.env[VERSIONS_ENV];
  if (raw === undefined || raw.trim() === '') return {};
  const parsed: unknown = JSON.parse(raw);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error(`${VERSIONS_ENV} must be a JSON object of agent id → version`);
  for (const [id, v] of Object.entries(parsed)) {
    if (!(RUN_IDS as readonly string[]).includes(id) || typeof v !== 'string' || !/^[\w.+-]+$/.test(v))
      throw new Error(`${VERSIONS_ENV}: ${JSON.stringify(id)} → ${JSON.stringify(v)} is not an agent id and a version`);
  }
  return parsed as Partial<Record<AgentId, string>>;
}

/**
 * Every agent with a verified version in its module, at that version (or the one
 * GATEWAY_AGENT_VERSIONS names for it): the agents tier runs exactly what the modules were proven
 * against. Bump a module's `install.verified` only after running it.
 */
const OVERRIDES = versionOverrides();
export const PINNED = Object.fromEntries(
  RUN_IDS.flatMap((id) => {
    const { install, binary } = AGENTS[id];
    return install.verified === undefined
      ? []
      : [
          [
            id,
            {
              from: install.from,
              pkg: installName(install),
              version: OVERRIDES[id] ?? install.verified,
              bin: binary,
              extras: install.from === 'go' ? [] : (install.extras ?? []),
              ...(install.from === 'pip' && install.python !== undefined && { python: install.python }),
            } satisfies Pinned,
          ],
        ];
  }),
) as Readonly<Record<AgentId, Pinned>>;
export type PinnedId = AgentId;

/**
 * Agents whose config format differs by version, at their `provenFrom` version (the oldest the tiers
 * ran): the tiers run each of them there as well as at the pinned newest ('floor' below).
 */
export const FLOORS = Object.fromEntries(
  (Object.keys(PINNED) as PinnedId[]).flatMap((id) => {
    const versions = AGENTS[id].versions;
    return versions?.formats !== undefined && versions.formats.length > 1 ? [[id, { ...PINNED[id], version: versions.provenFrom }]] : [];
  }),
) as Readonly<Partial<Record<PinnedId, Pinned>>>;
export const FLOOR_IDS = Object.keys(FLOORS) as PinnedId[];

/** Which install of an agent: the pinned newest, or its floor. */
export type Which = 'newest' | 'floor';
const pinOf = (id: PinnedId, which: Which): Pinned => (which === 'floor' ? FLOORS[id] : undefined) ?? PINNED[id];

const CACHE = join(process.env['XDG_CACHE_HOME'] || join(homedir(), '.cache'), 'gateway-agent-setup-agents');

const STAMP = '.installed';

/** The cache folder of one pinned agent (a Go module's slashes make nested folders, as in GOMODCACHE). */
function prefixOf(p: Pinned): string {
  const { pkg, version, extras } = p;
  // The extras (and a Python of its own) are part of the prefix's name: changing them installs afresh.
  return join(CACHE, [`${pkg}@${version}`, ...extras, ...(p.python !== undefined ? [`python${p.python}`] : [])].join('+'));
}

/** Where the installed binary lands inside the cache folder, per kind. */
function binDirOf(from: Pinned['from'], dir: string): string {
  return from === 'npm' ? join(dir, 'node_modules', '.bin') : from === 'go' ? join(dir, 'bin') : join(dir, 'venv', 'bin');
}

/**
 * The interpreter a virtual environment is made with: the system's python3, or for a package that
 * needs a newer one, pyenv's installed release of it (this machine's pyenv has 3.12 and 3.13), else
 * `pythonX.Y` on PATH.
 */
export function pythonFor(version: string | undefined): string {
  if (version === undefined) return 'python3';
  const root = process.env['PYENV_ROOT'] || join(homedir(), '.pyenv');
  const releases = existsSync(join(root, 'versions'))
    ? readdirSync(join(root, 'versions'))
        .filter((v) => v === version || v.startsWith(`${version}.`))
        .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    : [];
  const newest = releases.at(-1);
  return newest !== undefined ? join(root, 'versions', newest, 'bin', `python${version}`) : `python${version}`;
}

/** The bound on each install command (npm, pip, go): a hung registry stops there. */
const INSTALL_COMMAND_MS = 15 * 60_000;

/**
 * The bound for a hook that installs `count` agents, one after another: each install is bounded by
 * its own commands, so the hook waits as long as they may take together. On a cold cache the
 * tier's installs take longer than any fixed hook bound (over 10 minutes for one file, the other
 * files installing beside it).
 */
export const installsTimeout = (count: number): number => Math.max(1, count) * INSTALL_COMMAND_MS;

async function install(p: Pinned, dir: string): Promise<void> {
  const opts = { cwd: dir, maxBuffer: 1 << 26, timeout: INSTALL_COMMAND_MS };
  switch (p.from) {
    case 'npm': {
      writeFileSync(join(dir, 'package.json'), '{"private":true}\n');
      const npmInstall = (specs: string[], env?: NodeJS.ProcessEnv) =>
        run('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', '--no-save', '--save-exact', ...specs], { ...opts, env });
      // The extras first: a Node among them (an agent needing a newer one than ours) is then the
      // `node` its install scripts run with, its folder's bin first on PATH as when it runs.
      if (p.extras.length > 0) await npmInstall([...p.extras]);
      // Install scripts run: several agents fetch their platform binary as an optional dependency
      // and link it in a postinstall step (npm registry only).
      await npmInstall([`${p.pkg}@${p.version}`, ...p.extras], {
        ...process.env,
        PATH: pathWith(join(dir, 'node_modules', '.bin')),
      });
      return;
    }
    case 'go':
      // `module@version` builds outside any module; Go's module and build caches are shared.
      await run('go', ['install', `${p.pkg}@v${p.version}`], { ...opts, env: { ...process.env, GOBIN: join(dir, 'bin') } });
      return;
    case 'pip':
      await run(pythonFor(p.python), ['-m', 'venv', join(dir, 'venv')], opts);
      await run(
        join(dir, 'venv', 'bin', 'python'),
        ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', `${p.pkg}==${p.version}`, ...p.extras],
        opts,
      );
      return;
  }
}

/** The version the cache folder really holds, read the way each kind records it. */
async function installedVersion(p: Pinned, dir: string): Promise<string> {
  switch (p.from) {
    case 'npm':
      return (JSON.parse(readFileSync(join(dir, 'node_modules', ...p.pkg.split('/'), 'package.json'), 'utf8')) as { version: string })
        .version;
    case 'go': {
      const { stdout } = await run('go', ['version', '-m', join(dir, 'bin', p.bin)]);
      return /^\s*mod\s+\S+\s+v(\S+)/m.exec(stdout)?.[1] ?? 'unknown';
    }
    case 'pip': {
      const { stdout } = await run(join(dir, 'venv', 'bin', 'python'), ['-m', 'pip', 'show', '--disable-pip-version-check', p.pkg]);
      return /^Version:\s*(\S+)/m.exec(stdout)?.[1] ?? 'unknown';
    }
  }
}

/**
 * Runs `job` holding the install lock of `dir`: the agents tier and the new-api tier run side by
 * side in CI and may need the same agent at once; one installs it, the other waits and reuses it.
 * The product's own lock (one holder at a time, a dead or 30-minute-old holder taken over by one
 * waiter only); a waiter gives up after an hour, longer than any hook that installs.
 */
async function withInstallLock<T>(dir: string, job: () => Promise<T>): Promise<T> {
  return withLock(`${dir}.lock`, job, { waitMs: 60 * 60_000, staleMs: 30 * 60_000 });
}

/**
 * The agents the tiers run once per protocol they speak, each with a model served only that way
 * (the others run in the protocol setup picks for them).
 */
export const EVERY_PROTOCOL: readonly PinnedId[] = (['mistral-vibe', 'openhands'] as const).filter((id) => id in PINNED);

/**
 * Versions older than the agent's `provenFrom`, run only through the path a user with such a version
 * takes (`setup --verify agent`): the tier shows that path with a real old binary, which keeps
 * them unproven by the full tier.
 */
export const UNPROVEN: Readonly<Partial<Record<PinnedId, string>>> = { 'claude-code': '2.0.77' };

/** Installs (or reuses) one of the UNPROVEN versions; the folder of its binary. */
export async function ensureUnproven(id: PinnedId): Promise<string> {
  const version = UNPROVEN[id];
  if (version === undefined) throw new Error(`${id}: no unproven version is named`);
  return ensureVersion(id, version);
}

/**
 * Installs (or reuses) another release of a pinned agent, from the same source and with the same
 * extras (a fact that changed between releases is seen on each); the folder of its binary.
 */
export async function ensureVersion(id: PinnedId, version: string): Promise<string> {
  const p = { ...PINNED[id], version };
  const dir = prefixOf(p);
  return withInstallLock(dir, () => installOnce(p, dir));
}

/**
 * An agent's predecessor (Kimi's archived kimi-cli, which answers as `kimi`), at the version its
 * facts were read from; the folder of its binary.
 */
export async function ensurePredecessor(id: PinnedId): Promise<string> {
  const i = AGENTS[id].predecessor?.install;
  if (i === undefined || i.from === 'go' || i.verified === undefined) throw new Error(`${id}: no predecessor to install`);
  const p: Pinned = {
    from: i.from,
    pkg: i.package,
    version: i.verified,
    bin: AGENTS[id].binary,
    extras: i.extras ?? [],
    ...(i.from === 'pip' && i.python !== undefined && { python: i.python }),
  };
  const dir = prefixOf(p);
  return withInstallLock(dir, () => installOnce(p, dir));
}

/** Installs (or reuses) the pinned version; the folder of its binary. */
export async function ensureAgent(id: PinnedId, which: Which = 'newest'): Promise<string> {
  const p = pinOf(id, which);
  const dir = prefixOf(p);
  return withInstallLock(dir, () => installOnce(p, dir));
}

async function installOnce(p: Pinned, dir: string): Promise<string> {
  const binDir = binDirOf(p.from, dir);
  if (!existsSync(join(dir, STAMP)) || !existsSync(join(binDir, p.bin))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const started = Date.now();
    try {
      await install(p, dir);
    } catch (err) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`${p.from} install ${p.pkg}@${p.version} failed: ${(err as Error).message}`);
    }
    if (!existsSync(join(binDir, p.bin))) throw new Error(`${p.pkg}@${p.version} installed but ${p.bin} is missing in ${binDir}`);
    writeFileSync(join(dir, STAMP), `${p.pkg}@${p.version} (${p.from}, ${Math.round((Date.now() - started) / 1000)} s)\n`);
  }
  const installed = await installedVersion(p, dir);
  if (installed !== p.version) throw new Error(`${dir} holds ${p.pkg}@${installed}, not the pinned ${p.version}`);
  return binDir;
}
