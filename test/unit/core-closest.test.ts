// "Did you mean …?": a suggestion only when one candidate stands out.
import { describe, expect, it } from 'vitest';
import { AGENT_IDS } from '../../src/agents/registry.js';
import { closest, suggesting } from '../../src/core/closest.js';
import { english, msg } from '../../src/i18n/index.js';

const COMMANDS = ['setup', 'wizard', 'sync', 'doctor', 'launch', 'use', 'profiles', 'models', 'verify', 'remove', 'restore', 'help'];

describe('closest', () => {
  it('a letter or two off: the one candidate that close', () => {
    expect(closest('dcotor', COMMANDS)).toBe('doctor');
    expect(closest('modles', COMMANDS)).toBe('models');
    expect(closest('--modle', ['--model', '--agent', '--scope'])).toBe('--model');
    expect(closest('codx', AGENT_IDS)).toBe('codex');
    expect(closest('Doctor', COMMANDS)).toBe('doctor');
  });

  it("the start of one candidate, or a whole part of one (an agent's short name)", () => {
    expect(closest('claude', AGENT_IDS)).toBe('claude-code');
    expect(closest('droid', AGENT_IDS)).toBe('factory-droid');
    expect(closest('vibe', AGENT_IDS)).toBe('mistral-vibe');
    expect(closest('prof', COMMANDS)).toBe('profiles');
    expect(closest('--dry', ['--dry-run', '--yes'])).toBe('--dry-run');
  });

  it('nothing when several fit as well, when nothing is close, or for the word itself', () => {
    // opencode, openclaw and openhands all start so.
    expect(closest('open', AGENT_IDS)).toBeUndefined();
    // claude-code, qwen-code, kimi-code and letta-code have the part, and codex is a letter away.
    expect(closest('code', AGENT_IDS)).toBeUndefined();
    expect(closest('frobnicate', COMMANDS)).toBeUndefined();
    expect(closest('xy', COMMANDS)).toBeUndefined();
    expect(closest('doctor', COMMANDS)).toBeUndefined();
    expect(closest('', COMMANDS)).toBeUndefined();
    // Two equally close: no guess.
    expect(closest('bat', ['cat', 'hat'])).toBeUndefined();
  });
});

describe('suggesting', () => {
  it('leads the hint with the suggestion, or leaves it as it was', () => {
    const hint = msg('args.valid_values', { values: 'user, project' });
    expect(english(suggesting('usr', ['user', 'project'], hint))).toBe('Did you mean user? Valid values: user, project.');
    expect(suggesting('zzz', ['user', 'project'], hint)).toBe(hint);
  });
});
