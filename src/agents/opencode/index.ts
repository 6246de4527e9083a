// OpenCode (`opencode-ai`): one provider entry speaks one protocol, chosen by its AI SDK package,
// so each protocol gets its own provider id. All three packages take root + `/v1`.
// Facts seen running OpenCode against a recording gateway, version 1.18.33; the global config directory is
// xdg-basedir's `$XDG_CONFIG_HOME/opencode`, else `~/.config/opencode` on every platform
// (checked: anomalyco/opencode packages/opencode/src/global/index.ts).
import { openCodeFormat, openCodeRun, openCodeSession, xdgConfigPaths, type OpenCodePaths, xdgScratch } from '../opencode-format.js';
import { defineAgent, type AgentEnv, type AgentInstall } from '../types.js';
import { olderThan, updateCommand } from '../versions.js';
import { msg, type Message } from '../../i18n/index.js';
// Its sentences, registered with the module that says them.
import './messages/en.js';

export { opencodeModelRef } from '../opencode-format.js';

/** The template a new config file starts from, under templates/. */
export const OPENCODE_TEMPLATE = 'opencode/opencode.json';

export const opencodePaths = (env: AgentEnv): OpenCodePaths => xdgConfigPaths(env, 'opencode');

const format = openCodeFormat({
  paths: opencodePaths,
  template: OPENCODE_TEMPLATE,
  create: 'json',
  messages: {
    notMarked: 'agents.opencode.not_marked',
    committedEnv: 'agents.opencode.committed_env',
    exportEnv: 'agents.opencode.export_env',
    modelMissing: 'agents.opencode.model_missing',
    envRefUnset: 'agents.opencode.env_ref_unset',
    unplanAfter: 'agents.unplan.opencode_after',
  },
});

/**
 * A session's config travels in OPENCODE_CONFIG_CONTENT with the key as `{env:VAR}`, which OpenCode
 * substitutes there from 1.2.11; 1.2.6 sent the text itself as the key (its config files it read
 * right: the one-shot on what setup wrote answered).
 */
const SESSION_ENV_REFS_SINCE = '1.2.11';
const INSTALL: AgentInstall = { from: 'npm', package: 'opencode-ai', verified: '1.18.33' };
const sessionRefused = (env: AgentEnv): { why: Message; fix: Message } | undefined =>
  env.agentVersion !== undefined && olderThan(env.agentVersion, SESSION_ENV_REFS_SINCE)
    ? {
        why: msg('agents.opencode.session_too_old', { version: env.agentVersion, since: SESSION_ENV_REFS_SINCE }),
        fix: msg('agents.opencode.session_too_old_fix', { update: updateCommand(INSTALL) }),
      }
    : undefined;

export const opencode = defineAgent({
  id: 'opencode',
  // No models.dev catalogue download, no self-update.
  quietEnv: { OPENCODE_DISABLE_MODELS_FETCH: '1', OPENCODE_DISABLE_AUTOUPDATE: '1' },
  // OpenCode substitutes `{env:NAME}` and `{file:PATH}` in the config's text before parsing it.
  evaluates: [{ syntax: 'brace-substitution', fields: ['key', 'baseUrl', 'model'] }],
  name: 'OpenCode',
  importApps: ['opencode'],
  binary: 'opencode',
  versionArgs: ['--version'],
  // 1.18.33 makes its cache, config and data folders on any run, --version included.
  versionEnv: xdgScratch,
  install: INSTALL,
  // The oldest version the agents and new-api tiers ran with every test of theirs passing (1.2.6:
  // launch, above; 1.2.1: `opencode run` exits 0 on an error it prints; 1.0.0 installs plugins
  // from the network as it starts).
  versions: { provenFrom: '1.2.11' },
  protocols: ['messages', 'chat', 'responses'],
  preferences: {
    model: ['claude-sonnet-*', 'gpt-5*', 'deepseek-*', 'qwen3-coder*', 'kimi-*', 'glm-*', '*'],
    smallModel: ['claude-haiku-*', '*-mini*', '*-flash*', 'deepseek-chat', '*'],
  },
  baseUrl: { form: 'v1' },
  ...format,
  // Stops a harmless attempt to download the models.dev catalogue.
  oneShot: openCodeRun('opencode', { OPENCODE_DISABLE_MODELS_FETCH: '1' }),
  session: openCodeSession('OPENCODE_CONFIG_CONTENT', sessionRefused),
});
