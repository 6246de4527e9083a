// Saved settings as defaults for flags (flag > environment > project file > user file), and the
// user file updated after a setup that worked, so `sync` can repeat it later.
import type { AgentId } from '../agents/ids.js';
import { DEFAULT_MARKERS, type Markers } from '../core/types.js';
import type { SetupReport } from '../setup/run.js';
import type { LoadedSettings, Settings } from './index.js';
import { UsageError } from '../core/errors.js';
import { commas, msg } from '../i18n/index.js';
import type { Completed, Given } from './given.js';
import type { SettingsHost } from './host.js';
import { BASE_URL_ENV, DEFAULT_KEY_ENV } from './gateway.js';
import { boundElsewhere } from './key-binding.js';
import { normalizeBaseUrl, originOf } from '../core/base-url.js';
import { refuseWithheld } from './trust.js';

export async function loadSaved(ctx: Pick<SettingsHost, 'home' | 'cwd' | 'env' | 'platform'>): Promise<LoadedSettings> {
  const { loadSettings } = await import('./index.js');
  return loadSettings({ home: ctx.home, cwd: ctx.cwd, env: ctx.env, platform: ctx.platform });
}

/**
 * Flags completed from the settings where neither a flag nor the environment answered. When the
 * answer would have come from what an unapproved project file sets (`saved.withheld`), the run
 * stops here, before any request: the user's own value (a flag) wins and is not stopped. `linked`:
 * an import link gives the base URL and the key.
 */
export function withSavedDefaults(
  ctx: SettingsHost,
  values: Given,
  s: Settings,
  saved: Pick<LoadedSettings, 'withheld' | 'project' | 'bindings'> = {},
  linked = false,
): Completed {
  const out: Completed = { ...values };
  // The key variables: the plain one and each agent's own, a given one winning over the saved one.
  const plainGiven = values.keyEnv !== undefined;
  const agentGiven = new Set(Object.keys(values.agentKeyEnvs ?? {}));
  refuseWithheld(saved, (field) => {
    if (field === 'baseUrl') return !linked && out.baseUrl === undefined && ctx.env[BASE_URL_ENV] === undefined;
    if (field === 'keyEnv') return !linked && !plainGiven && out.apiKey === undefined;
    if (field === 'agents') return out.agents === undefined;
    if (field === 'scope') return out.scope === undefined;
    if (field === 'keyStorage') return out.keyStorage === undefined;
    const agent = /^perAgent\.([^.]+)\.keyEnv$/.exec(field)?.[1];
    return agent !== undefined && !agentGiven.has(agent);
  });
  // The saved key variables belong to the saved gateway: a run against another origin (given,
  // GATEWAY_BASE_URL, an import link) never takes them there.
  const runOrigin = linked ? undefined : gatewayOrigin(out.baseUrl ?? ctx.env[BASE_URL_ENV] ?? s.baseUrl);
  const sameGateway = !linked && (s.baseUrl === undefined || runOrigin === undefined || gatewayOrigin(s.baseUrl) === runOrigin);
  if (out.baseUrl === undefined && ctx.env[BASE_URL_ENV] === undefined && s.baseUrl) out.baseUrl = s.baseUrl;
  if (sameGateway && !plainGiven && out.apiKey === undefined && s.keyEnv) {
    out.keyEnv = s.keyEnv;
    // Not one the user gave: advice about the key names it as saved, never as given.
    out.savedKeyEnv = s.keyEnv;
  }
  if (sameGateway) {
    const own: Partial<Record<AgentId, string>> = {};
    for (const [id, a] of Object.entries(s.perAgent ?? {}) as [AgentId, { keyEnv?: string } | undefined][])
      if (a?.keyEnv && !agentGiven.has(id)) own[id] = a.keyEnv;
    if (Object.keys(own).length > 0) out.agentKeyEnvs = { ...values.agentKeyEnvs, ...own };
  }
  // The variable this run falls back on when none is given: unusable here when the user's settings
  // bind it to another gateway.
  if (!linked && !plainGiven && out.apiKey === undefined) {
    const name = (sameGateway && s.keyEnv) || DEFAULT_KEY_ENV;
    const elsewhere = boundElsewhere(saved.bindings, name, runOrigin);
    if (elsewhere && runOrigin) out.keyElsewhere = { name, origin: runOrigin, origins: elsewhere };
  }
  if (out.agents === undefined && s.agents && s.agents.length > 0) out.agents = [...s.agents];
  if (out.scope === undefined && s.scope) out.scope = s.scope;
  if (out.keyStorage === undefined && s.keyStorage) out.keyStorage = s.keyStorage;
  return out;
}

