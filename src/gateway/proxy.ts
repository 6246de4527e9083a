// Which proxy, if any, a request goes through. Decided from the env passed in (never process.env)
// with the usual HTTP(S)_PROXY / NO_PROXY rules, and loopback is never proxied: a local gateway
// sent through a corporate proxy is a classic failure.
import { msg, type Message } from '../i18n/index.js';
import { ipVersion } from '../core/builtins.js';

export type ProxyEnv = Readonly<Record<string, string | undefined>>;

export interface ProxyChoice {
  /** The proxy URL to use. */
  uri: string;
  /** The variable it came from, for messages. */
  variable: string;
}

/** Lower case wins over upper case, as in curl and undici. Empty means unset. */
function lookup(env: ProxyEnv, name: string): { value: string; variable: string } | undefined {
  for (const variable of [name.toLowerCase(), name.toUpperCase()]) {
    const value = env[variable]?.trim();
    if (value) return { value, variable };
  }
  return undefined;
}

/** The host of a URL without IPv6 brackets, lower-cased. */
function bareHost(hostname: string): string {
  return hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

/** localhost, *.localhost, 127.0.0.0/8 and ::1 (also IPv4-mapped): a parsed URL hostname never sent through a proxy. */
export function isLocalHostname(hostname: string): boolean {
  const host = bareHost(hostname);
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
  const v4 = host.startsWith('::ffff:') ? host.slice(7) : host;
  // WHATWG URL writes IPv4-mapped addresses in hex: [::ffff:127.0.0.1] becomes [::ffff:7f00:1].
  if (host.startsWith('::ffff:') && /^7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(v4)) return true;
  return ipVersion(v4) === 4 && v4.startsWith('127.');
}

function ipv4ToInt(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function matchesCidr(host: string, entry: string): boolean {
  const [net, bitsText] = entry.split('/');
  const bits = Number(bitsText);
  if (!net || ipVersion(net) !== 4 || ipVersion(host) !== 4 || !Number.isInteger(bits) || bits < 0 || bits > 32) return false;
  if (bits === 0) return true;
  const mask = bits === 32 ? 0xffffffff : ~((1 << (32 - bits)) - 1) >>> 0;
  return (ipv4ToInt(host) & mask) >>> 0 === (ipv4ToInt(net) & mask) >>> 0;
}

/**
 * NO_PROXY: comma- or space-separated; `*` matches all; `example.com`, `.example.com` and
 * `*.example.com` match the domain and its subdomains; `host:port` only that port; IPv4 CIDR too.
 */
export function bypassesProxy(url: URL, noProxy: string | undefined): boolean {
  if (!noProxy) return false;
  const host = bareHost(url.hostname);
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  for (const raw of noProxy.split(/[\s,]+/)) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') return true;
    if (entry.includes('/')) {
      if (matchesCidr(host, entry)) return true;
      continue;
    }
    // `[::1]:8080`, `host:8080`; a bare IPv6 address has several colons and no port.
    const withPort = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(entry);
    const name = bareHost(withPort ? (withPort[1] as string) : entry).replace(/^\*?\./, '');
    if (withPort && Number(withPort[2]) !== port) continue;
    if (host === name || host.endsWith(`.${name}`)) return true;
  }
  return false;
}

/** The proxy for `url`, or undefined for a direct connection. */
export function proxyFor(url: URL, env: ProxyEnv | undefined): ProxyChoice | undefined {
  if (!env || isLocalHostname(url.hostname)) return undefined;
  // HTTPS falls back to HTTP_PROXY, as undici's EnvHttpProxyAgent does.
  const chosen = url.protocol === 'https:' ? (lookup(env, 'https_proxy') ?? lookup(env, 'http_proxy')) : lookup(env, 'http_proxy');
  if (!chosen) return undefined;
  if (bypassesProxy(url, lookup(env, 'no_proxy')?.value)) return undefined;
  const uri = /^[a-z][a-z0-9+.-]*:\/\//i.test(chosen.value) ? chosen.value : `http://${chosen.value}`;
  return { uri, variable: chosen.variable };
}

/** A proxy URL fit for messages: no credentials. */
export function displayProxy(uri: string): string | Message {
  try {
    const u = new URL(uri);
    return `${u.protocol}//${u.host}`;
  } catch {
    return msg('net.configured_proxy');
  }
}
