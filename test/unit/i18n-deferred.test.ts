// An area's English texts can be deferred (the build writes them as data, a file per namespace):
// a namespace is read when a key of it is first looked up, once, and never for a command that says
// none of its keys.
import { describe, expect, it } from 'vitest';
import { textStore, type DeferredTexts } from '../../src/i18n/text.js';

const namespaceOf = (key: string): string => key.slice(0, key.lastIndexOf('.'));

/** Deferred texts, read by namespace, that record their reads. */
function deferred(texts: Record<string, string>): DeferredTexts & { reads: string[] } {
  const reads: string[] = [];
  return {
    namespaces: [...new Set(Object.keys(texts).map(namespaceOf))],
    reads,
    read(namespace) {
      reads.push(namespace);
      return Object.fromEntries(Object.entries(texts).filter(([key]) => namespaceOf(key) === namespace));
    },
  };
}

describe('deferred texts', () => {
  it('a namespace is read at the first key of it, once; the others stay unread', () => {
    const store = textStore();
    const doctor = deferred({ 'doctor.fix': 'fix it', 'doctor.check.none': 'no findings', 'doctor.check.some': 'findings' });
    const setup = deferred({ 'setup.done': 'done' });
    store.add({ 'cli.hello': 'hello' });
    store.add(doctor);
    store.add(setup);
    expect(store.get('cli.hello')).toBe('hello');
    expect([doctor.reads, setup.reads]).toEqual([[], []]);
    expect(store.get('doctor.check.none')).toBe('no findings');
    expect(store.get('doctor.check.some')).toBe('findings');
    expect(doctor.reads).toEqual(['doctor.check']);
    expect(store.get('doctor.fix')).toBe('fix it');
    expect(store.get('doctor.check.none')).toBe('no findings');
    expect([doctor.reads, setup.reads]).toEqual([['doctor.check', 'doctor'], []]);
  });

  it('areas sharing a namespace are each read for it; a key of no namespace reads nothing', () => {
    const store = textStore();
    const a = deferred({ 'agents.pick': 'pick', 'agents.aider.x': 'x' });
    const b = deferred({ 'agents.pick_more': 'more' });
    store.add(a);
    store.add(b);
    expect(store.get('nobody.knows')).toBeUndefined();
    expect([a.reads, b.reads]).toEqual([[], []]);
    expect(store.get('agents.pick_more')).toBe('more');
    expect(store.get('agents.pick')).toBe('pick');
    expect(store.get('agents.unknown')).toBeUndefined();
    expect([a.reads, b.reads]).toEqual([['agents'], ['agents']]);
  });

  it('areas sharing one reader (the build: a file per namespace) read a namespace once', () => {
    const store = textStore();
    const shared = deferred({ 'doctor.fix': 'fix it', 'doctor.none': 'none' });
    store.add({ namespaces: ['doctor'], read: shared.read });
    store.add({ namespaces: ['doctor'], read: shared.read });
    expect(store.get('doctor.none')).toBe('none');
    expect(shared.reads).toEqual(['doctor']);
  });

  it('are all read for the whole catalog', () => {
    const store = textStore();
    const a = deferred({ 'doctor.fix': 'fix it', 'setup.done': 'done' });
    store.add(a);
    store.add({ 'cli.hello': 'hello' });
    expect(store.all()).toEqual({ 'doctor.fix': 'fix it', 'setup.done': 'done', 'cli.hello': 'hello' });
    expect(store.all()).toEqual({ 'doctor.fix': 'fix it', 'setup.done': 'done', 'cli.hello': 'hello' });
    expect(a.reads.sort()).toEqual(['doctor', 'setup']);
  });
});
