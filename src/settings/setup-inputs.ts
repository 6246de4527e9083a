// The inputs of a setup run — gateway, key, agents, models, scope, key storage, verify mode — from
// the flags, the saved settings and the environment, resolved in one place (flag > environment >
// project settings > user settings > default). `setup`, the wizard, `sync`, `doctor --fix` and
// `demo` all build their run from here and state only what their own command decides differently
// (`sync --check` is a dry run, `doctor --fix` repairs one agent with its own key). A new setup
// flag is its line in the command line's SETUP_OPTIONS and its line in `setupInputs`.
import { AGENTS, DEFAULT_AGENT_IDS, isAgentId, SUPPORTED_AGENT_IDS, type AgentId } from '../agents/registry.js';
import type { AgentEnv, KeyStorage, Preferences, Scope } from '../agents/types.js';
import { UsageError } from '../core/errors.js';
import type { Markers } from '../core/types.js';
import { commas, msg } from '../i18n/index.js';
import type { LoadedSettings, Settings } from './index.js';
import { setupOptions, type SetupFields, type SetupOptions } from '../setup/options.js';
import { showArgument } from '../core/values.js';
import { runMemo } from '../core/run-cache.js';
import type { Completed, Given } from './given.js';
import type { SettingsHost } from './host.js';
import { hintPreferences } from '../setup/import-hints.js';
import type { ModelPair } from '../setup/choose.js';
import { readImport, type ImportedLink } from './import-input.js';
import { agentsHint, DEFAULT_TIMEOUT_MS, timeoutMs, type GatewayInputs, type ImportedKey } from './gateway.js';
import { loadSaved, projectFilled, savedMarkers, withSavedDefaults, type RememberedField } from './saved.js';

/** Everything the flags, saved settings and environment say of a setup run; undefined where none did. */
export interface SetupInputs {
  /** What was given, completed from the saved settings. */
  given: Completed;
  saved: LoadedSettings;
  agents?: AgentId[];
  models: ReadonlyMap<AgentId | '*', string>;
  /** `--model opencode=ID` given more than once, for an agent that keeps a list of models. */
  modelLists: ReadonlyMap<AgentId, readonly string[]>;
  smallModel?: string;
  scope?: Scope;
  keyStorage?: KeyStorage;
  dryRun: boolean;
  force: boolean;
  /** false under --no-verify: no probe before writing, no read-back after. */
  verify: boolean;
  /** `--verify agent`: run each installed agent one-shot after writing. */
  verifyByAgent: boolean;
  concurrency?: number;
  timeoutMs: number;
  markers?: Markers;
  /** The gateway's import link (`--import -`, `--import-env NAME`): base URL, key and model hints. */
  imported?: ImportedLink;
  /** The name the link suggests for this gateway and key (a profile name hint), as given. */
  importName?: string;
  /** What this run took from the project file: never written into the user's own settings. */
  fromProject: ReadonlySet<RememberedField>;
}

/**
 * Reads the saved settings and resolves every setup input from them and the flags. The wizard
 * takes the saved settings as pre-filled answers, not as given ones (`savedAreGiven: false`).
 * With `profile`, that profile's settings are read in place of the top level.
 */
export async function setupInputs(ctx: SettingsHost, flags: Given, savedAreGiven = true, profile?: string): Promise<SetupInputs> {
  await notePathEntries(ctx);
  const all = await loadSaved(ctx);
  // A profile's settings take the place of the top level's: what was given still wins over them.
  const saved = profile === undefined ? all : (await import('./profiles.js')).profileSaved(all, profile);
  const imported = await readImport(ctx, flags);
  if (imported) {
    // The link gives the base URL and the key: the same given twice would leave one of them unused.
    for (const [field, flag] of [
      ['baseUrl', '--base-url'],
      ['apiKey', '--api-key'],
    ] as const) {
      if (flags[field] !== undefined) throw new UsageError(msg('import.conflict', { flag }), msg('import.conflict_hint', { flag }));
    }
  }
  // Naming a profile chooses its gateway: its base URL wins over GATEWAY_BASE_URL (a given one still wins).
  const chosen =
    profile !== undefined && flags.baseUrl === undefined && saved.settings.baseUrl ? { ...flags, baseUrl: saved.settings.baseUrl } : flags;
  const given = savedAreGiven ? withSavedDefaults(ctx, chosen, saved.settings, saved, imported !== undefined) : { ...chosen };
  const fromProject = savedAreGiven ? projectFilled(ctx, chosen, saved, imported !== undefined) : new Set<RememberedField>();
  // The link's gateway is the one asked for in this run: it wins over saved and profile settings.
  if (imported) given.baseUrl = imported.link.baseUrl;
  const { models, modelLists } = modelChoices(given);
  return {
    given,
    saved,
    agents: parseAgents(given),
    models,
    modelLists,
    smallModel: given.smallModel,
    scope: given.scope,
    keyStorage: given.keyStorage,
    dryRun: given.dryRun === true,
    force: given.force === true,
    verify: given.verify !== false,
    verifyByAgent: given.verifyByAgent === true,
    concurrency: given.concurrency,
    timeoutMs: timeoutMs(given),
    markers: savedMarkers(saved.settings),
    fromProject,
    ...(imported && { imported, ...(imported.link.name !== undefined && { importName: imported.link.name }) }),
  };
}

