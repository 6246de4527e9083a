// The one module that does network I/O, on undici. It adds our headers, picks a direct or proxied
// dispatcher from the env passed in, never follows redirects (an authenticated call must not carry
// the key to another origin), caps the body size, and turns every failure into a GatewayError
// whose Diagnosis says what broke. A library caller may give its own network (./network.ts).
import type { buildConnector, Dispatcher } from 'undici';
import { GatewayError } from '../core/errors.js';
import type { Diagnosis } from '../core/types.js';
import { USER_AGENT } from '../core/version.js';
import { msg, type Message } from '../i18n/index.js';
import { makeDiagnosis, safeUrl, type DiagnoseContext } from './diagnosis.js';
import { dropFirst, openFirst, takeFirst } from './first-socket.js';
import { givenNetwork, type Network, type NetworkAnswer, type NetworkRequest } from './network.js';
import { proxyFor, type ProxyChoice } from './proxy.js';
import { requestIdFrom } from './request-id.js';
import { connectionClosed, DEADLINE, diagnoseTransportError, type Phase } from './transport-errors.js';

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
/** The requests written on each of undici's sockets so far. */
const written = new WeakMap<object, number>();
/** The errors that closed a socket under a request that was not its first: a kept-alive one. */
const closedWhenReused = new WeakSet<object>();

/**
 * Follows undici's sockets on its own diagnostics channels, whichever connector opened them (the
 * gateway, a proxy, a tunnel through it): how many requests each has written, and which errors
 * close one under a request that was not its first.
 */
function followSockets(channels: typeof import('node:diagnostics_channel')): void {
  channels.subscribe('undici:client:sendHeaders', (m) => {
    const { socket } = m as { socket: object };
    written.set(socket, (written.get(socket) ?? 0) + 1);
  });
  channels.subscribe('undici:client:connected', (m) => {
    const { socket } = m as { socket: import('node:net').Socket };
    socket.on('error', (err: unknown) => {
      if ((written.get(socket) ?? 0) > 1 && typeof err === 'object' && err !== null) closedWhenReused.add(err);
    });
  });
}

/** The parts of undici we use: its package entry also loads fetch, WebSocket, caches and mocks (≈ 40 ms at every start). */
interface Undici {
  Agent: typeof import('undici').Agent;
  ProxyAgent: typeof import('undici').ProxyAgent;
  buildConnector: typeof import('undici').buildConnector;
}
let undici: Promise<Undici> | undefined;

/** Bundled, a CommonJS module's namespace may hold its exports under `default`. */
function cjs<T>(m: T | { default: T }): T {
  return typeof m === 'object' && m !== null && 'default' in m ? m.default : (m as T);
}

/**
 * undici's dispatchers, loaded with the first request: a command that sends none (help, a usage
 * error) never parses them. The deep paths are undici's own modules, pinned with the package; as its
 * entry does, the request API (request, connect, …) is put on every dispatcher, the proxy's own
 * tunnel included.
 */
function loadUndici(): Promise<Undici> {
  return (undici ??= Promise.all([
    import('undici/lib/dispatcher/dispatcher.js'),
    import('undici/lib/api/index.js'),
    import('undici/lib/dispatcher/agent.js'),
    import('undici/lib/dispatcher/proxy-agent.js'),
    import('undici/lib/core/connect.js'),
    import('node:diagnostics_channel'),
  ]).then(([dispatcher, api, agent, proxyAgent, connect, channels]) => {
    Object.assign(cjs(dispatcher).prototype, cjs(api));
    followSockets(channels);
    return { Agent: cjs(agent), ProxyAgent: cjs(proxyAgent), buildConnector: cjs(connect) };
  }));
}

