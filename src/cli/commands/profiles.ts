// `profiles`: the saved profiles (where each is defined, its gateway, key variable names, agents and
// models), the balance and expiry of each key that is set here (the gateway's `/api/usage/token/`;
// `--offline` sends nothing), and which profile last wrote each agent, checked against the agent's
// config as it is on disk now. `profiles add` and `profiles remove` edit the user file; a project
// file's profiles are the team's, read-only here.
import { givenOf } from '../given.js';
import { own } from '../../core/own.js';
import { AGENTS, isAgentId, type AgentId } from '../../agents/registry.js';
import type { KeyStorage, Scope } from '../../agents/types.js';
import { UsageError } from '../../core/errors.js';
import { cut, wrap } from '../../core/layout.js';
import { escapeControls } from '../../core/terminal.js';
import type { Diagnosis } from '../../core/types.js';
import type { KeyState, KeyUsage } from '../../gateway/key-usage.js';
import { commas, isMessage, msg, type Message } from '../../i18n/index.js';
import type { LoadedSettings, ProfileSettings, Settings } from '../../settings/index.js';
import { showArgument, str, type OptionTable, type ParsedArgs } from '../args.js';
import type { CommandHelp } from '../command-types.js';
import type { CliContext } from '../context.js';
import { BIN } from '../help.js';
import { DEFAULT_KEY_ENV } from '../../settings/gateway.js';
import { print, printJson } from '../output.js';
import { activeProfiles, profileNames } from '../../settings/profiles.js';
import { loadSaved } from '../../settings/saved.js';
import { agentEnv, parseAgents, modelChoices } from '../../settings/setup-inputs.js';

const ADD_FLAGS = ['base-url', 'api-key-env', 'agent', 'model', 'scope', 'key-storage'] as const;

/** How long the list waits for a gateway's answer about one key: a slow gateway must not hold it up. */
const USAGE_TIMEOUT_MS = 5_000;

export const options: OptionTable = {
  'base-url': { type: 'string', value: 'URL', description: msg('help.opt.profile_base_url') },
  'api-key-env': { type: 'string', value: 'NAME', description: msg('help.opt.profile_key_env') },
  agent: { type: 'string', value: 'ID', multiple: true, description: msg('help.opt.profile_agent') },
  model: { type: 'string', value: 'AGENT=ID', multiple: true, description: msg('help.opt.profile_model') },
  scope: { type: 'string', value: 'user|project', choices: ['user', 'project'], description: msg('help.opt.scope_write') },
  'key-storage': { type: 'string', value: 'file|env', choices: ['file', 'env'], description: msg('help.opt.key-storage') },
  // Accepted because people type it by habit in scripts; nothing here asks.
  yes: { type: 'boolean', short: 'y', description: msg('help.opt.yes_noop') },
  offline: { type: 'boolean', description: msg('help.opt.profiles_offline') },
  json: { type: 'boolean', description: msg('help.opt.json') },
};
export const positionals = true;
export const firstWords = ['add', 'remove'];

export const help: CommandHelp = {
  summary: msg('help.summary.profiles'),
  usage: `${BIN} profiles [--json] | profiles add NAME --base-url URL [--api-key-env VAR] [--agent ID…] [--model AGENT=ID…] | profiles remove NAME`,
  details: [msg('help.detail.profiles.list'), msg('help.detail.profiles.edit')],
  examples: [
    `${BIN} profiles`,
    `${BIN} profiles add work --base-url https://gw.work.example --api-key-env WORK_GW_KEY --agent claude-code,codex`,
    `${BIN} profiles remove work`,
  ],
};

