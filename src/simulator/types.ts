// The contract of the gateway simulator (src/simulator/). Tests, `simulate` and `demo` use it.
// It reproduces new-api as read from its source and run: keys with groups and model limits,
// channels that decide which protocols really work, the exact error bodies, request IDs, the three stream formats.
import type { NewApiRelease } from './releases.js';
import type { UpstreamKeyState, UpstreamKind, UpstreamOptions } from './upstream.js';

/** The channel type serving a model decides its marks and what really works. */
export type ChannelKind =
  | 'anthropic' // marks anthropic+openai: messages, chat; Responses fails (500 convert_request_failed)
  | 'openai' // marks openai: chat, messages (converted), Responses passes through although unmarked
  | 'deepseek' // marks openai: chat, messages; Responses fails (not implemented)
  | 'codex' // marks openai-response(+compact, alpha-search): Responses only
  | 'xai' // marks by name (openai): chat only; messages "not available", Responses "not implemented"
  | 'gemini' // marks gemini, openai: chat, messages
  | 'image' // marks image-generation (+openai): images/generations only
  | 'embedding' // marks embeddings: nothing an agent can use
  | 'none'; // listed for the group but no channel: 503 model_not_found

export interface SimModel {
  id: string;
  channel: ChannelKind;
  /** Groups whose channels serve the model. Default: ['default']. */
  groups?: string[];
  /** Listed in /v1/models for these groups even without a channel (the "listed, no channel" case). */
  listedFor?: string[];
  /** false: calls fail with 500 model_price_error, and /v1/models leaves it out. Default true. */
  priced?: boolean;
  /** What the provider behind the channel does with it (default `chat`): not-chat models fail there. */
  upstream?: UpstreamKind;
  /** The channel's standing with its provider: anything but ok fails upstream, passed through. */
  upstreamKey?: UpstreamKeyState | 'down';
  /** Overrides the marks derived from the channel. */
  marks?: string[];
  /** The model's own endpoint setting (the console's model page): merged with the channel's marks or replacing them, by release. */
  endpoints?: string[];
  description?: string;
  tags?: string;
  /** Marketplace prices. quotaType 0 per token (modelRatio), 1 per call (modelPrice). */
  quotaType?: 0 | 1;
  modelRatio?: number;
  completionRatio?: number;
  modelPrice?: number;
  /** Cached input at this ratio of the input price (v0.13's `cache_ratio`). */
  cacheRatio?: number;
  /** Billed by an expression (v0.13's `billing_mode: tiered_expr`), not by a per-token price. */
  billingExpr?: string;
}

type KeyStatus = 'active' | 'disabled' | 'expired' | 'exhausted';

export interface SimKey {
  /** The full key as clients send it, `sk-` + 48 alphanumerics (the `sk-` prefix is optional on the wire). */
  key: string;
  name: string;
  group: string;
  /** When set, only these models are allowed (403 "This token has no access to model X"). */
  modelLimits?: string[];
  status?: KeyStatus;
  /** Quota left in USD; 0 or below makes calls fail with 403 insufficient_user_quota. */
  quotaUsd?: number;
  /** Quota already spent in USD (what /api/usage/token/ reports as used); default 0. */
  usedUsd?: number;
  unlimited?: boolean;
  /** Unix seconds, 0 = never. */
  expiresAt?: number;
  /** The addresses it may be used from (the console's IP allow-list); callers here are 127.0.0.1. */
  allowIps?: string[];
}

type FaultKind =
  | 'slow-headers' // wait `ms` before sending status and headers
  | 'stall-body' // send headers, then never finish the body
  | 'drip' // send headers, then the answer one byte every `ms` (default 1000): never idle, never done in time
  | 'drop' // destroy the socket without an answer
  | 'truncate-stream' // a streaming answer that stops before its final event
  | 'html' // answer 200 text/html (the console page)
  | 'rate-limit' // 429 (empty body), with Retry-After `retryAfter` seconds when set
  | 'redirect' // 301 to `location` (another host)
  | 'server-error' // 502: the channel's provider answered 502 with nothing readable
  | 'gateway-internal' // 500: new-api's own failure (its database), no code
  | 'upstream-down' // 500 do_request_failed: new-api could not reach its provider
  | 'upstream-empty' // 200: the provider answered nothing readable; new-api closes the stream itself
  | 'panic' // 500 new_api_panic body
  | 'overloaded'; // 503 system_<resource>_overloaded: new-api v0.13's load monitor, before any key check

export interface Fault {
  kind: FaultKind;
  /** Applies to requests whose path starts with this (default: every path; `overloaded`: the relay's, as new-api's monitor). */
  path?: string;
  /** Applies to this model only. */
  model?: string;
  /** How many requests it hits before it clears itself (default: unlimited). */
  times?: number;
  ms?: number;
  retryAfter?: number;
  location?: string;
  /** What the load monitor found past its threshold (`overloaded`; default memory). */
  resource?: 'cpu' | 'memory' | 'disk';
}

export interface SimulatorOptions {
  /** Always loopback. */
  host?: '127.0.0.1';
  /** 0 or undefined: a free port. */
  port?: number;
  models?: SimModel[];
  keys?: SimKey[];
  /** Omit `supported_endpoint_types` from /v1/models (older gateways). */
  omitMarks?: boolean;
  /** Added before every response. */
  latencyMs?: number;
  /** Where the key's usage is answered (default new-api's `/api/usage/token/`; some gateways drop the slash). */
  usagePath?: string;
  /** The new-api release to speak (releases.ts): texts, marks, routes and headers differ. Default: the newest. */
  newApi?: NewApiRelease;
  /** Sent as `X-New-Api-Version` on every answer instead of the release's own (a test's odd header). */
  version?: string;
  /** /api/pricing: 'public' (default), 'forbidden' (403), 'login' (401). */
  pricing?: 'public' | 'forbidden' | 'login';
  /** Group → price ratio (`GroupRatio`); a key's group missing here is "deprecated" (403). Default: GROUP_RATIOS. */
  groupRatios?: Record<string, number>;
  /** Groups users may give their keys (`UserUsableGroups`); others are refused (403). Default: every group with a ratio. */
  usableGroups?: string[];
  faults?: Fault[];
  /** Play the upstream provider behind a real gateway's channels instead of the gateway. */
  upstream?: UpstreamOptions;
}

export interface RequestLogEntry {
  method: string;
  /** Path with query string, as received. */
  path: string;
  headers: Record<string, string>;
  /** How the key arrived. */
  auth: { scheme: 'bearer' | 'x-api-key' | 'none'; key?: string };
  model?: string;
  stream?: boolean;
  status: number;
  requestId: string;
  startedAt: number;
  endedAt?: number;
}

export interface Simulator {
  /** The gateway root, e.g. `http://127.0.0.1:43121` (no trailing slash, no /v1). */
  readonly root: string;
  readonly port: number;
  /** Every request, in arrival order. */
  readonly log: RequestLogEntry[];
  /** The highest number of requests in flight at once since start (or since resetStats). */
  readonly maxInFlight: number;
  /** Live options: tests change models, marks, latency and faults between runs. */
  readonly options: Required<Pick<SimulatorOptions, 'models' | 'keys'>> & SimulatorOptions;
  setModels(models: SimModel[]): void;
  addFault(fault: Fault): void;
  clearFaults(): void;
  resetStats(): void;
  stop(): Promise<void>;
}
