// Domain types shared by the gateway client, the simulator, the agents and the CLI.
import type { Message } from '../i18n/text.js';

/** The wire protocols the gateway serves publicly (new-api's public service contract). */
export type Protocol = 'messages' | 'responses' | 'chat' | 'images';
export const PROTOCOLS: readonly Protocol[] = ['messages', 'responses', 'chat', 'images'];

/** Protocol names as users know them. */
export const PROTOCOL_NAMES: Record<Protocol, string> = {
  messages: 'messages',
  responses: 'Responses',
  chat: 'chat',
  images: 'images',
};

/** The path each protocol is served on, under the gateway root. */
export const PROTOCOL_PATHS: Record<Protocol, string> = {
  messages: '/v1/messages',
  responses: '/v1/responses',
  chat: '/v1/chat/completions',
  images: '/v1/images/generations',
};

/** One entry of the key's `GET /v1/models`. `marks` is undefined when the gateway sent none. */
export interface GatewayModel {
  id: string;
  marks?: string[];
  ownedBy?: string;
  created?: number;
}

/**
 * How usable a model is for one protocol:
 * - `yes`: the marks say so;
 * - `probe`: possible but only a live request tells (marked `openai` only, for Responses; or unmarked);
 * - `no`: the marks exclude it.
 */
export type Suitability = 'yes' | 'probe' | 'no';

export interface ClassifiedModel extends GatewayModel {
  /** false when the gateway sent no `supported_endpoint_types` for this model. */
  marked: boolean;
  protocols: Record<Protocol, Suitability>;
  /** Not usable by any coding agent (embeddings, rerank, video, gemini-only, custom marks only). */
  notForAgents?: Message;
  /** Marketplace enrichment, when `/api/pricing` answered. */
  pricing?: ModelPricing;
}

export interface ModelPricing {
  description?: string;
  tags?: string[];
  vendor?: string;
  groups?: string[];
  /** quota_type 0: USD per 1M input tokens and output tokens. */
  inputPerMTok?: number;
  outputPerMTok?: number;
  /** quota_type 1: USD per call. */
  perCall?: number;
  /** Cached input, USD per 1M tokens (new-api v0.13's `cache_ratio` of the input price). */
  cachedInputPerMTok?: number;
  /** Billed by an expression the admin wrote (v0.13's `billing_mode: tiered_expr`): no per-token price applies. */
  billedByExpression?: true;
}

/** The marker spellings the console uses; configurable, defaults are new-api's. */
export interface Markers {
  messages: string;
  responses: string;
  chat: string;
  images: string;
  /** Marks that mean "not a chat model" (embeddings, rerank, video, native gemini). */
  nonAgent: string[];
}

export const DEFAULT_MARKERS: Markers = {
  messages: 'anthropic',
  responses: 'openai-response',
  chat: 'openai',
  images: 'image-generation',
  nonAgent: ['embeddings', 'jina-rerank', 'openai-video', 'gemini', 'openai-response-compact', 'openai-alpha-search'],
};

/** Stable diagnosis codes. JSON output and docs rely on these names. */
export type DiagnosisCode =
  | 'bad_key'
  | 'model_not_allowed'
  | 'model_not_in_group'
  | 'quota'
  | 'model_unpriced'
  | 'wrong_path'
  | 'not_api'
  | 'wrong_protocol'
  | 'rate_limited'
  | 'unreachable'
  | 'timeout'
  | 'stream_broken'
  | 'redirect'
  | 'bad_response'
  | 'gateway_error'
  | 'channel_failed' // the gateway's channel failed: its provider's own error, or no answer from it
  | 'group_denied' // the key's group may not be used, or was removed by the admin
  | 'gateway_busy' // the gateway itself refuses calls while its host is loaded (new-api's load monitor, 503)
  // Found in an agent's config on disk, before any request is sent:
  | 'missing_key' // the agent would find no key (variable unset, key absent)
  | 'model_not_listed' // the configured model is not in the key's GET /v1/models
  | 'env_override' // a shell export wins over the key written in the agent's file
  | 'key_file_open' // a file holding the key may be read by others than its owner (mode wider than 0600)
  | 'untrusted_host' // a repository's committed config names a host that is not the user's gateway: nothing sent
  | 'agent_outdated' // the installed agent is older than a version seen failing to read what we write
  | 'agent_failed' // the agent's own run failed while the gateway answers its request: the agent's cause, not the gateway's
  | 'config_invalid'; // the config cannot yield a request (no model, no base URL, unknown provider)

export interface Diagnosis {
  code: DiagnosisCode;
  /** The cause in plain words. Never contains the key. */
  message: Message;
  /** What the user should do. */
  fix: Message;
  status?: number;
  requestId?: string;
  /** The URL that was called (never with credentials). */
  url?: string;
  /**
   * The finer cause, for scripts: a refused key's `expired`, `exhausted`, `disabled`, `unknown`,
   * `ip`, `banned` or `untold` (the gateway would not say which); a busy gateway's `cpu`, `memory`,
   * `disk`; quota that comes from the account's subscription plan (new-api v0.13), `plan`.
   */
  reason?: DiagnosisReason;
  /** When the cause has a date (an expired key's expiry), as YYYY-MM-DD. */
  date?: string;
}

export type KeyRefusalReason = 'expired' | 'exhausted' | 'disabled' | 'unknown' | 'ip' | 'banned' | 'untold';
export type DiagnosisReason = KeyRefusalReason | 'cpu' | 'memory' | 'disk' | 'plan';

export interface ProbeResult {
  ok: boolean;
  protocol: Protocol;
  model: string;
  url: string;
  status?: number;
  requestId?: string;
  latencyMs: number;
  diagnosis?: Diagnosis;
}

/** Token (key) information from `GET /api/usage/token/`. */
export interface KeyInfo {
  name?: string;
  /** USD, derived from quota units (500000 = 1 USD); undefined when unlimited. */
  remainingUsd?: number;
  unlimited: boolean;
  /** ISO date, or undefined when the key never expires. */
  expiresAt?: string;
  modelLimits?: string[];
}
