// GitHub Copilot CLI (`copilot`, npm `@github/copilot`): configured for a gateway through the
// environment only — it has no config file for a provider. Facts seen running 1.0.102 against the
// simulator (clean HOME, `env -i`), and read in its bundled cli-main.js (the BYOK variables' help):
// - COPILOT_PROVIDER_BASE_URL, COPILOT_PROVIDER_TYPE ("openai" default, "azure", "anthropic"),
//   COPILOT_PROVIDER_API_KEY, COPILOT_MODEL; COPILOT_PROVIDER_WIRE_API=responses sends an openai
//   provider's requests to `/responses` instead of `/chat/completions`.
// - openai takes root + /v1 (it appends `/chat/completions` or `/responses`); anthropic takes the
//   root (its SDK appends `/v1/messages`). No GitHub login is needed once the provider is set.
// - COPILOT_OFFLINE=true keeps it off GitHub's hosts, COPILOT_AUTO_UPDATE=false stops the update check.
// - One-shot: `copilot -p PROMPT --allow-all-tools` (without the flag a tool call waits for approval).
// - It keeps its own state in ~/.copilot (sessions, a config.json of its own): not ours to edit.
// So `setup` writes what a shell needs into an env file in our own state directory, exported lines
// to `source`; `launch copilot-cli` sets the same variables for one session.
import { stateDir } from '../../config/state-dir.js';
import { shellWord } from '../../core/shell-word.js';
import { dotenvReferenceOf } from '../../config/dotenv.js';
import type { KeyEdit } from '../../config/types.js';
import type { ClassifiedModel, Protocol } from '../../core/types.js';
import { fitMessagesChatResponses } from '../fit.js';
import { asRecord, asString, notGateway, pathFor, trimSlash, underRoot } from '../paths.js';
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

const BASE_URL = 'COPILOT_PROVIDER_BASE_URL';
const TYPE = 'COPILOT_PROVIDER_TYPE';
const API_KEY = 'COPILOT_PROVIDER_API_KEY';
const MODEL = 'COPILOT_MODEL';
const WIRE_API = 'COPILOT_PROVIDER_WIRE_API';
const OFFLINE = 'COPILOT_OFFLINE';
const AUTO_UPDATE = 'COPILOT_AUTO_UPDATE';
const GATEWAY_VARS = [BASE_URL, TYPE, API_KEY, MODEL, WIRE_API] as const;

/** The env file `setup` writes for Copilot CLI: in our own state directory, never a file of the agent's. */
export function copilotPaths(env: AgentEnv): { envFile: string } {
  const p = pathFor(env.platform);
  return { envFile: p.join(stateDir(env.home, env.env, env.platform), 'env', 'copilot-cli.env') };
}

/** Messages natively (anthropic), else chat, else Responses through the wire variable. */
const fit = (model: ClassifiedModel): ModelFit => fitMessagesChatResponses(model, 'agents.copilot.no_protocol');

function files(env: AgentEnv, _scope: Scope): AgentFile[] {
  // Copilot CLI reads no project file for its provider: both scopes use our env file.
  return [{ path: copilotPaths(env).envFile, format: 'dotenv', role: 'variables to source for Copilot CLI', sourced: true }];
}

/** The variables one session needs, by protocol: the provider type, its base URL form, the wire API. */
function variables(choice: Pick<AgentChoice, 'root' | 'v1' | 'model' | 'protocol'>): Record<string, string | undefined> {
  const anthropic = choice.protocol === 'messages';
  return {
    [BASE_URL]: anthropic ? choice.root : choice.v1,
    [TYPE]: anthropic ? 'anthropic' : 'openai',
    [MODEL]: choice.model,
    [WIRE_API]: choice.protocol === 'responses' ? 'responses' : undefined,
    [OFFLINE]: 'true',
    [AUTO_UPDATE]: 'false',
  };
}

/** The file as setup creates it (templates/copilot-cli/copilot-cli.env): our variables, exported, under a comment saying how to use it. */
const TEMPLATE = 'copilot-cli/copilot-cli.env';

function plan(env: AgentEnv, choice: AgentChoice, _current: CurrentFiles): AgentPlan {
  const path = copilotPaths(env).envFile;
  const vars = variables(choice);
  const edits: KeyEdit[] = [
    { path: [BASE_URL], value: vars[BASE_URL] },
    { path: [TYPE], value: vars[TYPE] },
    // Key storage env: the line references the user's variable, expanded when the file is sourced.
    { path: [API_KEY], value: choice.keyStorage === 'env' ? { envRef: choice.keyEnvVar } : choice.key },
    { path: [MODEL], value: vars[MODEL] },
    { path: [WIRE_API], value: vars[WIRE_API] },
    { path: [OFFLINE], value: vars[OFFLINE] },
    { path: [AUTO_UPDATE], value: vars[AUTO_UPDATE] },
  ];
  const notes: Message[] = [msg('agents.copilot.source', { file: shellWord(path) })];
  if (choice.scope === 'project') notes.push(msg('agents.copilot.no_project', { file: path }));
  return {
    // 0600 whatever the key storage: a file to source into shells is its owner's alone.
    edits: [{ path, format: 'dotenv', edits, secret: true, template: TEMPLATE }],
    notes,
    ...(choice.keyStorage === 'env' && { exportVar: choice.keyEnvVar }),
  };
}

