// Aider (`aider`, PyPI `aider-chat`): one YAML file, ~/.aider.conf.yml, whose keys are its long
// command-line options. Facts read in aider-chat 0.86.2's own source (aider/args.py, aider/main.py)
// and seen running it against the simulator (clean HOME, `env -i`):
// - Config files: `.aider.conf.yml` in the working directory, in the git root, then in the home
//   (`Path.home()`, so %USERPROFILE% on Windows), parsed by configargparse's YAMLConfigFileParser;
//   no variable moves the home file (only `--config FILE`).
// - Precedence (configargparse): command line, then `AIDER_<OPTION>` variables, then config files.
//   `openai-api-key` / `openai-api-base` are copied into OPENAI_API_KEY / OPENAI_API_BASE, which
//   litellm reads; without them the shell's OPENAI_API_KEY / OPENAI_API_BASE are used.
// - The YAML holds only literal values: nothing expands `$VAR`, so the key is stored in the file.
// - `model: openai/<id>` sends litellm's OpenAI client to `openai-api-base` + `/chat/completions`:
//   the base takes /v1 (seen: `POST /v1/chat/completions`, Bearer; a root base sent
//   `POST /chat/completions`). A bare id would be routed by litellm's own name table (deepseek-chat
//   to DeepSeek's servers), hence the `openai/` prefix.
// - litellm sends models its table lists as Responses-only (gpt-5.1-codex) to `/v1/responses`
//   even under `openai/`: seen failing to parse the stream with exit 0. Chat models only.
// - `weak-model`: without it, `openai/gpt-5.1` gets `openai/gpt-5-nano` for commit messages and
//   summaries (aider's model settings), a model the gateway may not have; we set the main one.
// - Exit code 0 on every failure seen (404, 401, empty answer): the answer text is what tells.
import type { KeyEdit } from '../../config/types.js';
import type { ClassifiedModel } from '../../core/types.js';
import { fitChatOnly } from '../fit.js';
import { asRecord, asString, envValue, notGateway, pathFor, trimSlash, underRoot } from '../paths.js';
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

/** litellm's provider prefix that routes a model to the OpenAI-compatible base URL. */
const PREFIX = 'openai/';

function aiderPaths(env: AgentEnv): { config: string } {
  const p = pathFor(env.platform);
  return { config: p.join(env.home, '.aider.conf.yml') };
}

function fit(model: ClassifiedModel): ModelFit {
  return fitChatOnly(model, msg('agents.aider.not_chat'));
}

function files(env: AgentEnv, _scope: Scope): AgentFile[] {
  // A project `.aider.conf.yml` is committed and cannot name a variable for the key: both scopes
  // use the user file.
  return [{ path: aiderPaths(env).config, format: 'yaml', role: 'API base, key and model' }];
}

function plan(env: AgentEnv, choice: AgentChoice, _current: CurrentFiles): AgentPlan {
  const path = aiderPaths(env).config;
  const model = `${PREFIX}${choice.model}`;
  const edits: KeyEdit[] = [
    { path: ['openai-api-base'], value: choice.v1 },
    { path: ['openai-api-key'], value: choice.key },
    { path: ['model'], value: model },
    { path: ['weak-model'], value: model },
  ];
  const notes: Message[] = [];
  if (choice.scope === 'project') notes.push(msg('agents.aider.no_project', { file: path }));
  if (choice.keyStorage === 'env') notes.push(msg('agents.aider.key_in_file', { file: path }));
  return { edits: [{ path, format: 'yaml', edits, secret: true }], notes };
}

/**
 * What `remove` takes out: the four keys `plan` wrote, while `openai-api-base` is still the
 * gateway's; a `model` or `weak-model` without the `openai/` prefix is the user's since, and stays.
 */
function unplan(env: AgentEnv, _scope: Scope, current: CurrentFiles, gateway: GatewayRef): AgentUnplan {
  const path = aiderPaths(env).config;
  const doc = asRecord(current.get(path));
  const base = doc?.['openai-api-base'];
  if (!doc || base === undefined) return { edits: [], notes: [], secrets: [] };
  if (!underRoot(base, gateway.root)) {
    return {
      edits: [],
      notes: [notGateway(path, 'openai-api-base', base, gateway.root)],
      secrets: [],
    };
  }
  const key = asString(doc['openai-api-key']);
  const edits: KeyEdit[] = [
    { path: ['openai-api-base'], value: undefined },
    ...(key !== undefined ? [{ path: ['openai-api-key'], value: undefined }] : []),
    ...(['model', 'weak-model'] as const).filter((k) => asString(doc[k])?.startsWith(PREFIX)).map((k) => ({ path: [k], value: undefined })),
  ];
  const notes = edits.some((e) => e.path[0] === 'model') ? [msg('agents.unplan.aider_after', { file: path })] : [];
  return { edits: [{ path, format: 'yaml', edits }], notes, secrets: key ? [key] : [] };
}

