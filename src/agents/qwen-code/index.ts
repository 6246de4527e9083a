// Qwen Code (`@qwen-code/qwen-code`): a Gemini CLI fork with model provider lists per provider id.
// `openai` entries take root + `/v1` (the SDK appends /chat/completions, or /responses for an entry
// with `wireApi: "responses"`); `anthropic` entries take the root (the SDK appends /v1/messages,
// with a Bearer token in 0.24.4). Shell env beats the settings `env` block.
// Facts seen running Qwen Code against a recording gateway, versions 0.15.10 and 0.24.4 (clean HOME,
// `env -i`): chat, Responses and messages through our own provider ids mapped by `providerProtocol`
// (its settingsSchema and docs/configuration/model-providers.md in the 0.24.4 package), the file left
// as written (mode 0600, no .orig) by its first start. Checked in QwenLM/qwen-code:
// `-m/--model` and the positional one-shot prompt (packages/cli/src/config/config.ts), and the
// QWEN_HOME override of ~/.qwen (getGlobalQwenDir), which expands a leading `~` and resolves a
// relative value against cwd (Storage's resolver).
import type { FileEdit, KeyEdit } from '../../config/types.js';
import { maskKey } from '../../core/mask.js';
import type { ClassifiedModel } from '../../core/types.js';
import { fitChatOrMessages, fitted, notForCoding } from '../fit.js';
import { asRecord, asString, dirFromEnv, envValue, notGateway, pathFor, trimSlash, underRoot } from '../paths.js';
import {
  defineAgent,
  type AgentChoice,
  type AgentEnv,
  type AgentFile,
  type AgentPlan,
  type AgentRequest,
  type AgentUnplan,
  type AgentVersions,
  type CurrentFiles,
  type GatewayRef,
  type ModelFit,
  type Scope,
} from '../types.js';
import { msg, type Message } from '../../i18n/index.js';
import { formatFor, olderThan, updateCommand } from '../versions.js';
// Its sentences, registered with the module that says them.
import './messages/en.js';

type QwenAuthType = 'openai' | 'anthropic';

/**
 * The versions the writer serves, each seen running Qwen Code against the simulator with a clean
 * HOME: 0.10.1 through 0.15.10 read entries only from the lists named by auth type
 * (`modelProviders.openai`, `.anthropic`: a custom id is "Invalid authType key … Skipping", and the
 * file we write for 0.24.4 leaves 0.15.10 saying "Missing API key for OpenAI-compatible auth"); from
 * 0.21.2 a custom id mapped by `providerProtocol` is read (0.21.2, 0.21.10, 0.23.0, 0.24.0 answered);
 * `wireApi: "responses"` is sent as Responses from 0.24.2 (0.24.0: "Operation cancelled."). 0.8.2
 * printed nothing and exited 1 with the same file: it and older ones are refused; 0.8.3 to 0.10.0 were
 * not run (written, not proven).
 */
const VERSIONS = {
  provenFrom: '0.10.1',
  brokenBelow: '0.8.3',
  protocols: { responses: '0.24.2' },
  formats: [
    { format: 'auth-type-lists', since: '0.10.1' },
    { format: 'provider-ids', since: '0.21.2' },
  ],
} as const satisfies AgentVersions;

/** The installed version reads only the lists named by auth type (no custom provider ids). */
const authTypeLists = (env: AgentEnv): boolean => formatFor(VERSIONS, env.agentVersion) === 'auth-type-lists';

/**
 * Our own provider ids, mapped to a protocol by the top-level `providerProtocol` (0.24.4): the
 * user's `openai` and `anthropic` lists stay theirs. One id per protocol, as one id maps to one.
 */
const QWEN_PROVIDER: Readonly<Record<QwenAuthType, string>> = { openai: 'gateway', anthropic: 'gateway-anthropic' };

/**
 * The settings version Qwen Code expects (`SETTINGS_VERSION` in packages/cli/src/config/settings.ts,
 * 4 in 0.15.10 and still 4 in 0.24.4). A file without it is migrated on the agent's first start and rewritten through a
 * temp file and a rename: the key then sits in a new file with the default mode (0644), the old one
 * kept as settings.json.orig.
 */
export const QWEN_SETTINGS_VERSION = 4;

/**
 * `"$version"` for a file we write, when that is safe: a new file, or one with no version whose
 * shape is already the current one. A file with an older version, or with top-level values of the
 * old flat shape (V1ToV2Migration's indicators are top-level scalars and arrays; V3ToV4's is a
 * scalar `general.gitCoAuthor`), still needs Qwen Code's own migration: stamping it would skip that.
 */
