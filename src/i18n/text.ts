// Messages from the catalogs. Library code speaks English: a message it returns is a plain string
// (what `--json` prints, the same in every language) made by `msg()`, which remembers the key and
// parameters behind it. The CLI's translator looks a string up there to show it in the user's
// language. The link is by content, so a message that was changed after `msg()` (cut, joined into
// another sentence) is shown in English: build whole sentences with `msg()`, and pass pieces as
// parameters — a parameter that is itself a message is translated too.
import { en } from './en.js';

export type MessageKey = keyof typeof en;
/** A catalog must have exactly the English catalog's keys: the compiler checks the others. */
export type Catalog = { readonly [K in MessageKey]: string };
export type Params = Readonly<Record<string, string | number>>;

interface Made {
  key: MessageKey;
  params: Params;
}

// A run makes a few hundred messages, or tens of thousands for a gateway with 5,000 models (a
// reason per model and agent). The bound only keeps a long-lived caller (tests) from growing
// without end; forgetting means showing English, so it is far above what one run makes.
const MAX_REMEMBERED = 200_000;
const made = new Map<string, Made>();

const PLACEHOLDER = /\{(\w+)\}/g;

/** A template cut once into literal text (even indexes) and parameter names (odd indexes). */
const parsed = new Map<string, string[]>();
function parts(template: string): string[] {
  let p = parsed.get(template);
  if (p === undefined) {
    p = template.split(PLACEHOLDER);
    parsed.set(template, p);
  }
  return p;
}

/** Fills `{name}` placeholders; `translate` turns each string parameter into the target language. */
export function fill(template: string, params: Params, translate: (s: string) => string = (s) => s): string {
  const p = parts(template);
  let out = p[0] ?? '';
  for (let i = 1; i < p.length; i += 2) {
    const name = p[i] ?? '';
    const value = params[name];
    out += (value === undefined ? `{${name}}` : typeof value === 'number' ? String(value) : translate(value)) + (p[i + 1] ?? '');
  }
  return out;
}

const NO_PARAMS: Params = Object.freeze({});

/** The English message for a key: a string, remembered so the CLI can show it translated. */
export function msg(key: MessageKey, params?: Params): string {
  const text = params === undefined ? en[key] : fill(en[key], params);
  if (made.get(text)?.key === key && params === undefined) return text; // already remembered
  if (made.size >= MAX_REMEMBERED) made.clear();
  made.set(text, { key, params: params ?? NO_PARAMS });
  return text;
}

/** The placeholder names of a template, for the catalog tests. */
export function placeholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '').sort();
}

export interface Translator {
  /** A catalog message in this language. */
  (key: MessageKey, params?: Params): string;
  /** A string from library code: translated when `msg()` made it, else unchanged. */
  show(text: string): string;
}

export function translator(catalog: Catalog): Translator {
  const show = (text: string): string => {
    const m = made.get(text);
    return m === undefined ? text : fill(catalog[m.key], m.params, show);
  };
  const t = (key: MessageKey, params: Params = {}): string => fill(catalog[key], params, show);
  return Object.assign(t, { show });
}
