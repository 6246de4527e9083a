import { describe, expect, it } from 'vitest';
import { formatDiagnosis, formatUsd, painter, printJson, table, visibleLength, wrap } from '../../src/cli/output.js';

describe('table', () => {
  it('aligns columns two spaces apart', () => {
    expect(table([['a', 'bb', 'c'], ['ddd', 'e', 'f']])).toEqual(['a    bb  c', 'ddd  e   f']);
  });

  it('cuts the shrinkable column so every line fits 80 columns', () => {
    const long = 'x'.repeat(120);
    const lines = table([['model-id', long], ['m2', 'short']], { indent: 2 });
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    expect(lines[0]?.endsWith('…')).toBe(true);
  });
});

describe('wrap', () => {
  it('wraps at the width without cutting words', () => {
    const lines = wrap('word '.repeat(40), 4, 30);
    for (const line of lines) {
      expect(line.length).toBeLessThanOrEqual(30);
      expect(line.startsWith('    word')).toBe(true);
    }
  });
});

describe('colour', () => {
  it('paints only when colour is on', () => {
    expect(painter({ color: false })('red', 'x')).toBe('x');
    const red = painter({ color: true })('red', 'x');
    expect(red).not.toBe('x');
    expect(visibleLength(red)).toBe(1);
  });
});

describe('printJson', () => {
  it('writes one document per context, never two', () => {
    const out: string[] = [];
    const ctx = { out: (t: string) => void out.push(t) };
    expect(printJson(ctx, { a: 1 })).toBe(true);
    expect(printJson(ctx, { b: 2 })).toBe(false);
    expect(JSON.parse(out.join(''))).toEqual({ a: 1 });
  });
});

describe('formatDiagnosis', () => {
  it('shows the code, the fix and the request ID', () => {
    const text = formatDiagnosis({ color: false }, {
      code: 'bad_key', message: 'The gateway rejected the key.', fix: 'Check GATEWAY_API_KEY.', status: 401, requestId: 'req-1',
    });
    expect(text).toContain('[bad_key]');
    expect(text).toContain('Check GATEWAY_API_KEY.');
    expect(text).toContain('request ID: req-1');
  });
});

describe('formatUsd', () => {
  it('keeps small prices readable', () => {
    expect(formatUsd(3)).toBe('$3.00');
    expect(formatUsd(0.0004)).toBe('$0.00040');
    expect(formatUsd(250)).toBe('$250');
    expect(formatUsd(0)).toBe('$0');
  });
});
