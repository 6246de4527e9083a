// The error bodies of new-api, byte for byte where gateway.md gives them. Three families:
// - routing errors (auth and distributor middleware): always the OpenAI shape, type new_api_error,
//   no `param`, even on /v1/messages;
// - relay errors (raised by the relay controller after routing): OpenAI shape with `param`, or the
//   Anthropic shape on /v1/messages;
// - bodies that carry no request id: 404s, panics and errors passed through from the upstream.
import { json, type Reply } from './reply.js';

export function withRequestId(message: string, requestId: string): string {
  return `${message} (request id: ${requestId})`;
}

export function routingError(status: number, message: string, code: string, requestId: string): Reply {
  return json(status, {
    error: { message: withRequestId(message, requestId), type: 'new_api_error', code },
  });
}

export function invalidToken(requestId: string): Reply {
  return routingError(401, 'Invalid token', '', requestId);
}

/** Which error shape the relay controller uses: Anthropic's on the messages route only. */
export type RelayFormat = 'openai' | 'claude';

export function relayError(
  format: RelayFormat,
  status: number,
  message: string,
  code: string,
  requestId: string,
): Reply {
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
