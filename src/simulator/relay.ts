// The four public relay routes, checked in new-api's order: the auth middleware (key), the
// distributor (model named, model limits, a channel in the group), then the relay controller
// (request body, price, quota) and finally the channel's adaptor (can it speak this protocol?).
// The first two stages answer in the routing shape even on /v1/messages; the later ones do not.
import type { IncomingHttpHeaders } from 'node:http';
import type { Protocol } from '../core/types.js';
import { chatAnswer, estimateTokens, imageAnswer, messagesAnswer, responsesAnswer, type AnswerContext } from './answers.js';
import { extractKey, findKey, isUnlimited, keyProblem } from './auth.js';
import { channelServes, conversionFailure, servedIn, upstreamKindOf } from './channels.js';
import { groupRefusal, passedThrough, relayError, routingError, tokenRefusal, upstreamError, type RelayFormat } from './errors.js';
import { providerRefusal } from './upstream.js';
import type { Reply } from './reply.js';
import { TEXTS, type GatewayLang, type ReleaseTraits } from './releases.js';
import type { SimKey, SimModel } from './types.js';

export interface RelayInput {
  protocol: Protocol;
  pathname: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body; `undefined` when absent, `invalid` when it did not parse. */
  body: Record<string, unknown> | undefined | 'invalid';
  requestId: string;
  models: readonly SimModel[];
  keys: readonly SimKey[];
  world: SimWorld;
}

/** What the gateway is for one request: its release's traits, the caller's language, its groups. */
export interface SimWorld {
  traits: ReleaseTraits;
  /** The language its i18n'd texts are in (always `en` where the release has no i18n). */
  lang: GatewayLang;
  groupRatios: Record<string, number>;
  usableGroups: readonly string[];
}

/** new-api's distributor names a default model for image requests that omit one. */
const DEFAULT_IMAGE_MODEL = 'dall-e';

/** OpenAI's Responses API refuses smaller output budgets (an upstream check, relayed as is). */
const MIN_OUTPUT_TOKENS = 16;

function noChannelMessage(model: string, group: string, world: SimWorld): string {
  return world.traits.localized ? TEXTS[world.lang].noChannel(model, group) : `当前分组 ${group} 下对于模型 ${model} 无可用渠道`;
}

function quotaMessage(legacyChinese: boolean): string {
  return legacyChinese ? '用户额度不足, 剩余额度: ＄0.000000' : 'user quota is not enough, remaining quota: $0.000000';
}

const QUOTA_PER_USD = 500_000;
const RESERVED_TOKENS = 500;

function promptOf(protocol: Protocol, body: Record<string, unknown>): unknown {
  return protocol === 'responses' ? body.input : protocol === 'images' ? body.prompt : body.messages;
}

/** What new-api reserves from the key before a call, in USD. */
function reserveUsd(model: SimModel, promptTokens: number, groupRatio: number): number {
  const quota =
    model.quotaType === 1
      ? (model.modelPrice ?? 0) * QUOTA_PER_USD * groupRatio
      : (RESERVED_TOKENS + promptTokens) * (model.modelRatio ?? 1) * groupRatio;
  return quota / QUOTA_PER_USD;
}

function unpricedMessage(model: string, legacyChinese: boolean): string {
  return legacyChinese
    ? `模型 ${model} 倍率或价格未配置，请联系管理员设置或开始自用模式；Model ${model} ratio or price not set, please set or start self-use mode`
    : `Model ${model} has not been priced by the administrator yet, please contact the administrator or enable self-use mode`;
}

/**
 * The auth middleware: the key itself (401 with its reason), then its group: one users may not
 * choose (403), or one the admin removed from the ratios (403). It guards /v1/models too.
 */
export function keyRefusal(key: SimKey | undefined, world: SimWorld, requestId: string): Reply | undefined {
  const problem = keyProblem(key);
  if (problem || !key) return tokenRefusal(problem ?? 'unknown', world, requestId);
  // The allow-list, before the group (its text was never translated; v0.13 adds a code).
  if (key.allowIps && key.allowIps.length > 0 && !key.allowIps.includes('127.0.0.1')) {
    return routingError(403, '您的 IP 不在令牌允许访问的列表中', world.traits.localized ? 'access_denied' : '', requestId);
  }
  if (!world.usableGroups.includes(key.group)) return groupRefusal(key.group, 'denied', requestId);
  if (world.groupRatios[key.group] === undefined) return groupRefusal(key.group, 'deprecated', requestId);
  return undefined;
}

/**
 * The path the channel's adaptor calls upstream for a client protocol: Anthropic channels always
 * speak messages; OpenAI-type channels turn messages into chat, except DeepSeek, which has an
 * Anthropic endpoint of its own.
 */
