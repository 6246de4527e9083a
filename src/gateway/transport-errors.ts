// Maps undici and socket failures to diagnoses that say what failed and where: DNS, refused,
// TLS, which timeout and its limit, a connection cut in the middle of an answer, the proxy.
import type { Diagnosis } from '../core/types.js';
import { cleanText, makeDiagnosis, type DiagnoseContext } from './diagnosis.js';
import { msg, type Message } from '../i18n/index.js';
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
  return chain(err)
    .map((e) => (typeof e.code === 'string' ? e.code : ''))
    .filter(Boolean);
}

function firstMessage(err: unknown): string {
  for (const e of chain(err)) if (typeof e.message === 'string' && e.message) return cleanText(e.message, 160);
  return 'unknown error';
}

function seconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}

/** The codes of a connection closed under a request: reset, broken pipe, or undici's "other side closed". */
const CUT = ['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE', 'UND_ERR_CLOSED', 'ECONNABORTED'];

/** Whether `err` is a connection closed under the request (before or during its answer). */
export function connectionClosed(err: unknown): boolean {
  return codes(err).some((c) => CUT.includes(c));
}

/** The code of the error a request's deadline ends it with (src/gateway/http.ts). */
export const DEADLINE = 'GAS_REQUEST_DEADLINE';

const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|EPROTO$|ERR_OSSL)/;

/** The diagnosis when a deadline ended the exchange: connecting, the headers, the body or the whole answer. */
function timeoutDiagnosis(
  has: (...c: string[]) => string | undefined,
  host: string,
  via: Message | '',
  proxyFix: Message | '',
  f: TransportFailure,
): Diagnosis | undefined {
  if (has('UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT')) {
    return makeDiagnosis(
      'timeout',
      msg('net.connect_timeout', { host, via, seconds: seconds(f.connectTimeoutMs) }),
      msg('net.connect_timeout_fix', { proxyFix }),
      f.ctx,
    );
  }
  if (has(DEADLINE)) {
    return makeDiagnosis('timeout', msg('net.deadline', { host, seconds: seconds(f.timeoutMs) }), msg('net.body_timeout_fix'), f.ctx);
  }
  if (has('UND_ERR_HEADERS_TIMEOUT')) {
    return makeDiagnosis(
      'timeout',
      msg('net.headers_timeout', { host, seconds: seconds(f.timeoutMs) }),
      msg('net.headers_timeout_fix'),
      f.ctx,
    );
  }
  if (has('UND_ERR_BODY_TIMEOUT')) {
    return makeDiagnosis('timeout', msg('net.body_timeout', { host, seconds: seconds(f.timeoutMs) }), msg('net.body_timeout_fix'), f.ctx);
  }
  return undefined;
}

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
  const proxy = f.proxy ? { proxy: displayProxy(f.proxy.uri), variable: f.proxy.variable } : undefined;
  const via = proxy ? msg('net.via_proxy', proxy) : '';
  const proxyFix = f.proxy ? msg('net.proxy_fix', { variable: f.proxy.variable, host: host.replace(/:\d+$/, '') }) : '';
  const target = proxy ? msg('net.proxy', proxy) : host;

  const timedOut = timeoutDiagnosis(has, host, via, proxyFix, f);
  if (timedOut) return timedOut;
  const dns = has('ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL', 'EAI_NODATA');
  if (dns) {
    return makeDiagnosis(
      'unreachable',
      msg(dns === 'EAI_AGAIN' ? 'net.dns_later' : 'net.dns', { target, code: dns }),
      f.proxy ? msg('net.check_variable', { variable: f.proxy.variable }) : msg('net.dns_fix'),
      f.ctx,
    );
  }
  if (has('ECONNREFUSED')) {
    return makeDiagnosis(
      'unreachable',
      msg('net.refused', { target }),
      f.proxy ? msg('net.refused_proxy_fix', { proxyFix }) : msg('net.refused_fix'),
      f.ctx,
    );
  }
  const net = has('EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL');
  if (net) {
    return makeDiagnosis('unreachable', msg('net.no_route', { host, via, code: net }), msg('net.no_route_fix', { proxyFix }), f.ctx);
  }
  const tls = all.find((c) => TLS_CODE.test(c)) ?? (/\b(SSL|TLS)\b|certificate/i.test(firstMessage(err)) ? 'TLS' : undefined);
  if (tls) {
    return makeDiagnosis('unreachable', msg('net.tls', { host, via, detail: firstMessage(err), code: tls }), msg('net.tls_fix'), f.ctx);
  }
  if (proxy && /Proxy response \((\d+)\)/.test(firstMessage(err))) {
    const status = /Proxy response \((\d+)\)/.exec(firstMessage(err))?.[1] ?? '';
    return makeDiagnosis(
      'unreachable',
      msg('net.proxy_refused', { ...proxy, host, status }),
      msg('net.proxy_refused_fix', { proxyFix }),
      f.ctx,
    );
  }
  const cut = has(...CUT);
  if (cut && f.phase === 'body') {
    return makeDiagnosis('stream_broken', msg('net.cut', { host, via, code: cut }), msg('net.cut_fix'), f.ctx);
  }
  if (cut) {
    return makeDiagnosis('unreachable', msg('net.closed', { host, via, code: cut }), msg('net.closed_fix', { proxyFix }), f.ctx);
  }
  const code = all[0] ?? 'error';
  return makeDiagnosis(
    'unreachable',
    msg('net.failed', { host, via, detail: firstMessage(err), code }),
    msg('net.failed_fix', { proxyFix }),
    f.ctx,
  );
}