/** The key of the import link, for resolveGateway; undefined without a link. */
export function importedKey(inputs: Pick<SetupInputs, 'imported'>): ImportedKey | undefined {
  return inputs.imported && { key: inputs.imported.link.key, source: inputs.imported.source };
}

/**
 * An import link's key is in no variable: env storage would point the agents at a variable that
 * holds another key (sent to the link's host by the read-back and by the agents) or none. Refused
 * before any request unless that variable holds the link's key.
 */
export function refuseLinkInEnvStorage(
  ctx: Pick<SettingsHost, 'env'>,
  inputs: Pick<SetupInputs, 'imported' | 'keyStorage'>,
  gateway: Pick<GatewayInputs, 'key' | 'keyEnvVar'>,
): void {
  if (!inputs.imported || inputs.keyStorage !== 'env' || ctx.env[gateway.keyEnvVar]?.trim() === gateway.key) return;
  throw new UsageError(
    msg('import.env_storage', { source: inputs.imported.source, var: gateway.keyEnvVar }),
    msg('import.env_storage_hint', { var: gateway.keyEnvVar }),
  );
}

/** The inputs when nothing is given or saved: the demo's sandbox, which must not read the user's settings. */
export function nothingGiven(): SetupInputs {
  return {
    given: {},
    saved: { settings: {}, sources: [] },
    models: new Map(),
    modelLists: new Map(),
    dryRun: false,
    force: false,
    verify: true,
    verifyByAgent: false,
    timeoutMs: DEFAULT_TIMEOUT_MS,
    fromProject: new Set(),
  };
}

/**
 * The options of a run from the resolved inputs and the gateway; `over` is what the command itself
 * decides. Saved models lead the ranking when `pinSaved` (a re-run keeps them while the key still
 * offers them); otherwise only the saved patterns do.
 */
export function setupOptionsFrom(
  ctx: Pick<SettingsHost, 'home' | 'env' | 'cwd' | 'platform'>,
  inputs: SetupInputs,
  gateway: Pick<GatewayInputs, 'root' | 'v1' | 'key' | 'keyEnvVar' | 'agentKeys'> & { timeoutMs?: number },
  over: Partial<SetupFields> & { agents: readonly AgentId[]; command: string; pinSaved: boolean; pinSwitched?: boolean },
): SetupOptions {
  const { pinSaved, pinSwitched, ...rest } = over;
  return setupOptions({
    root: gateway.root,
    v1: gateway.v1,
    key: gateway.key,
    keyEnvVar: gateway.keyEnvVar,
    ...(gateway.agentKeys && gateway.agentKeys.size > 0 && { agentKeys: gateway.agentKeys }),
    models: inputs.models,
    ...(inputs.modelLists.size > 0 && { modelLists: inputs.modelLists }),
    smallModel: inputs.smallModel,
    scope: inputs.scope ?? 'user',
    keyStorage: inputs.keyStorage ?? 'file',
    dryRun: inputs.dryRun,
    force: inputs.force,
    verify: inputs.verify,
    env: agentEnv(ctx),
    http: { timeoutMs: gateway.timeoutMs ?? inputs.timeoutMs, env: ctx.env },
    concurrency: inputs.concurrency,
    markers: inputs.markers,
    preferences: hintPreferences(inputs.imported?.link, savedPreferences(inputs.saved.settings, pinSaved)),
    ...(pinSwitched && { recorded: recordedModels(inputs.saved.own ?? inputs.saved.settings, over.agents) }),
    ...rest,
  });
}

/** Each agent's models as the user's own settings recorded them (what the last setup or sync wrote), never a project file's. */
function recordedModels(own: Settings, agents: readonly AgentId[]): Map<AgentId, ModelPair> {
  const out = new Map<AgentId, ModelPair>();
  for (const id of agents) {
    const a = own.perAgent?.[id];
    if (a?.model !== undefined || a?.smallModel !== undefined)
      out.set(id, { ...(a.model !== undefined && { model: a.model }), ...(a.smallModel !== undefined && { smallModel: a.smallModel }) });
  }
  return out;
}

