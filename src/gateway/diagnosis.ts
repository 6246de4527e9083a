// Turns what the gateway answered (or failed to answer) into a Diagnosis: a stable code, the cause
// in plain words naming the key, group, model, path or protocol, and what to do. The texts and codes
// matched here are new-api's, read from its source and seen from a running one, including the
// Chinese ones of older versions.
import { redact } from '../core/mask.js';
import {
  PROTOCOL_PATHS,
  type Diagnosis,
  type DiagnosisCode,
  type DiagnosisReason,
  type KeyRefusalReason,
  type Protocol,
} from '../core/types.js';
import { english, mapText, msg, type Message } from '../i18n/index.js';
import { requestIdFrom, stripRequestId } from './request-id.js';

const MODELS_COMMAND = '`gateway-agent-setup models`';

/** What we know about the call a diagnosis is about. */
export interface DiagnoseContext {
  /** The URL called, already safe to show (see safeUrl). */
  url: string;
  method: string;
  status?: number;
  requestId?: string;
  model?: string;
  protocol?: Protocol;
  /** false when the request carried no key at all. */
  keySent?: boolean;
  /** The key, only to scrub it from anything the gateway echoed back. */
  key?: string;
}

/** The error fields of any of the gateway's error shapes. */
export interface ErrorInfo {
  message: string;
  code: string;
  type: string;
}

/** A URL without credentials, query or fragment: fit for messages and reports. */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return url.replace(/\/\/[^/@]*@/, '//').replace(/[?#].*$/, '');
  }
}

export function protocolName(p: Protocol): Message {
  return msg(`proto.${p}`);
}

/** The protocol a URL's path speaks, when it is one of ours. */
function protocolOfPath(pathname: string): Protocol | undefined {
  if (/\/messages\/?$/.test(pathname)) return 'messages';
  if (/\/responses\/?$/.test(pathname)) return 'responses';
  if (/\/chat\/completions\/?$/.test(pathname)) return 'chat';
  if (/\/images\/generations\/?$/.test(pathname)) return 'images';
  return undefined;
}

