// Codex CLI (`@openai/codex`): speaks only the Responses API. Its provider table names the key's
// variable (`env_key`); the value can live in `$CODEX_HOME/.env`, which Codex loads at start.
// Facts seen running Codex CLI against a recording gateway, version 0.169.0; 0.171.0 passes the same
// tiers (the simulator and both new-api versions).
import type { FileEdit, KeyEdit } from '../../config/types.js';
import { holdingAt, olderThan } from '../versions.js';
import { maskKey } from '../../core/mask.js';
import type { ClassifiedModel } from '../../core/types.js';
import { fitted, notForCoding } from '../fit.js';
import { asRecord, asString, dirFromEnv, dotenvVarsOut, envValue, notGateway, pathFor, trimSlash, underRoot } from '../paths.js';
import {
  defineAgent,
  type AgentChoice,
  type AgentEnv,
  type AgentFile,
  type AgentPlan,
  type AgentRequest,
  type AgentUnplan,
  type CurrentFiles,
  type GatewayRef,
  type ModelFit,
  type Scope,
} from '../types.js';
import { commas, msg, type Message } from '../../i18n/index.js';
// Its sentences, registered with the module that says them.
import './messages/en.js';

/** Our provider id: short, and never one of Codex's built-ins (those silently win over a table). */
export const CODEX_PROVIDER_ID = 'gateway';
/** The provider a `launch` session defines with `-c` overrides, apart from any in config.toml. */
const SESSION_PROVIDER_ID = 'gateway-agent-setup-session';
/**
 * The `name` we write in our table. It is how a later run knows which table is ours: a user's own
 * provider may well be called `gateway` too, and we never take over a table we did not create.
 */
export const CODEX_PROVIDER_NAME = 'Gateway (gateway-agent-setup)';
/** The id used when `gateway` is taken by a table of the user's (then `gateway-2`, `gateway-3`, …). */
const FALLBACK_PROVIDER_ID = 'gateway-agent-setup';
const BUILT_IN_PROVIDERS = new Set(['openai', 'ollama', 'lmstudio', 'amazon-bedrock', 'oss']);
/**
 * Codex refuses to let `.env` set any variable starting with `CODEX_` (codex-rs/arg0/src/lib.rs,
 * `set_filtered`), so a key variable of that name can only come from the shell.
 */
const DOTENV_FORBIDDEN_PREFIX = 'CODEX_';
/**
 * The model Codex asks for when config.toml names none, by the first release seen asking for it: each
 * minor release from 0.136 on and 0.130.0 asked a recording gateway with a provider table and no
 * `model`, then the patch releases around each change (0.153.1 ships no Linux binary). Older than
 * the first: not known, so its config is not checked.
 */
export const DEFAULT_MODELS = [
  { since: '0.130.0', model: 'gpt-5.5' },
  { since: '0.144.0', model: 'gpt-5.6-sol' },
  { since: '0.153.4', model: 'gpt-6-astra' },
  { since: '0.159.1', model: 'gpt-6.1-sol' },
  { since: '0.171.0', model: 'gpt-6.2-sol' },
] as const;
const defaultModel = (env: AgentEnv): string | undefined => holdingAt(DEFAULT_MODELS, env.agentVersion)?.model;
/**
 * From 0.134 a profile is a file of its own (`--profile NAME` reads NAME.config.toml), and a
 * `profile = "NAME"` line in config.toml stops Codex at start; before, that line made the
 * [profiles.NAME] table's model and provider win over the top level's (seen: 0.130.0 and 0.133.0
 * ask for the profile's model; 0.134.0, 0.135.0 and every later release tried refuse to start).
 */
const PROFILE_FILES_SINCE = '0.134.0';
const readsProfileLine = (env: AgentEnv): boolean => env.agentVersion !== undefined && olderThan(env.agentVersion, PROFILE_FILES_SINCE);

/** The `profile = "NAME"` line of config.toml and the table it names (empty when there is none). */
function activeProfile(doc: Record<string, unknown> | undefined): { name?: string; table: Record<string, unknown> } {
  const name = asString(doc?.['profile']);
  return name === undefined ? { table: {} } : { name, table: asRecord(asRecord(doc?.['profiles'])?.[name]) ?? {} };
}

function codexPaths(env: AgentEnv): { config: string; dotenv: string } {
  const p = pathFor(env.platform);
  const home = dirFromEnv(env, 'CODEX_HOME', p.join(env.home, '.codex'));
  return { config: p.join(home, 'config.toml'), dotenv: p.join(home, '.env') };
}

