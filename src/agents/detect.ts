// Is an agent installed, which version, where? Runs `<binary> <versionArgs>` through the one
// subprocess wrapper, with the caller's environment (never our own process's) less every variable
// that may hold a key, from an absolute PATH entry only, in a neutral folder.
// fs.promises, not node:fs/promises: Node loads it when first used, not at every start that imports this.
import { constants, existsSync, promises as fs } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { candidateNames, launchFor, pathVariable } from '../core/launch.js';
import { runCommand } from '../core/run.js';
import { pathFor } from './paths.js';
import { pythonPackageVersion } from './python-version.js';
import type { Agent, AgentEnv } from './types.js';

export interface Detection {
  installed: boolean;
  version?: string;
  /**
   * The command on PATH is the agent's predecessor (Kimi's archived kimi-cli answers as `kimi`): its
   * version. `installed` is then false and `version` absent: the agent itself is not there.
   */
  predecessor?: string;
  /** Where the binary was found on PATH. */
  path?: string;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** `claude 2.1.197 (Claude Code)` → `2.1.197`; the first semver-like token in the output. */
export function extractVersion(output: string): string | undefined {
  return /\bv?(\d+\.\d+(?:\.\d+)?(?:-[0-9A-Za-z.-]+)?)\b/.exec(output)?.[1];
}

/** The first PATH entry holding the binary (on Windows: its .exe, .cmd or .ps1 shim). */
export async function findOnPath(
  binary: string,
  env: AgentEnv,
  exists: (file: string) => Promise<boolean> = runnable(env.platform),
): Promise<string | undefined> {
  const p = pathFor(env.platform);
  const names = candidateNames(binary, env.platform, env.env);
  // Every agent is looked for in every folder: each folder is normalised once, not per name.
  for (const dir of absoluteDirs(env)) {
    const folder = p.join(dir, p.sep);
    for (const name of names) {
      const candidate = folder + name;
      if (await exists(candidate)) return candidate;
    }
  }
  return undefined;
}

/**
 * The PATH entries a probe looks in: absolute ones only. A relative entry (`node_modules/.bin`,
 * `bin`, `.`) names a folder of whatever repository the command runs in: nothing there is run.
 */
function absoluteDirs(env: AgentEnv): string[] {
  return pathEntries(env).filter((d) => pathFor(env.platform).isAbsolute(d));
}

/** The entries of the PATH the agent modules were given, in order. */
function pathEntries(env: AgentEnv): string[] {
  return (pathVariable(env.env) ?? '').split(env.platform === 'win32' ? ';' : ':').filter((d) => d !== '');
}

/** The PATH entries a probe passes over (relative ones), to say so. */
export function relativePathEntries(env: AgentEnv): string[] {
  return pathEntries(env).filter((d) => !pathFor(env.platform).isAbsolute(d));
}

/** A variable that may hold a key or a token, by its name or by its value's shape. */
function secretLike(name: string, value: string): boolean {
  return /KEY|TOKEN|SECRET|PASSW|CREDENTIAL|AUTH/i.test(name) || /\bsk-[A-Za-z0-9_-]{16,}/.test(value);
}

/**
 * The environment a `--version` probe runs with: the user's, less every variable that may hold a
 * key, and a PATH of its absolute entries (the binary found is the one that runs).
 */
function probeEnv(env: AgentEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env.env)) if (v !== undefined && !secretLike(k, v)) out[k] = v;
  const name = Object.keys(out).find((k) => k.toUpperCase() === 'PATH') ?? 'PATH';
  out[name] = absoluteDirs(env).join(env.platform === 'win32' ? ';' : ':');
  return out;
}

/** A file a program could be started from: executable on POSIX; present on Windows (no x bit there). */
function runnable(platform: NodeJS.Platform): (file: string) => Promise<boolean> {
  // Most candidates are absent: a check that makes no error for them comes first (an error for
  // every agent in every PATH folder was a third of a doctor's own time).
  return async (file) =>
    existsSync(file) &&
    fs.access(file, platform === 'win32' ? constants.F_OK : constants.X_OK).then(
      () => true,
      () => false,
    );
}

export async function detectAgent(agent: Agent, env: AgentEnv, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<Detection> {
  const path = await findOnPath(agent.binary, env);
  const launch = launchFor(path, agent.binary, agent.versionArgs, env.platform);
  if (path === undefined) return { installed: false };
  if (agent.install.from === 'pip' && agent.versionFromMetadata === true) {
    const version = await pythonPackageVersion(path, agent.install.package);
    if (version !== undefined) return { installed: true, version, path };
  }
  // A neutral folder: a probe never runs in (or reads) the repository the command was started in;
  // the agent's own side files go to a scratch folder where it has a variable for them, and its
  // quiet variables keep it from its own lookups (OpenHands CLI fetches a price list at start).
  const scratch = agent.versionEnv ? await fs.mkdtemp(join(tmpdir(), `gas-version-${agent.id}-`)) : undefined;
  let result;
  try {
    const env_ = { ...probeEnv(env), ...agent.quietEnv, ...(scratch !== undefined && agent.versionEnv?.(scratch)) };
    result = await runCommand({ ...launch, cwd: tmpdir(), timeoutMs }, { env: env_ });
  } finally {
    if (scratch !== undefined) await fs.rm(scratch, { recursive: true, force: true }).catch(() => undefined);
  }
  if (result.notFound) return { installed: false };
  const told = `${result.stdout}\n${result.stderr}`;
  if (agent.predecessor?.versionText.test(told)) {
    const predecessor = extractVersion(told);
    return { installed: false, ...(predecessor !== undefined && { predecessor }), ...(path !== undefined && { path }) };
  }
  // Only an answer is read for its version: a binary that fails to start says other versions (an
  // old GitHub Copilot CLI on Node 20: "requires Node.js v24 or higher. Currently using v20.20.2.").
  const version = result.exitCode === 0 ? extractVersion(told) : undefined;
  // A binary that answered (even slowly or with an error) is there; only a version proves it is ours.
  const installed = result.exitCode === 0 || version !== undefined || path !== undefined;
  return { installed, ...(version !== undefined && { version }), ...(path !== undefined && { path }) };
}
