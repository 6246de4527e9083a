// The config format OpenCode and its fork Kilo CLI share: JSONC files merged in layers, a `provider`
// map whose entries each speak one protocol (chosen by the AI SDK package), `"model":
// "provider/id"`, `{env:VAR}` references. Seen running OpenCode 1.18.33 and Kilo CLI 7.7.7 against a
// recording gateway: all three packages take root + `/v1` in both (Kilo's anthropic entry at the
// root sends `POST /messages`).
import { join } from 'node:path';
import type { FileEdit, KeyEdit } from '../config/types.js';
import { JobError } from '../core/errors.js';
import type { Protocol } from '../core/types.js';
import { fitMessagesChatResponses } from './fit.js';
import { asRecord, asString, dirFromEnv, envValue, mapDocs, notGateway, pathFor, trimSlash, underRoot } from './paths.js';
import type {
  Agent,
  AgentChoice,
  SmallModelSetting,
  AgentEnv,
  AgentFile,
  AgentPlan,
  AgentRequest,
  AgentUnplan,
  CurrentFiles,
  GatewayRef,
  Scope,
} from './types.js';
import { commas, msg, or, type Message, type MessageKey } from '../i18n/index.js';

/** What differs between the agents of the family: where the files are, and the sentences naming the agent. */
export interface OpenCodeFamily {
  paths(env: AgentEnv): OpenCodePaths;
  /** The text a new config file starts from. */
  template: string;
  /** Which name a new file gets when neither exists. */
  create: 'json' | 'jsonc';
  messages: {
    notMarked: MessageKey;
    committedEnv: MessageKey;
    exportEnv: MessageKey;
    modelMissing: MessageKey;
    envRefUnset: MessageKey;
    unplanAfter: MessageKey;
  };
}

type OpenCodeProtocol = Extract<Protocol, 'messages' | 'chat' | 'responses'>;

interface ProviderSpec {
  id: string;
  npm: string;
  name: string;
  /** What the SDK appends to baseURL. */
  path: string;
  auth: AgentRequest['auth'];
}

/** Ids that are not in OpenCode's catalogue (a catalogue id would pull in its defaults). */
const OPENCODE_PROVIDERS: Record<OpenCodeProtocol, ProviderSpec> = {
  chat: { id: 'gateway', npm: '@ai-sdk/openai-compatible', name: 'Gateway (chat)', path: '/chat/completions', auth: 'bearer' },
  messages: { id: 'gateway-anthropic', npm: '@ai-sdk/anthropic', name: 'Gateway (messages)', path: '/messages', auth: 'x-api-key' },
  responses: { id: 'gateway-responses', npm: '@ai-sdk/openai', name: 'Gateway (responses)', path: '/responses', auth: 'bearer' },
};

function specFor(protocol: Protocol): ProviderSpec {
  if (protocol === 'images') throw new Error('OpenCode has no provider for the images protocol');
  return OPENCODE_PROVIDERS[protocol];
}

/** `gateway/deepseek-chat`: how OpenCode names a model (provider id, slash, model id). */
export function opencodeModelRef(model: string, protocol: Protocol): string {
  return `${specFor(protocol).id}/${model}`;
}

export interface OpenCodePaths {
  userJson: string;
  userJsonc: string;
  projectJson: string;
  projectJsonc: string;
  /** The keys its own login stores (`auth login`), by provider id: read, never written. */
  authJson: string;
}

/**
 * Where an OpenCode-format agent named `name` keeps its files: `$XDG_CONFIG_HOME/<name>/` (else
 * `~/.config/<name>/`) on every platform, and `<name>.json(c)` in the project; the keys of its own
 * login in `$XDG_DATA_HOME/<name>/auth.json` (else `~/.local/share/`; `auth list` of OpenCode 1.18.33
 * and Kilo 7.7.7 names it, and OpenCode 1.18.33 sends its `api` key for a provider whose config sets none).
 */