function readBack(env: AgentEnv, _scope: Scope, current: CurrentFiles): AgentRequest | Message {
  const path = aiderPaths(env).config;
  const doc = asRecord(current.get(path));
  if (!doc) return msg('agents.aider.no_file', { file: path });
  const named = envValue(env.env, 'AIDER_MODEL') ?? asString(doc['model']);
  if (named === undefined || named.trim() === '') return msg('agents.aider.no_model', { file: path });
  if (!named.startsWith(PREFIX)) return msg('agents.aider.not_openai_model', { model: named, file: path });
  const baseUrl = envValue(env.env, 'AIDER_OPENAI_API_BASE') ?? asString(doc['openai-api-base']) ?? envValue(env.env, 'OPENAI_API_BASE');
  if (baseUrl === undefined || baseUrl.trim() === '') return msg('agents.aider.no_base_url', { file: path });
  const fileKey = asString(doc['openai-api-key']);
  const keyVar = envValue(env.env, 'AIDER_OPENAI_API_KEY');
  const configured: { key: string | undefined; source: Message; var?: string } =
    fileKey !== undefined && fileKey !== ''
      ? { key: fileKey, source: msg('agents.file_field', { file: path, field: 'openai-api-key' }) }
      : { key: envValue(env.env, 'OPENAI_API_KEY'), source: msg('agents.env_var', { var: 'OPENAI_API_KEY' }), var: 'OPENAI_API_KEY' };
  const request: AgentRequest = {
    protocol: 'chat',
    url: `${trimSlash(baseUrl)}/chat/completions`,
    model: named.slice(PREFIX.length),
    auth: 'bearer',
    key: keyVar ?? configured.key,
    keySource: keyVar !== undefined ? msg('agents.env_var', { var: 'AIDER_OPENAI_API_KEY' }) : configured.source,
    ...(keyVar !== undefined
      ? { keyVar: { name: 'AIDER_OPENAI_API_KEY', via: 'export' as const } }
      : configured.var !== undefined && { keyVar: { name: configured.var, via: 'export' as const } }),
    baseUrl,
    file: path,
  };
  // An exported AIDER_OPENAI_API_KEY beats the config file (configargparse: environment over files).
  if (keyVar !== undefined && keyVar !== configured.key) {
    request.overridden = {
      var: 'AIDER_OPENAI_API_KEY',
      ...(configured.key !== undefined && { configKey: configured.key }),
      configAuth: 'bearer',
      configSource: configured.source,
    };
  }
  return request;
}

export const aider = defineAgent({
  id: 'aider',
  name: 'Aider',
  binary: 'aider',
  versionArgs: ['--version'],
  install: { from: 'pip', package: 'aider-chat', verified: '0.86.2' },
  // The oldest version the agents tier ran (all its tests passed), four months before the pin.
  versions: { provenFrom: '0.82.0' },
  protocols: ['chat'],
  preferences: { model: ['claude-sonnet-*', 'gpt-5*', 'deepseek-*', 'qwen3-coder*', '*'] },
  baseUrl: { form: 'v1' },
  fit,
  files,
  plan,
  unplan,
  readBack,
  // Aider names the model with litellm's provider prefix: the configured `openai/<id>`.
  modelArg(_current, request) {
    return `${PREFIX}${request.model}`;
  },
  // One argument `--model=openai/<id>`: the id can never be read as a flag. The rest, read in
  // aider 0.86.2's args.py: no git (no repo is created or committed to), every question answered
  // yes, no update check, no analytics (`--analytics-disable` would write a permanent opt-out into
  // the user's ~/.aider), no model-warning prompt, no release notes, plain output. LITELLM_LOCAL_MODEL_COST_MAP
  // keeps litellm from downloading its model table at start.
  // Aider looks up litellm's model prices on GitHub (aider/models.py, ModelInfoManager, 0.86.2) and
  // prints the exception when a network blocks it ("…raw.githubusercontent.com… Failed to establish a
  // new connection"), then answers all the same. LITELLM_LOCAL_MODEL_COST_MAP stops litellm's own copy
  // of that lookup, not Aider's.
  harmlessOutput: [/raw\.githubusercontent\.com|model_prices_and_context_window\.json/],
  // Built on litellm: its errors (`litellm.BadRequestError: …`) and "Empty response received from
  // LLM" are printed on stdout, and Aider exits 0.
  errorOutput: [/\blitellm\.\w*error\b/i, /\bempty response received\b/i],
  oneShot(model, prompt) {
    return {
      command: 'aider',
      args: [
        `--model=${model}`,
        '--no-git',
        '--yes-always',
        '--no-check-update',
        '--no-analytics',
        '--no-show-model-warnings',
        '--no-show-release-notes',
        '--no-pretty',
        '--no-fancy-input',
        '--no-restore-chat-history',
        `--message=${prompt}`,
      ],
      env: { LITELLM_LOCAL_MODEL_COST_MAP: 'True' },
    };
  },
  // One session (`launch`): every option has its AIDER_<OPTION> variable, which ranks above the
  // config files (configargparse), so the environment alone points Aider at the gateway.
  session(_env, choice) {
    const model = `${PREFIX}${choice.model}`;
    return { env: { AIDER_OPENAI_API_BASE: choice.v1, AIDER_OPENAI_API_KEY: choice.key, AIDER_MODEL: model, AIDER_WEAK_MODEL: model } };
  },
});
