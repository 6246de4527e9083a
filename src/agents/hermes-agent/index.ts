// Hermes Agent (PyPI `hermes-agent`, binary `hermes`): a YAML config naming a provider, the key in
// an .env file beside it. Facts seen running Hermes Agent 0.19.0 (Python 3.11) against a recording
// gateway with a clean HOME:
// - `$HERMES_HOME/config.yaml` and `$HERMES_HOME/.env` (default `~/.hermes`); runs never rewrite
//   config.yaml (comments and unknown keys kept). A value in .env wins over the same variable
//   exported in the shell.
// - `model: {provider: <name>, default: <model>}` and `providers.<name>: {base_url, key_env,
//   api_mode}`: `chat_completions` (POST base_url + /chat/completions, Bearer), `codex_responses`
//   (base_url + /responses, Bearer), `anthropic_messages` (/v1/messages with x-api-key, a trailing
//   /v1 of base_url taken off). Only a named provider keeps its api_mode for a host that is not
//   OpenAI's (the plain `provider: custom` form falls back to chat). `api_key_env` is not read
//   (`key_env` is). The OpenAI APIs append their path to base_url as it is: root + /v1.
// - `${NAME}` is replaced in every string of config.yaml and inside .env values; nothing else is
//   expanded, nothing is run.
// - One-shot: `hermes -z PROMPT --provider <name> --model=<model>` prints the answer alone; a
//   failed request (401, 404, 5xx) is printed on stdout with exit code 0 ("HTTP 401: Invalid
//   token", "API call failed after 3 retries: HTTP 404: Invalid URL"). `--model` without
//   `--provider` makes it guess a provider of its own catalogue.
// - The Anthropic SDK is not among its dependencies: it installs it with pip on first use.
import { BIN } from '../../core/bin.js';
import type { FileEdit, KeyEdit } from '../../config/types.js';
import { maskKey } from '../../core/mask.js';
import type { ClassifiedModel } from '../../core/types.js';
import { fitMessagesChatResponses } from '../fit.js';
import { asRecord, asString, dirFromEnv, dotenvVarsOut, envValue, pathFor } from '../paths.js';
import { ownProviderId, ownProviders, protocolNames, providerRequest } from '../provider-table.js';
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

/** Our provider name, unless a provider of the user's (on another host) has it: then gateway-2, … */
const PROVIDER_ID = 'gateway';
/** Its `api_mode` names for the protocols. */
const { nameOf: API_MODE, protocolOf: PROTOCOL_OF } = protocolNames({
  messages: 'anthropic_messages',
  chat: 'chat_completions',
  responses: 'codex_responses',
});

function hermesPaths(env: AgentEnv): { home: string; config: string; dotenv: string } {
  const p = pathFor(env.platform);
  const home = dirFromEnv(env, 'HERMES_HOME', p.join(env.home, '.hermes'));
  return { home, config: p.join(home, 'config.yaml'), dotenv: p.join(home, '.env') };
}

const fit = (model: ClassifiedModel): ModelFit => fitMessagesChatResponses(model, 'agents.hermes.no_protocol');

function files(env: AgentEnv, _scope: Scope): AgentFile[] {
  // The same files for both scopes: Hermes Agent reads its home only.
  const paths = hermesPaths(env);
  return [
    { path: paths.config, format: 'yaml', role: 'config (model and provider)' },
    { path: paths.dotenv, format: 'dotenv', role: 'variables it loads at start (the key)' },
  ];
}

const providersOf = (doc: Record<string, unknown> | undefined): Record<string, unknown> => asRecord(doc?.['providers']) ?? {};

/** The gateway's provider for the choice: its key read from the variable `key_env` names. */
const gatewayProvider = (choice: AgentChoice): Record<string, string> => ({
  base_url: choice.protocol === 'messages' ? choice.root : choice.v1,
  key_env: choice.keyEnvVar,
  api_mode: API_MODE[choice.protocol as keyof typeof API_MODE],
});

