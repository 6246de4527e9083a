import { describe, expect, it } from 'vitest';
import { ParseError } from '../../src/core/errors.js';
import { editText, parseConfig } from '../../src/config/index.js';

const FILE = '/home/dev/.aider.conf.yml';
const lived = `##########################################################
# Sample .aider.conf.yml
##########################################################

## Specify the model to use for the main chat
model: gpt-4o   # the one I pay for

## Use dark mode
dark-mode: true

read:
    - CONVENTIONS.md
    - docs/architecture.md

## other keys aider does not know yet are kept
x-team: &team { name: core, lead: 李雷 }
`;

describe('yaml: edit, never regenerate', () => {
  it('sets and adds keys, keeping comments, order, indentation, anchors and unknown keys', () => {
    const after = editText(lived, 'yaml', [{ path: ['model'], value: 'openai/deepseek-chat' }, { path: ['openai-api-base'], value: 'http://127.0.0.1:4000/v1' }], FILE);
    expect(after).toContain('model: openai/deepseek-chat # the one I pay for');
    expect(after).toContain('## Use dark mode\ndark-mode: true');
    expect(after).toContain('read:\n    - CONVENTIONS.md\n    - docs/architecture.md');
    expect(after).toContain('x-team: &team { name: core, lead: 李雷 }');
    expect(after.startsWith('##########################################################\n# Sample .aider.conf.yml')).toBe(true);
    expect(after.trimEnd().endsWith('openai-api-base: http://127.0.0.1:4000/v1')).toBe(true);
    const doc = parseConfig(after, 'yaml', FILE) as Record<string, unknown>;
    expect(doc['model']).toBe('openai/deepseek-chat');
    expect(doc['read']).toEqual(['CONVENTIONS.md', 'docs/architecture.md']);
  });

  it('changes nothing, byte for byte, when every value is already there; deletes only what exists', () => {
    expect(editText(lived, 'yaml', [{ path: ['model'], value: 'gpt-4o' }, { path: ['nope'], value: undefined }], FILE)).toBe(lived);
    const removed = editText(lived, 'yaml', [{ path: ['dark-mode'], value: undefined }], FILE);
    expect(removed).not.toContain('dark-mode');
    expect(removed).toContain('read:');
  });

  it('keeps CRLF line endings and a BOM', () => {
    const windows = `\uFEFF${lived.replace(/\n/g, '\r\n')}`;
    const after = editText(windows, 'yaml', [{ path: ['model'], value: 'x' }], FILE);
    expect(after.startsWith('\uFEFF##')).toBe(true);
    expect(after.replace(/\r\n/g, '')).not.toContain('\n');
    expect(after).toContain('model: x # the one I pay for\r\n');
  });

  it('a new file gets the keys and a final newline; an empty or comment-only file reads as {}', () => {
    expect(editText(undefined, 'yaml', [{ path: ['model'], value: 'm' }], FILE)).toBe('model: m\n');
    expect(parseConfig('', 'yaml', FILE)).toEqual({});
    expect(parseConfig('# only a comment\n', 'yaml', FILE)).toEqual({});
  });

  it('a key that looks like another type is written quoted, so it reads back as the same string', () => {
    const after = editText(lived, 'yaml', [{ path: ['openai-api-key'], value: 'yes' }, { path: ['n'], value: '0123' }], FILE);
    const doc = parseConfig(after, 'yaml', FILE) as Record<string, unknown>;
    expect(doc['openai-api-key']).toBe('yes');
    expect(doc['n']).toBe('0123');
  });

  it('refuses what does not parse, at its line and column: a broken flow, a duplicate key, a top-level list', () => {
    const at = (text: string): [number, number] => {
      try {
        editText(text, 'yaml', [{ path: ['model'], value: 'x' }], FILE);
      } catch (err) {
        expect(err).toBeInstanceOf(ParseError);
        return [(err as ParseError).line, (err as ParseError).column];
      }
      throw new Error('no error');
    };
    expect(at('a: 1\nb: [1, 2\nc: 3\n')[0]).toBeGreaterThanOrEqual(2);
    expect(at('model: a\nmodel: b\n')).toEqual([2, 1]);
    expect(at('- a\n- b\n')).toEqual([1, 1]);
  });
});

describe('yaml: deleting a key keeps the comments above it', () => {
  it('the comment block moves to the key below; under the last key, below the mapping', () => {
    const text = '# header\n\n## the model\nmodel: x  # mine\n\n## dark mode\ndark-mode: true\n## last one\nlast: 1\n';
    const first = editText(text, 'yaml', [{ path: ['model'], value: undefined }], FILE);
    expect(first).toContain('# header');
    expect(first).toContain('## the model');
    expect(first).not.toContain('model: x');
    expect(first).toContain('## dark mode\ndark-mode: true');
    const lastGone = editText(text, 'yaml', [{ path: ['last'], value: undefined }], FILE);
    expect(lastGone).toContain('## last one');
    expect(lastGone).not.toContain('last: 1');
    expect(parseConfig(lastGone, 'yaml', FILE)).toEqual({ model: 'x', 'dark-mode': true });
  });
});