export function xdgConfigPaths(env: AgentEnv, name: string): OpenCodePaths {
  const p = pathFor(env.platform);
  const dir = p.join(dirFromEnv(env, 'XDG_CONFIG_HOME', p.join(env.home, '.config')), name);
  return {
    userJson: p.join(dir, `${name}.json`),
    userJsonc: p.join(dir, `${name}.jsonc`),
    projectJson: p.join(env.cwd, `${name}.json`),
    projectJsonc: p.join(env.cwd, `${name}.jsonc`),
    authJson: p.join(dirFromEnv(env, 'XDG_DATA_HOME', p.join(env.home, '.local', 'share')), name, 'auth.json'),
  };
}

function deepMerge(into: Record<string, unknown>, from: Record<string, unknown>): Record<string, unknown> {
  for (const [k, v] of Object.entries(from)) {
    const a = asRecord(into[k]);
    const b = asRecord(v);
    into[k] = a && b ? deepMerge({ ...a }, b) : v;
  }
  return into;
}

const ENV_REF = /^\{env:([^}]+)\}$/;

/** OpenCode substitutes `{env:VAR}` in the config text before parsing; an unset VAR becomes ''. */
function substitute(value: string, env: AgentEnv['env']): string {
  return value.replace(/\{env:([^}]+)\}/g, (_m, name: string) => env[name.trim()] ?? '');
}

const NPM_PROTOCOL: Record<string, OpenCodeProtocol> = {
  '@ai-sdk/openai-compatible': 'chat',
  '@ai-sdk/anthropic': 'messages',
  '@ai-sdk/openai': 'responses',
};

/** Background calls go to `small_model`, a `provider/model` reference like `model`. */
const openCodeSmallModel: SmallModelSetting = {
  name: () => 'small_model',
  isSet: (current) => [...current.values()].some((doc) => asRecord(doc)?.['small_model'] !== undefined),
  swap(current, env) {
    return {
      current: mapDocs(current, (doc) => {
        const { model: _main, small_model: small, ...rest } = doc;
        return small === undefined ? rest : { ...rest, model: small };
      }),
      env,
    };
  },
};

/** The agent is run with the provider/model reference its config names (any provider id). */
function openCodeModelArg(current: CurrentFiles, request: AgentRequest): string {
  for (const doc of current.values()) {
    const ref = asRecord(doc)?.['model'];
    if (typeof ref === 'string' && ref.endsWith(`/${request.model}`)) return ref;
  }
  return opencodeModelRef(request.model, request.protocol);
}

/** Files in the order OpenCode merges them (later wins). Both names are JSONC to OpenCode. */
function layers(f: OpenCodeFamily, env: AgentEnv, scope: Scope): string[] {
  const paths = f.paths(env);
  const user = [paths.userJson, paths.userJsonc];
  return scope === 'user' ? user : [...user, paths.projectJson, paths.projectJsonc];
}

function files(f: OpenCodeFamily, env: AgentEnv, scope: Scope): AgentFile[] {
  const paths = f.paths(env);
  const user: AgentFile[] = [
    { path: paths.userJsonc, format: 'jsonc', role: 'user config (edited when it exists)' },
    { path: paths.userJson, format: 'jsonc', role: 'user config' },
    { path: paths.authJson, format: 'json', role: 'keys of its own login (read, never written)' },
  ];
  if (scope === 'user') return user;
  return [
    { path: paths.projectJsonc, format: 'jsonc', role: 'project config, meant to be committed (edited when it exists; never the key)' },
    { path: paths.projectJson, format: 'jsonc', role: 'project config, meant to be committed (never the key)' },
    ...user.map((file) => ({ ...file, role: `${file.role} (read: merged under the project file)` })),
  ];
}

/** `"deepseek-chat": { "name": "deepseek-chat" }`: exactly what plan() writes for a model. */
function isOurModelEntry(id: string, entry: unknown): boolean {
  const e = asRecord(entry);
  return e !== undefined && Object.keys(e).length === 1 && e['name'] === id;
}

