// OpenHands CLI (PyPI `openhands`, binary `openhands`, Python ≥ 3.12): one JSON file holding the
// whole agent, its LLM included, which the CLI writes when settings are saved. Facts read in the
// installed 1.16.0 package (openhands_cli/stores/agent_store.py, locations.py; openhands/sdk/llm/
// llm.py and utils/model_features.py) and seen running it against the simulator with a clean HOME:
// - `$OPENHANDS_PERSISTENCE_DIR/agent_settings.json` (default `~/.openhands`): `llm` (`model`,
//   `base_url`, `api_key` in clear, as the CLI saves it) and, when it summarises long histories,
//   `condenser.llm`, a copy of the same LLM. A file holding only `{"llm": {…}}` is read; a run never
//   rewrites it.
// - Requests go through litellm, routed by the model's prefix: `anthropic/<id>` → base_url +
//   /v1/messages with x-api-key (nothing trimmed: root + /v1 doubles it, seen 404), `openai/<id>` →
//   base_url + /chat/completions with a Bearer token, or + /responses when the id names a model the
//   SDK sends over Responses (any id containing `gpt-5` or `codex-mini-latest`, by its own table).
// - LLM_API_KEY, LLM_BASE_URL and LLM_MODEL are read only with `--override-with-envs`, never
//   written to the file: a session uses them. No literal key reference is expanded.
// - One-shot: `openhands --headless --json -t PROMPT` prints JSON events and exits 0 whether or not
//   the model answered; a failed request is a `ConversationErrorEvent` naming litellm's error and the
//   gateway's request ID. Its start fetches litellm's price list from GitHub unless
//   LITELLM_LOCAL_MODEL_COST_MAP is set (three tries, seconds each, offline).
import type { KeyEdit } from '../../config/types.js';
import type { ClassifiedModel } from '../../core/types.js';
import { fitted, notForCoding } from '../fit.js';
import { asRecord, asString, dirFromEnv, notGateway, pathFor, underRoot } from '../paths.js';
import { providerRequest } from '../provider-table.js';
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

/** Ids the SDK always sends over Responses (substrings, any case: its RESPONSES_API_MODELS). */
const RESPONSES_IDS = ['gpt-5', 'codex-mini-latest'];
const overResponses = (id: string): boolean => RESPONSES_IDS.some((s) => id.toLowerCase().includes(s));
/** Settings that describe the model the LLM had (derived from it when unset): they go with it. */
const MODEL_DERIVED = ['model_canonical_name', 'max_input_tokens', 'max_output_tokens'] as const;
/** Variables that keep a run we start quiet and offline: no price list from GitHub, no banner. */
const QUIET = { LITELLM_LOCAL_MODEL_COST_MAP: 'True', OPENHANDS_SUPPRESS_BANNER: '1' } as const;

function settingsPath(env: AgentEnv): string {
  const p = pathFor(env.platform);
  return p.join(dirFromEnv(env, 'OPENHANDS_PERSISTENCE_DIR', p.join(env.home, '.openhands'), { tilde: true }), 'agent_settings.json');
}

/** Messages when marked `anthropic`, else chat; an id the SDK sends over Responses only there. */
function fit(model: ClassifiedModel): ModelFit {
  const excluded = notForCoding(model);
  if (excluded !== undefined) return { ok: false, reason: excluded };
  if (overResponses(model.id)) {
    if (model.protocols.responses === 'yes') return fitted('responses');
    if (model.protocols.responses === 'probe' || !model.marked) return fitted('responses', true);
    return { ok: false, reason: msg('agents.openhands.responses_by_name') };
  }
  if (model.protocols.messages === 'yes') return fitted('messages');
  if (model.protocols.chat === 'yes') return fitted('chat');
  if (!model.marked) return fitted('chat', true);
  return {
    ok: false,
    reason: msg(model.protocols.responses === 'yes' ? 'agents.openhands.responses_only' : 'agents.openhands.no_protocol'),
  };
}

function files(env: AgentEnv, _scope: Scope): AgentFile[] {
  // One file for both scopes: OpenHands keeps its agent in its persistence folder only.
  return [{ path: settingsPath(env), format: 'json', role: 'the agent (its LLM: model, base URL and key)' }];
}

/** The LLM settings for a choice: litellm's provider prefix picks the protocol's client. */
function llmFor(choice: AgentChoice): { model: string; base_url: string } {
  return choice.protocol === 'messages'
    ? { model: `anthropic/${choice.model}`, base_url: choice.root }
    : { model: `openai/${choice.model}`, base_url: choice.v1 };
}

/** The LLM blocks of the file, each with its path: the agent's, and the condenser's copy when there is one. */
function llmBlocks(doc: Record<string, unknown> | undefined): { at: string[]; llm: Record<string, unknown> | undefined }[] {
  const condenser = asRecord(asRecord(doc?.['condenser'])?.['llm']);
  return [{ at: ['llm'], llm: asRecord(doc?.['llm']) }, ...(condenser !== undefined ? [{ at: ['condenser', 'llm'], llm: condenser }] : [])];
}

