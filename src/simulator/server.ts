// The HTTP side of the simulator: one node:http server on loopback, a request log, the in-flight
// high-water mark, latency and faults, and one writer that turns a Reply into bytes.
import { NEWEST_RELEASE, traitsOf } from './releases.js';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { extractKey } from './auth.js';
import { defaultKeys, defaultModels } from './catalog.js';
import { panicBody } from './errors.js';
import { faultReply, takeFault } from './faults.js';
import { CONSOLE_PAGE, type Reply } from './reply.js';
import { newRequestId } from './request-id.js';
import { route, type LiveOptions } from './routes.js';
import { upstreamRoute } from './upstream.js';
import type { Fault, RequestLogEntry, SimModel, Simulator, SimulatorOptions } from './types.js';

type WriteMode = 'normal' | 'truncate' | 'stall' | 'drip';

/** The `drip` fault's pace when the fault names none: one byte a second. */
const DEFAULT_DRIP_MS = 1000;

type ParsedBody = Record<string, unknown> | undefined | 'invalid';

const DEFAULT_SLOW_HEADERS_MS = 2_000;

function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseBody(text: string): ParsedBody {
  if (text.trim() === '') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    return 'invalid';
  } catch {
    return 'invalid';
  }
}

class SimulatedGateway implements Simulator {
  readonly log: RequestLogEntry[] = [];
  readonly options: LiveOptions;
  root = '';
  port = 0;
  private inFlight = 0;
  private highWater = 0;
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  // Aborted on stop() so pending latency and slow-header waits end at once.
  private readonly stopping = new AbortController();
  private stopped?: Promise<void>;

  constructor(opts: SimulatorOptions) {
    this.options = {
      ...opts,
      models: opts.models ?? defaultModels(),
      keys: opts.keys ?? defaultKeys(),
      // Copies: `times` counts down on our objects, never on the caller's.
      faults: (opts.faults ?? []).map((f) => ({ ...f })),
    };
    this.server = createServer((req, res) => {
      this.handle(req, res).catch(() => res.destroy());
    });
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  get maxInFlight(): number {
    return this.highWater;
  }

  async listen(port: number): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    this.port = (this.server.address() as AddressInfo).port;
    this.root = `http://127.0.0.1:${this.port}`;
  }

  setModels(models: SimModel[]): void {
    this.options.models = models;
  }

  addFault(fault: Fault): void {
    (this.options.faults ??= []).push({ ...fault });
  }

  clearFaults(): void {
    this.options.faults = [];
  }

  resetStats(): void {
    this.log.length = 0;
    this.highWater = this.inFlight;
  }

  stop(): Promise<void> {
    this.stopped ??= new Promise<void>((resolve) => {
      this.stopping.abort();
      this.server.close(() => resolve());
      // Stalled bodies and keep-alive connections would otherwise hold close() open forever.
      for (const socket of this.sockets) socket.destroy();
      this.server.closeAllConnections();
    });
    return this.stopped;
  }

