// Small real servers for the gateway client tests: node:http for well-formed answers, node:net for
// sockets that misbehave. Everything listens on 127.0.0.1 port 0 and is closed by closeAll().
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

interface Recorded {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface TestServer {
  root: string;
  port: number;
  requests: Recorded[];
  inFlight: number;
  maxInFlight: number;
  close(): Promise<void>;
}

const open: TestServer[] = [];

export type Handler = (req: http.IncomingMessage & { body: string }, res: http.ServerResponse, server: TestServer) => void | Promise<void>;

export async function startServer(handler: Handler): Promise<TestServer> {
  const state: TestServer = { root: '', port: 0, requests: [], inFlight: 0, maxInFlight: 0, close: async (): Promise<void> => undefined };
  const server = http.createServer((req, res) => {
    state.inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
    let done = false;
    const finish = (): void => {
      if (!done) {
        done = true;
        state.inFlight--;
      }
    };
    res.on('close', finish);
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const body = Buffer.concat(parts).toString('utf8');
      state.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      void Promise.resolve(handler(Object.assign(req, { body }), res, state)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  state.port = port;
  state.root = `http://127.0.0.1:${port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  open.push(state);
  return state;
}

/** A TCP server for answers node:http would refuse to produce. */
export async function startRawServer(
  onConnection: (socket: net.Socket, firstBytes: string) => void,
): Promise<TestServer & { connections: number }> {
  const sockets = new Set<net.Socket>();
  const state = {
    root: '',
    port: 0,
    requests: [] as Recorded[],
    inFlight: 0,
    maxInFlight: 0,
    connections: 0,
    close: async (): Promise<void> => undefined,
  };
  const server = net.createServer((socket) => {
    state.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.once('data', (d) => onConnection(socket, d.toString('latin1')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as AddressInfo).port;
  state.root = `http://127.0.0.1:${state.port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  open.push(state);
  return state;
}

/** An HTTP CONNECT proxy that records each tunnel target and sends every tunnel to `to`. */
export async function startRecordingProxy(to: () => number): Promise<TestServer & { tunnels: string[] }> {
  const tunnels: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = http.createServer((_req, res) => {
    res.statusCode = 502;
    res.end();
  });
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    tunnels.push(req.url ?? '');
    sockets.add(client);
    client.on('error', () => undefined);
    const upstream = net.connect(to(), '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const state = {
    root: `http://127.0.0.1:${port}`,
    port,
    requests: [] as Recorded[],
    inFlight: 0,
    maxInFlight: 0,
    tunnels,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  open.push(state);
  return state;
}

/** A port nothing listens on. */
export async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function closeAll(): Promise<void> {
  const all = open.splice(0);
  await Promise.all(all.map((s) => s.close()));
}

export function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** An SSE answer from `event`/`data` pairs. */
export function sse(res: http.ServerResponse, events: Array<{ event?: string; data: string }>, headers: Record<string, string> = {}): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', ...headers });
  for (const e of events) res.write(`${e.event ? `event: ${e.event}\n` : ''}data: ${e.data}\n\n`);
  res.end();
}

export const KEY = 'sk-' + 'Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7cDe0fGh3iJk6l';
