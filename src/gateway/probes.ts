// Probes: the smallest real request an agent would make, sent in its exact protocol, path and
// auth header. A probe passes only when the answer completes the way the agent needs it to: a
// stream that ends with its final event, an image answer with a `data` array. Anything else is a
// Diagnosis, never an exception.
import { errorText, GatewayError } from '../core/errors.js';
import { redact } from '../core/mask.js';
import { PROTOCOL_PATHS, type Diagnosis, type Protocol, type ProbeResult } from '../core/types.js';
import { mapText, msg } from '../i18n/index.js';
import type { ClientOptions } from './types.js';
import { explainKeyRefusal } from './key-refusal.js';
import { authHeaders, endpoint } from './endpoint.js';
import { mapBounded } from './concurrency.js';
import {
  diagnoseAnswer,
  diagnoseError,
  errorInfo,
  isHtml,
  makeDiagnosis,
  protocolName,
  safeUrl,
  type DiagnoseContext,
} from './diagnosis.js';
import { send, type HttpResponse } from './http.js';
import { requestIdInMessage } from './request-id.js';
import { SseParser, type SseEvent } from './sse.js';

export interface ProbeRequest {
  protocol: Protocol;
  model: string;
  /** Full endpoint URL; default root + PROTOCOL_PATHS[protocol] (read-back passes the agent's own URL). */
  url?: string;
  /** Default bearer. */
  auth?: 'bearer' | 'x-api-key';
  /** Default opts.key; '' sends no auth header at all. */
  key?: string;
}

const PROMPT = 'Reply with OK';
const ANTHROPIC_VERSION = '2023-06-01';
// The Responses API rejects max_output_tokens below 16; the others take the same for symmetry.
const MAX_TOKENS = 16;

/** The request body each protocol's probe sends. */
function probeBody(protocol: Protocol, model: string): Record<string, unknown> {
  switch (protocol) {
    case 'messages':
      return { model, max_tokens: MAX_TOKENS, stream: true, messages: [{ role: 'user', content: PROMPT }] };
    case 'responses':
      return { model, input: PROMPT, max_output_tokens: MAX_TOKENS, stream: true };
    case 'chat':
      return { model, max_tokens: MAX_TOKENS, stream: true, messages: [{ role: 'user', content: PROMPT }] };
    case 'images':
      return { model, prompt: 'A small red square', n: 1, size: '1024x1024' };
  }
}

/** The event that closes a complete stream, per protocol. */
function isFinal(protocol: Protocol, ev: SseEvent, payload: unknown): boolean {
  const type = typeof payload === 'object' && payload !== null ? (payload as { type?: unknown }).type : undefined;
  switch (protocol) {
    case 'messages':
      return ev.event === 'message_stop' || type === 'message_stop';
    case 'responses':
      return ev.event === 'response.completed' || type === 'response.completed';
    default:
      return ev.data.trim() === '[DONE]';
  }
}

const FINAL_NAME: Record<Protocol, string> = {
  messages: 'message_stop',
  responses: 'response.completed',
  chat: 'data: [DONE]',
  images: '',
};

