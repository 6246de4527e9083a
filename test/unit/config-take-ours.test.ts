// Taking our runs' values out of a file the user changed since: value by value, over the states
// each run found and left (the key replaced by its mark in what a run left).
import { describe, expect, it } from 'vitest';
import { KEY_MARK, withoutKeys } from '../../src/config/key-mark.js';
import { takeOursOut } from '../../src/config/take-ours.js';

const json = (v: unknown): string => `${JSON.stringify(v, null, 2)}\n`;
const file = { path: '/home/u/settings.json', format: 'json' as const };
const KEY = `sk-${'k3y'.repeat(12)}`;

describe('takeOursOut', () => {
  it('gives back what our run replaced, keeps what the user changed since, and a key of ours goes whatever key it is', () => {
    const original = { model: 'theirs', theme: 'light', env: { OTHER: '1' } };
    const ours = { model: 'ours', theme: 'light', env: { OTHER: '1', API_KEY: KEY, BASE: 'https://gw' } };
    const now = { ...ours, theme: 'dark' };
    const out = takeOursOut(file, json(now), [{ before: json(original), after: withoutKeys(json(ours), [KEY]), chain: true }])!;
    expect(JSON.parse(out.after)).toEqual({ model: 'theirs', theme: 'dark', env: { OTHER: '1' } });
    expect(out.keyLeft).toBe(false);
  });

  it("a value the user set between two runs of ours, overwritten by the second, comes back as the user's", () => {
    const first = { model: 'a' };
    const run1 = { model: 'ours-1' };
    const userBetween = { model: 'user-pick' };
    const run2 = { model: 'ours-2' };
    const out = takeOursOut(file, json(run2), [
      { before: json(first), after: json(run1), chain: true },
      { before: json(userBetween), after: json(run2), chain: false },
    ])!;
    expect(JSON.parse(out.after)).toEqual({ model: 'user-pick' });
  });

  it("list items of ours go, the user's stay in their order; a container we made goes when empty, theirs stays", () => {
    const original = { models: ['x', 'y'], provider: {} };
    const ours = { models: ['ours', 'x', 'y'], provider: { gateway: { url: 'https://gw' } }, extra: { made: { by: 'us' } } };
    const now = { ...ours, models: ['ours', 'x', 'y', 'z'] };
    const out = takeOursOut(file, json(now), [{ before: json(original), after: json(ours), chain: true }])!;
    expect(JSON.parse(out.after)).toEqual({ models: ['x', 'y', 'z'], provider: {} });
  });

  it('a key of ours the user moved into a value of theirs stays, and says so', () => {
    const ours = { auth: { key: KEY } };
    const now = { auth: { key: `Bearer ${KEY}` } };
    const out = takeOursOut(file, json(now), [{ after: withoutKeys(json(ours), [KEY]), chain: true }])!;
    expect(JSON.parse(out.after)).toEqual(now);
    expect(out.keyLeft).toBe(true);
    expect(out.empty).toBe(false);
  });

  it('a file only ours held comes out empty', () => {
    const ours = { provider: { gateway: { key: KEY } } };
    const out = takeOursOut(file, json(ours), [{ after: withoutKeys(json(ours), [KEY]), chain: true }])!;
    expect(out.empty).toBe(true);
  });

  it('the kept state never holds the key, with or without sk-', () => {
    const text = withoutKeys(`a=${KEY}\nb=${KEY.slice(3)}\n`, [KEY]);
    expect(text).toBe(`a=${KEY_MARK}\nb=${KEY_MARK}\n`);
    expect(text).not.toContain(KEY.slice(3));
  });
});
