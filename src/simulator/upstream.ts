// The simulator in its other role: the upstream provider behind a real new-api channel (OpenAI,
// Anthropic, DeepSeek). It answers the provider's own paths in the provider's own shapes,
// successes and errors alike, so a test can see what new-api does with each: an error here is the
// provider's (type and code of its own), never new-api's.
import type { IncomingHttpHeaders } from 'node:http';
import type { Protocol } from '../core/types.js';
import { chatAnswer, estimateTokens, imageAnswer, messagesAnswer, responsesAnswer } from './answers.js';
import { json, type Reply } from './reply.js';

/** What a model is, upstream: it decides which paths serve it (as OpenAI's own API does). */
export type UpstreamKind = 'chat' | 'responses-only' | 'embedding' | 'speech' | 'transcription' | 'image';

export interface UpstreamModel {
  id: string;
  kind: UpstreamKind;
}

/** How the provider treats a channel's key. */
export type UpstreamKeyState = 'ok' | 'revoked' | 'no-credit' | 'overloaded' | 'rate-limited' | 'failing';

export interface UpstreamOptions {
  /** Channel keys the provider knows (Bearer or x-api-key). */
  keys: Record<string, UpstreamKeyState>;
  models: UpstreamModel[];
}

/** The provider path a request is for: suffixes, so `/anthropic/v1/messages` (DeepSeek) counts too. */
function upstreamProtocol(pathname: string): Protocol | undefined {
  if (pathname.endsWith('/v1/messages')) return 'messages';
  if (pathname.endsWith('/v1/responses')) return 'responses';
  if (pathname.endsWith('/v1/chat/completions')) return 'chat';
  if (pathname.endsWith('/v1/images/generations')) return 'images';
  return undefined;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function keyOf(headers: IncomingHttpHeaders): string | undefined {
  return header(headers, 'x-api-key') ?? header(headers, 'authorization')?.replace(/^bearer\s+/i, '');
}

/** A provider's error: Anthropic's fields on its messages path (no code), OpenAI's elsewhere. */
export interface ProviderError {
  status: number;
  type: string;
  code: string | null;
  message: string;
}

function providerError(protocol: Protocol, status: number, type: string, code: string | null, message: string): ProviderError {
  return { status, type, code: protocol === 'messages' ? null : code, message };
}

function keyRefusal(protocol: Protocol, state: UpstreamKeyState | undefined): ProviderError | undefined {
  switch (state) {
    case 'ok':
      return undefined;
    case 'no-credit':
      return protocol === 'messages'
        ? providerError(protocol, 400, 'invalid_request_error', null, 'Your credit balance is too low to access the Anthropic API.')
        : providerError(
            protocol,
            429,
            'insufficient_quota',
            'insufficient_quota',
            'You exceeded your current quota, please check your plan and billing details.',
          );
    case 'overloaded':
      return protocol === 'messages'
        ? providerError(protocol, 529, 'overloaded_error', null, 'Overloaded')
        : providerError(protocol, 503, 'server_error', 'server_overloaded', 'The server is overloaded, please try again later.');
    case 'rate-limited':
      return protocol === 'messages'
        ? providerError(protocol, 429, 'rate_limit_error', null, 'Number of request tokens has exceeded your per-minute rate limit.')
        : providerError(protocol, 429, 'requests', 'rate_limit_exceeded', 'Rate limit reached for requests. Please try again in 20s.');
    case 'failing':
      return protocol === 'messages'
        ? providerError(protocol, 500, 'api_error', null, 'Internal server error')
        : providerError(protocol, 500, 'server_error', null, 'The server had an error while processing your request. Sorry about that!');
    default:
      return protocol === 'messages'
        ? providerError(protocol, 401, 'authentication_error', null, 'invalid x-api-key')
        : providerError(protocol, 401, 'invalid_request_error', 'invalid_api_key', 'Incorrect API key provided.');
  }
}

const SERVED: Record<UpstreamKind, Protocol[]> = {
  chat: ['chat', 'responses', 'messages'],
  'responses-only': ['responses'],
  embedding: [],
  speech: [],
  transcription: [],
  image: ['images'],
};

/** The provider's refusal of a model on a path that does not serve it, in OpenAI's words. */
function wrongEndpoint(protocol: Protocol, kind: UpstreamKind): ProviderError | undefined {
  if (SERVED[kind].includes(protocol)) return undefined;
  if (kind === 'responses-only') {
    return providerError(
      protocol,
      404,
      'invalid_request_error',
      null,
      `This model is only supported in v1/responses and not in v1/${protocol === 'chat' ? 'chat/completions' : 'messages'}.`,
    );
  }
  return providerError(
    protocol,
    404,
    'invalid_request_error',
    null,
    'This is not a chat model and thus not supported in the v1/chat/completions endpoint. Did you mean to use v1/completions?',
  );
}

/**
 * What the provider answers a call on `protocol` (its own path) for a model of `kind`, sent with a
 * key in `state`: undefined when it serves it. Shared with the gateway simulator, which relays it.
 */
export function providerRefusal(
  protocol: Protocol,
  state: UpstreamKeyState | undefined,
  kind: UpstreamKind = 'chat',
): ProviderError | undefined {
  return keyRefusal(protocol, state) ?? wrongEndpoint(protocol, kind);
}

function errorReply(protocol: Protocol, e: ProviderError): Reply {
  if (protocol === 'messages') return json(e.status, { type: 'error', error: { type: e.type, message: e.message } });
  return json(e.status, { error: { message: e.message, type: e.type, param: null, code: e.code } });
}

export interface UpstreamInput {
  method: string;
  pathname: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown> | undefined | 'invalid';
  requestId: string;
  options: UpstreamOptions;
}

export function upstreamRoute(input: UpstreamInput): Reply {
  const protocol = input.method === 'POST' ? upstreamProtocol(input.pathname) : undefined;
  if (!protocol)
    return json(404, {
      error: { message: `Unknown path ${input.pathname}`, type: 'invalid_request_error', param: null, code: 'unknown_url' },
    });
  const refused = keyRefusal(protocol, input.options.keys[keyOf(input.headers) ?? '']);
  if (refused) return errorReply(protocol, refused);
  if (input.body === 'invalid' || input.body === undefined) {
    return errorReply(
      protocol,
      providerError(protocol, 400, 'invalid_request_error', null, 'We could not parse the JSON body of your request.'),
    );
  }
  const id = typeof input.body.model === 'string' ? input.body.model : '';
  const model = input.options.models.find((m) => m.id === id);
  if (!model) {
    return errorReply(
      protocol,
      protocol === 'messages'
        ? providerError(protocol, 404, 'not_found_error', null, `model: ${id}`)
        : providerError(
            protocol,
            404,
            'invalid_request_error',
            'model_not_found',
            `The model \`${id}\` does not exist or you do not have access to it.`,
          ),
    );
  }
  const refusal = wrongEndpoint(protocol, model.kind);
  if (refusal) return errorReply(protocol, refusal);
  const prompt = protocol === 'responses' ? input.body.input : protocol === 'images' ? input.body.prompt : input.body.messages;
  const ctx = { model: id, requestId: input.requestId, inputTokens: estimateTokens(prompt), stream: input.body.stream === true };
  switch (protocol) {
    case 'chat':
      return chatAnswer(ctx);
    case 'messages':
      return messagesAnswer(ctx);
    case 'responses':
      return responsesAnswer(ctx);
    case 'images':
      return imageAnswer(ctx);
  }
}
