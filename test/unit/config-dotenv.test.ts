import { describe, expect, it } from 'vitest';
import { JobError, ParseError } from '../../src/core/errors.js';
import { editText, parseConfig } from '../../src/config/index.js';
import { expectKeptLines } from './config-helpers.js';

const FILE = '/home/dev/.codex/.env';
const LIVED = [
  '# keys for my tools',
  'OPENROUTER_API_KEY=sk-or-1111',
  '',
  'export PATH_EXTRA="/opt/my tools/bin"  # spaces need quotes',
  "LITERAL='a $b'",
  'GATEWAY_API_KEY=sk-old-0000',
  'OTHER=1 # trailing comment',
  'GATEWAY_API_KEY=sk-older-override',
  'SAME=x',
  '',
].join('\n');
const parse = (text: string) => parseConfig(text, 'dotenv', FILE) as Record<string, string>;

describe('dotenv', () => {
  it('reads quoted, unquoted, exported and commented values; a later assignment wins', () => {
    expect(parse(LIVED)).toEqual({
      OPENROUTER_API_KEY: 'sk-or-1111',
      PATH_EXTRA: '/opt/my tools/bin',
      LITERAL: 'a $b',
      GATEWAY_API_KEY: 'sk-older-override',
      OTHER: '1',
      SAME: 'x',
    });
  });

  it('replaces the first assignment in place and drops later ones that would override it', () => {
    const after = editText(LIVED, 'dotenv', [{ path: ['GATEWAY_API_KEY'], value: 'sk-new-1234' }], FILE);
    expect(after).toBe(
      LIVED.replace('GATEWAY_API_KEY=sk-old-0000', 'GATEWAY_API_KEY=sk-new-1234').replace('GATEWAY_API_KEY=sk-older-override\n', ''),
    );
    expect(parse(after).GATEWAY_API_KEY).toBe('sk-new-1234');
    expectKeptLines(LIVED, after, (l) => l.startsWith('GATEWAY_API_KEY='));
    expect(editText(after, 'dotenv', [{ path: ['GATEWAY_API_KEY'], value: 'sk-new-1234' }], FILE)).toBe(after);
  });

  it('keeps a later duplicate that holds the same value (it overrides nothing)', () => {
    const text = 'A=1\nB=2\nA=1\n';
    expect(editText(text, 'dotenv', [{ path: ['A'], value: '1' }], FILE)).toBe(text);
  });

  it('appends new keys at the end, adding the missing final newline first', () => {
    const after = editText('A=1', 'dotenv', [{ path: ['NEW'], value: 'v' }], FILE);
    expect(after).toBe('A=1\nNEW=v\n');
  });

  it('deletes every assignment of a key, and deleting an absent key changes nothing', () => {
    const after = editText(LIVED, 'dotenv', [{ path: ['GATEWAY_API_KEY'], value: undefined }], FILE);
    expect(after).not.toContain('GATEWAY_API_KEY');
    expect(parse(after).GATEWAY_API_KEY).toBeUndefined();
    expectKeptLines(LIVED, after, (l) => l.startsWith('GATEWAY_API_KEY='));
    expect(editText(LIVED, 'dotenv', [{ path: ['ABSENT'], value: undefined }], FILE)).toBe(LIVED);
  });

  it.each([
    ['has space', "'has space'"],
    ['a#b', "'a#b'"],
    ['say "hi"', `'say "hi"'`],
    ['$HOME/x', "'$HOME/x'"],
    ['C:\\dir', "'C:\\dir'"],
    ['`id`$(id)!x', "'`id`$(id)!x'"],
    ["it's $(id) `id`", '"it\'s \\$(id) \\`id\\`"'],
    ['plain-value_1.2', 'plain-value_1.2'],
  ])('quotes %j as needed and reads it back', (value, written) => {
    const after = editText('', 'dotenv', [{ path: ['K'], value }], FILE);
    expect(after).toBe(`K=${written}\n`);
    expect(parse(after).K).toBe(value);
  });

  it('keeps CRLF and a BOM, and an export prefix on a replaced line', () => {
    const text = '\uFEFF# c\r\nexport A=1\r\nB=2\r\n';
    const after = editText(
      text,
      'dotenv',
      [
        { path: ['A'], value: '9' },
        { path: ['C'], value: '3' },
      ],
      FILE,
    );
    expect(after).toBe('\uFEFF# c\r\nexport A=9\r\nB=2\r\nC=3\r\n');
  });

  it('a new file holds just the assignments', () => {
    expect(editText(undefined, 'dotenv', [{ path: ['GATEWAY_API_KEY'], value: 'sk-1' }], FILE)).toBe('GATEWAY_API_KEY=sk-1\n');
  });

  it('refuses a line that is not an assignment, naming its line', () => {
    try {
      editText('A=1\nthis is not dotenv\n', 'dotenv', [{ path: ['A'], value: '2' }], FILE);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ParseError);
      expect((err as ParseError).line).toBe(2);
    }
  });

  it('refuses values that are not text and paths that are not one name', () => {
    expect(() => editText('', 'dotenv', [{ path: ['K'], value: { a: 1 } }], FILE)).toThrow(JobError);
    expect(() => editText('', 'dotenv', [{ path: ['A', 'B'], value: '1' }], FILE)).toThrow(JobError);
    expect(
      editText(
        '',
        'dotenv',
        [
          { path: ['N'], value: 5 },
          { path: ['B'], value: true },
        ],
        FILE,
      ),
    ).toBe('N=5\nB=true\n');
  });

  it('refuses an unterminated quote', () => {
    expect(() => parse('A="open\n')).toThrow(ParseError);
  });
});