function versionEdits(doc: unknown): KeyEdit[] {
  if (doc === undefined) return [{ path: ['$version'], value: QWEN_SETTINGS_VERSION }];
  const d = asRecord(doc);
  if (!d || '$version' in d) return [];
  const flat = Object.values(d).some((v) => v === null || typeof v !== 'object' || Array.isArray(v));
  const coAuthor = asRecord(d['general'])?.['gitCoAuthor'];
  const oldCoAuthor = coAuthor !== undefined && (coAuthor === null || typeof coAuthor !== 'object' || Array.isArray(coAuthor));
  return flat || oldCoAuthor ? [] : [{ path: ['$version'], value: QWEN_SETTINGS_VERSION }];
}

export function qwenPaths(env: AgentEnv): { user: string; project: string } {
  const p = pathFor(env.platform);
  return {
    user: p.join(dirFromEnv(env, 'QWEN_HOME', p.join(env.home, '.qwen'), { tilde: true }), 'settings.json'),
    project: p.join(env.cwd, '.qwen', 'settings.json'),
  };
}

function fit(model: ClassifiedModel): ModelFit {
  const chatOrMessages = fitChatOrMessages(model, 'Qwen Code');
  if (chatOrMessages.ok || notForCoding(model) !== undefined) return chatOrMessages;
  // A model served only over Responses (marked `openai-response` only): an `openai` entry with
  // `wireApi: "responses"` (0.24.4).
  if (model.protocols.responses === 'yes') return fitted('responses');
  return { ok: false, reason: msg('agents.fit.chat_responses_or_messages', { agent: 'Qwen Code' }) };
}

function files(env: AgentEnv, scope: Scope): AgentFile[] {
  const paths = qwenPaths(env);
  const user: AgentFile = { path: paths.user, format: 'json', role: 'user settings' };
  if (scope === 'user') return [user];
  return [
    { path: paths.project, format: 'json', role: 'project settings, meant to be committed (never the key)' },
    { ...user, role: 'user settings (the key; merged under the project file)' },
  ];
}

/** An entry on a base URL under the gateway root. */
function onGateway(entry: unknown, root: string): boolean {
  const base = asString(asRecord(entry)?.['baseUrl']);
  if (base === undefined) return false;
  const rest = base.slice(root.length);
  return base.startsWith(root) && (rest === '' || rest.startsWith('/'));
}

/** Our entry: the model's id on a base URL under the gateway root (a second setup updates it). */
function isOurs(entry: unknown, model: string, root: string): boolean {
  return asRecord(entry)?.['id'] === model && onGateway(entry, root);
}

/**
 * An entry an older setup wrote into the user's own `openai`/`anthropic` list: on the gateway and
 * named "… (gateway)", with the key variable we write. It moves to our provider id; the user's
 * other entries stay where they are.
 */
function isOldOurs(entry: unknown, root: string, keyEnvVar: string): boolean {
  const e = asRecord(entry);
  return !!e && onGateway(e, root) && e['envKey'] === keyEnvVar && typeof e['name'] === 'string' && e['name'].endsWith(' (gateway)');
}

/** The entry as we write it, in either layout: named "… (gateway)", the key by its variable. */
function entryOf(choice: AgentChoice, baseUrl: string): Record<string, string> {
  return {
    id: choice.model,
    name: `${choice.model} (gateway)`,
    baseUrl,
    envKey: choice.keyEnvVar,
    ...(choice.protocol === 'responses' && { wireApi: 'responses' }),
  };
}

/**
 * The layout from 0.21.2: our own provider id, mapped to the protocol by `providerProtocol`, so the
 * user's `openai` and `anthropic` lists stay theirs; entries an older setup (or a run for an older
 * Qwen Code) wrote into those lists move here.
 */
