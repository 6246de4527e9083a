// The English sentences of sync, by key (named by what they say): `{name}` marks a parameter.
// Its other languages load only when a reader needs one.
import { registerCatalog } from '../../i18n/index.js';

export const en = {
  'sync.model_failed': '{model} failed its probe ({code}, request ID {id})',
  'sync.fails_now': '{model} fails its probe now ({code}, request ID {id}) and no other model of the key passes',
  'sync.left_none_passes':
    "{from} left the key's model list, and no model of the key passes in its place ({model}: {code}, request ID {id})",
  'sync.left_unjudged':
    "{from} left the key's model list; the model in its place, {model}, could not be judged ({code}, request ID {id}: not the model's cause)",
  'sync.left_list': "{model} left the key's model list",
  'sync.lost_mark': '{model} lost the mark {agent} needs',
  'sync.newer': 'a newer preferred model is offered',
  'sync.base_url_changed': 'the base URL changed ({from} → {to})',
  'sync.model_on_disk': 'the config on disk uses {from}, not the saved {to}',
  'sync.protocol_changed': "the gateway's marks for {model} now call for {to} instead of {from}",
  'sync.small_changed': 'the small/fast model changes from {from} to {to}',
  'sync.key_changed': 'its config holds another key than the one this run gives it (the key changes)',
  'sync.differs': 'the config on disk differs from the saved setup',
  'sync.list_changed': 'its model list changes: {parts}',
  'sync.list_left': "{models} left the key's model list",
  'sync.list_dropped': '{models} no longer suit it',
  'sync.list_joined': '{models} joined',
  'sync.nothing': 'Nothing to sync: no saved setup was found.',
  'sync.no_agents': 'Nothing to sync: your saved settings name no agent on {gateway} (none was set up there, or `remove` took them off).',
  'sync.no_agents_hint': 'Set one up with `{bin} setup --agent ID`; sync then keeps it current.',
  'sync.nothing_hint': 'Run `{bin} setup` (or the wizard) first; it saves what it set up.',
} as const;

declare module '../../i18n/text.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the English catalog's
  interface MessageCatalog extends Record<keyof typeof en, string> {}
}

registerCatalog(en, async (lang) => (lang === 'zh-CN' ? (await import('./zh-CN.js')).zhCN : undefined));
