// Injected faults: which one hits a request, and the self-clearing `times` counter.
import { panicBody, relayError, withRequestId } from './errors.js';
import { json, type Reply } from './reply.js';
import type { Fault } from './types.js';

export interface FaultTarget {
  rawPath: string;
  model?: string;
  stream: boolean;
}

/** The relay's routes: what new-api's load monitor stands in front of (not the model list, not the console's API). */
const isRelay = (path: string): boolean => path.startsWith('/v1/') && !path.startsWith('/v1/models');

/** A truncated stream needs a stream: the fault waits for a streaming request. */
function matches(fault: Fault, target: FaultTarget): boolean {
  if (fault.path !== undefined && !target.rawPath.startsWith(fault.path)) return false;
  // As new-api v0.13 routes it: a busy gateway still lists its models and tells a key's usage.
  if (fault.kind === 'overloaded' && fault.path === undefined && !isRelay(target.rawPath)) return false;
  if (fault.model !== undefined && fault.model !== target.model) return false;
  if (fault.kind === 'truncate-stream' && !target.stream) return false;
  return true;
}

/** Takes the first matching fault from the live list, spending one of its `times`. */
export function takeFault(faults: Fault[], target: FaultTarget): Fault | undefined {
  const index = faults.findIndex((f) => matches(f, target));
  if (index < 0) return undefined;
  const fault = faults[index];
  if (!fault) return undefined;
  if (fault.times !== undefined) {
    fault.times -= 1;
    if (fault.times <= 0) faults.splice(index, 1);
  }
  return fault;
}

const EMPTY_USAGE_CHUNK = `data: ${JSON.stringify({
  id: '',
  object: 'chat.completion.chunk',
  created: 0,
  model: '',
  choices: [],
  usage: { prompt_tokens: 11, completion_tokens: 0, total_tokens: 11 },
})}\n\n`;

/** The answer of faults that replace the gateway's answer outright. */
export function faultReply(fault: Fault, pathname: string, requestId: string): Reply | undefined {
  switch (fault.kind) {
    case 'html':
      return { kind: 'html', status: 200 };
    case 'rate-limit':
      return {
        kind: 'empty',
        status: 429,
        ...(fault.retryAfter !== undefined ? { headers: { 'retry-after': String(fault.retryAfter) } } : {}),
      };
    case 'redirect':
      return { kind: 'empty', status: 301, headers: { location: fault.location ?? 'https://console.example.invalid/' } };
    case 'server-error':
      // A provider that answered 502 with nothing readable, as new-api v0.10 relays it: its own
      // code on chat and Responses; on messages the Go `<nil>` where the provider's code would go.
      return pathname.includes('/v1/messages')
        ? json(502, { type: 'error', error: { type: '<nil>', message: withRequestId('bad response status code 502', requestId) } })
        : relayError('openai', 502, 'bad response status code 502', 'bad_response_status_code', requestId);
    case 'panic':
      return panicBody();
    case 'upstream-down':
      return relayError(
        pathname.includes('/v1/messages') ? 'claude' : 'openai',
        500,
        'upstream error: do request failed',
        'do_request_failed',
        requestId,
      );
    case 'upstream-empty':
      // What new-api streams when its provider answered 200 with nothing it could read: on chat its
      // own usage chunk and [DONE], on the others no event at all.
      return { kind: 'sse', frames: pathname.endsWith('/chat/completions') ? [EMPTY_USAGE_CHUNK, 'data: [DONE]\n\n'] : [] };
    case 'overloaded': {
      // The middleware answers before the relay: no request id in the text, the OpenAI shape's
      // code, and on messages only `{error: {type, message}}`.
      const resource = fault.resource ?? 'memory';
      const [current, threshold] = resource === 'disk' ? ['97.1', 95] : ['93.4', 90];
      const message = `system ${resource} overloaded (current: ${current}%, threshold: ${threshold}%)`;
      return pathname.includes('/v1/messages')
        ? json(503, { error: { type: 'new_api_error', message } })
        : json(503, { error: { message, type: 'new_api_error', param: '', code: `system_${resource}_overloaded` } });
    }
    case 'gateway-internal':
      return relayError(pathname.includes('/v1/messages') ? 'claude' : 'openai', 500, 'database is locked', '', requestId);
    default:
      return undefined;
  }
}
