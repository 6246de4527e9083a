// Messages are data. Library code never makes a sentence in a language: it returns a `Message`, a
// catalog key and its parameters, made by `msg()`. The edge renders it: `english()` for `--json`,
// `Error.message` and logs (the same in every language), the CLI's translator for the screen, in
// the reader's language. Nothing is ever looked up from its English text, and nothing parses a
// rendered sentence back into data: what a caller needs besides the sentence travels beside it.
//
// A parameter is a plain string (shown as it is: a path, a model name, gateway text), a number, a
// message (rendered in the same language: a protocol's name, a reason inside a sentence) or a list
// (`and([...])`, `or([...])`), joined by Intl.ListFormat in the rendering language.
/**
 * Every message key, declared by the area that says it: each area's `messages/en.ts` adds its keys
 * to this interface (declaration merging), so `msg()` accepts exactly the keys some area defines,
 * and this module imports nothing above it.
 * @public
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by each area's catalog
export interface MessageCatalog {}
export type MessageKey = keyof MessageCatalog & string;
/** A catalog must have exactly the English catalog's keys: the compiler checks the others. */
export type Catalog = { readonly [K in MessageKey]: string };
/** One area's catalog, typed by its English one: the compiler checks each translation has every key. */
export type CatalogOf<T> = { readonly [K in keyof T]: string };

/**
 * An area's English texts kept as data (the build writes them by namespace, a key without its last
 * segment: `doctor.fix` is in `doctor`): a namespace is read when one of its keys is first looked up,
 * so a command reads only the sentences it says. Areas that share a reader share its reads.
 */
export interface DeferredTexts {
  readonly namespaces: readonly string[];
  read(namespace: string): Readonly<Record<string, string>>;
}

export interface Texts {
  add(texts: Readonly<Record<string, string>> | DeferredTexts): void;
  /** The text of `key`, its namespace read first if it was deferred; undefined for no key of any area. */
  get(key: string): string | undefined;
  /** Every text, deferred ones read. */
  all(): Readonly<Record<string, string>>;
}

/** Texts by key, some of them deferred until a key of their namespace is asked for. */
export function textStore(): Texts {
  const texts: Record<string, string> = Object.create(null) as Record<string, string>;
  const deferred = new Map<string, Set<DeferredTexts['read']>>();
  const readNamespace = (namespace: string, readers: ReadonlySet<DeferredTexts['read']>): void => {
    deferred.delete(namespace);
    for (const read of readers) Object.assign(texts, read(namespace));
  };
  return {
    add(more) {
      if (typeof more.read !== 'function') {
        Object.assign(texts, more);
        return;
      }
      const { namespaces, read } = more as DeferredTexts;
      for (const namespace of namespaces) {
        const readers = deferred.get(namespace) ?? new Set();
        deferred.set(namespace, readers.add(read));
      }
    },
    get(key) {
      if (!Object.hasOwn(texts, key)) {
        const namespace = key.slice(0, Math.max(0, key.lastIndexOf('.')));
        const readers = deferred.get(namespace);
        if (readers === undefined) return undefined;
        readNamespace(namespace, readers);
      }
      return texts[key];
    },
    all() {
      for (const [namespace, readers] of [...deferred]) readNamespace(namespace, readers);
      return texts;
    },
  };
}

/** The English texts of every area that registered: what `english()` renders from. */
const englishTexts = textStore();
/** Each area's other languages, loaded only when a reader needs one. */
const otherLanguages: ((lang: string) => Promise<Readonly<Record<string, string>> | undefined>)[] = [];

/**
 * An area's catalog: its English texts now (or deferred), its translations on demand (`load(lang)`
 * imports the area's file for that language, or gives undefined). Called once by each area's `messages/en.ts`.
 */
export function registerCatalog(
  en: Readonly<Record<string, string>> | DeferredTexts,
  load: (lang: string) => Promise<Readonly<Record<string, string>> | undefined>,
): void {
  englishTexts.add(en);
  otherLanguages.push(load);
}

const englishText = (key: string): string | undefined => englishTexts.get(key);

/** The whole English catalog (every area registered so far, deferred texts read). */
export function englishCatalog(): Catalog {
  return englishTexts.all() as Catalog;
}

/** Every area's catalog in `lang`, loaded now. */
export async function loadCatalog(lang: string): Promise<Catalog> {
  const parts = await Promise.all(otherLanguages.map((load) => load(lang)));
  return Object.assign({}, ...parts) as Catalog;
}

/**
 * Items joined in the reader's language by Intl.ListFormat: "a, b, and c" / "a、b和c". A `narrow`
 * conjunction is a plain enumeration, "a, b, c" / "a、b、c" (flags, ids, file names).
 */
