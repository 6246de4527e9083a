// What each channel type advertises (its marks) and what it really serves.
// The two differ on purpose: OpenAI channels pass Responses through unmarked, Anthropic channels
// are marked `openai` but fail Responses, and the gateway checks neither before picking a channel.
import type { Protocol } from '../core/types.js';
import type { ReleaseTraits } from './releases.js';
import type { ChannelKind, SimModel } from './types.js';
import type { UpstreamKind } from './upstream.js';

const CHANNEL_MARKS: Record<ChannelKind, string[]> = {
  anthropic: ['anthropic', 'openai'],
  openai: ['openai'],
  deepseek: ['openai'],
  codex: ['openai-response', 'openai-response-compact', 'openai-alpha-search'],
  // From v0.13 (xaiResponses); before, new-api gave xAI channels the default marks, by the model's name.
  xai: ['openai', 'openai-response'],
  gemini: ['gemini', 'openai'],
  image: ['image-generation', 'openai'],
  // An OpenAI channel marks everything it serves `openai`, embeddings included: only an admin's
  // model metadata can say `embeddings`.
  embedding: ['openai'],
  // No channel, no channel type: new-api's pricing cache has no marks for it.
  none: [],
};

/** The channel kinds new-api gives its default marks, refined by the model's name. */
const BY_NAME: readonly ChannelKind[] = ['openai', 'deepseek', 'embedding'];
// common/model.go: names served on Responses only, and image models (marked first).
const RESPONSES_ONLY = ['o3-pro', 'o3-deep-research', 'o4-mini-deep-research'];
const IMAGE_NAMES = ['dall-e-3', 'dall-e-2', 'gpt-image-1', 'flux-', 'flux.1-'];

function marksByName(id: string): string[] {
  const lower = id.toLowerCase();
  const base = RESPONSES_ONLY.some((n) => id.includes(n)) ? ['openai-response'] : ['openai'];
  const image = IMAGE_NAMES.some((n) => lower.includes(n)) || lower.startsWith('imagen-');
  return image ? ['image-generation', ...base] : base;
}

const CHANNEL_SERVES: Record<ChannelKind, readonly Protocol[]> = {
  anthropic: ['messages', 'chat'],
  openai: ['chat', 'messages', 'responses'],
  deepseek: ['chat', 'messages'],
  codex: ['responses'],
  // Its adaptor does not convert Anthropic's messages ("not available"); Responses from v0.13 only ("not implemented" before).
  xai: ['chat'],
  gemini: ['chat', 'messages'],
  image: ['images'],
  // The channel forwards; the provider then refuses (see upstreamKindOf).
  embedding: ['chat', 'messages', 'responses'],
  none: [],
};

export function marksOf(model: SimModel, traits: Pick<ReleaseTraits, 'xaiResponses' | 'endpointsReplace'>): string[] {
  if (model.marks) return [...model.marks];
  if (model.endpoints && model.endpoints.length > 0 && traits.endpointsReplace) return [...model.endpoints];
  const channel =
    (model.channel === 'xai' && !traits.xaiResponses) || BY_NAME.includes(model.channel)
      ? marksByName(model.id)
      : [...CHANNEL_MARKS[model.channel]];
  return [...new Set([...channel, ...(model.endpoints ?? [])])];
}

/** What the provider behind the channel makes of the model. */
export function upstreamKindOf(model: SimModel): UpstreamKind {
  return model.upstream ?? (model.channel === 'embedding' ? 'embedding' : model.channel === 'image' ? 'image' : 'chat');
}

export function channelServes(model: SimModel, protocol: Protocol, traits: Pick<ReleaseTraits, 'xaiResponses'>): boolean {
  if (model.channel === 'xai' && protocol === 'responses') return traits.xaiResponses;
  return CHANNEL_SERVES[model.channel].includes(protocol);
}

/**
 * The message of the 500 convert_request_failed a channel gives for a protocol it cannot serve.
 * Most adaptors say "not implemented"; the codex adaptor names the endpoint; the xAI adaptor
 * (v0.10.2) says "not available" of the Anthropic conversion.
 */
export function conversionFailure(model: SimModel, path: string): string {
  if (model.channel === 'codex') return `codex channel: ${path} endpoint not supported`;
  if (model.channel === 'xai' && path.startsWith('/v1/messages')) return 'not available';
  return 'not implemented';
}

/** Groups whose channels serve the model (a model without a channel is served nowhere). */
export function servedIn(model: SimModel, group: string): boolean {
  if (model.channel === 'none') return false;
  return (model.groups ?? ['default']).includes(group);
}

/** Whether /v1/models lists the model for a group: served there, or listed without a channel. */
export function listedIn(model: SimModel, group: string): boolean {
  return servedIn(model, group) || (model.listedFor ?? []).includes(group);
}

/** The groups the marketplace shows for a model. */
export function enabledGroups(model: SimModel): string[] {
  const groups = model.channel === 'none' ? [] : (model.groups ?? ['default']);
  return [...new Set([...groups, ...(model.listedFor ?? [])])];
}
