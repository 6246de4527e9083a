// Saved settings: what setup and the wizard chose, so that `sync` and later runs can
// repeat it. Two sources: the user file `settings.json` in our state directory, which setup
// writes, and a project file a team commits (`.gateway-agent-setuprc` in JSON or YAML, or a
// `gateway-agent-setup` key in package.json; ./project.ts finds it). A project file is somebody
// else's text: until the user approves it (`trust`), it may choose models, nothing that decides
// where a key goes. Never the key: only its variable's name.
import { join, resolve } from 'node:path';
import { AGENT_IDS, isAgentId, type AgentId } from '../agents/ids.js';
import type { KeyStorage, Scope } from '../agents/types.js';
import { writeFileAtomic } from '../config/atomic.js';
import { readJson } from '../config/parse-json.js';
import { stateDir } from '../config/state-dir.js';
import { UsageError } from '../core/errors.js';
import type { Markers } from '../core/types.js';
import { valueText } from '../core/values.js';
import { commas, msg, type Message } from '../i18n/index.js';
import { keyBindings, type KeyBindings } from './key-binding.js';
import { originOf } from '../core/base-url.js';

interface AgentSettings {
  model?: string;
  smallModel?: string;
  /** Preference patterns for the main model, best first (`*` matches anything). */
  preferences?: string[];
  smallPreferences?: string[];
  /** The variable holding this agent's own key (a name, never the key), when it has one. */
  keyEnv?: string;
}

export interface Settings {
  baseUrl?: string;
  /** The environment variable that holds the key. */
  keyEnv?: string;
  agents?: AgentId[];
  scope?: Scope;
  keyStorage?: KeyStorage;
  markers?: Partial<Markers>;
  perAgent?: Partial<Record<AgentId, AgentSettings>>;
  /** Named gateways, each a whole set of the fields above; `use NAME` applies one. */
  profiles?: Record<string, ProfileSettings>;
  /** Which profile last wrote each agent (`use`): the user file only, never a project file. */
  active?: Partial<Record<AgentId, string>>;
  /** Project files the user approved (`trust`): absolute path → SHA-256 of the approved bytes. User file only. */
  trusted?: Record<string, string>;
  /** Which gateway origin each key variable was saved for (`setup`, `sync`): a variable's name → an origin. User file only. */
  keys?: Record<string, string>;
}

/** A profile holds what the top level holds, except profiles and the record of which is active. */
export type ProfileSettings = Omit<Settings, 'profiles' | 'active' | 'trusted' | 'keys'>;

export interface LoadedSettings {
  settings: Settings;
  /** The files they came from, project file last. */
  sources: string[];
  /** The file each profile comes from (the user's profile wins a name over a project file's). */
  profileFiles?: Record<string, string>;
  /** The user's own file alone, when a project file is merged over it (without one, `settings` is it). */
  own?: Settings;
  /** The project file found, whether the user approved it, and all it says (used or not). */
  project?: ProjectSettings;
  /** What an unapproved project file would set and is not used: commands that need it stop (exit 2). */
  withheld?: Withheld[];
  /** Profile names both files define: the user's is the one used. */
  profileClashes?: string[];
  /** Which gateways the user's own file binds each key variable to (never a project file's word). */
  bindings?: KeyBindings;
}

let profileName: RegExp | undefined;
/** A profile's name: it is typed on command lines and shown in lists. */
export function isProfileName(name: string): boolean {
  // Letters and digits of any script (with their combining marks), never a control, bidi or space
  // character: a name is typed on a command line and shown on a terminal. Made at the first name
  // asked about: V8 builds a Unicode property class (\p{L}) as the expression is created, a cost
  // to every start otherwise, a command that reads no profile included.
  profileName ??= /^[\p{L}\p{N}][\p{L}\p{M}\p{N}._-]{0,63}$/u;
  return profileName.test(name);
}

/** A value that looks like an API key must never sit in a settings file. */
const KEY_LIKE = /\bsk-[A-Za-z0-9_-]{16,}/;

function fail(file: string, field: string, why: Message): never {
  throw new UsageError(msg('settings.field', { file, field, why }), msg('settings.fix', { file }));
}

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');

function checkKeyFree(value: unknown, file: string, path: string): void {
  if (typeof value === 'string' && KEY_LIKE.test(value)) {
    fail(file, path, msg('settings.key_like'));
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) checkKeyFree(v, file, path ? `${path}.${k}` : k);
  }
}

/**
 * Validates parsed settings; errors name the file and the field. `where` is which file it is: the
 * record of active profiles belongs to the user file only (a team's file cannot say what this
 * machine last wrote).
 */
