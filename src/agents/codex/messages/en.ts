// The English sentences of the codex agent, by key (named by what they say): `{name}` marks a parameter.
// Its other languages load only when a reader needs one.
import { registerCatalog } from '../../../i18n/index.js';

export const en = {
  'agents.codex.anthropic':
    'marked anthropic: Anthropic channels cannot serve /v1/responses (500 convert_request_failed), and Codex speaks only Responses',
  'agents.codex.not_responses': 'not marked `openai-response` or `openai`: Codex speaks only the Responses API (/v1/responses)',
  'agents.codex.user_table_kept':
    'Your own provider [model_providers.{taken}] in {file} was left as it is; the gateway got its own table, [model_providers.{id}].',
  'agents.codex.user_table_active':
    'Your own provider [model_providers.{taken}] in {file} was left as it is; the gateway got its own table, [model_providers.{id}], and model_provider now points to it (set model_provider = "{taken}" to go back).',
  'agents.codex.no_project':
    'Codex ignores model providers in a project .codex/config.toml, so the user file {file} was configured instead.',
  'agents.codex.shell_other_key':
    'Your shell exports {var} with another key ({key}); Codex loads {dotenv} over the shell, so Codex uses the key written there, but other programs still see your export.',
  'agents.codex.forbidden_prefix': 'Codex does not let {dotenv} set variables starting with {prefix}, so the key was not stored there.',
  'agents.codex.removed_dotenv': 'Removed {var} from {dotenv}: Codex would load it over your shell export. The old value is in the backup.',
  'agents.codex.export_key': 'Codex reads the key from {var}: export it in your shell profile.',
  'agents.codex.shell_other_key_env': "Your shell's {var} holds another key ({key}); Codex will send that one. Export the new key.",
  'agents.codex.no_file': '{file} does not exist: Codex would use its built-in OpenAI provider.',
  'agents.codex.no_provider': 'model_provider is not set in {file}: Codex would use its built-in OpenAI provider.',
  'agents.codex.builtin_provider': 'model_provider = "{id}" in {file} is a built-in Codex provider, not the gateway.',
  'agents.codex.no_table': 'model_provider = "{id}" in {file} has no [model_providers.{id}] table.',
  'agents.codex.no_base_url': '[model_providers.{id}] in {file} has no base_url.',
  'agents.codex.wire_chat': '[model_providers.{id}] in {file}: wire_api = chat is no longer supported by Codex (it refuses to start).',
  'agents.codex.own_default': "Codex's own default, as model is not set in {file}",
  'agents.codex.no_model': 'model is not set in {file}: Codex would ask for its own default model.',
  'agents.codex.profile_line':
    '{file} has `profile = "{name}"`, which Codex {since} and later refuse to start with ("legacy profile config is no longer supported"): a profile is now a file of its own, {name}.config.toml, chosen with `--profile {name}`.',
  'agents.codex.removed_profile_line':
    'Removed `profile = "{name}"` from {file}: Codex {since} and later refuse to start with it (a profile is now a file of its own, {name}.config.toml, chosen with `--profile {name}`). Your [profiles.{name}] table stays, and the line is in the backup.',
  'agents.codex.profile_overrides':
    'Codex {version} takes {fields} from the profile "{name}" that {file} makes active (`profile = "{name}"`) over what is written here; the read-back checks what it will use.',
  'agents.codex.no_env_key': '[model_providers.{id}] has no env_key',
  'agents.unplan.codex_after':
    'model_provider and model were removed from {file}: Codex CLI uses OpenAI with its own login again (or set model_provider to one of yours).',
  'agents.unplan.dotenv_kept': '{vars} removed from {file}; the file is kept, even if it is empty now.',
} as const;

declare module '../../../i18n/text.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the English catalog's
  interface MessageCatalog extends Record<keyof typeof en, string> {}
}

registerCatalog(en, async (lang) => (lang === 'zh-CN' ? (await import('./zh-CN.js')).zhCN : undefined));
