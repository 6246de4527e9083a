// Mistral Vibe (PyPI `mistral-vibe`, binary `vibe`, Python ≥ 3.12): a TOML config with a list of
// providers and a list of models. Facts read in the installed 3.0.2 package (vibe/core/config/
// vibe_schema.py, models.py, layers/, vibe/core/llm/backend/) and seen running it against the
// simulator with a clean HOME:
// - `$VIBE_HOME/config.toml` (default `~/.vibe`); a project's `.vibe/config.toml` is read only in a
//   folder the user trusted. A run never rewrites config.toml.
// - `[[providers]]` (name, api_base, api_key_env_var, api_style) join Vibe's own by name;
//   `[[models]]` (name: the id sent, provider, alias: how `active_model` names it, default the name)
//   join its own by alias. An `active_model` that names no model falls back to Mistral's default
//   with a warning, so the alias we write is our provider's name and the model's id.
// - The request URL is `api_base` + the adapter's path, as strings (no slash trimmed): `openai` and
//   `reasoning` → /chat/completions and `openai-responses` → /responses with a Bearer token (root +
//   /v1), `anthropic` → /v1/messages with x-api-key (the root).
// - No literal key: the variable `api_key_env_var` names, from the environment, else from
//   `$VIBE_HOME/.env` (python-dotenv, which expands `${NAME}` in values; an exported value wins),
//   else the system keyring. Nothing in config.toml is expanded.
// - Any `VIBE_<FIELD>` variable overrides that field: VIBE_ACTIVE_MODEL the model, VIBE_PROVIDERS
//   and VIBE_MODELS (JSON lists) add entries, which is what a session uses.
// - One-shot: `vibe -p PROMPT` prints the answer alone, exit 0; a failed request exits 1 with
//   "Error: …" on stderr ("Invalid API key (from env var GATEWAY_API_KEY)…"). It has no model flag.
import type { FileEdit, KeyEdit } from '../../config/types.js';
import { JobError } from '../../core/errors.js';
import { maskKey } from '../../core/mask.js';
import type { ClassifiedModel, Protocol } from '../../core/types.js';
import { fitMessagesChatResponses } from '../fit.js';
import { asRecord, asString, dirFromEnv, dotenvVarsOut, envValue, pathFor } from '../paths.js';
import { ownProviderId, ownProviders, protocolNames } from '../provider-table.js';
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
import { msg, type Message } from '../../i18n/index.js';
// Its sentences, registered with the module that says them.
import './messages/en.js';

/** Our provider's name, unless a provider of the user's (on another host) has it: then gateway-2, … */
const PROVIDER_ID = 'gateway';
/** Its `api_style` names for the protocols (`reasoning` is chat completions with a reasoning field). */
const { nameOf: STYLE_OF, protocolOf: STYLES } = protocolNames({ chat: 'openai', messages: 'anthropic', responses: 'openai-responses' });
const PROTOCOL_OF: Readonly<Record<string, Exclude<Protocol, 'images'>>> = { ...STYLES, reasoning: 'chat' };
/** The path each adapter appends to `api_base`. */
const ENDPOINT: Readonly<Record<Exclude<Protocol, 'images'>, string>> = {
  chat: '/chat/completions',
  messages: '/v1/messages',
  responses: '/responses',
};

function vibePaths(env: AgentEnv): { home: string; config: string; dotenv: string } {
  const p = pathFor(env.platform);
  const home = dirFromEnv(env, 'VIBE_HOME', p.join(env.home, '.vibe'), { tilde: true });
  return { home, config: p.join(home, 'config.toml'), dotenv: p.join(home, '.env') };
}

const fit = (model: ClassifiedModel): ModelFit => fitMessagesChatResponses(model, 'agents.vibe.no_protocol');

function files(env: AgentEnv, _scope: Scope): AgentFile[] {
  // The same files for both scopes: providers and keys belong in the user's home.
  const paths = vibePaths(env);
  return [
    { path: paths.config, format: 'toml', role: 'config (providers, models and the active model)' },
    { path: paths.dotenv, format: 'dotenv', role: 'variables it loads at start (the key)' },
  ];
}

type Entry = Record<string, unknown>;

/** The entries of a list of tables, each with its index; a non-list is refused by Vibe itself. */
function entries(value: unknown): { entry: Entry; index: number }[] {
  return Array.isArray(value) ? value.map((v, index) => ({ entry: asRecord(v) ?? {}, index })) : [];
}