/** One dispatcher per (timeouts, proxy): sockets are reused across calls. */
function dispatcherFor(
  { Agent, ProxyAgent, buildConnector }: Undici,
  connectMs: number,
  timeoutMs: number,
  proxy: ProxyChoice | undefined,
): Dispatcher {
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
      : new Agent({ connect: firstThen(buildConnector({ timeout: connectMs })), headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
    dispatchers.set(id, d);
  }
  return d;
}

/** undici's connector, handed the socket ./first-socket.ts opened when there is one (TLS put over it for https). */
function firstThen(connect: buildConnector.connector): buildConnector.connector {
  return (options, callback) => {
    const socket = takeFirst(options.protocol, options.hostname, options.port);
    if (socket === undefined) return connect(options, callback);
    if (options.protocol === 'https:') return connect({ ...options, httpSocket: socket }, callback);
    // As undici's own connector does: called back later, not inside the call that asked.
    queueMicrotask(() => callback(null, socket));
  };
}

/** Closes every cached dispatcher (tests, and a CLI that wants to exit without waiting on idle sockets). */
export async function closeHttp(): Promise<void> {
  const all = [...dispatchers.values()];
  dispatchers.clear();
  dropFirst();
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

/** The limits of one exchange. */
interface Limits {
  timeoutMs: number;
  connectMs: number;
  maxBytes: number;
}

type Fail = (err: unknown, phase: Phase, c: DiagnoseContext) => GatewayError;

/**
 * One deadline for the whole exchange, headers and body: undici's own timeouts restart on every
 * byte, so a gateway dripping a byte now and then would hold us for ever. Before the headers it is
 * the headers timeout; after them, the answer's whole time.
 */
function startDeadline(timeoutMs: number): { signal: AbortSignal; answered(): void; clear(): void } {
  const controller = new AbortController();
  let answered = false;
  const timer = setTimeout(
    () =>
      controller.abort(
        Object.assign(new Error(`no complete answer within ${timeoutMs} ms`), { code: answered ? DEADLINE : 'UND_ERR_HEADERS_TIMEOUT' }),
      ),
    timeoutMs,
  );
  timer.unref();
  return { signal: controller.signal, answered: () => void (answered = true), clear: () => clearTimeout(timer) };
}

/** The request's URL, when it is an http(s) one: anything else is a config problem, not a network one. */
function addressOf(req: HttpRequest, ctx: DiagnoseContext): URL {
  try {
    const url = new URL(req.url);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url;
  } catch {
    // Named below.
  }
  throw new GatewayError(makeDiagnosis('config_invalid', msg('net.not_http', { url: ctx.url }), msg('net.not_http_fix'), ctx));
}

/**
 * Sends on our own dispatchers, once more on a new connection when the kept-alive one it was written
 * on is closed before any answer: a gateway or a proxy closes a connection left idle (Node's servers
 * after 5 s), and a request written as that close is on its way meets it (a run busy for seconds with
 * a long model list lets the two meet). Only then, and once: the socket had carried an earlier
 * request, no answer to this one was read (undici's socket error covers a malformed head too: sent
 * again, it fails the same way and is said as before), and what we send (a model list, a minimal
 * probe) costs at most one more small request if the gateway had read it. A connection opened for the
 * request and closed under it is the gateway's answer, said as is.
 */
async function againIfIdleClosed(network: Network, request: NetworkRequest): Promise<NetworkAnswer> {
  try {
    return await network.request(request);
  } catch (err) {
    // (A WeakSet holds objects only: anything else thrown is simply not in it.)
    if (!closedWhenReused.has(err as object) || !connectionClosed(err) || request.signal.aborted) throw err;
    return network.request(request);
  }
}

/** Sends one request. Throws GatewayError for transport failures, redirects and oversize answers. */
export async function send(req: HttpRequest, opts: HttpOptions = {}): Promise<HttpResponse> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const limits: Limits = { timeoutMs, connectMs: Math.min(10_000, timeoutMs), maxBytes: opts.maxBytes ?? DEFAULT_MAX_BYTES };
  const ctx: DiagnoseContext = { url: safeUrl(req.url), method: req.method, ...req.context };
  const url = addressOf(req, ctx);
  const given = givenNetwork();
  const proxy = given ? undefined : proxyFor(url, opts.env);
  const fail: Fail = (err, phase, c) =>
    err instanceof GatewayError
      ? err
      : new GatewayError(
          diagnoseTransportError(err, { ctx: c, phase, connectTimeoutMs: limits.connectMs, timeoutMs: limits.timeoutMs, proxy }),
        );

  const headers: Record<string, string> = {
    'user-agent': USER_AGENT,
    'accept-language': 'en',
    accept: req.stream ? 'text/event-stream' : 'application/json',
    ...req.headers,
  };
  if (req.body !== undefined) headers['content-type'] = 'application/json';

  const deadline = startDeadline(limits.timeoutMs);
  let res: NetworkAnswer;
  let release: (() => void) | undefined;
  try {
    // A run's first connection is Node's own: a gateway that is down is said before undici loads.
    if (given === undefined && proxy === undefined && undici === undefined)
      release = await openFirst(url, limits.connectMs, deadline.signal);
    const network: Network = given ?? dispatcherFor(await loadUndici(), limits.connectMs, limits.timeoutMs, proxy);
    const request = {
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: req.method,
      headers,
      body: req.body,
      signal: deadline.signal,
    };
    res = given === undefined ? await againIfIdleClosed(network, request) : await network.request(request);
  } catch (err) {
    deadline.clear();
    throw fail(err, 'request', ctx);
  } finally {
    release?.();
  }
  deadline.answered();
  return answerOf(res, url, ctx, limits, deadline.clear, fail);
}

/** The answer as our callers read it: redirects refused, its size capped, its body read once. */
function answerOf(
  res: NetworkAnswer,
  url: URL,
  ctx: DiagnoseContext,
  { maxBytes }: Limits,
  clearDeadline: () => void,
  fail: Fail,
): HttpResponse {
  const status = res.statusCode;
  const resHeaders = res.headers;
  const requestId = requestIdFrom(resHeaders);
  const context: DiagnoseContext = { ...ctx, status, ...(requestId ? { requestId } : {}) };
  const contentType = header(resHeaders, 'content-type') ?? '';
  const body = res.body;
  const discard = (): void => {
    clearDeadline();
    // Destroying emits an AbortError nobody waits for: swallow it instead of crashing the process.
    body.on('error', () => undefined);
    body.destroy();
  };
  // Nobody may read the body (a redirect, a caller that only wanted the status): the deadline must
  // not keep its error for a stream long gone.
  body.once('close', () => clearDeadline());

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
