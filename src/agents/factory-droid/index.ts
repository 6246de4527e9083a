// Factory Droid (`droid`, npm `@factory/cli` with its platform package): custom models ("bring your
// own key") in ~/.factory/settings.json. Each `customModels` entry names its API flavour in
// `provider`; the model is chosen as `custom:<displayName, spaces→hyphens>-<index in the list>`.
// Facts seen running droid 0.225.1 (platform binary @factory/cli-linux-x64 0.225.2) against the
// simulator, clean HOME:
// - `generic-chat-completion-api` + root/v1 → POST /v1/chat/completions, Bearer;
//   `openai` + root/v1 → POST /v1/responses, Bearer; `anthropic` + the root → POST /v1/messages,
//   x-api-key. A doubled /v1 gives POST /v1/v1/chat/completions (404, tried twice) and exit 1.
// - `droid exec -m custom:GW-Chat-0 "…"` answers with no Factory login; the file is left as written.
// - FACTORY_HOME_OVERRIDE replaces the home directory (`process.env.FACTORY_HOME_OVERRIDE ||
//   os.homedir()` joined with `.factory`, in the 0.225.2 binary's bundled source); the same layout on
//   Windows and macOS (os.homedir()).
// - `apiKey` takes `${VAR_NAME}` as a reference to the environment variable VAR_NAME (its BYOK
//   configuration reference, for settings.json and settings.local.json): a key holding `$` is refused.
import type { KeyEdit } from '../../config/types.js';
import type { ClassifiedModel, Protocol } from '../../core/types.js';
import { fitMessagesChatResponses } from '../fit.js';
import { asRecord, asString, envValue, notGateway, pathFor, trimSlash, underRoot } from '../paths.js';
import {
  defineAgent,
  type AgentChoice,
  type AgentEnv,
  type AgentUnplan,
  type GatewayRef,
  type AgentFile,
  type AgentPlan,
  type AgentRequest,
  type CurrentFiles,
  type ModelFit,
  type Scope,
} from '../types.js';
import { msg, type Message } from '../../i18n/index.js';
// Its sentences, registered with the module that says them.
import './messages/en.js';

type DroidProvider = 'generic-chat-completion-api' | 'openai' | 'anthropic';

const PROVIDERS: Record<DroidProvider, { protocol: Protocol; path: string; auth: AgentRequest['auth']; form: 'root' | 'v1' }> = {
  'generic-chat-completion-api': { protocol: 'chat', path: '/chat/completions', auth: 'bearer', form: 'v1' },
  openai: { protocol: 'responses', path: '/responses', auth: 'bearer', form: 'v1' },
  anthropic: { protocol: 'messages', path: '/v1/messages', auth: 'x-api-key', form: 'root' },
};

const BY_PROTOCOL: Partial<Record<Protocol, DroidProvider>> = {
  chat: 'generic-chat-completion-api',
  responses: 'openai',
  messages: 'anthropic',
};

/** The display name of the entry we own; the user's other entries are never touched. */
const DROID_DISPLAY_NAME = 'Gateway';

/** Output budget of our entry: droid 0.225.1 requires `maxOutputTokens` on a custom model. */
const MAX_OUTPUT_TOKENS = 16384;

function droidPaths(env: AgentEnv): { settings: string } {
  const p = pathFor(env.platform);
  const home = envValue(env.env, 'FACTORY_HOME_OVERRIDE') ?? env.home;
  return { settings: p.join(home, '.factory', 'settings.json') };
}

/** How droid names the entry at `index` (its `custom:` model reference). */
export function droidModelRef(displayName: string, index: number): string {
  return `custom:${displayName.replace(/ /g, '-')}-${index}`;
}

/** Messages (native Anthropic) first, then chat, then Responses; unmarked models over chat, probed. */
const fit = (model: ClassifiedModel): ModelFit => fitMessagesChatResponses(model, 'agents.droid.no_protocol');

function files(env: AgentEnv, _scope: Scope): AgentFile[] {
  // Custom models live only in the user settings.
  return [{ path: droidPaths(env).settings, format: 'jsonc', role: 'settings, custom models and the key' }];
}