export function validateSettings(raw: unknown, file: string, where: 'user' | 'project' = 'user'): Settings {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) fail(file, '(root)', msg('settings.object'));
  const r = raw as Record<string, unknown>;
  const known = [...FIELDS, 'profiles', ...(where === 'user' ? ['active', 'trusted', 'keys'] : []), '$schema'];
  // The top-level keys first: an unknown one stops the file before any value is walked.
  for (const k of Object.keys(r)) {
    if (k === 'active' && where === 'project') fail(file, k, msg('profiles.active_user_only'));
    if (k === 'trusted' && where === 'project') fail(file, k, msg('settings.trusted_user_only'));
    if (k === 'keys' && where === 'project') fail(file, k, msg('settings.keys_user_only'));
    if (!known.includes(k)) fail(file, k, msg('settings.unknown', { known: commas(known.slice(0, -1)) }));
  }
  checkKeyFree(raw, file, '');
  const out: Settings = validateFields(r, file, '');
  if (r.profiles !== undefined) {
    if (typeof r.profiles !== 'object' || r.profiles === null || Array.isArray(r.profiles)) fail(file, 'profiles', msg('settings.object'));
    const profiles: Record<string, ProfileSettings> = {};
    for (const [name, v] of Object.entries(r.profiles as Record<string, unknown>)) {
      if (!isProfileName(name)) fail(file, `profiles.${name}`, msg('profiles.bad_name_field'));
      if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(file, `profiles.${name}`, msg('settings.object'));
      const p = v as Record<string, unknown>;
      for (const k of Object.keys(p)) {
        if (!FIELDS.includes(k)) fail(file, `profiles.${name}.${k}`, msg('settings.unknown', { known: commas(FIELDS) }));
      }
      profiles[name] = validateFields(p, file, `profiles.${name}.`);
    }
    out.profiles = profiles;
  }
  if (r.active !== undefined) {
    if (typeof r.active !== 'object' || r.active === null || Array.isArray(r.active)) fail(file, 'active', msg('settings.object'));
    const active: Partial<Record<AgentId, string>> = {};
    for (const [id, name] of Object.entries(r.active as Record<string, unknown>)) {
      if (!isAgentId(id)) fail(file, `active.${id}`, msg('settings.not_agent', { agents: commas(AGENT_IDS) }));
      if (typeof name !== 'string' || !isProfileName(name)) fail(file, `active.${id}`, msg('profiles.bad_name_field'));
      active[id] = name;
    }
    out.active = active;
  }
  if (r.trusted !== undefined) {
    if (typeof r.trusted !== 'object' || r.trusted === null || Array.isArray(r.trusted)) fail(file, 'trusted', msg('settings.object'));
    const trusted: Record<string, string> = {};
    for (const [path, hash] of Object.entries(r.trusted as Record<string, unknown>)) {
      if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/.test(hash)) fail(file, `trusted.${path}`, msg('settings.hash'));
      trusted[path] = hash;
    }
    out.trusted = trusted;
  }
  if (r.keys !== undefined) {
    if (typeof r.keys !== 'object' || r.keys === null || Array.isArray(r.keys)) fail(file, 'keys', msg('settings.object'));
    const keys: Record<string, string> = {};
    for (const [name, origin] of Object.entries(r.keys as Record<string, unknown>)) {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) fail(file, `keys.${name}`, msg('settings.env_name'));
      if (typeof origin !== 'string' || originOf(origin) !== origin) fail(file, `keys.${name}`, msg('settings.origin'));
      keys[name] = origin;
    }
    out.keys = keys;
  }
  return out;
}

/** The fields of the top level and of every profile. */
const FIELDS = ['baseUrl', 'keyEnv', 'agents', 'scope', 'keyStorage', 'markers', 'perAgent'];

