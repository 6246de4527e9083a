import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createContext, type ProcessLike } from '../../src/cli/context.js';

function fakeProcess(env: Record<string, string>, tty: boolean): ProcessLike & { written: string[]; emitter: EventEmitter } {
  const written: string[] = [];
  const emitter = new EventEmitter();
  return {
    env,
    cwd: () => '/work/here',
    platform: 'linux',
    stdin: { isTTY: tty },
    stdout: { isTTY: tty, write: (t: string) => written.push(t) },
    stderr: { isTTY: tty, write: (t: string) => written.push(t) },
    once: (e, l) => emitter.once(e, l),
    off: (e, l) => emitter.off(e, l),
    written,
    emitter,
  };
}

describe('createContext', () => {
  it('colour and interactivity need a TTY', () => {
    const ctx = createContext(fakeProcess({}, false));
    expect(ctx.color).toBe(false);
    expect(ctx.interactive).toBe(false);
    const tty = createContext(fakeProcess({}, true));
    expect(tty.color).toBe(true);
    expect(tty.interactive).toBe(true);
  });

  it('NO_COLOR and --no-color turn colour off; CI turns questions off', () => {
    expect(createContext(fakeProcess({ NO_COLOR: '1' }, true)).color).toBe(false);
    expect(createContext(fakeProcess({}, true), { noColor: true }).color).toBe(false);
    expect(createContext(fakeProcess({ CI: 'true' }, true)).interactive).toBe(false);
    expect(createContext(fakeProcess({ CI: 'false' }, true)).interactive).toBe(true);
  });

  it('resolves --home against the working directory', () => {
    expect(createContext(fakeProcess({}, false), { home: 'h' }).home).toBe('/work/here/h');
  });

  it('masks registered secrets in everything it writes', () => {
    const proc = fakeProcess({}, false);
    const ctx = createContext(proc);
    const key = 'sk-abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKL';
    ctx.addSecret(key);
    ctx.out(`key=${key}\n`);
    ctx.err(`again ${key}\n`);
    expect(proc.written.join('')).not.toContain(key);
    expect(proc.written.join('')).toContain('sk-ab…IJKL');
  });

  it('waitForSignal resolves on SIGTERM and removes its listeners', async () => {
    const proc = fakeProcess({}, false);
    const waiting = createContext(proc).waitForSignal();
    proc.emitter.emit('SIGTERM');
    await expect(waiting).resolves.toBe('SIGTERM');
    expect(proc.emitter.listenerCount('SIGINT')).toBe(0);
    expect(proc.emitter.listenerCount('SIGTERM')).toBe(0);
  });
});
