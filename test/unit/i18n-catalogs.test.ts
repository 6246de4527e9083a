// The catalogs: every key in both languages, the same parameters in both, nothing left untranslated.
import { describe, expect, it } from 'vitest';
import { englishCatalog, loadCatalog, placeholders, type Catalog } from '../../src/i18n/text.js';
import '../../src/messages.js';

// Every area's catalogs, assembled as the command line sees them.
const en: Catalog = englishCatalog();
const zhCN: Catalog = await loadCatalog('zh-CN');

const CATALOGS: Record<string, Record<string, string>> = { en, 'zh-CN': zhCN };
const CJK = /[\u3400-\u9fff]/;
// Product and protocol names, the same in every language.
const NAMES = new Set(['proto.messages', 'proto.responses', 'proto.chat', 'models.group.chat']);

describe('message catalogs', () => {
  for (const [lang, catalog] of Object.entries(CATALOGS)) {
    for (const [otherLang, other] of Object.entries(CATALOGS)) {
      if (lang === otherLang) continue;
      it(`${lang} has every key of ${otherLang}`, () => {
        const missing = Object.keys(other).filter((k) => !(k in catalog));
        expect(missing).toEqual([]);
      });
    }
    it(`${lang}: no empty message`, () => {
      expect(
        Object.entries(catalog)
          .filter(([, v]) => v.trim() === '')
          .map(([k]) => k),
      ).toEqual([]);
    });
  }

  it('every message has the same {parameters} in both languages', () => {
    const differ = Object.keys(en).filter(
      (k) => placeholders(en[k as keyof typeof en]).join() !== placeholders(zhCN[k as keyof typeof zhCN]).join(),
    );
    expect(differ).toEqual([]);
  });

  it('English has no Chinese, and every Chinese message with words is written in Chinese', () => {
    expect(Object.keys(en).filter((k) => CJK.test(en[k as keyof typeof en]))).toEqual([]);
    // A message that is only a parameter, a code or a command may stay as it is; any message
    // with two English words in a row outside {…} and `…` must have been translated.
    const prose = (s: string): boolean =>
      /[a-z]{2,} [a-z]{2,}/i.test(s.replace(/\{\w+\}|`[^`]*`|"[^"]*"|--[\w-]+( [A-Z]+)?|\([^)]*\/[^)]*\)/g, ''));
    const untranslated = Object.keys(zhCN).filter((k) => {
      const zh = zhCN[k as keyof typeof zhCN];
      return !NAMES.has(k) && prose(en[k as keyof typeof en]) && !CJK.test(zh);
    });
    expect(untranslated).toEqual([]);
  });
});
