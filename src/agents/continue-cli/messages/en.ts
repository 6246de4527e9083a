// The English sentences of the continue-cli agent, by key (named by what they say): `{name}` marks a parameter.
// Its other languages load only when a reader needs one.
import { registerCatalog } from '../../../i18n/index.js';

export const en = {
  'agents.continue.needs_responses':
    'Continue CLI sends models whose names start with gpt-5 or o1 over Responses, and this model is not marked for it',
  'agents.continue.no_protocol': 'marked neither `anthropic` nor `openai`: Continue CLI speaks messages and chat completions',
  'agents.continue.no_project': 'Continue CLI has no project config of this kind, so the user file {file} was configured instead.',
  'agents.continue.export_key': 'Continue CLI reads the key from ${{ secrets.{var} }}: export {var} in your shell profile.',
  'agents.continue.no_file': '{file} does not exist',
  'agents.continue.no_model': '{file} lists no model with the chat role',
  'agents.continue.other_provider': 'the first chat model of {file}, "{name}", has provider "{provider}", not openai or anthropic',
  'agents.continue.no_base_url': 'the model "{name}" in {file} has no apiBase',
  'agents.continue.no_model_id': 'the model "{name}" in {file} names no model',
} as const;

declare module '../../../i18n/text.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the English catalog's
  interface MessageCatalog extends Record<keyof typeof en, string> {}
}

registerCatalog(en, async (lang) => (lang === 'zh-CN' ? (await import('./zh-CN.js')).zhCN : undefined));
