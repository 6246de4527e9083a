// The English sentences of the core, by key (named by what they say): `{name}` marks a parameter.
// Its other languages load only when a reader needs one.
import { registerCatalog } from '../../i18n/index.js';

export const en = {
  'url.form_hint': 'Write the gateway address like {example} (a trailing /v1 is fine).',
  'url.form_key_hint':
    'Write the gateway address like {example} (a trailing /v1 is fine). Give the API key separately (the tool asks for it on its own), never inside the address.',
  'url.http_warning': 'http:// sends your key across the network in clear text; use https:// unless this host is on your own machine',
  'url.trimmed': 'trimmed whitespace',
  'url.unquoted': 'removed the surrounding quotes',
  'url.empty': 'The gateway address is empty.',
  'url.looks_like_key': 'The gateway address looks like an API key, not an address; it is not shown here.',
  'url.credentials': 'The gateway address {url} contains a user name or password; pass the API key separately, never inside the address.',
  'url.query': 'a query (?…)',
  'url.fragment': 'a fragment (#…)',
  'url.extras': 'The gateway address {url} contains {extras}; it must be only scheme, host, port and path.',
  'url.extras_key':
    'The gateway address {url} contains {extras}; it must be only scheme, host, port and path (pass the API key separately, never inside the address).',
  'url.scheme':
    'The gateway address {url} uses {scheme}:, not https:// or http://; only https:// (or http:// for a gateway on your own machine) is supported.',
  'url.no_host': 'The gateway address {url} has no host name.',
  'url.ipv6': 'The gateway address {url} has an IPv6 address without brackets.',
  'url.ipv6_hint': 'Put it in brackets, like http://[::1]:3000.',
  'url.bad_port': 'The gateway address {url} has an invalid port (it must be a number up to 65535).',
  'url.port_range': 'The gateway address {url} has a port out of range (:{port}; at most 65535).',
  'url.invalid': 'The gateway address {url} is not a valid URL.',
  'url.only_parts': 'The gateway address {url} must be only scheme, host, port and path.',
  'url.added_slashes': 'added the missing // after {scheme}:',
  'url.replaced_slashes': 'replaced "{slashes}" after {scheme}: with //',
  'url.lower_both': 'lower-cased the scheme and host',
  'url.lower_scheme': 'lower-cased the scheme',
  'url.lower_host': 'lower-cased the host',
  'url.host_as': 'wrote the host as {host}',
  'url.empty_port': 'removed the empty port after the host',
  'url.default_port': 'dropped the default port :{port} ({scheme}:// implies it)',
  'url.port_as': 'wrote the port as :{port}',
  'url.path_as': 'read the path {raw} as {path}',
  'url.collapsed': 'collapsed the repeated slashes in the path',
  'url.key_in_path': 'The gateway address has something in its path that looks like an API key; it is not shown here.',
  'url.removed_endpoint': 'removed the pasted endpoint {endpoint} (each agent gets the form it needs)',
  'url.removed_doubled': 'removed a doubled {v1} (no agent repairs it: each would send {v1}/… and get 404)',
  'url.removed_v1': 'removed the trailing {v1} (each agent gets the form it needs)',
  'url.removed_slash': 'removed the trailing /',
  'url.version_path':
    "the path ends in /{last}, which looks like an API version; this gateway's API is under /v1 of its root, so the root is usually without it",
  'url.api_path':
    "the path ends in /api, which on this gateway is the console's own API, not the model API; the root is usually without it",
  'url.endpoint_path':
    'the path ends in /{last}, which looks like an API endpoint rather than the gateway root; if you pasted an endpoint, give the address without it',
  'url.not_url': 'The gateway address {url} is not a URL.',
  'url.missing_colon': 'The gateway address {url} is missing the ":" after {scheme}. Did you mean {suggestion}?',
  'url.no_scheme': 'The gateway address {url} has no scheme (https:// or http://). Did you mean {suggestion}?',
  'url.scheme_hint': 'Write the scheme yourself: https:// for a gateway on the network, http:// only for one on your own machine.',
  'err.parse': '{file}:{line}:{column}: does not parse ({detail}); it was not touched.',
  'err.verbatim': '{text}',
  'err.parse_hint': 'Fix the file by hand (or move it away), then run the command again.',
  'err.cancelled': 'Cancelled; nothing was written.',
  'core.fix': 'fix: {fix}',
  'core.note': 'note: {text}',
  'core.warning_line': 'warning: {text}',
  'core.did_you_mean': 'Did you mean {suggestion}? {hint}',
} as const;

declare module '../../i18n/text.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the English catalog's
  interface MessageCatalog extends Record<keyof typeof en, string> {}
}

registerCatalog(en, async (lang) => (lang === 'zh-CN' ? (await import('./zh-CN.js')).zhCN : undefined));