export async function run(ctx: CliContext, args: ParsedArgs): Promise<number> {
  const [action, name, ...extra] = args.positionals;
  if (action === undefined) {
    refuseAddFlags(args, 'profiles');
    return await show(ctx, args.values.offline === true);
  }
  if (args.values.offline === true)
    throw new UsageError(
      msg('profiles.add_only', { flag: '--offline', command: `profiles ${action}` }),
      msg('profiles.bad_action_hint', { bin: BIN }),
    );
  if (action !== 'add' && action !== 'remove') {
    throw new UsageError(msg('profiles.bad_action', { arg: showArgument(action) }), msg('profiles.bad_action_hint', { bin: BIN }));
  }
  if (name === undefined) throw new UsageError(msg('profiles.name_missing', { action }), msg('profiles.bad_action_hint', { bin: BIN }));
  if (extra.length > 0)
    throw new UsageError(
      msg('args.unexpected', { command: `profiles ${action}`, arg: showArgument(extra[0]!) }),
      msg('profiles.bad_action_hint', { bin: BIN }),
    );
  const { isProfileName } = await import('../../settings/index.js');
  if (!isProfileName(name)) throw new UsageError(msg('profiles.bad_name', { name: showArgument(name) }), msg('profiles.bad_name_hint'));
  if (action === 'remove') {
    refuseAddFlags(args, 'profiles remove');
    return await remove(ctx, name);
  }
  return await add(ctx, args, name);
}

function refuseAddFlags(args: ParsedArgs, command: string): void {
  const given = ADD_FLAGS.find((f) => args.values[f] !== undefined);
  if (given) throw new UsageError(msg('profiles.add_only', { flag: `--${given}`, command }), msg('profiles.bad_action_hint', { bin: BIN }));
}

async function add(ctx: CliContext, args: ParsedArgs, name: string): Promise<number> {
  const saved = await loadSaved(ctx);
  const { userSettingsPath, updateUserSettings } = await import('../../settings/index.js');
  const userFile = userSettingsPath(ctx.home, ctx.env, ctx.platform);
  const where = own(saved.profileFiles, name);
  if (where !== undefined) {
    throw new UsageError(
      msg('profiles.exists', { name, file: where }),
      msg(where === userFile ? 'profiles.exists_hint' : 'profiles.project_read_only_hint', { bin: BIN, name, file: where }),
    );
  }
  const baseUrl = str(args.values, 'base-url');
  if (baseUrl === undefined) throw new UsageError(msg('profiles.add_base_url'), msg('profiles.bad_action_hint', { bin: BIN }));
  const { normalizeBaseUrl } = await import('../../core/base-url.js');
  const root = normalizeBaseUrl(baseUrl).root;
  const keyEnv = str(args.values, 'api-key-env');
  // Someone may have passed the key itself here: never echo it.
  if (keyEnv !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(keyEnv))
    throw new UsageError(msg('wizard.api_key_env_name'), msg('wizard.api_key_env_name_hint'));
  const given = givenOf(args.values);
  const agents = parseAgents(given);
  const perAgent: NonNullable<ProfileSettings['perAgent']> = {};
  for (const [id, model] of modelChoices(given).models) {
    const targets: AgentId[] = id === '*' ? (agents ?? []) : [id];
    if (targets.length === 0) throw new UsageError(msg('profiles.model_needs_agent'), msg('profiles.bad_action_hint', { bin: BIN }));
    for (const t of targets) perAgent[t] = { model };
  }
  const profile: ProfileSettings = {
    baseUrl: root,
    ...(keyEnv !== undefined ? { keyEnv } : {}),
    ...(agents ? { agents } : {}),
    ...(str(args.values, 'scope') ? { scope: str(args.values, 'scope') as Scope } : {}),
    ...(str(args.values, 'key-storage') ? { keyStorage: str(args.values, 'key-storage') as KeyStorage } : {}),
    ...(Object.keys(perAgent).length > 0 ? { perAgent } : {}),
  };
  const file = await updateUserSettings(ctx, (s) => ({ ...s, profiles: { ...s.profiles, [name]: profile } }));
  if (ctx.json) printJson(ctx, { ok: true, added: name, file, profile });
  else print(ctx, wrap(ctx.t('profiles.added', { name, file, bin: BIN })));
  return 0;
}