const nameOf = (entry: Entry): string => asString(entry['name']) ?? '';
/** How `active_model` names a model: its alias, else its name. */
const aliasOf = (entry: Entry): string => asString(entry['alias']) ?? nameOf(entry);

/** The providers keyed by name, for the shared provider-table rules. */
const byName = (list: { entry: Entry }[]): Record<string, unknown> => Object.fromEntries(list.map(({ entry }) => [nameOf(entry), entry]));

/** The base URL a protocol's adapter is given: messages adds /v1 itself. */
const apiBase = (choice: AgentChoice): string => (choice.protocol === 'messages' ? choice.root : choice.v1);

function plan(env: AgentEnv, choice: AgentChoice, current: CurrentFiles): AgentPlan {
  const paths = vibePaths(env);
  const doc = asRecord(current.get(paths.config));
  const notes: Message[] = [];
  if (choice.scope === 'project') notes.push(msg('agents.vibe.no_project', { file: paths.config }));
  for (const list of ['providers', 'models'] as const) {
    const value = doc?.[list];
    const ok = value === undefined || Array.isArray(value) || (list === 'models' && asRecord(value) !== undefined);
    if (!ok) throw new JobError(msg('agents.vibe.not_a_list', { file: paths.config, key: list }));
  }
  const providers = entries(doc?.['providers']);
  const id = ownProviderId(byName(providers), choice.root, 'api_base', PROVIDER_ID);
  if (id !== PROVIDER_ID) notes.push(msg('agents.vibe.user_provider', { file: paths.config, taken: PROVIDER_ID, id }));
  const at = providers.find(({ entry }) => nameOf(entry) === id)?.index ?? providers.length;
  const alias = `${id}/${choice.model}`;
  const config: KeyEdit[] = [
    { path: ['active_model'], value: alias },
    { path: ['providers', at, 'name'], value: id },
    { path: ['providers', at, 'api_base'], value: apiBase(choice) },
    { path: ['providers', at, 'api_key_env_var'], value: choice.keyEnvVar },
    { path: ['providers', at, 'api_style'], value: STYLE_OF[choice.protocol as keyof typeof STYLE_OF] },
  ];
  const model = { name: choice.model, provider: id, alias };
  if (asRecord(doc?.['models']) !== undefined) {
    // Models kept as a table keyed by alias, which Vibe reads too.
    config.push(...Object.entries(model).map(([k, value]) => ({ path: ['models', alias, k], value })));
  } else {
    const models = entries(doc?.['models']);
    const mine = models.find(({ entry }) => aliasOf(entry) === alias)?.index ?? models.length;
    config.push(...Object.entries(model).map(([k, value]) => ({ path: ['models', mine, k], value })));
  }
  const edits: FileEdit[] = [{ path: paths.config, format: 'toml', edits: config }];
  const dotenv = asRecord(current.get(paths.dotenv)) ?? {};
  const shellKey = envValue(env.env, choice.keyEnvVar);
  let exportVar: string | undefined;
  if (choice.keyStorage === 'file') {
    edits.push({ path: paths.dotenv, format: 'dotenv', edits: [{ path: [choice.keyEnvVar], value: choice.key }], secret: true });
    // An exported value wins over .env.
    if (shellKey !== undefined && shellKey !== choice.key)
      notes.push(msg('agents.vibe.shell_wins', { var: choice.keyEnvVar, key: maskKey(shellKey), dotenv: paths.dotenv }));
  } else {
    // Left in .env, an old key would be sent whenever the variable is not exported.
    if (choice.keyEnvVar in dotenv) {
      edits.push({ path: paths.dotenv, format: 'dotenv', edits: [{ path: [choice.keyEnvVar], value: undefined }], secret: true });
      notes.push(msg('agents.vibe.removed_dotenv', { var: choice.keyEnvVar, dotenv: paths.dotenv }));
    }
    exportVar = choice.keyEnvVar;
    notes.push(msg('agents.vibe.export_key', { var: choice.keyEnvVar }));
    if (shellKey !== undefined && shellKey !== choice.key)
      notes.push(msg('agents.vibe.shell_other_key', { var: choice.keyEnvVar, key: maskKey(shellKey) }));
  }
  const stray = envValue(env.env, 'VIBE_ACTIVE_MODEL');
  if (stray !== undefined && stray !== alias) notes.push(msg('agents.vibe.env_model', { model: stray, file: paths.config }));
  return { edits, notes, exportVar };
}

