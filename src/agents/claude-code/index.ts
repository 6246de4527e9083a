// Claude Code (`@anthropic-ai/claude-code`): speaks messages only, reads its settings `env` block
// like process env (the block wins over shell exports), and appends `/v1/messages` to the root.
// Facts seen running Claude Code against a recording gateway, versions 2.1.197 and 2.1.330 (clean
// HOME, `env -i`): the env block keys, apiKeyHelper, hasCompletedOnboarding, both paths, `POST
// /v1/messages?beta=true`; 2.1.330 first sends `HEAD {root}/api/hello` (the gateway's 404 is harmless).
import type { FileEdit, KeyEdit } from '../../config/types.js';
import { maskKey } from '../../core/mask.js';
import { holdingAt } from '../versions.js';
import type { ClassifiedModel } from '../../core/types.js';
import { fitted, notForCoding } from '../fit.js';
import { asRecord, asString, dirFromEnv, envValue, mapDocs, notGateway, pathFor, trimSlash, underRoot } from '../paths.js';
import {
  defineAgent,
  type AgentChoice,
  type SmallModelSetting,
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
import { and, commas, msg, or, type Message } from '../../i18n/index.js';
// Its sentences, registered with the module that says them.
import './messages/en.js';

const BASE_URL = 'ANTHROPIC_BASE_URL';
const AUTH_TOKEN = 'ANTHROPIC_AUTH_TOKEN';
const API_KEY = 'ANTHROPIC_API_KEY';
const MODEL = 'ANTHROPIC_MODEL';
/**
 * The model Claude Code asks for when no model variable is set, by the first release seen asking for
 * it: releases from 2.1.100 on, about every tenth and then each around a change, asked a recording
 * gateway with a base URL and a token (2.1.279 was never published). Older than the first: not
 * known, so its config is not checked.
 */
export const DEFAULT_MODELS = [
  { since: '2.1.100', model: 'claude-sonnet-4-6' },
  { since: '2.1.129', model: 'claude-opus-4-7' },
  { since: '2.1.154', model: 'claude-opus-4-8' },
  { since: '2.1.219', model: 'claude-opus-5' },
  { since: '2.1.280', model: 'claude-opus-5-5' },
] as const;
const defaultModel = (env: AgentEnv): string | undefined => holdingAt(DEFAULT_MODELS, env.agentVersion)?.model;
/** Deprecated name of the haiku variable; still read first when present, so a stale one would win. */
const SMALL_FAST = 'ANTHROPIC_SMALL_FAST_MODEL';
const OPUS = 'ANTHROPIC_DEFAULT_OPUS_MODEL';
/**
 * The fifth tier (2.1.330: `/model fable`, the family above opus). Unset, Claude Code asks for its
 * own default, `claude-fable-5-2` (its model table's `fable52`; seen: a 503 from a gateway without it).
 */
const FABLE = 'ANTHROPIC_DEFAULT_FABLE_MODEL';
const MODEL_VARS = [MODEL, 'ANTHROPIC_DEFAULT_SONNET_MODEL', OPUS, FABLE, 'ANTHROPIC_DEFAULT_HAIKU_MODEL'] as const;
/**
 * With it, 2.1.330 lists the gateway's own models in `/model`: `GET {root}/v1/models?limit=1000`
 * with the same credential as its requests (Bearer, or x-api-key from apiKeyHelper) and
 * `anthropic-version`; it takes `data[].id` (both list shapes new-api answers with pass), keeps ids
 * matching claude|anthropic, and caches them in `<config dir>/cache/gateway-models.json`.
 */
const DISCOVERY = 'CLAUDE_CODE_ENABLE_GATEWAY_MODEL_DISCOVERY';

interface ClaudePaths {
  /** ~/.claude/settings.json, or $CLAUDE_CONFIG_DIR/settings.json. */
  userSettings: string;
  /**
   * The global state file. Claude Code keeps it beside the home directory (`~/.claude.json`), but
   * inside the config directory when CLAUDE_CONFIG_DIR is set (`$CLAUDE_CONFIG_DIR/.claude.json`).
   * Checked: several tools that manage it (claude-code issue #33857 and third-party installers that
   * say "`~/.claude.json` (or `$CLAUDE_CONFIG_DIR/.claude.json`)"); the variable moves the whole set.
   */
  state: string;
  projectSettings: string;
  projectLocal: string;
}

export function claudePaths(env: AgentEnv): ClaudePaths {
  const p = pathFor(env.platform);
  const configDir = dirFromEnv(env, 'CLAUDE_CONFIG_DIR', p.join(env.home, '.claude'));
  const stateDir = envValue(env.env, 'CLAUDE_CONFIG_DIR') === undefined ? env.home : configDir;
  return {
    userSettings: p.join(configDir, 'settings.json'),
    state: p.join(stateDir, '.claude.json'),
    projectSettings: p.join(env.cwd, '.claude', 'settings.json'),
    projectLocal: p.join(env.cwd, '.claude', 'settings.local.json'),
  };
}

/**
 * The `apiKeyHelper` command that prints the key from a variable (key storage `env`). Its stdout
 * must be the key alone. POSIX shells: printf without a newline. Windows runs it through cmd.exe,
 * where `echo` is the plain equivalent (Claude Code trims the helper's output).
 */
export function apiKeyHelperCommand(variable: string, platform: NodeJS.Platform): string {
  return platform === 'win32' ? `echo %${variable}%` : `printf %s "$${variable}"`;
}

const HELPER_SHAPES = [/^printf %s "\$([A-Za-z_][A-Za-z0-9_]*)"$/, /^echo %([A-Za-z_][A-Za-z0-9_]*)%$/];

/** The variable an apiKeyHelper of our own shape prints, or undefined for any other command. */
export function helperVariable(command: unknown): string | undefined {
  if (typeof command !== 'string') return undefined;
  for (const shape of HELPER_SHAPES) {
    const match = shape.exec(command.trim());
    if (match) return match[1];
  }
  return undefined;
}

function fit(model: ClassifiedModel): ModelFit {
  const excluded = notForCoding(model);
  if (excluded !== undefined) return { ok: false, reason: excluded };
  if (model.protocols.messages === 'yes') return fitted('messages');
  // Unmarked, or marked `openai` only: OpenAI-type channels convert messages, a probe tells.
  if (model.protocols.messages === 'probe') return fitted('messages', true);
  return {
    ok: false,
    reason: msg('agents.cc.not_messages'),
  };
}

function files(env: AgentEnv, scope: Scope): AgentFile[] {
  const paths = claudePaths(env);
  const state: AgentFile = { path: paths.state, format: 'json', role: 'global state (onboarding flag)' };
  if (scope === 'user') {
    return [{ path: paths.userSettings, format: 'json', role: 'user settings (env block)' }, state];
  }
  return [
    { path: paths.projectSettings, format: 'json', role: 'project settings, meant to be committed (never the key)' },
    { path: paths.projectLocal, format: 'json', role: 'personal project settings, kept out of git (the key)' },
    // Read only: Claude Code merges user settings under the project ones, so a stale key there counts.
    { path: paths.userSettings, format: 'json', role: 'user settings (read: merged under the project files)' },
    state,
  ];
}

function envBlock(doc: unknown): Record<string, unknown> {
  return asRecord(asRecord(doc)?.['env']) ?? {};
}

/** Every model variable: the main model, each tier's, the small one. */
function tierModels(choice: AgentChoice): Record<(typeof MODEL_VARS)[number], string> {
  return {
    ANTHROPIC_MODEL: choice.model,
    ANTHROPIC_DEFAULT_SONNET_MODEL: choice.model,
    ANTHROPIC_DEFAULT_OPUS_MODEL: choice.tiers?.['opus'] ?? choice.model,
    // No fable on the key: the strongest model it has stands in (opus, else the main model).
    ANTHROPIC_DEFAULT_FABLE_MODEL: choice.tiers?.['fable'] ?? choice.tiers?.['opus'] ?? choice.model,
    ANTHROPIC_DEFAULT_HAIKU_MODEL: choice.smallModel ?? choice.model,
  };
}

/**
 * One session (`launch`): the variables alone would lose to the user's settings, whose `env` block
 * wins over the process environment. Settings given with `--settings FILE` rank above the user's
 * and project files (Claude Code's flagSettings), so the session's file carries the address and
 * models, and an apiKeyHelper that prints the key variable the session's environment holds: the
 * key is never in the file. Its empty ANTHROPIC_API_KEY hides one exported in the shell, which
 * would go out as x-api-key instead of ours.
 */
function session(
  env: AgentEnv,
  choice: AgentChoice,
  dir: string,
): { env: Record<string, string>; files: { path: string; content: string }[]; args: string[] } {
  const vars: Record<string, string> = { [BASE_URL]: choice.root, ...tierModels(choice), [DISCOVERY]: '1' };
  const file = pathFor(env.platform).join(dir, 'settings.json');
  const settings = { env: { ...vars, [API_KEY]: '', [AUTH_TOKEN]: '' }, apiKeyHelper: apiKeyHelperCommand(choice.keyEnvVar, env.platform) };
  return {
    env: { ...vars, [choice.keyEnvVar]: choice.key },
    files: [{ path: file, content: `${JSON.stringify(settings, null, 2)}\n` }],
    args: [`--settings=${file}`],
  };
}

/**
 * Where the key goes: the token itself in the settings (file storage; our own apiKeyHelper taken
 * out, a foreign one named), or a helper that prints the variable (env storage). Returns the
 * variable to export, under env storage.
 */
function keyEdits(
  env: AgentEnv,
  choice: AgentChoice,
  auth: KeyEdit[],
  authEnv: Record<string, unknown>,
  authDoc: unknown,
  authPath: string,
  notes: Message[],
): string | undefined {
  const ownHelper = helperVariable(asRecord(authDoc)?.['apiKeyHelper']) !== undefined;
  const foreignHelper = asString(asRecord(authDoc)?.['apiKeyHelper']);
  if (choice.keyStorage === 'file') {
    auth.push({ path: ['env', AUTH_TOKEN], value: choice.key });
    if (ownHelper) auth.push({ path: ['apiKeyHelper'], value: undefined });
    else if (foreignHelper !== undefined) {
      notes.push(msg('agents.cc.foreign_helper', { auth: authPath, helper: foreignHelper }));
    }
  } else {
    if (AUTH_TOKEN in authEnv) auth.push({ path: ['env', AUTH_TOKEN], value: undefined });
    auth.push({ path: ['apiKeyHelper'], value: apiKeyHelperCommand(choice.keyEnvVar, env.platform) });
    notes.push(msg('agents.cc.export_key', { var: choice.keyEnvVar }));
    return choice.keyEnvVar;
  }
  return undefined;
}

function plan(env: AgentEnv, choice: AgentChoice, current: CurrentFiles): AgentPlan {
  const paths = claudePaths(env);
  const notes: Message[] = [];
  const project = choice.scope === 'project';
  // Where the URL and models go, and where the key (or the helper that names its variable) goes.
  const mainPath = project ? paths.projectSettings : paths.userSettings;
  const authPath = project ? paths.projectLocal : paths.userSettings;
  const main: KeyEdit[] = [];
  const auth: KeyEdit[] = mainPath === authPath ? main : [];
  const mainDoc = current.get(mainPath);
  const authDoc = current.get(authPath);
  const mainEnv = envBlock(mainDoc);
  const authEnv = envBlock(authDoc);

  main.push({ path: ['env', BASE_URL], value: choice.root });
  const tierModel = tierModels(choice);
  for (const name of MODEL_VARS) main.push({ path: ['env', name], value: tierModel[name] });
  main.push({ path: ['env', DISCOVERY], value: '1' });

  // An ANTHROPIC_API_KEY that reaches Claude Code from outside the files we edit (a shell export;
  // in project scope also the user settings) would go out as x-api-key, which the gateway reads
  // before our Bearer token. The env block wins over inherited values, so an empty one hides it;
  // the gateway ignores an empty header.
  const inherited: Message[] = [];
  const shellKey = envValue(env.env, API_KEY);
  if (shellKey !== undefined) inherited.push(msg('agents.cc.shell_exports_one', { key: maskKey(shellKey) }));
  const userKey = project ? asString(envBlock(current.get(paths.userSettings))[API_KEY]) : undefined;
  if (userKey !== undefined && userKey !== '')
    inherited.push(msg('agents.cc.file_sets_one', { file: paths.userSettings, key: maskKey(userKey) }));

  const removeStale = (edits: KeyEdit[], block: Record<string, unknown>, file: string, blank: boolean): void => {
    if (SMALL_FAST in block) edits.push({ path: ['env', SMALL_FAST], value: undefined });
    const stale = asString(block[API_KEY]);
    if (blank) {
      edits.push({ path: ['env', API_KEY], value: '' });
      notes.push(msg('agents.cc.blanked', { var: API_KEY, file, inherited: and(inherited) }));
    } else if (API_KEY in block) {
      edits.push({ path: ['env', API_KEY], value: undefined });
      notes.push(
        stale
          ? msg('agents.cc.removed_key_masked', { var: API_KEY, key: maskKey(stale), file })
          : msg('agents.cc.removed_key', { var: API_KEY, file }),
      );
    }
  };
  removeStale(main, mainEnv, mainPath, !project && inherited.length > 0);

  if (project) {
    // The committed file must never hold a key: take out any that an earlier setup left there.
    if (AUTH_TOKEN in mainEnv) {
      main.push({ path: ['env', AUTH_TOKEN], value: undefined });
      notes.push(msg('agents.cc.removed_token', { var: AUTH_TOKEN, main: mainPath, auth: authPath }));
    }
    removeStale(auth, authEnv, authPath, inherited.length > 0);
    // settings.local.json wins over settings.json: an old URL or model there would hide ours.
    const shadows = [BASE_URL, ...MODEL_VARS].filter((name) => name in authEnv);
    for (const name of shadows) auth.push({ path: ['env', name], value: undefined });
    if (shadows.length > 0) {
      notes.push(msg('agents.cc.removed_shadows', { vars: commas(shadows), auth: authPath, main: mainPath }));
    }
  }

  const exportVar = keyEdits(env, choice, auth, authEnv, authDoc, authPath, notes);
  for (const name of [BASE_URL, AUTH_TOKEN, MODEL]) {
    if (envValue(env.env, name) !== undefined) {
      notes.push(msg('agents.cc.shell_var_ignored', { name }));
    }
  }

  const edits: FileEdit[] = [
    { path: mainPath, format: 'json', edits: main, secret: choice.keyStorage === 'file' && mainPath === authPath },
  ];
  if (auth !== main && auth.length > 0) {
    edits.push({ path: authPath, format: 'json', edits: auth, secret: choice.keyStorage === 'file' });
  }
  // Merge only this flag into the global state: a fresh install then skips the login screen.
  edits.push({ path: paths.state, format: 'json', edits: [{ path: ['hasCompletedOnboarding'], value: true }] });
  return { edits, notes, exportVar };
}

/**
 * What `remove` takes out: the URL and model variables plan() wrote, while the URL is the gateway's,
 * and with them the key (the token, our apiKeyHelper, the empty ANTHROPIC_API_KEY that hid an
 * inherited one). The onboarding flag stays: it is Claude Code's state now, not a gateway setting.
 */
function unplan(env: AgentEnv, scope: Scope, current: CurrentFiles, gateway: GatewayRef): AgentUnplan {
  const paths = claudePaths(env);
  const project = scope === 'project';
  const mainPath = project ? paths.projectSettings : paths.userSettings;
  const authPath = project ? paths.projectLocal : paths.userSettings;
  const notes: Message[] = [];
  const secrets: string[] = [];
  const mainEnv = envBlock(current.get(mainPath));
  const base = mainEnv[BASE_URL];
  if (base === undefined) return { edits: [], notes, secrets };
  if (!underRoot(base, gateway.root)) {
    notes.push(notGateway(mainPath, `env.${BASE_URL}`, base, gateway.root));
    return { edits: [], notes, secrets };
  }
  const main: KeyEdit[] = [BASE_URL, ...MODEL_VARS, DISCOVERY]
    .filter((name) => name in mainEnv)
    .map((name) => ({ path: ['env', name], value: undefined }));
  const auth: KeyEdit[] = mainPath === authPath ? main : [];
  const authDoc = current.get(authPath);
  const authEnv = envBlock(authDoc);
  const token = asString(authEnv[AUTH_TOKEN]);
  if (AUTH_TOKEN in authEnv) auth.push({ path: ['env', AUTH_TOKEN], value: undefined });
  if (token !== undefined && token !== '') secrets.push(token);
  if (authEnv[API_KEY] === '') auth.push({ path: ['env', API_KEY], value: undefined });
  if (helperVariable(asRecord(authDoc)?.['apiKeyHelper']) !== undefined) auth.push({ path: ['apiKeyHelper'], value: undefined });
  // An `env` block left empty goes too.
  const emptied = (block: Record<string, unknown>, edits: KeyEdit[]): void => {
    const gone = new Set(edits.filter((e) => e.path[0] === 'env').map((e) => e.path[1]));
    if (gone.size > 0 && Object.keys(block).every((k) => gone.has(k))) edits.push({ path: ['env'], value: undefined });
  };
  emptied(mainEnv, main);
  if (auth !== main) emptied(authEnv, auth);
  const edits: FileEdit[] = [{ path: mainPath, format: 'json', edits: main }];
  if (auth !== main && auth.length > 0 && authDoc !== undefined) edits.push({ path: authPath, format: 'json', edits: auth });
  notes.push(msg('agents.unplan.cc_after'));
  return { edits, notes, secrets };
}

interface Resolved {
  value: string;
  source: string | Message;
}

/**
 * Its settings as Claude Code resolves them, lowest first: the shell's environment, then the user
 * settings, the project settings and the local ones (a later layer wins); and its apiKeyHelper.
 */
function resolvedSettings(env: AgentEnv, scope: Scope, current: CurrentFiles) {
  const paths = claudePaths(env);
  const layers: { file: string; doc: unknown }[] = [{ file: paths.userSettings, doc: current.get(paths.userSettings) }];
  if (scope === 'project') {
    layers.push({ file: paths.projectSettings, doc: current.get(paths.projectSettings) });
    layers.push({ file: paths.projectLocal, doc: current.get(paths.projectLocal) });
  }
  const vars = new Map<string, Resolved>();
  for (const name of [BASE_URL, AUTH_TOKEN, API_KEY, MODEL, OPUS, FABLE]) {
    const value = envValue(env.env, name);
    if (value !== undefined) vars.set(name, { value, source: msg('agents.shell_environment') });
  }
  let helper: Resolved | undefined;
  for (const layer of layers) {
    const block = envBlock(layer.doc);
    for (const [name, value] of Object.entries(block)) {
      if (typeof value === 'string') vars.set(name, { value, source: layer.file });
    }
    const h = asString(asRecord(layer.doc)?.['apiKeyHelper']);
    if (h !== undefined) helper = { value: h, source: layer.file };
  }
  return { layers, vars, helper };
}

function readBack(env: AgentEnv, scope: Scope, current: CurrentFiles): AgentRequest | Message {
  const { layers, vars, helper } = resolvedSettings(env, scope, current);

  const base = vars.get(BASE_URL);
  if (!base || base.value.trim() === '') {
    return msg('agents.cc.no_base_url', { var: BASE_URL, files: or(layers.map((l) => l.file)) });
  }
  // Without ANTHROPIC_MODEL it still calls the gateway, for a model of its own choosing.
  const named = vars.get(MODEL);
  const unset = named === undefined || named.value.trim() === '';
  const own = unset ? defaultModel(env) : undefined;
  if (unset && own === undefined) return msg('agents.cc.no_model_known', { var: MODEL, file: base.source });
  const model = own ?? named?.value ?? '';
  const modelDefault = own === undefined ? undefined : msg('agents.cc.no_model', { var: MODEL, file: base.source });
  const tiers: Record<string, string> = {};
  for (const [tier, name] of [
    ['opus', OPUS],
    ['fable', FABLE],
  ] as const) {
    const value = vars.get(name)?.value;
    if (value !== undefined && value.trim() !== '') tiers[tier] = value;
  }
  const request = (auth: AgentRequest['auth'], key: string | undefined, keySource: Message, keyVar?: string): AgentRequest => ({
    protocol: 'messages',
    url: `${trimSlash(base.value)}/v1/messages`,
    model,
    auth,
    key,
    keySource,
    ...(keyVar !== undefined && { keyVar: { name: keyVar, via: 'named' as const } }),
    baseUrl: base.value,
    file: base.source,
    ...(modelDefault && { modelDefault }),
    ...(Object.keys(tiers).length > 0 && { tiers }),
  });
  // Both headers may go out; the gateway reads x-api-key first, so whatever Claude Code sends as
  // x-api-key (ANTHROPIC_API_KEY, or the apiKeyHelper's output) decides over the Bearer token.
  const configured = ((): AgentRequest => {
    if (helper) {
      const variable = helperVariable(helper.value);
      if (variable !== undefined) {
        return request(
          'x-api-key',
          envValue(env.env, variable),
          msg('agents.cc.helper_prints', { source: helper.source, var: variable }),
          variable,
        );
      }
      return request('x-api-key', undefined, msg('agents.cc.helper_foreign', { source: helper.source }));
    }
    const token = vars.get(AUTH_TOKEN);
    if (token && token.value !== '')
      return request('bearer', token.value, msg('agents.source_var', { source: token.source, var: AUTH_TOKEN }), AUTH_TOKEN);
    return request('bearer', undefined, msg('agents.var_in', { var: AUTH_TOKEN, file: base.source }), AUTH_TOKEN);
  })();
  const apiKey = vars.get(API_KEY);
  if (apiKey && apiKey.value !== '') {
    const sent = request('x-api-key', apiKey.value, msg('agents.source_var', { source: apiKey.source, var: API_KEY }), API_KEY);
    // An export in the shell that replaces the credential the files set is worth naming: users
    // export ANTHROPIC_API_KEY for other tools and do not expect it to reach the gateway.
    const fromShell = envValue(env.env, API_KEY) === apiKey.value && !layers.some((l) => envBlock(l.doc)[API_KEY] === apiKey.value);
    if (fromShell && configured.key !== undefined && configured.key !== '' && configured.key !== apiKey.value) {
      sent.overridden = { var: API_KEY, configKey: configured.key, configAuth: configured.auth, configSource: configured.keySource };
    }
    return sent;
  }
  return configured;
}

const HAIKU = 'ANTHROPIC_DEFAULT_HAIKU_MODEL';

function hasVar(current: CurrentFiles, env: AgentEnv, name: string): boolean {
  return [...current.values()].some((doc) => typeof envBlock(doc)[name] === 'string') || env.env[name] !== undefined;
}

/** Claude Code reads the deprecated name first whenever it is set anywhere (shell or any settings layer). */
function smallName(current: CurrentFiles, env: AgentEnv): string {
  return hasVar(current, env, SMALL_FAST) ? SMALL_FAST : HAIKU;
}

/** Background calls go to the haiku model (or the deprecated small/fast one when it is set). */
const smallModel: SmallModelSetting = {
  name: smallName,
  isSet: (current, env) => hasVar(current, env, smallName(current, env)),
  swap(current, env) {
    const name = smallName(current, env);
    const swapIn = (vars: Record<string, unknown>): Record<string, unknown> => {
      const out = { ...vars };
      delete out[MODEL];
      if (vars[name] !== undefined) out[MODEL] = vars[name];
      return out;
    };
    return {
      current: mapDocs(current, (doc) => {
        const block = asRecord(doc['env']);
        return block === undefined ? doc : { ...doc, env: swapIn(block) };
      }),
      env: { ...env, env: swapIn(env.env) as Record<string, string | undefined> },
    };
  },
};

export const claudeCode = defineAgent({
  id: 'claude-code',
  // A 401 is retried for minutes otherwise; no update check, no telemetry, no error reports.
  quietEnv: {
    CLAUDE_CODE_MAX_RETRIES: '0',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
  },
  name: 'Claude Code',
  importApps: ['claude'],
  binary: 'claude',
  versionArgs: ['--version'],
  // 2.1.332 passes the same agents tier (setup, one-shot, fable tier, /model discovery, launch).
  install: { from: 'npm', package: '@anthropic-ai/claude-code', verified: '2.1.332' },
  // The oldest version the agents and new-api tiers ran with every test of theirs passing but the
  // fable tier's (a tier Claude Code reads from 2.1.330).
  versions: { provenFrom: '2.1.100' },
  protocols: ['messages'],
  preferences: {
    model: ['claude-sonnet-*', 'claude-opus-*', 'claude-*', '*'],
    smallModel: ['claude-haiku-*', 'claude-*-haiku*', '*haiku*', '*'],
  },
  smallModel,
  baseUrl: { form: 'root' },
  // `/model opus` in Claude Code asks for ANTHROPIC_DEFAULT_OPUS_MODEL, `/model fable` (2.1.330) for
  // ANTHROPIC_DEFAULT_FABLE_MODEL: each a model of that family the key offers.
  tiers: [
    { id: 'opus', patterns: ['claude-opus-*', '*opus*'] },
    { id: 'fable', patterns: ['claude-fable-*', '*fable*'] },
  ],
  fit,
  files,
  plan,
  unplan,
  readBack,
  oneShot(model, prompt) {
    return {
      command: 'claude',
      // commander reads `--model=ID` as the option's value, whatever ID starts with.
      args: ['-p', prompt, `--model=${model}`],
      // 401s are retried for minutes otherwise; no update check in the middle of a test.
      env: { CLAUDE_CODE_MAX_RETRIES: '0', DISABLE_AUTOUPDATER: '1' },
    };
  },
  session,
});
