// What every agent's fit() shares: the fits themselves, and the models no coding agent should be
// given, whatever the protocol marks say.
import type { ClassifiedModel, Protocol } from '../core/types.js';
import type { ModelFit } from './types.js';
import { msg, type Message, type MessageKey } from '../i18n/index.js';

/**
 * The fits an agent gives a model it can use: one object for each protocol, with and without a
 * probe, shared by every model (frozen). A gateway with thousands of models asks every agent about
 * each: tens of thousands of fits, most of them one of these eight.
 */
const shared = (protocol: Protocol): readonly [ModelFit, ModelFit] => [
  Object.freeze({ ok: true, protocol, needsProbe: false }),
  Object.freeze({ ok: true, protocol, needsProbe: true }),
];
const FITTED: Record<Protocol, readonly [ModelFit, ModelFit]> = {
  messages: shared('messages'),
  responses: shared('responses'),
  chat: shared('chat'),
  images: shared('images'),
};

/** The agent uses the model over `protocol`; `needsProbe` when only a live request can tell. */
export function fitted(protocol: Protocol, needsProbe = false): ModelFit {
  return FITTED[protocol][needsProbe ? 1 : 0];
}

/**
 * Why a model is not for a coding agent, or undefined. Image models arrive marked
 * `image-generation` plus `openai`, yet serve only images/generations, so
 * the `openai` mark alone must not make them look like chat models.
 */
export function notForCoding(model: ClassifiedModel): Message | undefined {
  if (model.notForAgents) return model.notForAgents;
  if (model.protocols.images === 'yes') return msg('agents.fit.image');
  return undefined;
}

/**
 * The fit of agents that speak chat completions only (Aider, Cline, Letta Code): chat when marked
 * `openai`; an unmarked model is tried over chat, which only a probe confirms. `notChat` is the
 * agent's own sentence for a model marked only for other protocols.
 */
export function fitChatOnly(model: ClassifiedModel, notChat: Message): ModelFit {
  const excluded = notForCoding(model);
  if (excluded !== undefined) return { ok: false, reason: excluded };
  if (model.protocols.chat === 'yes') return fitted('chat');
  if (!model.marked) return fitted('chat', true);
  return { ok: false, reason: notChat };
}

/**
 * The fit of agents that speak chat completions or messages (Qwen Code, Cline): messages when the
 * model is marked `anthropic` (the native protocol of Anthropic channels, no conversion), else chat
 * when marked `openai`; an unmarked model is tried over chat, which only a probe confirms.
 */
export function fitChatOrMessages(model: ClassifiedModel, agentName: string): ModelFit {
  const excluded = notForCoding(model);
  if (excluded !== undefined) return { ok: false, reason: excluded };
  if (model.protocols.messages === 'yes') return fitted('messages');
  if (model.protocols.chat === 'yes') return fitted('chat');
  if (!model.marked) return fitted('chat', true);
  return { ok: false, reason: msg('agents.fit.chat_or_messages', { agent: agentName }) };
}

/**
 * The fit of agents with a provider per protocol (OpenCode, Kilo CLI, Pi): messages when marked
 * `anthropic` (no conversion), else chat, else Responses; an unmarked model is tried over chat.
 * `notMarked` is the agent's own sentence for a model marked only for other protocols.
 */
export function fitMessagesChatResponses(model: ClassifiedModel, notMarked: MessageKey): ModelFit {
  const excluded = notForCoding(model);
  if (excluded !== undefined) return { ok: false, reason: excluded };
  if (model.protocols.messages === 'yes') return fitted('messages');
  if (model.protocols.chat === 'yes') return fitted('chat');
  if (model.protocols.responses === 'yes') return fitted('responses');
  if (!model.marked) return fitted('chat', true);
  return { ok: false, reason: msg(notMarked) };
}
