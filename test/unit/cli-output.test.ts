import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDiagnosis, formatUsd, jsonPieces, printJson } from '../../src/cli/output.js';
import { visibleLength } from '../../src/core/layout.js';
import { english, ENGLISH, isMessage, loadTranslator, msg } from '../../src/i18n/index.js';

describe('printJson', () => {
  it('writes one document per context, never two', () => {
    const out: string[] = [];
    const ctx = { out: (t: string) => void out.push(t), isTTY: false };
    expect(printJson(ctx, { a: 1 })).toBe(true);
    expect(printJson(ctx, { b: 2 })).toBe(false);
    expect(JSON.parse(out.join(''))).toEqual({ a: 1 });
  });

  it('indents for a terminal and writes one line for a pipe, the same document and messages in English', () => {
    const doc = { a: [1, { b: msg('diag.bad_key', { said: '401' }) }] };
    const piped: string[] = [];
    const shown: string[] = [];
    printJson({ out: (t: string) => void piped.push(t), isTTY: false }, doc);
    printJson({ out: (t: string) => void shown.push(t), isTTY: true }, doc);
    expect(piped.join('').trimEnd()).not.toContain('\n');
    expect(shown.join('')).toContain('\n  "a": [');
    expect(JSON.parse(piped.join(''))).toEqual(JSON.parse(shown.join('')));
    expect(JSON.parse(piped.join('')).a[1].b).toBe(english(msg('diag.bad_key', { said: '401' })));
  });
});

describe('jsonPieces: a piped document written a piece at a time', () => {
  const inEnglish = (_key: string, value: unknown): unknown => (isMessage(value) ? english(value) : value);
  // Anything JSON.stringify takes: Messages, holes, undefined and functions (left out or null), dates.
  const leaf = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.constant(undefined),
    fc.constant(() => 1),
    fc.constant(new Date(0)),
    fc.constant(msg('diag.bad_key', { said: '401' })),
  );
  const list = fc.array(leaf, { maxLength: 9 }).map((items) => {
    const sparse = [...items];
    if (sparse.length > 3) delete sparse[1];
    return sparse;
  });
  const doc = fc.oneof(fc.dictionary(fc.string({ maxLength: 4 }), fc.oneof(leaf, list)), leaf, list);

  it('joins to exactly what JSON.stringify writes, pieces ending between values', () => {
    fc.assert(
      fc.property(doc, (value) => {
        const pieces = [...jsonPieces(value)];
        expect(pieces.join('')).toBe(JSON.stringify(value, inEnglish) ?? '');
      }),
      { numRuns: 400, seed: 20261129 },
    );
  });

  it('writes each member of the top level as pieces of their own, its name apart', () => {
    const pieces = [...jsonPieces({ ok: true, skipped: undefined, models: [{ id: 'm0' }, { id: 'm1' }] })];
    expect(pieces).toEqual(['{', '"ok":', 'true', ',"models":', '[{"id":"m0"},{"id":"m1"}]', '}']);
  });

  it('writes a long document for a pipe in a few writes, one document on one line', () => {
    const out: string[] = [];
    const models = Array.from({ length: 3000 }, (_, i) => ({ id: `model-${i}`, why: msg('diag.bad_key', { said: '401' }) }));
    printJson({ out: (t: string) => void out.push(t), isTTY: false }, { ok: true, models });
    // The models alone, the small pieces before them gathered, the rest after them.
    expect(out.length).toBe(3);
    expect(out[1]?.startsWith('[{"id":"model-0"')).toBe(true);
    expect(out.join('').endsWith('}\n')).toBe(true);
    expect(out.join('').trimEnd()).not.toContain('\n');
    expect(JSON.parse(out.join(''))).toEqual(JSON.parse(JSON.stringify({ ok: true, models }, inEnglish)));
  });
});

describe('formatDiagnosis', () => {
  it('shows the code, the fix and the request ID', () => {
    const text = formatDiagnosis(
      { color: false, t: ENGLISH },
      {
        code: 'bad_key',
        message: msg('diag.bad_key', { said: '401' }),
        fix: msg('err.verbatim', { text: 'Check GATEWAY_API_KEY.' }),
        status: 401,
        requestId: 'req-1',
      },
    );
    expect(text).toContain('[bad_key]');
    expect(text).toContain('Check GATEWAY_API_KEY.');
    expect(text).toContain('request ID: req-1');
  });

  it('speaks Chinese when asked, from the message the library made, code unchanged', async () => {
    const zh = await loadTranslator('zh-CN');
    const message = msg('diag.bad_key', { said: '401 "Invalid token"' });
    const fix = msg('diag.bad_key_fix');
    const text = formatDiagnosis({ color: false, t: zh }, { code: 'bad_key', message, fix, status: 401, requestId: 'req-2' });
    expect(english(message)).toContain('the gateway rejected the key');
    expect(text).toContain('网关拒绝了此密钥（401 "Invalid token"）');
    expect(text).toContain('[bad_key]');
    expect(text).toContain('请求 ID：req-2');
    expect(text).not.toContain('rejected');
    for (const line of text.split('\n')) expect(visibleLength(line)).toBeLessThanOrEqual(80);
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
