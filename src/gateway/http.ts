// The one module that does network I/O, on undici. It adds our headers, picks a direct or proxied
// dispatcher from the env passed in, never follows redirects (an authenticated call must not carry
// the key to another origin), caps the body size, and turns every failure into a GatewayError
// whose Diagnosis says what broke.
import type { Dispatcher } from 'undici';
import { GatewayError } from '../core/errors.js';
import type { Diagnosis } from '../core/types.js';
import { USER_AGENT } from '../core/version.js';
import { msg, type Message } from '../i18n/index.js';
import { makeDiagnosis, safeUrl, type DiagnoseContext } from './diagnosis.js';
import { proxyFor, type ProxyChoice } from './proxy.js';
import { requestIdFrom } from './request-id.js';
import { DEADLINE, diagnoseTransportError, type Phase } from './transport-errors.js';

export interface HttpOptions {
  /** Headers and body timeout, default 30_000; connect timeout min(10_000, timeoutMs). */
  timeoutMs?: number;
  /** Response size cap, default 8 MiB; over it the call fails (diagnosis bad_response). */
  maxBytes?: number;
  /** For HTTPS_PROXY/HTTP_PROXY/NO_PROXY (either case); loopback is never proxied. */
  env?: Readonly<Record<string, string | undefined>>;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_BYTES = 8 * 1024 * 1024;

export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  /** JSON text. */
  body?: string;
  /** Ask for an event stream instead of JSON. */
  stream?: boolean;
  /** Model, protocol and key for diagnoses (the key only to scrub it from echoed text). */
  context?: Pick<DiagnoseContext, 'model' | 'protocol' | 'key' | 'keySent'>;
}

export interface HttpResponse {
  status: number;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  contentType: string;
  requestId?: string;
  /** The context for diagnoses of this exchange, status and request ID included. */
  context: DiagnoseContext;
  /** The body in chunks, size-capped; failures become GatewayError. Read once. */
  chunks(): AsyncGenerator<Buffer>;
  /** The whole body as text (size-capped). */
  text(): Promise<string>;
  /** Drops the rest of the body and the connection. */
  discard(): void;
}

const dispatchers = new Map<string, Dispatcher>();

type Undici = typeof import('undici');
let undici: Promise<Undici> | undefined;

/**
 * undici, loaded with the first request: a command that sends none (help, a usage error) never
 * parses it. Bundled, a CommonJS package's namespace may hold its exports under `default`.
 */
function loadUndici(): Promise<Undici> {
  return (undici ??= import('undici').then((m) => (typeof m.Agent === 'function' ? m : (m as unknown as { default: Undici }).default)));
}

