// Kilo CLI (`@kilocode/cli`, bin `kilo`), a fork of OpenCode: the same config format (see
// opencode-format.ts) in `kilo.json`/`kilo.jsonc` under `~/.config/kilo`.
// Facts seen running Kilo CLI 7.7.7 (7.8.1 has no linux platform package on this registry) against a
// recording gateway with a clean HOME: `~/.config/kilo/kilo.jsonc` with OpenCode's `provider` layout
// and `{env:VAR}` references is read; `@ai-sdk/openai-compatible` sent `POST /v1/chat/completions`
// (Bearer), `@ai-sdk/openai` `POST /v1/responses` (Bearer) and `@ai-sdk/anthropic` `POST /v1/messages`
// (x-api-key), all from root + `/v1`; `run --model=provider/id` is read by its yargs parser. Its
// binary (7.7.7) reads the global files `config.json`, `kilo.json`, `kilo.jsonc`, `opencode.json`,
// `opencode.jsonc` in that order from its config dir, and project files `kilo.jsonc`, `kilo.json`
// found upward from the working directory (and inside `.kilo/`); the config dir follows
// XDG_CONFIG_HOME as OpenCode's does. We edit the `kilo.*` pair only.
import { openCodeFormat, openCodeRun, openCodeSession, xdgConfigPaths, type OpenCodePaths, xdgScratch } from '../opencode-format.js';
import { defineAgent, type AgentEnv } from '../types.js';
// Its sentences, registered with the module that says them.
import './messages/en.js';

/** The text a new config file starts from. */
/** The template a new config file starts from, under templates/. */
export const KILO_TEMPLATE = 'kilo/kilo.jsonc';

export const kiloPaths = (env: AgentEnv): OpenCodePaths => xdgConfigPaths(env, 'kilo');

const format = openCodeFormat({
  paths: kiloPaths,
  template: KILO_TEMPLATE,
  // kilo.jsonc is the name Kilo's own docs and `kilo` itself use for the user file.
  create: 'jsonc',
  messages: {
    notMarked: 'agents.kilo.not_marked',
    committedEnv: 'agents.kilo.committed_env',
    exportEnv: 'agents.kilo.export_env',
    modelMissing: 'agents.kilo.model_missing',
    envRefUnset: 'agents.kilo.env_ref_unset',
    unplanAfter: 'agents.unplan.kilo_after',
  },
});

export const kilo = defineAgent({
  id: 'kilo',
  // Kilo reads OpenCode's format: `{env:NAME}` and `{file:PATH}` are substituted in the text.
  evaluates: [{ syntax: 'brace-substitution', fields: ['key', 'baseUrl', 'model'] }],
  name: 'Kilo CLI',
  binary: 'kilo',
  versionArgs: ['--version'],
  // 7.7.7 makes its cache, config and data folders on any run, --version included.
  versionEnv: xdgScratch,
  install: { from: 'npm', package: '@kilocode/cli', verified: '7.7.7' },
  // 7.7.2, the oldest release with a Linux package after 7.0.33, passed the agents tier. 7.0.33 reads
  // what we write (the request the module expects, answered "OK") but did not exit within 120 s after
  // answering on a network that refuses api.kilo.ai: not proven, not seen failing to read it.
  versions: { provenFrom: '7.7.2' },
  protocols: ['messages', 'chat', 'responses'],
  preferences: {
    model: ['claude-sonnet-*', 'gpt-5*', 'qwen3-coder*', 'deepseek-*', 'kimi-*', 'glm-*', '*'],
    smallModel: ['claude-haiku-*', '*-mini*', '*-flash*', 'deepseek-chat', '*'],
  },
  baseUrl: { form: 'v1' },
  ...format,
  // Without them it tries models.dev and PostHog first (does not block, about 10 s).
  oneShot: openCodeRun('kilo', { KILO_DISABLE_MODELS_FETCH: '1', KILO_DISABLE_AUTOUPDATE: '1' }),
  session: openCodeSession('KILO_CONFIG_CONTENT'),
});
