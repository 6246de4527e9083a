// Continue CLI (`cn`, npm `@continuedev/cli`): one YAML assistant config, ~/.continue/config.yaml,
// whose `models` list holds entries {name, provider, model, apiBase, apiKey, roles}. We own exactly
// one entry, named `Gateway`, and keep every other. Facts seen running cn 1.5.47 against the
// simulator with a clean HOME:
// - headless `cn -p` uses the FIRST model with the chat role (a user's Ollama entry listed before
//   ours was tried, "Connection error."): our entry is kept first in the list.
// - `openai` + root/v1 → POST /v1/chat/completions, Bearer; `anthropic` + root/v1 → POST
//   /v1/messages, x-api-key; `anthropic` at the bare root → POST /messages, empty output, exit 0;
//   a doubled /v1 → POST /v1/v1/chat/completions, 404, exit 1.
// - model names matching /^(?:gpt-5|gpt-5-codex|o[0-9])/i stream over /v1/responses whatever
//   `useResponsesApi` says (the retry wrapper calls responsesStream for them, cn 1.5.47 bundle).
// - `apiKey: ${{ secrets.VAR }}` resolves VAR from the process environment.
// - CONTINUE_GLOBAL_DIR replaces ~/.continue (resolved against cwd when relative); the same
//   os.homedir() layout on Windows and macOS. Without a config.yaml (or a saved hub config when
//   logged in) it loads the Continue hub's default assistant, so the one-shot passes `--config`.
import type { KeyEdit } from '../../config/types.js';
import type { ClassifiedModel, Protocol } from '../../core/types.js';
import { fitted, notForCoding } from '../fit.js';
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

/** The name of the entry we own in `models`. */
const CONTINUE_MODEL_NAME = 'Gateway';

/** Model names cn 1.5.47 always sends to /responses (its RVi pattern). */
const RESPONSES_NAME = /^(?:gpt-5|gpt-5-codex|o[0-9])/i;

