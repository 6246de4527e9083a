// Pi (`@mariozechner/pi-coding-agent`, bin `pi`): custom providers in `<agent dir>/models.json`, one
// `api` per provider entry, so each protocol gets its own provider id; the model used when none is
// named is `defaultProvider` + `defaultModel` in `<agent dir>/settings.json`.
// Facts from pi 0.73.1, read in its installed dist/ and seen running it against a recording gateway:
// - agent dir: PI_CODING_AGENT_DIR (a leading `~/` expanded), else join(homedir(), ".pi", "agent")
//   on every platform, Windows and macOS included (dist/config.js getAgentDir);
// - `openai-completions` → baseUrl + /chat/completions, `openai-responses` → baseUrl + /responses,
//   both Bearer, so root + /v1; `anthropic-messages` appends /v1/messages itself and sends
//   x-api-key, so the bare root (root + /v1 gave `POST /v1/v1/messages`, 404);
// - `apiKey`: a value starting with `!` is a shell command; else the environment variable of that
//   name when set, else the literal value (dist/core/resolve-config-value.js), so key storage `env`
//   writes the variable's name;
// - `--model` takes the next argument whatever it starts with, and `--model=ID` is NOT read as the
//   model (an unknown flag: dist/cli/args.js); `--model provider/id` picks the provider by the
//   prefix (dist/core/model-resolver.js).
import type { FileEdit, KeyEdit } from '../../config/types.js';
import type { Protocol } from '../../core/types.js';
import { fitMessagesChatResponses } from '../fit.js';
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
  type Scope,
} from '../types.js';
import { commas, msg, type Message } from '../../i18n/index.js';
// Its sentences, registered with the module that says them.
import './messages/en.js';

type PiProtocol = Extract<Protocol, 'messages' | 'chat' | 'responses'>;

interface PiApi {
  id: string;
  api: string;
  /** What pi appends to baseUrl. */
  path: string;
  /** Which base the entry is given. */
  base: 'root' | 'v1';
  auth: AgentRequest['auth'];
}

/** Provider ids of our own (pi's built-in ids would take their catalogue's models and auth). */
const PI_PROVIDERS: Record<PiProtocol, PiApi> = {
  chat: { id: 'gateway', api: 'openai-completions', path: '/chat/completions', base: 'v1', auth: 'bearer' },
  responses: { id: 'gateway-responses', api: 'openai-responses', path: '/responses', base: 'v1', auth: 'bearer' },
  messages: { id: 'gateway-anthropic', api: 'anthropic-messages', path: '/v1/messages', base: 'root', auth: 'x-api-key' },
};

const BY_API = new Map(Object.entries(PI_PROVIDERS).map(([protocol, spec]) => [spec.api, { protocol: protocol as PiProtocol, spec }]));

function specFor(protocol: Protocol): PiApi {
  if (protocol === 'images') throw new Error('Pi has no provider for the images protocol');
  return PI_PROVIDERS[protocol];
}

function piPaths(env: AgentEnv): { models: string; settings: string } {
  const p = pathFor(env.platform);
  const dir = dirFromEnv(env, 'PI_CODING_AGENT_DIR', p.join(env.home, '.pi', 'agent'), { tilde: true });
  return { models: p.join(dir, 'models.json'), settings: p.join(dir, 'settings.json') };
}

function files(env: AgentEnv, _scope: Scope): AgentFile[] {
  // Pi keeps custom providers in the agent dir only: both scopes use the user files.
  const paths = piPaths(env);
  return [
    { path: paths.models, format: 'json', role: 'providers and the key' },
    { path: paths.settings, format: 'json', role: 'default provider and model' },
  ];
}

function plan(env: AgentEnv, choice: AgentChoice, current: CurrentFiles): AgentPlan {
  const paths = piPaths(env);
  const spec = specFor(choice.protocol);
  const literal = choice.keyStorage === 'file';
  const entry = asRecord(asRecord(asRecord(current.get(paths.models))?.['providers'])?.[spec.id]);
  // Our entry's list keeps the models already there (with their own settings), ours added once.
  const models = Array.isArray(entry?.['models']) ? [...(entry['models'] as unknown[])] : [];
  if (!models.some((m) => asRecord(m)?.['id'] === choice.model)) models.push({ id: choice.model });
  const base = ['providers', spec.id] as const;
  const modelEdits: KeyEdit[] = [
    { path: [...base, 'baseUrl'], value: spec.base === 'root' ? choice.root : choice.v1 },
    { path: [...base, 'api'], value: spec.api },
    { path: [...base, 'apiKey'], value: literal ? choice.key : choice.keyEnvVar },
    { path: [...base, 'models'], value: models },
  ];
  const settingsEdits: KeyEdit[] = [
    { path: ['defaultProvider'], value: spec.id },
    { path: ['defaultModel'], value: choice.model },
  ];
  const notes: Message[] = [];
  if (choice.scope === 'project') notes.push(msg('agents.pi.no_project', { file: paths.models }));
  if (!literal) notes.push(msg('agents.pi.export_env', { file: paths.models, var: choice.keyEnvVar }));
  const edits: FileEdit[] = [
    { path: paths.models, format: 'json', edits: modelEdits, secret: literal },
    { path: paths.settings, format: 'json', edits: settingsEdits, secret: false },
  ];
  return { edits, notes, exportVar: literal ? undefined : choice.keyEnvVar };
}