function fit(model: ClassifiedModel): ModelFit {
  const excluded = notForCoding(model);
  if (excluded !== undefined) return { ok: false, reason: excluded };
  const responses = model.protocols.responses;
  if (responses === 'yes') return fitted('responses');
  if (responses === 'probe') return fitted('responses', true);
  if (model.marks?.includes('anthropic')) {
    return {
      ok: false,
      reason: msg('agents.codex.anthropic'),
    };
  }
  return { ok: false, reason: msg('agents.codex.not_responses') };
}

function files(env: AgentEnv, _scope: Scope): AgentFile[] {
  // Same files for both scopes: Codex ignores providers in a project `.codex/config.toml`.
  const paths = codexPaths(env);
  return [
    { path: paths.config, format: 'toml', role: 'config (model and provider)' },
    { path: paths.dotenv, format: 'dotenv', role: 'variables Codex loads at start (the key)' },
  ];
}

function dotenvValues(doc: unknown): Record<string, unknown> {
  return asRecord(doc) ?? {};
}

/**
 * The provider id we write: the table we created on an earlier run (known by its `name`), preferring
 * the one Codex uses now; else the first free id. A table the user wrote is never ours, whatever its id.
 */
function codexProviderId(config: unknown): { id: string; taken?: string } {
  const doc = asRecord(config);
  const providers = asRecord(doc?.['model_providers']) ?? {};
  const ours = Object.keys(providers).filter((id) => asString(asRecord(providers[id])?.['name']) === CODEX_PROVIDER_NAME);
  const active = asString(doc?.['model_provider']);
  if (active !== undefined && ours.includes(active)) return { id: active };
  if (ours.includes(CODEX_PROVIDER_ID)) return { id: CODEX_PROVIDER_ID };
  const first = ours[0];
  if (first !== undefined) return { id: first };
  if (!(CODEX_PROVIDER_ID in providers)) return { id: CODEX_PROVIDER_ID };
  if (!(FALLBACK_PROVIDER_ID in providers)) return { id: FALLBACK_PROVIDER_ID, taken: CODEX_PROVIDER_ID };
  for (let n = 2; ; n++) {
    if (!(`gateway-${n}` in providers)) return { id: `gateway-${n}`, taken: CODEX_PROVIDER_ID };
  }
}

function plan(env: AgentEnv, choice: AgentChoice, current: CurrentFiles): AgentPlan {
  const paths = codexPaths(env);
  const notes: Message[] = [];
  if (choice.scope === 'project') {
    notes.push(msg('agents.codex.no_project', { file: paths.config }));
  }
  const configDoc = current.get(paths.config);
  const provider = codexProviderId(configDoc);
  if (provider.taken !== undefined) {
    const active = asString(asRecord(configDoc)?.['model_provider']);
    notes.push(
      msg(active === provider.taken ? 'agents.codex.user_table_active' : 'agents.codex.user_table_kept', {
        taken: provider.taken,
        id: provider.id,
        file: paths.config,
      }),
    );
  }
  const table = ['model_providers', provider.id] as const;
  const existing = asRecord(asRecord(asRecord(configDoc)?.['model_providers'])?.[provider.id]) ?? {};
  const config: KeyEdit[] = [
    { path: ['model'], value: choice.model },
    { path: ['model_provider'], value: provider.id },
    { path: [...table, 'name'], value: CODEX_PROVIDER_NAME },
    { path: [...table, 'base_url'], value: choice.v1 },
    { path: [...table, 'env_key'], value: choice.keyEnvVar },
    { path: [...table, 'wire_api'], value: 'responses' },
  ];
  // Either would replace the env_key variable as the credential Codex sends.
  for (const stale of ['experimental_bearer_token', 'requires_openai_auth']) {
    if (stale in existing) config.push({ path: [...table, stale], value: undefined });
  }
  const profile = activeProfile(asRecord(configDoc));
  if (profile.name !== undefined && !readsProfileLine(env)) {
    config.push({ path: ['profile'], value: undefined });
    notes.push(msg('agents.codex.removed_profile_line', { name: profile.name, file: paths.config, since: PROFILE_FILES_SINCE }));
  } else if (profile.name !== undefined) {
    const fields = ['model', 'model_provider'].filter((k) => k in profile.table);
    if (fields.length > 0)
      notes.push(
        msg('agents.codex.profile_overrides', {
          version: env.agentVersion ?? '',
          fields: commas(fields),
          name: profile.name,
          file: paths.config,
        }),
      );
  }
  const edits: FileEdit[] = [{ path: paths.config, format: 'toml', edits: config }];

  const dotenv = dotenvValues(current.get(paths.dotenv));
  const shellKey = envValue(env.env, choice.keyEnvVar);
  const forbidden = choice.keyEnvVar.toUpperCase().startsWith(DOTENV_FORBIDDEN_PREFIX);
  let exportVar: string | undefined;
  if (choice.keyStorage === 'file' && !forbidden) {
    edits.push({ path: paths.dotenv, format: 'dotenv', edits: [{ path: [choice.keyEnvVar], value: choice.key }], secret: true });
    if (shellKey !== undefined && shellKey !== choice.key) {
      // codex-rs/arg0 load_dotenv() sets every .env variable over the inherited environment.
      notes.push(msg('agents.codex.shell_other_key', { var: choice.keyEnvVar, key: maskKey(shellKey), dotenv: paths.dotenv }));
    }
  } else {
    if (forbidden && choice.keyStorage === 'file') {
      notes.push(msg('agents.codex.forbidden_prefix', { dotenv: paths.dotenv, prefix: DOTENV_FORBIDDEN_PREFIX }));
    }
    if (choice.keyEnvVar in dotenv) {
      edits.push({ path: paths.dotenv, format: 'dotenv', edits: [{ path: [choice.keyEnvVar], value: undefined }], secret: true });
      notes.push(msg('agents.codex.removed_dotenv', { var: choice.keyEnvVar, dotenv: paths.dotenv }));
    }
    exportVar = choice.keyEnvVar;
    if (shellKey === undefined) {
      notes.push(msg('agents.codex.export_key', { var: choice.keyEnvVar }));
    } else if (shellKey !== choice.key) {
      notes.push(msg('agents.codex.shell_other_key_env', { var: choice.keyEnvVar, key: maskKey(shellKey) }));
    }
  }
  return { edits, notes, exportVar };
}

