// The English sentences of the aider agent, by key (named by what they say): `{name}` marks a parameter.
// Its other languages load only when a reader needs one.
import { registerCatalog } from '../../../i18n/index.js';

export const en = {
  'agents.aider.not_chat':
    'not marked `openai`: Aider is set up over chat completions (litellm sends Responses-only models to /v1/responses, which it cannot read from a gateway)',
  'agents.aider.no_project':
    'Aider cannot read the key from a variable and a project .aider.conf.yml is committed, so the user file {file} was configured instead.',
  'agents.aider.key_in_file': 'Aider cannot reference an environment variable in its config: the key is stored in {file} (mode 0600).',
  'agents.aider.no_file': '{file} does not exist: Aider has no gateway configured.',
  'agents.aider.no_base_url': 'openai-api-base is not set in {file}.',
  'agents.aider.no_model': 'model is not set in {file}.',
  'agents.aider.not_openai_model': 'model is "{model}" in {file}: without the openai/ prefix Aider would not send it to openai-api-base.',
  'agents.unplan.aider_after': 'model was removed from {file}: Aider uses its own default model again (or set model to one of yours).',
} as const;

declare module '../../../i18n/text.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the English catalog's
  interface MessageCatalog extends Record<keyof typeof en, string> {}
}

registerCatalog(en, async (lang) => (lang === 'zh-CN' ? (await import('./zh-CN.js')).zhCN : undefined));
