// A run's first connection is opened with Node's own networking and handed to undici (the HTTP
// client loads only once there is a gateway to talk to): over plain HTTP and under TLS, every
// connection a working gateway sees carries a request (never a probe and then the real one), and the
// process exits; a gateway that never accepts the connection is named a connect timeout.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const KEY = 'sk-first-connection-not-a-key-0000';
const MODELS = JSON.stringify({
  object: 'list',
  success: true,
  data: [{ id: 'gpt-first-connection', object: 'model', owned_by: 'openai', supported_endpoint_types: ['openai'] }],
});

const NEVER_ACCEPTS = [
  'import socket, time',
  "s = socket.socket(); s.bind(('127.0.0.1', 0)); s.listen(0)",
  'print(s.getsockname()[1], flush=True)',
  'time.sleep(120)',
].join('\n');

const dir = mkdtempSync(join(tmpdir(), 'gas-first-connection-'));
const stops: (() => void)[] = [];
afterAll(() => {
  for (const stop of stops) stop();
  rmSync(dir, { recursive: true, force: true });
});

function answer(req: IncomingMessage, res: ServerResponse): void {
  if (req.url === '/v1/models' && req.headers.authorization === `Bearer ${KEY}`) {
    res.writeHead(200, { 'content-type': 'application/json' }).end(MODELS);
  } else res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not here"}}');
}

/** A gateway on 127.0.0.1 that counts the connections made to it, and those no request came over. */
async function listen(
  server: ReturnType<typeof createHttpServer>,
  scheme: string,
): Promise<{ root: string; connections: () => number; idle: () => number }> {
  // Under TLS a connection is counted when it opens, and again once its handshake is done: one that
  // closed before (a probe, then the real one) is idle.
  let opened = 0;
  const ready = new Set<unknown>();
  const used = new Set<unknown>();
  server.on('connection', () => opened++);
  server.on(scheme === 'https' ? 'secureConnection' : 'connection', (socket) => ready.add(socket));
  server.on('request', (req: IncomingMessage) => used.add(req.socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stops.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return {
    root: `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => opened,
    idle: () => opened - ready.size + [...ready].filter((socket) => !used.has(socket)).length,
  };
}

/** `models` against `gw` lists its model and exits 0, and every connection the gateway saw carried a request. */
async function expectListed(gw: Awaited<ReturnType<typeof listen>>, env: Record<string, string>): Promise<void> {
  const out = await runCli(['models', '--base-url', gw.root], { env: { GATEWAY_API_KEY: KEY, ...env } });
  expect(out.stderr).toBe('');
  expect(out.code).toBe(0);
  expect(out.stdout).toContain('gpt-first-connection');
  expect(gw.connections()).toBeGreaterThan(0);
  expect(gw.idle()).toBe(0);
}

describe("a run's first connection", () => {
  it('over HTTP: the models are listed, every connection carried a request, and the process exits', async () => {
    const gw = await listen(createHttpServer(answer), 'http');
    await expectListed(gw, {});
  });

  it('a gateway that never accepts the connection: a connect timeout is named, not a silent answer', async () => {
    // A socket that listens and never accepts, its queue filled first: the next connection hangs.
    const listener = spawn('python3', ['-c', NEVER_ACCEPTS], { stdio: ['ignore', 'pipe', 'inherit'] });
    stops.push(() => listener.kill());
    const port = await new Promise<number>((resolve) => listener.stdout.once('data', (d: Buffer) => resolve(Number(String(d).trim()))));
    const fillers: Socket[] = [];
    for (let i = 0; i < 3; i++) fillers.push(connect(port, '127.0.0.1').on('error', () => undefined));
    stops.push(() => fillers.forEach((socket) => socket.destroy()));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const out = await runCli(['models', '--base-url', `http://127.0.0.1:${port}`, '--timeout', '1'], { env: { GATEWAY_API_KEY: KEY } });
    expect(out.code).toBe(1);
    expect(out.stderr).toContain(`no connection to 127.0.0.1:${port} within 1 s (connect timeout) [timeout]`);
  });

  describe('under TLS', () => {
    let cert = '';
    let key = '';
    beforeAll(() => {
      // A certificate for 127.0.0.1 made for this test, trusted by the bin through NODE_EXTRA_CA_CERTS.
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-days',
          '2',
          '-subj',
          '/CN=127.0.0.1',
        ].concat(['-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')]),
        { stdio: 'ignore' },
      );
      cert = readFileSync(join(dir, 'cert.pem'), 'utf8');
      key = readFileSync(join(dir, 'key.pem'), 'utf8');
    });

    it('a trusted certificate: TLS is put over the first socket, the models listed, every connection carried a request', async () => {
      const gw = await listen(createHttpsServer({ cert, key }, answer), 'https');
      await expectListed(gw, { NODE_EXTRA_CA_CERTS: join(dir, 'cert.pem') });
    });

    it('an untrusted certificate: the TLS failure is named, the key never sent', async () => {
      let asked = 0;
      const gw = await listen(
        createHttpsServer({ cert, key }, (req, res) => {
          asked++;
          answer(req, res);
        }),
        'https',
      );
      const out = await runCli(['models', '--base-url', gw.root], { env: { GATEWAY_API_KEY: KEY } });
      expect(out.code).not.toBe(0);
      expect(out.stderr).toMatch(/TLS|certificate/i);
      expect(out.stderr).toContain('[unreachable]');
      expect(asked).toBe(0);
    });
  });
});