function providerIdEdits(
  choice: AgentChoice,
  providers: Record<string, unknown> | undefined,
  type: QwenAuthType,
  baseUrl: string,
  target: string,
  notes: Message[],
): KeyEdit[] {
  const edits: KeyEdit[] = [];
  const id = QWEN_PROVIDER[type];
  const list = providers?.[id];
  const wireApi = choice.protocol === 'responses' ? 'responses' : undefined;
  const entry = entryOf(choice, baseUrl);
  // Entries an older setup wrote into the user's own lists (the layout before providerProtocol):
  // those lists are rewritten without them, or dropped when nothing of the user's is left.
  for (const old of ['openai', 'anthropic'] as const) {
    const oldList = providers?.[old];
    if (!Array.isArray(oldList) || !oldList.some((e) => isOldOurs(e, choice.root, choice.keyEnvVar))) continue;
    if (oldList.every((e) => isOldOurs(e, choice.root, choice.keyEnvVar))) edits.push({ path: ['modelProviders', old], value: undefined });
    else {
      // Highest index first: each deletion leaves the lower indexes (and the user's comments) where they were.
      for (let i = oldList.length - 1; i >= 0; i--) {
        if (isOldOurs(oldList[i], choice.root, choice.keyEnvVar)) edits.push({ path: ['modelProviders', old, i], value: undefined });
      }
    }
    notes.push(msg('agents.qwen.moved_old', { file: target, type: old, id }));
  }
  if (Array.isArray(list)) {
    const index = list.findIndex((e) => isOurs(e, choice.model, choice.root));
    const at = index >= 0 ? index : list.length;
    for (const [k, v] of Object.entries(entry)) edits.push({ path: ['modelProviders', id, at, k], value: v });
    // The same model moved back to chat completions: its old `wireApi` goes.
    if (!wireApi && index >= 0 && 'wireApi' in (asRecord(list[index]) ?? {}))
      edits.push({ path: ['modelProviders', id, at, 'wireApi'], value: undefined });
  } else {
    edits.push({ path: ['modelProviders', id], value: [entry] });
  }
  // Without its mapping Qwen Code skips a custom provider id (with a warning).
  edits.push({ path: ['providerProtocol', id], value: type });
  return edits;
}

/**
 * The layout before 0.21.2: our entry in the user's own list named by the auth type, the only
 * lists those versions read. Lists under our provider ids (from a run for a newer Qwen Code) go:
 * those versions skip them with a warning.
 */
function authTypeListEdits(
  choice: AgentChoice,
  providers: Record<string, unknown> | undefined,
  type: QwenAuthType,
  baseUrl: string,
): KeyEdit[] {
  const edits: KeyEdit[] = [];
  const list = providers?.[type];
  const entry = entryOf(choice, baseUrl);
  if (Array.isArray(list)) {
    const index = list.findIndex((e) => isOurs(e, choice.model, choice.root) && isOldOurs(e, choice.root, choice.keyEnvVar));
    const at = index >= 0 ? index : list.length;
    for (const [k, v] of Object.entries(entry)) edits.push({ path: ['modelProviders', type, at, k], value: v });
  } else edits.push({ path: ['modelProviders', type], value: [entry] });
  for (const id of Object.values(QWEN_PROVIDER)) {
    const ours = providers?.[id];
    if (Array.isArray(ours) && ours.every((e) => isOldOurs(e, choice.root, choice.keyEnvVar))) {
      edits.push({ path: ['modelProviders', id], value: undefined }, { path: ['providerProtocol', id], value: undefined });
    }
  }
  return edits;
}