/** What pi would take for an environment variable's name (a gateway key never looks like one). */
const VAR_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Takes out our provider entries still at the gateway, and the default that names one of them. */
function unplan(env: AgentEnv, _scope: Scope, current: CurrentFiles, gateway: GatewayRef): AgentUnplan {
  const paths = piPaths(env);
  const providers = asRecord(asRecord(current.get(paths.models))?.['providers']);
  const settings = asRecord(current.get(paths.settings));
  const notes: Message[] = [];
  const secrets: string[] = [];
  const removed: string[] = [];
  for (const { id } of Object.values(PI_PROVIDERS)) {
    const entry = asRecord(providers?.[id]);
    if (!entry || entry['baseUrl'] === undefined) continue;
    if (!underRoot(entry['baseUrl'], gateway.root)) {
      notes.push(notGateway(paths.models, `providers.${id}.baseUrl`, entry['baseUrl'], gateway.root));
      continue;
    }
    const key = asString(entry['apiKey']);
    if (key && !VAR_NAME.test(key)) secrets.push(key);
    removed.push(id);
  }
  const edits: FileEdit[] = [];
  if (removed.length > 0)
    edits.push({ path: paths.models, format: 'json', edits: removed.map((id) => ({ path: ['providers', id], value: undefined })) });
  const provider = asString(settings?.['defaultProvider']);
  if (provider !== undefined && removed.includes(provider)) {
    edits.push({
      path: paths.settings,
      format: 'json',
      edits: [
        { path: ['defaultProvider'], value: undefined },
        { path: ['defaultModel'], value: undefined },
      ],
    });
    notes.push(msg('agents.unplan.pi_after', { file: paths.settings }));
  }
  return { edits, notes, secrets };
}

function readBack(env: AgentEnv, _scope: Scope, current: CurrentFiles): AgentRequest | Message {
  const paths = piPaths(env);
  const settings = asRecord(current.get(paths.settings));
  const providerId = asString(settings?.['defaultProvider']);
  const model = asString(settings?.['defaultModel']);
  if (providerId === undefined || model === undefined || model.trim() === '') return msg('agents.pi.no_default', { file: paths.settings });
  const file = paths.models;
  const entry = asRecord(asRecord(asRecord(current.get(file))?.['providers'])?.[providerId]);
  if (!entry) return msg('agents.pi.no_provider', { id: providerId, file });
  const api = asString(entry['api']);
  const known = api === undefined ? undefined : BY_API.get(api);
  if (known === undefined) return msg('agents.pi.bad_api', { id: providerId, api: api ?? '-', known: commas([...BY_API.keys()]) });
  // A model missing from the entry's list is still sent: pi builds a fallback model from the
  // provider's api and baseUrl (dist/core/model-resolver.js buildFallbackModel), so the gateway answers.
  const baseUrl = asString(entry['baseUrl']);
  if (baseUrl === undefined || baseUrl.trim() === '') return msg('agents.pi.no_base_url', { id: providerId, file });
  const raw = asString(entry['apiKey']);
  let key: string | undefined;
  let keySource: Message;
  let keyVar: AgentRequest['keyVar'];
  if (raw === undefined || raw === '') {
    keySource = msg('agents.pi.no_api_key', { id: providerId, file });
  } else if (raw.startsWith('!')) {
    keySource = msg('agents.pi.command_key', { id: providerId, file });
  } else if (envValue(env.env, raw) !== undefined) {
    key = envValue(env.env, raw);
    keySource = msg('agents.pi.env_key', { var: raw, file });
    keyVar = { name: raw, via: 'reference' };
  } else if (VAR_NAME.test(raw) && raw.length < 40) {
    // Pi would send the name itself as the key; a variable name is never a gateway key.
    keySource = msg('agents.pi.env_key_unset', { var: raw, file });
    keyVar = { name: raw, via: 'named' };
  } else {
    key = raw;
    keySource = msg('agents.pi.api_key_in', { id: providerId, file });
  }
  const { protocol, spec } = known;
  return {
    protocol,
    url: `${trimSlash(baseUrl)}${spec.path}`,
    model,
    auth: spec.auth,
    key,
    keySource,
    ...(keyVar !== undefined && { keyVar }),
    baseUrl,
    file,
  };
}

