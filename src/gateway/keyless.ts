// What an address says to `GET /v1/models` asked without a key: whether a new-api (or one-api)
// gateway answers there at all. A gateway refuses with its own error type; a local model server
// (Ollama, LM Studio) lists its models to anyone; a provider's own service refuses in its own words.
import { GatewayError } from '../core/errors.js';
import { isObject } from './diagnosis.js';
import { endpoint } from './endpoint.js';
import { send, type HttpOptions } from './http.js';

/** `lists`: models to anyone; `gateway`: new-api's (or one-api's) refusal; `other`: anything else that answered. */
export type KeylessAnswer = 'lists' | 'gateway' | 'other';

/** The error types of new-api's and one-api's own refusals. */
const GATEWAY_ERRORS = new Set(['new_api_error', 'one_api_error']);

/** Undefined when nothing answered (refused, unreachable, timed out). No key, no auth header, is sent. */
export async function askWithoutKey(opts: HttpOptions & { root: string }): Promise<KeylessAnswer | undefined> {
  let status: number;
  let body: string;
  try {
    const res = await send({ method: 'GET', url: endpoint(opts.root, '/v1/models'), context: { key: '', keySent: false } }, opts);
    status = res.status;
    body = await res.text();
  } catch (err) {
    if (err instanceof GatewayError) return undefined;
    throw err;
  }
  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    return 'other';
  }
  if (status >= 200 && status < 300) return isObject(payload) && Array.isArray(payload.data) ? 'lists' : 'other';
  const type = isObject(payload) && isObject(payload.error) ? payload.error.type : undefined;
  return typeof type === 'string' && GATEWAY_ERRORS.has(type) ? 'gateway' : 'other';
}
