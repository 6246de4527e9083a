// The English sentences of saved settings, by key (named by what they say): `{name}` marks a parameter.
// Its other languages load only when a reader needs one.
import { registerCatalog } from '../../i18n/index.js';

export const en = {
  'settings.field': '{file}: field "{field}" {why}.',
  'settings.fix': 'Fix {file}; see the README, "Saved settings".',
  'settings.key_like': "holds what looks like an API key; settings name the key's variable (keyEnv), never the key",
  'settings.object': 'must be an object',
  'settings.unknown': 'is unknown (known: {known})',
  'settings.string': 'must be a string',
  'settings.env_name': 'must be an environment variable name',
  'settings.agent_list': 'must be a list of agent ids',
  'settings.unknown_agent': 'has unknown agent "{id}" (agents: {agents})',
  'settings.scope': 'must be "user" or "project"',
  'settings.key_storage': 'must be "file" or "env"',
  'settings.string_list': 'must be a list of strings',
  'settings.not_agent': 'is not an agent (agents: {agents})',
  'settings.pattern_list': 'must be a list of patterns',
  'settings.code_file':
    '{file}: a settings file written in JavaScript or TypeScript is code, and settings found in a folder are never run as code.',
  'settings.code_file_hint':
    'Write the same settings as data: .{name}rc.json or .{name}rc.yaml, or a "{name}" key in package.json; then remove this file.',
  'settings.trusted_user_only': 'belongs in your own settings file only (a project file cannot approve itself)',
  'settings.hash': 'must be a SHA-256 hash (64 hex digits); run `trust` again',
  'settings.load_failed': 'A project settings file does not load: {detail}',
  'profiles.active_user_only': 'is recorded by `use` in your own settings file only, never in a project file',
  'profiles.bad_name_field': 'must be a profile name: letters, digits, "-", "_" and ".", starting with a letter or digit',
  'trust.untrusted':
    '{file} is a project settings file you have not approved, and this run would use what it sets: {wants}. Nothing was sent and nothing was written.',
  'trust.untrusted_hint':
    'Read the file; if you trust it, approve it: cd {dir} && {command}. Or give your own value (--base-url, --api-key-env, --agent, --scope), which wins over the file.',
} as const;

declare module '../../i18n/text.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the English catalog's
  interface MessageCatalog extends Record<keyof typeof en, string> {}
}

registerCatalog(en, async (lang) => (lang === 'zh-CN' ? (await import('./zh-CN.js')).zhCN : undefined));
