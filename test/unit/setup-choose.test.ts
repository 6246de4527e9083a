// The documented ranking and the validation of explicit choices (src/setup/rank.ts, choose.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AGENTS } from '../../src/agents/registry.js';
import { UsageError } from '../../src/core/errors.js';
import { classifyModel } from '../../src/gateway/classify.js';
import { chooseModels, suitableModels } from '../../src/setup/choose.js';
import { bestModel, bestModels, rankModels } from '../../src/setup/rank.js';
import { hintOf } from '../helpers/english.js';

const model = (id: string, marks?: string[]) => classifyModel({ id, marks });
const KEY = [
  model('claude-haiku-4-5', ['anthropic', 'openai']),
  model('claude-sonnet-4', ['anthropic', 'openai']),
  model('claude-sonnet-4-5', ['anthropic', 'openai']),
  model('claude-opus-4-1', ['anthropic', 'openai']),
  model('gpt-5', ['openai']),
  model('gpt-5.1', ['openai']),
  model('gpt-5.1-codex', ['openai-response']),
  model('grok-4', ['openai', 'openai-response']),
  model('deepseek-chat', ['openai']),
  model('text-embedding-3-small', ['embeddings']),
];

describe('rankModels', () => {
  it('first matching pattern, then newest version', () => {
    const ids = rankModels(KEY, ['claude-sonnet-*', 'claude-*']).map((m) => m.id);
    // Within one pattern the version numbers decide: haiku 4.5 is newer than opus 4.1.
    expect(ids.slice(0, 4)).toEqual(['claude-sonnet-4-5', 'claude-sonnet-4', 'claude-haiku-4-5', 'claude-opus-4-1']);
  });

  it('a model the marks confirm before one that needs a probe, within one pattern', () => {
    const ranked = rankModels(
      KEY.filter((m) => m.id.startsWith('gpt-5') || m.id === 'grok-4'),
      ['*'],
      (m) => m.protocols.responses === 'yes',
    );
    expect(ranked.map((m) => m.id)).toEqual(['gpt-5.1-codex', 'grok-4', 'gpt-5.1', 'gpt-5']);
  });
});

describe('chooseModels', () => {
  it('picks per agent by the default preferences, with the small model', () => {
    expect(chooseModels({ agent: AGENTS['claude-code'], models: KEY })).toMatchObject({
      model: 'claude-sonnet-4-5',
      protocol: 'messages',
      smallModel: 'claude-haiku-4-5',
    });
    expect(chooseModels({ agent: AGENTS.codex, models: KEY })).toMatchObject({
      model: 'gpt-5.1-codex',
      protocol: 'responses',
      needsProbe: false,
    });
    expect(chooseModels({ agent: AGENTS['qwen-code'], models: KEY })).toMatchObject({ model: 'deepseek-chat', protocol: 'chat' });
  });

  it('saved preferences come first', () => {
    expect(chooseModels({ agent: AGENTS.codex, models: KEY, preferences: { model: ['grok-*'] } }).model).toBe('grok-4');
  });

  it('an explicit model outside the key or the protocol is a UsageError listing the valid choices', () => {
    expect(() => chooseModels({ agent: AGENTS.codex, models: KEY, model: 'claude-sonnet-4-5' })).toThrow(UsageError);
    try {
      chooseModels({ agent: AGENTS.codex, models: KEY, model: 'nope' });
    } catch (err) {
      expect((err as UsageError).message).toContain('cannot see');
      expect(hintOf(err as UsageError)).toContain('gpt-5.1-codex');
    }
  });

  it('an explicit model typed a letter off: the one meant leads the list of those that suit', () => {
    expect(() => chooseModels({ agent: AGENTS.codex, models: KEY, model: 'gpt-5.1-codx' })).toThrow(UsageError);
    try {
      chooseModels({ agent: AGENTS.codex, models: KEY, model: 'gpt-5.1-codx' });
    } catch (err) {
      expect(hintOf(err as UsageError)).toMatch(/^Did you mean gpt-5\.1-codex\? Models that suit Codex CLI: /);
    }
  });

  it('never offers embeddings, and nothing suitable is an error naming the command to explain why', () => {
    expect(suitableModels(AGENTS.opencode, KEY).map((f) => f.model.id)).not.toContain('text-embedding-3-small');
    const noMessages = KEY.filter((m) => m.id === 'gpt-5.1-codex' || m.id === 'text-embedding-3-small');
    expect(() => chooseModels({ agent: AGENTS['claude-code'], models: noMessages })).toThrow(/models/);
  });

  it('offers Claude Code a model marked only openai when no Anthropic model is there, to be probed (the gateway converts)', () => {
    const fits = suitableModels(
      AGENTS['claude-code'],
      KEY.filter((m) => !m.id.startsWith('claude')),
    );
    expect(fits.map((f) => f.model.id)).toContain('deepseek-chat');
    expect(fits.every((f) => f.fit.ok && f.fit.needsProbe)).toBe(true);
  });
});

