// Cline CLI (`cline`): one providers.json with an entry per provider and the one in use named by
// `lastUsedProvider`. Both entries we write take root + `/v1`. Cline reads only a literal key.
// Facts seen running Cline CLI against a recording gateway, version 3.0.65. The settings directory
// follows CLINE_DATA_DIR (<dir>/settings), then CLINE_DIR (<dir>/data/settings), then
// ~/.cline/data/settings (checked: cline/cline storage tests, "CLINE_DATA_DIR > CLINE_DIR + /data >
// ~/.cline/data", and third-party tools mirroring it). One-shot: `cline [prompt]` runs headless
// when stdout is not a terminal; `-m/--model` picks the model (docs.cline.bot CLI reference).
import type { KeyEdit } from '../../config/types.js';
import type { ClassifiedModel } from '../../core/types.js';
import { fitChatOnly } from '../fit.js';
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

type ClineProvider = 'openai-compatible' | 'anthropic';

const PROVIDER_PATH: Record<ClineProvider, { path: string; auth: AgentRequest['auth']; protocol: 'chat' | 'messages' }> = {
  'openai-compatible': { path: '/chat/completions', auth: 'bearer', protocol: 'chat' },
  anthropic: { path: '/messages', auth: 'x-api-key', protocol: 'messages' },
};

function clinePaths(env: AgentEnv): { providers: string } {
  const p = pathFor(env.platform);
  const dataDir = envValue(env.env, 'CLINE_DATA_DIR');
  const settings =
    dataDir !== undefined
      ? p.join(p.resolve(env.cwd, dataDir), 'settings')
      : p.join(dirFromEnv(env, 'CLINE_DIR', p.join(env.home, '.cline')), 'data', 'settings');
  return { providers: p.join(settings, 'providers.json') };
}

/**
 * Chat only. Seen by running cline 3.0.65 against the simulator: on its first run it rewrites an
 * `anthropic` entry we wrote, dropping `apiKey` and `baseUrl` ("Anthropic API key is missing"),
 * while an `openai-compatible` entry (what its own `auth` command writes) survives. Models marked
 * `anthropic` are marked `openai` too, so they are served over chat completions.
 */
function fit(model: ClassifiedModel): ModelFit {
  return fitChatOnly(model, msg('agents.cline.not_openai'));
}

/** A valid `updatedAt` for an entry that has none (cline 3.0.65 rejects the file without it). */
const CLINE_UPDATED_AT = '1970-01-01T00:00:00.000Z';

function files(env: AgentEnv, _scope: Scope): AgentFile[] {
  // Cline has no project config: both scopes use the user file.
  return [{ path: clinePaths(env).providers, format: 'json', role: 'providers and the key' }];
}

function plan(env: AgentEnv, choice: AgentChoice, current: CurrentFiles): AgentPlan {
  const path = clinePaths(env).providers;
  const id: ClineProvider = choice.protocol === 'messages' ? 'anthropic' : 'openai-compatible';
  const doc = asRecord(current.get(path));
  const settings = ['providers', id, 'settings'] as const;
  // Leaf by leaf, so settings Cline keeps beside ours (reasoning effort, headers…) survive.
  const edits: KeyEdit[] = [
    { path: [...settings, 'provider'], value: id },
    { path: [...settings, 'apiKey'], value: choice.key },
    { path: [...settings, 'model'], value: choice.model },
    { path: [...settings, 'baseUrl'], value: choice.v1 },
    { path: ['providers', id, 'tokenSource'], value: 'manual' },
    { path: ['lastUsedProvider'], value: id },
  ];
  if (doc?.['version'] === undefined) edits.unshift({ path: ['version'], value: 1 });
  // Seen by running cline 3.0.65 one-shot (the agents tier): an entry without `updatedAt` fails its
  // schema, and Cline replaces the whole file with a default `cline` provider, our key and base URL
  // gone. Any ISO date passes (a fixed one keeps plan() pure; Cline sets the real time on its next
  // run); written only where it is missing, so a second run stays "up to date".
  const entry = asRecord(asRecord(doc?.['providers'])?.[id]);
  if (asString(entry?.['updatedAt']) === undefined) edits.push({ path: ['providers', id, 'updatedAt'], value: CLINE_UPDATED_AT });
  const notes: Message[] = [];
  if (choice.scope === 'project') notes.push(msg('agents.cline.no_project', { file: path }));
  if (choice.keyStorage === 'env') {
    notes.push(msg(env.platform === 'win32' ? 'agents.cline.key_in_file_win' : 'agents.cline.key_in_file', { file: path }));
  }
  return { edits: [{ path, format: 'json', edits, secret: true }], notes };
}

