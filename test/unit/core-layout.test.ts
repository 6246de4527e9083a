import { describe, expect, it } from 'vitest';
import { table, visibleLength, wrap } from '../../src/core/layout.js';

describe('table', () => {
  it('aligns columns two spaces apart', () => {
    expect(
      table([
        ['a', 'bb', 'c'],
        ['ddd', 'e', 'f'],
      ]),
    ).toEqual(['a    bb  c', 'ddd  e   f']);
  });

  it('wraps the wrapping column at words so every line fits 80 columns; nothing is cut', () => {
    const marks = 'openai, anthropic, openai-response, openai-response-compact, image-generation, embeddings, jina-rerank';
    const lines = table(
      [
        ['model-id', marks],
        ['m2', 'short'],
      ],
      { indent: 2 },
    );
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    expect(lines.join(' ')).not.toContain('…');
    // Every mark whole, the continuation aligned under its column.
    const column = lines[0]!.indexOf('openai');
    const cells = lines
      .slice(0, -1)
      .map((l) => l.slice(column))
      .join(' ')
      .split(/\s+/);
    expect(cells.join(' ')).toBe(marks);
    expect(lines[1]!.slice(0, column).trim()).toBe('');
    expect(lines.at(-1)).toBe('  m2        short');
  });

  it('a value wider than the room left (a request ID, a model id) stays whole: the line runs long', () => {
    const id = `20261123112233${'4'.repeat(60)}AbCdEfGh`;
    const lines = table([['PASS', 'messages', 'claude-sonnet-4-5-20250929-extended-thinking', '200', id]], { wrap: [] });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith(id)).toBe(true);
    expect(lines[0]).toContain('claude-sonnet-4-5-20250929-extended-thinking');
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

describe('Chinese text in the terminal', () => {
  it('counts a Chinese character as two columns', () => {
    expect(visibleLength('密钥')).toBe(4);
    expect(visibleLength('key 密钥…')).toBe(9);
  });

  it('wraps Chinese between characters, never before closing punctuation', () => {
    const text = '网关拒绝了此密钥：密钥不存在、已禁用、已过期或已用尽。'.repeat(6);
    const lines = wrap(text, 2, 40);
    expect(lines.length).toBeGreaterThan(4);
    for (const line of lines) {
      expect(visibleLength(line)).toBeLessThanOrEqual(40);
      expect(line.trimStart()).not.toMatch(/^[，。、：]/);
    }
    expect(lines.map((l) => l.trimStart()).join('')).toBe(text);
  });

  it('keeps English words whole inside Chinese text', () => {
    const lines = wrap('运行 gateway-agent-setup models 查看此密钥可用的模型列表', 0, 20);
    expect(lines.some((l) => l.includes('gateway-agent-setup'))).toBe(true);
  });

  it('aligns table columns by display width', () => {
    const rows = table([
      ['模型', 'x'],
      ['gpt', 'y'],
    ]);
    expect(rows).toEqual(['模型  x', 'gpt   y']);
  });
});
