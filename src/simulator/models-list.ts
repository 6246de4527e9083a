// GET /v1/models for the key's group, in OpenAI's list shape or, for Anthropic clients, Anthropic's.
import type { ReleaseTraits } from './releases.js';
import type { IncomingHttpHeaders } from 'node:http';
import { listedIn, marksOf } from './channels.js';
import { json, type Reply } from './reply.js';
import type { SimKey, SimModel } from './types.js';

/** new-api reports one fixed creation time for every model. */
const MODEL_CREATED = 1626777600;

/**
 * What new-api lists for a key: with model limits, the limits themselves (served in the key's group
 * or not: calling one that is not fails with 503); else the models its group's channels serve.
 * Unpriced models are left out either way (self-use mode off). Newer releases list the limits
 * that the group serves; the client must handle both.
 */
function visibleModels(models: readonly SimModel[], key: SimKey): SimModel[] {
  const priced = models.filter((m) => m.priced !== false);
  if (key.modelLimits !== undefined) {
    const limits = key.modelLimits;
    const known = priced.filter((m) => limits.includes(m.id));
    const unknown = limits.filter((id) => !models.some((m) => m.id === id)).map((id): SimModel => ({ id, channel: 'none', groups: [] }));
    return [...known, ...unknown];
  }
  return priced.filter((m) => listedIn(m, key.group));
}

/** Anthropic's list format only when the client speaks Anthropic: x-api-key plus anthropic-version. */
function wantsAnthropicList(headers: IncomingHttpHeaders): boolean {
  return Boolean(headers['x-api-key']) && Boolean(headers['anthropic-version']);
}

export function modelsListReply(
  models: readonly SimModel[],
  key: SimKey,
  headers: IncomingHttpHeaders,
  omitMarks: boolean,
  traits: ReleaseTraits,
): Reply {
  const visible = visibleModels(models, key);
  if (wantsAnthropicList(headers)) {
    const createdAt = new Date(MODEL_CREATED * 1000).toISOString().replace('.000Z', 'Z');
    return json(200, {
      data: visible.map((m) => ({ id: m.id, created_at: createdAt, display_name: m.id, type: 'model' })),
      first_id: visible[0]?.id ?? '',
      last_id: visible[visible.length - 1]?.id ?? '',
      has_more: false,
    });
  }
  return json(200, {
    success: true,
    object: 'list',
    data: visible.map((m) => ({
      id: m.id,
      object: 'model',
      created: MODEL_CREATED,
      owned_by: 'custom',
      ...(omitMarks ? {} : { supported_endpoint_types: marksOf(m, traits) }),
    })),
  });
}

/** GET /v1/models/:id looks at a static catalogue only: custom models get 200 with an error body. */
export function retrieveModelReply(id: string): Reply {
  return json(200, {
    error: {
      message: `The model '${id}' does not exist`,
      type: 'invalid_request_error',
      param: 'model',
      code: 'model_not_found',
    },
  });
}
