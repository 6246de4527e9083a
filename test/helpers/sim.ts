// Starts the project's gateway simulator on 127.0.0.1:0 in the test process; every server started
// through these helpers is stopped by `stopAll()` (call it in afterEach/afterAll).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSimulator } from '../../src/simulator/index.js';
import type { RequestLogEntry, Simulator, SimulatorOptions } from '../../src/simulator/types.js';

const running: (() => Promise<void>)[] = [];

export async function startSim(opts: SimulatorOptions = {}): Promise<Simulator> {
  const sim = await startSimulator({ host: '127.0.0.1', port: 0, ...opts });
  running.push(() => sim.stop());
  return sim;
}

export async function stopAll(): Promise<void> {
  await Promise.all(running.splice(0).map((stop) => stop()));
}

/** The request IDs the simulator answered with. */
export function requestIds(log: readonly RequestLogEntry[]): string[] {
  return log.map((e) => e.requestId);
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
}

/** A plain HTTP server on 127.0.0.1:0 that records every request and answers with `handler`. */
export async function startRecorder(
  handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end('ok'),
): Promise<{ root: string; port: number; requests: RecordedRequest[] }> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  running.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const { port } = server.address() as AddressInfo;
  return { root: `http://127.0.0.1:${port}`, port, requests };
}

/** A port nothing listens on: bound, then released. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