/**
 * What `remove` takes out: each of our two provider entries whose baseUrl is still the gateway's,
 * whole (a half entry without key or URL fails Cline's schema and it would reset the file), and
 * `lastUsedProvider` when it names one. Other providers stay.
 */
function unplan(env: AgentEnv, _scope: Scope, current: CurrentFiles, gateway: GatewayRef): AgentUnplan {
  const path = clinePaths(env).providers;
  const doc = asRecord(current.get(path));
  const notes: Message[] = [];
  const secrets: string[] = [];
  const edits: KeyEdit[] = [];
  for (const id of Object.keys(PROVIDER_PATH)) {
    const settings = asRecord(asRecord(asRecord(doc?.['providers'])?.[id])?.['settings']);
    if (!settings || settings['baseUrl'] === undefined) continue;
    if (!underRoot(settings['baseUrl'], gateway.root)) {
      notes.push(notGateway(path, `providers.${id}.settings.baseUrl`, settings['baseUrl'], gateway.root));
      continue;
    }
    const key = asString(settings['apiKey']);
    if (key) secrets.push(key);
    edits.push({ path: ['providers', id], value: undefined });
    if (doc?.['lastUsedProvider'] === id) {
      edits.push({ path: ['lastUsedProvider'], value: undefined });
      notes.push(msg('agents.unplan.cline_after', { file: path }));
    }
  }
  return { edits: edits.length > 0 ? [{ path, format: 'json', edits }] : [], notes, secrets };
}

function readBack(env: AgentEnv, _scope: Scope, current: CurrentFiles): AgentRequest | Message {
  const path = clinePaths(env).providers;
  const doc = asRecord(current.get(path));
  if (!doc) return msg('agents.cline.no_file', { file: path });
  const id = asString(doc['lastUsedProvider']);
  if (id === undefined) return msg('agents.cline.no_provider', { file: path });
  if (id !== 'openai-compatible' && id !== 'anthropic') {
    return msg('agents.cline.other_provider', { id, file: path });
  }
  const settings = asRecord(asRecord(asRecord(doc['providers'])?.[id])?.['settings']);
  if (!settings) return msg('agents.cline.no_settings', { id, file: path });
  const baseUrl = asString(settings['baseUrl']);
  if (baseUrl === undefined || baseUrl.trim() === '') return msg('agents.cline.no_base_url', { id, file: path });
  const model = asString(settings['model']);
  if (model === undefined || model.trim() === '') return msg('agents.cline.no_model', { id, file: path });
  const spec = PROVIDER_PATH[id];
  const key = asString(settings['apiKey']);
  return {
    protocol: spec.protocol,
    url: `${trimSlash(baseUrl)}${spec.path}`,
    model,
    auth: spec.auth,
    key: key === '' ? undefined : key,
    keySource: msg('agents.file_field', { file: path, field: `providers.${id}.settings.apiKey` }),
    baseUrl,
    file: path,
  };
}

export const cline = defineAgent({
  id: 'cline',
  // No self-update.
  quietEnv: { CLINE_NO_AUTO_UPDATE: '1' },
  name: 'Cline CLI',
  binary: 'cline',
  versionArgs: ['--version'],
  install: { from: 'npm', package: 'cline', verified: '3.0.65' },
  // The oldest version the agents tier ran (both its tests passed), three months before the pin.
  versions: { provenFrom: '3.0.57' },
  protocols: ['chat'],
  preferences: { model: ['claude-sonnet-*', 'gpt-5*', 'deepseek-*', 'qwen3-coder*', '*'] },
  baseUrl: { form: 'v1' },
  fit,
  files,
  plan,
  unplan,
  readBack,
  // No `-m`, seen by running cline 3.0.65 against the simulator: `-m M` alone selects the provider
  // `cline` (its own service, unreachable here), and `-P openai-compatible -m M` saved that entry
  // back as {provider, model}, dropping the apiKey and baseUrl written there. `cline "prompt"` uses
  // lastUsedProvider and the model its entry names (what readBack reports).
  oneShot(_model, prompt) {
    return { command: 'cline', args: [prompt] };
  },
});
