// The English sentences of the claude-code agent, by key (named by what they say): `{name}` marks a parameter.
// Its other languages load only when a reader needs one.
import { registerCatalog } from '../../../i18n/index.js';

export const en = {
  'agents.cc.not_messages': 'not marked `anthropic`: Claude Code speaks only the messages protocol (/v1/messages)',
  'agents.cc.shell_exports_one': 'your shell exports one ({key})',
  'agents.cc.file_sets_one': '{file} sets one ({key})',
  'agents.cc.blanked':
    'Set {var} to "" in {file}: {inherited}, which Claude Code would send as x-api-key, and the gateway prefers x-api-key over the token written here.',
  'agents.cc.removed_key':
    'Removed {var} from {file}: Claude Code would send it as x-api-key beside the gateway token, and the gateway prefers x-api-key. The old value is in the backup.',
  'agents.cc.removed_key_masked':
    'Removed {var} ({key}) from {file}: Claude Code would send it as x-api-key beside the gateway token, and the gateway prefers x-api-key. The old value is in the backup.',
  'agents.cc.removed_token':
    'Removed {var} from {main}, the project settings meant to be committed with the project; the key belongs in {auth}.',
  'agents.cc.removed_shadows': 'Removed {vars} from {auth}: they would override the values in {main}.',
  'agents.cc.foreign_helper':
    '{auth} has an apiKeyHelper this tool did not write ({helper}); it was left alone, and Claude Code may send its output as the key.',
  'agents.cc.export_key': 'Claude Code reads the key from {var} through apiKeyHelper: export {var} in your shell profile.',
  'agents.cc.shell_var_ignored':
    "Your shell exports {name}; Claude Code's settings env block wins over it, so it does not change this setup.",
  'agents.shell_environment': 'shell environment',
  'agents.cc.no_base_url': '{var} is not set in {files}: Claude Code would call api.anthropic.com, not the gateway.',
  'agents.cc.no_model': "Claude Code's own default, as {var} is not set in {file}",
  'agents.cc.no_model_known': '{var} is not set in {file}: Claude Code would ask for its own default model.',
  'agents.source_var': '{source} {var}',
  'agents.cc.helper_prints': 'apiKeyHelper in {source} printing ${var}',
  'agents.cc.helper_foreign': 'apiKeyHelper in {source} (a command this tool does not run)',
  'agents.unplan.cc_after':
    'Claude Code has no gateway settings now: it uses its own login again (run `claude` and sign in, or set ANTHROPIC_API_KEY).',
} as const;

declare module '../../../i18n/text.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the English catalog's
  interface MessageCatalog extends Record<keyof typeof en, string> {}
}

registerCatalog(en, async (lang) => (lang === 'zh-CN' ? (await import('./zh-CN.js')).zhCN : undefined));
