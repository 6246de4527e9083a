// The i18n entry: English is always loaded (library code's messages render in it for `--json`,
// errors and logs); another catalog is loaded only when a person reads that language, so `--json`
// runs and English users never parse it.
import type { Lang } from './lang.js';
import { loadCatalog, translator, type Translator } from './text.js';

export { LANGS, parseLang, pickLang, type Lang } from './lang.js';
export {
  registerCatalog,
  type CatalogOf,
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
  type Translator,
} from './text.js';

export const ENGLISH: Translator = translator(undefined, 'en');

export async function loadTranslator(lang: Lang): Promise<Translator> {
  if (lang === 'en') return ENGLISH;
  return translator(await loadCatalog(lang), lang);
}
