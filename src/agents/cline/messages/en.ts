// The English sentences of the cline agent, by key (named by what they say): `{name}` marks a parameter.
// Its other languages load only when a reader needs one.
import { registerCatalog } from '../../../i18n/index.js';

export const en = {
  'agents.cline.not_openai':
    'not marked `openai`: Cline is set up over chat completions (it drops the base URL of an `anthropic` provider entry)',
  'agents.cline.no_project': 'Cline has no project config, so the user file {file} was configured instead.',
  'agents.cline.key_in_file': 'Cline cannot reference an environment variable: the key is stored in {file} (mode 0600).',
  'agents.cline.no_file': '{file} does not exist: Cline has no provider configured.',
  'agents.cline.no_provider': 'lastUsedProvider is not set in {file}.',
  'agents.cline.other_provider': 'lastUsedProvider = "{id}" in {file}: Cline would not use the gateway.',
  'agents.cline.no_settings': 'providers.{id}.settings is missing in {file}.',
  'agents.cline.no_base_url': 'providers.{id}.settings.baseUrl is not set in {file}.',
  'agents.cline.no_model': 'providers.{id}.settings.model is not set in {file}.',
  'agents.cline.key_in_file_win': 'Cline cannot reference an environment variable: the key is stored in {file}, inside your user profile.',
  'agents.unplan.cline_after': 'lastUsedProvider was removed from {file}: Cline has no provider in use now (run `cline auth`).',
} as const;

declare module '../../../i18n/text.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the English catalog's
  interface MessageCatalog extends Record<keyof typeof en, string> {}
}

registerCatalog(en, async (lang) => (lang === 'zh-CN' ? (await import('./zh-CN.js')).zhCN : undefined));
