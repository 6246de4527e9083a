// Crush (`crush`, Go module github.com/charmbracelet/crush). NOT run here: the Go module proxy
// answers 403 "This package version is not available" for this module (and for its dependencies
// charmbracelet/fantasy and catwalk), and its npm package downloads the binary from GitHub. Every
// fact below is read in its source at v0.90.0-5-g37f36e9 (Aug 2026) and in charmbracelet/fantasy,
// the LLM library it builds its clients with; `install.verified` stays unset until a binary runs.
// - Config (internal/config/load.go GlobalConfig, internal/home): `$CRUSH_GLOBAL_CONFIG/crush.json`,
//   else `$XDG_CONFIG_HOME/crush/crush.json`, else `~/.config/crush/crush.json` — on Windows too
//   (`%USERPROFILE%\.config\crush\crush.json`). Strict JSON (`json.Valid`).
// - A second user file, the "data" config (GlobalConfigData): `$CRUSH_GLOBAL_DATA/crush.json`, else
//   `$XDG_DATA_HOME/crush/crush.json`, else `~/.local/share/crush/crush.json` (Windows:
//   `%LOCALAPPDATA%\crush\crush.json`). It is loaded AFTER the config and wins; Crush writes the
//   model picked in its TUI there (`models.large`), so a stale choice there would beat ours.
// - `providers.<id>`: `type` (`openai-compat` default, `openai`, `anthropic`, …), `base_url`,
//   `api_key`, `models` [{id, name, …}]; a custom provider without models is dropped unless
//   discovery (GET /v1/models) finds some. `models.large` = {model, provider}; with no
//   `models.small`, an unknown provider's small model is the large one (resolveSelectedModels).
// - `api_key` and `base_url` go through its shell resolver: `$VAR`, `${VAR}` and `$(cmd)` expand.
// - URL joining (internal/agent/coordinator.go + fantasy): `openai-compat` → openai-go with the
//   base as is + `/chat/completions` (base takes /v1); `openai` → the same client with the
//   Responses API for ids holding gpt-4/gpt-5 (fantasy IsResponsesModel) → `/responses`, else
//   chat (base takes /v1); `anthropic` → anthropic-sdk-go, base (default https://api.anthropic.com)
//   + `/v1/messages` (base is the root), key sent as x-api-key.
// - One-shot: `crush run [prompt]` (internal/cmd/run.go), the model from `models.large`;
//   `-m provider/model` exists but is not needed. CRUSH_DISABLE_PROVIDER_AUTO_UPDATE keeps it from
//   fetching its provider catalogue; CRUSH_DISABLE_METRICS turns metrics off (internal/cmd/root.go).
import type { KeyEdit } from '../../config/types.js';
import type { ClassifiedModel, Protocol } from '../../core/types.js';
import { fitted, notForCoding } from '../fit.js';
import { asRecord, asString, dirFromEnv, envValue, notGateway, pathFor, trimSlash, underRoot } from '../paths.js';
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

/** The provider id we own in `providers`. */
const CRUSH_PROVIDER = 'gateway';

type CrushType = 'openai-compat' | 'openai' | 'anthropic';

const TYPE_OF: Record<'chat' | 'responses' | 'messages', CrushType> = { chat: 'openai-compat', responses: 'openai', messages: 'anthropic' };

function crushPaths(env: AgentEnv): { config: string; data: string } {
  const p = pathFor(env.platform);
  const configDir =
    envValue(env.env, 'CRUSH_GLOBAL_CONFIG') !== undefined
      ? dirFromEnv(env, 'CRUSH_GLOBAL_CONFIG', '')
      : p.join(dirFromEnv(env, 'XDG_CONFIG_HOME', p.join(env.home, '.config')), 'crush');
  let dataDir: string;
  if (envValue(env.env, 'CRUSH_GLOBAL_DATA') !== undefined) dataDir = dirFromEnv(env, 'CRUSH_GLOBAL_DATA', '');
  else if (envValue(env.env, 'XDG_DATA_HOME') !== undefined) dataDir = p.join(dirFromEnv(env, 'XDG_DATA_HOME', ''), 'crush');
  else if (env.platform === 'win32') dataDir = p.join(dirFromEnv(env, 'LOCALAPPDATA', p.join(env.home, 'AppData', 'Local')), 'crush');
  else dataDir = p.join(env.home, '.local', 'share', 'crush');
  return { config: p.join(configDir, 'crush.json'), data: p.join(dataDir, 'crush.json') };
}

/** fantasy's IsResponsesModel: an `openai` provider uses the Responses API only for these ids. */
const usesResponses = (id: string): boolean => /gpt-[45]/i.test(id);

