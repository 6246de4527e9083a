// The one place a pasted gateway address becomes the gateway root. Users paste whatever their
// previous tool showed them (a root, root + /v1, a full endpoint, sometimes a doubled /v1); every
// agent needs either the root or root + /v1 (agents.md, "Rule of thumb"), and none of them repairs a
// doubled /v1. So we keep one root and tell the user, in plain words, each thing we changed.
//
// Error messages may quote the input, but never a part of it that could be the key: user info,
// query values, fragments and key-looking strings are shown as `***`.
import { UsageError } from './errors.js';

export interface NormalizedBaseUrl {
  /** scheme://host[:port][/prefix]: lower-case scheme and host, no trailing slash, no /v1. */
  root: string;
  /** root + '/v1'. */
  v1: string;
  /** Plain-English notes of what was changed, in the order it was done. */
  changes: string[];
  /** Things that were kept but look risky or wrong. */
  warnings: string[];
}

const EXAMPLE = 'https://gw.example.com';
const FORM_HINT = `Write the gateway address like ${EXAMPLE} (a trailing /v1 is fine).`;
const KEY_HINT = 'Give the API key separately (the tool asks for it on its own), never inside the address.';
const HTTP_WARNING =
  'http:// sends your key across the network in clear text; use https:// unless this host is on your own machine';

/**
 * Paths a user may paste after /v1 (longest first). Stripped only right after a /v1 segment,
 * except the two-segment ones, which cannot be a path prefix anyone chose.
 */
const ENDPOINTS: readonly (readonly string[])[] = [
  ['chat', 'completions'],
  ['images', 'generations'],
  ['messages', 'count_tokens'],
  ['completions'],
  ['messages'],
  ['responses'],
  ['models'],
  ['embeddings'],
];

/** Masked in every message: a new-api key is `sk-` + 48 alphanumerics; other keys are long runs. */
const KEY_LIKE = /sk-[A-Za-z0-9_-]{8,}|[A-Za-z0-9_-]{32,}/g;