function plan(env: AgentEnv, choice: AgentChoice, current: CurrentFiles): AgentPlan {
  const paths = hermesPaths(env);
  const doc = asRecord(current.get(paths.config));
  const notes: Message[] = [];
  if (choice.scope === 'project') notes.push(msg('agents.hermes.no_project', { file: paths.config }));
  if (doc !== undefined && doc['providers'] !== undefined && asRecord(doc['providers']) === undefined)
    notes.push(msg('agents.hermes.providers_list', { file: paths.config }));
  const id = ownProviderId(providersOf(doc), choice.root, 'base_url', PROVIDER_ID);
  if (id !== PROVIDER_ID) notes.push(msg('agents.hermes.user_provider', { file: paths.config, taken: PROVIDER_ID, id }));
  const provider = asRecord(providersOf(doc)[id]) ?? {};
  const config: KeyEdit[] = [
    { path: ['model', 'provider'], value: id },
    { path: ['model', 'default'], value: choice.model },
    ...Object.entries(gatewayProvider(choice)).map(([k, value]) => ({ path: ['providers', id, k], value })),
  ];
  // A literal key there would win over key_env.
  if ('api_key' in provider) config.push({ path: ['providers', id, 'api_key'], value: undefined });
  const edits: FileEdit[] = [{ path: paths.config, format: 'yaml', edits: config }];
  const dotenv = asRecord(current.get(paths.dotenv)) ?? {};
  const shellKey = envValue(env.env, choice.keyEnvVar);
  let exportVar: string | undefined;
  if (choice.keyStorage === 'file') {
    edits.push({ path: paths.dotenv, format: 'dotenv', edits: [{ path: [choice.keyEnvVar], value: choice.key }], secret: true });
  } else {
    // .env is loaded over the shell: a key left there would win over the export.
    if (choice.keyEnvVar in dotenv) {
      edits.push({ path: paths.dotenv, format: 'dotenv', edits: [{ path: [choice.keyEnvVar], value: undefined }], secret: true });
      notes.push(msg('agents.hermes.removed_dotenv', { var: choice.keyEnvVar, dotenv: paths.dotenv }));
    }
    exportVar = choice.keyEnvVar;
    notes.push(msg('agents.hermes.export_key', { var: choice.keyEnvVar }));
    if (shellKey !== undefined && shellKey !== choice.key)
      notes.push(msg('agents.hermes.shell_other_key', { var: choice.keyEnvVar, key: maskKey(shellKey) }));
  }
  return { edits, notes, exportVar };
}

/**
 * What `remove` takes out: our providers (a name of ours whose base_url is still under the gateway),
 * `model` when it selects one of them, and their key variables from .env (the file stays).
 */
function unplan(env: AgentEnv, _scope: Scope, current: CurrentFiles, gateway: GatewayRef): AgentUnplan {
  const paths = hermesPaths(env);
  const doc = asRecord(current.get(paths.config));
  const providers = providersOf(doc);
  const { ours, notes } = ownProviders(providers, gateway, 'base_url', { file: paths.config, keyOf: (id) => `providers.${id}.base_url` });
  const secrets: string[] = [];
  const config: KeyEdit[] = ours.map(({ id }) => ({ path: ['providers', id], value: undefined }));
  const removed = ours.map(({ id }) => id);
  const vars = new Set(ours.map(({ provider }) => asString(provider['key_env'])).filter((v): v is string => v !== undefined));
  if (config.length === 0) return { edits: [], notes, secrets };
  if (Object.keys(providers).length === removed.length) config.push({ path: ['providers'], value: undefined });
  if (removed.includes(asString(asRecord(doc?.['model'])?.['provider']) ?? '')) {
    config.push({ path: ['model'], value: undefined });
    notes.push(msg('agents.unplan.hermes_after', { file: paths.config }));
  }
  const edits: FileEdit[] = [{ path: paths.config, format: 'yaml', edits: config }];
  const dotenv = dotenvVarsOut(paths.dotenv, current.get(paths.dotenv), vars);
  secrets.push(...dotenv.secrets);
  if (dotenv.edit !== undefined) edits.push(dotenv.edit);
  return { edits, notes, secrets };
}

/** A string as Hermes Agent reads it: `${NAME}` replaced when the variable is set. */
const expanded = (value: string, vars: Readonly<Record<string, string | undefined>>): string =>
  value.replace(/\$\{([^}]+)\}/g, (ref, name: string) => vars[name] ?? ref);

