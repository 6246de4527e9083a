// A file the user changed after our runs: take out what our runs wrote, keep everything of theirs.
// Every run of ours leaves two states in its backup, the file as it found it and as it left it, so
// what we changed is known value by value. A value goes back to what it was before us only while
// it still holds what our last run left; a container we created goes once it is empty and no state
// of the user's had it; the text is edited, never regenerated, so their comments and order stay.
import { ParseError } from '../core/errors.js';
import { editText } from './edit.js';
import { parseConfig } from './parse.js';
import type { FileFormat, KeyEdit, KeyPath } from './types.js';
import { KEY_MARK } from './key-mark.js';
import { clonePlain, deepEqual, getIn, isPlainObject, setIn } from './values.js';

/** One run of ours over the file: its state before and after, as parsed values (absent file: `{}`). */
interface RunStates {
  before: unknown;
  after: unknown;
  /** Only our runs changed the file between its first backup and this run's start. */
  chain: boolean;
}

/**
 * `now` (a state of the file) holds what `kept` (a state a run left, as its backup keeps it) does:
 * where the copy has the mark of a key, any key matches. Not `anyKey`: the mark matches nothing (a
 * run that wrote a key changed that value, whatever stood there before it).
 */
function matches(now: unknown, kept: unknown, anyKey = true): boolean {
  if (typeof kept === 'string' && kept.includes(KEY_MARK)) {
    if (typeof now !== 'string' || !anyKey) return false;
    const parts = kept.split(KEY_MARK).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    return new RegExp(`^${parts.join('\\S+')}$`, 's').test(now);
  }
  if (Array.isArray(kept)) return Array.isArray(now) && now.length === kept.length && kept.every((k, i) => matches(now[i], k, anyKey));
  if (isPlainObject(kept) && isPlainObject(now)) {
    const keys = Object.keys(kept);
    return keys.length === Object.keys(now).length && keys.every((k) => Object.hasOwn(now, k) && matches(now[k], kept[k], anyKey));
  }
  return deepEqual(now, kept);
}

/** The paths at which `a` and `b` differ: objects are walked (a missing side is an empty object), anything else is one value. */
function differing(a: unknown, b: unknown, at: KeyPath, out: KeyPath[]): KeyPath[] {
  const objects = (isPlainObject(a) || a === undefined) && (isPlainObject(b) || b === undefined);
  if (objects && (a !== undefined || b !== undefined)) {
    const left = (a ?? {}) as Record<string, unknown>;
    const right = (b ?? {}) as Record<string, unknown>;
    for (const key of new Set([...Object.keys(left), ...Object.keys(right)])) differing(left[key], right[key], [...at, key], out);
  } else if (!matches(a, b, false)) {
    out.push(at);
  }
  return out;
}

/**
 * What `path` goes back to, given that it holds what our last run left: the runs are walked from
 * the newest; each run that changed it gives the value it found, until a run whose starting state
 * the user had changed (their value then stays) or one that only our runs led to (then the first
 * state is the answer).
 */
function givenBack(runs: readonly RunStates[], path: KeyPath, now: unknown): unknown {
  let value = now;
  for (let i = runs.length - 1; i >= 0; i--) {
    const run = runs[i]!;
    if (run.chain) return getIn(runs[0]!.before, path);
    const found = getIn(run.before, path);
    if (!matches(found, getIn(run.after, path), false)) value = found;
    if (i > 0 && !matches(found, getIn(runs[i - 1]!.after, path))) return value;
  }
  return value;
}

/** The items our runs added to a list, taken out of the list as it is now (the user's items kept in place). */
function withoutOurItems(current: unknown[], runs: readonly RunStates[], path: KeyPath): unknown[] {
  const added = runs.flatMap((r) => {
    const before = getIn(r.before, path);
    const after = getIn(r.after, path);
    if (!Array.isArray(after)) return [];
    return after.filter((item) => !(Array.isArray(before) && before.some((b) => matches(b, item))));
  });
  return current.filter((item) => !added.some((a) => matches(item, a)));
}

/**
 * `kept` as `now` with items taken out, as the indexes to delete (last first, so each stays valid);
 * undefined when it is not (an item changed or moved).
 */
function itemsOut(now: readonly unknown[], kept: readonly unknown[]): number[] | undefined {
  const out: number[] = [];
  let k = 0;
  for (let i = 0; i < now.length; i++) {
    if (k < kept.length && deepEqual(now[i], kept[k])) k++;
    else out.push(i);
  }
  return k === kept.length ? out.reverse() : undefined;
}

