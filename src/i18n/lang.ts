// Which language a person reads: `--lang`, else the POSIX locale variables, else English. On
// Windows no LANG is set as a rule, so the system's own locale (through Intl) stands in for it.

export const LANGS = ['en', 'zh-CN'] as const;
export type Lang = (typeof LANGS)[number];

/**
 * A language name or locale (`zh`, `zh-CN`, `zh_CN.UTF-8`, `en_US`, `C`) → one we have, or undefined.
 * Every Chinese locale gets Simplified Chinese: it is the only Chinese catalog, and a Traditional
 * reader is better served by it than by English.
 */
export function parseLang(value: string | undefined): Lang | undefined {
  if (value === undefined) return undefined;
  const v = value
    .trim()
    .toLowerCase()
    .replace(/[.@].*$/, '')
    .replace('_', '-');
  if (v === '') return undefined;
  if (v === 'zh' || v.startsWith('zh-') || v === 'cn') return 'zh-CN';
  if (v === 'en' || v.startsWith('en-') || v === 'c' || v === 'posix') return 'en';
  return undefined;
}

/** The first locale variable that is set decides (POSIX order: LC_ALL, LC_MESSAGES, LANG). */
function localeFromEnv(env: Readonly<Record<string, string | undefined>>): string | undefined {
  for (const name of ['LC_ALL', 'LC_MESSAGES', 'LANG']) {
    const value = env[name];
    if (value !== undefined && value !== '') return value;
  }
  return undefined;
}

export interface LangSources {
  /** `--lang`, already validated. */
  flag?: Lang;
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
  /** The system locale (Intl), read only on Windows; injectable for tests. */
  systemLocale?: () => string | undefined;
}

export function pickLang(src: LangSources): Lang {
  if (src.flag) return src.flag;
  const fromEnv = localeFromEnv(src.env);
  if (fromEnv !== undefined) return parseLang(fromEnv) ?? 'en';
  if (src.platform === 'win32') {
    const system = (src.systemLocale ?? (() => Intl.DateTimeFormat().resolvedOptions().locale))();
    return parseLang(system) ?? 'en';
  }
  return 'en';
}
