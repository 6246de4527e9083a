// Classification by protocol marks, as a table.
import { describe, expect, it } from 'vitest';
import { DEFAULT_MARKERS, type Markers, type Suitability } from '../../src/core/types.js';
import { classifyModel } from '../../src/gateway/classify.js';
import { showId, unsafeIdReason } from '../../src/gateway/model-id.js';
import { inEnglish } from '../helpers/english.js';

type Row = [
  name: string,
  marks: string[] | undefined,
  messages: Suitability,
  responses: Suitability,
  chat: Suitability,
  images: Suitability,
  notForAgents: boolean,
];

const ROWS: Row[] = [
  ['Anthropic/AWS channel', ['anthropic', 'openai'], 'yes', 'no', 'yes', 'no', false],
  ['OpenAI-compatible', ['openai'], 'probe', 'probe', 'yes', 'no', false],
  ['Codex', ['openai-response', 'openai-response-compact', 'openai-alpha-search'], 'no', 'yes', 'no', 'no', false],
  ['xAI', ['openai', 'openai-response'], 'no', 'yes', 'yes', 'no', false],
  ['Gemini', ['gemini', 'openai'], 'probe', 'probe', 'yes', 'no', false],
  ['image model', ['image-generation', 'openai'], 'probe', 'probe', 'yes', 'yes', false],
  ['image only', ['image-generation'], 'no', 'no', 'no', 'yes', false],
  ['anthropic only', ['anthropic'], 'yes', 'no', 'no', 'no', false],
  ['anthropic + openai-response', ['anthropic', 'openai-response'], 'yes', 'yes', 'no', 'no', false],
  ['embeddings', ['embeddings'], 'no', 'no', 'no', 'no', true],
  ['rerank', ['jina-rerank'], 'no', 'no', 'no', 'no', true],
  ['video', ['openai-video'], 'no', 'no', 'no', 'no', true],
  ['gemini only', ['gemini'], 'no', 'no', 'no', 'no', true],
  ['custom marks only', ['my-custom-endpoint'], 'no', 'no', 'no', 'no', true],
  ['compact only', ['openai-response-compact'], 'no', 'no', 'no', 'no', true],
  ['unmarked', undefined, 'probe', 'probe', 'probe', 'probe', false],
  ['empty marks', [], 'probe', 'probe', 'probe', 'probe', false],
];

describe('classifyModel', () => {
  it.each(ROWS)('%s', (_name, marks, messages, responses, chat, images, notForAgents) => {
    const c = inEnglish(classifyModel(marks === undefined ? { id: 'm' } : { id: 'm', marks }));
    expect(c.protocols).toEqual({ messages, responses, chat, images });
    expect(c.marked).toBe(marks !== undefined && marks.length > 0);
    expect(c.notForAgents !== undefined).toBe(notForAgents);
    expect(c.id).toBe('m');
  });

  it('explains exclusions with the marks it saw', () => {
    expect(inEnglish(classifyModel({ id: 'e', marks: ['embeddings'] })).notForAgents).toMatch(/marked only embeddings: not a chat model/);
    expect(inEnglish(classifyModel({ id: 'x', marks: ['foo', 'bar'] })).notForAgents).toMatch(
      /marked only foo, bar: none of anthropic, openai-response, openai or image-generation/,
    );
  });

  // new-api marks every model of an OpenAI-type channel `openai` (embeddings, speech and
  // transcription included): with nothing but that mark, the name is what tells them apart.
  it.each([
    ['text-embedding-3-small', ['openai'], /embedding/],
    ['tts-1', ['openai'], /text-to-speech/],
    ['gpt-4o-mini-tts', ['openai'], /text-to-speech/],
    ['whisper-1', ['openai'], /transcription/],
    ['gpt-4o-transcribe', undefined, /transcription/],
    ['omni-moderation-latest', [], /moderation/],
    ['bge-reranker-v2', ['openai'], /rerank/],
  ] as const)('%s marked %j: not for agents, by its name', (id, marks, kind) => {
    const c = inEnglish(classifyModel(marks === undefined ? { id } : { id, marks: [...marks] }));
    expect(c.notForAgents).toMatch(kind);
    expect(c.notForAgents).toContain(`verify --model ${id} --protocol chat`);
  });

  it.each([
    ['gpt-4o-mini', ['openai']],
    ['deepseek-chat', ['openai']],
    ['gpt-4o-audio-preview', ['openai']],
    // Marks that say more than `openai` win over the name.
    ['claude-embedder-sonnet', ['anthropic', 'openai']],
    ['whisper-chat', ['openai', 'openai-response']],
  ] as const)('%s marked %j stays a chat model', (id, marks) => {
    expect(inEnglish(classifyModel({ id, marks: [...marks] })).notForAgents).toBeUndefined();
  });

  it('keeps the other fields', () => {
    expect(inEnglish(classifyModel({ id: 'm', marks: ['openai'], ownedBy: 'o', created: 5 }))).toMatchObject({
      ownedBy: 'o',
      created: 5,
      marks: ['openai'],
    });
  });

  const CUSTOM: Markers = { messages: 'claude', responses: 'resp', chat: 'oai', images: 'img', nonAgent: ['emb'] };
  it.each([
    [['claude', 'oai'], { messages: 'yes', responses: 'no', chat: 'yes', images: 'no' }],
    [['oai'], { messages: 'probe', responses: 'probe', chat: 'yes', images: 'no' }],
    [['resp'], { messages: 'no', responses: 'yes', chat: 'no', images: 'no' }],
    [['img'], { messages: 'no', responses: 'no', chat: 'no', images: 'yes' }],
    // With custom spellings the default ones mean nothing.
    [['anthropic', 'openai'], { messages: 'no', responses: 'no', chat: 'no', images: 'no' }],
  ] as const)('custom markers %j', (marks, protocols) => {
    expect(inEnglish(classifyModel({ id: 'm', marks: [...marks] }, CUSTOM)).protocols).toEqual(protocols);
  });

  it('uses the default markers when none are given', () => {
    expect(inEnglish(classifyModel({ id: 'm', marks: ['anthropic'] }, DEFAULT_MARKERS))).toEqual(
      inEnglish(classifyModel({ id: 'm', marks: ['anthropic'] })),
    );
  });
});

describe('unsafeIdReason', () => {
  it.each([
    ['claude-sonnet-4-5', undefined],
    ['Qwen/Qwen2.5-72B-Instruct', undefined],
    ['gpt-4o:latest', undefined],
    ['', /empty/],
    ['a\nb', /control/],
    ['a\u0000b', /control/],
    ['a\u2028b', /control/],
    ['say "hi"', /quotes/],
    ["o'brien", /quotes/],
    ['a`b', /quotes/],
    ['a\\b', /backslash/],
    ['../etc/passwd', /relative path/],
    ['x/../y', /relative path/],
    ['/etc/passwd', /file path/],
    ['x//y', /file path/],
    ['x'.repeat(201), /longer/],
  ])('%j', (id, expected) => {
    const reason = inEnglish(unsafeIdReason(id));
    if (expected === undefined) expect(reason).toBeUndefined();
    else expect(reason).toMatch(expected);
  });

  it('shows ids escaped', () => {
    expect(showId('a\nb')).toBe('"a\\nb"');
  });
});
