// A run's first connection, opened with Node's own `net` before undici is loaded: when the gateway
// is down (refused, no such host, no route, a connect timeout) the command says so without loading
// the HTTP client at all. When it connects, undici's Agent takes the open socket for its first
// request (for https, undici's connector puts TLS over it, as it does over a proxy's tunnel): every
// connection a working gateway sees carries a request, never a probe and then the real one.
import type { Socket } from 'node:net';

/** The code undici gives a connect timeout: the diagnosis (./transport-errors.ts) names it the same. */
const CONNECT_TIMEOUT = 'UND_ERR_CONNECT_TIMEOUT';

/** Sockets opened and not yet taken, by where they lead (requests sent together open one each). */
const waiting = new Map<string, Socket[]>();
const idle = (): void => undefined;

/** The key a socket waits under: what undici's connector is asked for. */
const keyOf = (protocol: string, hostname: string, port: string | number): string => `${protocol}//${hostname}:${port}`;

/** The port a URL connects to. */
const portOf = (url: URL): number => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

/** The host as `net.connect` takes it: an IPv6 literal without its brackets. */
const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Connects to `url`'s host and port within `timeoutMs`, and keeps the socket for undici's next
 * connection there. Rejects with the socket's own error (its code: ECONNREFUSED, ENOTFOUND, …);
 * resolves with what closes the socket if undici has not taken it by then (the request is over).
 */
export function openFirst(url: URL, timeoutMs: number, signal: AbortSignal): Promise<() => void> {
  const host = hostOf(url);
  const port = portOf(url);
  return new Promise((resolve, reject) => {
    // As undici's connector opens its sockets: no Nagle, keep-alive probes after a minute.
    const socket = process.getBuiltinModule('node:net').connect({ host, port });
    socket.setNoDelay(true).setKeepAlive(true, 60_000);
    const timedOut = (): void =>
      void socket.destroy(
        Object.assign(new Error(`Connect Timeout Error (attempted address: ${host}:${port}, timeout: ${timeoutMs}ms)`), {
          code: CONNECT_TIMEOUT,
        }),
      );
    const timer = setTimeout(timedOut, timeoutMs);
    // The request's deadline (as long as the connect timeout when the whole limit is under 10 s, and
    // started first) ending it while it still connects: the gateway never accepted the connection.
    signal.addEventListener('abort', timedOut, { once: true });
    const settle = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', timedOut);
    };
    const onError = (err: Error): void => {
      settle();
      reject(err);
    };
    socket.once('error', onError);
    socket.once('connect', () => {
      settle();
      socket.removeListener('error', onError);
      // Until undici takes it, an error only closes it: undici then connects anew, and says so.
      socket.on('error', idle);
      const key = keyOf(url.protocol, host, port);
      waiting.set(key, [...(waiting.get(key) ?? []), socket]);
      resolve(() => {
        const queue = waiting.get(key) ?? [];
        if (!queue.includes(socket)) return;
        queue.splice(queue.indexOf(socket), 1);
        if (queue.length === 0) waiting.delete(key);
        socket.destroy();
      });
    });
  });
}

/**
 * The socket kept for this connection, if one is (undici's connector asks once per new connection,
 * with an IPv6 host already out of its brackets and a default port as '').
 */
export function takeFirst(protocol: string, hostname: string, port: string | number): Socket | undefined {
  const key = keyOf(protocol, hostname, port || (protocol === 'https:' ? 443 : 80));
  const queue = waiting.get(key) ?? [];
  const socket = queue.shift();
  if (queue.length === 0) waiting.delete(key);
  socket?.removeListener('error', idle);
  return socket && !socket.destroyed ? socket : undefined;
}

/** Closes every kept socket no request took. */
export function dropFirst(): void {
  for (const socket of [...waiting.values()].flat()) socket.destroy();
  waiting.clear();
}
