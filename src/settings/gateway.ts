// Which gateway and which key: from flags and the environment, validated once for every command
// that talks to the gateway. Missing input is a UsageError naming the flag or variable to set.
import { AGENT_IDS, isAgentId, type AgentId } from '../agents/ids.js';
import { normalizeBaseUrl } from '../core/base-url.js';
import { suggesting } from '../core/closest.js';
import { GatewayError, KEY_UNUSABLE, UsageError } from '../core/errors.js';
import { maskKey } from '../core/mask.js';
import { commas, msg, type Message } from '../i18n/index.js';
import { showArgument } from '../core/values.js';
import type { Completed, Given } from './given.js';
import type { SettingsHost } from './host.js';
import { KeyElsewhereError } from './key-binding.js';

export const DEFAULT_KEY_ENV = 'GATEWAY_API_KEY';
export const BASE_URL_ENV = 'GATEWAY_BASE_URL';
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface GatewayInputs {
  /** Gateway root (no trailing slash, no /v1) and root + '/v1'. */
  root: string;
  v1: string;
  key: string;
  /** Where the key came from, for messages: "$GATEWAY_API_KEY", "--api-key". Never the key. */
  keySource: string;
  /** The environment variable holding the key (the one to reference in agent configs). */
  keyEnvVar: string;
  /** Agents with a key of their own (`--api-key-env AGENT=VAR`); the others use `key`. */
  agentKeys?: ReadonlyMap<AgentId, AgentKey>;
  /** The config each agent's key was taken from, when it was (said per agent, whichever key the run sends). */
  keptIn?: ReadonlyMap<AgentId, string>;
  /** The variable that holds another key than the config's kept one this run sends in its place. */
  keyWaiting?: string;
  timeoutMs: number;
  env: Readonly<Record<string, string | undefined>>;
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A key that came with the gateway's import link, and where the link came from (`--import -`). */
export interface ImportedKey {
  key: string;
  source: string;
}

/** A key an agent's config holds for this gateway (./config-key.ts). */
export interface KeptKey extends ImportedKey {
  /** The agent, by its name, for the note that says where the key was kept. */
  agent: string;
}

/** The key variables named by `--api-key-env`: the plain one (every agent) and `AGENT=VAR` ones. */
export interface KeyEnvFlags {
  plain?: string;
  perAgent: Map<AgentId, string>;
}

/** The valid agents, led by the one `word` was likely meant as (`claude` → `claude-code`). */
export function agentsHint(word: string): Message {
  return suggesting(word, AGENT_IDS, msg('setup.agents_hint', { agents: commas(AGENT_IDS) }));
}

/**
 * The key variables given: the plain one (every agent) and each agent's own. A bad agent names the
 * valid ones; a value that is not a variable name may be the key itself and is never echoed.
 */
export function keyEnvFlags(given: Given): KeyEnvFlags {
  const out: KeyEnvFlags = { perAgent: new Map() };
  for (const [agent, name] of Object.entries(given.agentKeyEnvs ?? {})) {
    if (!isAgentId(agent)) {
      throw new UsageError(msg('keys.unknown_agent', { agent: JSON.stringify(showArgument(agent)) }), agentsHint(agent));
    }
    if (name === undefined) continue;
    if (!ENV_NAME.test(name)) throw new UsageError(msg('wizard.api_key_env_name'), msg('keys.env_name_hint'));
    out.perAgent.set(agent, name);
  }
  if (given.keyEnv !== undefined) {
    if (!ENV_NAME.test(given.keyEnv)) throw new UsageError(msg('wizard.api_key_env_name'), msg('wizard.api_key_env_name_hint'));
    out.plain = given.keyEnv;
  }
  return out;
}

/** One agent's own key: from the variable `--api-key-env AGENT=VAR` (or the saved settings) names. */
interface AgentKey {
  key: string;
  keyEnvVar: string;
  /** The config file it was kept in, when it is the key the agent's config already holds. */
  keptIn?: string;
}

/**
 * The agents' own keys, for the agents of this run that have a variable of their own. A variable
 * that is unset or empty is a usage error naming the agent and the variable.
 */
function resolveAgentKeys(
  ctx: Pick<SettingsHost, 'env' | 'addSecret'>,
  values: Given,
  agents: readonly AgentId[],
  inConfigs: ReadonlyMap<AgentId, KeptKey>,
): Map<AgentId, AgentKey> {
  const { perAgent } = keyEnvFlags(values);
  const out = new Map<AgentId, AgentKey>();
  for (const id of agents) {
    const name = perAgent.get(id);
    if (name === undefined) continue;
    const key = ctx.env[name]?.trim();
    const kept = inConfigs.get(id);
    if ((key === undefined || key === '') && kept) {
      out.set(id, { key: kept.key, keyEnvVar: name });
      continue;
    }
    if (key === undefined || key === '') {
      throw new UsageError(msg('keys.unset', { agent: id, var: name }), msg('keys.unset_hint', { agent: id, var: name }));
    }
    ctx.addSecret(key);
    if (/[\s\u0000-\u001f\u007f]/.test(key)) {
      throw new UsageError(msg('inputs.bad_key', { source: `$${name}`, key: maskKey(key) }), msg('inputs.bad_key_hint'));
    }
    out.set(id, { key, keyEnvVar: name });
  }
  return out;
}

/** The per-request timeout given, else the default. */
export function timeoutMs(given: Pick<Given, 'timeoutSeconds'>): number {
  return given.timeoutSeconds === undefined ? DEFAULT_TIMEOUT_MS : Math.round(given.timeoutSeconds * 1000);
}

/** The base URL: `--base-url`, else $GATEWAY_BASE_URL; normalized, its repairs reported on stderr. */
export function resolveBaseUrl(ctx: Pick<SettingsHost, 'env' | 'warn'>, values: Given): { root: string; v1: string } {
  const given = values.baseUrl ?? ctx.env[BASE_URL_ENV];
  if (given === undefined || given.trim() === '') {
    throw new UsageError(msg('inputs.no_base_url'), msg('inputs.no_base_url_hint', { env: BASE_URL_ENV }));
  }
  const url = normalizeBaseUrl(given);
  for (const change of url.changes) ctx.warn(msg('inputs.base_url_note', { text: change }));
  for (const warning of url.warnings) ctx.warn(msg('inputs.base_url_warning', { text: warning }));
  return { root: url.root, v1: url.v1 };
}

/** The key: `--api-key`, else the variable `--api-key-env` names, else $GATEWAY_API_KEY. */
export function resolveKey(
  ctx: Pick<SettingsHost, 'env' | 'warn' | 'addSecret'>,
  values: Completed,
  imported?: ImportedKey,
): { key: string; keySource: string; keyEnvVar: string } {
  const flagKey = values.apiKey;
  // Someone may have passed the key itself as the name: keyEnvFlags never echoes it.
  const envName = keyEnvFlags(values).plain;
  const keyEnvVar = envName ?? DEFAULT_KEY_ENV;
  let key: string | undefined;
  let keySource: string;
  if (imported !== undefined && flagKey === undefined) {
    // Where a key from --api-key goes (into the configs, or only the variable's name under env
    // storage), without its trace in shell history.
    key = imported.key.trim();
    keySource = imported.source;
  } else if (flagKey !== undefined) {
    key = flagKey.trim();
    keySource = '--api-key';
    if (key !== '') {
      ctx.warn(msg('wizard.api_key_flag_warning', { var: keyEnvVar }));
    }
  } else {
    const elsewhere = values.keyElsewhere;
    if (elsewhere?.name === keyEnvVar) throw new KeyElsewhereError(elsewhere.name, [...elsewhere.origins], elsewhere.origin);
    key = ctx.env[keyEnvVar]?.trim();
    keySource = `$${keyEnvVar}`;
  }
  if (key === undefined || key === '') {
    // The saved variable was not given as a flag: the advice never says to drop one.
    const saved = envName !== undefined && values.savedKeyEnv === envName;
    const hint =
      flagKey !== undefined
        ? msg('inputs.empty_api_key')
        : saved
          ? msg(envName === DEFAULT_KEY_ENV ? 'inputs.set_default_env' : 'inputs.set_saved_env', { var: envName })
          : envName !== undefined
            ? msg('inputs.set_env', { var: envName, default: DEFAULT_KEY_ENV })
            : msg('inputs.set_default_env', { var: DEFAULT_KEY_ENV });
    throw new UsageError(msg('inputs.no_key', { source: keySource }), hint);
  }
  ctx.addSecret(key);
  if (/[\s\u0000-\u001f\u007f]/.test(key)) {
    throw new UsageError(msg('inputs.bad_key', { source: keySource, key: maskKey(key) }), msg('inputs.bad_key_hint'));
  }
  return { key, keySource, keyEnvVar };
}

/**
 * Whether the run has a default key without the agents' configs: a flag, a link or the variable
 * (not one the saved settings bind to another gateway).
 */
function defaultKeyGiven(ctx: Pick<SettingsHost, 'env'>, values: Completed, imported?: ImportedKey): boolean {
  if (imported !== undefined || values.apiKey !== undefined) return true;
  const name = keyEnvFlags(values).plain ?? DEFAULT_KEY_ENV;
  if (values.keyElsewhere?.name === name) return false;
  return Boolean(ctx.env[name]?.trim());
}

/**
 * Whether the user named the default key in this run (`--api-key`, `--api-key-env VAR`, a link):
 * only then does it replace a key an agent's config already holds for this gateway.
 */
export function defaultKeyNamed(values: Completed, imported?: ImportedKey): boolean {
  if (imported !== undefined || values.apiKey !== undefined) return true;
  const plain = keyEnvFlags(values).plain;
  return plain !== undefined && values.savedKeyEnv !== plain;
}

/**
 * Base URL, key and timeout for commands that call the gateway. With `agents`, their own keys too
 * (`agentKeys`). Each agent's key, the first found: a flag (or link) naming it in this run; the
 * agent's own saved variable; the key its config already holds for this gateway (`inConfigs`, from
 * keysForRun); the default variable. A variable exported now never silently replaces a key a
 * config holds: the run says which one it kept. When every agent has its own, the default key is
 * not needed and the first agent's stands in for it.
 */
export function resolveGateway(
  ctx: Pick<SettingsHost, 'env' | 'warn' | 'addSecret'>,
  values: Completed,
  imported?: ImportedKey,
  agents?: readonly AgentId[],
  inConfigs: ReadonlyMap<AgentId, KeptKey> = new Map(),
): GatewayInputs {
  const url = resolveBaseUrl(ctx, values);
  const agentKeys = agents ? resolveAgentKeys(ctx, values, agents, inConfigs) : new Map<AgentId, AgentKey>();
  const named = defaultKeyNamed(values, imported);
  const keyEnvVar = keyEnvFlags(values).plain ?? DEFAULT_KEY_ENV;
  const kept = named ? [] : (agents ?? []).filter((id) => !agentKeys.has(id) && inConfigs.has(id));
  const rest = (agents ?? []).filter((id) => !agentKeys.has(id) && !kept.includes(id));
  const fromVar = defaultKeyGiven(ctx, values, imported) ? resolveKey(ctx, values, imported) : undefined;
  const keptFirst = kept[0] !== undefined ? inConfigs.get(kept[0]) : undefined;
  // The key for the agents without one of their own: the variable's when some agent needs it,
  // else the first kept config's.
  const standIn =
    fromVar && (rest.length > 0 || !keptFirst) ? fromVar : keptFirst && { key: keptFirst.key, keySource: keptFirst.source, keyEnvVar };
  for (const id of kept) {
    const held = inConfigs.get(id)!;
    if (held.key !== standIn?.key) agentKeys.set(id, { key: held.key, keyEnvVar, keptIn: held.source });
    if (fromVar && held.key !== fromVar.key)
      ctx.warn(msg('core.warning_line', { text: msg('keys.kept_in_config', { agent: held.agent, file: held.source, var: keyEnvVar }) }));
  }
  const first = agents?.[0] !== undefined ? agentKeys.get(agents[0]) : undefined;
  const everyOwn = agents !== undefined && agents.length > 0 && agents.every((id) => agentKeys.has(id));
  const key =
    everyOwn && first && !named
      ? { key: first.key, keySource: first.keptIn ?? `$${first.keyEnvVar}`, keyEnvVar: first.keyEnvVar }
      : (standIn ?? resolveKey(ctx, values, imported));
  const own = agentKeys.size > 0 ? { agentKeys } : {};
  const keptIn = new Map(kept.map((id) => [id, inConfigs.get(id)!.source]));
  const waiting = fromVar !== undefined && standIn !== fromVar && key.key !== fromVar.key;
  return {
    ...url,
    ...key,
    ...own,
    ...(keptIn.size > 0 && { keptIn }),
    ...(waiting && { keyWaiting: keyEnvVar }),
    timeoutMs: timeoutMs(values),
    env: ctx.env,
  };
}

/**
 * The gateway refused the key a config kept while the variable holds another: the failure says
 * how to send that one instead, and the command to run again names it.
 */
export function toWaitingKey(gateway: Pick<GatewayInputs, 'keyWaiting'>, error: unknown): unknown {
  const name = gateway.keyWaiting;
  if (name === undefined || !(error instanceof GatewayError) || !KEY_UNUSABLE.has(error.diagnosis.code)) return error;
  const d = error.diagnosis;
  return new GatewayError({ ...d, fix: msg('keys.waiting_fix', { fix: d.fix, var: name }) }, error.gatewayVersion, ['--api-key-env', name]);
}

/**
 * The keys to check with, when a key is not required (doctor): the default key, from the given key,
 * else the first variable set of the one named (or saved for this gateway) and GATEWAY_API_KEY,
 * never one bound to another gateway; and each agent's own, from its variable when it is set. An
 * agent's variable that was given and is empty is a usage error, for the agents asked about.
 */
export function keysToCheck(
  ctx: Pick<SettingsHost, 'env' | 'addSecret'>,
  given: Given,
  completed: Completed,
  asked: readonly string[],
): { keyEnv: string; key?: string; agentKeyEnvs: Map<AgentId, string>; agentKeys: Map<AgentId, string> } {
  const flagged = keyEnvFlags(given);
  const named = keyEnvFlags(completed);
  const elsewhere = completed.keyElsewhere;
  const candidates = [named.plain, DEFAULT_KEY_ENV].filter((v): v is string => v !== undefined && elsewhere?.name !== v);
  const keyEnv = candidates.find((name) => ctx.env[name]?.trim()) ?? candidates[0] ?? DEFAULT_KEY_ENV;
  const key = completed.apiKey ?? (candidates.includes(keyEnv) ? ctx.env[keyEnv]?.trim() : undefined);
  if (key) ctx.addSecret(key);
  const agentKeys = new Map<AgentId, string>();
  for (const [id, name] of named.perAgent) {
    const own = ctx.env[name]?.trim();
    if (own) {
      ctx.addSecret(own);
      agentKeys.set(id, own);
    } else if (flagged.perAgent.has(id) && (asked.length === 0 || asked.includes(id))) {
      throw new UsageError(msg('keys.unset', { agent: id, var: name }), msg('keys.unset_hint', { agent: id, var: name }));
    }
  }
  return { keyEnv, ...(key ? { key } : {}), agentKeyEnvs: named.perAgent, agentKeys };
}
