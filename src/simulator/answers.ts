// Successful answers in each protocol's own shape, streamed and not. The reply text is fixed:
// tests and the demo care about the framing, not the words.
import { json, type Reply } from './reply.js';

export const REPLY_TEXT = 'OK';

export interface AnswerContext {
  model: string;
  requestId: string;
  inputTokens: number;
  stream: boolean;
}

const OUTPUT_TOKENS = 1;

function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}

/** A rough token count of whatever the client sent, so usage numbers move with the prompt. */
export function estimateTokens(value: unknown): number {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? '');
  return Math.max(1, Math.ceil(text.length / 4));
}

function dataFrame(payload: unknown): string {
  return `data: ${JSON.stringify(payload)}\n\n`;
}

function eventFrame(type: string, payload: unknown): string {
  return `event: ${type}\ndata: ${JSON.stringify(payload)}\n\n`;
}

export function chatAnswer(ctx: AnswerContext): Reply {
  const id = `chatcmpl-${ctx.requestId}`;
  const created = unixNow();
  const usage = {
    prompt_tokens: ctx.inputTokens,
    completion_tokens: OUTPUT_TOKENS,
    total_tokens: ctx.inputTokens + OUTPUT_TOKENS,
  };
  if (!ctx.stream) {
    return json(200, {
      id,
      object: 'chat.completion',
      created,
      model: ctx.model,
      choices: [{ index: 0, message: { role: 'assistant', content: REPLY_TEXT }, finish_reason: 'stop' }],
      usage,
    });
  }
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
    dataFrame({ id, object: 'chat.completion.chunk', created, model: ctx.model, choices, ...extra });
  return {
    kind: 'sse',
    frames: [
      chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]),
      chunk([{ index: 0, delta: { content: REPLY_TEXT }, finish_reason: null }]),
      chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]),
      // new-api always appends a usage chunk with no choices before [DONE].
      chunk([], { usage }),
      'data: [DONE]\n\n',
    ],
  };
}

export function messagesAnswer(ctx: AnswerContext): Reply {
  const id = `msg_${ctx.requestId}`;
  if (!ctx.stream) {
    return json(200, {
      id,
      type: 'message',
      role: 'assistant',
      model: ctx.model,
      content: [{ type: 'text', text: REPLY_TEXT }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: ctx.inputTokens, output_tokens: OUTPUT_TOKENS },
    });
  }
  return {
    kind: 'sse',
    frames: [
      eventFrame('message_start', {
        type: 'message_start',
        message: {
          id,
          type: 'message',
          role: 'assistant',
          model: ctx.model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: ctx.inputTokens, output_tokens: 0 },
        },
      }),
      eventFrame('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
      eventFrame('ping', { type: 'ping' }),
      eventFrame('content_block_delta', {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'text_delta', text: REPLY_TEXT },
      }),
      eventFrame('content_block_stop', { type: 'content_block_stop', index: 0 }),
      eventFrame('message_delta', {
        type: 'message_delta',
        delta: { stop_reason: 'end_turn', stop_sequence: null },
        usage: { output_tokens: OUTPUT_TOKENS },
      }),
      eventFrame('message_stop', { type: 'message_stop' }),
    ],
  };
}

export function responsesAnswer(ctx: AnswerContext): Reply {
  const id = `resp_${ctx.requestId}`;
  const itemId = `msg_${ctx.requestId}`;
  const createdAt = unixNow();
  const text = { type: 'output_text', text: REPLY_TEXT, annotations: [] };
  const item = { type: 'message', id: itemId, status: 'completed', role: 'assistant', content: [text] };
  const usage = {
    input_tokens: ctx.inputTokens,
    output_tokens: OUTPUT_TOKENS,
    total_tokens: ctx.inputTokens + OUTPUT_TOKENS,
  };
  const response = (status: string, output: unknown[], withUsage: boolean) => ({
    id,
    object: 'response',
    created_at: createdAt,
    status,
    model: ctx.model,
    output,
    ...(withUsage ? { usage } : { usage: null }),
  });
  if (!ctx.stream) return json(200, response('completed', [item], true));

  let sequence = 0;
  const frame = (type: string, payload: Record<string, unknown>) => eventFrame(type, { type, sequence_number: sequence++, ...payload });
  return {
    kind: 'sse',
    frames: [
      frame('response.created', { response: response('in_progress', [], false) }),
      frame('response.in_progress', { response: response('in_progress', [], false) }),
      frame('response.output_item.added', {
        output_index: 0,
        item: { ...item, status: 'in_progress', content: [] },
      }),
      frame('response.content_part.added', {
        item_id: itemId,
        output_index: 0,
        content_index: 0,
        part: { ...text, text: '' },
      }),
      frame('response.output_text.delta', { item_id: itemId, output_index: 0, content_index: 0, delta: REPLY_TEXT }),
      frame('response.output_text.done', { item_id: itemId, output_index: 0, content_index: 0, text: REPLY_TEXT }),
      frame('response.content_part.done', { item_id: itemId, output_index: 0, content_index: 0, part: text }),
      frame('response.output_item.done', { output_index: 0, item }),
      frame('response.completed', { response: response('completed', [item], true) }),
    ],
  };
}

export function imageAnswer(ctx: AnswerContext): Reply {
  return json(200, {
    created: unixNow(),
    data: [{ url: `https://images.example.invalid/simulator/${ctx.requestId}.png`, revised_prompt: '' }],
  });
}