/**
 * What `remove` takes out: each table we created (known by its `name`) whose base_url is still the
 * gateway's; `model_provider` and `model` when they select it (Codex then falls back to its own
 * OpenAI login); and the table's key variable from `.env`. The `.env` file itself stays, even empty:
 * other variables may be added there by the user, and an empty file changes nothing for Codex.
 */
function unplan(env: AgentEnv, _scope: Scope, current: CurrentFiles, gateway: GatewayRef): AgentUnplan {
  const paths = codexPaths(env);
  const notes: Message[] = [];
  const secrets: string[] = [];
  const doc = asRecord(current.get(paths.config));
  const providers = asRecord(doc?.['model_providers']) ?? {};
  const ours = Object.keys(providers).filter((id) => asString(asRecord(providers[id])?.['name']) === CODEX_PROVIDER_NAME);
  const config: KeyEdit[] = [];
  const vars = new Set<string>();
  const active = asString(doc?.['model_provider']);
  for (const id of ours) {
    const table = asRecord(providers[id]) ?? {};
    if (!underRoot(table['base_url'], gateway.root)) {
      notes.push(notGateway(paths.config, `model_providers.${id}.base_url`, table['base_url'], gateway.root));
      continue;
    }
    config.push({ path: ['model_providers', id], value: undefined });
    const envKey = asString(table['env_key']);
    if (envKey !== undefined) vars.add(envKey);
    if (active === id) {
      config.push({ path: ['model_provider'], value: undefined }, { path: ['model'], value: undefined });
      notes.push(msg('agents.unplan.codex_after', { file: paths.config }));
    }
  }
  if (config.length === 0) return { edits: [], notes, secrets };
  // An emptied [model_providers] header would stay behind as a bare section: take it out too.
  if (Object.keys(providers).length === config.filter((e) => e.path[0] === 'model_providers').length) {
    config.push({ path: ['model_providers'], value: undefined });
  }
  const edits: FileEdit[] = [{ path: paths.config, format: 'toml', edits: config }];
  const dotenv = dotenvVarsOut(paths.dotenv, current.get(paths.dotenv), vars);
  if (dotenv.edit !== undefined) {
    secrets.push(...dotenv.secrets);
    edits.push(dotenv.edit);
    notes.push(msg('agents.unplan.dotenv_kept', { vars: commas(dotenv.removed), file: paths.dotenv }));
  }
  return { edits, notes, secrets };
}

