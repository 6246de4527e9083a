// The documented model ranking (README, "How models are chosen"): per agent, an ordered list of
// preference patterns (each agent's module holds its defaults); within one pattern the newest
// version wins. Users override the patterns in their saved settings, so the defaults only need to
// be sensible, not clever.
import type { ClassifiedModel } from '../core/types.js';

export function patternToRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`, 'i');
}

/** Numbers inside an id, so that claude-sonnet-4-5 > claude-sonnet-4 and gpt-5.1 > gpt-5. */
function versionKey(id: string): number[] {
  return (id.match(/\d+/g) ?? []).map(Number);
}

function compareVersionsDesc(va: readonly number[], vb: readonly number[]): number {
  for (let i = 0; i < Math.max(va.length, vb.length); i++) {
    const d = (vb[i] ?? -1) - (va[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}

interface Keyed<T> {
  m: T;
  pattern: number;
  confirmed: number;
  version: number[];
}

/** Sort keys computed once per model, not once per comparison: keys with thousands of models. */
function keyed<T extends Pick<ClassifiedModel, 'id' | 'created'>>(
  candidates: readonly T[],
  patterns: readonly string[],
  confirmed: (m: T) => boolean,
): Keyed<T>[] {
  const regexps = patterns.map(patternToRegExp);
  return candidates.map((m) => {
    const i = regexps.findIndex((r) => r.test(m.id));
    return { m, pattern: i === -1 ? regexps.length : i, confirmed: Number(confirmed(m)), version: versionKey(m.id) };
  });
}

function compareKeyed<T extends Pick<ClassifiedModel, 'id' | 'created'>>(a: Keyed<T>, b: Keyed<T>): number {
  return (
    a.pattern - b.pattern ||
    b.confirmed - a.confirmed ||
    compareVersionsDesc(a.version, b.version) ||
    // Code-unit order, not localeCompare: ICU collation made this sort the slowest part of a
    // 5,000-model setup, and ids are ASCII in practice.
    (a.m.id < b.m.id ? -1 : a.m.id > b.m.id ? 1 : 0) ||
    (b.m.created ?? 0) - (a.m.created ?? 0)
  );
}

/**
 * Orders candidate models by preference: first matching pattern, then a model the marks confirm
 * over one that needs a probe, then the newest version, then `created`.
 */
export function rankModels<T extends Pick<ClassifiedModel, 'id' | 'created'>>(
  candidates: readonly T[],
  patterns: readonly string[],
  confirmed: (m: T) => boolean = () => true,
): T[] {
  return keyed(candidates, patterns, confirmed)
    .sort(compareKeyed)
    .map((k) => k.m);
}

/** The first of rankModels' order, found in one pass (setup needs only the best, not the list). */
export function bestModel<T extends Pick<ClassifiedModel, 'id' | 'created'>>(
  candidates: readonly T[],
  patterns: readonly string[],
  confirmed: (m: T) => boolean = () => true,
): T | undefined {
  let best: Keyed<T> | undefined;
  for (const k of keyed(candidates, patterns, confirmed)) if (best === undefined || compareKeyed(k, best) < 0) best = k;
  return best?.m;
}
