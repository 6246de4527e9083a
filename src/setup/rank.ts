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

/**
 * The first `count` of rankModels' order, found in one pass (setup needs the best, or the first few
 * for a list, never the whole order). A model is tested only against the patterns up to the last
 * kept one's, and its other keys are computed only when it could still be kept: with thousands of
 * models most are passed over after one pattern.
 */
export function bestModels<T extends Pick<ClassifiedModel, 'id' | 'created'>>(
  candidates: readonly T[],
  patterns: readonly string[],
  confirmed: (m: T) => boolean,
  count: number,
): T[] {
  if (count < 1) return [];
  const regexps = patterns.map(patternToRegExp);
  // Best first; of equals, the earlier candidate first (as the stable sort of rankModels).
  const kept: Keyed<T>[] = [];
  for (const m of candidates) {
    const last = kept.length === count ? kept[count - 1] : undefined;
    const upTo = last === undefined ? regexps.length : Math.min(last.pattern + 1, regexps.length);
    let pattern = regexps.length;
    for (let i = 0; i < upTo; i++) {
      if (regexps[i]?.test(m.id)) {
        pattern = i;
        break;
      }
    }
    if (last !== undefined && pattern > last.pattern) continue;
    const k: Keyed<T> = { m, pattern, confirmed: Number(confirmed(m)), version: versionKey(m.id) };
    if (last !== undefined && compareKeyed(k, last) >= 0) continue;
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareKeyed(kept[mid] as Keyed<T>, k) <= 0) lo = mid + 1;
      else hi = mid;
    }
    kept.splice(lo, 0, k);
    if (kept.length > count) kept.pop();
  }
  return kept.map((k) => k.m);
}

/** The first of rankModels' order (setup's choice of a model). */
export function bestModel<T extends Pick<ClassifiedModel, 'id' | 'created'>>(
  candidates: readonly T[],
  patterns: readonly string[],
  confirmed: (m: T) => boolean = () => true,
): T | undefined {
  return bestModels(candidates, patterns, confirmed, 1)[0];
}