/** Validates the fields a profile shares with the top level; `at` prefixes the field names in errors. */
function validateFields(r: Record<string, unknown>, file: string, at: string): ProfileSettings {
  const out: ProfileSettings = {};
  if (r.baseUrl !== undefined) out.baseUrl = typeof r.baseUrl === 'string' ? r.baseUrl : fail(file, `${at}baseUrl`, msg('settings.string'));
  if (r.keyEnv !== undefined) {
    if (typeof r.keyEnv !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(r.keyEnv)) fail(file, `${at}keyEnv`, msg('settings.env_name'));
    out.keyEnv = r.keyEnv;
  }
  if (r.agents !== undefined) {
    if (!isStringArray(r.agents)) fail(file, `${at}agents`, msg('settings.agent_list'));
    for (const id of r.agents)
      if (!isAgentId(id)) fail(file, `${at}agents`, msg('settings.unknown_agent', { id, agents: commas(AGENT_IDS) }));
    out.agents = r.agents as AgentId[];
  }
  if (r.scope !== undefined)
    out.scope = r.scope === 'user' || r.scope === 'project' ? r.scope : fail(file, `${at}scope`, msg('settings.scope'));
  if (r.keyStorage !== undefined) {
    out.keyStorage =
      r.keyStorage === 'file' || r.keyStorage === 'env' ? r.keyStorage : fail(file, `${at}keyStorage`, msg('settings.key_storage'));
  }
  if (r.markers !== undefined) {
    if (typeof r.markers !== 'object' || r.markers === null) fail(file, `${at}markers`, msg('settings.object'));
    const m = r.markers as Record<string, unknown>;
    for (const [k, v] of Object.entries(m)) {
      if (['messages', 'responses', 'chat', 'images'].includes(k)) {
        if (typeof v !== 'string') fail(file, `${at}markers.${k}`, msg('settings.string'));
      } else if (k === 'nonAgent') {
        if (!isStringArray(v)) fail(file, `${at}markers.nonAgent`, msg('settings.string_list'));
      } else fail(file, `${at}markers.${k}`, msg('settings.unknown', { known: 'messages, responses, chat, images, nonAgent' }));
    }
    out.markers = m as Partial<Markers>;
  }
  if (r.perAgent !== undefined) {
    if (typeof r.perAgent !== 'object' || r.perAgent === null) fail(file, `${at}perAgent`, msg('settings.object'));
    const per: Partial<Record<AgentId, AgentSettings>> = {};
    for (const [id, v] of Object.entries(r.perAgent as Record<string, unknown>)) {
      if (!isAgentId(id)) fail(file, `${at}perAgent.${id}`, msg('settings.not_agent', { agents: commas(AGENT_IDS) }));
      if (typeof v !== 'object' || v === null) fail(file, `${at}perAgent.${id}`, msg('settings.object'));
      const a = v as Record<string, unknown>;
      const s: AgentSettings = {};
      for (const f of ['model', 'smallModel'] as const) {
        if (a[f] !== undefined) s[f] = typeof a[f] === 'string' ? a[f] : fail(file, `${at}perAgent.${id}.${f}`, msg('settings.string'));
      }
      if (a.keyEnv !== undefined) {
        if (typeof a.keyEnv !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(a.keyEnv))
          fail(file, `${at}perAgent.${id}.keyEnv`, msg('settings.env_name'));
        s.keyEnv = a.keyEnv;
      }
      for (const f of ['preferences', 'smallPreferences'] as const) {
        if (a[f] !== undefined) s[f] = isStringArray(a[f]) ? a[f] : fail(file, `${at}perAgent.${id}.${f}`, msg('settings.pattern_list'));
      }
      per[id] = s;
    }
    out.perAgent = per;
  }
  return out;
}

export function userSettingsPath(home: string, env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform): string {
  return join(stateDir(home, env, platform), 'settings.json');
}

function merge(base: Settings, over: Settings): Settings {
  const perAgent: Partial<Record<AgentId, AgentSettings>> = { ...base.perAgent };
  for (const [id, s] of Object.entries(over.perAgent ?? {}) as [AgentId, AgentSettings][]) perAgent[id] = { ...perAgent[id], ...s };
  const profiles = { ...base.profiles, ...over.profiles };
  return {
    ...base,
    ...over,
    markers: { ...base.markers, ...over.markers },
    perAgent,
    ...(Object.keys(profiles).length > 0 ? { profiles } : {}),
  };
}

/** Which file each profile comes from (the later file wins a name); nothing when there is no profile. */
function profileFiles(from: readonly [Settings, string][]): { profileFiles?: Record<string, string> } {
  const out: Record<string, string> = {};
  for (const [s, file] of from) for (const name of Object.keys(s.profiles ?? {})) out[name] = file;
  return Object.keys(out).length > 0 ? { profileFiles: out } : {};
}

/** Fields whose value decides where a key goes, which key, or which files get it: trusted only. */
const SENSITIVE = ['baseUrl', 'keyEnv', 'agents', 'scope', 'keyStorage'] as const;

/**
 * A value a project file sets that is not used until the user approves that file (`trust`):
 * `field` as written in the file, `value` what it wanted (a host, a variable's name, a list).
 */
export interface Withheld {
  field: string;
  value: string;
}

