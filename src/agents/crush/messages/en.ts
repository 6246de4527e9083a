// The English sentences of the crush agent, by key (named by what they say): `{name}` marks a parameter.
// Its other languages load only when a reader needs one.
import { registerCatalog } from '../../../i18n/index.js';

export const en = {
  'agents.crush.url_note': 'messages; root + /v1 over chat and Responses',
  'agents.crush.no_protocol':
    'Crush speaks messages, chat completions, or Responses for gpt-4/gpt-5 ids only: this model is marked for none of them',
  'agents.crush.no_project':
    'A project crush.json is committed and the model Crush picked last (its data file) wins over it, so the user file {file} was configured instead.',
  'agents.crush.data_model':
    'Crush keeps the model it last picked in {file}, which wins over its config: that choice now names the gateway model too.',
  'agents.crush.no_file': '{file} does not exist: Crush has no gateway configured.',
  'agents.crush.no_model': "models.large (model and provider) is not set in {file} nor in Crush's data file.",
  'agents.crush.other_provider': 'models.large names the provider "{id}", not "{ours}" defined in {file}: Crush would not use the gateway.',
  'agents.crush.no_base_url': 'providers.{id}.base_url is not set in {file}.',
  'agents.crush.other_type': 'providers.{id}.type is "{type}" in {file}: not a type the gateway serves (openai-compat, openai, anthropic).',
  'agents.unplan.crush_after':
    'The model choice naming the gateway was removed from {file}: Crush asks for a model on its next start (or picks its default).',
} as const;

declare module '../../../i18n/text.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the English catalog's
  interface MessageCatalog extends Record<keyof typeof en, string> {}
}

registerCatalog(en, async (lang) => (lang === 'zh-CN' ? (await import('./zh-CN.js')).zhCN : undefined));
