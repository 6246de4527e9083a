// Saved settings as defaults for flags (flag > environment > project file > user file), and the
// user file updated after a setup that worked, so `sync` can repeat it later.
import { AGENTS, type AgentId } from '../agents/registry.js';
import type { Preferences } from '../agents/types.js';
import { DEFAULT_MARKERS, type Markers } from '../core/types.js';
import type { SetupReport } from '../setup/run.js';
import type { LoadedSettings, Settings } from '../settings/index.js';
import { UsageError } from '../core/errors.js';
import { commas, msg } from '../i18n/index.js';
import type { ParsedValues } from './args.js';
import type { CliContext } from './context.js';
import { BASE_URL_ENV } from './inputs.js';

export async function loadSaved(ctx: CliContext): Promise<LoadedSettings> {
  const { loadSettings } = await import('../settings/index.js');
  return loadSettings({ home: ctx.home, cwd: ctx.cwd, env: ctx.env, platform: ctx.platform });
}

/** Flags completed from the settings where neither a flag nor the environment answered. */
export function withSavedDefaults(ctx: CliContext, values: ParsedValues, s: Settings): ParsedValues {
  const out: ParsedValues = { ...values };
  if (out['base-url'] === undefined && ctx.env[BASE_URL_ENV] === undefined && s.baseUrl) out['base-url'] = s.baseUrl;
  // The key variables: the plain one and each agent's own, a flag winning over the saved one.
  const given = out['api-key-env'];
  const names = typeof given === 'string' ? [given] : Array.isArray(given) ? [...given] : [];
  const plainGiven = names.some((n) => !n.includes('='));
  const agentGiven = new Set(names.filter((n) => n.includes('=')).map((n) => n.slice(0, n.indexOf('='))));
  if (!plainGiven && out['api-key'] === undefined && s.keyEnv) names.unshift(s.keyEnv);
  for (const [id, a] of Object.entries(s.perAgent ?? {})) if (a?.keyEnv && !agentGiven.has(id)) names.push(`${id}=${a.keyEnv}`);
  if (names.length > 0) out['api-key-env'] = names;
  if (out.agent === undefined && s.agents && s.agents.length > 0) out.agent = [...s.agents];
  if (out.scope === undefined && s.scope) out.scope = s.scope;
  if (out['key-storage'] === undefined && s.keyStorage) out['key-storage'] = s.keyStorage;
  return out;
}

/**
 * A saved `keyStorage: env` (another run chose it, perhaps for another agent) takes the key out of
 * the configs and leaves only the variable's name. When that variable is not set here (the key came
 * from --api-key or another variable), the agents would be left without a key: refuse before
 * anything is written. An explicit `--key-storage env` is the user's own choice and is not refused.
 */
export function refuseSavedEnvStorage(ctx: CliContext, flags: ParsedValues, s: Settings, sources: readonly string[], keyEnvVar: string): void {
  if (flags['key-storage'] !== undefined || s.keyStorage !== 'env') return;
  const value = ctx.env[keyEnvVar];
  if (value !== undefined && value.trim() !== '') return;
  throw new UsageError(
    msg('saved.env_storage_unset', { files: commas(sources), var: keyEnvVar }),
    msg('saved.env_storage_unset_hint', { var: keyEnvVar }),
  );
}

/**
 * Per-agent preferences: the saved model first (so a re-run keeps it while the key still offers it
 * and falls back to the ranking when it does not), then the saved patterns, then the defaults.
 */
export function savedPreferences(s: Settings, pinSaved: boolean): Partial<Record<AgentId, Partial<Preferences>>> {
  const out: Partial<Record<AgentId, Partial<Preferences>>> = {};
  for (const [id, a] of Object.entries(s.perAgent ?? {}) as [AgentId, NonNullable<Settings['perAgent']>[AgentId]][]) {
    if (!a) continue;
    const defaults = AGENTS[id].preferences;
    out[id] = {
      model: [...(pinSaved && a.model ? [a.model] : []), ...(a.preferences ?? []), ...defaults.model],
      smallModel: [...(pinSaved && a.smallModel ? [a.smallModel] : []), ...(a.smallPreferences ?? []), ...(defaults.smallModel ?? [])],
    };
  }
  return out;
}

export function savedMarkers(s: Settings): Markers | undefined {
  return s.markers && Object.keys(s.markers).length > 0 ? { ...DEFAULT_MARKERS, ...s.markers } : undefined;
}

/**
 * Remembers a setup that wrote and verified: base URL, key variable, agents, models, and the
 * variable of each agent that used a key of its own (its name, never the key).
 */
export async function rememberSetup(ctx: CliContext, report: SetupReport, keyEnv: string, agentKeyEnvs?: ReadonlyMap<AgentId, string>): Promise<void> {
  const ok = report.agents.filter((a) => a.ok && a.model);
  if (report.dryRun || ok.length === 0) return;
  const [{ saveUserSettings }, { isFsError, fsReason }, { note }, { wrap }] = await Promise.all([
    import('../settings/index.js'),
    import('../config/fs-error.js'),
    import('./output.js'),
    import('../core/layout.js'),
  ]);
  const perAgent: Settings['perAgent'] = {};
  for (const a of ok) {
    const own = agentKeyEnvs?.get(a.id);
    perAgent[a.id] = { model: a.model, ...(a.smallModel ? { smallModel: a.smallModel } : {}), ...(own ? { keyEnv: own } : {}) };
  }
  try {
    await saveUserSettings(ctx, {
      baseUrl: report.baseUrl,
      keyEnv,
      // Every agent that got a model, so a later sync retries one whose verification failed.
      agents: report.agents.filter((a) => a.model).map((a) => a.id),
      scope: report.scope,
      keyStorage: report.keyStorage,
      perAgent,
    });
  } catch (err) {
    // The configs are written and verified: a full disk for our own small file is a warning, not a
    // failed run.
    if (!isFsError(err)) throw err;
    note(ctx, wrap(ctx.t('cli.warning_line', { text: msg('fs.settings_not_saved', { reason: fsReason(err) }) })));
  }
}