interface ProjectSettings {
  file: string;
  /** SHA-256 of its bytes: the approval is for exactly this content. */
  hash: string;
  trusted: boolean;
  settings: Settings;
}

/** Where a base URL points, for messages: its origin (never a path or query, which might hold a secret). */
function hostOf(url: string): string {
  return originOf(url) ?? url.slice(0, 80);
}

/** What an untrusted project file would set that only a trusted file may. */
function withheldOf(p: Settings): Withheld[] {
  const out: Withheld[] = [];
  const own = (s: ProfileSettings, at: string): void => {
    for (const f of SENSITIVE) {
      const v = s[f];
      if (v === undefined) continue;
      out.push({ field: `${at}${f}`, value: f === 'baseUrl' ? hostOf(v as string) : Array.isArray(v) ? v.join(',') : String(v) });
    }
    for (const [id, a] of Object.entries(s.perAgent ?? {}))
      if (a?.keyEnv) out.push({ field: `${at}perAgent.${id}.keyEnv`, value: a.keyEnv });
  };
  own(p, '');
  for (const [name, profile] of Object.entries(p.profiles ?? {})) {
    own(profile, `profiles.${name}.`);
    if (!Object.keys(profile).some((k) => (SENSITIVE as readonly string[]).includes(k)))
      out.push({ field: `profiles.${name}`, value: name });
  }
  return out;
}

/** The fields an untrusted project file may still set: model choices and protocol marks. */
function harmless(p: Settings): Settings {
  const perAgent: Partial<Record<AgentId, AgentSettings>> = {};
  for (const [id, a] of Object.entries(p.perAgent ?? {}) as [AgentId, AgentSettings][]) {
    const { keyEnv: _withheld, ...rest } = a;
    perAgent[id] = rest;
  }
  return {
    ...(p.markers !== undefined && { markers: p.markers }),
    ...(p.perAgent !== undefined && { perAgent }),
  };
}

/** Every value a settings file sets, field by field (a base URL by its origin): what `trust` shows. */
export function everythingOf(p: Settings): Withheld[] {
  const out: Withheld[] = [];
  const walk = (v: unknown, at: string): void => {
    if (v === undefined) return;
    if (Array.isArray(v)) out.push({ field: at, value: v.map(valueText).join(',') });
    else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, at === '' ? k : `${at}.${k}`);
    else out.push({ field: at, value: at.endsWith('baseUrl') ? hostOf(valueText(v)) : valueText(v) });
  };
  walk(p, '');
  return out;
}

/**
 * The user file, then the project file that applies in `cwd`. An approved project file (its path
 * and hash recorded by `trust` in the user file) wins over the user's fields as a team's settings
 * should; an unapproved one gives only model choices and marks, and what it would set beyond them
 * is reported as withheld. A profile the user has always wins a name clash with a project's.
 */
export async function loadSettings(opts: {
  home: string;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
}): Promise<LoadedSettings> {
  const userFile = userSettingsPath(opts.home, opts.env, opts.platform);
  const raw = await readJson(userFile);
  const user = validateSettings(raw, userFile);
  const sources = raw === undefined ? [] : [userFile];
  const { findProjectFile } = await import('./project.js');
  const found = await findProjectFile(opts.cwd, opts.home);
  const bound = keyBindings(user);
  const bindings = bound.size > 0 ? { bindings: bound } : {};
  if (!found || resolve(found.file) === resolve(userFile))
    return { settings: user, sources, ...profileFiles([[user, userFile]]), ...bindings };
  const project = validateSettings(found.config, found.file, 'project');
  const trusted = user.trusted !== undefined && Object.hasOwn(user.trusted, found.file) && user.trusted[found.file] === found.hash;
  const clashes = Object.keys(project.profiles ?? {}).filter((name) => Object.hasOwn(user.profiles ?? {}, name));
  const projectProfiles = Object.fromEntries(Object.entries(project.profiles ?? {}).filter(([name]) => !clashes.includes(name)));
  const used: Settings = trusted ? { ...project, ...(project.profiles && { profiles: projectProfiles }) } : harmless(project);
  const withheld = trusted ? [] : withheldOf({ ...project, ...(project.profiles && { profiles: projectProfiles }) });
  const merged = merge(user, used);
  // The user's own profile keeps its name whatever the project file says.
  if (user.profiles) merged.profiles = { ...merged.profiles, ...user.profiles };
  return {
    settings: merged,
    own: user,
    sources: [...sources, found.file],
    ...profileFiles([
      [{ profiles: used.profiles ?? {} }, found.file],
      [user, userFile],
    ]),
    project: { file: found.file, hash: found.hash, trusted, settings: project },
    ...(withheld.length > 0 && { withheld }),
    ...(clashes.length > 0 && { profileClashes: clashes }),
    ...bindings,
  };
}

