// Qwen Code (`@qwen-code/qwen-code`): a Gemini CLI fork with model provider lists per auth type.
// `openai` entries take root + `/v1` (the SDK appends /chat/completions); `anthropic` entries take
// the root (the SDK appends /v1/messages). Shell env beats the settings `env` block.
// Facts seen running Qwen Code against a recording gateway, version 0.15.10. Checked in QwenLM/qwen-code:
// `-m/--model` and the positional one-shot prompt (packages/cli/src/config/config.ts), and the
// QWEN_HOME override of ~/.qwen (getGlobalQwenDir), which expands a leading `~` and resolves a
// relative value against cwd (Storage's resolver).
import type { FileEdit, KeyEdit } from '../config/types.js';
import { maskKey } from '../core/mask.js';
import type { ClassifiedModel } from '../core/types.js';
import { fitChatOrMessages } from './fit.js';
import { asRecord, asString, dirFromEnv, envValue, pathFor, trimSlash, underRoot } from './paths.js';
import { defineAgent, type AgentChoice, type AgentEnv, type AgentFile, type AgentPlan, type AgentRequest, type AgentUnplan, type CurrentFiles, type GatewayRef, type ModelFit, type Scope } from './types.js';
import { msg } from '../i18n/index.js';

type QwenAuthType = 'openai' | 'anthropic';

/**
 * The settings version Qwen Code expects (`SETTINGS_VERSION` in packages/cli/src/config/settings.ts,
 * 4 in 0.15.10). A file without it is migrated on the agent's first start and rewritten through a
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
  return fitChatOrMessages(model, 'Qwen Code');
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

/** Our entry: the model's id on a base URL under the gateway root (a second setup updates it). */
function isOurs(entry: unknown, model: string, root: string): boolean {
  const e = asRecord(entry);
  const base = asString(e?.['baseUrl']);
  if (!e || e['id'] !== model || base === undefined) return false;
  const rest = base.slice(root.length);
  return base.startsWith(root) && (rest === '' || rest.startsWith('/'));
}

function plan(env: AgentEnv, choice: AgentChoice, current: CurrentFiles): AgentPlan {
  const paths = qwenPaths(env);
  const project = choice.scope === 'project';
  const target = project ? paths.project : paths.user;
  const doc = asRecord(current.get(target)) ?? {};
  const type: QwenAuthType = choice.protocol === 'messages' ? 'anthropic' : 'openai';
  const baseUrl = type === 'anthropic' ? choice.root : choice.v1;
  const notes: string[] = [];
  const edits: KeyEdit[] = versionEdits(current.get(target));

  const providers = asRecord(doc['modelProviders']);
  const list = providers?.[type];
  const entry = { id: choice.model, name: `${choice.model} (gateway)`, baseUrl, envKey: choice.keyEnvVar };
  if (Array.isArray(list)) {
    const index = list.findIndex((e) => isOurs(e, choice.model, choice.root));
    const at = index >= 0 ? index : list.length;
    for (const [k, v] of Object.entries(entry)) edits.push({ path: ['modelProviders', type, at, k], value: v });
    const foreign = list.findIndex((e, i) => i !== index && asRecord(e)?.['id'] === choice.model);
    if (foreign >= 0 && (index < 0 || foreign < index)) {
      notes.push(msg('agents.qwen.duplicate', { file: target, model: choice.model, type }));
    }
  } else {
    edits.push({ path: ['modelProviders', type], value: [entry] });
  }
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
    fileEdits.push({ path: paths.user, format: 'json', edits: [...version, { path: ['env', choice.keyEnvVar], value: choice.key }], secret: true });
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
    notes.push(
      msg('agents.qwen.shell_override', { var: choice.keyEnvVar, key: maskKey(shellKey) }),
    );
  }
  return { edits: fileEdits, notes, exportVar };
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
  const notes: string[] = [];
  const secrets: string[] = [];
  const edits: KeyEdit[] = [];
  const removedIds = new Set<string>();
  const removedVars = new Set<string>();
  const keptIds = new Set<string>();
  const keptVars = new Set<string>();
  const providers = asRecord(doc?.['modelProviders']) ?? {};
  for (const type of ['openai', 'anthropic'] as const) {
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
        notes.push(msg('agents.unplan.not_gateway', { file: target, key: `modelProviders.${type}[${i}].baseUrl`, value: String(e['baseUrl']), root: gateway.root }));
      }
      if (id !== undefined) keptIds.add(id);
      const v = asString(e?.['envKey']);
      if (v !== undefined) keptVars.add(v);
    }
  }
  if (edits.length === 0) return { edits: [], notes, secrets };
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

function readBack(env: AgentEnv, scope: Scope, current: CurrentFiles): AgentRequest | string {
  const paths = qwenPaths(env);
  const user = asRecord(current.get(paths.user)) ?? {};
  const proj = scope === 'project' ? asRecord(current.get(paths.project)) ?? {} : {};
  // Messages name the file whose modelProviders Qwen Code uses (the project one replaces the user one).
  const file = asRecord(proj['modelProviders']) ? paths.project : paths.user;
  const pick = (get: (d: Record<string, unknown>) => unknown): unknown => get(proj) ?? get(user);

  const type = asString(pick((d) => asRecord(asRecord(d['security'])?.['auth'])?.['selectedType']));
  if (type === undefined) return msg('agents.qwen.no_auth', { file });
  if (type !== 'openai' && type !== 'anthropic') {
    return msg('agents.qwen.other_auth', { type, file });
  }
  const model = asString(pick((d) => asRecord(d['model'])?.['name']));
  if (model === undefined || model.trim() === '') return msg('agents.qwen.no_model', { file });
  // A project modelProviders replaces the user one as a whole.
  const providers = asRecord(proj['modelProviders']) ?? asRecord(user['modelProviders']);
  const list = providers?.[type];
  const entry = Array.isArray(list) ? asRecord(list.find((e) => asRecord(e)?.['id'] === model)) : undefined;
  if (!entry) return msg('agents.qwen.no_entry', { type, file, model });
  const baseUrl = asString(entry['baseUrl']);
  if (baseUrl === undefined || baseUrl.trim() === '') return msg('agents.qwen.no_base_url', { type, model, file });

  const envKey = asString(entry['envKey']);
  let key: string | undefined;
  let keySource: string;
  if (envKey === undefined) {
    keySource = msg('agents.qwen.no_env_key', { type, model });
  } else {
    const settingsEnv = { ...asRecord(user['env']), ...asRecord(proj['env']) };
    const fromShell = envValue(env.env, envKey);
    const fromSettings = asString(settingsEnv[envKey]);
    key = fromShell ?? (fromSettings || undefined);
    keySource = fromShell !== undefined ? msg('agents.env_var', { var: envKey }) : msg('agents.qwen.env_in_settings', { var: envKey });
  }
  return {
    protocol: type === 'anthropic' ? 'messages' : 'chat',
    url: `${trimSlash(baseUrl)}${type === 'anthropic' ? '/v1/messages' : '/chat/completions'}`,
    model,
    auth: type === 'anthropic' ? 'x-api-key' : 'bearer',
    key,
    keySource,
    baseUrl,
    file,
  };
}

export const qwenCode = defineAgent({
  id: 'qwen-code',
  name: 'Qwen Code',
  binary: 'qwen',
  versionArgs: ['--version'],
  install: { from: 'npm', package: '@qwen-code/qwen-code', verified: '0.15.10' },
  protocols: ['chat', 'messages'],
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
});
