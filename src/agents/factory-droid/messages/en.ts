// The English sentences of the factory-droid agent, by key (named by what they say): `{name}` marks a parameter.
// Its other languages load only when a reader needs one.
import { registerCatalog } from '../../../i18n/index.js';

export const en = {
  'agents.droid.no_protocol': 'marked neither `anthropic` nor `openai`: Factory Droid speaks messages, chat completions and Responses',
  'agents.droid.no_project': 'Factory Droid keeps custom models in the user settings only, so {file} was configured instead.',
  'agents.droid.key_in_file': 'Factory Droid cannot reference an environment variable: the key is stored in {file} (mode 0600).',
  'agents.droid.url_note': 'chat and Responses; the root over messages',
  'agents.droid.no_file': '{file} does not exist',
  'agents.droid.no_custom': '{file} selects no custom model ("model": "custom:…")',
  'agents.droid.no_entry': '{file} has no custom model matching "{model}"',
  'agents.droid.other_provider':
    'the selected custom model in {file} has provider "{provider}", not anthropic, openai or generic-chat-completion-api',
  'agents.droid.no_base_url': 'the custom model "{model}" in {file} has no baseUrl',
  'agents.droid.no_model': 'the custom model "{model}" in {file} names no model',
  'agents.unplan.droid_after': 'The selected model was removed from {file}: choose one in Factory Droid (`/model`).',
} as const;

declare module '../../../i18n/text.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the English catalog's
  interface MessageCatalog extends Record<keyof typeof en, string> {}
}

registerCatalog(en, async (lang) => (lang === 'zh-CN' ? (await import('./zh-CN.js')).zhCN : undefined));