function providerCallOf(model: SimModel, protocol: Protocol): Protocol {
  if (model.channel === 'anthropic') return protocol === 'images' ? protocol : 'messages';
  if (protocol === 'messages' && model.channel !== 'deepseek') return 'chat';
  return protocol;
}

/** The controller's own validation (GetAndValidateRequest); undefined when the body is acceptable. */
function bodyProblem(protocol: Protocol, body: Record<string, unknown>): string | undefined {
  switch (protocol) {
    case 'chat':
    case 'messages':
      return Array.isArray(body.messages) && body.messages.length > 0 ? undefined : 'field messages is required';
    case 'responses':
      return body.input === undefined || body.input === null ? 'input is required' : undefined;
    case 'images':
      return typeof body.prompt === 'string' && body.prompt !== '' ? undefined : 'prompt is required';
  }
}

function answer(protocol: Protocol, ctx: AnswerContext): Reply {
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

export function relay(input: RelayInput): Reply {
  const { protocol, requestId } = input;

  // Auth middleware.
  const auth = extractKey(input.headers, input.pathname);
  const key = findKey(input.keys, auth.key);
  const { world } = input;
  const legacyChinese = !world.traits.localized;
  const refused = keyRefusal(key, world, requestId);
  if (refused || !key) return refused ?? tokenRefusal('unknown', world, requestId);

  // Distributor.
  if (input.body === 'invalid') {
    return routingError(400, 'Invalid request, the request body is not valid JSON', 'invalid_request', requestId);
  }
  const body = input.body ?? {};
  let modelId = typeof body.model === 'string' ? body.model : '';
  if (protocol === 'images' && modelId === '') modelId = DEFAULT_IMAGE_MODEL;
  if (modelId === '') return routingError(400, 'Model name not specified, please specify a model name', '', requestId);
  if (key.modelLimits !== undefined && !key.modelLimits.includes(modelId)) {
    return routingError(403, TEXTS[world.lang].modelForbidden(modelId), '', requestId);
  }
  const model = input.models.find((m) => m.id === modelId);
  if (!model || !servedIn(model, key.group)) {
    return routingError(503, noChannelMessage(modelId, key.group, world), 'model_not_found', requestId);
  }

  // Relay controller: from here on /v1/messages answers in Anthropic's error shape.
  const format: RelayFormat = protocol === 'messages' ? 'claude' : 'openai';
  const problem = bodyProblem(protocol, body);
  if (problem) return relayError(format, 500, problem, 'invalid_request', requestId);
  if (model.priced === false) return relayError(format, 500, unpricedMessage(modelId, legacyChinese), 'model_price_error', requestId);
  if (!isUnlimited(key) && (key.quotaUsd ?? 0) <= 0) {
    return relayError(format, 403, quotaMessage(legacyChinese), 'insufficient_user_quota', requestId);
  }
  // Before sending, new-api reserves about 500 tokens plus the prompt at the model's price.
  const inputTokens = estimateTokens(promptOf(protocol, body));
  const need = reserveUsd(model, inputTokens, world.groupRatios[key.group] ?? 1);
  if (!isUnlimited(key) && (key.quotaUsd ?? 0) < need) {
    return relayError(
      format,
      403,
      `token quota is not enough, token remain quota: ＄${(key.quotaUsd ?? 0).toFixed(6)}, need quota: ＄${need.toFixed(6)}`,
      'pre_consume_token_quota_failed',
      requestId,
    );
  }

  // Channel adaptor.
  if (!channelServes(model, protocol, world.traits)) {
    return relayError(format, 500, conversionFailure(model, input.pathname), 'convert_request_failed', requestId);
  }
  // The provider behind the channel: its refusals come back as it sent them.
  if (model.upstreamKey === 'down') return relayError(format, 500, 'upstream error: do request failed', 'do_request_failed', requestId);
  const providerSaid = providerRefusal(providerCallOf(model, protocol), model.upstreamKey ?? 'ok', upstreamKindOf(model));
  if (providerSaid) return passedThrough(format, providerSaid, requestId);
  const maxOutput = body.max_output_tokens;
  if (protocol === 'responses' && typeof maxOutput === 'number' && maxOutput < MIN_OUTPUT_TOKENS) {
    return upstreamError(
      400,
      `Invalid 'max_output_tokens': integer below minimum value. Expected a value >= ${MIN_OUTPUT_TOKENS}, but got ${maxOutput} instead.`,
      'max_output_tokens',
      'integer_below_min_value',
    );
  }

  return answer(protocol, {
    model: modelId,
    requestId,
    inputTokens,
    stream: body.stream === true,
  });
}
