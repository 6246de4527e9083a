// A kept-alive connection the gateway closed while it sat idle: the request that finds it closed is
// sent once more on a new connection; a connection that fails at once is the gateway's answer.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { GatewayError } from '../../src/core/errors.js';
import { closeHttp, send } from '../../src/gateway/http.js';
import { closeAll, startRawServer, startRecordingProxy } from './gateway-servers.js';

/**
 * A gateway speaking HTTP/1.1 by hand: `answer(n, i)` says whether the i-th request (from 0) on the
 * n-th connection (from 1) is answered; one that is not is met with a reset, as a socket the server
 * had closed is. `requests` counts them all.
 */
async function gateway(answer: (connection: number, request: number) => boolean) {
  let requests = 0;
  const server = await startRawServer((socket) => {
    const n = server.connections;
    let i = 0;
    const reply = () => {
      requests++;
      if (!answer(n, i++)) return void socket.resetAndDestroy();
      socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 11\r\nconnection: keep-alive\r\n\r\n{"ok":true}');
    };
    reply();
    socket.on('data', reply);
  });
  return { root: server.root, port: server.port, connections: () => server.connections, requests: () => requests };
}

afterEach(async () => {
  await closeHttp();
  await closeAll();
});
afterAll(closeHttp);

/** The connection sits idle a moment, as it does while a run reads a long model list. */
const idle = () => new Promise((resolve) => setTimeout(resolve, 20));
const post = (root: string, env?: Record<string, string>) =>
  send({ method: 'POST', url: `${root}/v1/chat/completions`, body: '{}' }, { timeoutMs: 5_000, ...(env && { env }) });

describe('a kept-alive connection closed by the gateway', () => {
  it('the request that finds it closed goes again on a new connection, once', async () => {
    // The second request on the first connection finds it closed (the gateway's idle timeout).
    const g = await gateway((n, i) => !(n === 1 && i === 1));
    expect(await (await post(g.root)).text()).toBe('{"ok":true}');
    await idle();
    const again = await post(g.root);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe('{"ok":true}');
    expect(g.connections()).toBe(2);
    expect(g.requests()).toBe(3);
  });

  it('while another request opens a connection beside it, the one on the closed connection still goes again', async () => {
    const g = await gateway((n, i) => !(n === 1 && i === 1));
    await (await post(g.root)).text();
    await idle();
    // Two at once: one takes the kept-alive connection (closed under it), the other opens a new one.
    const both = await Promise.all([post(g.root), post(g.root)]);
    expect(await Promise.all(both.map((r) => r.text()))).toEqual(['{"ok":true}', '{"ok":true}']);
    expect(g.requests()).toBe(4);
  });

  it('when the new connection is closed too, the failure is said, after one more try only', async () => {
    const g = await gateway((n, i) => n === 1 && i === 0);
    await (await post(g.root)).text();
    await idle();
    const err = await post(g.root).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayError);
    expect((err as GatewayError).diagnosis.code).toBe('unreachable');
    expect(g.connections()).toBe(2);
    expect(g.requests()).toBe(3);
  });

  it('through a proxy: the closed tunnel is asked again through a new one', async () => {
    const g = await gateway((n, i) => !(n === 1 && i === 1));
    const proxy = await startRecordingProxy(() => g.port);
    const env = { HTTP_PROXY: proxy.root };
    expect(await (await post('http://gateway.example', env)).text()).toBe('{"ok":true}');
    await idle();
    expect(await (await post('http://gateway.example', env)).text()).toBe('{"ok":true}');
    expect(proxy.tunnels).toEqual(['gateway.example:80', 'gateway.example:80']);
    expect(g.requests()).toBe(3);
  });

  it('a new connection closed under its first request is not tried again', async () => {
    const g = await gateway(() => false);
    const err = await post(g.root).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayError);
    expect((err as GatewayError).diagnosis.code).toBe('unreachable');
    expect(g.connections()).toBe(1);
    expect(g.requests()).toBe(1);
  });
});
