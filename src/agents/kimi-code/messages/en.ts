// The English sentences of the kimi-code agent, by key (named by what they say): `{name}` marks a parameter.
// Its other languages load only when a reader needs one.
import { registerCatalog } from '../../../i18n/index.js';

export const en = {
  'agents.kimi.no_protocol':
    'not marked `anthropic`, `openai` or `openai-response`: Kimi Code speaks messages, chat completions or Responses',
  'agents.kimi.no_project': 'Kimi Code reads providers only from {file}, so that user file was configured instead.',
  'agents.kimi.user_provider':
    'Your own provider [providers.{taken}] in {file} was left as it is; the gateway got its own, [providers.{id}].',
  'agents.kimi.export_key': 'Kimi Code reads the key from {var} (api_key_env): export it in your shell profile.',
  'agents.kimi.shell_other_key': "Your shell's {var} holds another key ({key}); Kimi Code will send that one. Export the new key.",
  'agents.kimi.env_model':
    'KIMI_MODEL_NAME is set in your environment ("{model}"): Kimi Code uses that model instead of default_model in {file}. Unset it.',
  'agents.kimi.no_file': '{file} does not exist: Kimi Code has no model until you sign in or configure one.',
  'agents.kimi.no_default': 'default_model is not set in {file}: Kimi Code refuses to run without it.',
  'agents.kimi.legacy_no_default': 'default_model is not set in {file}: kimi-cli has no model to use.',
  'agents.kimi.legacy_binary':
    'The `kimi` on your PATH is kimi-cli {version}, archived in favour of Kimi Code (its last release, 1.52.0, runs nothing but a notice): kimi-cli reads {legacy}, never {file}, which setup writes for Kimi Code. Install Kimi Code: `npm install -g @moonshot-ai/kimi-code`',
  'agents.kimi.legacy_file':
    '{legacy} is the config of kimi-cli, archived in favour of Kimi Code; it was left as it is. Kimi Code reads {file}.',
  'agents.kimi.no_alias': 'default_model = "{alias}" in {file} has no [models."{alias}"] table.',
  'agents.kimi.alias_incomplete': '[models."{alias}"] in {file} lacks provider or model.',
  'agents.kimi.no_context_size': '[models."{alias}"] in {file} has no positive max_context_size, which Kimi Code requires.',
  'agents.kimi.no_provider': '[models."{alias}"] names provider "{id}", which has no [providers.{id}] table in {file}.',
  'agents.kimi.other_type':
    '[providers.{id}] in {file} is of type "{type}", not one the gateway serves (openai, openai_responses, anthropic).',
  'agents.kimi.no_base_url': '[providers.{id}] in {file} has no base_url.',
  'agents.kimi.both_keys': '[providers.{id}] in {file} sets both api_key and api_key_env, which Kimi Code refuses: remove one.',
  'agents.unplan.kimi_after': 'default_model was removed from {file}: set it to one of your models, or sign in to Kimi Code again.',
} as const;

declare module '../../../i18n/text.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the English catalog's
  interface MessageCatalog extends Record<keyof typeof en, string> {}
}

registerCatalog(en, async (lang) => (lang === 'zh-CN' ? (await import('./zh-CN.js')).zhCN : undefined));