/** Whether a provider's `baseURL` is the gateway's `/v1` (a trailing slash aside). */
function sameBase(value: unknown, v1: string): boolean {
  return typeof value === 'string' && trimSlash(value.trim()) === trimSlash(v1);
}

/**
 * The edits that take a provider of ours out of use: the whole entry when it holds nothing but what
 * we write, else only its model entries of our shape (the user's own fields and models stay).
 */
function dropProvider(spec: ProviderSpec, entry: Record<string, unknown>): KeyEdit[] {
  const base = ['provider', spec.id] as const;
  const models = asRecord(entry['models']) ?? {};
  const ours = Object.keys(models).filter((id) => isOurModelEntry(id, models[id]));
  const onlyOurs =
    Object.keys(entry).every((k) => ['npm', 'name', 'options', 'models'].includes(k)) &&
    Object.keys(asRecord(entry['options']) ?? {}).every((k) => k === 'baseURL' || k === 'apiKey') &&
    entry['npm'] === spec.npm &&
    ours.length === Object.keys(models).length;
  return onlyOurs ? [{ path: [...base], value: undefined }] : ours.map((id) => ({ path: [...base, 'models', id], value: undefined }));
}

/** The file plan() edits for a scope: the `.jsonc` the user keeps, else `opencode.json`. */
function targetFile(f: OpenCodeFamily, env: AgentEnv, scope: Scope, current: CurrentFiles): string {
  const paths = f.paths(env);
  const [jsonc, json] = scope === 'project' ? [paths.projectJsonc, paths.projectJson] : [paths.userJsonc, paths.userJson];
  return current.get(jsonc) !== undefined ? jsonc : json;
}

/** The models listed, in the shape we write, under our providers of the scope's file. */
function listedModels(f: OpenCodeFamily, env: AgentEnv, scope: Scope, current: CurrentFiles): { model: string; protocol: Protocol }[] {
  const doc = asRecord(current.get(targetFile(f, env, scope, current)));
  // By id, the first provider listing it winning: a list may hold every model of the key.
  const out = new Map<string, { model: string; protocol: Protocol }>();
  for (const [protocol, spec] of Object.entries(OPENCODE_PROVIDERS) as [OpenCodeProtocol, ProviderSpec][]) {
    const models = asRecord(asRecord(asRecord(asRecord(doc?.['provider'])?.[spec.id])?.['models'])) ?? {};
    for (const [id, entry] of Object.entries(models)) if (isOurModelEntry(id, entry) && !out.has(id)) out.set(id, { model: id, protocol });
  }
  return [...out.values()];
}