function fit(model: ClassifiedModel): ModelFit {
  const excluded = notForCoding(model);
  if (excluded !== undefined) return { ok: false, reason: excluded };
  if (model.protocols.messages === 'yes') return fitted('messages');
  if (model.protocols.chat === 'yes') return fitted('chat');
  if (model.protocols.responses === 'yes' && usesResponses(model.id)) return fitted('responses');
  if (!model.marked) return fitted('chat', true);
  return { ok: false, reason: msg('agents.crush.no_protocol') };
}

function files(env: AgentEnv, _scope: Scope): AgentFile[] {
  // A project crush.json is committed; the key would need a variable there, and the data file's
  // model choice beats it anyway: both scopes use the user files.
  const { config, data } = crushPaths(env);
  return [
    { path: config, format: 'json', role: 'providers, the key and the model' },
    { path: data, format: 'json', role: 'the model Crush last picked (wins over the config)' },
  ];
}

function plan(env: AgentEnv, choice: AgentChoice, current: CurrentFiles): AgentPlan {
  const { config, data } = crushPaths(env);
  const protocol = choice.protocol === 'messages' || choice.protocol === 'responses' ? choice.protocol : 'chat';
  const provider = asRecord(asRecord(asRecord(current.get(config))?.['providers'])?.[CRUSH_PROVIDER]);
  const base = ['providers', CRUSH_PROVIDER] as const;
  const edits: KeyEdit[] = [
    { path: [...base, 'name'], value: 'Gateway' },
    { path: [...base, 'type'], value: TYPE_OF[protocol] },
    { path: [...base, 'base_url'], value: protocol === 'messages' ? choice.root : choice.v1 },
    { path: [...base, 'api_key'], value: choice.keyStorage === 'env' ? `$${choice.keyEnvVar}` : choice.key },
  ];
  // The model list: ours added to the user's, never replacing them.
  const listed = Array.isArray(provider?.['models']) ? (provider['models'] as unknown[]) : [];
  if (!listed.some((m) => asString(asRecord(m)?.['id']) === choice.model)) {
    edits.push({ path: [...base, 'models'], value: [...listed, { id: choice.model, name: choice.model }] });
  }
  edits.push({ path: ['models', 'large', 'model'], value: choice.model }, { path: ['models', 'large', 'provider'], value: CRUSH_PROVIDER });
  const out: AgentPlan['edits'] = [{ path: config, format: 'json', edits, secret: choice.keyStorage !== 'env' }];
  // The data file's choice wins: point it at ours too, where it names one.
  const dataLarge = asRecord(asRecord(asRecord(current.get(data))?.['models'])?.['large']);
  if (dataLarge !== undefined) {
    out.push({
      path: data,
      format: 'json',
      edits: [
        { path: ['models', 'large', 'model'], value: choice.model },
        { path: ['models', 'large', 'provider'], value: CRUSH_PROVIDER },
      ],
    });
  }
  const notes: Message[] = [];
  if (choice.scope === 'project') notes.push(msg('agents.crush.no_project', { file: config }));
  if (dataLarge !== undefined) notes.push(msg('agents.crush.data_model', { file: data }));
  return { edits: out, notes, ...(choice.keyStorage === 'env' && { exportVar: choice.keyEnvVar }) };
}

/**
 * What `remove` takes out: our `gateway` provider while its base_url is still the gateway's, and
 * each `models.large` / `models.small` (config and data file) that names it. Other providers stay.
 */
function unplan(env: AgentEnv, _scope: Scope, current: CurrentFiles, gateway: GatewayRef): AgentUnplan {
  const { config, data } = crushPaths(env);
  const doc = asRecord(current.get(config));
  const provider = asRecord(asRecord(doc?.['providers'])?.[CRUSH_PROVIDER]);
  if (!provider || provider['base_url'] === undefined) return { edits: [], notes: [], secrets: [] };
  if (!underRoot(provider['base_url'], gateway.root)) {
    return {
      edits: [],
      notes: [notGateway(config, `providers.${CRUSH_PROVIDER}.base_url`, provider['base_url'], gateway.root)],
      secrets: [],
    };
  }
  const key = asString(provider['api_key']);
  const selections = (file: string): KeyEdit[] =>
    (['large', 'small'] as const)
      .filter((t) => asRecord(asRecord(asRecord(current.get(file))?.['models'])?.[t])?.['provider'] === CRUSH_PROVIDER)
      .map((t) => ({ path: ['models', t], value: undefined }));
  const edits: AgentUnplan['edits'] = [
    { path: config, format: 'json', edits: [{ path: ['providers', CRUSH_PROVIDER], value: undefined }, ...selections(config)] },
  ];
  const dataEdits = selections(data);
  if (dataEdits.length > 0) edits.push({ path: data, format: 'json', edits: dataEdits });
  const notes = edits.flatMap((e) => e.edits).some((e) => e.path[0] === 'models')
    ? [msg('agents.unplan.crush_after', { file: config })]
    : [];
  // A `$VAR` reference is no secret; a literal key is.
  return { edits, notes, secrets: key !== undefined && !key.startsWith('$') ? [key] : [] };
}

