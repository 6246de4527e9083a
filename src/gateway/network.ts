// A library caller's own network for a run (an undici Dispatcher fits), apart from the HTTP client
// (./http.ts) that sends through it: a call sets it up before it knows whether it sends anything.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Readable } from 'node:stream';

export interface NetworkRequest {
  origin: string;
  path: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
}

/** The answer's head and body stream. */
export interface NetworkAnswer {
  statusCode: number;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  body: Readable;
}

/**
 * Where a run's requests go instead of our own sockets and the environment's proxy: an undici
 * Dispatcher fits (an Agent trusting your CA, a ProxyAgent, one that records). Every request of the
 * run goes through it, timeouts and caps still ours.
 */
export interface Network {
  request(options: NetworkRequest): Promise<NetworkAnswer>;
}

const networks = new AsyncLocalStorage<Network>();

/** Runs `fn` with its requests sent through `network`; through our own dispatchers when undefined. */
export function withNetwork<T>(network: Network | undefined, fn: () => T): T {
  return network === undefined ? fn() : networks.run(network, fn);
}

/** The network the running call was given; undefined for our own dispatchers. */
export function givenNetwork(): Network | undefined {
  return networks.getStore();
}
