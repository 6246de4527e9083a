// The one place a pasted gateway address becomes the gateway root. Users paste whatever their
// previous tool showed them (a root, root + /v1, a full endpoint, sometimes a doubled /v1); every
// agent needs either the root or root + /v1, and none of them repairs a
// doubled /v1. So we keep one root and tell the user, in plain words, each thing we changed.
//
// Error messages may quote the input, but never a part of it that could be the key: user info,
// query values, fragments and key-looking strings are shown as `***`.
import { and, msg, type Message } from '../i18n/index.js';
import { UsageError } from './errors.js';

export interface NormalizedBaseUrl {
  /** scheme://host[:port][/prefix]: lower-case scheme and host, no trailing slash, no /v1. */
  root: string;
  /** root + '/v1'. */
  v1: string;
  /** Notes of what was changed, in the order it was done. */
  changes: Message[];
  /** Things that were kept but look risky or wrong. */
  warnings: Message[];
}

const EXAMPLE = 'https://gw.example.com';
const formHint = (): Message => msg('url.form_hint', { example: EXAMPLE });
const formKeyHint = (): Message => msg('url.form_key_hint', { example: EXAMPLE });

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

/** Parts that may carry the key come first, whatever else is wrong: user info, a query, a fragment. */
function refuseKeyParts(text: string, rest: string): void {
  // A password may itself hold "?" or "#", so user info is looked for up to the first slash.
  if (/^[^/\\]*@/.test(rest)) {
    throw new UsageError(msg('url.credentials', { url: show(text) }), formKeyHint());
  }
  const extras: Message[] = [];
  if (rest.includes('?')) extras.push(msg('url.query'));
  if (rest.includes('#')) extras.push(msg('url.fragment'));
  if (extras.length > 0) {
    throw new UsageError(
      msg(rest.includes('?') ? 'url.extras_key' : 'url.extras', {
        url: show(text),
        extras: and(extras),
      }),
      rest.includes('?') ? formKeyHint() : formHint(),
    );
  }
}

/** The scheme (http or https), a host, and a port the URL parser takes; what was typed, checked. */
function checkAuthority(
  text: string,
  scheme: string | undefined,
  authority: string,
): { scheme: string; lowerScheme: string; rawPort: string | undefined } {
  if (scheme === undefined) throw missingScheme(text);
  const lowerScheme = scheme.toLowerCase();
  if (lowerScheme !== 'http' && lowerScheme !== 'https') {
    throw new UsageError(msg('url.scheme', { url: show(text), scheme: scrub(lowerScheme) }), formHint());
  }
  if (authority === '') {
    throw new UsageError(msg('url.no_host', { url: show(text) }), formHint());
  }
  if (!authority.startsWith('[') && (authority.match(/:/g)?.length ?? 0) > 1) {
    throw new UsageError(msg('url.ipv6', { url: show(text) }), msg('url.ipv6_hint'));
  }
  const rawPort = portOf(authority);
  if (rawPort !== undefined && rawPort !== '' && !/^\d{1,5}$/.test(rawPort)) {
    throw new UsageError(msg('url.bad_port', { url: show(text) }), formHint());
  }
  if (rawPort !== undefined && Number(rawPort) > 65535) {
    throw new UsageError(msg('url.port_range', { url: show(text), port: rawPort }), formHint());
  }

  return { scheme, lowerScheme, rawPort };
}

/** What the parser changed of the scheme's slashes, the case, the host and the port: each said. */
function hostNotes(
  url: URL,
  typed: { scheme: string; lowerScheme: string; slashes: string; authority: string; rawPort: string | undefined },
): Message[] {
  const { scheme, lowerScheme, slashes, authority, rawPort } = typed;
  const changes: Message[] = [];
  if (slashes === '') changes.push(msg('url.added_slashes', { scheme: lowerScheme }));
  else if (slashes !== '//') changes.push(msg('url.replaced_slashes', { slashes, scheme: lowerScheme }));
  const schemeUpper = scheme !== lowerScheme;
  const rawHost = rawPort === undefined ? authority : authority.slice(0, -(rawPort.length + 1));
  const hostUpper = rawHost !== rawHost.toLowerCase();
  if (schemeUpper && hostUpper) changes.push(msg('url.lower_both'));
  else if (schemeUpper) changes.push(msg('url.lower_scheme'));
  else if (hostUpper) changes.push(msg('url.lower_host'));
  if (rawHost.toLowerCase() !== url.hostname) changes.push(msg('url.host_as', { host: url.hostname }));
  if (rawPort !== undefined && url.port === '') {
    changes.push(rawPort === '' ? msg('url.empty_port') : msg('url.default_port', { port: rawPort, scheme: lowerScheme }));
  } else if (rawPort !== undefined && rawPort !== url.port) {
    changes.push(msg('url.port_as', { port: url.port }));
  }

  return changes;
}