/** What saving a run changed of the key bindings, for the report. */
export interface SavedBindings {
  file: string;
  /** The saved gateway moved: the origin it left, and the variables bound to that one that stay there. */
  moved?: { before: string; origin: string; vars: string[] };
  /** Variables bound to another origin before, bound to this run's now (the user named them). */
  rebound: { var: string; before: string; origin: string }[];
}

/**
 * Writes the user file (mode 0644: it never holds the key), merged over what it held. When the
 * gateway changes origin, the key variables saved for the old one are not carried over to it: they
 * stay bound to the old origin in `keys`, and the variables of this run are bound to the new one.
 */
export async function saveUserSettings(
  opts: { home: string; env: Readonly<Record<string, string | undefined>>; platform: NodeJS.Platform },
  settings: Settings,
): Promise<SavedBindings> {
  const file = userSettingsPath(opts.home, opts.env, opts.platform);
  const read = validateSettings(await readJson(file), file);
  const beforeOrigin = originOf(read.baseUrl);
  const origin = originOf(settings.baseUrl) ?? beforeOrigin;
  const keys: Record<string, string> = { ...read.keys };
  let before = read;
  let moved: SavedBindings['moved'];
  if (beforeOrigin !== undefined && origin !== undefined && beforeOrigin !== origin) {
    const vars = [read.keyEnv, ...Object.values(read.perAgent ?? {}).map((a) => a?.keyEnv)].filter((v): v is string => v !== undefined);
    for (const name of vars) keys[name] ??= beforeOrigin;
    const perAgent = Object.fromEntries(
      Object.entries(read.perAgent ?? {}).map(([id, a]) => {
        const { keyEnv: _left, ...rest } = a ?? {};
        return [id, rest];
      }),
    );
    const { keyEnv: _left, ...rest } = read;
    before = { ...rest, ...(read.perAgent && { perAgent }) };
    moved = { before: beforeOrigin, origin, vars: [...new Set(vars)] };
  }
  const rebound: SavedBindings['rebound'] = [];
  if (origin !== undefined) {
    const now = [settings.keyEnv, ...Object.values(settings.perAgent ?? {}).map((a) => a?.keyEnv)].filter(
      (v): v is string => v !== undefined,
    );
    for (const name of new Set(now)) {
      const was = keys[name];
      if (was !== undefined && was !== origin) rebound.push({ var: name, before: was, origin });
      keys[name] = origin;
    }
  }
  if (moved) moved.vars = moved.vars.filter((v) => keys[v] !== origin);
  // The saved list is every agent ever set up here, not the last run's: `sync` must keep checking an
  // agent configured earlier (its model may leave the gateway too).
  const agents = [...new Set([...(before.agents ?? []), ...(settings.agents ?? [])])];
  // An agent written from these settings is no longer the one a profile last wrote: `sync` must check
  // it against these, not against that profile.
  const active = { ...before.active };
  for (const id of settings.agents ?? []) delete active[id];
  const next = validateSettings(
    {
      ...merge(before, settings),
      ...(agents.length > 0 ? { agents } : {}),
      ...(before.active ? { active } : {}),
      ...(Object.keys(keys).length > 0 ? { keys } : {}),
    },
    file,
  );
  await writeFileAtomic(file, `${JSON.stringify(next, null, 2)}\n`, 0o644);
  return { file, ...(moved && moved.vars.length > 0 && { moved }), rebound };
}

/** The user's own settings file alone (no project file merged), validated. */
export async function readUserSettings(opts: {
  home: string;
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
}): Promise<Settings> {
  const file = userSettingsPath(opts.home, opts.env, opts.platform);
  return validateSettings(await readJson(file), file);
}

/**
 * Rewrites the user file through `change` (what it held in, what to write out): for edits that
 * remove (a profile) or replace (the active record) rather than merge. Validated before writing.
 */
export async function updateUserSettings(
  opts: { home: string; env: Readonly<Record<string, string | undefined>>; platform: NodeJS.Platform },
  change: (before: Settings) => Settings,
): Promise<string> {
  const file = userSettingsPath(opts.home, opts.env, opts.platform);
  const next = validateSettings(change(validateSettings(await readJson(file), file)), file);
  await writeFileAtomic(file, `${JSON.stringify(next, null, 2)}\n`, 0o644);
  return file;
}