/** One dispatcher per (timeouts, proxy): sockets are reused across calls. */
function dispatcherFor({ Agent, ProxyAgent }: Undici, connectMs: number, timeoutMs: number, proxy: ProxyChoice | undefined): Dispatcher {
  const id = `${connectMs}|${timeoutMs}|${proxy?.uri ?? ''}`;
  let d = dispatchers.get(id);
  if (!d) {
    d = proxy
      ? new ProxyAgent({
          uri: proxy.uri,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
          proxyTls: { timeout: connectMs },
          requestTls: { timeout: connectMs },
        })
      : new Agent({ connect: { timeout: connectMs }, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
    dispatchers.set(id, d);
  }
  return d;
}

/** Closes every cached dispatcher (tests, and a CLI that wants to exit without waiting on idle sockets). */
export async function closeHttp(): Promise<void> {
  const all = [...dispatchers.values()];
  dispatchers.clear();
  await Promise.all(all.map((d) => d.destroy().catch(() => undefined)));
}

function header(headers: Readonly<Record<string, string | string[] | undefined>>, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function mib(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)} MiB` : `${bytes} bytes`;
}

/** A redirect is never followed (the key would go with it): where it pointed, said, and what to do. */
function redirectDiagnosis(url: URL, status: number, location: string | undefined, context: DiagnoseContext): Diagnosis {
  let target: string | Message = msg('net.another_address');
  let sameOrigin = false;
  if (location) {
    try {
      const to = new URL(location, url);
      sameOrigin = to.origin === url.origin;
      // file:, data: and other non-network URLs have the origin "null": show the address itself.
      target = sameOrigin ? to.pathname : to.origin === 'null' ? to.href.slice(0, 100) : to.origin;
    } catch {
      target = msg('net.unreadable_address');
    }
  }
  return makeDiagnosis(
    'redirect',
    msg(sameOrigin ? 'net.redirect_same' : 'net.redirect_other', { host: url.host, status, target }),
    sameOrigin ? msg('net.redirect_same_fix', { target }) : msg('net.redirect_other_fix'),
    context,
  );
}

/** Sends one request. Throws GatewayError for transport failures, redirects and oversize answers. */
export async function send(req: HttpRequest, opts: HttpOptions = {}): Promise<HttpResponse> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const connectMs = Math.min(10_000, timeoutMs);
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const ctx: DiagnoseContext = { url: safeUrl(req.url), method: req.method, ...req.context };
  let url: URL;
  try {
    url = new URL(req.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
  } catch {
    // A request that cannot even be addressed is a config problem, not a network one.
    throw new GatewayError(makeDiagnosis('config_invalid', msg('net.not_http', { url: ctx.url }), msg('net.not_http_fix'), ctx));
  }
  const proxy = proxyFor(url, opts.env);
  const fail = (err: unknown, phase: Phase, c: DiagnoseContext): GatewayError =>
    err instanceof GatewayError
      ? err
      : new GatewayError(diagnoseTransportError(err, { ctx: c, phase, connectTimeoutMs: connectMs, timeoutMs, proxy }));

  const headers: Record<string, string> = {
    'user-agent': USER_AGENT,
    'accept-language': 'en',
    accept: req.stream ? 'text/event-stream' : 'application/json',
    ...req.headers,
  };
  if (req.body !== undefined) headers['content-type'] = 'application/json';

  // One deadline for the whole exchange, headers and body: undici's own timeouts restart on every
  // byte, so a gateway dripping a byte now and then would hold us for ever.
  const deadline = new AbortController();
  let answered = false;
  // Before the headers the deadline is the headers timeout; after them, the answer's whole time.
  const timer = setTimeout(
    () =>
      deadline.abort(
        Object.assign(new Error(`no complete answer within ${timeoutMs} ms`), { code: answered ? DEADLINE : 'UND_ERR_HEADERS_TIMEOUT' }),
      ),
    timeoutMs,
  );
  timer.unref();
  let res: Dispatcher.ResponseData;
  try {
    const lib = await loadUndici();
    res = await lib.request(url, {
      method: req.method,
      headers,
      body: req.body,
      dispatcher: dispatcherFor(lib, connectMs, timeoutMs, proxy),
      signal: deadline.signal,
    });
  } catch (err) {
    clearTimeout(timer);
    throw fail(err, 'request', ctx);
  }

  answered = true;
  const status = res.statusCode;
  const resHeaders = res.headers;
  const requestId = requestIdFrom(resHeaders);
  const context: DiagnoseContext = { ...ctx, status, ...(requestId ? { requestId } : {}) };
  const contentType = header(resHeaders, 'content-type') ?? '';
  const body = res.body;
  const discard = (): void => {
    clearTimeout(timer);
    // Destroying emits an AbortError nobody waits for: swallow it instead of crashing the process.
    body.on('error', () => undefined);
    body.destroy();
  };
  // Nobody may read the body (a redirect, a caller that only wanted the status): the deadline must
  // not keep its error for a stream long gone.
  body.once('close', () => clearTimeout(timer));

  if (status >= 300 && status < 400) {
    discard();
    throw new GatewayError(redirectDiagnosis(url, status, header(resHeaders, 'location'), context));
  }

  // A JSON answer over the cap is the gateway's own (a very long model list), not a wrong base URL.
  const tooBigFix = /\bjson\b/i.test(header(resHeaders, 'content-type') ?? '') ? msg('net.too_big_json_fix') : msg('net.too_big_fix');
  const declared = Number(header(resHeaders, 'content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    discard();
    throw new GatewayError(
      makeDiagnosis('bad_response', msg('net.too_big', { host: url.host, size: mib(declared), cap: mib(maxBytes) }), tooBigFix, context),
    );
  }

  let used = false;
  async function* chunks(): AsyncGenerator<Buffer> {
    if (used) throw new Error('response body already read');
    used = true;
    let total = 0;
    try {
      for await (const chunk of body) {
        const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        total += buf.length;
        if (total > maxBytes) {
          discard();
          throw new GatewayError(
            makeDiagnosis('bad_response', msg('net.too_big_streamed', { host: url.host, cap: mib(maxBytes) }), tooBigFix, context),
          );
        }
        yield buf;
      }
    } catch (err) {
      throw fail(err, 'body', context);
    } finally {
      // Stopping early (a probe saw its final event) must still free the socket.
      if (!body.readableEnded) discard();
    }
  }

  async function text(): Promise<string> {
    const parts: Buffer[] = [];
    for await (const c of chunks()) parts.push(c);
    return Buffer.concat(parts).toString('utf8');
  }

  return { status, headers: resHeaders, contentType, ...(requestId ? { requestId } : {}), context, chunks, text, discard };
}