async function remove(ctx: CliContext, name: string): Promise<number> {
  const saved = await loadSaved(ctx);
  const { userSettingsPath, updateUserSettings } = await import('../../settings/index.js');
  const userFile = userSettingsPath(ctx.home, ctx.env, ctx.platform);
  const where = own(saved.profileFiles, name);
  if (where === undefined) {
    const names = profileNames(saved);
    throw new UsageError(
      msg(names.length > 0 ? 'profiles.unknown' : 'profiles.none', { name }),
      names.length > 0 ? msg('profiles.unknown_hint', { names: commas(names), bin: BIN }) : msg('profiles.none_hint', { bin: BIN }),
    );
  }
  if (where !== userFile)
    throw new UsageError(msg('profiles.project_read_only', { name, file: where }), msg('profiles.project_read_only_hint', { file: where }));
  const file = await updateUserSettings(ctx, (s) => {
    const { [name]: _gone, ...profiles } = s.profiles ?? {};
    // The agents it wrote keep their configs; only the record that it wrote them goes.
    const active = Object.fromEntries(Object.entries(s.active ?? {}).filter(([, n]) => n !== name));
    const { profiles: _p, active: _a, ...rest } = s;
    return { ...rest, ...(Object.keys(profiles).length > 0 ? { profiles } : {}), ...(Object.keys(active).length > 0 ? { active } : {}) };
  });
  if (ctx.json) printJson(ctx, { ok: true, removed: name, file });
  else print(ctx, wrap(ctx.t('profiles.removed', { name, file })));
  return 0;
}

interface ActiveEntry {
  agent: AgentId;
  profile: string;
  /** `active`: the config points at the profile's gateway; `changed`: at another one since, or none. */
  state: 'active' | 'changed';
  /** Where the config points now, when it points anywhere. */
  baseUrl?: string;
  reason?: Message;
}

/** Each agent's active profile, checked against the agent's config as it is now. */
async function activeEntries(ctx: CliContext, s: Settings): Promise<ActiveEntry[]> {
  const [{ readCurrent }, { normalizeBaseUrl }, { errorText }] = await Promise.all([
    import('../../setup/read-current.js'),
    import('../../core/base-url.js'),
    import('../../core/errors.js'),
  ]);
  const env = agentEnv(ctx);
  const out: ActiveEntry[] = [];
  for (const [agent, profile] of activeProfiles(s)) {
    const p = own(s.profiles, profile)!;
    const want = p.baseUrl === undefined ? undefined : safeRoot(normalizeBaseUrl, p.baseUrl);
    let request;
    try {
      request = AGENTS[agent].readBack(env, p.scope ?? 'user', await readCurrent(AGENTS[agent], env, p.scope ?? 'user'));
    } catch (err) {
      out.push({ agent, profile, state: 'changed', reason: errorText(err) });
      continue;
    }
    if (isMessage(request)) {
      out.push({ agent, profile, state: 'changed', reason: request });
      continue;
    }
    const now = safeRoot(normalizeBaseUrl, request.baseUrl) ?? request.baseUrl;
    out.push({ agent, profile, state: want === undefined || now === want ? 'active' : 'changed', baseUrl: now });
  }
  return out;
}

function safeRoot(normalize: (url: string) => { root: string }, url: string): string | undefined {
  try {
    return normalize(url).root;
  } catch {
    return undefined;
  }
}

/** The key variables a profile names: its own (or the default), and any per agent. */
function keyEnvs(p: ProfileSettings): { keyEnv: string; perAgent: Partial<Record<AgentId, string>> } {
  const perAgent: Partial<Record<AgentId, string>> = {};
  for (const [id, a] of Object.entries(p.perAgent ?? {})) {
    const v = (a as { keyEnv?: unknown } | undefined)?.keyEnv;
    if (isAgentId(id) && typeof v === 'string') perAgent[id] = v;
  }
  return { keyEnv: p.keyEnv ?? DEFAULT_KEY_ENV, perAgent };
}

/** One key variable of a profile and what the gateway tells of the key it holds here. */
interface KeyEntry {
  /** The variable's name; the key itself only ever masked. */
  keyEnv: string;
  /** The agents that use it; empty for the profile's default key. */
  agents: AgentId[];
  /** The key, masked; absent when the variable is not set here. */
  key?: string;
  /** Absent when not asked (`--offline`, no key, no gateway) or when the gateway does not tell. */
  usage?: KeyUsage;
  state?: KeyState;
  warning?: Message;
  /** Asked, and no answer came (in time): why, rather than "the gateway does not show it". */
  unanswered?: Diagnosis;
  asked: boolean;
}