/** The origin of a base URL as given (any form the normalizer takes); undefined when it is not one. */
function gatewayOrigin(url: string | undefined): string | undefined {
  if (url === undefined || url.trim() === '') return undefined;
  try {
    return originOf(normalizeBaseUrl(url).root);
  } catch {
    return undefined;
  }
}

/**
 * For a command that only talks to the gateway (`models`, `verify`): the saved base URL and key
 * variable where no flag or variable gives them, as setup, sync and doctor take them; with `agent`,
 * that agent's own saved key variable too. The saved agents, scope and storage are not its input.
 */
export async function gatewayValues(ctx: SettingsHost, values: Given, agent?: AgentId): Promise<Completed> {
  const saved = await loadSaved(ctx);
  const s = saved.settings;
  const own = agent === undefined ? undefined : s.perAgent?.[agent];
  const fields = new Set(['baseUrl', 'keyEnv', ...(agent === undefined ? [] : [`perAgent.${agent}.keyEnv`])]);
  return withSavedDefaults(
    ctx,
    values,
    {
      ...(s.baseUrl !== undefined && { baseUrl: s.baseUrl }),
      ...(s.keyEnv !== undefined && { keyEnv: s.keyEnv }),
      ...(agent !== undefined && own?.keyEnv !== undefined && { perAgent: { [agent]: { keyEnv: own.keyEnv } } }),
    },
    { ...saved, withheld: saved.withheld?.filter((w) => fields.has(w.field)) },
  );
}

/** A saved field `rememberSetup` may write back into the user file; `perAgent.ID` is that agent's models. */
export type RememberedField = 'baseUrl' | 'keyEnv' | 'agents' | 'scope' | 'keyStorage' | `perAgent.${AgentId}`;

/**
 * The fields whose value in this run came from the project file (no flag, no environment gave
 * them): the user's own file must never absorb them, or a repository's choice would follow the user
 * out of it. An unapproved file can only have given model choices.
 */
export function projectFilled(
  ctx: SettingsHost,
  given: Given,
  saved: Pick<LoadedSettings, 'project'>,
  linked = false,
): Set<RememberedField> {
  const p = saved.project;
  const out = new Set<RememberedField>();
  if (!p) return out;
  const set = (f: 'baseUrl' | 'keyEnv' | 'agents' | 'scope' | 'keyStorage'): boolean => p.trusted && p.settings[f] !== undefined;
  if (set('baseUrl') && !linked && given.baseUrl === undefined && ctx.env[BASE_URL_ENV] === undefined) out.add('baseUrl');
  const keyGiven = given.keyEnv !== undefined || given.agentKeyEnvs !== undefined || given.apiKey !== undefined;
  if (set('keyEnv') && !linked && !keyGiven) out.add('keyEnv');
  if (set('agents') && given.agents === undefined) out.add('agents');
  if (set('scope') && given.scope === undefined) out.add('scope');
  if (set('keyStorage') && given.keyStorage === undefined) out.add('keyStorage');
  // A model the project file chose (or ranked) for an agent stays the project's: the user's own
  // saved model for that agent is left as it was, unless the user chose this one.
  const flagged: string[] = Object.keys(given.models ?? {});
  for (const [id, a] of Object.entries(p.settings.perAgent ?? {}) as [AgentId, NonNullable<Settings['perAgent']>[AgentId]][]) {
    const chooses =
      a?.model !== undefined || a?.smallModel !== undefined || a?.preferences !== undefined || a?.smallPreferences !== undefined;
    if (chooses && !flagged.includes(id) && !flagged.includes('*')) out.add(`perAgent.${id}`);
  }
  return out;
}

