// Plain-value helpers shared by the editors: structural equality (so a re-run changes nothing) and
// setting or deleting along a key path in a parsed document.
import { JobError } from '../core/errors.js';
import type { KeyPath } from './types.js';
import { msg } from '../i18n/index.js';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Structural equality for parsed config values (JSON values, plus TOML dates and bigints). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a === 'bigint' || typeof b === 'bigint') {
    return (typeof a === 'bigint' || typeof a === 'number') && (typeof b === 'bigint' || typeof b === 'number') && a == b;
  }
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.constructor === b.constructor && a.toISOString() === b.toISOString();
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => deepEqual(item, b[i]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

/**
 * A deep copy of plain objects and arrays; other values (dates, primitives) are shared. Keys whose
 * value is undefined are dropped, as they would be in any written file.
 */
export function clonePlain<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => clonePlain(v)) as T;
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = clonePlain(v);
    return out as T;
  }
  return value;
}

/** `model_providers.gateway.base_url`, `args[2]`: how a key path reads in a message. */
export function showPath(path: KeyPath): string {
  return path.map((seg, i) => (typeof seg === 'number' ? `[${seg}]` : i === 0 ? seg : `.${seg}`)).join('');
}

export function getIn(doc: unknown, path: KeyPath): unknown {
  let cur: unknown = doc;
  for (const seg of path) {
    if (typeof seg === 'number') {
      if (!Array.isArray(cur)) return undefined;
      cur = cur[seg];
    } else {
      if (!isPlainObject(cur) || !Object.prototype.hasOwnProperty.call(cur, seg)) return undefined;
      cur = cur[seg];
    }
  }
  return cur;
}

/**
 * Sets (or, for `undefined`, deletes) the value at `path` inside `doc`, creating missing objects on
 * the way. Refuses to walk through a value of the wrong kind rather than replacing a user's value.
 */
export function setIn(doc: Record<string, unknown>, path: KeyPath, value: unknown, file: string): void {
  if (path.length === 0) throw new JobError(msg('cfg.empty_path', { file }));
  checkKind(doc, path[0] as string | number, [], file);
  let cur: unknown = doc;
  for (let i = 0; i < path.length - 1; i++) {
    const seg = path[i] as string | number;
    const nextSeg = path[i + 1] as string | number;
    const container = cur as Record<string, unknown> | unknown[];
    let next: unknown = typeof seg === 'number' ? (container as unknown[])[seg] : (container as Record<string, unknown>)[seg];
    if (next === undefined) {
      if (value === undefined) return; // deleting below something absent: nothing to do
      next = typeof nextSeg === 'number' ? [] : {};
      assign(container, seg, next, path.slice(0, i + 1), file);
    }
    checkKind(next, nextSeg, path.slice(0, i + 1), file);
    cur = next;
  }
  const last = path[path.length - 1] as string | number;
  const container = cur as Record<string, unknown> | unknown[];
  if (value === undefined) {
    if (typeof last === 'number') {
      const arr = container as unknown[];
      if (last < arr.length) arr.splice(last, 1);
    } else {
      delete (container as Record<string, unknown>)[last];
    }
    return;
  }
  assign(container, last, value, path, file);
}

function checkKind(value: unknown, nextSeg: string | number, at: KeyPath, file: string): void {
  const ok = typeof nextSeg === 'number' ? Array.isArray(value) : isPlainObject(value);
  if (!ok) {
    const want = typeof nextSeg === 'number' ? msg('cfg.an_array') : msg('cfg.a_table');
    const where = at.length === 0 ? msg('cfg.top_level') : showPath(at);
    throw new JobError(msg('cfg.not_kind', { file, where, want }), msg('cfg.not_kind_hint'));
  }
}

function assign(container: Record<string, unknown> | unknown[], seg: string | number, value: unknown, at: KeyPath, file: string): void {
  if (typeof seg === 'number') {
    const arr = container as unknown[];
    if (seg > arr.length || seg < 0) {
      throw new JobError(msg('cfg.array_only_items', { file, path: showPath(at), n: arr.length }));
    }
    arr[seg] = value;
  } else {
    (container as Record<string, unknown>)[seg] = value;
  }
}
