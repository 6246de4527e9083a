// The catalogs: every key in both languages, the same parameters in both, nothing left untranslated.
import { describe, expect, it } from 'vitest';
import { englishCatalog, loadCatalog, placeholders, type Catalog } from '../../src/i18n/text.js';
import '../../src/messages.js';
// The agents' own sentences, registered by their modules.
import '../../src/agents/registry.js';

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

describe('punctuation, in every catalog', () => {
  /** A sentence's own text: quoted and code text (a bracket, a path, a flag) and parameters are data. */
  const own = (text: string): string => text.replace(/`[^`]*`|"[^"]*"|“[^”]*”|\{[a-zA-Z_]+\}/g, 'X');
  const PAIRS = [
    ['(', ')'],
    ['[', ']'],
    ['（', '）'],
    ['“', '”'],
  ] as const;

  /** What is wrong with one message's punctuation, in either language. */
  function problems(text: string, lang: string): string[] {
    const t = own(text);
    const out: string[] = [];
    if (/\.,|,\.|(?<!\.)\.\.(?!\.)/.test(t)) out.push('a stop and a comma run together');
    if (/。，|，。|。。|，，|：：/.test(t)) out.push('full-width marks run together');
    // A choice's name padded into a column (the wizard's scope and storage lists) is layout.
    if (/ {2,}/.test(t.replace(/^\s+/gm, '').replace(/^[a-z]+ {2,}(?=\S)/, ''))) out.push('doubled spaces');
    for (const [open, close] of PAIRS) if (t.split(open).length !== t.split(close).length) out.push(`unbalanced ${open}${close}`);
    if (lang === 'zh-CN') {
      // A colon after Chinese text is the full-width one; `host:port` and `[:端口]` are not sentences.
      if (/[\u3400-\u9fff）]:(?=\s|[\u3400-\u9fff]|$)|(?<![[\w]):[\u3400-\u9fff]/.test(t)) out.push('an ASCII colon in Chinese text');
      // One word for agent: 智能体 (product names and AGENT= syntax aside).
      if (/(?<![-.\w])agents?(?![-.\w=])/i.test(t.replace(/Hermes Agent|AGENT=/g, ''))) out.push('"agent" for 智能体');
    }
    return out;
  }

  for (const [lang, catalog] of Object.entries(CATALOGS)) {
    it(`${lang}: no stop and comma together, no doubled marks or spaces, brackets balanced`, () => {
      const bad = Object.entries(catalog).flatMap(([k, v]) => problems(v, lang).map((p) => `${k}: ${p}`));
      expect(bad).toEqual([]);
    });
  }

  it("every command's summary is a sentence: a capital first, a stop last", () => {
    const summaries = Object.entries(en).filter(([k]) => k.startsWith('help.summary.'));
    expect(summaries.length).toBeGreaterThan(10);
    expect(summaries.filter(([, v]) => !/^[A-Z].*\.$/.test(v)).map(([k]) => k)).toEqual([]);
  });

  it('the check finds what it looks for', () => {
    expect(problems('See the models., request ID', 'en')).toContain('a stop and a comma run together');
    expect(problems('模型。，请求', 'zh-CN')).toContain('full-width marks run together');
    expect(problems('Two words  apart', 'en')).toContain('doubled spaces');
    expect(problems('open (nested (once)', 'en')).toContain('unbalanced ()');
    expect(problems('密钥:无效', 'zh-CN')).toContain('an ASCII colon in Chinese text');
    expect(problems('为每个 agent 询问', 'zh-CN')).toContain('"agent" for 智能体');
    expect(problems('端口写作 :{port}，例如 [:端口]', 'zh-CN')).toEqual([]);
  });

  it("the prompts speak the reader's language: select and confirm hints are translated", () => {
    for (const key of [
      'wizard.prompt.select_hint',
      'wizard.prompt.yes_option',
      'wizard.prompt.no_option',
      'wizard.prompt.multiselect_hint',
    ]) {
      expect(CJK.test(zhCN[key as keyof typeof zhCN] ?? ''), key).toBe(true);
    }
  });
});
