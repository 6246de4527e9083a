import { describe, expect, it } from 'vitest';
import { escapeControls, painter } from '../../src/core/terminal.js';
import { visibleLength } from '../../src/core/layout.js';

describe('colour', () => {
  it('paints only when colour is on', () => {
    expect(painter({ color: false })('red', 'x')).toBe('x');
    const red = painter({ color: true })('red', 'x');
    expect(red).not.toBe('x');
    expect(visibleLength(red)).toBe(1);
  });
});

describe('escapeControls: the quick scan', () => {
  it('lets no unsafe character through that the full search would escape (every UTF-16 code unit)', () => {
    // After a lone CR the full search always runs: the same character must come out the same.
    for (let code = 0; code <= 0xffff; code++) {
      if (code === 0x0a) continue;
      const ch = String.fromCharCode(code);
      expect(escapeControls(ch), code.toString(16)).toBe(escapeControls(`\r${ch}`).slice('\\u000d'.length));
    }
  });
});
