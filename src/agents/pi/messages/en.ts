// The English sentences of the pi agent, by key (named by what they say): `{name}` marks a parameter.
// Its other languages load only when a reader needs one.
import { registerCatalog } from '../../../i18n/index.js';

export const en = {
  'agents.pi.not_marked': 'not marked `anthropic`, `openai` or `openai-response`: Pi needs messages, chat or Responses',
  'agents.pi.base_note': 'the bare root for messages (Pi appends /v1/messages itself); root + /v1 for chat and Responses',
  'agents.pi.no_project': 'Pi has no project config for providers: {file} in your home was configured instead.',
  'agents.pi.export_env':
    '{file} names the key by its variable {var}: export {var} in your shell profile (without it, Pi sends the name itself as the key).',
  'agents.pi.no_default': 'defaultProvider and defaultModel are not set in {file}.',
  'agents.pi.no_provider': 'provider "{id}" is not defined under providers in {file}.',
  'agents.pi.bad_api': 'provider "{id}" uses api {api}, which is not one of {known}.',
  'agents.pi.no_base_url': 'providers.{id}.baseUrl is not set in {file}.',
  'agents.pi.no_api_key': 'providers.{id}.apiKey is not set in {file}',
  'agents.pi.command_key': 'a shell command (providers.{id}.apiKey starting with "!") in {file}, which this tool does not run',
  'agents.pi.env_key': 'environment variable {var} (named by apiKey in {file})',
  'agents.pi.env_key_unset': 'apiKey in {file} names {var}, which is unset: Pi would send the name itself as the key',
  'agents.pi.api_key_in': 'providers.{id}.apiKey in {file}',
  'agents.unplan.pi_after':
    'defaultProvider and defaultModel were removed from {file}: Pi uses its own default again (choose one with `/model`).',
} as const;

declare module '../../../i18n/text.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the English catalog's
  interface MessageCatalog extends Record<keyof typeof en, string> {}
}

registerCatalog(en, async (lang) => (lang === 'zh-CN' ? (await import('./zh-CN.js')).zhCN : undefined));