function hasChoices(payload: unknown): boolean {
  const choices = typeof payload === 'object' && payload !== null ? (payload as { choices?: unknown }).choices : undefined;
  return Array.isArray(choices) && choices.length > 0;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** An error that arrived with a 2xx status: diagnosed by its text and code, like the same error with a status. */
function errorInBody(ctx: DiagnoseContext, payload: unknown): Diagnosis | undefined {
  const info = errorInfo(payload);
  if (!info) return undefined;
  const requestId = ctx.requestId ?? requestIdInMessage(info.message);
  return diagnoseError({ ...ctx, ...(requestId ? { requestId } : {}) }, undefined, info);
}

async function readStream(res: HttpResponse, protocol: Protocol, model: string): Promise<Diagnosis | undefined> {
  const ctx = res.context;
  const parser = new SseParser();
  const decoder = new TextDecoder();
  let events = 0;
  // new-api closes a chat stream with its own usage chunk and [DONE] even when its provider sent
  // nothing usable: only a chunk with choices shows that an answer came.
  let answered = protocol !== 'chat';
  const check = (batch: SseEvent[]): Diagnosis | 'done' | 'empty' | undefined => {
    for (const ev of batch) {
      events++;
      const payload = ev.data.startsWith('{') ? parseJson(ev.data) : undefined;
      const error = errorInBody(ctx, payload);
      if (error) return error;
      if (!answered && hasChoices(payload)) answered = true;
      if (isFinal(protocol, ev, payload)) return answered ? 'done' : 'empty';
    }
    return undefined;
  };
  const empty = (): Diagnosis =>
    makeDiagnosis('stream_broken', msg('probe.stream_empty', { protocol: protocolName(protocol), model }), msg('probe.stream_fix'), ctx);
  for await (const chunk of res.chunks()) {
    const verdict = check(parser.push(decoder.decode(chunk, { stream: true })));
    if (verdict === 'done') return undefined; // leaving the loop closes the body
    if (verdict === 'empty') return empty();
    if (verdict) return verdict;
  }
  const verdict = check(parser.push(decoder.decode()).concat(parser.end()));
  if (verdict === 'done') return undefined;
  if (verdict === 'empty') return empty();
  if (verdict) return verdict;
  const params = { protocol: protocolName(protocol), model, events, final: FINAL_NAME[protocol] };
  return makeDiagnosis(
    'stream_broken',
    msg(events === 0 ? 'probe.stream_no_events' : 'probe.stream_cut', params),
    msg('probe.stream_fix'),
    ctx,
  );
}

async function judge(res: HttpResponse, protocol: Protocol, model: string): Promise<Diagnosis | undefined> {
  const ctx = res.context;
  const jsonAnswer = /json/i.test(res.contentType);
  if (res.status < 200 || res.status >= 300 || /text\/html/i.test(res.contentType)) {
    const body = await res.text();
    return diagnoseAnswer(ctx, { status: res.status, contentType: res.contentType, body, retryAfter: first(res.headers['retry-after']) });
  }
  if (protocol !== 'images' && !jsonAnswer) return readStream(res, protocol, model);

  const body = await res.text();
  if (isHtml(res.contentType, body)) return diagnoseAnswer(ctx, { status: res.status, contentType: res.contentType, body });
  const payload = parseJson(body);
  const error = errorInBody(ctx, payload);
  if (error) return error;
  if (protocol === 'images') {
    if (typeof payload === 'object' && payload !== null && Array.isArray((payload as { data?: unknown }).data)) return undefined;
    return makeDiagnosis(
      'bad_response',
      msg(payload === undefined ? 'probe.image_not_json' : 'probe.image_no_data', { model }),
      msg('probe.image_fix'),
      ctx,
    );
  }
  return makeDiagnosis(
    'bad_response',
    msg(payload === undefined ? 'probe.not_stream_text' : 'probe.not_stream_json', { protocol: protocolName(protocol), model }),
    msg('probe.not_stream_fix'),
    ctx,
  );
}

function first(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

/** One probe. Never throws: failures are in ProbeResult.diagnosis. */
export async function probe(opts: ClientOptions, req: ProbeRequest): Promise<ProbeResult> {
  const url = req.url ?? endpoint(opts.root, PROTOCOL_PATHS[req.protocol]);
  const key = req.key ?? opts.key;
  const headers = authHeaders(key, req.auth ?? 'bearer');
  if (req.protocol === 'messages') headers['anthropic-version'] = ANTHROPIC_VERSION;
  const started = performance.now();
  const result: ProbeResult = {
    ok: false,
    protocol: req.protocol,
    model: req.model,
    url: redact(safeUrl(url), [opts.key, key]),
    latencyMs: 0,
  };
  let diagnosis: Diagnosis | undefined;
  try {
    const res = await send(
      {
        method: 'POST',
        url,
        headers,
        body: JSON.stringify(probeBody(req.protocol, req.model)),
        stream: req.protocol !== 'images',
        context: { model: req.model, protocol: req.protocol, key, keySent: key !== '' },
      },
      opts,
    );
    result.status = res.status;
    if (res.requestId) result.requestId = res.requestId;
    diagnosis = await judge(res, req.protocol, req.model);
  } catch (err) {
    diagnosis =
      err instanceof GatewayError
        ? err.diagnosis
        : makeDiagnosis('bad_response', msg('probe.unreadable', { detail: errorText(err) }), msg('probe.unreadable_fix'), {
            url: safeUrl(url),
            method: 'POST',
            key,
          });
  }
  result.latencyMs = Math.round(performance.now() - started);
  if (diagnosis) diagnosis = await explainKeyRefusal(diagnosis, { ...opts, key });
  if (diagnosis) {
    // Scrub both keys: a probe may send another key than the list call did.
    const secrets = [opts.key, key];
    const scrub = (text: string): string => redact(text, secrets);
    diagnosis = { ...diagnosis, message: mapText(diagnosis.message, scrub), fix: mapText(diagnosis.fix, scrub) };
    result.diagnosis = diagnosis;
    if (diagnosis.status !== undefined) result.status = diagnosis.status;
    if (!result.requestId && diagnosis.requestId) result.requestId = diagnosis.requestId;
  } else {
    result.ok = true;
  }
  // The request ID comes from the gateway too: scrub it like everything else it sent.
  if (result.requestId) result.requestId = redact(result.requestId, [opts.key, key]);
  return result;
}

/**
 * Probes concurrently, at most `concurrency` in flight; results in the order of `reqs`. A probe
 * refused for the number of calls at once (a key limited to fewer than we sent, or a gateway's rate
 * limit) is sent again alone once the others are done, so the limit we caused is not reported as
 * the key's fault.
 */
export async function probeMany(opts: ClientOptions, reqs: ProbeRequest[], concurrency = 4): Promise<ProbeResult[]> {
  const results = await mapBounded(reqs, concurrency, (r) => probe(opts, r));
  if (concurrency <= 1 || reqs.length <= 1) return results;
  for (let i = 0; i < results.length; i++) {
    const req = reqs[i];
    if (req && results[i]?.diagnosis?.code === 'rate_limited') results[i] = await probe(opts, req);
  }
  return results;
}