/** The member of the object at `path`'s parent in the first state that had it, that it stood in front of and `now` still has. */
function nextSibling(runs: readonly RunStates[], now: unknown, path: KeyPath): string | undefined {
  const key = path[path.length - 1];
  const parent = path.slice(0, -1);
  const there = getIn(now, parent);
  for (const r of runs) {
    const then = getIn(r.before, parent);
    if (!isPlainObject(then) || typeof key !== 'string' || !(key in then)) continue;
    const order = Object.keys(then);
    return order.slice(order.indexOf(key) + 1).find((k) => isPlainObject(there) && k in there);
  }
  return undefined;
}

/** Objects that are empty in `doc`, deepest first. */
function emptyObjects(doc: unknown, at: KeyPath, out: KeyPath[]): KeyPath[] {
  if (!isPlainObject(doc)) return out;
  for (const [key, value] of Object.entries(doc)) {
    if (!isPlainObject(value)) continue;
    emptyObjects(value, [...at, key], out);
    if (Object.keys(value).length === 0) out.push([...at, key]);
  }
  return out;
}

/** The edits that take our runs' values out of `current` (a parsed file), keeping the user's; `changed`: each run's paths. */
function oursOut(current: unknown, runs: readonly RunStates[], changed: readonly (readonly KeyPath[])[]): KeyEdit[] {
  const last = runs[runs.length - 1]!;
  const paths = new Map<string, KeyPath>();
  for (const run of changed) for (const p of run) paths.set(JSON.stringify(p), p);
  const edits: KeyEdit[] = [];
  const result = clonePlain(isPlainObject(current) ? current : {});
  const set = (path: KeyPath, value: unknown): void => {
    // A container the user turned into something else since is theirs now: nothing of ours below it.
    for (let i = 1; i < path.length; i++) {
      const above = getIn(result, path.slice(0, i));
      if (above === undefined) break;
      if (!isPlainObject(above)) return;
    }
    const now = getIn(result, path);
    // A list loses our items one by one, so the comments on the user's items stay with them.
    const out = Array.isArray(now) && Array.isArray(value) ? itemsOut(now, value) : undefined;
    if (out !== undefined) {
      for (const i of out) {
        edits.push({ path: [...path, i], value: undefined });
        setIn(result, [...path, i], undefined, '');
      }
      return;
    }
    const before = now === undefined && value !== undefined ? nextSibling(runs, result, path) : undefined;
    edits.push({ path, value, ...(before !== undefined && { before }) });
    setIn(result, path, value, '');
  };
  for (const path of paths.values()) {
    if (path.length === 0) continue;
    const now = getIn(current, path);
    if (matches(now, getIn(last.after, path))) {
      const back = givenBack(runs, path, now);
      if (!deepEqual(back, now)) set(path, back);
    } else if (Array.isArray(now)) {
      const kept = withoutOurItems(now, runs, path);
      if (kept.length !== now.length) set(path, kept.length === 0 && getIn(runs[0]!.before, path) === undefined ? undefined : kept);
    }
  }
  // Containers our runs made and that nothing of the user's is in now; one any state of theirs had stays.
  const theirs = (path: KeyPath): boolean => runs.some((r) => getIn(r.before, path) !== undefined);
  for (let found = true; found;) {
    found = false;
    for (const path of emptyObjects(result, [], [])) {
      if (theirs(path) || !runs.some((r) => isPlainObject(getIn(r.after, path)))) continue;
      set(path, undefined);
      found = true;
    }
  }
  return edits;
}

/**
 * `current` (the file's text now) with our runs' values taken out, or undefined when a state does
 * not parse any more (then the agent's own removal is used). `states` are each run's texts, oldest
 * first; an absent file is `undefined`.
 */
export function takeOursOut(
  file: { path: string; format: FileFormat },
  current: string,
  states: readonly { before?: string; after?: string; chain: boolean }[],
): { after: string; empty: boolean; keyLeft: boolean } | undefined {
  const parse = (text: string | undefined): unknown => (text === undefined ? {} : parseConfig(text, file.format, file.path));
  let runs: RunStates[];
  try {
    runs = states.map((s) => ({ before: parse(s.before), after: parse(s.after), chain: s.chain }));
  } catch (err) {
    if (err instanceof ParseError) return undefined;
    throw err;
  }
  const now = parseConfig(current, file.format, file.path);
  // What each run changed, value by value.
  const changed = runs.map((r) => differing(r.before, r.after, [], []));
  const edits = oursOut(now, runs, changed);
  const after = edits.length === 0 ? current : editText(current, file.format, edits, file.path);
  const left = parseConfig(after, file.format, file.path);
  const empty = isPlainObject(left) && Object.keys(left).length === 0 && /^[\s{}]*$/.test(after);
  // A key where our runs wrote one is still there (the user changed that value since, say).
  const keyPaths = runs.flatMap((r, i) =>
    changed[i]!.filter((p) => {
      const value = getIn(r.after, p);
      return typeof value === 'string' && value.includes(KEY_MARK);
    }),
  );
  return { after, empty, keyLeft: keyPaths.some((p) => typeof getIn(left, p) === 'string') };
}