/** Crush's resolver for the forms we write or users commonly write: `$VAR`, `${VAR}`. */
function resolveValue(value: string, env: AgentEnv['env']): { value?: string; source?: string } {
  const m = /^\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))$/.exec(value.trim());
  if (!m) return { value };
  const name = (m[1] ?? m[2]) as string;
  return { value: env[name], source: name };
}

function readBack(env: AgentEnv, _scope: Scope, current: CurrentFiles): AgentRequest | Message {
  const { config, data } = crushPaths(env);
  const doc = asRecord(current.get(config));
  if (!doc) return msg('agents.crush.no_file', { file: config });
  const large = asRecord(asRecord(asRecord(current.get(data))?.['models'])?.['large']) ?? asRecord(asRecord(doc['models'])?.['large']);
  const model = asString(large?.['model']);
  const providerId = asString(large?.['provider']);
  if (model === undefined || model === '' || providerId === undefined) return msg('agents.crush.no_model', { file: config });
  const provider = providerId === CRUSH_PROVIDER ? asRecord(asRecord(doc['providers'])?.[providerId]) : undefined;
  if (!provider) return msg('agents.crush.other_provider', { id: providerId, ours: CRUSH_PROVIDER, file: config });
  const type = asString(provider['type']) ?? 'openai-compat';
  const baseRaw = asString(provider['base_url']);
  if (baseRaw === undefined || baseRaw.trim() === '') return msg('agents.crush.no_base_url', { id: providerId, file: config });
  const baseUrl = resolveValue(baseRaw, env.env).value ?? '';
  let protocol: Protocol;
  let path: string;
  if (type === 'anthropic') [protocol, path] = ['messages', '/v1/messages'];
  else if (type === 'openai' && usesResponses(model)) [protocol, path] = ['responses', '/responses'];
  else if (type === 'openai' || type === 'openai-compat') [protocol, path] = ['chat', '/chat/completions'];
  else return msg('agents.crush.other_type', { id: providerId, type, file: config });
  const rawKey = asString(provider['api_key']) ?? '';
  const key = resolveValue(rawKey, env.env);
  return {
    protocol,
    url: `${trimSlash(baseUrl)}${path}`,
    model,
    auth: type === 'anthropic' && !(key.value ?? '').startsWith('Bearer ') ? 'x-api-key' : 'bearer',
    key: key.value === '' ? undefined : key.value,
    keySource:
      key.source !== undefined
        ? msg('agents.var_in', { var: key.source, file: config })
        : msg('agents.file_field', { file: config, field: `providers.${providerId}.api_key` }),
    ...(key.source !== undefined && {
      keyVar: { name: key.source, via: key.value === undefined ? ('named' as const) : ('reference' as const) },
    }),
    baseUrl,
    file: config,
  };
}

export const crush = defineAgent({
  id: 'crush',
  // Crush's resolver expands `$NAME`, `${NAME}` and `$(command)` in its values.
  evaluates: [{ syntax: 'shell-expansion', fields: ['key', 'baseUrl', 'model'] }],
  name: 'Crush',
  binary: 'crush',
  versionArgs: ['--version'],
  install: { from: 'go', module: 'github.com/charmbracelet/crush' },
  protocols: ['messages', 'chat', 'responses'],
  preferences: { model: ['claude-sonnet-*', 'gpt-5*', 'deepseek-*', 'qwen3-coder*', '*'] },
  // The root for its first protocol (messages, the `anthropic` type appends /v1/messages itself).
  baseUrl: { form: 'root', note: msg('agents.crush.url_note') },
  fit,
  files,
  plan,
  unplan,
  readBack,
  oneShot(_model, prompt) {
    return {
      command: 'crush',
      args: ['run', '--quiet', '--', prompt],
      env: { CRUSH_DISABLE_PROVIDER_AUTO_UPDATE: '1', CRUSH_DISABLE_METRICS: '1' },
    };
  },
});
