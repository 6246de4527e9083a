import { describe, expect, it } from 'vitest';
import { profileFor, profileNameOf } from '../../src/settings/profiles.js';
import { isProfileName } from '../../src/settings/index.js';

describe('profileNameOf: the profile an import link names', () => {
  it.each([
    ['work', 'work'],
    ['Team GW / 月', 'Team-GW-月'],
    ['  --flag-like', 'flag-like'],
    ['ｆｕｌｌｗｉｄｔｈ', 'fullwidth'],
    ['网关', '网关'],
    ['老王的 网关', '老王的-网关'],
    ['हिन्दी गेटवे', 'हिन्दी-गेटवे'],
    ['\u202egw\u200b', 'gw'],
    ['$(x)`y`', 'x-y'],
    ['—', 'imported'],
    [undefined, 'imported'],
    ['a'.repeat(80), 'a'.repeat(64)],
  ])('%j → %s, a valid profile name', (given, want) => {
    expect(profileNameOf(given)).toBe(want);
    expect(isProfileName(profileNameOf(given))).toBe(true);
  });
});

describe('profileFor: each gateway imported its own profile', () => {
  const profiles = { 网关: { baseUrl: 'https://a.example/v1' }, '网关-2': { baseUrl: 'https://b.example' } };
  it.each([
    ['a free name', '新网关', 'https://c.example', { name: '新网关', saved: false }],
    ['the same gateway: its profile', '网关', 'https://a.example', { name: '网关', saved: true }],
    ['another gateway: the next free suffix', '网关', 'https://c.example', { name: '网关-3', saved: false }],
    ['the gateway of a suffixed profile', '网关', 'https://b.example', { name: '网关-2', saved: true }],
  ])('%s', (_what, base, root, want) => {
    expect(profileFor(base, root, profiles)).toEqual(want);
  });
});