function ourIndex(list: unknown): number {
  return Array.isArray(list) ? list.findIndex((e) => asRecord(e)?.['displayName'] === DROID_DISPLAY_NAME) : -1;
}

function plan(env: AgentEnv, choice: AgentChoice, current: CurrentFiles): AgentPlan {
  const path = droidPaths(env).settings;
  const doc = asRecord(current.get(path));
  const list = doc?.['customModels'];
  const provider = BY_PROTOCOL[choice.protocol] ?? 'generic-chat-completion-api';
  const entry = {
    model: choice.model,
    displayName: DROID_DISPLAY_NAME,
    baseUrl: PROVIDERS[provider].form === 'root' ? choice.root : choice.v1,
    apiKey: choice.key,
    provider,
    maxOutputTokens: MAX_OUTPUT_TOKENS,
  };
  const edits: KeyEdit[] = [];
  let index: number;
  if (Array.isArray(list)) {
    const found = ourIndex(list);
    index = found >= 0 ? found : list.length;
    // Key by key, so settings droid or the user keep in our entry survive.
    for (const [k, v] of Object.entries(entry)) edits.push({ path: ['customModels', index, k], value: v });
  } else {
    index = 0;
    edits.push({ path: ['customModels'], value: [entry] });
  }
  edits.push({ path: ['model'], value: droidModelRef(DROID_DISPLAY_NAME, index) });
  const notes: Message[] = [];
  if (choice.scope === 'project') notes.push(msg('agents.droid.no_project', { file: path }));
  if (choice.keyStorage === 'env') notes.push(msg('agents.droid.key_in_file', { file: path }));
  return { edits: [{ path, format: 'jsonc', edits, secret: true }], notes };
}

function unplan(env: AgentEnv, _scope: Scope, current: CurrentFiles, gateway: GatewayRef): AgentUnplan {
  const path = droidPaths(env).settings;
  const doc = asRecord(current.get(path));
  const list = doc?.['customModels'];
  const index = ourIndex(list);
  const notes: Message[] = [];
  if (!doc || !Array.isArray(list) || index < 0) return { edits: [], notes, secrets: [] };
  const entry = asRecord(list[index]) ?? {};
  if (!underRoot(entry['baseUrl'], gateway.root)) {
    notes.push(notGateway(path, `customModels[${index}].baseUrl`, entry['baseUrl'], gateway.root));
    return { edits: [], notes, secrets: [] };
  }
  const key = asString(entry['apiKey']);
  const edits: KeyEdit[] = [{ path: ['customModels', index], value: undefined }];
  // droid names custom models by their index: a selection of a later entry moves down with it.
  const ref = asString(doc['model']);
  if (ref === droidModelRef(DROID_DISPLAY_NAME, index)) {
    edits.push({ path: ['model'], value: undefined });
    notes.push(msg('agents.unplan.droid_after', { file: path }));
  } else {
    for (const [i, e] of list.entries()) {
      const name = asString(asRecord(e)?.['displayName']);
      if (i > index && name !== undefined && ref === droidModelRef(name, i))
        edits.push({ path: ['model'], value: droidModelRef(name, i - 1) });
    }
  }
  return { edits: [{ path, format: 'jsonc', edits }], notes, secrets: key ? [key] : [] };
}

/** The custom model the `model` setting selects, with its index. */
function selected(doc: Record<string, unknown>): { entry: Record<string, unknown>; ref: string } | undefined {
  const ref = asString(doc['model']);
  const list = doc['customModels'];
  if (ref === undefined || !Array.isArray(list)) return undefined;
  for (const [i, e] of list.entries()) {
    const entry = asRecord(e);
    const name = asString(entry?.['displayName']);
    if (entry && name !== undefined && droidModelRef(name, i) === ref) return { entry, ref };
  }
  return undefined;
}