/** Turns a pasted gateway address into the gateway root; throws UsageError saying why it cannot. */
export function normalizeBaseUrl(input: string): NormalizedBaseUrl {
  const changes: string[] = [];
  const warnings: string[] = [];

  let text = input.trim();
  if (text !== input) changes.push('trimmed whitespace');
  const unquoted = stripQuotes(text);
  if (unquoted !== text) {
    changes.push('removed the surrounding quotes');
    text = unquoted.trim();
  }
  if (text === '') throw new UsageError('The gateway address is empty.', FORM_HINT);
  if (looksLikeKey(text)) {
    throw new UsageError('The gateway address looks like an API key, not an address; it is not shown here.',
      `${FORM_HINT} ${KEY_HINT}`);
  }

  // What the user typed after "scheme:" (or all of it, when there is no scheme), split the way the
  // URL parser will split it: any run of slashes, then the authority up to the first / \\ ? #.
  const scheme = schemeOf(text);
  const afterScheme = scheme === undefined ? text : text.slice(scheme.length + 1);
  const slashes = /^[/\\]*/.exec(afterScheme)?.[0] ?? '';
  const rest = afterScheme.slice(slashes.length);
  const authorityEnd = rest.search(/[/\\?#]/);
  const authority = authorityEnd === -1 ? rest : rest.slice(0, authorityEnd);
  const rawPath = authorityEnd === -1 ? '' : rest.slice(authorityEnd).replace(/[?#][\s\S]*$/, '');

  // Parts that may carry the key come first, whatever else is wrong.
  // A password may itself hold "?" or "#", so user info is looked for up to the first slash.
  if (/^[^/\\]*@/.test(rest)) {
    throw new UsageError(
      `The gateway address ${show(text)} contains a user name or password; pass the API key separately, never inside the address.`,
      `${FORM_HINT} ${KEY_HINT}`,
    );
  }
  const extras: string[] = [];
  if (rest.includes('?')) extras.push('a query (?…)');
  if (rest.includes('#')) extras.push('a fragment (#…)');
  if (extras.length > 0) {
    throw new UsageError(
      `The gateway address ${show(text)} contains ${extras.join(' and ')}; it must be only scheme, host, port and path${rest.includes('?') ? ' (pass the API key separately, never inside the address)' : ''}.`,
      rest.includes('?') ? `${FORM_HINT} ${KEY_HINT}` : FORM_HINT,
    );
  }

  if (scheme === undefined) throw missingScheme(text);
  const lowerScheme = scheme.toLowerCase();
  if (lowerScheme !== 'http' && lowerScheme !== 'https') {
    throw new UsageError(
      `The gateway address ${show(text)} uses ${scrub(lowerScheme)}:, not https:// or http://; only https:// (or http:// for a gateway on your own machine) is supported.`,
      FORM_HINT,
    );
  }
  if (authority === '') {
    throw new UsageError(`The gateway address ${show(text)} has no host name.`, FORM_HINT);
  }
  if (!authority.startsWith('[') && (authority.match(/:/g)?.length ?? 0) > 1) {
    throw new UsageError(
      `The gateway address ${show(text)} has an IPv6 address without brackets.`,
      `Put it in brackets, like http://[::1]:3000.`,
    );
  }
  const rawPort = portOf(authority);
  if (rawPort !== undefined && rawPort !== '' && !/^\d{1,5}$/.test(rawPort)) {
    throw new UsageError(`The gateway address ${show(text)} has an invalid port (it must be a number up to 65535).`, FORM_HINT);
  }
  if (rawPort !== undefined && Number(rawPort) > 65535) {
    throw new UsageError(`The gateway address ${show(text)} has a port out of range (:${rawPort}; at most 65535).`, FORM_HINT);
  }

  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`The gateway address ${show(text)} is not a valid URL.`, FORM_HINT);
  }
  // The checks above mirror the parser; these catch what they could not see (e.g. "https://@host").
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw new UsageError(`The gateway address ${show(text)} must be only scheme, host, port and path.`, FORM_HINT);
  }

  if (slashes === '') changes.push(`added the missing // after ${lowerScheme}:`);
  else if (slashes !== '//') changes.push(`replaced "${slashes}" after ${lowerScheme}: with //`);
  const schemeUpper = scheme !== lowerScheme;
  const rawHost = rawPort === undefined ? authority : authority.slice(0, -(rawPort.length + 1));
  const hostUpper = rawHost !== rawHost.toLowerCase();
  if (schemeUpper && hostUpper) changes.push('lower-cased the scheme and host');
  else if (schemeUpper) changes.push('lower-cased the scheme');
  else if (hostUpper) changes.push('lower-cased the host');
  if (rawHost.toLowerCase() !== url.hostname) changes.push(`wrote the host as ${url.hostname}`);
  if (rawPort !== undefined && url.port === '') {
    changes.push(rawPort === ''
      ? 'removed the empty port after the host'
      : `dropped the default port :${rawPort} (${lowerScheme}:// implies it)`);
  } else if (rawPort !== undefined && rawPort !== url.port) {
    changes.push(`wrote the port as :${url.port}`);
  }

  const pathname = url.pathname;
  if (rawPath !== '' && rawPath !== pathname) {
    changes.push(`read the path ${show(rawPath)} as ${show(pathname)}`);
  }

  // Path segments; empty ones come from a trailing slash or a doubled slash.
  const all = pathname.split('/').slice(1);
  while (all.length > 0 && all[all.length - 1] === '') all.pop();
  // The parser writes "https://h" as "https://h/"; only a slash the user typed is worth a note.
  const trailingSlash = /[/\\]$/.test(rawPath);
  const segments = all.filter((s) => s !== '');
  if (segments.length !== all.length) changes.push('collapsed the repeated slashes in the path');
  if (segments.some(looksLikeKey)) {
    throw new UsageError(
      'The gateway address has something in its path that looks like an API key; it is not shown here.',
      `${FORM_HINT} ${KEY_HINT}`,
    );
  }

  // A pasted endpoint, then every trailing /v1.
  const endpoint = trailingEndpoint(segments);
  if (endpoint !== undefined) segments.splice(segments.length - endpoint.length, endpoint.length);
  const v1s: string[] = [];
  while (segments.length > 0 && segments[segments.length - 1]?.toLowerCase() === 'v1') {
    v1s.unshift(segments.pop() ?? '');
  }
  const v1Text = v1s.map((s) => `/${s}`).join('');
  if (endpoint !== undefined) {
    const shown = v1s.length === 1 ? v1Text : '';
    changes.push(`removed the pasted endpoint ${shown}/${endpoint.join('/')} (each agent gets the form it needs)`);
  }
  if (v1s.length >= 2) {
    changes.push(`removed a doubled ${v1Text} (no agent repairs it: each would send ${v1Text}/… and get 404)`);
  } else if (v1s.length === 1 && endpoint === undefined) {
    changes.push(`removed the trailing ${v1Text} (each agent gets the form it needs)`);
  }
  if (trailingSlash && endpoint === undefined && v1s.length === 0) changes.push('removed the trailing /');

  const last = segments[segments.length - 1]?.toLowerCase();
  if (last !== undefined) {
    if (/^v\d+[a-z]*\d*$/.test(last)) {
      warnings.push(`the path ends in /${last}, which looks like an API version; this gateway's API is under /v1 of its root, so the root is usually without it`);
    } else if (last === 'api') {
      warnings.push('the path ends in /api, which on this gateway is the console\'s own API, not the model API; the root is usually without it');
    } else if (ENDPOINTS.some((e) => e.length === 1 && e[0] === last)) {
      warnings.push(`the path ends in /${last}, which looks like an API endpoint rather than the gateway root; if you pasted an endpoint, give the address without it`);
    }
  }
  if (lowerScheme === 'http' && !isLoopbackHost(url.hostname)) warnings.push(HTTP_WARNING);

  const prefix = segments.map((s) => `/${s}`).join('');
  const root = `${url.protocol}//${url.host}${prefix}`;
  return { root, v1: `${root}/v1`, changes, warnings };
}

/** localhost, 127.0.0.0/8 and ::1 (bracketed or not, in any spelling the URL parser accepts). */
export function isLoopbackHost(hostname: string): boolean {
  let host = hostname.trim().toLowerCase();
  if (host === '' || /[^a-z0-9.:[\]%-]/.test(host)) return false;
  if (host.includes(':') && !host.startsWith('[')) host = `[${host}]`;
  let parsed: string;
  try {
    const url = new URL(`http://${host}/`);
    if (url.port !== '') return false;
    parsed = url.hostname;
  } catch {
    return false;
  }
  if (parsed === 'localhost' || parsed === 'localhost.') return true;
  if (/^127\.\d+\.\d+\.\d+$/.test(parsed)) return true;
  // ::1, and IPv4-mapped 127.0.0.0/8 (::ffff:127.x.y.z, which the parser writes as ::ffff:7fxx:xxxx).
  return parsed === '[::1]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(parsed);
}

/**
 * Where a configured base URL stands relative to a root: what doctor/read-back uses to name a
 * doubled or missing /v1. Takes the path of a request an agent would send (a full URL also works):
 * `/v1/v1/messages` → doubled, `/chat/completions` → missing, `/v1/messages` → ok.
 * The gateway's routes are case-sensitive, so only a lower-case `v1` counts.
 */
export function describeV1(pathname: string): 'doubled' | 'missing' | 'ok' {
  let path = pathname.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      // Not a URL after all: read it as a path.
    }
  }
  const segments = path.replace(/[?#][\s\S]*$/, '').split('/').filter((s) => s !== '');
  for (let i = 1; i < segments.length; i++) {
    if (segments[i] === 'v1' && segments[i - 1] === 'v1') return 'doubled';
  }
  return segments.includes('v1') ? 'ok' : 'missing';
}

// ---------------------------------------------------------------------------------------------

/**
 * Refused outright (not just masked) when it is the whole input or a path segment. Stricter than
 * KEY_LIKE so that a prefix such as /sk-gateway-eu is not mistaken for a key.
 */
function looksLikeKey(text: string): boolean {
  if (/^[A-Za-z0-9]{40,}$/.test(text) || /^sk-[A-Za-z0-9_-]{32,}$/.test(text)) return true;
  return /^sk-[A-Za-z0-9_-]{20,}$/.test(text) && /[A-Z]/.test(text) && /[a-z]/.test(text) && /\d/.test(text);
}

function scrub(text: string): string {
  return text.replace(KEY_LIKE, '***');
}

function stripQuotes(text: string): string {
  const pairs: readonly (readonly [string, string])[] = [['"', '"'], ["'", "'"], ['`', '`'], ['<', '>']];
  for (const [open, close] of pairs) {
    if (text.length >= 2 && text.startsWith(open) && text.endsWith(close)) return text.slice(1, -1);
  }
  return text;
}

/**
 * The scheme the user wrote, or undefined when there is none. "localhost:3000" and
 * "gw.example.com:8443/v1" are a host and port, "user:pass@host" is user info: not schemes.
 */
function schemeOf(text: string): string | undefined {
  const match = /^([a-z][a-z0-9+.-]*):([\s\S]*)$/i.exec(text);
  if (!match) return undefined;
  const [, scheme = '', rest = ''] = match;
  if (/^[/\\]{2}/.test(rest) || /^https?$/i.test(scheme)) return scheme;
  if (rest === '' || /^\d/.test(rest) || text.includes('@')) return undefined;
  return scheme; // mailto:x, ftp:host: a scheme, and not one we take
}

/** No scheme: say so, and suggest the root we would get with one, but never pick it silently. */
function missingScheme(text: string): UsageError {
  // "https//host": the colon was lost, not the scheme.
  const colonless = /^(https?)[/\\]{2}/i.exec(text);
  const bare = colonless ? text.slice(colonless[0].length) : text.replace(/^[/\\]+/, '');
  let suggestion: string | undefined;
  try {
    const https = normalizeBaseUrl(`https://${bare}`);
    const host = new URL(https.root).hostname;
    const scheme = colonless?.[1]?.toLowerCase() ?? (isLoopbackHost(host) ? 'http' : 'https');
    suggestion = `${scheme}${https.root.slice('https'.length)}`;
  } catch {
    // The address has another problem as well; the message below names the first one.
  }
  if (suggestion === undefined) {
    return new UsageError(`The gateway address ${show(text)} is not a URL.`, FORM_HINT);
  }
  const what = colonless ? `is missing the ":" after ${colonless[1] ?? ''}` : 'has no scheme (https:// or http://)';
  return new UsageError(
    `The gateway address ${show(text)} ${what}. Did you mean ${show(suggestion)}?`,
    `Write the scheme yourself: https:// for a gateway on the network, http:// only for one on your own machine.`,
  );
}

/** The port text after the host ("" for "host:"), or undefined when none was written. */
function portOf(authority: string): string | undefined {
  const hostEnd = authority.startsWith('[') ? authority.indexOf(']') + 1 : 0;
  const colon = authority.indexOf(':', hostEnd);
  return colon === -1 ? undefined : authority.slice(colon + 1);
}

/** The endpoint at the end of the path, if one was pasted there. */
function trailingEndpoint(segments: readonly string[]): readonly string[] | undefined {
  for (const endpoint of ENDPOINTS) {
    const start = segments.length - endpoint.length;
    if (start < 0) continue;
    const tail = segments.slice(start).map((s) => s.toLowerCase());
    if (!endpoint.every((part, i) => tail[i] === part)) continue;
    const before = segments[start - 1]?.toLowerCase();
    if (before === 'v1' || endpoint.length > 1) return segments.slice(start);
  }
  return undefined;
}

/**
 * The input as it may appear in a message: user info, query values and the fragment replaced by
 * `***`, key-looking strings too, and long input cut short.
 */
function show(text: string): string {
  let out = text;
  // User info runs from "://" (or the start) to an "@". A password may hold "?" or "#" (then the
  // "@" comes before the first "/") or a "/" (then it comes before the query): mask either way.
  const schemeEnd = out.indexOf('://');
  const start = schemeEnd === -1 ? 0 : schemeEnd + 3;
  const slash = out.slice(start).search(/[/\\]/);
  const authority = slash === -1 ? out.slice(start) : out.slice(start, start + slash);
  const beforeQuery = out.slice(start).split(/[?#]/)[0] ?? '';
  const at = authority.includes('@')
    ? start + authority.lastIndexOf('@')
    : beforeQuery.includes('@') ? start + beforeQuery.lastIndexOf('@') : -1;
  if (at !== -1) out = `${out.slice(0, start)}***${out.slice(at)}`;
  const hash = out.indexOf('#');
  if (hash !== -1) out = `${out.slice(0, hash)}#***`;
  const question = out.indexOf('?');
  if (question !== -1) {
    const query = out.slice(question + 1).split('&').map((part) => {
      if (part === '' || part === '#***') return part;
      const eq = part.indexOf('=');
      const name = eq === -1 ? '' : part.slice(0, eq);
      // A parameter name is shown only when it is clearly a name ("key", "api_key").
      return /^[A-Za-z_][A-Za-z0-9_.-]{0,19}$/.test(name) ? `${name}=***` : '***';
    });
    out = `${out.slice(0, question)}?${query.join('&')}`;
    // A fragment after the query was folded into the last part; put it back visibly.
    if (hash !== -1 && !out.endsWith('#***')) out += '#***';
  }
  out = scrub(out);
  if (out.length > 120) out = `${out.slice(0, 117)}...`;
  return `"${out}"`;
}
