// Finds English catalog text in output that should be Chinese: the literal pieces of every English
// template (the words between its {parameters}) that are long enough to be a sentence fragment.
import { englishCatalog } from '../../src/i18n/text.js';
import '../../src/messages.js';

const en: Readonly<Record<string, string>> = englishCatalog();

const FRAGMENTS: { key: string; text: string }[] = Object.entries(en).flatMap(([key, template]) =>
  template
    .split(/\{\w+\}/)
    .map((piece) => piece.trim())
    // Two English words at least, and long enough not to be a code, a flag or a path.
    .filter((piece) => piece.length >= 18 && /[a-z]{2,} [a-z]{2,}/i.test(piece))
    .map((text) => ({ key, text })),
);

/** Catalog keys whose English text appears in `output` (a Chinese run must print none). */
export function englishLeaks(output: string): string[] {
  const flat = output.replace(/\s+/g, ' ');
  return [...new Set(FRAGMENTS.filter((f) => flat.includes(f.text)).map((f) => f.key))];
}

/** Any run of four Chinese characters: the output speaks Chinese. */
export const CHINESE = /[\u4e00-\u9fff]{4}/;