function readBack(env: AgentEnv, _scope: Scope, current: CurrentFiles): AgentRequest | Message {
  const path = droidPaths(env).settings;
  const doc = asRecord(current.get(path));
  if (!doc) return msg('agents.droid.no_file', { file: path });
  const ref = asString(doc['model']);
  if (ref === undefined || !ref.startsWith('custom:')) return msg('agents.droid.no_custom', { file: path });
  const found = selected(doc);
  if (!found) return msg('agents.droid.no_entry', { model: ref, file: path });
  const provider = asString(found.entry['provider']);
  if (provider !== 'generic-chat-completion-api' && provider !== 'openai' && provider !== 'anthropic') {
    return msg('agents.droid.other_provider', { provider: provider ?? '', file: path });
  }
  const baseUrl = asString(found.entry['baseUrl']);
  if (baseUrl === undefined || baseUrl.trim() === '') return msg('agents.droid.no_base_url', { model: ref, file: path });
  const model = asString(found.entry['model']);
  if (model === undefined || model.trim() === '') return msg('agents.droid.no_model', { model: ref, file: path });
  const spec = PROVIDERS[provider];
  const written = asString(found.entry['apiKey']);
  // droid replaces a `${NAME}` apiKey by that variable: read it as droid does.
  const keyRef = written === undefined ? undefined : /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(written)?.[1];
  const key = keyRef !== undefined ? env.env[keyRef]?.trim() : written;
  return {
    protocol: spec.protocol,
    url: `${trimSlash(baseUrl)}${spec.path}`,
    model,
    auth: spec.auth,
    key: key === '' ? undefined : key,
    ...(keyRef !== undefined && { keyVar: { name: keyRef, via: 'reference' as const } }),
    keySource: msg('agents.file_field', { file: path, field: `customModels[${found.ref}].apiKey` }),
    baseUrl,
    file: path,
  };
}

export const factoryDroid = defineAgent({
  id: 'factory-droid',
  name: 'Factory Droid',
  binary: 'droid',
  versionArgs: ['--version'],
  evaluates: [{ syntax: 'shell-expansion', fields: ['key'] }],
  // Without the platform package droid 0.225.1 stops at "Could not find the droid binary".
  install: { from: 'npm', package: '@factory/cli', verified: '0.225.1', extras: ['@factory/cli-linux-x64@0.225.2'] },
  protocols: ['messages', 'chat', 'responses'],
  preferences: { model: ['claude-sonnet-*', 'gpt-5*', 'deepseek-*', 'qwen3-coder*', '*'] },
  baseUrl: { form: 'v1', note: msg('agents.droid.url_note') },
  fit,
  files,
  plan,
  unplan,
  readBack,
  // droid selects a custom model by its `custom:` reference, not by the gateway's model id.
  modelArg(current, request) {
    const doc = typeof request.file === 'string' ? asRecord(current.get(request.file)) : undefined;
    return (doc && selected(doc)?.ref) ?? request.model;
  },
  oneShot(model, prompt) {
    // `-m=VALUE` is one argument, so a model reference can never read as a flag.
    return { command: 'droid', args: ['exec', `--model=${model}`, prompt] };
  },
  /**
   * One session (`launch`): `droid --settings FILE` merges a settings file "for this process only"
   * (0.225.1's help; seen before `exec` too, with ~/.factory/settings.json left byte-identical), so
   * a temporary file of ours carries one custom model and selects it. Droid reads only a literal
   * `apiKey`: that file holds the key, at 0600 in our 0700 session directory, removed afterwards;
   * never an argument. It stays for the whole session, not only until first read: 0.225.1 under
   * strace opens it three times in `exec`'s first 0.6 s, and the interactive droid opens it at
   * start and again once its start-up network calls end (14 s later on a machine without Factory's
   * servers; the time depends on the network), so no moment after which it is no longer read can be
   * told from outside. A launch killed outright leaves it: the next run removes it (session-dirs).
   */
  session(env, choice, dir) {
    const provider = BY_PROTOCOL[choice.protocol] ?? 'generic-chat-completion-api';
    const displayName = `${DROID_DISPLAY_NAME} session`;
    const settings = {
      model: droidModelRef(displayName, 0),
      customModels: [
        {
          model: choice.model,
          displayName,
          baseUrl: PROVIDERS[provider].form === 'root' ? choice.root : choice.v1,
          apiKey: choice.key,
          provider,
          maxOutputTokens: MAX_OUTPUT_TOKENS,
        },
      ],
    };
    const file = pathFor(env.platform).join(dir, 'settings.json');
    return { env: {}, files: [{ path: file, content: `${JSON.stringify(settings, null, 2)}\n` }], args: ['--settings', file] };
  },
});
