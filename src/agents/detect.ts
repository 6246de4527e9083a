// Is an agent installed, which version, where? Runs `<binary> <versionArgs>` through the one
// subprocess wrapper, with the caller's environment (never our own process's).
import { access, constants } from 'node:fs/promises';
import { runCommand } from '../core/run.js';
import { pathFor } from './paths.js';
import type { Agent, AgentEnv } from './types.js';

export interface Detection {
  installed: boolean;
  version?: string;
  /** Where the binary was found on PATH. */
  path?: string;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** `claude 2.1.197 (Claude Code)` → `2.1.197`; the first semver-like token in the output. */
export function extractVersion(output: string): string | undefined {
  return /\bv?(\d+\.\d+(?:\.\d+)?(?:-[0-9A-Za-z.-]+)?)\b/.exec(output)?.[1];
}

/** The PATH value, whatever its case (Windows spells it `Path`). */
function pathVariable(env: AgentEnv['env']): string | undefined {
  const name = Object.keys(env).find((k) => k.toUpperCase() === 'PATH');
  return name === undefined ? undefined : env[name];
}

/** The first PATH entry holding the binary (with a PATHEXT suffix on Windows). */
export async function findOnPath(binary: string, env: AgentEnv): Promise<string | undefined> {
  const p = pathFor(env.platform);
  const win = env.platform === 'win32';
  const dirs = (pathVariable(env.env) ?? '').split(win ? ';' : ':').filter((d) => d !== '');
  const exts = win ? ['', ...(env.env['PATHEXT'] ?? '.COM;.EXE;.BAT;.CMD').split(';').filter((e) => e !== '')] : [''];
  for (const dir of dirs) {
    for (const ext of exts) {
      const candidate = p.join(dir, binary + ext.toLowerCase());
      try {
        await access(candidate, win ? constants.F_OK : constants.X_OK);
        return candidate;
      } catch {
        // Not here; try the next entry.
      }
    }
  }
  return undefined;
}

export async function detectAgent(agent: Agent, env: AgentEnv, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<Detection> {
  const [result, path] = await Promise.all([
    runCommand({ command: agent.binary, args: agent.versionArgs, cwd: env.cwd, timeoutMs }, { env: env.env }),
    findOnPath(agent.binary, env),
  ]);
  if (result.notFound) return { installed: false };
  const version = extractVersion(`${result.stdout}\n${result.stderr}`);
  // A binary that answered (even slowly or with an error) is there; only a version proves it is ours.
  const installed = result.exitCode === 0 || version !== undefined || path !== undefined;
  return { installed, ...(version !== undefined && { version }), ...(path !== undefined && { path }) };
}