function plan(f: OpenCodeFamily, env: AgentEnv, choice: AgentChoice, current: CurrentFiles): AgentPlan {
  const paths = f.paths(env);
  const project = choice.scope === 'project';
  const [jsonc, json] = project ? [paths.projectJsonc, paths.projectJson] : [paths.userJsonc, paths.userJson];
  // Both names are read; edit the one the user already keeps, else create opencode.json.
  const target = current.get(jsonc) !== undefined || (f.create === 'jsonc' && current.get(json) === undefined) ? jsonc : json;
  const literal = choice.keyStorage === 'file' && !project;
  const apiKey = literal ? choice.key : `{env:${choice.keyEnvVar}}`;
  const notes: Message[] = [];

  // A Set per provider: a list may hold every model of the key (thousands), each looked up once.
  const entries = new Map<string, { spec: ProviderSpec; models: Set<string> }>();
  const want = (protocol: Protocol, model: string): string => {
    const spec = specFor(protocol);
    const entry = entries.get(spec.id) ?? { spec, models: new Set<string>() };
    entry.models.add(model);
    entries.set(spec.id, entry);
    return `${spec.id}/${model}`;
  };
  const edits: KeyEdit[] = [{ path: ['model'], value: want(choice.protocol, choice.model) }];
  if (choice.smallModel !== undefined) {
    edits.push({ path: ['small_model'], value: want(choice.smallModelProtocol ?? choice.protocol, choice.smallModel) });
  }
  // Every model chosen to switch between (`/models` in OpenCode), after the default and small one.
  for (const m of choice.models ?? []) want(m.protocol, m.model);
  const doc = asRecord(current.get(target));
  for (const { spec, models } of entries.values()) {
    const base = ['provider', spec.id] as const;
    // A model entry of the shape we write that is no longer chosen goes (the gateway dropped it, or
    // the user chose fewer); one the user wrote by hand (any other shape) stays.
    const listed = asRecord(asRecord(asRecord(asRecord(doc?.['provider'])?.[spec.id])?.['models'])) ?? {};
    for (const id of Object.keys(listed)) {
      if (!models.has(id) && isOurModelEntry(id, listed[id])) edits.push({ path: [...base, 'models', id], value: undefined });
    }
    edits.push(
      { path: [...base, 'npm'], value: spec.npm },
      { path: [...base, 'name'], value: spec.name },
      { path: [...base, 'options', 'baseURL'], value: choice.v1 },
      { path: [...base, 'options', 'apiKey'], value: apiKey },
    );
    // A model missing from `models` fails with an opaque error, so every model we name is listed.
    for (const model of models) edits.push({ path: [...base, 'models', model, 'name'], value: model });
  }
  // A provider of ours for this gateway that no chosen model uses any more (the gateway dropped the
  // last model listed in it): its entries go too, so the list holds exactly what the key still has.
  for (const spec of Object.values(OPENCODE_PROVIDERS)) {
    const entry = asRecord(asRecord(doc?.['provider'])?.[spec.id]);
    if (entries.has(spec.id) || !entry || !sameBase(asRecord(entry['options'])?.['baseURL'], choice.v1)) continue;
    edits.push(...dropProvider(spec, entry));
  }

  let exportVar: string | undefined;
  if (!literal) {
    exportVar = choice.keyEnvVar;
    notes.push(
      project
        ? msg(f.messages.committedEnv, { file: target, ref: `{env:${choice.keyEnvVar}}`, var: choice.keyEnvVar })
        : msg(f.messages.exportEnv, { ref: `{env:${choice.keyEnvVar}}`, var: choice.keyEnvVar }),
    );
  }
  const edit: FileEdit = { path: target, format: 'jsonc', edits, secret: literal, template: f.template };
  return { edits: [edit], notes, exportVar };
}

/**
 * What `remove` takes out of the scope's files: each of our provider entries (ids OpenCode's
 * catalogue does not have) whose baseURL is still the gateway's, whole, models added by hand under
 * it included (without our URL they cannot be reached); and `model`/`small_model` when they name one.
 */
function unplan(f: OpenCodeFamily, env: AgentEnv, scope: Scope, current: CurrentFiles, gateway: GatewayRef): AgentUnplan {
  const paths = f.paths(env);
  const targets = scope === 'project' ? [paths.projectJsonc, paths.projectJson] : [paths.userJsonc, paths.userJson];
  const notes: Message[] = [];
  const secrets: string[] = [];
  const fileEdits: FileEdit[] = [];
  for (const file of targets) {
    const doc = asRecord(current.get(file));
    if (!doc) continue;
    const edits: KeyEdit[] = [];
    const removed: string[] = [];
    for (const spec of Object.values(OPENCODE_PROVIDERS)) {
      const entry = asRecord(asRecord(doc['provider'])?.[spec.id]);
      const options = asRecord(entry?.['options']);
      const base = options?.['baseURL'];
      if (!entry || !options || base === undefined) continue;
      if (typeof base !== 'string' || !underRoot(substitute(base, env.env), gateway.root)) {
        notes.push(notGateway(file, `provider.${spec.id}.options.baseURL`, base, gateway.root));
        continue;
      }
      const key = asString(options['apiKey']);
      if (key && !ENV_REF.test(key.trim())) secrets.push(key);
      edits.push({ path: ['provider', spec.id], value: undefined });
      removed.push(spec.id);
    }
    // A `provider` left empty goes too (a file setup created then holds only its schema line).
    if (removed.length > 0 && Object.keys(asRecord(doc['provider']) ?? {}).length === removed.length)
      edits.push({ path: ['provider'], value: undefined });
    for (const name of ['model', 'small_model']) {
      const ref = asString(doc[name]);
      if (ref !== undefined && removed.some((id) => ref.startsWith(`${id}/`))) edits.push({ path: [name], value: undefined });
    }
    if (edits.length === 0) continue;
    if (edits.some((e) => e.path[0] === 'model')) notes.push(msg(f.messages.unplanAfter, { file }));
    fileEdits.push({ path: file, format: 'jsonc', edits });
  }
  return { edits: fileEdits, notes, secrets };
}

