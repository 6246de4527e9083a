// The error bodies of new-api, byte for byte as new-api writes them. Three families:
// - routing errors (auth and distributor middleware): always the OpenAI shape, type new_api_error,
//   no `param`, even on /v1/messages;
// - relay errors (raised by the relay controller after routing): OpenAI shape with `param`, or the
//   Anthropic shape on /v1/messages;
// - bodies that carry no request id: 404s, panics and errors passed through from the upstream.
import { TEXTS, type GatewayLang } from './releases.js';
import { json, type Reply } from './reply.js';

export function withRequestId(message: string, requestId: string): string {
  return `${message} (request id: ${requestId})`;
}

export function routingError(status: number, message: string, code: string, requestId: string): Reply {
  return json(status, {
    error: { message: withRequestId(message, requestId), type: 'new_api_error', code },
  });
}

/**
 * The auth middleware's 401: up to v0.10 it names the reason, in Chinese; from v0.13 every refused
 * key gets "Invalid token" in the caller's language.
 */
export function tokenRefusal(
  problem: 'unknown' | 'disabled' | 'expired' | 'exhausted',
  world: { traits: { keyReasons: boolean }; lang: GatewayLang },
  requestId: string,
): Reply {
  if (!world.traits.keyReasons) return routingError(401, TEXTS[world.lang].invalidToken, '', requestId);
  const text = { unknown: '无效的令牌', disabled: '该令牌状态不可用', expired: '该令牌已过期', exhausted: '该令牌额度已用尽' }[problem];
  return routingError(401, text, '', requestId);
}

/** The auth middleware's 403 for a key whose group users may not use, or whose group lost its ratio. */
export function groupRefusal(group: string, why: 'denied' | 'deprecated', requestId: string): Reply {
  // Chinese in every release: these texts were never translated.
  return routingError(403, why === 'denied' ? `无权访问 ${group} 分组` : `分组 ${group} 已被弃用`, '', requestId);
}

/**
 * An error the upstream provider returned, as new-api relays it: the provider's status, type and
 * code. On chat and Responses the provider's object passes with `param` emptied and no request id;
 * on /v1/messages it is rewritten into Claude's shape with the provider's code (or the Go text
 * `<nil>` when it had none) as the type, and the request id appended.
 */
export function passedThrough(
  format: RelayFormat,
  upstream: { status: number; type: string; code: string | null; message: string },
  requestId: string,
): Reply {
  if (format === 'claude') {
    return json(upstream.status, {
      type: 'error',
      error: { type: upstream.code ?? '<nil>', message: withRequestId(upstream.message, requestId) },
    });
  }
  return json(upstream.status, { error: { message: upstream.message, type: upstream.type, param: '', code: upstream.code } });
}

/** Which error shape the relay controller uses: Anthropic's on the messages route only. */
export type RelayFormat = 'openai' | 'claude';

export function relayError(format: RelayFormat, status: number, message: string, code: string, requestId: string): Reply {
  const text = withRequestId(message, requestId);
  if (format === 'claude') {
    return json(status, { type: 'error', error: { type: 'new_api_error', message: text } });
  }
  return json(status, { error: { message: text, type: 'new_api_error', param: '', code } });
}

/** The router's NoRoute answer for /v1, /api and /assets: the path without its query, no request id. */
export function invalidUrl(method: string, pathname: string): Reply {
  return json(404, {
    error: { message: `Invalid URL (${method} ${pathname})`, type: 'invalid_request_error', param: '', code: '' },
  });
}

/** gin's recovery handler: no code, no request id. */
export function panicBody(): Reply {
  return json(500, {
    error: {
      message:
        'Panic detected, error: runtime error: invalid memory address or nil pointer dereference. ' +
        'Please submit a issue here: https://github.com/Calcium-Ion/new-api',
      type: 'new_api_panic',
    },
  });
}

/** An upstream error relayed unchanged (OpenAI's own validation), hence no request id. */
export function upstreamError(status: number, message: string, param: string, code: string): Reply {
  return json(status, { error: { message, type: 'invalid_request_error', param, code } });
}

/** Errors of the console API (/api/...): `{success:false,message}`. */
export function consoleError(status: number, message: string): Reply {
  return json(status, { success: false, message });
}
