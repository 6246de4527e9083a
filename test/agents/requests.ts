// Which requests in the simulator's log an agent sent for an answer.
import type { RequestLogEntry } from '../../src/simulator/types.js';

/**
 * An agent's lookups of what kind of local server it talks to, not requests for an answer: Hermes
 * Agent asks a loopback address Ollama's `POST /api/show` (under its base URL less a /v1) before it starts.
 */
export const LOOKUP = /\/api\/show(\?|$)/;

/** The requests the agent itself sent from `from` on: our own probes carry our user agent. */
export const agentRequests = (log: readonly RequestLogEntry[], from: number): RequestLogEntry[] =>
  log
    .slice(from)
    .filter((e) => e.method === 'POST' && !(e.headers['user-agent'] ?? '').startsWith('gateway-agent-setup/') && !LOOKUP.test(e.path));
