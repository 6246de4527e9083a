// The i18n entry: English is always loaded (library code speaks it); another catalog is loaded only
// when a person reads that language, so `--json` runs and English users never parse it.
import { en } from './en.js';
import type { Lang } from './lang.js';
import { translator, type Catalog, type Translator } from './text.js';

export { LANGS, parseLang, pickLang, type Lang } from './lang.js';
export { msg, type MessageKey, type Params, type Translator } from './text.js';

export const ENGLISH: Translator = translator(en);

export async function loadTranslator(lang: Lang): Promise<Translator> {
  if (lang === 'en') return ENGLISH;
  const { zhCN }: { zhCN: Catalog } = await import('./zh-CN.js');
  return translator(zhCN);
}
