import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../src/core/errors.js';
import { editText, parseConfig } from '../../src/config/index.js';
import type { KeyEdit } from '../../src/config/types.js';
import { fixture } from './config-helpers.js';

const FILE = '/home/dev/.continue/config.yaml';
const lived = fixture('continue-cli/config.lived-in.yaml');

const entry = {
  name: 'Gateway',
  provider: 'openai',
  model: 'deepseek-chat',
  apiBase: 'https://gw.example.com/v1',
  apiKey: 'sk-test',
  roles: ['chat'],
};
const insertOurs: KeyEdit[] = [{ path: ['models', 0], value: entry, insert: true }];

const parse = (text: string): Record<string, unknown> => parseConfig(text, 'yaml', FILE) as Record<string, unknown>;

describe('YAML editing keeps what the user wrote', () => {
  it('inserts our entry first and keeps every line of the lived-in file', () => {
    const out = editText(lived, 'yaml', insertOurs, FILE);
    const models = parse(out)['models'] as Record<string, unknown>[];
    expect(models.map((m) => m['name'])).toEqual(['Gateway', 'Local Qwen', 'OpenRouter Sonnet']);
    // Every line of the user's file is still there, in order (ours are only added).
    const kept = out.split('\n');
    let at = 0;
    for (const line of lived.split('\n')) {
      const found = kept.indexOf(line, at);
      expect(found, line).toBeGreaterThanOrEqual(at);
      at = found + 1;
    }
  });

  it('changes one value in place and nothing else', () => {
    const first = editText(lived, 'yaml', insertOurs, FILE);
    const out = editText(first, 'yaml', [{ path: ['models', 0, 'model'], value: 'claude-sonnet-4-5' }], FILE);
    expect(out).toBe(first.replace('model: deepseek-chat', 'model: claude-sonnet-4-5'));
  });

  it('gives back the same text when nothing changes', () => {
    const first = editText(lived, 'yaml', insertOurs, FILE);
    const again = Object.entries(entry).map(([k, v]) => ({ path: ['models', 0, k], value: v }));
    expect(editText(first, 'yaml', again, FILE)).toBe(first);
  });

  it('deletes an entry and keeps the others', () => {
    const out = editText(lived, 'yaml', [{ path: ['models', 0], value: undefined }], FILE);
    expect((parse(out)['models'] as unknown[]).length).toBe(1);
    expect(out).toContain('# kept for when the VPN is down');
    expect(out).not.toContain('Local Qwen');
  });

  it('keeps CRLF on every line and the BOM', () => {
    const crlf = '\uFEFF' + lived.replace(/\n/g, '\r\n');
    const out = editText(crlf, 'yaml', insertOurs, FILE);
    expect(out.startsWith('\uFEFF')).toBe(true);
    expect(out.replace(/\r\n/g, '')).not.toContain('\n');
    expect(out.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n')).toBe(editText(lived, 'yaml', insertOurs, FILE));
  });

  it('creates a file from nothing', () => {
    const out = editText(
      undefined,
      'yaml',
      [
        { path: ['name'], value: 'Local Config' },
        { path: ['models'], value: [entry] },
      ],
      FILE,
    );
    expect(parse(out)).toEqual({ name: 'Local Config', models: [entry] });
    expect(out.endsWith('\n')).toBe(true);
  });

  it('an empty file reads as an empty mapping', () => {
    expect(parse('')).toEqual({});
    expect(parse('# only a comment\n')).toEqual({});
  });

  it('refuses insert edits in other formats', () => {
    expect(() => editText('{}', 'json', insertOurs, '/x.json')).toThrow(/YAML only/);
  });
});

describe('a YAML file that does not parse is refused, with its line and column', () => {
  it.each([
    ['models:\n  - name: a\n   bad: [indent\n', 3],
    ['name: a\nname: b\n', 2],
    ['- a\n- b\n', 1],
    // An unclosed string is noticed at the end of the input.
    ['a: "unclosed\n', 2],
  ])('%j', (text, line) => {
    let error: unknown;
    try {
      parseConfig(text, 'yaml', FILE);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ParseError);
    expect((error as ParseError).message).toContain(`${FILE}:${line}:`);
    expect(() => editText(text, 'yaml', insertOurs, FILE)).toThrow(ParseError);
  });
});

describe('generated configs', () => {
  it('any mapping of strings, written in any style, keeps its other keys and comments through an edit', () => {
    const key = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/);
    fc.assert(
      fc.property(fc.dictionary(key, fc.string({ maxLength: 12 })), fc.boolean(), fc.boolean(), (map, crlf, comment) => {
        const body =
          Object.entries(map)
            .map(([k, v]) => `${k}: ${JSON.stringify(v)}${comment ? ' # mine' : ''}`)
            .join('\n') + '\n';
        const text = crlf ? body.replace(/\n/g, '\r\n') : body;
        const out = editText(text, 'yaml', [{ path: ['models'], value: [entry] }], FILE);
        const doc = parse(out);
        for (const [k, v] of Object.entries(map)) if (k !== 'models') expect(doc[k]).toBe(v);
        expect(doc['models']).toEqual([entry]);
        if (comment && Object.keys(map).some((k) => k !== 'models')) expect(out).toContain('# mine');
        if (crlf) expect(out.replace(/\r\n/g, '')).not.toContain('\n');
        expect(editText(out, 'yaml', [{ path: ['models'], value: [entry] }], FILE)).toBe(out);
      }),
      { numRuns: 200, seed: 7 },
    );
  });
});

