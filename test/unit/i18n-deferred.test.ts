// An area's English texts can be deferred (the build makes each area's a data file): they are read
// when a key of theirs is first looked up, once, and never for a command that says none of them.
import { describe, expect, it } from 'vitest';
import { textStore, type DeferredTexts } from '../../src/i18n/text.js';

/** Deferred texts that count their reads. */
function deferred(texts: Record<string, string>): DeferredTexts & { reads: number } {
  const namespaces = [...new Set(Object.keys(texts).map((k) => k.slice(0, k.lastIndexOf('.'))))];
  const one = {
    namespaces,
    reads: 0,
    read() {
      one.reads += 1;
      return texts;
    },
  };
  return one;
}

describe('deferred texts', () => {
  it('are read at the first key of one of their namespaces, once', () => {
    const store = textStore();
    const doctor = deferred({ 'doctor.fix': 'fix it', 'doctor.check.none': 'no findings' });
    const setup = deferred({ 'setup.done': 'done' });
    store.add({ 'cli.hello': 'hello' });
    store.add(doctor);
    store.add(setup);
    expect(store.get('cli.hello')).toBe('hello');
    expect([doctor.reads, setup.reads]).toEqual([0, 0]);
    expect(store.get('doctor.check.none')).toBe('no findings');
    expect(store.get('doctor.fix')).toBe('fix it');
    expect(store.get('doctor.check.none')).toBe('no findings');
    expect([doctor.reads, setup.reads]).toEqual([1, 0]);
  });

  it('sharing a namespace are read together; a key of no namespace reads nothing', () => {
    const store = textStore();
    const a = deferred({ 'agents.pick': 'pick', 'agents.aider.x': 'x' });
    const b = deferred({ 'agents.pick_more': 'more' });
    store.add(a);
    store.add(b);
    expect(store.get('nobody.knows')).toBeUndefined();
    expect(store.get('agents.unknown')).toBeUndefined();
    expect([a.reads, b.reads]).toEqual([1, 1]);
    // Read already: its other namespace does not read it again.
    expect(store.get('agents.aider.x')).toBe('x');
    expect(a.reads).toBe(1);
  });

  it('are all read for the whole catalog', () => {
    const store = textStore();
    const a = deferred({ 'doctor.fix': 'fix it' });
    store.add(a);
    store.add({ 'cli.hello': 'hello' });
    expect(store.all()).toEqual({ 'doctor.fix': 'fix it', 'cli.hello': 'hello' });
    expect(store.all()).toEqual({ 'doctor.fix': 'fix it', 'cli.hello': 'hello' });
    expect(a.reads).toBe(1);
  });
});
