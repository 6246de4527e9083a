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
  'settings.keys_user_only': 'belongs in your own settings file only (a project file cannot say which gateway your keys belong to)',
  'settings.origin': 'must be a gateway origin (scheme, host and port, as https://gw.example.com)',
  'settings.hash': 'must be a SHA-256 hash (64 hex digits); run `trust` again',
  'settings.too_large': '{file} is {kib} KiB: a settings file is at most {max} KiB, so this one was not read.',
  'settings.too_large_hint': 'Keep the settings in a small .{name}rc.json or .{name}rc.yaml beside it.',
  'settings.load_failed': 'A project settings file does not load: {detail}',
  'settings.load_detail': '{file}: {detail}',
  'profiles.active_user_only': 'is recorded by `use` in your own settings file only, never in a project file',
  'profiles.bad_name_field': 'must be a profile name: letters (of any script), digits, "-", "_" and ".", starting with a letter or digit',
  'trust.untrusted':
    '{file} is a project settings file you have not approved, and this run would use what it sets: {wants}. Nothing was sent and nothing was written.',
  'trust.untrusted_hint':
    'Read the file; if you trust it, approve it: cd {dir} && {command}. Or give your own value (--base-url, --api-key-env, --agent, --scope), which wins over the file.',
  'setup.unknown_agent_flag': '--agent {arg}: unknown agent.',
  'setup.unknown_model_agent': '--model {arg}: unknown agent {agent}.',
  'inputs.no_base_url': 'No gateway address given.',
  'inputs.no_base_url_hint': 'Pass --base-url https://your-gateway.example (or set {env}).',
  'inputs.base_url_note': 'note: base URL: {text}',
  'inputs.base_url_warning': 'warning: base URL: {text}',
  'inputs.empty_api_key': '--api-key was given an empty value.',
  'inputs.set_env': 'Set {var} in the environment, or drop --api-key-env to use {default}.',
  'inputs.set_saved_env': 'Set {var} in the environment (your saved settings name it), or give the key with --api-key-env NAME.',
  'inputs.set_default_env': 'Set {var} in the environment (or name another variable with --api-key-env NAME).',
  'inputs.no_key': 'No API key: {source} is not set.',
  'inputs.bad_key': 'The key from {source} ({key}) contains spaces or control characters.',
  'inputs.bad_key_hint': 'Copy the key again from the console: it is one word, usually sk- followed by 48 letters and digits.',
  'saved.env_storage_unset':
    'The saved settings ({files}) say keyStorage "env", but ${var} is not set here: the configs would be left without the key. Nothing was written.',
  'saved.env_storage_unset_hint':
    'Export {var} with the key, or pass --key-storage file (the key is written into the files), or --key-storage env to keep only the variable name anyway.',
  'fs.settings_not_saved': 'The configs are written, but the saved settings could not be: {reason}. `sync` will not know this run.',
  'followed.left':
    'Taken out of your saved settings too, as their configs no longer use {gateway}: {agents}. `sync` and `doctor` leave them alone; `{bin} setup --agent {id}` sets one up again.',
  'followed.back': 'Back in your saved settings, as their configs use {gateway} again: {agents}. `sync` keeps them current.',
  'followed.unlinked': 'No longer recorded as set up by a profile, as their configs no longer use its gateway: {agents}.',
  'keys.env_name_hint': 'Example: --api-key-env codex=CODEX_GATEWAY_KEY (an agent, "=", then a variable name: letters, digits and _).',
  'import.both_sources': '--import and --import-env are both given: give the link one way.',
  'import.dash_only': '--import takes only "-" (read the link from standard input).',
  'import.stdin_terminal': '--import - reads the link from a pipe, but standard input is a terminal (a link typed there is shown).',
  'import.stdin_terminal_hint':
    'Pipe it (`pbpaste | {bin} setup --import -`), or run the wizard (`{bin}`) and paste it at its hidden prompt.',
  'import.env_name': '--import-env takes the NAME of a variable that holds the link (letters, digits and _).',
  'import.env_unset': '--import-env {var}: the variable is not set or empty.',
  'import.env_unset_hint': 'Set {var} to the link copied from the gateway console (for example as a CI secret), then run again.',
  'import.too_large': 'The import link from {source} is over {kib} KiB: no gateway makes a link that long. Nothing was read from it.',
  'import.env_storage':
    'The key from {source} is in no variable, and key storage "env" would have the agents read ${var}, which holds another key or none. Nothing was sent.',
  'import.env_storage_hint': "Drop --key-storage env (the link's key is written into the files), or export the link's key as {var} first.",
  'import.empty': 'The import link from {source} is empty.',
  'import.conflict': 'The import link gives the base URL and the key, and {flag} is given too.',
  'import.conflict_hint': 'Drop {flag}, or drop the link and give the base URL and the key yourself.',
  'keys.bound_elsewhere':
    "The key in ${var} was saved for {origins}, and this run's gateway is {origin}: a key goes only to the gateway it was given for. Nothing was sent.",
  'keys.bound_elsewhere_hint':
    'To use that key with {origin}, name it yourself: --api-key-env {var}. To keep both gateways, give {origin} a profile of its own with its own key variable: gateway-agent-setup use NAME --base-url {origin} --api-key-env ITS_KEY_VAR.',
  'keys.kept_in_config':
    '{agent} keeps the key in its config ({file}); ${var} holds another key, which this run does not use. To replace the key, name it: --api-key-env {var}.',
  'keys.waiting_fix': '{fix}; or send the key in ${var} instead: add --api-key-env {var}',
  'keys.dropped': 'The saved gateway is now {origin}; the key variables saved for {before} are no longer used with it: {vars}.',
  'keys.rebound': '${var} now belongs to {origin} (it was saved for {before}).',
  'profiles.key_unset': 'Profile "{name}" reads its key from ${var}, which is not set.',
  'profiles.key_unset_hint': 'Export {var} with the key (the profile names the variable, never the key), or pass --api-key-env NAME.',
  'setup.agents_hint': 'Agents: {agents}.',
  'wizard.api_key_env_name_hint': 'Example: --api-key-env MY_GATEWAY_KEY (letters, digits and _).',
  'wizard.api_key_flag_warning':
    'warning: --api-key puts the key in your shell history and the process list; prefer {var}=… in the environment.',
  'keys.unknown_agent': '--api-key-env: unknown agent {agent}.',
  'keys.unset': "{agent}'s key variable ${var} is not set (or is empty).",
  'keys.unset_hint': "Export {var} with {agent}'s key, or name another variable with --api-key-env {agent}=NAME.",
  'profiles.unknown_hint': 'Profiles: {names}. `{bin} profiles` lists them.',
  'profiles.none_hint':
    'Add one with `{bin} profiles add NAME --base-url URL --api-key-env VAR --agent ID`, or write "profiles" in the settings by hand (README, "Profiles").',
  'wizard.api_key_env_name': '--api-key-env takes the NAME of an environment variable, not the key.',
  'profiles.no_agents': 'No agent was written by profile "{name}" yet.',
  'profiles.no_agents_hint': "Run `{bin} use {name}` first: it writes the profile's agents and records them.",
  'profiles.conflict': 'Profiles "{a}" and "{b}" both write {agent} ({id}). Nothing was written.',
  'profiles.conflict_hint': 'Use one of them at a time, or take the agent out of one profile (`{bin} profiles` shows their agents).',
} as const;

declare module '../../i18n/text.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the English catalog's
  interface MessageCatalog extends Record<keyof typeof en, string> {}
}

registerCatalog(en, async (lang) => (lang === 'zh-CN' ? (await import('./zh-CN.js')).zhCN : undefined));
