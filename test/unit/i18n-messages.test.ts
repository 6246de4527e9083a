// Messages as data: msg() makes { key, params }; English and Chinese render it at the edge, nested
// messages and lists (Intl.ListFormat) in the rendering language; nothing is looked up by its text.
import { describe, expect, it } from 'vitest';
import { and, commas, english, ENGLISH, isMessage, loadTranslator, mapText, msg, or } from '../../src/i18n/index.js';

describe('msg', () => {
  it('is data: a key and its parameters, nothing rendered', () => {
    expect(msg('run.fail.timeout', { seconds: 120 })).toEqual({ key: 'run.fail.timeout', params: { seconds: 120 } });
    expect(msg('diag.no_details')).toEqual({ key: 'diag.no_details', params: {} });
  });

  it('two equal messages stay independent: no memory links a text back to a key', async () => {
    const zh = await loadTranslator('zh-CN');
    // The same English text from another key must not be shown as that key's translation.
    const text = english(msg('diag.no_details'));
    expect(zh(msg('err.verbatim', { text }))).toBe(text);
    expect(zh(msg('diag.no_details'))).not.toBe(text);
  });

  it('isMessage knows a message from other objects', () => {
    expect(isMessage(msg('diag.no_details'))).toBe(true);
    expect(isMessage({ key: 'not.a.key', params: {} })).toBe(false);
    expect(isMessage({ key: 'diag.no_details', params: {}, extra: 1 })).toBe(false);
    expect(isMessage('diag.no_details')).toBe(false);
    expect(isMessage(null)).toBe(false);
  });
});

describe('rendering', () => {
  it('numbers, in English and in Chinese', async () => {
    const zh = await loadTranslator('zh-CN');
    const m = msg('run.fail.timeout', { seconds: 120 });
    expect(english(m)).toBe('no answer within 120 s (stopped)');
    expect(zh(m)).toBe('120 秒内没有回答（已停止）');
  });

  it('a nested message is rendered in the same language as the one around it', async () => {
    const zh = await loadTranslator('zh-CN');
    const m = msg('net.refused', { target: msg('net.proxy', { proxy: 'http://127.0.0.1:9', variable: 'HTTPS_PROXY' }) });
    expect(english(m)).toBe('cannot reach the proxy http://127.0.0.1:9 (from HTTPS_PROXY): connection refused (ECONNREFUSED)');
    expect(zh(m)).toBe('无法访问 代理 http://127.0.0.1:9（来自 HTTPS_PROXY）：连接被拒绝（ECONNREFUSED）');
  });

  it('a plain string parameter is shown as it is, in every language', async () => {
    const zh = await loadTranslator('zh-CN');
    const m = msg('doctor.marks_exclude', { marks: 'no details', protocol: 'chat' });
    expect(zh(m)).toBe('它的标记（no details）不包含 chat');
  });

  it('t(key, params) and t(message) give the same text', async () => {
    const zh = await loadTranslator('zh-CN');
    expect(zh('run.fail.timeout', { seconds: 5 })).toBe(zh(msg('run.fail.timeout', { seconds: 5 })));
    expect(ENGLISH('run.fail.timeout', { seconds: 5 })).toBe(english(msg('run.fail.timeout', { seconds: 5 })));
  });
});

describe('lists', () => {
  const three = ['a.json', 'b.json', 'c.json'];

  it('or(): "a or b" / "a, b, or c" in English, "a或b" / "a、b或c" in Chinese', async () => {
    const zh = await loadTranslator('zh-CN');
    const two = msg('agents.cc.no_base_url', { var: 'ANTHROPIC_BASE_URL', files: or(three.slice(0, 2)) });
    expect(english(two)).toBe(
      'ANTHROPIC_BASE_URL is not set in a.json or b.json: Claude Code would call api.anthropic.com, not the gateway.',
    );
    expect(zh(two)).toBe('a.json或b.json 中没有设置 ANTHROPIC_BASE_URL：Claude Code 会调用 api.anthropic.com，而不是网关。');
    const m = msg('agents.cc.no_base_url', { var: 'ANTHROPIC_BASE_URL', files: or(three) });
    expect(english(m)).toContain('not set in a.json, b.json, or c.json:');
    expect(zh(m)).toContain('a.json、b.json或c.json 中没有设置');
  });

  it('and() joins messages, each rendered in the list language', async () => {
    const zh = await loadTranslator('zh-CN');
    const m = msg('url.extras', { url: 'https://gw/?q#f', extras: and([msg('url.query'), msg('url.fragment')]) });
    expect(english(m)).toBe(
      `The gateway address https://gw/?q#f contains ${english(msg('url.query'))} and ${english(msg('url.fragment'))}; it must be only scheme, host, port and path.`,
    );
    expect(zh(m)).toBe(
      `网关地址 https://gw/?q#f 中包含${zh(msg('url.query'))}和${zh(msg('url.fragment'))}；它只能由协议、主机、端口和路径组成。`,
    );
    expect(zh(m)).not.toMatch(/[a-z]{4,} and /);
  });

  it('commas(): an enumeration, "a, b, c" in English (as before), "a、b、c" in Chinese', async () => {
    const zh = await loadTranslator('zh-CN');
    const m = msg('args.valid_values', { values: commas(['messages', 'responses', 'chat']) });
    expect(english(m)).toBe('Valid values: messages, responses, chat.');
    expect(zh(m)).toBe('可用的值：messages、responses、chat。');
    expect(english(msg('args.valid_values', { values: commas(['one']) }))).toBe('Valid values: one.');
    expect(english(msg('args.valid_values', { values: commas([]) }))).toBe('Valid values: .');
  });
});

describe('mapText', () => {
  it('passes every plain-text parameter, however deep, through the function; keys and numbers stay', () => {
    const secret = 'sk-secret';
    const m = msg('url.extras', { url: `https://gw/${secret}`, extras: and([msg('err.verbatim', { text: secret }), 'x']) });
    const scrubbed = mapText(m, (s) => s.replaceAll(secret, '***'));
    expect(english(scrubbed)).not.toContain(secret);
    expect(english(scrubbed)).toContain('https://gw/***');
    expect(english(scrubbed)).toContain('*** and x');
    expect(mapText(msg('run.fail.timeout', { seconds: 3 }), () => 'no')).toEqual(msg('run.fail.timeout', { seconds: 3 }));
  });
});