/** The keys a profile names, each asked of its gateway at once (not under `--offline`). */
async function keyEntries(ctx: CliContext, p: ProfileSettings, offline: boolean): Promise<KeyEntry[]> {
  const [{ askKeyUsage, keyState, usageWarning }, { maskKey }] = await Promise.all([
    import('../../gateway/key-usage.js'),
    import('../../core/mask.js'),
  ]);
  const { keyEnv, perAgent } = keyEnvs(p);
  const vars = new Map<string, AgentId[]>([[keyEnv, []]]);
  for (const [id, v] of Object.entries(perAgent) as [AgentId, string][]) vars.set(v, [...(vars.get(v) ?? []), id]);
  const { normalizeBaseUrl } = await import('../../core/base-url.js');
  const root = p.baseUrl === undefined ? undefined : safeRoot(normalizeBaseUrl, p.baseUrl);
  return Promise.all(
    [...vars].map(async ([name, agents]) => {
      const key = ctx.env[name]?.trim();
      if (!key) return { keyEnv: name, agents, asked: false };
      ctx.addSecret(key);
      const entry: KeyEntry = { keyEnv: name, agents, key: maskKey(key), asked: !offline && root !== undefined };
      if (!entry.asked) return entry;
      const answer = await askKeyUsage({ root: root!, key, timeoutMs: USAGE_TIMEOUT_MS, env: ctx.env });
      if ('failed' in answer) return { ...entry, unanswered: answer.failed };
      if ('untold' in answer) return entry;
      const usage = answer.usage;
      const warning = usageWarning(entry.key!, usage);
      return { ...entry, usage, state: keyState(usage), ...(warning ? { warning } : {}) };
    }),
  );
}

/** A key's line under its profile: the variable, the masked key, the balance and expiry, the warning. */
function keyLines(ctx: CliContext, k: KeyEntry, facts: (u: KeyUsage) => Message[]): string[] {
  const t = ctx.t;
  const who = k.agents.length > 0 ? t('profiles.key_var_agents', { var: k.keyEnv, agents: commas(k.agents) }) : `$${k.keyEnv}`;
  if (k.key === undefined) return wrap(t('profiles.key_var_unset', { var: who }), 4);
  if (!k.asked) return wrap(t('profiles.key_not_asked', { var: who, key: k.key }), 4);
  if (k.unanswered) return wrap(t('profiles.key_no_answer', { var: who, key: k.key, why: k.unanswered.message }), 4);
  if (!k.usage) return wrap(t('profiles.key_not_told', { var: who, key: k.key }), 4);
  const name =
    k.usage.name !== undefined && k.usage.name !== '' ? JSON.stringify(escapeControls(cut(k.usage.name, 40))) : t('usage.unnamed');
  return [
    ...wrap(
      t('profiles.key_usage', {
        var: who,
        key: k.key,
        name,
        facts: facts(k.usage)
          .map((m) => t(m))
          .join(t('wizard.sep')),
      }),
      4,
    ),
    ...(k.warning ? wrap(t(k.warning), 6) : []),
  ];
}

/** One profile as it is listed: its gateway, keys (asked for their balance unless offline), agents and models. */
async function profileEntry(ctx: CliContext, saved: LoadedSettings, name: string, userFile: string, offline: boolean) {
  const p = own(saved.settings.profiles, name)!;
  const keys = keyEnvs(p);
  const file = own(saved.profileFiles, name) ?? userFile;
  const models = Object.fromEntries(
    Object.entries(p.perAgent ?? {})
      .filter(([, a]) => a?.model)
      .map(([id, a]) => [id, a!.model!]),
  );
  return {
    name,
    baseUrl: p.baseUrl,
    keyEnv: keys.keyEnv,
    ...(Object.keys(keys.perAgent).length > 0 ? { keyEnvs: keys.perAgent } : {}),
    agents: p.agents ?? [],
    models,
    source: file === userFile ? ('user' as const) : ('project' as const),
    file,
    keys: await keyEntries(ctx, p, offline),
  };
}

type ProfileEntry = Awaited<ReturnType<typeof profileEntry>>;

