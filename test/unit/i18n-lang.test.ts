// Which language a person gets: --lang, then LC_ALL, LC_MESSAGES, LANG; on Windows the system
// locale; English otherwise. And msg(): English strings that the translator can show in Chinese.
import { describe, expect, it } from 'vitest';
import { english, ENGLISH, loadTranslator, msg, parseLang, pickLang } from '../../src/i18n/index.js';

describe('parseLang', () => {
  it.each([
    ['zh', 'zh-CN'],
    ['zh-CN', 'zh-CN'],
    ['zh_CN.UTF-8', 'zh-CN'],
    ['zh_TW.UTF-8', 'zh-CN'],
    ['ZH-cn', 'zh-CN'],
    ['zh_CN.GB18030@pinyin', 'zh-CN'],
    ['en', 'en'],
    ['en_US.UTF-8', 'en'],
    ['C', 'en'],
    ['C.UTF-8', 'en'],
    ['POSIX', 'en'],
    ['fr_FR.UTF-8', undefined],
    ['', undefined],
    ['klingon', undefined],
  ])('%j → %j', (value, lang) => {
    expect(parseLang(value)).toBe(lang);
  });
});

describe('pickLang', () => {
  const linux = (env: Record<string, string>, flag?: 'en' | 'zh-CN') =>
    pickLang({ flag, env, platform: 'linux', systemLocale: () => 'zh-CN' });

  it('prefers --lang over every variable', () => {
    expect(linux({ LC_ALL: 'zh_CN.UTF-8' }, 'en')).toBe('en');
    expect(linux({ LANG: 'en_US.UTF-8' }, 'zh-CN')).toBe('zh-CN');
  });

  it('reads LC_ALL, then LC_MESSAGES, then LANG (the first one set wins, as POSIX says)', () => {
    expect(linux({ LC_ALL: 'zh_CN.UTF-8', LANG: 'en_US.UTF-8' })).toBe('zh-CN');
    expect(linux({ LC_ALL: 'C', LANG: 'zh_CN.UTF-8' })).toBe('en');
    expect(linux({ LC_MESSAGES: 'zh_CN.UTF-8', LANG: 'en_US.UTF-8' })).toBe('zh-CN');
    expect(linux({ LC_ALL: '', LANG: 'zh_CN.UTF-8' })).toBe('zh-CN');
  });

  it('falls back to English for a language we have no catalog for, and with no locale at all', () => {
    expect(linux({ LANG: 'fr_FR.UTF-8' })).toBe('en');
    expect(linux({})).toBe('en');
  });

  it('on Windows, where LANG is rarely set, asks the system locale', () => {
    expect(pickLang({ env: {}, platform: 'win32', systemLocale: () => 'zh-CN' })).toBe('zh-CN');
    expect(pickLang({ env: {}, platform: 'win32', systemLocale: () => 'en-US' })).toBe('en');
    expect(pickLang({ env: { LANG: 'en_US' }, platform: 'win32', systemLocale: () => 'zh-CN' })).toBe('en');
  });
});

describe('msg and the translator', () => {
  it('msg() gives data; English and the Chinese translator render it, nested parameters too', async () => {
    const zh = await loadTranslator('zh-CN');
    const proxy = msg('net.proxy', { proxy: 'http://127.0.0.1:9', variable: 'HTTPS_PROXY' });
    const m = msg('net.refused', { target: proxy });
    expect(m).toEqual({
      key: 'net.refused',
      params: { target: { key: 'net.proxy', params: { proxy: 'http://127.0.0.1:9', variable: 'HTTPS_PROXY' } } },
    });
    expect(english(m)).toBe('cannot reach the proxy http://127.0.0.1:9 (from HTTPS_PROXY): connection refused (ECONNREFUSED)');
    expect(zh(m)).toBe('无法访问 代理 http://127.0.0.1:9（来自 HTTPS_PROXY）：连接被拒绝（ECONNREFUSED）');
    expect(ENGLISH(m)).toBe(english(m));
  });
});
