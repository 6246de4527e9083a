import { describe, expect, it } from 'vitest';
import { planProbes } from '../../src/verify/plan.js';
import { JobError, UsageError } from '../../src/core/errors.js';
import type { ClassifiedModel, Suitability } from '../../src/core/types.js';
import { hintOf, inEnglish } from '../helpers/english.js';
import { msg, type Message } from '../../src/i18n/index.js';

function model(
  id: string,
  marks: string[] | undefined,
  p: [Suitability, Suitability, Suitability, Suitability],
  notForAgents?: Message,
): ClassifiedModel {
  return {
    id,
    ...(marks ? { marks } : {}),
    marked: marks !== undefined,
    protocols: { messages: p[0], responses: p[1], chat: p[2], images: p[3] },
    ...(notForAgents ? { notForAgents } : {}),
  };
}

const MODELS: ClassifiedModel[] = [
  model('text-embedding-3-small', ['embeddings'], ['no', 'no', 'no', 'no'], msg('err.verbatim', { text: 'embeddings model' })),
  model('gpt-5.1', ['openai'], ['yes', 'probe', 'yes', 'no']),
  model('claude-sonnet-4-5', ['anthropic', 'openai'], ['yes', 'no', 'yes', 'no']),
  model('gpt-5.1-codex', ['openai-response'], ['no', 'yes', 'no', 'no']),
  model('gpt-image-1', ['image-generation'], ['no', 'no', 'no', 'yes']),
];

describe('planProbes', () => {
  it('without --model: one model per agent protocol, confirmed marks first, images skipped', () => {
    expect(inEnglish(planProbes(MODELS, {})).probes).toEqual([
      { protocol: 'messages', model: 'gpt-5.1' },
      { protocol: 'responses', model: 'gpt-5.1-codex' },
      { protocol: 'chat', model: 'gpt-5.1' },
    ]);
  });

  it('prefers a probable model over none, and notes protocols nobody serves', () => {
    const plan = inEnglish(
      planProbes(
        MODELS.filter((m) => m.id !== 'gpt-5.1-codex'),
        {},
      ),
    );
    expect(plan.probes).toContainEqual({ protocol: 'responses', model: 'gpt-5.1' });
    const none = inEnglish(planProbes([MODELS[2] as ClassifiedModel], {}));
    expect(none.probes.map((p) => p.protocol)).toEqual(['messages', 'chat']);
    expect(none.notes.join()).toContain('Responses');
  });

  it('images only when asked for', () => {
    expect(inEnglish(planProbes(MODELS, { protocol: 'images' })).probes).toEqual([{ protocol: 'images', model: 'gpt-image-1' }]);
  });

  it('with --model: every protocol the model is marked for; all three when unmarked', () => {
    expect(inEnglish(planProbes(MODELS, { model: 'claude-sonnet-4-5' })).probes.map((p) => p.protocol)).toEqual(['messages', 'chat']);
    const plan = inEnglish(planProbes(MODELS, { model: 'gpt-5.1' }));
    expect(plan.notes.join()).toContain('--protocol responses');
    const unmarked = [model('m', undefined, ['probe', 'probe', 'probe', 'probe'])];
    expect(inEnglish(planProbes(unmarked, { model: 'm' })).probes.map((p) => p.protocol)).toEqual(['messages', 'responses', 'chat']);
  });

  it('probes a pairing the marks exclude when asked, with a note', () => {
    const plan = inEnglish(planProbes(MODELS, { model: 'claude-sonnet-4-5', protocol: 'responses' }));
    expect(plan.probes).toEqual([{ protocol: 'responses', model: 'claude-sonnet-4-5' }]);
    expect(plan.notes.join()).toContain('not marked');
  });

  it('a model outside the key list is a usage error listing the valid ids, unless --force', () => {
    try {
      inEnglish(planProbes(MODELS, { model: 'kimi-k2' }));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(UsageError);
      expect(hintOf(error as UsageError)).toContain('gpt-5.1-codex');
    }
    // A model id typed a letter off, or by a part only it has: the one meant leads the hint.
    for (const typed of ['claude-sonet-4-5', 'sonnet']) {
      try {
        inEnglish(planProbes(MODELS, { model: typed }));
        expect.unreachable();
      } catch (error) {
        expect(hintOf(error as UsageError)).toMatch(/^Did you mean claude-sonnet-4-5\? Models of this key: /);
      }
    }
    expect(inEnglish(planProbes(MODELS, { model: 'kimi-k2', force: true, protocol: 'chat' })).probes).toEqual([
      { protocol: 'chat', model: 'kimi-k2' },
    ]);
  });

  it('a model no agent can use, or a key with nothing for the protocol, is refused', () => {
    expect(() => inEnglish(planProbes(MODELS, { model: 'text-embedding-3-small' }))).toThrow(UsageError);
    try {
      inEnglish(planProbes(MODELS, { model: 'gpt-image-1' }));
      expect.unreachable();
    } catch (error) {
      expect(hintOf(error as UsageError)).toContain('--protocol images');
    }
    expect(() => inEnglish(planProbes([MODELS[0] as ClassifiedModel], {}))).toThrow(JobError);
  });
});
