import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../../src/core/errors.js';
import { editText, parseConfig } from '../../src/config/index.js';
import type { KeyEdit } from '../../src/config/types.js';
import { fixture } from './config-helpers.js';

const FILE = '/home/dev/.continue/config.yaml';
const lived = fixture('continue-cli/config.lived-in.yaml');

const entry = { name: 'Gateway', provider: 'openai', model: 'deepseek-chat', apiBase: 'https://gw.example.com/v1', apiKey: 'sk-test', roles: ['chat'] };
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
    const out = editText(undefined, 'yaml', [{ path: ['name'], value: 'Local Config' }, { path: ['models'], value: [entry] }], FILE);
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
        const body = Object.entries(map).map(([k, v]) => `${k}: ${JSON.stringify(v)}${comment ? ' # mine' : ''}`).join('\n') + '\n';
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
