// Maps undici and socket failures to diagnoses that say what failed and where: DNS, refused,
// TLS, which timeout and its limit, a connection cut in the middle of an answer, the proxy.
import type { Diagnosis } from '../core/types.js';
import { cleanText, makeDiagnosis, type DiagnoseContext } from './diagnosis.js';
import { displayProxy, type ProxyChoice } from './proxy.js';

/** Where the exchange was when it failed. */
export type Phase = 'request' | 'body';

export interface TransportFailure {
  ctx: DiagnoseContext;
  phase: Phase;
  connectTimeoutMs: number;
  timeoutMs: number;
  proxy?: ProxyChoice;
}

interface ErrLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** Every error in the chain: the error, its causes, and the members of an AggregateError. */
function chain(err: unknown): ErrLike[] {
  const out: ErrLike[] = [];
  const queue: unknown[] = [err];
  while (queue.length > 0 && out.length < 20) {
    const e = queue.shift();
    if (typeof e !== 'object' || e === null) continue;
    const x = e as ErrLike;
    out.push(x);
    if (x.cause) queue.push(x.cause);
    if (Array.isArray(x.errors)) queue.push(...x.errors);
  }
  return out;
}

function codes(err: unknown): string[] {
  return chain(err).map((e) => (typeof e.code === 'string' ? e.code : '')).filter(Boolean);
}

function firstMessage(err: unknown): string {
  for (const e of chain(err)) if (typeof e.message === 'string' && e.message) return cleanText(e.message, 160);
  return 'unknown error';
}

function seconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}

const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|EPROTO$|ERR_OSSL)/;

/** The diagnosis for a failed exchange; never throws. */
export function diagnoseTransportError(err: unknown, f: TransportFailure): Diagnosis {
  const all = codes(err);
  const has = (...c: string[]): string | undefined => all.find((x) => c.includes(x));
  let host = '';
  try {
    host = new URL(f.ctx.url).host;
  } catch {
    host = f.ctx.url;
  }
  const via = f.proxy ? ` through the proxy ${displayProxy(f.proxy.uri)} (from ${f.proxy.variable})` : '';
  const proxyFix = f.proxy ? `; check ${f.proxy.variable}, or add ${host.replace(/:\d+$/, '')} to NO_PROXY if the gateway is reachable directly` : '';

  if (has('UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT')) {
    return makeDiagnosis('timeout', `no connection to ${host}${via} within ${seconds(f.connectTimeoutMs)} (connect timeout)`,
      `check the address, your network and firewall${proxyFix}`, f.ctx);
  }
  if (has('UND_ERR_HEADERS_TIMEOUT')) {
    return makeDiagnosis('timeout', `${host} accepted the request but sent no answer within ${seconds(f.timeoutMs)} (headers timeout)`,
      'try again; if the gateway is just slow, allow more time with --timeout SECONDS', f.ctx);
  }
  if (has('UND_ERR_BODY_TIMEOUT')) {
    return makeDiagnosis('timeout', `${host} stopped sending its answer for ${seconds(f.timeoutMs)} (body timeout)`,
      'try again; if the model is just slow, allow more time with --timeout SECONDS', f.ctx);
  }
  const dns = has('ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'EAI_NODATA');
  if (dns) {
    const what = dns === 'EAI_AGAIN' ? 'the DNS lookup failed for now' : 'the name does not resolve';
    const target = f.proxy ? `the proxy ${displayProxy(f.proxy.uri)} (from ${f.proxy.variable})` : host;
    return makeDiagnosis('unreachable', `cannot reach ${target}: ${what} (${dns})`,
      f.proxy ? `check ${f.proxy.variable}` : 'check the host name in the base URL, and your network or DNS', f.ctx);
  }
  if (has('ECONNREFUSED')) {
    const target = f.proxy ? `the proxy ${displayProxy(f.proxy.uri)} (from ${f.proxy.variable})` : host;
    return makeDiagnosis('unreachable', `cannot reach ${target}: connection refused (ECONNREFUSED)`,
      f.proxy ? `check that the proxy runs${proxyFix}` : 'check the address and port in the base URL, and that the gateway is running', f.ctx);
  }
  const net = has('EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL');
  if (net) {
    return makeDiagnosis('unreachable', `cannot reach ${host}${via}: no route to the host (${net})`,
      `check your network, VPN and firewall${proxyFix}`, f.ctx);
  }
  const tls = all.find((c) => TLS_CODE.test(c)) ?? (/\b(SSL|TLS)\b|certificate/i.test(firstMessage(err)) ? 'TLS' : undefined);
  if (tls) {
    return makeDiagnosis('unreachable', `the TLS handshake with ${host}${via} failed: ${firstMessage(err)} (${tls})`,
      'check the scheme (http:// or https://) and port in the base URL; for a private certificate authority set NODE_EXTRA_CA_CERTS', f.ctx);
  }
  if (f.proxy && /Proxy response \((\d+)\)/.test(firstMessage(err))) {
    const status = /Proxy response \((\d+)\)/.exec(firstMessage(err))?.[1];
    return makeDiagnosis('unreachable', `the proxy ${displayProxy(f.proxy.uri)} (from ${f.proxy.variable}) refused to connect to ${host} (${status})`,
      `check the proxy's address and credentials${proxyFix}`, f.ctx);
  }
  const cut = has('UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE', 'UND_ERR_CLOSED', 'ECONNABORTED');
  if (cut && f.phase === 'body') {
    return makeDiagnosis('stream_broken', `the connection to ${host}${via} was cut in the middle of the answer (${cut})`,
      'try again; if it keeps happening, a proxy or the gateway is cutting long answers — send the request id to the gateway admin', f.ctx);
  }
  if (cut) {
    return makeDiagnosis('unreachable', `${host}${via} closed the connection without answering (${cut})`,
      `check the scheme and port in the base URL; a firewall may be dropping the request${proxyFix}`, f.ctx);
  }
  const code = all[0] ?? 'error';
  return makeDiagnosis('unreachable', `the request to ${host}${via} failed: ${firstMessage(err)} (${code})`,
    `check the base URL and your network${proxyFix}`, f.ctx);
}
