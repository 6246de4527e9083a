// The English sentences of the copilot-cli agent, by key (named by what they say): `{name}` marks a parameter.
// Its other languages load only when a reader needs one.
import { registerCatalog } from '../../../i18n/index.js';

export const en = {
  'agents.copilot.no_protocol': 'GitHub Copilot CLI needs a model served over Anthropic messages, chat completions or the Responses API.',
  'agents.copilot.source':
    'GitHub Copilot CLI reads only its environment: load these variables in your shell with `source {file}`, or start one session with `gateway-agent-setup launch copilot-cli`.',
  'agents.copilot.no_project': 'GitHub Copilot CLI has no project config: its variables are in {file} for both scopes.',
  'agents.copilot.no_file': '{file} does not exist: run setup for GitHub Copilot CLI.',
  'agents.copilot.no_var': '{file} sets no {var}.',
  'agents.copilot.bad_type': '{file} sets COPILOT_PROVIDER_TYPE to "{type}"; the gateway is reached with "openai" or "anthropic".',
  'agents.copilot.key_source': '{var} in {file}',
  'agents.copilot.base_url_note': 'root + /v1 for chat and Responses models; the root for Anthropic messages models',
} as const;

declare module '../../../i18n/text.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the English catalog's
  interface MessageCatalog extends Record<keyof typeof en, string> {}
}

registerCatalog(en, async (lang) => (lang === 'zh-CN' ? (await import('./zh-CN.js')).zhCN : undefined));
