import { describe, expect, it } from 'vitest';
import { profileNameOf } from '../../src/cli/commands/use.js';
import { PROFILE_NAME } from '../../src/settings/index.js';

describe('profileNameOf: the profile an import link names', () => {
  it.each([
    ['work', 'work'],
    ['Team GW / 月', 'Team-GW'],
    ['  --flag-like', 'flag-like'],
    ['ｆｕｌｌｗｉｄｔｈ', 'fullwidth'],
    ['网关', 'imported'],
    [undefined, 'imported'],
    ['a'.repeat(80), 'a'.repeat(64)],
  ])('%j → %s, a valid profile name', (given, want) => {
    expect(profileNameOf(given)).toBe(want);
    expect(PROFILE_NAME.test(profileNameOf(given))).toBe(true);
  });
});
