// Library results carry messages as data ({ key, params }); tests that read their words read them
// as `--json` does: rendered in English, at the same places.
import { english, isMessage, type Message } from '../../src/i18n/index.js';

export type English<T> = T extends Message
  ? string
  : T extends Map<infer K, infer V>
    ? Map<K, English<V>>
    : T extends readonly (infer U)[]
      ? English<U>[]
      : T extends object
        ? { [K in keyof T]: English<T[K]> }
        : T;

/** A copy of `value` with every message in it rendered in English. */
export function inEnglish<T>(value: T): English<T> {
  const walk = (v: unknown): unknown => {
    if (isMessage(v)) return english(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v instanceof Map) return new Map([...v].map(([k, x]) => [k, walk(x)]));
    if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    }
    return v;
  };
  return walk(value) as English<T>;
}

/** An error's hint in English, as `--json` prints it. */
export function hintOf(error: { hint?: Message }): string | undefined {
  return error.hint === undefined ? undefined : english(error.hint);
}