/** The variable of each agent with a key of its own, for the saved settings (not a key its config kept). */
export function agentKeyEnvs(gateway: Pick<GatewayInputs, 'agentKeys'>): Map<AgentId, string> {
  return new Map([...(gateway.agentKeys ?? [])].filter(([, k]) => k.keptIn === undefined).map(([id, k]) => [id, k.keyEnvVar]));
}

/** Where each agent's key came from in this run: its variable, the config it was kept in, or the run's source. Never the key. */
export function keySources(
  gateway: Pick<GatewayInputs, 'agentKeys' | 'keySource' | 'keptIn'>,
  agents: readonly AgentId[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const id of agents) {
    const own = gateway.agentKeys?.get(id);
    out[id] = own ? (own.keptIn ?? `$${own.keyEnvVar}`) : (gateway.keptIn?.get(id) ?? gateway.keySource);
  }
  return out;
}

/** The variable the run's default key came from, to save; undefined for a typed, linked or kept key. */
export function keyVariable(gateway: Pick<GatewayInputs, 'keySource' | 'keyEnvVar'>): string | undefined {
  return gateway.keySource === `$${gateway.keyEnvVar}` ? gateway.keyEnvVar : undefined;
}

/** The machine's facts as the agent modules take them. */
export function agentEnv(ctx: Pick<SettingsHost, 'home' | 'env' | 'cwd' | 'platform'>): AgentEnv {
  return { home: ctx.home, env: ctx.env, cwd: ctx.cwd, platform: ctx.platform };
}

/** Told already in this run (once, however many inputs it resolves). */
const pathNoted = runMemo<'noted', true>();

/** Says once per run which PATH entries the agents are not looked for in (relative ones). */
export async function notePathEntries(ctx: Pick<SettingsHost, 'home' | 'env' | 'cwd' | 'platform' | 'warn'>): Promise<void> {
  if (pathNoted.has('noted')) return;
  pathNoted.set('noted', true);
  const { relativePathEntries } = await import('../agents/detect.js');
  const skipped = relativePathEntries(agentEnv(ctx));
  if (skipped.length > 0) ctx.warn(msg('agents.path_relative', { dirs: commas(skipped.map((d) => JSON.stringify(d))) }));
}

/** The agents installed on this machine; the registry's defaults when none is. */
export async function installedAgents(env: AgentEnv): Promise<AgentId[]> {
  // The same question setup asks next for their versions: each binary answers once.
  const { installation } = await import('../agents/versions.js');
  const found = await Promise.all(
    SUPPORTED_AGENT_IDS.map(async (id) => ((await installation(AGENTS[id], env)).installed ? id : undefined)),
  );
  const installed = found.filter((id): id is AgentId => id !== undefined);
  return installed.length > 0 ? installed : [...DEFAULT_AGENT_IDS];
}

/** The agents given, checked (a script may pass any string); undefined when none was. */
export function parseAgents(given: Pick<Given, 'agents'>): AgentId[] | undefined {
  const ids = given.agents ?? [];
  if (ids.length === 0) return undefined;
  for (const id of ids) {
    if (!isAgentId(id)) {
      throw new UsageError(msg('setup.unknown_agent_flag', { arg: showArgument(id) }), agentsHint(id));
    }
  }
  return [...new Set(ids)];
}

/**
 * The models given: `*` applies to every agent, an agent's to that agent. Several for an agent that
 * keeps a list of models list them all, the first the default; for any other agent the last counts.
 */
export function modelChoices(given: Pick<Given, 'models'>): {
  models: Map<AgentId | '*', string>;
  modelLists: Map<AgentId, string[]>;
} {
  const models = new Map<AgentId | '*', string>();
  const modelLists = new Map<AgentId, string[]>();
  for (const [agent, chosen] of Object.entries(given.models ?? {})) {
    if (chosen === undefined) continue;
    const ids = [...new Set(typeof chosen === 'string' ? [chosen] : chosen)];
    if (agent !== '*' && !isAgentId(agent)) {
      throw new UsageError(
        msg('setup.unknown_model_agent', { arg: showArgument(`${agent}=${ids[0] ?? ''}`), agent: JSON.stringify(showArgument(agent)) }),
        agentsHint(agent),
      );
    }
    if (ids.length === 0) continue;
    if (agent !== '*' && AGENTS[agent].listsModels && ids.length > 1) {
      modelLists.set(agent, ids);
      models.set(agent, ids[0]!);
    } else models.set(agent as AgentId | '*', ids[ids.length - 1]!);
  }
  return { models, modelLists };
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
