// The English sentences of the doctor, by key (named by what they say): `{name}` marks a parameter.
// Its other languages load only when a reader needs one.
import { registerCatalog } from '../../i18n/index.js';

export const en = {
  'doctor.fix_hint': 'run `gateway-agent-setup doctor --fix` (or `setup`) to rewrite it',
  'doctor.fix_by_hand': 'Fix the file by hand.',
  'doctor.update_agent': 'Update it: {update}',
  'doctor.bad_base_url': '{file}: base URL {url}: {detail}',
  'doctor.shell_override_fix':
    'unset {var} and remove its export from your shell profile (~/.bashrc, ~/.zshrc, …); or run `doctor --fix`, which blanks {var} in the settings so the export is ignored',
  'doctor.key_file_open': '{file} holds the key but its mode is {mode}: other users of this machine can read it.',
  'doctor.key_file_open_fix': 'run `doctor --fix` (it sets 0600), or `chmod 600 {file}`',
  'doctor.env_override': '{var} exported in your shell overrides the key in {file}; {agent} uses the exported one.',
  'doctor.foreign_reference': '{agent} sends the key in {file} as the text {value}: {syntax}, so the gateway gets that text as the key.',
  'doctor.foreign_syntax': 'that is how other agents name a variable ({example}), not how {agent} does',
  'doctor.foreign_reference_fix': 'Write the key itself there, or a reference {agent} reads: `{bin} setup --agent {id}` writes it so.',
  'doctor.env_override_fix':
    'unset {var} (or export the gateway key under it), or pick another variable name with `setup --api-key-env NAME`',
  'doctor.missing_key_fix': 'Export it, or {fix} with the key stored in the file.',
  'doctor.model_label': '{model} (in {file})',
  'doctor.default_model_label': '{model} ({why})',
  'doctor.small_label': 'the small/fast model {model} ({setting} in {file})',
  'doctor.tier_label': 'the {tier} tier model {model} (in {file})',
  'doctor.listed_label': 'the listed model {model} (in {file})',
  'doctor.not_listed': "{label} is not among the key's models.",
  'doctor.not_listed_fix': 'Pick one the key offers (`gateway-agent-setup models`), or {fix}.',
  'doctor.marks_exclude': 'its marks ({marks}) exclude {protocol}',
  'doctor.cannot_serve': "{label} cannot serve {agent}'s {protocol} requests: {reason}.",
  'doctor.pick_marked': 'Pick a model marked for {protocol}, or {fix}.',
  'doctor.untrusted_host':
    '{file} (committed with this repository) points {agent} at {host}, which is not your gateway ({gateway}): nothing was sent there, not even a request without a key.',
  'doctor.untrusted_host_none':
    '{file} (committed with this repository) points {agent} at {host}, and no gateway of yours is known here: nothing was sent there.',
  'doctor.untrusted_host_fix':
    'If {host} is really your gateway, say so: `gateway-agent-setup doctor --scope project --base-url {host}`. To point the file at your own gateway: `gateway-agent-setup doctor --scope project --fix --base-url URL`.',
  'doctor.keyless_server':
    '{agent} uses {url} ({file}) with no key, and it lists its models without one: a local model server (Ollama, LM Studio) or another service, not a gateway.',
  'doctor.not_new_api':
    "{agent} uses {url} ({file}) with no key, and no new-api gateway answers there (asked without a key): a provider's own service or another API.",
  'doctor.no_base_url': 'no base URL to write: pass --base-url (or set GATEWAY_BASE_URL).',
  'doctor.key_not_for_host':
    'the key in {var} is not written to {host}, which this run was not told is your gateway (a key goes only where you send it). If it is: `{bin} doctor --fix --base-url {word}`.',
  'doctor.no_key': 'no key to write: export {var} (or name its variable with --api-key-env NAME).',
  'doctor.setup_failed': 'setup did not succeed.',
  'doctor.error_hint': '{message}; fix: {hint}',
  'doctor.bad_agent': '--agent {id}: not an agent doctor can check.',
  'doctor.bad_agent_hint': 'Agents: {agents}.',
  'doctor.doubled_fix_root': "set {agent}'s base URL to the bare root {origin}: it appends /v1 itself (`{bin} doctor --fix` does it)",
  'doctor.doubled_fix_v1': "set {agent}'s base URL to {origin}/v1, with /v1 once (`{bin} doctor --fix` does it)",
} as const;

declare module '../../i18n/text.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the English catalog's
  interface MessageCatalog extends Record<keyof typeof en, string> {}
}

registerCatalog(en, async (lang) => (lang === 'zh-CN' ? (await import('./zh-CN.js')).zhCN : undefined));