function plan(env: AgentEnv, choice: AgentChoice, current: CurrentFiles): AgentPlan {
  const paths = qwenPaths(env);
  const project = choice.scope === 'project';
  const target = project ? paths.project : paths.user;
  const doc = asRecord(current.get(target)) ?? {};
  const type: QwenAuthType = choice.protocol === 'messages' ? 'anthropic' : 'openai';
  const baseUrl = type === 'anthropic' ? choice.root : choice.v1;
  const notes: Message[] = [];
  const edits: KeyEdit[] = versionEdits(current.get(target));

  const providers = asRecord(doc['modelProviders']);
  if (authTypeLists(env)) {
    edits.push(...authTypeListEdits(choice, providers, type, baseUrl));
    notes.push(msg('agents.qwen.auth_type_list', { version: env.agentVersion ?? '', type, file: target }));
  } else edits.push(...providerIdEdits(choice, providers, type, baseUrl, target, notes));
  const userList = providers?.[type];
  const foreign =
    Array.isArray(userList) && userList.some((e) => asRecord(e)?.['id'] === choice.model && !isOldOurs(e, choice.root, choice.keyEnvVar));
  if (foreign) notes.push(msg('agents.qwen.duplicate', { file: target, model: choice.model, type }));
  if (project && !providers) {
    notes.push(msg('agents.qwen.project_replaces', { file: target }));
  }
  edits.push({ path: ['security', 'auth', 'selectedType'], value: type }, { path: ['model', 'name'], value: choice.model });

  const fileEdits: FileEdit[] = [{ path: target, format: 'json', edits }];
  const userEnv = asRecord(asRecord(current.get(paths.user))?.['env']) ?? {};
  const projectEnv = asRecord(doc['env']) ?? {};
  let exportVar: string | undefined;
  if (choice.keyStorage === 'file') {
    // Never in the committed project file: the user file's env block reaches every project.
    const version = project ? versionEdits(current.get(paths.user)) : [];
    fileEdits.push({
      path: paths.user,
      format: 'json',
      edits: [...version, { path: ['env', choice.keyEnvVar], value: choice.key }],
      secret: true,
    });
    if (project) notes.push(msg('agents.qwen.key_in_user', { user: paths.user, var: choice.keyEnvVar, file: target }));
  } else {
    exportVar = choice.keyEnvVar;
    if (choice.keyEnvVar in userEnv) {
      fileEdits.push({ path: paths.user, format: 'json', edits: [{ path: ['env', choice.keyEnvVar], value: undefined }] });
    }
    notes.push(msg('agents.qwen.export_key', { var: choice.keyEnvVar }));
  }
  if (project && choice.keyEnvVar in projectEnv) {
    edits.push({ path: ['env', choice.keyEnvVar], value: undefined });
    notes.push(msg('agents.qwen.removed_committed', { var: choice.keyEnvVar, file: target }));
  }
  const shellKey = envValue(env.env, choice.keyEnvVar);
  if (shellKey !== undefined && shellKey !== choice.key) {
    notes.push(msg('agents.qwen.shell_override', { var: choice.keyEnvVar, key: maskKey(shellKey) }));
  }
  return { edits: fileEdits, notes, exportVar };
}

/**
 * Our provider ids emptied by the removal: each whole list goes, and its providerProtocol mapping
 * (the whole object when nothing of the user's is left in it).
 */
function dropEmptiedProviders(edits: KeyEdit[], providers: Record<string, unknown>, mapping: Record<string, unknown>): void {
  const unmapped: string[] = [];
  for (const id of Object.values(QWEN_PROVIDER)) {
    const list = providers[id];
    const own = edits.filter((e) => e.path[0] === 'modelProviders' && e.path[1] === id);
    if (!Array.isArray(list) || own.length !== list.length) continue;
    for (const e of own) edits.splice(edits.indexOf(e), 1);
    edits.push({ path: ['modelProviders', id], value: undefined });
    if (id in mapping) unmapped.push(id);
  }
  if (unmapped.length > 0 && Object.keys(mapping).every((k) => unmapped.includes(k)))
    edits.push({ path: ['providerProtocol'], value: undefined });
  else for (const id of unmapped) edits.push({ path: ['providerProtocol', id], value: undefined });
}

/**
 * What `remove` takes out: the provider entries we write (`name` ending " (gateway)") whose baseUrl
 * is still under the gateway, `model.name` when it names one of them and no other entry, and the
 * key variable they referenced from the user file's env block when no entry left uses it.
 * `security.auth.selectedType` stays: it names an auth type, not the gateway.
 */
