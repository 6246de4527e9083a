import { describe, expect, it } from 'vitest';
import { painter } from '../../src/core/terminal.js';
import { visibleLength } from '../../src/core/layout.js';

describe('colour', () => {
  it('paints only when colour is on', () => {
    expect(painter({ color: false })('red', 'x')).toBe('x');
    const red = painter({ color: true })('red', 'x');
    expect(red).not.toBe('x');
    expect(visibleLength(red)).toBe(1);
  });
});
