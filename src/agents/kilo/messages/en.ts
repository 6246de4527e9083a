// The English sentences of the kilo agent, by key (named by what they say): `{name}` marks a parameter.
// Its other languages load only when a reader needs one.
import { registerCatalog } from '../../../i18n/index.js';

export const en = {
  'agents.kilo.not_marked': 'not marked `anthropic`, `openai` or `openai-response`: Kilo CLI needs messages, chat or Responses',
  'agents.kilo.committed_env':
    '{file} is meant to be committed with the project, so it names the key as {ref}: export {var} in your shell profile (Kilo CLI sends no auth header when it is unset).',
  'agents.kilo.export_env':
    'Kilo CLI reads the key from {ref}: export {var} in your shell profile (Kilo CLI sends no auth header when it is unset).',
  'agents.kilo.model_missing': 'model "{model}" is missing from provider.{id}.models in {file}: Kilo CLI fails with an opaque error.',
  'agents.kilo.env_ref_unset': '{ref} in {file}: Kilo CLI sends no auth header when {var} is unset',
  'agents.unplan.kilo_after': 'The default model was removed from {file}: Kilo CLI uses its own default now (choose one with `/models`).',
} as const;

declare module '../../../i18n/text.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the English catalog's
  interface MessageCatalog extends Record<keyof typeof en, string> {}
}

registerCatalog(en, async (lang) => (lang === 'zh-CN' ? (await import('./zh-CN.js')).zhCN : undefined));
