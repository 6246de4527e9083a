// The version rules every agent module declares: older-than by semver, the format a version reads,
// the floor, and a protocol spoken only from a version on.
import { describe, expect, it } from 'vitest';
import { AGENTS } from '../../src/agents/registry.js';
import { belowFloor, formatFor, forVersion, olderThan, outdated, protocolTooNew } from '../../src/agents/versions.js';
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

describe('Qwen Code', () => {
  const qwen = AGENTS['qwen-code'];
  it('formats: provider ids from 0.21.2, the auth-type lists before, the newest when the version is unknown', () => {
    expect(formatFor(qwen.versions, '0.15.10')).toBe('auth-type-lists');
    expect(formatFor(qwen.versions, '0.21.2')).toBe('provider-ids');
    expect(formatFor(qwen.versions, undefined)).toBe('provider-ids');
  });

  it('the floor: below it, why and the update command; at it, nothing', () => {
    expect(inEnglish(belowFloor(qwen, '0.8.2')!)).toBe(
      'Qwen Code 0.8.2 is installed, older than 0.10.1, the oldest version proven to read the config this tool writes: nothing was written for it. Update it: `npm install -g @qwen-code/qwen-code@latest`',
    );
    expect(outdated(qwen, '0.10.1')).toBeUndefined();
    expect(outdated(qwen, undefined)).toBeUndefined();
  });

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