function readBack(f: OpenCodeFamily, env: AgentEnv, scope: Scope, current: CurrentFiles): AgentRequest | Message {
  const order = layers(f, env, scope);
  const merged: Record<string, unknown> = {};
  for (const file of order) {
    const doc = asRecord(current.get(file));
    if (doc) deepMerge(merged, doc);
  }
  // The last file that defines the value is the one to name in messages.
  const sourceOf = (pick: (doc: Record<string, unknown>) => unknown): string =>
    [...order].reverse().find((f) => {
      const doc = asRecord(current.get(f));
      return doc !== undefined && pick(doc) !== undefined;
    }) ?? order[order.length - 1]!;

  const ref = asString(merged['model']);
  if (ref === undefined || ref.trim() === '') return msg('agents.opencode.no_model', { files: or(order) });
  const slash = ref.indexOf('/');
  if (slash <= 0) return msg('agents.opencode.bad_ref', { ref });
  const providerId = ref.slice(0, slash);
  const model = ref.slice(slash + 1);
  const file = sourceOf((d) => asRecord(asRecord(d['provider'])?.[providerId]));
  const entry = asRecord(asRecord(merged['provider'])?.[providerId]);
  if (!entry) return msg('agents.opencode.no_provider', { ref, id: providerId, file });
  const npm = asString(entry['npm']);
  const protocol = npm === undefined ? undefined : NPM_PROTOCOL[npm];
  if (protocol === undefined)
    return msg('agents.opencode.bad_npm', {
      id: providerId,
      npm: npm ?? msg('agents.opencode.none'),
      known: commas(Object.keys(NPM_PROTOCOL)),
    });
  if (!asRecord(asRecord(entry['models'])?.[model])) {
    return msg(f.messages.modelMissing, { model, id: providerId, file });
  }
  const options = asRecord(entry['options']) ?? {};
  const rawBase = asString(options['baseURL']);
  if (rawBase === undefined || rawBase.trim() === '') return msg('agents.opencode.no_base_url', { id: providerId, file });
  const baseUrl = substitute(rawBase, env.env);

  const rawKey = asString(options['apiKey']);
  let key: string | undefined;
  let keySource: Message;
  let keyVar: AgentRequest['keyVar'];
  const envRef = rawKey === undefined ? null : ENV_REF.exec(rawKey.trim());
  // No key in the config: the one its own login stored for the provider, as the agent takes it.
  const login = asRecord(asRecord(current.get(f.paths(env).authJson))?.[providerId]);
  const loginKey = login?.['type'] === 'api' ? asString(login['key']) : undefined;
  if (rawKey === undefined && loginKey !== undefined && loginKey.trim() !== '') {
    key = loginKey.trim();
    keySource = msg('agents.opencode.login_key', { id: providerId, file: f.paths(env).authJson });
  } else if (rawKey === undefined) {
    keySource = msg('agents.opencode.no_api_key', { id: providerId, file });
  } else if (envRef) {
    const name = envRef[1]!.trim();
    key = envValue(env.env, name);
    keySource =
      key === undefined
        ? msg(f.messages.envRefUnset, { ref: `{env:${name}}`, file, var: name })
        : msg('agents.opencode.env_ref', { var: name, ref: `{env:${name}}`, file });
    keyVar = { name, via: key === undefined ? 'named' : 'reference' };
  } else if (rawKey.includes('{file:')) {
    keySource = msg('agents.opencode.file_ref', { file });
  } else {
    key = substitute(rawKey, env.env) || undefined;
    keySource = msg('agents.opencode.api_key_in', { id: providerId, file });
  }
  const spec = OPENCODE_PROVIDERS[protocol];
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

/** The family's `--version` side files (cache, config, data, state folders) kept in a scratch folder. */
export function xdgScratch(scratch: string): Record<string, string> {
  return Object.fromEntries(['CACHE', 'CONFIG', 'DATA', 'STATE'].map((kind) => [`XDG_${kind}_HOME`, join(scratch, kind.toLowerCase())]));
}

/** The members of an agent of the family that read and write its config. */
export function openCodeFormat(
  f: OpenCodeFamily,
): Pick<Agent, 'fit' | 'files' | 'plan' | 'unplan' | 'readBack' | 'smallModel' | 'modelArg' | 'listsModels' | 'listedModels'> {
  return {
    fit: (model) => fitMessagesChatResponses(model, f.messages.notMarked),
    files: (env, scope) => files(f, env, scope),
    plan: (env, choice, current) => plan(f, env, choice, current),
    unplan: (env, scope, current, gateway) => unplan(f, env, scope, current, gateway),
    readBack: (env, scope, current) => readBack(f, env, scope, current),
    smallModel: openCodeSmallModel,
    modelArg: openCodeModelArg,
    listsModels: true,
    listedModels: (env, scope, current) => listedModels(f, env, scope, current),
  };
}

/**
 * The one-shot of the family: `<command> run --model=REF PROMPT` (their yargs parser reads
 * `--model=REF` as the value, whatever REF starts with). `model` may be a full `provider/model`
 * reference (opencodeModelRef when the protocol is known); a bare id is taken as on the chat provider.
 */
export function openCodeRun(command: string, env: Record<string, string>): Agent['oneShot'] {
  return (model, prompt) => {
    const ref = model.includes('/') ? model : `${OPENCODE_PROVIDERS.chat.id}/${model}`;
    return { command, args: ['run', `--model=${ref}`, prompt], env };
  };
}

/**
 * One session of the family (`launch`): the whole gateway config as the JSON text of a variable
 * the agent merges over every config file it reads (OpenCode's OPENCODE_CONFIG_CONTENT, Kilo's
 * KILO_CONFIG_CONTENT; seen in their 1.18.33 and 7.7.7 binaries). The key stays out of that text:
 * `{env:VAR}` names the variable the session's environment holds it in.
 */
export function openCodeSession(
  contentVar: string,
  /** Why the installed version cannot take such a session (the agent's own fact), or undefined. */
  refused: (env: AgentEnv) => { why: Message; fix: Message } | undefined = () => undefined,
): NonNullable<Agent['session']> {
  return (env, choice) => {
    const no = refused(env);
    if (no !== undefined) throw new JobError(no.why, no.fix);
    const provider: Record<
      string,
      { npm: string; name: string; options: { baseURL: string; apiKey: string }; models: Record<string, { name: string }> }
    > = {};
    const want = (protocol: Protocol, model: string): string => {
      const spec = specFor(protocol);
      const entry = (provider[spec.id] ??= {
        npm: spec.npm,
        name: spec.name,
        options: { baseURL: choice.v1, apiKey: `{env:${choice.keyEnvVar}}` },
        models: {},
      });
      entry.models[model] = { name: model };
      return `${spec.id}/${model}`;
    };
    const config: Record<string, unknown> = { model: want(choice.protocol, choice.model) };
    if (choice.smallModel !== undefined) config['small_model'] = want(choice.smallModelProtocol ?? choice.protocol, choice.smallModel);
    for (const m of choice.models ?? []) want(m.protocol, m.model);
    config['provider'] = provider;
    return { env: { [contentVar]: JSON.stringify(config), [choice.keyEnvVar]: choice.key } };
  };
}