function unplan(env: AgentEnv, scope: Scope, current: CurrentFiles, gateway: GatewayRef): AgentUnplan {
  const paths = qwenPaths(env);
  const target = scope === 'project' ? paths.project : paths.user;
  const doc = asRecord(current.get(target));
  const notes: Message[] = [];
  const secrets: string[] = [];
  const edits: KeyEdit[] = [];
  const removedIds = new Set<string>();
  const removedVars = new Set<string>();
  const keptIds = new Set<string>();
  const keptVars = new Set<string>();
  const providers = asRecord(doc?.['modelProviders']) ?? {};
  // The user's own lists (where setups before providerProtocol wrote) and our provider ids.
  for (const type of ['openai', 'anthropic', ...Object.values(QWEN_PROVIDER)]) {
    const list = providers[type];
    if (!Array.isArray(list)) continue;
    // Highest index first: each deletion leaves the lower indexes where they were.
    for (let i = list.length - 1; i >= 0; i--) {
      const e = asRecord(list[i]);
      const id = asString(e?.['id']);
      const mine = id !== undefined && e?.['name'] === `${id} (gateway)`;
      if (mine && underRoot(e?.['baseUrl'], gateway.root)) {
        edits.push({ path: ['modelProviders', type, i], value: undefined });
        removedIds.add(id);
        const v = asString(e?.['envKey']);
        if (v !== undefined) removedVars.add(v);
        continue;
      }
      if (mine && e?.['baseUrl'] !== undefined) {
        notes.push(notGateway(target, `modelProviders.${type}[${i}].baseUrl`, e['baseUrl'], gateway.root));
      }
      if (id !== undefined) keptIds.add(id);
      const v = asString(e?.['envKey']);
      if (v !== undefined) keptVars.add(v);
    }
  }
  if (edits.length === 0) return { edits: [], notes, secrets };
  dropEmptiedProviders(edits, providers, asRecord(doc?.['providerProtocol']) ?? {});
  const model = asString(asRecord(doc?.['model'])?.['name']);
  if (model !== undefined && removedIds.has(model) && !keptIds.has(model)) {
    edits.push({ path: ['model', 'name'], value: undefined });
    notes.push(msg('agents.unplan.qwen_after', { file: target }));
  }
  const fileEdits: FileEdit[] = [{ path: target, format: 'json', edits }];
  const vars = [...removedVars].filter((v) => !keptVars.has(v));
  for (const file of scope === 'project' ? [paths.project, paths.user] : [paths.user]) {
    const block = asRecord(asRecord(current.get(file))?.['env']) ?? {};
    const here = vars.filter((v) => v in block);
    if (here.length === 0) continue;
    for (const v of here) {
      const value = asString(block[v]);
      if (value) secrets.push(value);
    }
    const own = here.map((v): KeyEdit => ({ path: ['env', v], value: undefined }));
    const same = fileEdits.find((f) => f.path === file);
    if (same) same.edits.push(...own);
    else fileEdits.push({ path: file, format: 'json', edits: own });
  }
  return { edits: fileEdits, notes, secrets };
}

/**
 * A string of Qwen Code's settings as Qwen Code reads it: `$NAME` and `${NAME}` replaced by the
 * variable's value, a reference to an unset variable left as written (its settings loader).
 */
function expanded(value: string | undefined, env: AgentEnv): string | undefined {
  return value?.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (ref, braced?: string, bare?: string) => {
    const v = env.env[(braced ?? bare)!];
    return v === undefined ? ref : v;
  });
}

