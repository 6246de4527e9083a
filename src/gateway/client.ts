// The gateway client: the key's model list, classified by protocol marks; probes and enrichment
// are re-exported so callers import one module.
import { GatewayError } from '../core/errors.js';
import { redact } from '../core/mask.js';
import { DEFAULT_MARKERS, type ClassifiedModel, type Diagnosis, type GatewayModel } from '../core/types.js';
import { msg, type Message } from '../i18n/index.js';
import { classifyModel } from './classify.js';
import { diagnoseAnswer, diagnoseError, errorInfo, isHtml, isObject, makeDiagnosis, type DiagnoseContext } from './diagnosis.js';
import { authHeaders, endpoint } from './endpoint.js';
import { explainKeyRefusal } from './key-refusal.js';
import { send } from './http.js';
import { gatewayVersion } from './version.js';
import { showId, unsafeIdReason } from './model-id.js';
import type { ClientOptions, ModelList } from './types.js';

function malformed(ctx: DiagnoseContext, what: Message): Diagnosis {
  return makeDiagnosis('bad_response', msg('models.malformed', { url: ctx.url, what }), msg('models.malformed_fix'), ctx);
}

/** `GET /v1/models` for the key. Throws GatewayError with a Diagnosis. */
export async function listModels(opts: ClientOptions): Promise<ModelList> {
  const res = await send(
    {
      method: 'GET',
      url: endpoint(opts.root, '/v1/models'),
      headers: authHeaders(opts.key),
      context: { key: opts.key, keySent: opts.key !== '' },
    },
    opts,
  );
  const body = await res.text();
  const ctx = res.context;
  // new-api tells its version on every answer, a refusal too: the error carries it.
  const version = gatewayVersion(headerText(res.headers['x-new-api-version']));
  const fail = (d: Diagnosis): GatewayError => new GatewayError(d, version);
  if (res.status < 200 || res.status >= 300 || isHtml(res.contentType, body)) {
    const d = diagnoseAnswer(ctx, {
      status: res.status,
      contentType: res.contentType,
      body,
      retryAfter: headerText(res.headers['retry-after']),
    });
    throw fail(await explainKeyRefusal(d, opts));
  }
  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    throw fail(malformed(ctx, msg(body.trim() === '' ? 'models.malformed.empty' : 'models.malformed.not_json')));
  }
  if (!isObject(payload)) throw fail(malformed(ctx, msg('models.malformed.not_object')));
  // Some gateways answer 200 with an error body.
  const err = payload.success === false || payload.data === undefined ? errorInfo(payload) : undefined;
  if (err) throw fail(diagnoseError(ctx, undefined, err));
  if (!Array.isArray(payload.data)) throw fail(malformed(ctx, msg('models.malformed.data')));

  const markers = opts.markers ?? DEFAULT_MARKERS;
  const warnings: Message[] = [];
  const seen = new Set<string>();
  const models: ClassifiedModel[] = [];
  payload.data.forEach((item: unknown, i: number) => {
    if (!isObject(item)) throw fail(malformed(ctx, msg('models.malformed.item', { index: i })));
    const id = item.id;
    if (typeof id !== 'string') throw fail(malformed(ctx, msg('models.malformed.id', { index: i })));
    const unsafe = unsafeIdReason(id);
    if (unsafe) {
      warnings.push(msg('models.dropped', { id: showId(id), reason: unsafe }));
      return;
    }
    if (seen.has(id)) return; // listed twice by the gateway: one entry is enough
    seen.add(id);
    const m: GatewayModel = { id };
    const marks = item.supported_endpoint_types;
    if (Array.isArray(marks)) m.marks = marks.filter((x): x is string => typeof x === 'string');
    if (typeof item.owned_by === 'string') m.ownedBy = item.owned_by;
    if (typeof item.created === 'number') m.created = item.created;
    models.push(classifyModel(m, markers));
  });
  const list: ModelList = { models, marked: models.some((m) => m.marked), warnings };
  const requestId = res.requestId ?? ctx.requestId;
  if (requestId) list.requestId = redact(requestId, [opts.key]);
  if (version) list.gatewayVersion = version;
  if (payload.success === true) list.newApiBody = true;
  return list;
}

function headerText(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

export type { ClientOptions, ModelList } from './types.js';
export { probe, probeMany, type ProbeRequest } from './probes.js';
export { fetchPricing, fetchMarket, fetchKeyInfo, keyInfoOf, attachPricing, fetchSold, inferPriceGroup, repriced } from './enrich.js';
export { fetchKeyUsage, usageWarning } from './key-usage.js';
export { askWithoutKey, type KeylessAnswer } from './keyless.js';
