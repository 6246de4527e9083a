// The English sentences of the opencode agent, by key (named by what they say): `{name}` marks a parameter.
// Its other languages load only when a reader needs one.
import { registerCatalog } from '../../../i18n/index.js';

export const en = {
  'agents.opencode.not_marked': 'not marked `anthropic`, `openai` or `openai-response`: OpenCode needs messages, chat or Responses',
  'agents.opencode.committed_env':
    '{file} is meant to be committed with the project, so it names the key as {ref}: export {var} in your shell profile (OpenCode sends no auth header when it is unset).',
  'agents.opencode.export_env':
    'OpenCode reads the key from {ref}: export {var} in your shell profile (OpenCode sends no auth header when it is unset).',
  'agents.opencode.model_missing': 'model "{model}" is missing from provider.{id}.models in {file}: OpenCode fails with an opaque error.',
  'agents.opencode.env_ref_unset': '{ref} in {file}: OpenCode sends no auth header when {var} is unset',
  'agents.opencode.session_too_old':
    'OpenCode {version} takes `{env:…}` in OPENCODE_CONFIG_CONTENT as it is (from {since} it reads the variable): a session would send that text as the key.',
  'agents.opencode.session_too_old_fix': 'update OpenCode ({update}), or run `setup`: the config files it writes, this version reads',
  'agents.unplan.opencode_after':
    'The default model was removed from {file}: OpenCode uses its own default now (choose one with `/models`).',
} as const;

declare module '../../../i18n/text.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the English catalog's
  interface MessageCatalog extends Record<keyof typeof en, string> {}
}

registerCatalog(en, async (lang) => (lang === 'zh-CN' ? (await import('./zh-CN.js')).zhCN : undefined));
