// The English sentences of the hermes-agent agent, by key (named by what they say): `{name}` marks a parameter.
// Its other languages load only when a reader needs one.
import { registerCatalog } from '../../../i18n/index.js';

export const en = {
  'agents.hermes.no_protocol':
    'not marked `anthropic`, `openai` or `openai-response`: Hermes Agent speaks messages, chat completions or Responses',
  'agents.hermes.url_note': 'chat and Responses; the root over messages',
  'agents.hermes.no_project': 'Hermes Agent reads only its home, so the user file {file} was configured instead.',
  'agents.hermes.providers_list': '{file} keeps providers as a list, an older form: the gateway was added as a named provider beside it.',
  'agents.hermes.user_provider':
    'Your own provider providers.{taken} in {file} was left as it is; the gateway got its own, providers.{id}.',
  'agents.hermes.removed_dotenv':
    'Removed {var} from {dotenv}: Hermes Agent would load it over your shell export. The old value is in the backup.',
  'agents.hermes.export_key': 'Hermes Agent reads the key from {var} (key_env): export it in your shell profile.',
  'agents.hermes.shell_other_key': "Your shell's {var} holds another key ({key}); Hermes Agent will send that one. Export the new key.",
  'agents.hermes.no_file': '{file} does not exist: Hermes Agent has no provider of the gateway.',
  'agents.hermes.no_provider_set': 'model.provider is not set in {file}.',
  'agents.hermes.plain_custom':
    'model.provider is "custom" in {file}: that form speaks only chat completions to a gateway; run setup to give the gateway a named provider.',
  'agents.hermes.no_provider': 'model.provider names "{id}", which is not under providers in {file}.',
  'agents.hermes.no_model': 'model.default is not set in {file}.',
  'agents.hermes.no_base_url': 'providers.{id} in {file} has no base_url.',
  'agents.hermes.other_mode':
    'providers.{id} in {file} has api_mode "{mode}", not one the gateway serves (chat_completions, codex_responses, anthropic_messages).',
  'agents.hermes.no_key': 'providers.{id} in {file} has neither key_env nor api_key',
  'agents.hermes.session_home':
    'This session of Hermes Agent has a home of its own: your memories, skills and history in {home} are not loaded, and what it learns is not kept. `{bin} setup --agent hermes-agent` configures your own home.',
  'agents.unplan.hermes_after': 'model was removed from {file}: choose one again with `hermes model`.',
} as const;

declare module '../../../i18n/text.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the English catalog's
  interface MessageCatalog extends Record<keyof typeof en, string> {}
}

registerCatalog(en, async (lang) => (lang === 'zh-CN' ? (await import('./zh-CN.js')).zhCN : undefined));