describe('bestModel', () => {
  it('is always the head of rankModels, for any ids, patterns and confirmations', () => {
    const id = fc.stringMatching(/^[a-z]{1,6}(-[0-9]{1,2}){0,3}(-[a-z]{1,5})?$/);
    fc.assert(
      fc.property(
        fc.array(fc.record({ id, created: fc.option(fc.integer({ min: 0, max: 9 }), { nil: undefined }), ok: fc.boolean() }), {
          maxLength: 30,
        }),
        fc.array(fc.constantFrom('claude-*', 'gpt-*', '*-mini*', 'a*', '*'), { maxLength: 4 }),
        (models, patterns) => {
          const confirmed = (m: { ok: boolean }): boolean => m.ok;
          expect(bestModel(models, patterns, confirmed)).toBe(rankModels(models, patterns, confirmed)[0]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the first few are always the head of rankModels, in its order (of equals, the earlier model first)', () => {
    const id = fc.stringMatching(/^[a-z]{1,3}(-[0-9]{1,2}){0,2}$/);
    fc.assert(
      fc.property(
        fc.array(fc.record({ id, created: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }), ok: fc.boolean() }), {
          maxLength: 40,
        }),
        fc.array(fc.constantFrom('a*', 'b-*', '*-1*', '*'), { maxLength: 3 }),
        fc.integer({ min: 0, max: 12 }),
        (models, patterns, count) => {
          const confirmed = (m: { ok: boolean }): boolean => m.ok;
          expect(bestModels(models, patterns, confirmed, count)).toEqual(rankModels(models, patterns, confirmed).slice(0, count));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('chooseModels keeps what the config uses when the gateway stops marking it', () => {
  const unmarked = KEY.map((m) => model(m.id));
  const keep = {
    model: 'claude-sonnet-4-5',
    protocol: 'messages' as const,
    smallModel: 'claude-haiku-4-5',
    smallProtocol: 'messages' as const,
  };

  it('unmarked: the protocol and the small model on disk stay', () => {
    const choice = chooseModels({ agent: AGENTS.opencode, models: unmarked, preferences: { model: ['claude-sonnet-4-5'] }, keep });
    expect(choice).toMatchObject({
      model: 'claude-sonnet-4-5',
      protocol: 'messages',
      needsProbe: true,
      smallModel: 'claude-haiku-4-5',
      smallProtocol: 'messages',
    });
    // Without what the disk says, no marks pick another protocol and no small model of its own.
    const fresh = chooseModels({ agent: AGENTS.opencode, models: unmarked, preferences: { model: ['claude-sonnet-4-5'] } });
    expect([fresh.protocol, fresh.smallModel]).not.toEqual(['messages', 'claude-haiku-4-5']);
  });

  it('marked: the marks decide, whatever the disk says', () => {
    const marks = KEY.map((m) => (m.id === 'claude-sonnet-4-5' ? model(m.id, ['openai']) : m));
    const choice = chooseModels({ agent: AGENTS.opencode, models: marks, preferences: { model: ['claude-sonnet-4-5'] }, keep });
    expect(choice).toMatchObject({ model: 'claude-sonnet-4-5', protocol: 'chat' });
  });

  it('another model chosen (an upgrade): nothing kept for the main one', () => {
    const choice = chooseModels({ agent: AGENTS.opencode, models: unmarked, preferences: { model: ['gpt-5.1'] }, keep });
    expect(choice.model).toBe('gpt-5.1');
    expect(choice.protocol).toBe(chooseModels({ agent: AGENTS.opencode, models: unmarked, preferences: { model: ['gpt-5.1'] } }).protocol);
  });
});

describe("chooseModels: tiers (Claude Code's opus)", () => {
  it('an opus the key offers and the marks confirm goes to the opus tier; the main model stays sonnet', () => {
    const choice = chooseModels({ agent: AGENTS['claude-code'], models: KEY });
    expect(choice.model).toBe('claude-sonnet-4-5');
    expect(choice.tiers).toEqual({ opus: 'claude-opus-4-1' });
  });
  it('no opus offered, or none the marks confirm: no tier of its own (it takes the main model)', () => {
    expect(chooseModels({ agent: AGENTS['claude-code'], models: KEY.filter((m) => !m.id.includes('opus')) }).tiers).toBeUndefined();
    expect(chooseModels({ agent: AGENTS['claude-code'], models: KEY.map((m) => model(m.id)) }).tiers).toBeUndefined();
  });
  it('a fable the key offers goes to the fable tier (2.1.330); none: no fable tier, the plan gives it the opus', () => {
    const withFable = [...KEY, model('claude-fable-5', ['anthropic'])];
    expect(chooseModels({ agent: AGENTS['claude-code'], models: withFable }).tiers).toEqual({
      opus: 'claude-opus-4-1',
      fable: 'claude-fable-5',
    });
    expect(chooseModels({ agent: AGENTS['claude-code'], models: KEY }).tiers).not.toHaveProperty('fable');
  });
  it('unmarked now, the opus the config uses is kept', () => {
    const keep = { model: 'claude-sonnet-4-5', protocol: 'messages' as const, tiers: { opus: 'claude-opus-4-1' } };
    expect(
      chooseModels({
        agent: AGENTS['claude-code'],
        models: KEY.map((m) => model(m.id)),
        preferences: { model: ['claude-sonnet-4-5'] },
        keep,
      }).tiers,
    ).toEqual({ opus: 'claude-opus-4-1' });
  });
});