/** Gateway text shown to the user: no control characters, one line, bounded length. */
export function cleanText(text: string, max = 240): string {
  const flat = text
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

/** A JSON object (not an array, not null): what the gateway's answers are read as. */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Reads `{error:{message,type,code}}` (OpenAI shape, also on /v1/messages for routing errors),
 * `{type:'error',error:{type,message}}` (Anthropic shape), `{success:false,message}` (console API),
 * and the Responses stream's `response.failed` / `error` events. Undefined when it is no error.
 */
export function errorInfo(payload: unknown): ErrorInfo | undefined {
  if (!isObject(payload)) return undefined;
  const e = payload.error;
  if (isObject(e)) return { message: str(e.message), code: str(e.code), type: str(e.type) };
  if (typeof e === 'string' && e) return { message: e, code: '', type: '' };
  if (payload.type === 'response.failed' && isObject(payload.response) && isObject(payload.response.error)) {
    const r = payload.response.error;
    return { message: str(r.message), code: str(r.code), type: 'response.failed' };
  }
  if (payload.type === 'error') return { message: str(payload.message), code: str(payload.code), type: 'error' };
  if (payload.success === false) return { message: str(payload.message), code: str(payload.code), type: '' };
  return undefined;
}

/** Builds the final Diagnosis; everything passes through the key scrubber. */
export function makeDiagnosis(
  code: DiagnosisCode,
  message: Message,
  fix: Message,
  ctx: DiagnoseContext,
  reason?: DiagnosisReason,
): Diagnosis {
  const secrets = [ctx.key];
  const scrub = (s: string): string => redact(s, secrets);
  const d: Diagnosis = { code, message: mapText(message, scrub), fix: mapText(fix, scrub), url: redact(safeUrl(ctx.url), secrets) };
  if (ctx.status !== undefined) d.status = ctx.status;
  if (ctx.requestId) d.requestId = redact(ctx.requestId, secrets);
  if (reason) d.reason = reason;
  return d;
}

/** "[code] message — fix (request id: X)", in English: for logs and tests. */
export function describeDiagnosis(d: Diagnosis): string {
  const id = d.requestId ? ` (request id: ${d.requestId})` : '';
  return `[${d.code}] ${english(d.message)} — ${english(d.fix)}${id}`;
}

function quoted(s: string | undefined): Message {
  return s ? msg('diag.quoted_model', { model: s }) : msg('diag.the_model');
}

/** Where `/v1` went wrong in a path, if anywhere. */
export function v1Problem(pathname: string): 'doubled' | 'missing' | undefined {
  if (/\/v1\/v1(\/|$)/.test(pathname)) return 'doubled';
  if (!/^\/v1(\/|$)/.test(pathname) && !/\/v1\//.test(pathname)) return 'missing';
  return undefined;
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

function wrongPath(ctx: DiagnoseContext, gatewayText: string): Diagnosis {
  // The gateway's own text names the path it saw: `Invalid URL (POST /v1/v1/messages)`.
  const seen = /Invalid URL \((\w+) ([^)\s]+)\)/.exec(gatewayText);
  const method = seen?.[1] ?? ctx.method;
  const path = seen?.[2] ?? pathOf(ctx.url);
  const problem = v1Problem(path);
  const where = `${method} ${path}`;
  const origin = originOf(ctx.url);
  if (problem === 'doubled') {
    return makeDiagnosis('wrong_path', msg('diag.wrong_path.doubled', { where }), msg('diag.wrong_path.doubled_fix', { origin }), ctx);
  }
  if (problem === 'missing') {
    return makeDiagnosis('wrong_path', msg('diag.wrong_path.missing', { where }), msg('diag.wrong_path.missing_fix', { origin }), ctx);
  }
  // The protocol's own path at the gateway's root, and no such route: the gateway does not serve
  // that protocol at all (one-api and other ancestors of new-api serve chat completions only).
  const proto = protocolOfPath(path);
  if (proto && path === PROTOCOL_PATHS[proto]) {
    const params = { where, protocol: protocolName(proto), command: MODELS_COMMAND };
    return makeDiagnosis('wrong_path', msg('diag.no_endpoint', params), msg('diag.no_endpoint_fix', params), ctx);
  }
  return makeDiagnosis('wrong_path', msg('diag.wrong_path.other', { where }), msg('diag.wrong_path.other_fix'), ctx);
}

function notApi(ctx: DiagnoseContext, status: number): Diagnosis {
  const origin = originOf(ctx.url);
  if (status >= 200 && status < 300) {
    const missing = v1Problem(pathOf(ctx.url)) === 'missing';
    const where = `${ctx.method} ${pathOf(ctx.url)}`;
    return makeDiagnosis(
      'not_api',
      msg(missing ? 'diag.not_api.console_missing' : 'diag.not_api.console', { where }),
      msg('diag.not_api.console_fix', { origin }),
      ctx,
    );
  }
  return makeDiagnosis('not_api', msg('diag.not_api.proxy', { origin, status }), msg('diag.not_api.proxy_fix'), ctx);
}

function modelIn(text: string): string | undefined {
  return /model[:\s]+`?([^\s`'"，,()]+)`?/i.exec(text)?.[1] ?? /模型\s*([^\s，,()]+)/.exec(text)?.[1];
}

/** The group a no-channel error names; with the `auto` group new-api names the one it tried: `auto(vip)`. */
function groupIn(text: string): string | undefined {
  const name = String.raw`auto\([^)\s]*\)|[^\s，,()]+?`;
  return (
    new RegExp(String.raw`under group\s+(${name})(?=[\s(]|$)`, 'i').exec(text)?.[1] ??
    new RegExp(String.raw`分[组組]\s*(${name})\s*下`).exec(text)?.[1] ??
    /group[:\s]+([^\s()]+)/i.exec(text)?.[1]
  );
}

function gatewaySaid(status: number | undefined, info: ErrorInfo | undefined): string {
  const parts: string[] = [];
  if (status !== undefined) parts.push(String(status));
  if (info?.code) parts.push(info.code);
  const text = info?.message ? cleanText(stripRequestId(info.message)) : '';
  return text ? `${parts.join(' ')} "${text}"`.trim() : parts.join(' ');
}

/** Error types new-api (and one-api before it) gives its own errors; anything else came from upstream. */
const GATEWAY_TYPES = new Set(['', 'new_api_error', 'one_api_error', 'new_api_panic', 'error', 'response.failed']);

/**
 * Whether the error is the upstream provider's, relayed by the gateway: it keeps the provider's
 * own type (and code), where the gateway's own errors say `new_api_error`. On /v1/messages new-api
 * puts the provider's code (or `<nil>`) where the type goes, which is no gateway type either.
 * The router's 404 uses OpenAI's `invalid_request_error`, so it is told apart by its text.
 */
function fromUpstream(info: ErrorInfo | undefined): boolean {
  if (!info || GATEWAY_TYPES.has(info.type)) return false;
  return !/^Invalid URL \(/.test(info.message);
}

/** Texts of a provider refusing a model on the endpoint it was called on: not a chat model. */
const NOT_THIS_ENDPOINT =
  /not a chat model|only supported in v1\/responses|not supported in the v1\/[a-z/]+ endpoint|does not support (chat|messages|responses)/i;

/** Failures of the gateway's own channel: it could not reach, read or find a working upstream. */
const CHANNEL_CODES = new Set([
  'do_request_failed',
  'bad_response_status_code',
  'bad_response_body',
  'get_channel_failed',
  'read_response_body_failed',
]);

/**
 * The 401's reason, from new-api's texts in English or Chinese (simplified and traditional). Up to
 * v0.10 each reason had its text; from v0.13 every refused key gets "Invalid token" (in the
 * caller's language), which names none: key-refusal.ts asks the gateway about the key then.
 */
export function keyReason(text: string): Exclude<KeyRefusalReason, 'unknown' | 'untold'> | undefined {
  if (/已过期|已過期|expired/i.test(text)) return 'expired';
  if (/额度已用尽|額度已用盡|exhausted|used up/i.test(text)) return 'exhausted';
  if (/状态不可用|狀態不可用|disabled|status is unavailable/i.test(text)) return 'disabled';
  if (/IP 不在|not in the (token's )?allow(ed)? ?list|access_denied/i.test(text)) return 'ip';
  if (/已被封禁|banned/i.test(text)) return 'banned';
  return undefined;
}

/** The key's group refused by the gateway (403), whatever the call: not usable, or deprecated. */
function groupRefusal(text: string): { group: string; why: 'denied' | 'deprecated' } | undefined {
  const denied =
    /无权访问\s*(\S+?)\s*分组/.exec(text) ??
    /無權(?:存取|訪問)\s*(\S+?)\s*分組/.exec(text) ??
    /no (?:access|permission) to (?:use )?group\s+"?([^\s"()]+)/i.exec(text);
  if (denied?.[1]) return { group: denied[1], why: 'denied' };
  const deprecated = /分组\s*(\S+?)\s*已被弃用/.exec(text) ?? /group\s+"?([^\s"()]+)"?\s+(?:is|has been)\s+deprecated/i.exec(text);
  if (deprecated?.[1]) return { group: deprecated[1], why: 'deprecated' };
  return undefined;
}

/** new-api's load monitor (v0.13): its own 503 while the host's CPU, memory or disk is past a threshold. */
function overloaded(code: string, text: string): 'cpu' | 'memory' | 'disk' | undefined {
  const m = /^system_(cpu|memory|disk)_overloaded$/.exec(code) ?? /\bsystem (cpu|memory|disk) overloaded\b/i.exec(text);
  return m?.[1] as 'cpu' | 'memory' | 'disk' | undefined;
}

const UNPRICED = /倍率或价格未配置|price (or ratio )?(is )?not (set|configured)|ratio or price not set|ratio.*not set|has not been priced/i;

/**
 * The diagnosis for a gateway error, from its status (undefined: an error inside a 200 stream) and
 * its error fields. The texts decide before the status: a stream error has no status of its own.
 * An error the provider behind the gateway returned is the gateway's channel failing, never the
 * user's key, group or limits, whatever its words: that is decided first.
 */
export function diagnoseError(
  ctx: DiagnoseContext,
  status: number | undefined,
  info: ErrorInfo | undefined,
  retryAfter?: string,
): Diagnosis {
  const text = info?.message ?? '';
  const facts: ErrorFacts = {
    ctx,
    status,
    info,
    retryAfter,
    text,
    code: info?.code ?? '',
    model: ctx.model ?? modelIn(text),
    said: gatewaySaid(status, info),
    proto: ctx.protocol ?? protocolOfPath(pathOf(ctx.url)),
  };
  return channelFailure(facts) ?? accessFailure(facts) ?? protocolFailure(facts) ?? keyFailure(facts) ?? otherFailure(facts);
}

/** What a gateway error says, read once for the rules below (in their order: the first that fits decides). */
interface ErrorFacts {
  ctx: DiagnoseContext;
  status: number | undefined;
  info: ErrorInfo | undefined;
  retryAfter: string | undefined;
  text: string;
  code: string;
  model: string | undefined;
  said: ReturnType<typeof gatewaySaid>;
  proto: ReturnType<typeof protocolOfPath>;
}

/** The gateway's channel or load: the provider behind it failed, it is busy, or a limit of the key's rate. */
function channelFailure({ ctx, status, info, retryAfter, text, code, model, said, proto }: ErrorFacts): Diagnosis | undefined {
  if (fromUpstream(info)) {
    if (NOT_THIS_ENDPOINT.test(text)) {
      const over = proto ? protocolName(proto) : pathOf(ctx.url);
      return makeDiagnosis(
        'wrong_protocol',
        msg('diag.upstream_not_this_endpoint', { model: quoted(model), protocol: over, said }),
        msg('diag.upstream_not_this_endpoint_fix', { command: MODELS_COMMAND }),
        ctx,
      );
    }
    return makeDiagnosis('channel_failed', msg('diag.channel_upstream', { model: quoted(model), said }), msg('diag.channel_fix'), ctx);
  }
  const load = overloaded(code, text);
  if (load) {
    return makeDiagnosis('gateway_busy', msg(`diag.busy_${load}`, { said }), msg('diag.busy_fix'), ctx, load);
  }
  if (
    CHANNEL_CODES.has(code) ||
    /^upstream error:|^bad response status code \d+|可用渠道不存在|的可用渠道失败|的可用管道失敗/.test(stripRequestId(text))
  ) {
    return makeDiagnosis('channel_failed', msg('diag.channel_gateway', { model: quoted(model), said }), msg('diag.channel_fix'), ctx);
  }
  if (code === 'token_concurrency_limit_reached' || code === 'token_concurrency_unavailable') {
    return makeDiagnosis('rate_limited', msg('diag.concurrency', { said }), msg('diag.concurrency_fix'), ctx);
  }
  if (status === 429) {
    const wait = retryAfter ? `${cleanText(retryAfter, 40)}${/^\d+$/.test(retryAfter.trim()) ? ' s' : ''}` : '';
    return makeDiagnosis(
      'rate_limited',
      wait ? msg('diag.rate_limited_wait', { wait }) : msg('diag.rate_limited'),
      msg('diag.rate_limited_fix'),
      ctx,
    );
  }
  return undefined;
}

/** What the key may use: its group, the model's access, the model's channel in the group, quota and price. */
function accessFailure({ ctx, text, code, model, said }: ErrorFacts): Diagnosis | undefined {
  const group = groupRefusal(text);
  if (group) {
    const params = { group: group.group, said };
    return makeDiagnosis(
      'group_denied',
      msg(group.why === 'denied' ? 'diag.group_denied' : 'diag.group_deprecated', params),
      msg('diag.group_denied_fix', params),
      ctx,
    );
  }
  if (/no access to (any )?models?\b/i.test(text) || /无权(访问|使用)?.*模型|無權(存取|訪問|使用)?.*模型/.test(text)) {
    return makeDiagnosis(
      'model_not_allowed',
      msg('diag.model_not_allowed', { model: quoted(model), said }),
      msg('diag.model_not_allowed_fix', { model: quoted(model), command: MODELS_COMMAND }),
      ctx,
    );
  }
  if (code === 'model_not_found' || /no available channel/i.test(text) || /无可用渠道|無可用(管道|渠道)/.test(text)) {
    const inGroup = groupIn(text);
    const params = { model: quoted(model), said, command: MODELS_COMMAND, group: inGroup ?? '' };
    return inGroup
      ? makeDiagnosis(
          'model_not_in_group',
          msg('diag.model_not_in_group_named', params),
          msg('diag.model_not_in_group_named_fix', params),
          ctx,
        )
      : makeDiagnosis('model_not_in_group', msg('diag.model_not_in_group', params), msg('diag.model_not_in_group_fix', params), ctx);
  }
  if (
    code === 'insufficient_user_quota' ||
    code === 'pre_consume_token_quota_failed' ||
    /quota/i.test(code) ||
    /额度不足|額度不足|余额不足|餘額不足|预扣费额度失败|預扣費額度失敗|quota is not enough|insufficient.*quota/i.test(text)
  ) {
    // v0.13's subscription plans: the account's plan, not the key or its wallet, is what ran short.
    if (/订阅|訂閱|subscription/i.test(text))
      return makeDiagnosis('quota', msg('diag.quota_plan', { said }), msg('diag.quota_plan_fix'), ctx, 'plan');
    return makeDiagnosis('quota', msg('diag.quota', { said }), msg('diag.quota_fix'), ctx);
  }
  if (code === 'model_price_error' || UNPRICED.test(text)) {
    return makeDiagnosis(
      'model_unpriced',
      msg('diag.model_unpriced', { model: quoted(model), said }),
      msg('diag.model_unpriced_fix', { model: quoted(model), command: MODELS_COMMAND }),
      ctx,
    );
  }
  return undefined;
}

/** An endpoint or a protocol the gateway does not offer for the model. */
function protocolFailure({ ctx, status, info, text, code, model, said, proto }: ErrorFacts): Diagnosis | undefined {
  // Before "not implemented" below: new-api's 501 says "API not implemented" of a whole endpoint.
  if (status === 501 || code === 'api_not_implemented') {
    return makeDiagnosis(
      'wrong_path',
      msg('diag.not_offered', { where: `${ctx.method} ${pathOf(ctx.url)}`, said }),
      msg('diag.wrong_path.other_fix'),
      ctx,
    );
  }
  if (
    code === 'convert_request_failed' ||
    info?.type === 'new_api_panic' ||
    // The message alone, as a channel's adaptor words a conversion it does not have: on /v1/messages
    // new-api's error carries no code, only the adaptor's text ("not implemented", xAI's "not available").
    /not implemented|endpoint not supported|panic detected|^not available$/i.test(stripRequestId(text).trim())
  ) {
    const over = proto ? protocolName(proto) : pathOf(ctx.url);
    return makeDiagnosis(
      'wrong_protocol',
      msg('diag.wrong_protocol', { model: quoted(model), protocol: over, said }),
      proto === 'responses'
        ? msg('diag.wrong_protocol_responses_fix', { command: MODELS_COMMAND, model: quoted(model) })
        : msg('diag.wrong_protocol_fix', { command: MODELS_COMMAND }),
      ctx,
    );
  }
  return undefined;
}

/** The key itself: refused, missing, limited to addresses, banned. */
function keyFailure({ ctx, status, text, said }: ErrorFacts): Diagnosis | undefined {
  const reason = keyReason(text);
  if (
    status === 401 ||
    /^invalid token/i.test(stripRequestId(text)) ||
    /无效的令牌|無效的令牌|未提供令牌/.test(text) ||
    (status === 403 && (reason === 'ip' || reason === 'banned'))
  ) {
    if (ctx.keySent === false) {
      return makeDiagnosis('bad_key', msg('diag.no_key_sent', { said }), msg('diag.no_key_sent_fix'), ctx);
    }
    if (reason) return makeDiagnosis('bad_key', msg(`diag.bad_key_${reason}`, { said }), msg(`diag.bad_key_${reason}_fix`), ctx, reason);
    return makeDiagnosis('bad_key', msg('diag.bad_key', { said }), msg('diag.bad_key_fix'), ctx, 'untold');
  }
  return undefined;
}

/** A wrong path, a refusal, or whatever else the gateway said. */
function otherFailure({ ctx, status, text, said }: ErrorFacts): Diagnosis {
  if (status === 404) return wrongPath(ctx, text);
  if (status === 403) {
    return makeDiagnosis('gateway_error', msg('diag.refused', { said }), msg('diag.refused_fix'), ctx);
  }
  return makeDiagnosis(
    'gateway_error',
    msg(status === undefined ? 'diag.failed_in_stream' : 'diag.failed', { said: said || msg('diag.no_details') }),
    msg('diag.failed_fix'),
    ctx,
  );
}

/** The error answer of a non-2xx (or HTML) response, from its raw parts. */
export function diagnoseAnswer(
  ctx: DiagnoseContext,
  answer: { status: number; contentType: string; body: string; retryAfter?: string },
): Diagnosis {
  const c: DiagnoseContext = { ...ctx, status: answer.status, requestId: ctx.requestId ?? requestIdFrom({}, answer.body) };
  if (isHtml(answer.contentType, answer.body)) return notApi(c, answer.status);
  let payload: unknown;
  try {
    payload = answer.body ? JSON.parse(answer.body) : undefined;
  } catch {
    payload = undefined;
  }
  const info = errorInfo(payload) ?? (answer.body && payload === undefined ? { message: answer.body, code: '', type: '' } : undefined);
  return diagnoseError(c, answer.status, info, answer.retryAfter);
}

/** A web page rather than an API answer: by Content-Type, or by a body that is plainly HTML. */
export function isHtml(contentType: string, body: string): boolean {
  if (/text\/html|application\/xhtml/i.test(contentType)) return true;
  return !/json|event-stream/i.test(contentType) && /^\s*<(!doctype html|html)/i.test(body);
}