  private sleep(ms: number | undefined): Promise<void> {
    const signal = this.stopping.signal;
    if (!ms || ms <= 0 || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
    });
  }

  private gone(res: ServerResponse): boolean {
    return this.stopping.signal.aborted || res.destroyed;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestId = newRequestId();
    // A provider names its own request id; only the gateway sends new-api's header.
    res.setHeader(this.options.upstream ? 'x-request-id' : 'X-Oneapi-Request-Id', requestId);
    const version =
      this.options.version ??
      (traitsOf(this.options.newApi ?? NEWEST_RELEASE).versionHeader ? (this.options.newApi ?? NEWEST_RELEASE) : undefined);
    if (version !== undefined && !this.options.upstream) res.setHeader('X-New-Api-Version', version);
    const method = req.method ?? 'GET';
    const rawPath = req.url ?? '/';
    // Split by hand: URL parsing would read `//v1/...` as a host name.
    const pathname = rawPath.split('?')[0] ?? '/';
    const entry: RequestLogEntry = {
      method,
      path: rawPath,
      headers: flattenHeaders(req.headers),
      auth: extractKey(req.headers, pathname, pathname.startsWith('/api/')),
      status: 0,
      requestId,
      startedAt: Date.now(),
    };
    this.log.push(entry);
    this.inFlight += 1;
    this.highWater = Math.max(this.highWater, this.inFlight);
    res.on('close', () => {
      this.inFlight -= 1;
      entry.endedAt = Date.now();
    });

    const body = parseBody(await readBody(req));
    if (body !== undefined && body !== 'invalid') {
      if (typeof body.model === 'string') entry.model = body.model;
      entry.stream = body.stream === true;
    }

    await this.sleep(this.options.latencyMs);
    if (this.gone(res)) return;

    const fault = takeFault((this.options.faults ??= []), {
      rawPath,
      ...(entry.model !== undefined ? { model: entry.model } : {}),
      stream: entry.stream === true,
    });
    if (fault?.kind === 'drop') {
      req.socket.destroy();
      return;
    }
    if (fault?.kind === 'slow-headers') {
      await this.sleep(fault.ms ?? DEFAULT_SLOW_HEADERS_MS);
      if (this.gone(res)) return;
    }

    let reply = fault ? faultReply(fault, pathname, requestId) : undefined;
    if (!reply) {
      try {
        const upstream = this.options.upstream;
        reply = upstream
          ? upstreamRoute({ method, pathname, headers: req.headers, body, requestId, options: upstream })
          : route({ method, pathname, rawPath, headers: req.headers, body, requestId, options: this.options });
      } catch {
        // What gin's recovery middleware does with a handler that throws.
        reply = panicBody();
      }
    }
    const mode: WriteMode =
      fault?.kind === 'stall-body' ? 'stall' : fault?.kind === 'truncate-stream' ? 'truncate' : fault?.kind === 'drip' ? 'drip' : 'normal';
    this.write(res, entry, reply, mode, fault?.ms ?? DEFAULT_DRIP_MS);
  }

  private write(res: ServerResponse, entry: RequestLogEntry, reply: Reply, mode: WriteMode, dripMs = DEFAULT_DRIP_MS): void {
    let status: number;
    let headers: Record<string, string>;
    let chunks: string[];
    switch (reply.kind) {
      case 'json':
        status = reply.status;
        headers = { 'content-type': 'application/json; charset=utf-8', ...reply.headers };
        chunks = [JSON.stringify(reply.body)];
        break;
      case 'html':
        status = reply.status;
        headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' };
        chunks = [CONSOLE_PAGE];
        break;
      case 'sse':
        status = 200;
        headers = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' };
        chunks = mode === 'truncate' ? reply.frames.slice(0, -1) : reply.frames;
        break;
      case 'empty':
        status = reply.status;
        headers = { ...reply.headers };
        chunks = [];
        break;
    }
    entry.status = status;
    if (mode === 'stall') {
      // Headers and, for a stream, its first event; then nothing until the client or stop() gives up.
      res.writeHead(status, headers);
      if (reply.kind === 'sse' && chunks[0] !== undefined) res.write(chunks[0]);
      else res.flushHeaders();
      return;
    }
    if (mode === 'drip') {
      // The whole answer, a byte at a time: a client whose timer restarts on every byte never gives up.
      const bytes = Buffer.from(chunks.join(''));
      res.writeHead(status, headers);
      res.flushHeaders();
      let at = 0;
      const timer = setInterval(() => {
        if (at < bytes.length) res.write(bytes.subarray(at, ++at));
        else {
          clearInterval(timer);
          res.end();
        }
      }, dripMs);
      res.on('close', () => clearInterval(timer));
      return;
    }
    if (reply.kind !== 'sse') headers['content-length'] = String(Buffer.byteLength(chunks.join('')));
    res.writeHead(status, headers);
    for (const chunk of chunks) res.write(chunk);
    res.end();
  }
}

/** Starts a simulated gateway on 127.0.0.1 (port 0 or undefined: a free port). */
export async function startSimulator(opts: SimulatorOptions = {}): Promise<Simulator> {
  const gateway = new SimulatedGateway(opts);
  await gateway.listen(opts.port ?? 0);
  return gateway;
}
