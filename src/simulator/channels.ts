// What each channel type advertises (its marks) and what it really serves (gateway.md's table).
// The two differ on purpose: OpenAI channels pass Responses through unmarked, Anthropic channels
// are marked `openai` but fail Responses, and the gateway checks neither before picking a channel.
import type { Protocol } from '../core/types.js';
import type { ChannelKind, SimModel } from './types.js';

const CHANNEL_MARKS: Record<ChannelKind, string[]> = {
  anthropic: ['anthropic', 'openai'],
  openai: ['openai'],
  deepseek: ['openai'],
  codex: ['openai-response', 'openai-response-compact', 'openai-alpha-search'],
  xai: ['openai', 'openai-response'],
  gemini: ['gemini', 'openai'],
  image: ['image-generation', 'openai'],
  embedding: ['embeddings'],
  // No channel means no channel type to derive marks from; the console still lists it as chat.
  none: ['openai'],
};

const CHANNEL_SERVES: Record<ChannelKind, readonly Protocol[]> = {
  anthropic: ['messages', 'chat'],
  openai: ['chat', 'messages', 'responses'],
  deepseek: ['chat', 'messages'],
  codex: ['responses'],
  xai: ['chat', 'responses'],
  gemini: ['chat', 'messages'],
  image: ['images'],
  embedding: [],
  none: [],
};

export function marksOf(model: SimModel): string[] {
  return [...(model.marks ?? CHANNEL_MARKS[model.channel])];
}

export function channelServes(model: SimModel, protocol: Protocol): boolean {
  return CHANNEL_SERVES[model.channel].includes(protocol);
}

/**
 * The message of the 500 convert_request_failed a channel gives for a protocol it cannot serve.
 * Most adaptors say "not implemented"; the codex adaptor names the endpoint.
 */
export function conversionFailure(model: SimModel, path: string): string {
  if (model.channel === 'codex') return `codex channel: ${path} endpoint not supported`;
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
