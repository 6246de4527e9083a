// The English sentences of the qwen-code agent, by key (named by what they say): `{name}` marks a parameter.
// Its other languages load only when a reader needs one.
import { registerCatalog } from '../../../i18n/index.js';

export const en = {
  'agents.qwen.url_note': 'chat and Responses; the root over messages',
  'agents.fit.chat_responses_or_messages': '{agent} needs a model the gateway serves over chat completions, Responses or messages.',
  'agents.qwen.moved_old':
    'Moved the gateway entry an older setup put in modelProviders.{type} of {file} to modelProviders.{id} (mapped by providerProtocol); your other {type} entries stay.',
  'agents.qwen.auth_type_list':
    'Qwen Code {version} reads only the lists named by auth type: the gateway entry is in modelProviders.{type} of {file}, named "… (gateway)"; after updating Qwen Code, run setup again to move it to a provider id of its own.',
  'agents.qwen.unread_id':
    '{file} lists "{model}" under modelProviders.{id}, a provider id Qwen Code reads from {since}; {version} is installed and reads only modelProviders.openai and .anthropic. Run setup again (it writes what {version} reads) or update Qwen Code: {update}',
  'agents.qwen.unread_wire_api':
    '{file} sends "{model}" over Responses (wireApi), which Qwen Code sends from {since}; {version} is installed and would send chat completions. Update Qwen Code: {update}, or run setup again to choose a chat model.',
  'agents.qwen.duplicate':
    '{file} already lists another "{model}" under modelProviders.{type} (not on the gateway); Qwen Code may pick that one. Remove or rename it.',
  'agents.qwen.project_replaces':
    'A project modelProviders replaces the user one: in this project Qwen Code sees only the providers in {file}.',
  'agents.qwen.key_in_user': 'The key went into {user} (env.{var}), not into {file}, which is meant to be committed with the project.',
  'agents.qwen.export_key': 'Qwen Code reads the key from {var}: export it in your shell profile.',
  'agents.qwen.removed_committed':
    'Removed env.{var} from {file}, which is meant to be committed with the project. The old value is in the backup.',
  'agents.qwen.shell_override':
    "Your shell exports {var} with another key ({key}); Qwen Code's shell env beats its settings, so that export overrides the key written here. Update or remove it.",
  'agents.qwen.no_auth': 'security.auth.selectedType is not set in {file}: Qwen Code would ask how to sign in.',
  'agents.qwen.other_auth': 'security.auth.selectedType = "{type}" in {file}: Qwen Code would not use the gateway.',
  'agents.qwen.no_model': 'model.name is not set in {file}.',
  'agents.qwen.no_entry': 'modelProviders.{type} in {file} has no entry with id "{model}".',
  'agents.qwen.no_base_url': 'modelProviders.{type} entry "{model}" in {file} has no baseUrl.',
  'agents.qwen.no_env_key': 'modelProviders.{type} entry "{model}" has no envKey (Qwen Code requires one)',
  'agents.qwen.env_in_settings': 'env.{var} in the settings (or the environment)',
  'agents.unplan.qwen_after': 'model.name was removed from {file}: choose a model in Qwen Code (`/model`, or `/auth` for a provider).',
} as const;

declare module '../../../i18n/text.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the English catalog's
  interface MessageCatalog extends Record<keyof typeof en, string> {}
}

registerCatalog(en, async (lang) => (lang === 'zh-CN' ? (await import('./zh-CN.js')).zhCN : undefined));