/** `gateway/deepseek-chat`: the provider id its settings name, then the model. */
function modelArg(current: CurrentFiles, request: AgentRequest): string {
  for (const doc of current.values()) {
    const provider = asRecord(doc)?.['defaultProvider'];
    if (typeof provider === 'string' && asRecord(doc)?.['defaultModel'] === request.model) return `${provider}/${request.model}`;
  }
  return `${specFor(request.protocol).id}/${request.model}`;
}

export const pi = defineAgent({
  id: 'pi',
  // Pi resolves `apiKey` itself: `!…` runs a shell command, a variable's name is replaced by its value.
  evaluates: [
    { syntax: 'command-prefix', fields: ['key'] },
    { syntax: 'env-name', fields: ['key'] },
  ],
  name: 'Pi',
  binary: 'pi',
  versionArgs: ['--version'],
  // 0.60.0 makes `<agent dir>/auth.json` when asked its version (0.70.0 on does not): the agent dir
  // is a scratch folder while it is asked.
  versionEnv: (scratch) => ({ PI_CODING_AGENT_DIR: scratch }),
  install: { from: 'npm', package: '@mariozechner/pi-coding-agent', verified: '0.73.1' },
  // The oldest version the agents and new-api tiers ran with every test of theirs passing (0.52.5 and
  // 0.51.0: launch's session fails with "Connection error."; 0.49.2 does not read the models.json
  // written).
  versions: { provenFrom: '0.53.1' },
  protocols: ['messages', 'chat', 'responses'],
  preferences: { model: ['claude-sonnet-*', 'claude-opus-*', 'gpt-5*', 'qwen3-coder*', 'deepseek-*', 'kimi-*', 'glm-*', '*'] },
  baseUrl: { form: 'root', note: msg('agents.pi.base_note') },
  modelArg,
  fit: (model) => fitMessagesChatResponses(model, 'agents.pi.not_marked'),
  files,
  plan,
  unplan,
  readBack,
  /**
   * `model` may be a `provider/model` reference (modelArg); a bare id is on the chat provider.
   * Pi has no `--model=ID` form, but its `--model` takes the next argument as the value whatever it
   * starts with, and the provider prefix keeps that argument from ever starting with `-`.
   */
  oneShot(model, prompt) {
    const ref = model.includes('/') ? model : `${PI_PROVIDERS.chat.id}/${model}`;
    return { command: 'pi', args: ['--model', ref, '-p', prompt] };
  },
  /**
   * One session (`launch`): pi loads extensions named with `--extension FILE`, and an extension's
   * `pi.registerProvider(id, config)` adds a provider as models.json would (docs/custom-provider.md
   * of 0.73.1), so a temporary extension of ours carries the gateway and models.json stays the
   * user's. Its `apiKey` is the key's variable NAME, which pi resolves from the environment. The
   * provider id is its own, apart from the ones setup writes.
   */
  session(env, choice, dir) {
    const spec = specFor(choice.protocol);
    const id = `${spec.id}-session`;
    const models = [
      ...new Set([choice.model, ...(choice.models ?? []).filter((m) => m.protocol === choice.protocol).map((m) => m.model)]),
    ].map((m) => ({
      id: m,
      name: m,
      reasoning: false,
      input: ['text'],
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
      contextWindow: 128000,
      maxTokens: 16384,
    }));
    const provider = {
      name: 'Gateway (this session)',
      baseUrl: spec.base === 'root' ? choice.root : choice.v1,
      apiKey: choice.keyEnvVar,
      api: spec.api,
      models,
    };
    const file = pathFor(env.platform).join(dir, 'gateway-session.js');
    const source = `// gateway-agent-setup launch: the gateway for this one session.\nexport default function (pi) {\n  pi.registerProvider(${JSON.stringify(id)}, ${JSON.stringify(provider, null, 2)});\n}\n`;
    return {
      env: { [choice.keyEnvVar]: choice.key },
      files: [{ path: file, content: source }],
      args: ['--extension', file, '--model', `${id}/${choice.model}`],
    };
  },
});
