// Which version of an agent is installed, and what that means for the config we write: below the
// version seen failing to read it nothing is written; below the oldest version the tiers ran it is
// written but not proven, and the installed agent itself can prove it (`verify --agent-run`); a
// protocol it speaks only from a later version does not suit it; its format is the newest one that
// version reads. Versions compare as semver (npm's own parser);
// a version told in another shape (`1.2`) is read as the nearest one (`1.2.0`).
import { runMemo } from '../core/run-cache.js';
import type { Protocol } from '../core/types.js';
import { pathVariable } from '../core/launch.js';
import { msg, type Message } from '../i18n/index.js';
import { detectAgent, findOnPath, type Detection } from './detect.js';
import type { Agent, AgentEnv, AgentInstall, AgentVersions } from './types.js';

// Required at the first comparison, not imported: semver builds some forty regular expressions as it
// loads, and every start that lists the agents (a command that compares no version included) would
// build them. The bundle keeps it lazy (a CommonJS package is run when first required).
let semver: { coerce: typeof import('semver/functions/coerce.js'); lt: typeof import('semver/functions/lt.js') } | undefined;

/** `version` is older than `min`; false when either cannot be read as a version. */
export function olderThan(version: string, min: string): boolean {
  /* eslint-disable @typescript-eslint/no-require-imports -- see above: loaded when first needed */
  semver ??= { coerce: require('semver/functions/coerce.js'), lt: require('semver/functions/lt.js') };
  /* eslint-enable @typescript-eslint/no-require-imports */
  const { coerce, lt } = semver;
  const v = coerce(version, { includePrerelease: true });
  const m = coerce(min, { includePrerelease: true });
  return v !== null && m !== null && lt(v, m);
}

/**
 * The version of the agent on PATH, or undefined when it is not there or tells none. Only a binary
 * found on PATH is run, so an agent that is not installed costs no process.
 */
export async function installedVersion(agent: Agent, env: AgentEnv): Promise<string | undefined> {
  return (await installation(agent, env)).version;
}

/**
 * What each binary on each PATH told, for this process: a command that first looks for the
 * installed agents (setup without --agent, `use` over several profiles, doctor) and then reads
 * their versions asks each binary once.
 */
const told = runMemo<string, Promise<Detection>>();

/** Whether the agent is on PATH, and the version it tells: its binary run once, only when found. */
export function installation(agent: Agent, env: AgentEnv): Promise<Detection> {
  const key = [agent.binary, env.platform, pathVariable(env.env) ?? '', env.env['PATHEXT'] ?? ''].join('\0');
  let found = told.get(key);
  if (found === undefined) {
    found = findOnPath(agent.binary, env).then((path) => (path === undefined ? { installed: false } : detectAgent(agent, env)));
    told.set(key, found);
  }
  return found;
}

/** The command that updates an installed agent, for its kind of source. */
export function updateCommand(install: AgentInstall): Message {
  switch (install.from) {
    case 'npm':
      return msg('agents.version.update_npm', { package: install.package });
    case 'go':
      return msg('agents.version.update_go', { module: install.module });
    case 'pip':
      return msg('agents.version.update_pip', { package: install.package });
  }
}

/**
 * The installed version is below the one seen failing to read what we write: what to say of it
 * (`older`, for doctor) and the command that updates it; undefined when it is not, or unknown.
 */
export function outdated(agent: Agent, version: string | undefined): { older: Message; update: Message } | undefined {
  const broken = agent.versions?.brokenBelow;
  if (version === undefined || broken === undefined || !olderThan(version, broken)) return undefined;
  return { older: msg('agents.version.older', { agent: agent.name, version, broken }), update: updateCommand(agent.install) };
}

/** Why nothing is written for the installed version, when it is below the version seen failing. */
export function belowFloor(agent: Agent, version: string | undefined): Message | undefined {
  const old = outdated(agent, version);
  return old && msg('agents.version.below_floor', old);
}

/**
 * The installed version is older than the oldest one the tiers ran (and not known to fail): what we
 * write is likely read, not proven. Undefined when it is proven, or unknown.
 */
export function unproven(agent: Agent, version: string | undefined): Message | undefined {
  const proven = agent.versions?.provenFrom;
  if (version === undefined || proven === undefined || !olderThan(version, proven) || outdated(agent, version)) return undefined;
  return msg('agents.version.unproven', { agent: agent.name, version, proven });
}

/** Why the installed version cannot speak `protocol`, when it speaks it only from a later one. */
export function protocolTooNew(agent: Agent, protocol: Protocol, version: string | undefined): Message | undefined {
  const since = agent.versions?.protocols?.[protocol];
  if (version === undefined || since === undefined || !olderThan(version, since)) return undefined;
  return msg('agents.version.protocol_since', {
    agent: agent.name,
    version,
    since,
    protocol: msg(`proto.${protocol}`),
    update: updateCommand(agent.install),
  });
}

/**
 * Of facts each holding from its `since` version on (oldest first), the one that holds for
 * `version`: the newest whose `since` is not newer; the newest when the version is unknown;
 * undefined when the version is older than them all.
 */
export function holdingAt<T extends { readonly since: string }>(facts: readonly T[], version: string | undefined): T | undefined {
  return version === undefined ? facts.at(-1) : facts.findLast((f) => !olderThan(version, f.since));
}

/** The format the installed version reads: the one holding at it; the oldest for a version older than them all. */
export function formatFor(versions: AgentVersions | undefined, version: string | undefined): string | undefined {
  const formats = versions?.formats ?? [];
  return (holdingAt(formats, version) ?? formats[0])?.format;
}

/** The agent's env with its installed version, for its module's plan and readBack. */
export function withVersion(env: AgentEnv, version: string | undefined): AgentEnv {
  return version === undefined ? env : { ...env, agentVersion: version };
}

/**
 * The agent as its installed version is: a model it could take only in a protocol that version
 * does not speak does not suit it (with the reason and the update command).
 */
export function forVersion<A extends Agent>(agent: A, version: string | undefined): A {
  if (version === undefined || agent.versions?.protocols === undefined) return agent;
  return {
    ...agent,
    fit(model) {
      const fit = agent.fit(model);
      const why = fit.ok ? protocolTooNew(agent, fit.protocol, version) : undefined;
      return why ? { ok: false, reason: why } : fit;
    },
  };
}