describe('comments stay with their entry', () => {
  it('a comment above the first item stays above it when ours is inserted before it', () => {
    const text = 'models:\n  # local model\n  - name: Local\n  - name: Other\n';
    const out = editText(text, 'yaml', [{ path: ['models', 0], value: { name: 'Gateway' }, insert: true }], FILE);
    expect(out).toBe('models:\n  - name: Gateway\n  # local model\n  - name: Local\n  - name: Other\n');
  });
});

// An Aider config, edited key by key.
const AIDER_FILE = '/home/dev/.aider.conf.yml';
const aiderLived = `##########################################################
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
    const after = editText(
      aiderLived,
      'yaml',
      [
        { path: ['model'], value: 'openai/deepseek-chat' },
        { path: ['openai-api-base'], value: 'http://127.0.0.1:4000/v1' },
      ],
      AIDER_FILE,
    );
    expect(after).toContain('model: openai/deepseek-chat   # the one I pay for');
    expect(after).toContain('## Use dark mode\ndark-mode: true');
    expect(after).toContain('read:\n    - CONVENTIONS.md\n    - docs/architecture.md');
    expect(after).toContain('x-team: &team { name: core, lead: 李雷 }');
    expect(after.startsWith('##########################################################\n# Sample .aider.conf.yml')).toBe(true);
    expect(after.trimEnd().endsWith('openai-api-base: http://127.0.0.1:4000/v1')).toBe(true);
    const doc = parseConfig(after, 'yaml', AIDER_FILE) as Record<string, unknown>;
    expect(doc['model']).toBe('openai/deepseek-chat');
    expect(doc['read']).toEqual(['CONVENTIONS.md', 'docs/architecture.md']);
  });

  it('changes nothing, byte for byte, when every value is already there; deletes only what exists', () => {
    expect(
      editText(
        aiderLived,
        'yaml',
        [
          { path: ['model'], value: 'gpt-4o' },
          { path: ['nope'], value: undefined },
        ],
        AIDER_FILE,
      ),
    ).toBe(aiderLived);
    const removed = editText(aiderLived, 'yaml', [{ path: ['dark-mode'], value: undefined }], AIDER_FILE);
    expect(removed).not.toContain('dark-mode');
    expect(removed).toContain('read:');
  });

  it('keeps CRLF line endings and a BOM', () => {
    const windows = `\uFEFF${aiderLived.replace(/\n/g, '\r\n')}`;
    const after = editText(windows, 'yaml', [{ path: ['model'], value: 'x' }], AIDER_FILE);
    expect(after.startsWith('\uFEFF##')).toBe(true);
    expect(after.replace(/\r\n/g, '')).not.toContain('\n');
    expect(after).toContain('model: x   # the one I pay for\r\n');
  });

  it('a new file gets the keys and a final newline; an empty or comment-only file reads as {}', () => {
    expect(editText(undefined, 'yaml', [{ path: ['model'], value: 'm' }], AIDER_FILE)).toBe('model: m\n');
    expect(parseConfig('', 'yaml', AIDER_FILE)).toEqual({});
    expect(parseConfig('# only a comment\n', 'yaml', AIDER_FILE)).toEqual({});
  });

  it('a key that looks like another type is written quoted, so it reads back as the same string', () => {
    const after = editText(
      aiderLived,
      'yaml',
      [
        { path: ['openai-api-key'], value: 'yes' },
        { path: ['n'], value: '0123' },
      ],
      AIDER_FILE,
    );
    const doc = parseConfig(after, 'yaml', AIDER_FILE) as Record<string, unknown>;
    expect(doc['openai-api-key']).toBe('yes');
    expect(doc['n']).toBe('0123');
  });

  it('refuses what does not parse, at its line and column: a broken flow, a duplicate key, a top-level list', () => {
    const at = (text: string): [number, number] => {
      try {
        editText(text, 'yaml', [{ path: ['model'], value: 'x' }], AIDER_FILE);
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
    const first = editText(text, 'yaml', [{ path: ['model'], value: undefined }], AIDER_FILE);
    expect(first).toContain('# header');
    expect(first).toContain('## the model');
    expect(first).not.toContain('model: x');
    expect(first).toContain('## dark mode\ndark-mode: true');
    const lastGone = editText(text, 'yaml', [{ path: ['last'], value: undefined }], AIDER_FILE);
    expect(lastGone).toContain('## last one');
    expect(lastGone).not.toContain('last: 1');
    expect(parseConfig(lastGone, 'yaml', AIDER_FILE)).toEqual({ model: 'x', 'dark-mode': true });
  });
});
