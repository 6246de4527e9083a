// Sentences for a library caller: every area's catalog registered, then a translator for a language.
import type { Lang, Translator } from '../i18n/index.js';

/** A translator for `lang` ('en' or 'zh-CN'): `t(message)` renders any message a call returned. */
export async function translatorFor(lang: Lang = 'en'): Promise<Translator> {
  await Promise.all([import('../messages.js'), import('../agents/registry.js')]);
  const { loadTranslator } = await import('../i18n/index.js');
  return loadTranslator(lang);
}
