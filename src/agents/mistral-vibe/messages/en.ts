// The English sentences of the mistral-vibe agent, by key (named by what they say): `{name}` marks a parameter.
// Its other languages load only when a reader needs one.
import { registerCatalog } from '../../../i18n/index.js';

export const en = {
  'agents.vibe.no_protocol':
    'not marked `openai`, `anthropic` or `openai-response`: Mistral Vibe speaks chat completions, messages or Responses',
  'agents.vibe.url_note': 'chat and Responses; the root over messages',
  'agents.vibe.no_project': 'Mistral Vibe reads providers from its home, so the user file {file} was configured instead.',
  'agents.vibe.not_a_list':
    '{key} in {file} is not a list of tables ([[{key}]]), which Mistral Vibe requires: fix it, then run setup again.',
  'agents.vibe.user_provider':
    'Your own provider "{taken}" in {file} was left as it is; the gateway got its own, [[providers]] name = "{id}".',
  'agents.vibe.removed_dotenv':
    'Removed {var} from {dotenv}: Mistral Vibe would use it whenever the variable is not exported. The old value is in the backup.',
  'agents.vibe.export_key': 'Mistral Vibe reads the key from {var} (api_key_env_var): export it in your shell profile.',
  'agents.vibe.shell_other_key': "Your shell's {var} holds another key ({key}); Mistral Vibe will send that one. Export the new key.",
  'agents.vibe.shell_wins':
    "Your shell's {var} holds another key ({key}), and Mistral Vibe sends an exported value before {dotenv}: unset it or export the new key.",
  'agents.vibe.env_model':
    'VIBE_ACTIVE_MODEL is set in your environment ("{model}"): Mistral Vibe uses it instead of active_model in {file}. Unset it.',
  'agents.vibe.no_file': '{file} does not exist: Mistral Vibe uses Mistral’s own models.',
  'agents.vibe.no_active': 'active_model is not set in {file}: Mistral Vibe uses Mistral’s default model.',
  'agents.vibe.no_model':
    'active_model = "{alias}" in {file} names no [[models]] entry there: Mistral Vibe uses one of Mistral’s own models instead.',
  'agents.vibe.model_incomplete': 'The [[models]] entry "{alias}" in {file} lacks name or provider.',
  'agents.vibe.no_provider': 'The model "{alias}" in {file} uses provider "{id}", which is not a [[providers]] entry there.',
  'agents.vibe.other_style':
    'The provider "{id}" in {file} uses "{style}", not an API the gateway serves (api_style openai, anthropic or openai-responses).',
  'agents.vibe.no_base_url': 'The provider "{id}" in {file} has no api_base.',
  'agents.vibe.no_key_var': 'The provider "{id}" in {file} has no api_key_env_var: Mistral Vibe sends no key.',
  'agents.unplan.vibe_after':
    'active_model was removed from {file}: Mistral Vibe uses Mistral’s default model; choose another with /model.',
} as const;

declare module '../../../i18n/text.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the English catalog's
  interface MessageCatalog extends Record<keyof typeof en, string> {}
}

registerCatalog(en, async (lang) => (lang === 'zh-CN' ? (await import('./zh-CN.js')).zhCN : undefined));