/** Deletions of list items, last first: each one moves the items after it. */
const dropItems = (list: string, indexes: number[]): KeyEdit[] =>
  [...indexes].sort((a, b) => b - a).map((index) => ({ path: [list, index], value: undefined }));

/**
 * What `remove` takes out: our providers (a name of ours whose api_base is still under the gateway),
 * the models on them, `active_model` when it names one of those, and their key variables in .env.
 */
function unplan(env: AgentEnv, _scope: Scope, current: CurrentFiles, gateway: GatewayRef): AgentUnplan {
  const paths = vibePaths(env);
  const doc = asRecord(current.get(paths.config));
  const providers = entries(doc?.['providers']);
  const { ours, notes } = ownProviders(byName(providers), gateway, 'api_base', {
    file: paths.config,
    keyOf: (id) => `[[providers]] name = "${id}": api_base`,
  });
  const secrets: string[] = [];
  if (ours.length === 0) return { edits: [], notes, secrets };
  const removed = new Set(ours.map(({ id }) => id));
  const gone = providers.filter(({ entry }) => removed.has(nameOf(entry))).map(({ index }) => index);
  const config: KeyEdit[] = gone.length === providers.length ? [{ path: ['providers'], value: undefined }] : dropItems('providers', gone);
  const aliases: string[] = [];
  const table = asRecord(doc?.['models']);
  if (table !== undefined) {
    for (const [alias, value] of Object.entries(table)) {
      if (!removed.has(asString(asRecord(value)?.['provider']) ?? '')) continue;
      aliases.push(alias);
      config.push({ path: ['models', alias], value: undefined });
    }
  } else {
    const models = entries(doc?.['models']);
    const mine = models.filter(({ entry }) => removed.has(asString(entry['provider']) ?? ''));
    aliases.push(...mine.map(({ entry }) => aliasOf(entry)));
    if (mine.length > 0)
      config.push(
        ...(mine.length === models.length
          ? [{ path: ['models'], value: undefined }]
          : dropItems(
              'models',
              mine.map(({ index }) => index),
            )),
      );
  }
  if (aliases.includes(asString(doc?.['active_model']) ?? '')) {
    config.push({ path: ['active_model'], value: undefined });
    notes.push(msg('agents.unplan.vibe_after', { file: paths.config }));
  }
  const edits: FileEdit[] = [{ path: paths.config, format: 'toml', edits: config }];
  const vars = new Set(ours.map(({ provider }) => asString(provider['api_key_env_var'])).filter((v): v is string => !!v));
  const dotenv = dotenvVarsOut(paths.dotenv, current.get(paths.dotenv), vars);
  secrets.push(...dotenv.secrets);
  if (dotenv.edit !== undefined) edits.push(dotenv.edit);
  return { edits, notes, secrets };
}

/** A .env value as python-dotenv loads it: `${NAME}` replaced from the environment. */
const expanded = (value: string, vars: Readonly<Record<string, string | undefined>>): string =>
  value.replace(/\$\{([^}:]+)(?::-([^}]*))?\}/g, (_ref, name: string, fallback?: string) => vars[name] ?? fallback ?? '');

