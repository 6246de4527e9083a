// Path and URL helpers shared by the agent modules. Agent modules never touch the real machine:
// the platform comes from AgentEnv, so a Windows layout can be computed (and tested) on Linux.
import path from 'node:path';
import type { FileEdit } from '../config/types.js';
import { valueText } from '../core/values.js';
import { msg, type Message } from '../i18n/index.js';
import type { AgentEnv } from './types.js';

export type PathApi = typeof path.posix;

/**
 * `join` answered once per path and run: `doctor` and `setup` ask each agent its files several
 * times (to read, to plan, to read back), and every join normalises the whole path again. A few
 * hundred of them made V8 optimise Node's normaliser on a background thread that the exit then
 * waited for (milliseconds at every start). `join` is pure, so its answers are kept (a bounded map,
 * emptied when full: a library caller running for days asks for ever new homes).
 */
function joinOnce(api: PathApi): PathApi['join'] {
  const known = new Map<string, string>();
  return (...parts) => {
    const key = JSON.stringify(parts);
    let joined = known.get(key);
    if (joined === undefined) {
      if (known.size >= 1_000) known.clear();
      joined = api.join(...parts);
      known.set(key, joined);
    }
    return joined;
  };
}

const POSIX: PathApi = { ...path.posix, join: joinOnce(path.posix) };
const WIN32: PathApi = { ...path.win32, join: joinOnce(path.win32) };

/** `path.win32` for Windows, `path.posix` everywhere else (macOS and Linux lay out homes alike). */
export function pathFor(platform: NodeJS.Platform): PathApi {
  return platform === 'win32' ? WIN32 : POSIX;
}

/** A variable counts as set when present and not blank (agents treat `VAR=` as unset). */
export function envValue(env: AgentEnv['env'], name: string): string | undefined {
  const value = env[name];
  return value !== undefined && value.trim() !== '' ? value : undefined;
}

/**
 * The directory an override variable names (CLAUDE_CONFIG_DIR, CODEX_HOME, XDG_CONFIG_HOME, …), or
 * `fallback` when it is unset. A relative value is resolved against cwd, as the agents' own
 * `path.resolve` would do in the directory they were started from. With `tilde`, a leading `~`,
 * `~/` or `~\` means the home, for the agents that expand it themselves (Qwen Code's QWEN_HOME):
 * no shell expands a tilde in a .env file or in a Windows variable.
 */
export function dirFromEnv(env: AgentEnv, name: string, fallback: string, opts: { tilde?: boolean } = {}): string {
  const p = pathFor(env.platform);
  const value = envValue(env.env, name);
  if (value === undefined) return fallback;
  if (opts.tilde === true && (value === '~' || value.startsWith('~/') || value.startsWith('~\\'))) {
    return p.join(
      env.home,
      ...value
        .slice(2)
        .split(/[/\\]+/)
        .filter((s) => s !== ''),
    );
  }
  return p.resolve(env.cwd, value);
}

/** `https://gw/` → `https://gw`: agents join paths to the base URL as strings. */
export function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** A plain object (parsed JSON/TOML table), or undefined for anything else. */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** A string value, or undefined. */
export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Whether a base URL is the gateway's: the root itself or a path under it (`/v1`). */
export function underRoot(url: unknown, root: string): boolean {
  if (typeof url !== 'string') return false;
  const base = trimSlash(url.trim());
  const top = trimSlash(root);
  return base === top || base.startsWith(`${top}/`);
}

/**
 * Said when `remove` leaves a base URL that is not the gateway's: the value as the file holds it (a
 * table or list someone put there shown as JSON, not as "[object Object]").
 */
export function notGateway(file: string, key: string, value: unknown, root: string): Message {
  return msg('agents.unplan.not_gateway', { file, key, value: valueText(value), root });
}

/** Copies of each parsed file with `move(doc)` applied to a shallow clone of every object document. */
export function mapDocs(
  current: ReadonlyMap<string, unknown>,
  move: (doc: Record<string, unknown>) => Record<string, unknown>,
): Map<string, unknown> {
  return new Map(
    [...current].map(([path, doc]) => {
      const record = asRecord(doc);
      return [path, record === undefined ? doc : move({ ...record })];
    }),
  );
}

/**
 * The messages URL of a client that takes a trailing `/v1` off its base URL (`all`: every one, as
 * OpenClaw does; `none`: the Anthropic SDK's own way, the base as given) and adds `/v1/messages`.
 */
export function messagesUrl(baseUrl: string, strip: 'one' | 'all' | 'none'): string {
  const base = trimSlash(baseUrl);
  return `${strip === 'none' ? base : base.replace(strip === 'all' ? /(\/v1)+$/ : /\/v1$/, '')}/v1/messages`;
}

/**
 * What `remove` takes out of an agent's .env (Codex, Hermes Agent, Mistral Vibe): the variables of
 * `vars` it holds, as one edit, and their values (masked in every diff); nothing when it has none.
 */
export function dotenvVarsOut(
  path: string,
  parsed: unknown,
  vars: Iterable<string>,
): { edit?: FileEdit; removed: string[]; secrets: string[] } {
  const dotenv = asRecord(parsed);
  const removed = [...vars].filter((v) => dotenv !== undefined && v in dotenv);
  const secrets = removed.map((v) => asString(dotenv?.[v])).filter((v): v is string => !!v);
  if (removed.length === 0) return { removed, secrets };
  return { edit: { path, format: 'dotenv', edits: removed.map((v) => ({ path: [v], value: undefined })) }, removed, secrets };
}