/** Takes our variables out of the env file while it still points at `gateway`. */
function unplan(env: AgentEnv, _scope: Scope, current: CurrentFiles, gateway: GatewayRef): AgentUnplan {
  const path = copilotPaths(env).envFile;
  const doc = asRecord(current.get(path));
  if (!doc) return { edits: [], notes: [], secrets: [] };
  const base = asString(doc[BASE_URL]);
  if (base !== undefined && !underRoot(base, gateway.root)) {
    return {
      edits: [],
      notes: [notGateway(path, BASE_URL, base, gateway.root)],
      secrets: [],
    };
  }
  const key = asString(doc[API_KEY]);
  // The gateway's variables go; COPILOT_OFFLINE and COPILOT_AUTO_UPDATE are Copilot CLI's own
  // preferences, harmless without a provider, and may have been the user's before setup.
  const edits = GATEWAY_VARS.filter((v) => v in doc).map((v) => ({ path: [v], value: undefined }));
  return {
    edits: edits.length > 0 ? [{ path, format: 'dotenv', edits }] : [],
    notes: [],
    secrets: key !== undefined && dotenvReferenceOf(doc, API_KEY) === undefined && key !== '' ? [key] : [],
  };
}

function protocolOf(type: string | undefined, wire: string | undefined): Protocol {
  if (type === 'anthropic') return 'messages';
  return wire === 'responses' ? 'responses' : 'chat';
}

/** The request Copilot CLI sends once the file is sourced: the URL joined per provider type. */
function readBack(env: AgentEnv, _scope: Scope, current: CurrentFiles): AgentRequest | Message {
  const path = copilotPaths(env).envFile;
  const doc = asRecord(current.get(path));
  if (!doc) return msg('agents.copilot.no_file', { file: path });
  const baseUrl = asString(doc[BASE_URL]);
  const model = asString(doc[MODEL]);
  if (baseUrl === undefined || baseUrl === '') return msg('agents.copilot.no_var', { file: path, var: BASE_URL });
  if (model === undefined || model === '') return msg('agents.copilot.no_var', { file: path, var: MODEL });
  const type = asString(doc[TYPE]);
  if (type !== undefined && type !== 'openai' && type !== 'anthropic') return msg('agents.copilot.bad_type', { file: path, type });
  const protocol = protocolOf(type, asString(doc[WIRE_API]));
  const suffix = protocol === 'messages' ? '/v1/messages' : protocol === 'responses' ? '/responses' : '/chat/completions';
  const written = asString(doc[API_KEY]) ?? '';
  // Only what the shell sourcing the file expands is a reference: a single-quoted `${NAME}` is a key.
  const ref = dotenvReferenceOf(doc, API_KEY);
  const key = ref !== undefined ? env.env[ref]?.trim() || undefined : written !== '' ? written : undefined;
  return {
    protocol,
    url: `${trimSlash(baseUrl)}${suffix}`,
    model,
    auth: protocol === 'messages' ? 'x-api-key' : 'bearer',
    ...(key !== undefined && { key }),
    keySource: ref !== undefined ? msg('agents.env_var', { var: ref }) : msg('agents.copilot.key_source', { file: path, var: API_KEY }),
    keyVar: ref !== undefined ? { name: ref, via: 'reference' } : { name: API_KEY, via: 'named' },
    baseUrl,
    file: path,
  };
}

/** Everything a Copilot CLI process needs, as variables: the one-shot's and a session's. */
function processEnv(vars: Record<string, string | undefined>, key: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(vars)) if (v !== undefined) out[k] = v;
  if (key !== undefined) out[API_KEY] = key;
  return out;
}

export const copilotCli = defineAgent({
  id: 'copilot-cli',
  name: 'GitHub Copilot CLI',
  binary: 'copilot',
  versionArgs: ['--version'],
  // 1.0.102 unpacks itself into ~/.cache/copilot on any run, --version included.
  versionEnv: (scratch) => ({ XDG_CACHE_HOME: scratch }),
  // The main package pulls in its platform binary (`@github/copilot-linux-x64`) by itself (seen).
  install: { from: 'npm', package: '@github/copilot', verified: '1.0.102' },
  // The oldest version the agents tier ran (both its tests passed), three months before the pin.
  versions: { provenFrom: '1.0.55' },
  protocols: ['messages', 'chat', 'responses'],
  preferences: { model: ['claude-sonnet-*', 'gpt-5*', 'claude-*', 'deepseek-*', 'qwen3-coder*', '*'] },
  baseUrl: { form: 'v1', note: msg('agents.copilot.base_url_note') },
  fit,
  files,
  plan,
  unplan,
  readBack,
  // The model goes through COPILOT_MODEL with the rest of the provider: never on the command line.
  oneShot(model, prompt, request) {
    const vars = request
      ? { ...variables({ root: request.baseUrl, v1: request.baseUrl, model, protocol: request.protocol }), [BASE_URL]: request.baseUrl }
      : { [MODEL]: model, [OFFLINE]: 'true', [AUTO_UPDATE]: 'false' };
    return { command: 'copilot', args: ['-p', prompt, '--allow-all-tools'], env: processEnv(vars, request?.key) };
  },
  session(_env, choice) {
    return { env: processEnv(variables(choice), choice.key) };
  },
});