/** A reference Qwen Code could not resolve is no value. */
const unresolved = (value: string | undefined): boolean => value !== undefined && /\$\{?[A-Za-z_]/.test(value);

function readBack(env: AgentEnv, scope: Scope, current: CurrentFiles): AgentRequest | Message {
  const paths = qwenPaths(env);
  const user = asRecord(current.get(paths.user)) ?? {};
  const proj = scope === 'project' ? (asRecord(current.get(paths.project)) ?? {}) : {};
  // Messages name the file whose modelProviders Qwen Code uses (the project one replaces the user one).
  const file = asRecord(proj['modelProviders']) ? paths.project : paths.user;
  const pick = (get: (d: Record<string, unknown>) => unknown): unknown => get(proj) ?? get(user);

  const type = asString(pick((d) => asRecord(asRecord(d['security'])?.['auth'])?.['selectedType']));
  if (type === undefined) return msg('agents.qwen.no_auth', { file });
  if (type !== 'openai' && type !== 'anthropic') {
    return msg('agents.qwen.other_auth', { type, file });
  }
  const model = expanded(asString(pick((d) => asRecord(d['model'])?.['name'])), env);
  if (model === undefined || model.trim() === '') return msg('agents.qwen.no_model', { file });
  // A project modelProviders replaces the user one as a whole. The entry: the first with that id
  // under a provider id routed to the selected protocol (a built-in id, or one mapped by
  // providerProtocol), in the file's order.
  const providers = asRecord(proj['modelProviders']) ?? asRecord(user['modelProviders']) ?? {};
  const mapping = { ...asRecord(user['providerProtocol']), ...asRecord(proj['providerProtocol']) };
  // Before 0.21.2 only the lists named by auth type are read: a mapped id is skipped.
  const byAuthType = authTypeLists(env);
  const version = env.agentVersion ?? '';
  let entry: Record<string, unknown> | undefined;
  for (const [id, list] of Object.entries(providers)) {
    const routed = byAuthType ? id : (asString(mapping[id]) ?? id);
    if (routed !== type || !Array.isArray(list)) continue;
    entry = asRecord(list.find((e) => asRecord(e)?.['id'] === model));
    if (entry) break;
  }
  if (!entry) {
    const unread = byAuthType
      ? Object.entries(providers).find(
          ([id, list]) => id !== type && Array.isArray(list) && list.some((e) => asRecord(e)?.['id'] === model),
        )
      : undefined;
    if (unread) {
      const since = VERSIONS.formats[1].since;
      return msg('agents.qwen.unread_id', { file, model, id: unread[0], version, since, update: updateCommand(qwenCode.install) });
    }
    return msg('agents.qwen.no_entry', { type, file, model });
  }
  const baseUrl = expanded(asString(entry['baseUrl']), env);
  if (baseUrl === undefined || baseUrl.trim() === '') return msg('agents.qwen.no_base_url', { type, model, file });
  const responses = type === 'openai' && entry['wireApi'] === 'responses';
  if (responses && env.agentVersion !== undefined && olderThan(env.agentVersion, VERSIONS.protocols.responses)) {
    const since = VERSIONS.protocols.responses;
    return msg('agents.qwen.unread_wire_api', { file, model, version, since, update: updateCommand(qwenCode.install) });
  }

  const envKey = asString(entry['envKey']);
  let key: string | undefined;
  let keySource: Message;
  let keyVar: AgentRequest['keyVar'];
  if (envKey === undefined) {
    keySource = msg('agents.qwen.no_env_key', { type, model });
  } else {
    const settingsEnv = { ...asRecord(user['env']), ...asRecord(proj['env']) };
    const fromShell = envValue(env.env, envKey);
    // The env block's value as Qwen Code expands it: a reference to an unset variable is no key.
    const fromSettings = expanded(asString(settingsEnv[envKey]), env);
    key = fromShell ?? (fromSettings && !unresolved(fromSettings) ? fromSettings : undefined);
    keySource = fromShell !== undefined ? msg('agents.env_var', { var: envKey }) : msg('agents.qwen.env_in_settings', { var: envKey });
    keyVar = { name: envKey, via: fromShell !== undefined ? 'export' : 'named' };
  }
  return {
    protocol: type === 'anthropic' ? 'messages' : responses ? 'responses' : 'chat',
    url: `${trimSlash(baseUrl)}${type === 'anthropic' ? '/v1/messages' : responses ? '/responses' : '/chat/completions'}`,
    model,
    // 0.24.4 sends its key as a Bearer token over messages too (seen; 0.15.10 sent x-api-key).
    auth: 'bearer',
    key,
    keySource,
    ...(keyVar !== undefined && { keyVar }),
    baseUrl,
    file,
  };
}

export const qwenCode = defineAgent({
  id: 'qwen-code',
  // Qwen Code replaces `$NAME` and `${NAME}` in every string of its settings (0.24.4's settings loader).
  evaluates: [{ syntax: 'shell-expansion', fields: ['key', 'baseUrl', 'model'] }],
  name: 'Qwen Code',
  binary: 'qwen',
  versionArgs: ['--version'],
  install: { from: 'npm', package: '@qwen-code/qwen-code', verified: '0.24.4' },
  versions: VERSIONS,
  protocols: ['chat', 'messages', 'responses'],
  preferences: { model: ['qwen3-coder*', 'qwen*', 'deepseek-*', 'claude-sonnet-*', 'gpt-5*', '*'] },
  baseUrl: { form: 'v1', note: msg('agents.qwen.url_note') },
  // writeWithBackupSync (packages/cli/src/utils/writeWithBackup.ts) renames the old file to `.orig`.
  copiesOf: (file) => [`${file}.orig`],
  fit,
  files,
  plan,
  unplan,
  readBack,
  oneShot(model, prompt) {
    // The positional prompt runs one-shot (`-p` is deprecated).
    // yargs reads `--model=ID` as the value: `-m --yolo` would turn on auto-approve instead.
    return { command: 'qwen', args: [`--model=${model}`, prompt] };
  },
  // One session (`launch`): `--auth-type` picks the protocol over the settings' selectedType, and
  // its own variables (OPENAI_* or ANTHROPIC_*) give the address, key and model; the shell's
  // environment beats the settings' `env` block in Qwen Code, so a stale key there does not win.
  session(_env, choice) {
    const anthropic = choice.protocol === 'messages';
    const env: Record<string, string> = anthropic
      ? { ANTHROPIC_BASE_URL: choice.root, ANTHROPIC_API_KEY: choice.key, ANTHROPIC_MODEL: choice.model }
      : { OPENAI_BASE_URL: choice.v1, OPENAI_API_KEY: choice.key, OPENAI_MODEL: choice.model };
    const authType = anthropic ? 'anthropic' : choice.protocol === 'responses' ? 'openai-responses' : 'openai';
    return { env, args: [`--auth-type=${authType}`, `--model=${choice.model}`] };
  },
});