function readBack(env: AgentEnv, _scope: Scope, current: CurrentFiles): AgentRequest | Message {
  const paths = codexPaths(env);
  const doc = asRecord(current.get(paths.config));
  if (!doc) return msg('agents.codex.no_file', { file: paths.config });
  const profile = activeProfile(doc);
  if (profile.name !== undefined && !readsProfileLine(env))
    return msg('agents.codex.profile_line', { name: profile.name, file: paths.config, since: PROFILE_FILES_SINCE });
  // An older Codex takes the active profile's model and provider over the top level's.
  const providerId = asString(profile.table['model_provider']) ?? asString(doc['model_provider']);
  if (providerId === undefined) return msg('agents.codex.no_provider', { file: paths.config });
  const provider = asRecord(asRecord(doc['model_providers'])?.[providerId]);
  if (BUILT_IN_PROVIDERS.has(providerId)) {
    return msg('agents.codex.builtin_provider', { id: providerId, file: paths.config });
  }
  if (!provider) return msg('agents.codex.no_table', { id: providerId, file: paths.config });
  const baseUrl = asString(provider['base_url']);
  if (baseUrl === undefined || baseUrl.trim() === '') return msg('agents.codex.no_base_url', { id: providerId, file: paths.config });
  const wire = asString(provider['wire_api']);
  if (wire === 'chat') return msg('agents.codex.wire_chat', { id: providerId, file: paths.config });
  const named = asString(profile.table['model']) ?? asString(doc['model']);
  // Without `model` it still calls the provider, for a model of its own choosing (known per version).
  const unset = named === undefined || named.trim() === '';
  const own = unset ? defaultModel(env) : undefined;
  if (unset && own === undefined) return msg('agents.codex.no_model', { file: paths.config });
  const model = own ?? named ?? '';
  const modelDefault = own === undefined ? undefined : msg('agents.codex.own_default', { file: paths.config });

  let key: string | undefined;
  let keySource: Message;
  let keyVar: AgentRequest['keyVar'];
  const token = asString(provider['experimental_bearer_token']);
  const envKey = asString(provider['env_key']);
  if (token !== undefined) {
    key = token;
    keySource = msg('agents.file_field', { file: paths.config, field: 'experimental_bearer_token' });
  } else if (envKey === undefined) {
    keySource = msg('agents.codex.no_env_key', { id: providerId });
  } else {
    // .env is loaded over the inherited environment, except for CODEX_* names it may not set.
    const fromFile = envKey.toUpperCase().startsWith(DOTENV_FORBIDDEN_PREFIX)
      ? undefined
      : asString(dotenvValues(current.get(paths.dotenv))[envKey]);
    const fromShell = envValue(env.env, envKey);
    key = fromFile !== undefined && fromFile !== '' ? fromFile : fromShell;
    const inFile = fromFile !== undefined && fromFile !== '';
    keySource = inFile ? msg('agents.file_field', { file: paths.dotenv, field: envKey }) : msg('agents.env_var', { var: envKey });
    keyVar = { name: envKey, via: inFile ? 'named' : 'export' };
  }
  return {
    protocol: 'responses',
    url: `${trimSlash(baseUrl)}/responses`,
    model,
    auth: 'bearer',
    key,
    keySource,
    ...(keyVar !== undefined && { keyVar }),
    baseUrl,
    file: paths.config,
    ...(modelDefault && { modelDefault }),
  };
}

export const codex = defineAgent({
  id: 'codex',
  name: 'Codex CLI',
  importApps: ['codex'],
  binary: 'codex',
  versionArgs: ['--version'],
  install: { from: 'npm', package: '@openai/codex', verified: '0.171.0' },
  // The oldest version the agents tier ran (both its tests passed), three months before the pin.
  versions: { provenFrom: '0.136.0' },
  protocols: ['responses'],
  preferences: { model: ['gpt-*-codex*', 'gpt-5*', 'grok-*', 'o4*', 'o3*', '*'] },
  baseUrl: { form: 'v1' },
  fit,
  files,
  plan,
  unplan,
  readBack,
  oneShot(model, prompt) {
    // clap reads `--model=ID` as the option's value even when ID starts with `-`; `-m ID` would not.
    return { command: 'codex', args: ['exec', '--skip-git-repo-check', `--model=${model}`, prompt] };
  },
  // One session (`launch`): `-c key=value` overrides (TOML values) put before the user's arguments
  // rank above config.toml, and reach every subcommand (`codex -c … exec …`; codex-rs prepends the
  // root overrides to the subcommand's). A provider id of its own, so no field of a provider the
  // user keeps mixes in. `env_key` names the variable; the key is only in the session's environment.
  // CODEX_HOME stays the user's: Codex keeps its login, history and sessions there.
  session(_env, choice) {
    const toml = (value: string): string => JSON.stringify(value);
    const table = `model_providers.${SESSION_PROVIDER_ID}`;
    return {
      env: { [choice.keyEnvVar]: choice.key },
      args: [
        '-c',
        `${table}.name=${toml('Gateway (this session)')}`,
        '-c',
        `${table}.base_url=${toml(choice.v1)}`,
        '-c',
        `${table}.env_key=${toml(choice.keyEnvVar)}`,
        '-c',
        `${table}.wire_api=${toml('responses')}`,
        '-c',
        `model_provider=${toml(SESSION_PROVIDER_ID)}`,
        '-c',
        `model=${toml(choice.model)}`,
      ],
    };
  },
});
