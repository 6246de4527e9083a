// The English sentences of the agents (shared), by key (named by what they say): `{name}` marks a parameter.
// Its other languages load only when a reader needs one.
import { registerCatalog } from '../../i18n/index.js';

export const en = {
  'agents.var_in': '{var} in {file}',
  'agents.file_field': '{file} {field}',
  'agents.env_var': 'environment variable {var}',
  'agents.fit.image': 'an image-generation model: it serves /v1/images/generations only, not a coding agent',
  'agents.fit.chat_or_messages': 'not marked `openai` or `anthropic`: {agent} speaks chat completions or messages',
  'agents.opencode.no_model': 'model is not set in {files}.',
  'agents.opencode.bad_ref': 'model = "{ref}" is not of the form provider/model.',
  'agents.opencode.no_provider': 'model = "{ref}" names provider "{id}", which is not defined under provider in {file}.',
  'agents.opencode.bad_npm': 'provider "{id}" uses npm package {npm}, which is not one of {known}.',
  'agents.opencode.none': '(none)',
  'agents.opencode.no_base_url': 'provider.{id}.options.baseURL is not set in {file}.',
  'agents.opencode.no_api_key': 'provider.{id}.options.apiKey is not set in {file}',
  'agents.opencode.login_key': 'the key its own login stored for provider {id} ({file})',
  'agents.opencode.env_ref': 'environment variable {var} ({ref} in {file})',
  'agents.opencode.file_ref': 'a {file:} reference in {file}, which this tool does not read',
  'agents.opencode.api_key_in': 'provider.{id}.options.apiKey in {file}',
  'agents.unplan.not_gateway': '{file}: {key} is {value}, not the gateway {root}: left as it is, with the settings beside it.',
  'run.install_it': 'install it: npm install -g {package}',
  'run.install_it_go': 'install it: go install {module}@latest',
  'run.install_it_pip': 'install it: pipx install {package} (or python3 -m pip install {package})',
  'agents.version.update_npm': '`npm install -g {package}@latest`',
  'agents.version.update_go': '`go install {module}@latest`',
  'agents.version.update_pip': '`pipx upgrade {package}` (or `python3 -m pip install -U {package}`)',
  'agents.path_relative':
    'note: agents are looked for only in absolute PATH entries; not in {dirs} (a folder of whatever directory you run in).',
  'agents.version.older': '{agent} {version} is installed: versions older than {broken} were seen not to read the config this tool writes',
  'agents.version.unproven':
    '{agent} {version} is installed, older than {proven}, the oldest version our tests ran: the config is written as that version reads it, not proven',
  'agents.version.below_floor': '{older}: nothing was written for it. Update it: {update}',
  'agents.version.protocol_since': '{agent} {version} does not speak {protocol} (it does from {since}); update it: {update}',
  'doctor.labelled': '{label}: {message}',
} as const;

declare module '../../i18n/text.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the English catalog's
  interface MessageCatalog extends Record<keyof typeof en, string> {}
}

registerCatalog(en, async (lang) => (lang === 'zh-CN' ? (await import('./zh-CN.js')).zhCN : undefined));