function readBack(env: AgentEnv, _scope: Scope, current: CurrentFiles): AgentRequest | Message {
  const paths = vibePaths(env);
  const doc = asRecord(current.get(paths.config));
  if (!doc) return msg('agents.vibe.no_file', { file: paths.config });
  const fromEnv = envValue(env.env, 'VIBE_ACTIVE_MODEL');
  const active = fromEnv ?? asString(doc['active_model']) ?? '';
  if (active === '') return msg('agents.vibe.no_active', { file: paths.config });
  const table = asRecord(doc['models']);
  const model =
    table !== undefined ? asRecord(table[active]) : entries(doc['models']).find(({ entry }) => aliasOf(entry) === active)?.entry;
  if (model === undefined)
    return fromEnv !== undefined
      ? msg('agents.vibe.env_model', { model: fromEnv, file: paths.config })
      : msg('agents.vibe.no_model', { alias: active, file: paths.config });
  const id = asString(model['provider']) ?? '';
  const name = nameOf(model);
  if (id === '' || name === '') return msg('agents.vibe.model_incomplete', { alias: active, file: paths.config });
  const provider = entries(doc['providers']).find(({ entry }) => nameOf(entry) === id)?.entry;
  if (provider === undefined) return msg('agents.vibe.no_provider', { alias: active, id, file: paths.config });
  const backend = asString(provider['backend']) ?? 'generic';
  const style = asString(provider['api_style']) ?? 'openai';
  const protocol = backend === 'generic' ? PROTOCOL_OF[style] : undefined;
  if (protocol === undefined)
    return msg('agents.vibe.other_style', { id, style: backend === 'generic' ? style : backend, file: paths.config });
  const baseUrl = asString(provider['api_base']) ?? '';
  if (baseUrl.trim() === '') return msg('agents.vibe.no_base_url', { id, file: paths.config });
  const envName = asString(provider['api_key_env_var']) ?? '';
  if (envName === '') return msg('agents.vibe.no_key_var', { id, file: paths.config });
  // An exported value wins over .env, which is loaded only where the variable is unset or empty.
  const exported = envValue(env.env, envName);
  const inFile = asString(asRecord(current.get(paths.dotenv))?.[envName]);
  const fromFile = inFile !== undefined && inFile !== '' ? expanded(inFile, env.env) : undefined;
  const key = exported ?? (fromFile === '' ? undefined : fromFile);
  const viaFile = exported === undefined && fromFile !== undefined;
  return {
    protocol,
    url: `${baseUrl}${ENDPOINT[protocol]}`,
    model: name,
    auth: protocol === 'messages' ? 'x-api-key' : 'bearer',
    key,
    keySource: viaFile ? msg('agents.file_field', { file: paths.dotenv, field: envName }) : msg('agents.env_var', { var: envName }),
    keyVar: { name: envName, via: viaFile ? 'named' : 'export' },
    baseUrl,
    file: paths.config,
    provider: id,
  };
}

/** Our provider and model for one choice, as Vibe's VIBE_PROVIDERS and VIBE_MODELS lists hold them. */
function sessionLists(choice: AgentChoice): { providers: string; models: string; alias: string } {
  const alias = `${PROVIDER_ID}/${choice.model}`;
  const provider = {
    name: PROVIDER_ID,
    api_base: apiBase(choice),
    api_key_env_var: choice.keyEnvVar,
    api_style: STYLE_OF[choice.protocol as keyof typeof STYLE_OF],
  };
  return {
    providers: JSON.stringify([provider]),
    models: JSON.stringify([{ name: choice.model, provider: PROVIDER_ID, alias }]),
    alias,
  };
}

export const mistralVibe = defineAgent({
  id: 'mistral-vibe',
  name: 'Mistral Vibe',
  binary: 'vibe',
  versionArgs: ['--version'],
  install: { from: 'pip', package: 'mistral-vibe', verified: '3.0.2', python: '3.12' },
  // The only version run here; the format is its own.
  versions: { provenFrom: '3.0.2' },
  // python-dotenv expands `${NAME}` in .env values, where the key is kept.
  evaluates: [{ syntax: 'shell-expansion', fields: ['key'] }],
  protocols: ['chat', 'messages', 'responses'],
  preferences: { model: ['devstral*', 'mistral-medium*', 'mistral-large*', 'codestral*', 'claude-sonnet-*', 'gpt-5*', 'deepseek-*', '*'] },
  baseUrl: { form: 'v1', note: msg('agents.vibe.url_note') },
  // No usage reports and no update check in a run we start.
  quietEnv: { VIBE_ENABLE_TELEMETRY: 'false', VIBE_ENABLE_UPDATE_CHECKS: 'false', VIBE_ENABLE_AUTO_UPDATE: 'false' },
  fit,
  files,
  plan,
  unplan,
  readBack,
  // It is named by its alias, and only through the environment: Vibe has no model flag.
  modelArg(current, request) {
    const doc = asRecord(current.get(typeof request.file === 'string' ? request.file : ''));
    return asString(doc?.['active_model']) ?? request.model;
  },
  oneShot(model, prompt) {
    return { command: 'vibe', args: ['-p', prompt], env: { VIBE_ACTIVE_MODEL: model } };
  },
  // One session (`launch`): the gateway's provider and model added through Vibe's own variables,
  // the key in the variable they name; config.toml and .env are not touched.
  session(_env, choice) {
    const { providers, models, alias } = sessionLists(choice);
    return {
      env: { VIBE_PROVIDERS: providers, VIBE_MODELS: models, VIBE_ACTIVE_MODEL: alias, [choice.keyEnvVar]: choice.key },
    };
  },
});
