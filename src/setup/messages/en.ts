// The English sentences of setup, by key (named by what they say): `{name}` marks a parameter.
// Its other languages load only when a reader needs one.
import { registerCatalog } from '../../i18n/index.js';

export const en = {
  'setup.cannot_see': '{flag} {id}: the key cannot see this model.',
  'setup.suit_list': 'Models that suit {agent}: {list}',
  'setup.suit_none': '(none: this key has no model that suits it)',
  'setup.does_not_suit': '{flag} {id} does not suit {agent}: {reason}',
  'setup.no_models': '{agent}: the key sees no models.',
  'setup.none_suits': "{agent}: none of the key's {n} models suits it.",
  'setup.none_suits_hint': 'Run `gateway-agent-setup models` to see why each model does not suit {agent}.',
  'setup.tier_failed': 'The {tier} tier is left to the main model {model}: {note}',
  'setup.quota_balance':
    "The key's balance, as the gateway tells it: {left} left. Top the key up (or raise its quota) in the gateway's console, then run the same command again.",
  'setup.quota_balance_unknown':
    "The gateway does not tell this key's balance. Top the key up (or raise its quota) in the gateway's console, then run the same command again.",
  'setup.more_failed': '{n} more models failed their probe too ({codes}); `--json` lists each with its request ID.',
  'setup.left_out': 'Left out of the list: {note}',
  'setup.more_left_out': '{n} more models were left out of the list ({codes}); `--json` lists each with its request ID.',
  'setup.list_limited': '{agent} lists the best {n} models by the ranking; name others with --model {id}=ID (repeat it for each).',
  'advice.limits_empty':
    "This key's model limits are switched on with no model in them: it can call nothing. In the gateway's console, edit the key: add models to its limits, or switch the limits off.",
  'advice.limits':
    "{model} is outside this key's model limits. In the gateway's console, edit the key: add {model} to its model limits (or switch the limits off).",
  'advice.unpriced':
    "{model} has no price on this gateway, and new-api lists an unpriced model for no key: ask the gateway's admin to set its price (console: ratio and price settings).",
  'advice.own_group':
    "{model} is sold to this key's group ({groups}) but not listed for the key: ask the gateway's admin to check that group's channels for it.",
  'setup.model_failed': '{model} failed its {protocol} probe ({code}): {cause}',
  'setup.model_failed_id': '{model} failed its {protocol} probe ({code}, request ID {id}): {cause}',
  'setup.fallback_chosen': 'Using {winner} in place of {model}: the next model by the ranking, and it passed its probe.',
  'setup.fallback_stopped':
    "Stopped looking for another model: {model} failed for a reason that is not the model's own ({code}), which every model of this key would meet.",
  'setup.unknown_agent': 'Unknown agent: {id}.',
  'setup.kept_held': "{note}. Kept: the config already held it, and the cause is not the model's.",
  'setup.kept_held_list':
    "Kept in the list, as the config already held them: {models}; their probes failed for a cause that is not the model's ({codes}).",
  'setup.small_failed': 'small model {small} failed its probe ({code}); using {model} for background calls too.',
  'setup.probe_failed_skip': 'its probe failed, so no file was written (use --force to write anyway)',
  'setup.probe_failed_kept': 'its probe failed: its config is left as it was',
  'setup.git_ignored': '{file} holds the key; git ignores it.',
  'setup.git_ignored_rule': '{file} holds the key; git ignores it ({rule}).',
  'setup.git_excluded':
    '{file} holds the key: added {line} to {exclude}, so git never commits it (that file is yours, not shared with the repository).',
  'setup.git_would_exclude': '{file} will hold the key: {line} would be added to {exclude}, so git never commits it.',
  'setup.git_no_repo': '{file} holds the key; this folder is not in a git repository. If you make it one, have git ignore that file.',
  'setup.git_unignored': 'A rule of yours keeps {file} in git ({rule}): writing the key there would commit it. Nothing was written.',
  'setup.git_unignored_hint': 'Remove that rule, or use --scope user (the key then goes into your own config files).',
  'setup.tracked': '{file} is tracked by git: writing the key there would commit it. Nothing was written.',
  'setup.tracked_hint': 'Use --key-storage env (only a variable name is written), or untrack the file (git rm --cached) and ignore it.',
  'setup.run_again': 'Run setup again, or `gateway-agent-setup doctor`.',
  'setup.no_key_found': '{agent} would find no key ({source}).',
  'setup.no_key_found_fix': 'Make the key available where {agent} reads it ({source}), e.g. export the variable in your shell profile.',
  'setup.other_key': '{agent} resolves a different key ({key}) from {source}.',
  'setup.hardlink_split': '{file} has {others} other hard link(s): they keep the old content (the new file replaces this name only).',
  'setup.readonly_replaced': '{file} was read-only; it is replaced all the same.',
  'setup.untracked_link':
    '{file} is a link to {real}, inside a git work tree that neither tracks nor ignores it: the next `git add` would commit the key. Nothing was written.',
  'setup.untracked_link_hint':
    'Use --key-storage env (only a variable name is written), or have that repository ignore the file (.gitignore).',
  'setup.tracked_link': '{file} is a link to {real}, which git tracks: writing the key there would commit it. Nothing was written.',
  'setup.read_back_elsewhere':
    'After writing, {agent} reads its gateway from {file}: {host}, not the one this run wrote ({root}). Nothing was sent to {host}.',
  'setup.read_back_elsewhere_fix': 'Look at {file}: another setting there wins over ours; remove it, or point it at your gateway.',
  'evaluated.not_candidate': 'its id {why}',
  'setup.link_app_unknown':
    'The import link was made for "{app}", which gateway-agent-setup does not configure; its gateway and key are not taken for other agents unasked.',
  'setup.launch_only_installed':
    'note: {agent} is installed here; setup writes nothing for it (it keeps its model in its own agents): `{bin} launch {id}` starts it through the gateway.',
  'setup.link_app_unknown_hint':
    'Name the agents to set up with this gateway and key: `{bin} setup --import - --agent ID,…` (`{bin} --help` lists them).',
  'setup.link_hint_missing':
    "The import link suggests {model} for {agent}'s {slot}, but the key does not list it: the best model it lists was chosen instead.",
  'setup.link_slot_main': 'main model',
  'setup.link_slot_small': 'small/fast model',
  'setup.link_slot_tier': '"{tier}" model',
} as const;

declare module '../../i18n/text.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the English catalog's
  interface MessageCatalog extends Record<keyof typeof en, string> {}
}

registerCatalog(en, async (lang) => (lang === 'zh-CN' ? (await import('./zh-CN.js')).zhCN : undefined));