const SECRET_REF = /^\$\{\{\s*secrets\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}$/;

function continuePaths(env: AgentEnv): { config: string } {
  const p = pathFor(env.platform);
  const dir = envValue(env.env, 'CONTINUE_GLOBAL_DIR');
  const home = dir !== undefined ? p.resolve(env.cwd, dir) : p.join(env.home, '.continue');
  return { config: p.join(home, 'config.yaml') };
}

/** The protocol cn speaks for an `openai` entry with this model name. */
function openaiProtocol(model: string): Protocol {
  return RESPONSES_NAME.test(model) ? 'responses' : 'chat';
}

function fit(model: ClassifiedModel): ModelFit {
  const excluded = notForCoding(model);
  if (excluded !== undefined) return { ok: false, reason: excluded };
  if (model.protocols.messages === 'yes') return fitted('messages');
  const wanted = openaiProtocol(model.id);
  if (model.protocols[wanted] === 'yes') return fitted(wanted);
  if (!model.marked) return fitted(wanted, true);
  return { ok: false, reason: msg(wanted === 'responses' ? 'agents.continue.needs_responses' : 'agents.continue.no_protocol') };
}

function files(env: AgentEnv, _scope: Scope): AgentFile[] {
  // cn reads no project config of this kind: both scopes use the user file.
  return [{ path: continuePaths(env).config, format: 'yaml', role: 'assistant config, models and the key' }];
}

function plan(env: AgentEnv, choice: AgentChoice, current: CurrentFiles): AgentPlan {
  const path = continuePaths(env).config;
  const doc = asRecord(current.get(path));
  const env_ = choice.keyStorage === 'env';
  const entry = {
    name: CONTINUE_MODEL_NAME,
    provider: choice.protocol === 'messages' ? 'anthropic' : 'openai',
    model: choice.model,
    apiBase: choice.v1,
    apiKey: env_ ? `\${{ secrets.${choice.keyEnvVar} }}` : choice.key,
    roles: ['chat', 'edit', 'apply'],
  };
  const edits: KeyEdit[] = [];
  // cn 1.5.47 refuses a config without these three (its schema); the user's values are kept.
  if (asString(doc?.['name']) === undefined) edits.push({ path: ['name'], value: 'Local Config' });
  if (doc?.['version'] === undefined) edits.push({ path: ['version'], value: '1.0.0' });
  if (doc?.['schema'] === undefined) edits.push({ path: ['schema'], value: 'v1' });
  const list = doc?.['models'];
  if (!Array.isArray(list)) {
    edits.push({ path: ['models'], value: [entry] });
  } else {
    const index = list.findIndex((e) => asRecord(e)?.['name'] === CONTINUE_MODEL_NAME);
    if (index === 0) {
      // In place, key by key: options the user added to our entry stay.
      for (const [k, v] of Object.entries(entry)) edits.push({ path: ['models', 0, k], value: v });
    } else {
      // cn takes the first chat model: ours moves (or goes) to the front.
      if (index > 0) edits.push({ path: ['models', index], value: undefined });
      edits.push({ path: ['models', 0], value: entry, insert: true });
    }
  }
  const notes: Message[] = [];
  if (choice.scope === 'project') notes.push(msg('agents.continue.no_project', { file: path }));
  if (env_) notes.push(msg('agents.continue.export_key', { var: choice.keyEnvVar }));
  return { edits: [{ path, format: 'yaml', edits, secret: !env_ }], notes, exportVar: env_ ? choice.keyEnvVar : undefined };
}

function unplan(env: AgentEnv, _scope: Scope, current: CurrentFiles, gateway: GatewayRef): AgentUnplan {
  const path = continuePaths(env).config;
  const list = asRecord(current.get(path))?.['models'];
  const index = Array.isArray(list) ? list.findIndex((e) => asRecord(e)?.['name'] === CONTINUE_MODEL_NAME) : -1;
  if (!Array.isArray(list) || index < 0) return { edits: [], notes: [], secrets: [] };
  const entry = asRecord(list[index]) ?? {};
  if (!underRoot(entry['apiBase'], gateway.root)) {
    return {
      edits: [],
      notes: [notGateway(path, `models[${index}].apiBase`, entry['apiBase'], gateway.root)],
      secrets: [],
    };
  }
  const key = asString(entry['apiKey']);
  // The rest of the file (name, version, schema, the user's models) is the user's config now.
  return {
    edits: [{ path, format: 'yaml', edits: [{ path: ['models', index], value: undefined }] }],
    notes: [],
    secrets: key && !SECRET_REF.test(key) ? [key] : [],
  };
}

/** Whether cn gives this entry the chat role (no `roles` means the default ones, chat included). */
function chats(entry: Record<string, unknown>): boolean {
  const roles = entry['roles'];
  return !Array.isArray(roles) || roles.includes('chat');
}

function readBack(env: AgentEnv, _scope: Scope, current: CurrentFiles): AgentRequest | Message {
  const path = continuePaths(env).config;
  const doc = asRecord(current.get(path));
  if (!doc) return msg('agents.continue.no_file', { file: path });
  const list = doc['models'];
  const first = Array.isArray(list) ? list.map(asRecord).find((e) => e !== undefined && chats(e)) : undefined;
  if (!first) return msg('agents.continue.no_model', { file: path });
  const name = asString(first['name']) ?? asString(first['uses']) ?? '';
  const provider = asString(first['provider']);
  if (provider !== 'openai' && provider !== 'anthropic')
    return msg('agents.continue.other_provider', { name, provider: provider ?? '', file: path });
  const baseUrl = asString(first['apiBase']);
  if (baseUrl === undefined || baseUrl.trim() === '') return msg('agents.continue.no_base_url', { name, file: path });
  const model = asString(first['model']);
  if (model === undefined || model.trim() === '') return msg('agents.continue.no_model_id', { name, file: path });
  const raw = asString(first['apiKey']);
  const ref = raw === undefined ? undefined : SECRET_REF.exec(raw.trim());
  let key: string | undefined;
  let keySource: Message;
  let keyVar: AgentRequest['keyVar'];
  if (ref?.[1] !== undefined) {
    key = envValue(env.env, ref[1]);
    keySource = msg('agents.env_var', { var: ref[1] });
    keyVar = { name: ref[1], via: key === undefined ? 'named' : 'reference' };
  } else {
    key = raw === '' ? undefined : raw;
    keySource = msg('agents.file_field', { file: path, field: `models[${name}].apiKey` });
  }
  const protocol: Protocol = provider === 'anthropic' ? 'messages' : openaiProtocol(model);
  const tail = protocol === 'messages' ? '/messages' : protocol === 'responses' ? '/responses' : '/chat/completions';
  return {
    protocol,
    url: `${trimSlash(baseUrl)}${tail}`,
    model,
    auth: provider === 'anthropic' ? 'x-api-key' : 'bearer',
    key,
    keySource,
    ...(keyVar !== undefined && { keyVar }),
    baseUrl,
    file: path,
  };
}

export const continueCli = defineAgent({
  id: 'continue-cli',
  // Continue renders `${{ secrets.X }}` and `${{ inputs.X }}` in the file's text.
  evaluates: [{ syntax: 'template', fields: ['key', 'baseUrl', 'model'] }],
  name: 'Continue CLI',
  binary: 'cn',
  versionArgs: ['--version'],
  // 1.5.47 writes ~/.continue/logs/cn.log on any run, --version included.
  versionEnv: (scratch) => ({ CONTINUE_GLOBAL_DIR: scratch }),
  install: { from: 'npm', package: '@continuedev/cli', verified: '1.5.47' },
  // The oldest version the agents and new-api tiers ran with every test of theirs passing, the
  // oldest release on the registry.
  versions: { provenFrom: '1.5.11' },
  protocols: ['messages', 'chat', 'responses'],
  preferences: { model: ['claude-sonnet-*', 'gpt-5*', 'deepseek-*', 'qwen3-coder*', '*'] },
  baseUrl: { form: 'v1' },
  fit,
  files,
  plan,
  unplan,
  readBack,
  oneShot(_model, prompt, request) {
    // The model is the config's first chat model (cn has no flag naming a local one). `--config=FILE`
    // as one argument: without it a logged-in cn may load a saved hub assistant instead.
    return { command: 'cn', args: [...(typeof request?.file === 'string' ? [`--config=${request.file}`] : []), '-p', prompt] };
  },
  // One session (`launch`): `--config=FILE` loads a config of ours instead of ~/.continue/config.yaml
  // (written as JSON, which YAML reads). Its key is `${{ secrets.VAR }}`, resolved from the session's
  // environment: the temporary file holds no key.
  session(env, choice, dir) {
    const file = pathFor(env.platform).join(dir, 'config.yaml');
    const config = {
      name: 'Gateway session',
      version: '1.0.0',
      schema: 'v1',
      models: [
        {
          name: CONTINUE_MODEL_NAME,
          provider: choice.protocol === 'messages' ? 'anthropic' : 'openai',
          model: choice.model,
          apiBase: choice.v1,
          apiKey: `\${{ secrets.${choice.keyEnvVar} }}`,
          roles: ['chat', 'edit', 'apply'],
        },
      ],
    };
    return {
      env: { [choice.keyEnvVar]: choice.key },
      files: [{ path: file, content: `${JSON.stringify(config, null, 2)}\n` }],
      args: [`--config=${file}`],
    };
  },
});
