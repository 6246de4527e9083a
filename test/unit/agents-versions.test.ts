// The version rules every agent module declares: older-than by semver, the format a version reads,
// the two marks (broken below: refused; below proven from: written, not proven), and a protocol
// spoken only from a version on.
import { describe, expect, it } from 'vitest';
import { AGENTS } from '../../src/agents/registry.js';
import { belowFloor, formatFor, forVersion, holdingAt, olderThan, outdated, protocolTooNew, unproven } from '../../src/agents/versions.js';
import { classifyModel as classify } from '../../src/gateway/classify.js';
import { inEnglish } from '../helpers/english.js';

describe('olderThan', () => {
  it.each([
    ['0.15.10', '0.21.2', true],
    ['0.21.2', '0.21.2', false],
    ['0.24.4', '0.21.2', false],
    ['0.9', '0.10.1', true],
    ['1.0.0-preview.3', '1.0.0', true],
    ['not a version', '1.0.0', false],
  ])('%s < %s: %s', (v, min, older) => {
    expect(olderThan(v, min)).toBe(older);
  });
});

describe('holdingAt: the fact holding at a version', () => {
  const facts = [
    { since: '1.2.0', it: 'a' },
    { since: '1.10.0', it: 'b' },
  ];
  it.each([
    ['1.2.0', 'a'],
    ['1.9.9', 'a'],
    ['1.10.0', 'b'],
    ['2.0.0', 'b'],
    [undefined, 'b'],
    ['1.1.9', undefined],
  ])('at %s: %s', (version, it) => {
    expect(holdingAt(facts, version)?.it).toBe(it);
  });
});

describe('Qwen Code', () => {
  const qwen = AGENTS['qwen-code'];
  it('formats: provider ids from 0.21.2, the auth-type lists before, the newest when the version is unknown', () => {
    expect(formatFor(qwen.versions, '0.15.10')).toBe('auth-type-lists');
    expect(formatFor(qwen.versions, '0.21.2')).toBe('provider-ids');
    expect(formatFor(qwen.versions, undefined)).toBe('provider-ids');
  });

  it('broken below 0.8.3 (0.8.2 seen failing): refused with the update command; at it, not refused', () => {
    expect(inEnglish(belowFloor(qwen, '0.8.2')!)).toBe(
      'Qwen Code 0.8.2 is installed: versions older than 0.8.3 were seen not to read the config this tool writes: nothing was written for it. Update it: `npm install -g @qwen-code/qwen-code@latest`',
    );
    expect(outdated(qwen, '0.8.3')).toBeUndefined();
    expect(outdated(qwen, undefined)).toBeUndefined();
    // Refused is not also "unproven": one thing is said of it.
    expect(unproven(qwen, '0.8.2')).toBeUndefined();
  });

  it('between the marks (0.9.0): written, said to be unproven; from 0.10.1 on, or unknown: proven', () => {
    expect(inEnglish(unproven(qwen, '0.9.0')!)).toBe(
      'Qwen Code 0.9.0 is installed, older than 0.10.1, the oldest version our tests ran: the config is written as that version reads it, not proven',
    );
    expect(belowFloor(qwen, '0.9.0')).toBeUndefined();
    expect(unproven(qwen, '0.10.1')).toBeUndefined();
    expect(unproven(qwen, undefined)).toBeUndefined();
  });
});

describe('an agent with no version known to fail (Claude Code, proven from 2.1.100)', () => {
  const claude = AGENTS['claude-code'];
  it('an older version is never refused, only said to be unproven', () => {
    expect(belowFloor(claude, '2.0.77')).toBeUndefined();
    expect(belowFloor(claude, '1.0.0')).toBeUndefined();
    expect(inEnglish(unproven(claude, '2.0.77')!)).toContain('Claude Code 2.0.77 is installed, older than 2.1.100');
    expect(unproven(claude, '2.1.100')).toBeUndefined();
    expect(unproven(claude, '2.1.197')).toBeUndefined();
  });
});

describe('Qwen Code protocols by version', () => {
  const qwen = AGENTS['qwen-code'];
  it('a Responses-only model suits it from 0.24.2; a chat model suits every version', () => {
    const codex = classify({ id: 'gpt-5.1-codex', marks: ['openai-response'] });
    const chat = classify({ id: 'deepseek-chat', marks: ['openai'] });
    expect(forVersion(qwen, '0.24.0').fit(codex).ok).toBe(false);
    expect(forVersion(qwen, '0.24.2').fit(codex)).toMatchObject({ ok: true, protocol: 'responses' });
    expect(forVersion(qwen, undefined).fit(codex).ok).toBe(true);
    expect(forVersion(qwen, '0.10.1').fit(chat)).toMatchObject({ ok: true, protocol: 'chat' });
    expect(protocolTooNew(qwen, 'chat', '0.10.1')).toBeUndefined();
  });
});