/**
 * A saved `keyStorage: env` (another run chose it, perhaps for another agent) takes the key out of
 * the configs and leaves only the variable's name. When that variable is not set here (the key came
 * from --api-key or another variable), the agents would be left without a key: refuse before
 * anything is written. An explicit `--key-storage env` is the user's own choice and is not refused.
 */
export function refuseSavedEnvStorage(
  ctx: SettingsHost,
  given: Pick<Given, 'keyStorage'>,
  s: Settings,
  sources: readonly string[],
  keyEnvVar: string,
): void {
  if (given.keyStorage !== undefined || s.keyStorage !== 'env') return;
  const value = ctx.env[keyEnvVar];
  if (value !== undefined && value.trim() !== '') return;
  throw new UsageError(
    msg('saved.env_storage_unset', { files: commas(sources), var: keyEnvVar }),
    msg('saved.env_storage_unset_hint', { var: keyEnvVar }),
  );
}

export function savedMarkers(s: Settings): Markers | undefined {
  return s.markers && Object.keys(s.markers).length > 0 ? { ...DEFAULT_MARKERS, ...s.markers } : undefined;
}

/**
 * Remembers a setup that wrote and verified: base URL, the key variable (only when the key came
 * from it: a typed, linked or kept key is bound to no variable), agents, models, and the variable of
 * each agent that used a key of its own (its name, never the key). What this changes of the key
 * bindings is said: a gateway that moved leaves its variables behind, a variable named for this
 * gateway now belongs to it.
 */
export async function rememberSetup(
  ctx: SettingsHost,
  report: SetupReport,
  keyEnv: string | undefined,
  agentKeyEnvs?: ReadonlyMap<AgentId, string>,
  fromProject: ReadonlySet<RememberedField> = new Set(),
): Promise<void> {
  const ok = report.agents.filter((a) => a.ok && a.model);
  if (report.dryRun || ok.length === 0) return;
  const [{ saveUserSettings }, { isFsError, fsReason }] = await Promise.all([import('./index.js'), import('../config/fs-error.js')]);
  const perAgent: Settings['perAgent'] = {};
  for (const a of ok) {
    const own = agentKeyEnvs?.get(a.id);
    perAgent[a.id] = { model: a.model, ...(a.smallModel ? { smallModel: a.smallModel } : {}), ...(own ? { keyEnv: own } : {}) };
  }
  try {
    const all: Settings = {
      baseUrl: report.baseUrl,
      ...(keyEnv !== undefined && { keyEnv }),
      // Every agent that got a model, so a later sync retries one whose verification failed.
      agents: report.agents.filter((a) => a.model).map((a) => a.id),
      scope: report.scope,
      keyStorage: report.keyStorage,
      perAgent,
    };
    for (const f of fromProject) {
      if (f.startsWith('perAgent.')) {
        const own = all.perAgent?.[f.slice('perAgent.'.length) as AgentId];
        if (own) for (const k of ['model', 'smallModel'] as const) delete own[k];
      } else delete all[f as Exclude<RememberedField, `perAgent.${string}`>];
    }
    const saved = await saveUserSettings(ctx, all);
    if (saved.moved)
      ctx.warn(
        msg('core.warning_line', { text: msg('keys.dropped', { ...saved.moved, vars: commas(saved.moved.vars.map((v) => `$${v}`)) }) }),
      );
    for (const r of saved.rebound) ctx.warn(msg('core.warning_line', { text: msg('keys.rebound', r) }));
  } catch (err) {
    // The configs are written and verified: a full disk for our own small file is a warning, not a
    // failed run.
    if (!isFsError(err)) throw err;
    ctx.warn(msg('core.warning_line', { text: msg('fs.settings_not_saved', { reason: fsReason(err) }) }));
  }
}