export interface ListParam {
  readonly list: readonly (string | Message)[];
  readonly type: 'conjunction' | 'disjunction';
  readonly style?: 'long' | 'narrow';
}
export type MessageParam = string | number | Message | ListParam;
export type MessageParams = Readonly<Record<string, MessageParam>>;

export interface Message {
  readonly key: MessageKey;
  readonly params: MessageParams;
}

const NO_PARAMS: MessageParams = Object.freeze({});

/** A catalog message, as data: rendered at the edge. */
export function msg(key: MessageKey, params?: MessageParams): Message {
  return { key, params: params ?? NO_PARAMS };
}

/** "a, b, and c" in the reader's language. */
export function and(items: readonly (string | Message)[]): ListParam {
  return { list: items, type: 'conjunction' };
}

/** "a, b, or c" in the reader's language. */
export function or(items: readonly (string | Message)[]): ListParam {
  return { list: items, type: 'disjunction' };
}

/** "a, b, c" in the reader's language: an enumeration without a final "and". */
export function commas(items: readonly (string | Message)[]): ListParam {
  return { list: items, type: 'conjunction', style: 'narrow' };
}

/** A message made by `msg()`: a catalog key and a parameter record, nothing else. */
export function isMessage(v: unknown): v is Message {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const { key, params } = v as Partial<Message>;
  return (
    typeof key === 'string' &&
    englishText(key) !== undefined &&
    typeof params === 'object' &&
    params !== null &&
    Object.keys(v).length === 2
  );
}

function isList(v: MessageParam): v is ListParam {
  return typeof v === 'object' && Array.isArray((v as ListParam).list);
}

/** The same message with every plain-text parameter, however deep, passed through `f` (a scrubber). */
export function mapText(m: Message, f: (s: string) => string): Message {
  const one = (v: MessageParam): MessageParam => {
    if (typeof v === 'string') return f(v);
    if (typeof v === 'number') return v;
    if (isList(v)) return { ...v, list: v.list.map((item) => (typeof item === 'string' ? f(item) : mapText(item, f))) };
    return mapText(v, f);
  };
  const params: Record<string, MessageParam> = {};
  for (const [name, v] of Object.entries(m.params)) params[name] = one(v);
  return { key: m.key, params };
}

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

/** Renders messages from one catalog; list formatters are made once per language and kind. */
interface Renderer {
  (m: Message): string;
  readonly locale: string;
}

function renderer(text: (key: MessageKey) => string | undefined, locale: string): Renderer {
  const formats = new Map<string, Intl.ListFormat>();
  const listFormat = (type: ListParam['type'], style: NonNullable<ListParam['style']>): Intl.ListFormat => {
    let f = formats.get(`${type} ${style}`);
    if (f === undefined) {
      f = new Intl.ListFormat(locale, { style, type });
      formats.set(`${type} ${style}`, f);
    }
    return f;
  };
  const value = (v: MessageParam): string => {
    if (typeof v === 'string') return v;
    if (typeof v === 'number') return String(v);
    if (isList(v)) {
      const items = v.list.map((item) => (typeof item === 'string' ? item : render(item)));
      // English's plain enumeration is "a, b, c": said without Intl, whose first list costs a short
      // command (help, an error) about a sixth of its start-up.
      if (locale === 'en' && v.type === 'conjunction' && v.style === 'narrow') return items.join(', ');
      return listFormat(v.type, v.style ?? 'long').format(items);
    }
    return render(v);
  };
  const render = (m: Message): string => {
    const template = text(m.key);
    // Not a key of any area (the compiler checks the keys library code makes): a bug, said as one.
    if (template === undefined) throw new Error(`internal: no ${locale} text for the message key ${m.key}`);
    const p = parts(template);
    let out = p[0] ?? '';
    for (let i = 1; i < p.length; i += 2) {
      const name = p[i] ?? '';
      const v = m.params[name];
      out += (v === undefined ? `{${name}}` : value(v)) + (p[i + 1] ?? '');
    }
    return out;
  };
  return Object.assign(render, { locale });
}

const renderEnglish = renderer(englishText, 'en');

/** The English text of a message: what `--json`, `Error.message` and logs carry. */
export function english(m: Message): string {
  return renderEnglish(m);
}

/** The placeholder names of a template, for the catalog tests. */
export function placeholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '').sort();
}

export interface Translator {
  /** A message in this language: made here from a key, or handed over by library code. */
  (key: MessageKey, params?: MessageParams): string;
  (m: Message): string;
}

/** Renders in `locale` from `catalog`; the English one (`catalog` undefined) from every area's English texts. */
export function translator(catalog: Catalog | undefined, locale: string): Translator {
  const render = catalog === undefined ? renderEnglish : renderer((key) => catalog[key], locale);
  return ((k: MessageKey | Message, params?: MessageParams): string => render(typeof k === 'string' ? msg(k, params) : k)) as Translator;
}