function plan(env: AgentEnv, choice: AgentChoice, current: CurrentFiles): AgentPlan {
  const path = settingsPath(env);
  const doc = asRecord(current.get(path));
  const notes: Message[] = [];
  if (choice.scope === 'project') notes.push(msg('agents.openhands.no_project', { file: path }));
  if (choice.keyStorage === 'env') notes.push(msg('agents.openhands.key_in_file', { file: path }));
  const { model, base_url } = llmFor(choice);
  const edits: KeyEdit[] = [];
  for (const { at, llm = {} } of llmBlocks(doc)) {
    edits.push(
      { path: [...at, 'model'], value: model },
      { path: [...at, 'base_url'], value: base_url },
      { path: [...at, 'api_key'], value: choice.key },
    );
    if (llm['usage_id'] === undefined) edits.push({ path: [...at, 'usage_id'], value: at.length === 1 ? 'agent' : 'condenser' });
    // Sizes and a canonical name set for another model would be sent for this one.
    if (asString(llm['model']) !== model)
      for (const key of MODEL_DERIVED)
        if (llm[key] !== undefined && llm[key] !== null) edits.push({ path: [...at, key], value: undefined });
  }
  return { edits: [{ path, format: 'json', edits, secret: true }], notes };
}

/**
 * What `remove` takes out: the LLM's model, base URL and key (the condenser's copy too) while its
 * base URL is the gateway's; OpenHands then asks for a model at its next start.
 */
function unplan(env: AgentEnv, _scope: Scope, current: CurrentFiles, gateway: GatewayRef): AgentUnplan {
  const path = settingsPath(env);
  const doc = asRecord(current.get(path));
  const notes: Message[] = [];
  const secrets: string[] = [];
  const edits: KeyEdit[] = [];
  for (const { at, llm } of llmBlocks(doc)) {
    const base = llm?.['base_url'];
    if (!underRoot(base, gateway.root)) {
      if (typeof base === 'string') notes.push(notGateway(path, `${at.join('.')}.base_url`, base, gateway.root));
      continue;
    }
    const key = asString(llm?.['api_key']);
    if (key) secrets.push(key);
    for (const k of ['model', 'base_url', 'api_key']) edits.push({ path: [...at, k], value: undefined });
  }
  if (edits.length === 0) return { edits: [], notes, secrets };
  notes.push(msg('agents.unplan.openhands_after', { file: path }));
  return { edits: [{ path, format: 'json', edits }], notes, secrets };
}

function readBack(env: AgentEnv, _scope: Scope, current: CurrentFiles): AgentRequest | Message {
  const file = settingsPath(env);
  const doc = asRecord(current.get(file));
  if (!doc) return msg('agents.openhands.no_file', { file });
  const llm = asRecord(doc['llm']);
  const model = asString(llm?.['model']) ?? '';
  if (model === '') return msg('agents.openhands.no_model', { file });
  const slash = model.indexOf('/');
  const prefix = slash === -1 ? '' : model.slice(0, slash);
  const id = model.slice(slash + 1);
  const named = asString(llm?.['model_canonical_name']) ?? model;
  const protocol = prefix === 'anthropic' ? 'messages' : prefix === 'openai' ? (overResponses(named) ? 'responses' : 'chat') : undefined;
  if (protocol === undefined) return msg('agents.openhands.other_provider', { model, file });
  const baseUrl = asString(llm?.['base_url']) ?? '';
  if (baseUrl.trim() === '') return msg('agents.openhands.no_base_url', { file });
  const literal = asString(llm?.['api_key']);
  return providerRequest({
    protocol,
    baseUrl,
    strip: 'none',
    model: id,
    key: literal === '' ? undefined : literal,
    keySource: msg('agents.file_field', { file, field: 'llm.api_key' }),
    file,
  });
}

export const openhands = defineAgent({
  id: 'openhands',
  name: 'OpenHands CLI',
  binary: 'openhands',
  versionArgs: ['--version'],
  // `--version` imports the whole SDK first (about 9 s of CPU here): the package metadata tells it.
  versionFromMetadata: true,
  install: { from: 'pip', package: 'openhands', verified: '1.16.0', python: '3.12' },
  // The only version run here; the format is its own.
  versions: { provenFrom: '1.16.0' },
  protocols: ['messages', 'chat', 'responses'],
  // It exits 0 when the model did not answer: the error is one of its JSON events.
  errorOutput: [/"kind": "ConversationErrorEvent"/],
  preferences: { model: ['claude-sonnet-*', 'claude-opus-*', 'gpt-5*', 'deepseek-*', 'qwen3-coder*', 'kimi-k2*', '*'] },
  baseUrl: { form: 'v1', note: msg('agents.openhands.url_note') },
  // Asked for its version too: its start asks GitHub for litellm's price list, retried for seconds
  // where that is unreachable.
  quietEnv: QUIET,
  fit,
  files,
  plan,
  unplan,
  readBack,
  // It has no model flag: the model is the one its settings name.
  oneShot(_model, prompt) {
    return { command: 'openhands', args: ['--headless', '--json', '-t', prompt] };
  },
  // One session (`launch`): its own override variables, read only with --override-with-envs and
  // never saved; agent_settings.json is not touched.
  session(_env, choice) {
    const { model, base_url } = llmFor(choice);
    return { env: { LLM_MODEL: model, LLM_BASE_URL: base_url, LLM_API_KEY: choice.key }, args: ['--override-with-envs'] };
  },
});
