// The English sentences of the openclaw agent, by key (named by what they say): `{name}` marks a parameter.
// Its other languages load only when a reader needs one.
import { registerCatalog } from '../../../i18n/index.js';

export const en = {
  'agents.openclaw.no_protocol':
    'not marked `anthropic`, `openai` or `openai-response`: OpenClaw speaks messages, chat completions or Responses',
  'agents.openclaw.no_project': 'OpenClaw has no project config, so the user file {file} was configured instead.',
  'agents.openclaw.user_provider':
    'Your own provider models.providers.{taken} in {file} was left as it is; the gateway got its own, models.providers.{id}.',
  'agents.openclaw.export_key':
    'OpenClaw reads the key from {var} (its config refers to the variable, which it replaces at start): export it in your shell profile.',
  'agents.openclaw.lower_case_var':
    'OpenClaw replaces only upper-case variables in its config, and {var} is not one: the key itself was written to {file}.',
  'agents.openclaw.no_file': '{file} does not exist: OpenClaw has no provider of the gateway.',
  'agents.openclaw.no_primary': 'agents.defaults.model.primary in {file} does not name a model as provider/model.',
  'agents.openclaw.no_provider': 'the default model names provider "{id}", which is not under models.providers in {file}.',
  'agents.openclaw.other_api':
    'models.providers.{id} in {file} speaks api "{api}", not one the gateway serves (anthropic-messages, openai-completions, openai-responses).',
  'agents.openclaw.no_base_url': 'models.providers.{id} in {file} has no baseUrl.',
  'agents.openclaw.other_secret':
    'models.providers.{id}.apiKey in {file} is a secret reference this tool does not read (only source "env").',
  'agents.unplan.openclaw_after':
    'The default model was removed from {file}: OpenClaw uses its own default again (or set agents.defaults.model.primary).',
} as const;

declare module '../../../i18n/text.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the English catalog's
  interface MessageCatalog extends Record<keyof typeof en, string> {}
}

registerCatalog(en, async (lang) => (lang === 'zh-CN' ? (await import('./zh-CN.js')).zhCN : undefined));
