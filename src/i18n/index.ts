// The i18n entry: English is always loaded (library code's messages render in it for `--json`,
// errors and logs); another catalog is loaded only when a person reads that language, so `--json`
// runs and English users never parse it.
import { en } from './en.js';
import type { Lang } from './lang.js';
import { translator, type Catalog, type Translator } from './text.js';

export { LANGS, parseLang, pickLang, type Lang } from './lang.js';
export {
  and,
  commas,
  english,
  isMessage,
  mapText,
  msg,
  or,
  type ListParam,
  type Message,
  type MessageKey,
  type MessageParam,
  type MessageParams,
  type Params,
  type Translator,
} from './text.js';

export const ENGLISH: Translator = translator(en, 'en');

export async function loadTranslator(lang: Lang): Promise<Translator> {
  if (lang === 'en') return ENGLISH;
  const { zhCN }: { zhCN: Catalog } = await import('./zh-CN.js');
  return translator(zhCN, 'zh-CN');
}
