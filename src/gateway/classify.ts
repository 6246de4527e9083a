// What a model can serve, read from its protocol marks. Marks say what the
// serving channel is; the gateway checks nothing before picking it, so a wrong pairing fails only
// after the call. `probe` marks the cases only a live request can settle.
import { DEFAULT_MARKERS, type ClassifiedModel, type GatewayModel, type Markers, type Protocol, type Suitability } from '../core/types.js';
import { commas, msg, type Message } from '../i18n/index.js';

const ALL_PROBE: Record<Protocol, Suitability> = { messages: 'probe', responses: 'probe', chat: 'probe', images: 'probe' };

/**
 * Model families that serve no chat, known by name. new-api marks every model on an OpenAI-type
 * channel `openai`, embeddings, speech and transcription models included, so for a model marked
 * only `openai` (or not at all) its name is the one sign left before a call fails.
 */
const NOT_CHAT_NAMES: [RegExp, 'embedding' | 'speech' | 'transcription' | 'moderation' | 'rerank'][] = [
  [/embed/i, 'embedding'],
  [/(^|[-_./])tts($|[-_.])|text-to-speech/i, 'speech'],
  [/whisper|transcribe|speech-to-text/i, 'transcription'],
  [/moderation/i, 'moderation'],
  [/rerank/i, 'rerank'],
];

function notChatByName(id: string): 'embedding' | 'speech' | 'transcription' | 'moderation' | 'rerank' | undefined {
  return NOT_CHAT_NAMES.find(([pattern]) => pattern.test(id))?.[1];
}

export function classifyModel(m: GatewayModel, markers: Markers = DEFAULT_MARKERS): ClassifiedModel {
  const marks = m.marks;
  const onlyChatMark = marks !== undefined && marks.length > 0 && marks.every((x) => x === markers.chat);
  const family = !marks || marks.length === 0 || onlyChatMark ? notChatByName(m.id) : undefined;
  // An empty list says as little as none at all: treat both as unmarked and let probes decide.
  if (!marks || marks.length === 0) {
    const out: ClassifiedModel = { ...m, marked: false, protocols: { ...ALL_PROBE } };
    if (family) out.notForAgents = msg('classify.not_chat_name', { model: m.id, kind: msg(`classify.kind.${family}`), chat: markers.chat });
    return out;
  }

  const has = (mark: string): boolean => marks.includes(mark);
  const messages = has(markers.messages);
  const responses = has(markers.responses);
  const chat = has(markers.chat);
  const images = has(markers.images);

  const protocols: Record<Protocol, Suitability> = {
    // Marked `openai` only: OpenAI-type channels (OpenAI, DeepSeek, Moonshot, …) convert messages
    // to chat for it, which only a call proves.
    messages: messages ? 'yes' : chat && !responses ? 'probe' : 'no',
    // Marked `openai` only: OpenAI-compatible channels pass Responses through, most others fail.
    // Marked `anthropic`: its channel always fails Responses (convert_request_failed).
    responses: responses ? 'yes' : chat && !messages ? 'probe' : 'no',
    chat: chat ? 'yes' : 'no',
    images: images ? 'yes' : 'no',
  };
  const out: ClassifiedModel = { ...m, marked: true, protocols };
  if (!messages && !responses && !chat && !images) out.notForAgents = notForAgentsReason(marks, markers);
  else if (family)
    out.notForAgents = msg('classify.not_chat_name', { model: m.id, kind: msg(`classify.kind.${family}`), chat: markers.chat });
  return out;
}

function notForAgentsReason(marks: string[], markers: Markers): Message {
  const known = marks.filter((x) => markers.nonAgent.includes(x));
  const listed = commas(marks);
  if (known.length === marks.length) {
    return msg('classify.not_chat', { marks: listed });
  }
  return msg('classify.unknown_marks', {
    marks: listed,
    messages: markers.messages,
    responses: markers.responses,
    chat: markers.chat,
    images: markers.images,
  });
}