/** A pasted endpoint, then every trailing /v1, taken off `segments` (in place); each removal said. */
function stripEndpoint(segments: string[], trailingSlash: boolean): Message[] {
  const changes: Message[] = [];
  const endpoint = trailingEndpoint(segments);
  if (endpoint !== undefined) segments.splice(segments.length - endpoint.length, endpoint.length);
  const v1s: string[] = [];
  while (segments.length > 0 && segments[segments.length - 1]?.toLowerCase() === 'v1') {
    v1s.unshift(segments.pop() ?? '');
  }
  const v1Text = v1s.map((s) => `/${s}`).join('');
  if (endpoint !== undefined) {
    const shown = v1s.length === 1 ? v1Text : '';
    changes.push(msg('url.removed_endpoint', { endpoint: `${shown}/${endpoint.join('/')}` }));
  }
  if (v1s.length >= 2) {
    changes.push(msg('url.removed_doubled', { v1: v1Text }));
  } else if (v1s.length === 1 && endpoint === undefined) {
    changes.push(msg('url.removed_v1', { v1: v1Text }));
  }
  if (trailingSlash && endpoint === undefined && v1s.length === 0) changes.push(msg('url.removed_slash'));

  return changes;
}

/** What the root left looks like that may be wrong: a version or api segment, an endpoint, plain http. */
function pathWarnings(segments: readonly string[], url: URL, lowerScheme: string): Message[] {
  const warnings: Message[] = [];
  const last = segments[segments.length - 1]?.toLowerCase();
  if (last !== undefined) {
    if (/^v\d+[a-z]*\d*$/.test(last)) {
      warnings.push(msg('url.version_path', { last }));
    } else if (last === 'api') {
      warnings.push(msg('url.api_path'));
    } else if (ENDPOINTS.some((e) => e.length === 1 && e[0] === last)) {
      warnings.push(msg('url.endpoint_path', { last }));
    }
  }
  if (lowerScheme === 'http' && !isLoopbackHost(url.hostname)) warnings.push(msg('url.http_warning'));

  return warnings;
}

/** Turns a pasted gateway address into the gateway root; throws UsageError saying why it cannot. */
export function normalizeBaseUrl(input: string): NormalizedBaseUrl {
  const changes: Message[] = [];
  const warnings: Message[] = [];

  let text = input.trim();
  if (text !== input) changes.push(msg('url.trimmed'));
  const unquoted = stripQuotes(text);
  if (unquoted !== text) {
    changes.push(msg('url.unquoted'));
    text = unquoted.trim();
  }
  if (text === '') throw new UsageError(msg('url.empty'), formHint());
  if (looksLikeKey(text)) {
    throw new UsageError(msg('url.looks_like_key'), formKeyHint());
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

  refuseKeyParts(text, rest);
  const checked = checkAuthority(text, scheme, authority);
  const { lowerScheme, rawPort } = checked;

  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(msg('url.invalid', { url: show(text) }), formHint());
  }
  // The checks above mirror the parser; these catch what they could not see (e.g. "https://@host").
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw new UsageError(msg('url.only_parts', { url: show(text) }), formHint());
  }

  changes.push(...hostNotes(url, { scheme: checked.scheme, lowerScheme, slashes, authority, rawPort }));

  const pathname = url.pathname;
  if (rawPath !== '' && rawPath !== pathname) {
    changes.push(msg('url.path_as', { raw: show(rawPath), path: show(pathname) }));
  }

  // Path segments; empty ones come from a trailing slash or a doubled slash.
  const all = pathname.split('/').slice(1);
  while (all.length > 0 && all[all.length - 1] === '') all.pop();
  // The parser writes "https://h" as "https://h/"; only a slash the user typed is worth a note.
  const trailingSlash = /[/\\]$/.test(rawPath);
  const segments = all.filter((s) => s !== '');
  if (segments.length !== all.length) changes.push(msg('url.collapsed'));
  if (segments.some(looksLikeKey)) {
    throw new UsageError(msg('url.key_in_path'), formKeyHint());
  }

  changes.push(...stripEndpoint(segments, trailingSlash));

  warnings.push(...pathWarnings(segments, url, lowerScheme));

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
  const segments = path
    .replace(/[?#][\s\S]*$/, '')
    .split('/')
    .filter((s) => s !== '');
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
  const pairs: readonly (readonly [string, string])[] = [
    ['"', '"'],
    ["'", "'"],
    ['`', '`'],
    ['<', '>'],
  ];
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
    return new UsageError(msg('url.not_url', { url: show(text) }), formHint());
  }
  const params = { url: show(text), scheme: colonless?.[1] ?? '', suggestion: show(suggestion) };
  return new UsageError(msg(colonless ? 'url.missing_colon' : 'url.no_scheme', params), msg('url.scheme_hint'));
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
    : beforeQuery.includes('@')
      ? start + beforeQuery.lastIndexOf('@')
      : -1;
  if (at !== -1) out = `${out.slice(0, start)}***${out.slice(at)}`;
  const hash = out.indexOf('#');
  if (hash !== -1) out = `${out.slice(0, hash)}#***`;
  const question = out.indexOf('?');
  if (question !== -1) {
    const query = out
      .slice(question + 1)
      .split('&')
      .map((part) => {
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

/** Where a URL's requests go (scheme, host and port); undefined for what is not a URL. */
export function originOf(url: string | undefined): string | undefined {
  if (url === undefined || !URL.canParse(url)) return undefined;
  const origin = new URL(url).origin;
  return origin === 'null' ? undefined : origin;
}