/** The profiles, their keys and which profile last wrote each agent, as lines. */
function listLines(
  ctx: CliContext,
  profiles: readonly ProfileEntry[],
  active: readonly ActiveEntry[],
  trustLines: readonly string[],
  usageFacts: Parameters<typeof keyLines>[2],
): string[] {
  const t = ctx.t;
  const lines: string[] = [t('profiles.list_title')];
  for (const p of profiles) {
    lines.push(`  ${p.name}  ${p.baseUrl ?? t('profiles.no_base_url')}`);
    lines.push(...wrap(t('profiles.list_agents', { agents: p.agents.length > 0 ? commas(p.agents) : t('profiles.agents_installed') }), 4));
    const models = Object.entries(p.models).map(([id, m]) => `${id}=${m}`);
    if (models.length > 0) lines.push(...wrap(t('profiles.list_models', { models: models.join(', ') }), 4));
    const file = p.file.startsWith(ctx.home + '/') ? `~${p.file.slice(ctx.home.length)}` : p.file;
    for (const k of p.keys) lines.push(...keyLines(ctx, k, usageFacts));
    lines.push(...wrap(t(p.source === 'user' ? 'profiles.from_user' : 'profiles.from_project', { file }), 4));
  }
  if (trustLines.length > 0) lines.push('', ...trustLines);
  lines.push('');
  if (active.length === 0) lines.push(...wrap(t('profiles.none_active', { bin: BIN })));
  else {
    lines.push(t('profiles.active_title'));
    for (const a of active) {
      const name = AGENTS[a.agent].name;
      if (a.state === 'active') lines.push(`  ${name}: ${a.profile}`);
      else if (a.baseUrl !== undefined)
        lines.push(...wrap(t('profiles.changed_url', { agent: name, profile: a.profile, url: a.baseUrl }), 2));
      else lines.push(...wrap(t('profiles.changed_gone', { agent: name, profile: a.profile, reason: a.reason ?? '' }), 2));
    }
  }
  return lines;
}

async function show(ctx: CliContext, offline: boolean): Promise<number> {
  const saved = await loadSaved(ctx);
  const { userSettingsPath } = await import('../../settings/index.js');
  const userFile = userSettingsPath(ctx.home, ctx.env, ctx.platform);
  const profiles = await Promise.all(profileNames(saved).map((name) => profileEntry(ctx, saved, name, userFile, offline)));
  const active = await activeEntries(ctx, saved.settings);
  // Profiles only an unapproved project file defines are named, never read; clashes keep the user's.
  const untrusted = [
    ...new Set((saved.withheld ?? []).map((w) => /^profiles\.([^.]+)/.exec(w.field)?.[1]).filter((n): n is string => n !== undefined)),
  ];
  const projectFile = saved.project?.file ?? '';
  const trustNotes = [
    ...(saved.profileClashes ?? []).map((name) => msg('trust.profile_clash', { name, file: projectFile })),
    ...untrusted.map((name) => msg('trust.profile_untrusted', { name, file: projectFile })),
  ];
  if (ctx.json) {
    const { english } = await import('../../i18n/index.js');
    printJson(ctx, {
      ok: true,
      ...(untrusted.length > 0 && { untrusted: untrusted.map((name) => ({ name, file: projectFile })) }),
      ...(saved.profileClashes && { clashes: saved.profileClashes.map((name) => ({ name, file: projectFile, used: 'user' })) }),
      ...(trustNotes.length > 0 && { notes: trustNotes.map((m) => english(m)) }),
      profiles: profiles.map(({ keys, ...p }) => ({
        ...p,
        keys: keys.map(({ warning, asked: _asked, unanswered, ...k }) => ({
          ...k,
          ...(warning ? { warning: english(warning) } : {}),
          ...(unanswered ? { unanswered: { code: unanswered.code, message: english(unanswered.message) } } : {}),
        })),
      })),
      active,
    });
    return 0;
  }
  const { usageFacts } = await import('../../gateway/key-usage.js');
  const trustLines = trustNotes.flatMap((m) => wrap(ctx.t(m)));
  if (profiles.length === 0) print(ctx, [...wrap(ctx.t('profiles.list_none', { bin: BIN })), ...trustLines]);
  else print(ctx, listLines(ctx, profiles, active, trustLines, usageFacts));
  return 0;
}
