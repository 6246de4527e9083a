import { describe, expect, it } from 'vitest';
import { maskKey, redact } from '../../src/core/mask.js';

const KEY = 'sk-Abcdefghijklmnopqrstuvwxyz0123456789';
const BARE = KEY.slice(3);
const OTHER = 'sk-Zyxwvutsrqponmlkjihgfedcba9876543210';

describe('redact', () => {
  it('masks a key in every form it is shown in, the full form as a whole', () => {
    const text = `full ${KEY}; bare ${BARE}; again ${KEY}`;
    const out = redact(text, [KEY]);
    expect(out).toBe(`full ${maskKey(KEY)}; bare ${maskKey(KEY).slice(3)}; again ${maskKey(KEY)}`);
    expect(out).not.toContain(BARE.slice(4, 20));
  });

  it('masks each secret given, and leaves text without any of them as it is', () => {
    expect(redact(`${OTHER} then ${BARE}`, [KEY, undefined, OTHER])).toBe(`${maskKey(OTHER)} then ${maskKey(KEY).slice(3)}`);
    const plain = 'no secret here: sk-ab and 0123';
    expect(redact(plain, [KEY, OTHER])).toBe(plain);
  });

  it('ignores secrets too short to search for', () => {
    expect(redact('abc abc', ['abc'])).toBe('abc abc');
  });
});