function readBack(env: AgentEnv, _scope: Scope, current: CurrentFiles): AgentRequest | Message {
  const paths = hermesPaths(env);
  const doc = asRecord(current.get(paths.config));
  if (!doc) return msg('agents.hermes.no_file', { file: paths.config });
  const dotenv = Object.fromEntries(Object.entries(asRecord(current.get(paths.dotenv)) ?? {}).map(([k, v]) => [k, asString(v)]));
  // What the process sees: .env over the shell.
  const vars: Record<string, string | undefined> = { ...env.env, ...dotenv };
  const modelBlock = asRecord(doc['model']) ?? {};
  const id = asString(modelBlock['provider']);
  if (id === undefined) return msg('agents.hermes.no_provider_set', { file: paths.config });
  if (id === 'custom') return msg('agents.hermes.plain_custom', { file: paths.config });
  const provider = asRecord(providersOf(doc)[id]);
  if (!provider) return msg('agents.hermes.no_provider', { id, file: paths.config });
  const model = asString(modelBlock['default']) ?? asString(provider['default_model']);
  if (model === undefined || model.trim() === '') return msg('agents.hermes.no_model', { file: paths.config });
  const rawBase = asString(provider['base_url']) ?? asString(provider['api']) ?? asString(provider['url']);
  if (rawBase === undefined || rawBase.trim() === '') return msg('agents.hermes.no_base_url', { id, file: paths.config });
  const baseUrl = expanded(rawBase, vars);
  const mode =
    asString(provider['api_mode']) ??
    asString(provider['transport']) ??
    (/\/anthropic\/?$/.test(baseUrl) ? 'anthropic_messages' : 'chat_completions');
  const protocol = PROTOCOL_OF[mode];
  if (protocol === undefined) return msg('agents.hermes.other_mode', { id, mode, file: paths.config });
  let key: string | undefined;
  let keySource: Message;
  let keyVar: AgentRequest['keyVar'];
  const literal = asString(provider['api_key']);
  const envName = asString(provider['key_env']);
  if (literal !== undefined) {
    const value = expanded(literal, vars);
    key = value === '' || value.includes('${') ? undefined : value;
    keySource = msg('agents.file_field', { file: paths.config, field: `providers.${id}.api_key` });
  } else if (envName !== undefined) {
    const fromFile = dotenv[envName];
    key = vars[envName] === '' ? undefined : vars[envName];
    const inFile = fromFile !== undefined && fromFile !== '';
    keySource = inFile ? msg('agents.file_field', { file: paths.dotenv, field: envName }) : msg('agents.env_var', { var: envName });
    keyVar = { name: envName, via: inFile ? 'named' : 'export' };
  } else keySource = msg('agents.hermes.no_key', { id, file: paths.config });
  return providerRequest({ protocol, baseUrl, strip: 'one', model, key, keySource, keyVar, file: paths.config, provider: id });
}

export const hermesAgent = defineAgent({
  id: 'hermes-agent',
  name: 'Hermes Agent',
  importApps: ['hermes'],
  binary: 'hermes',
  versionArgs: ['--version'],
  // 0.19.0 writes ~/.hermes/logs and an update check on any run, --version included.
  versionEnv: (scratch) => ({ HERMES_HOME: scratch }),
  install: { from: 'pip', package: 'hermes-agent', verified: '0.19.0', extras: ['anthropic==0.87.0'] },
  // The only version run here; the format is its own.
  versions: { provenFrom: '0.19.0' },
  // `${NAME}` in every string of config.yaml and inside .env values.
  evaluates: [{ syntax: 'shell-expansion', fields: ['key', 'baseUrl', 'model'] }],
  protocols: ['messages', 'chat', 'responses'],
  // Its failures go to stdout and it exits 0: "HTTP 401: Invalid token", "API call failed after 3 retries: …".
  errorOutput: [/\bapi call failed\b/i],
  preferences: { model: ['gpt-5*', 'claude-sonnet-*', 'deepseek-*', 'kimi-k2*', 'qwen3-coder*', '*'] },
  baseUrl: { form: 'v1', note: msg('agents.hermes.url_note') },
  // No download of its command scanner from GitHub in a run we start.
  quietEnv: { TIRITH_ENABLED: '0' },
  fit,
  files,
  plan,
  unplan,
  readBack,
  oneShot(model, prompt, request) {
    // Without --provider, --model makes it guess a provider of its own.
    return { command: 'hermes', args: ['-z', prompt, '--provider', request?.provider ?? PROVIDER_ID, `--model=${model}`] };
  },
  /**
   * One session (`launch`): HERMES_HOME names a home of the session's own (our directory) whose
   * config.yaml holds the gateway's provider alone, selected, its key named by key_env and given in
   * the session's environment; that home has no .env to override it. 0.19.0 reads its config only
   * from HERMES_HOME, and the variables of its built-in providers (OPENAI_BASE_URL, …) would lose
   * to the user's own .env, which may hold keys for other hosts. A home of its own is what Hermes's
   * profiles are too: the session sees none of the user's memories, skills or history, and a note
   * says so. Not HERMES_INFERENCE_MODEL: with it and no --provider, 0.19.0 guesses a provider of its
   * catalogue from the model's name (DeepSeek's for deepseek-chat).
   */
  session(env, choice, dir) {
    const path = pathFor(env.platform).join(dir, 'config.yaml');
    // Written as JSON, which YAML reads.
    const config = { model: { provider: PROVIDER_ID, default: choice.model }, providers: { [PROVIDER_ID]: gatewayProvider(choice) } };
    return {
      env: { HERMES_HOME: dir, [choice.keyEnvVar]: choice.key },
      files: [{ path, content: `${JSON.stringify(config, null, 2)}\n` }],
      notes: [msg('agents.hermes.session_home', { home: hermesPaths(env).home, bin: BIN })],
    };
  },
});
