// The process as the built bin hands it to the command line, with its standard streams made light.
// Node builds process.stdout, stderr and stdin as stream objects the first time anything touches
// them, loading its stream modules (and for a terminal, tty and net): several ms of every start, for
// a command that writes a few lines. Outside Windows, Node writes files, pipes and terminals
// synchronously anyway, so these write with `writeSync` and ask whether a descriptor is a terminal
// only when it is a character device other than the null device. A write that fails (a descriptor
// left non-blocking: EAGAIN) hands that text and all that follows to Node's own stream, which then
// behaves as it always did; output keeps its order. A pipe whose reader is gone (EPIPE) takes no more.
import { fstatSync, statSync, writeSync } from 'node:fs';
import type { ProcessLike } from './context.js';

/** Whether descriptor `fd` is a terminal, without loading Node's tty module for a file, a pipe or the null device. */
export function isTerminal(fd: number): boolean {
  try {
    const st = fstatSync(fd);
    if (!st.isCharacterDevice()) return false;
    if (st.rdev === statSync('/dev/null').rdev) return false;
  } catch {
    return false;
  }
  return process.getBuiltinModule('node:tty').isatty(fd);
}

interface Writer {
  readonly isTTY: boolean;
  /** Every write so far reached the descriptor: none was left to Node's stream (which may still hold it). */
  readonly synced: boolean;
  write(text: string): boolean;
}

/**
 * Writes to `fd` until a write fails; from then on `stream()` (Node's) takes the rest. A reader that
 * went away (`… | head`: EPIPE) takes nothing more: the rest is dropped, as a shell's tools do,
 * instead of Node's stream raising the error again with nobody to catch it.
 */
export function writerTo(fd: number, stream: () => { write(text: string | Uint8Array): boolean }): Writer {
  let tty: boolean | undefined;
  let handedOver = false;
  let readerGone = false;
  return {
    get isTTY() {
      return (tty ??= isTerminal(fd));
    },
    get synced() {
      return !handedOver;
    },
    write(text: string): boolean {
      if (readerGone) return false;
      if (handedOver) return stream().write(text);
      const bytes = Buffer.from(text, 'utf8');
      let done = 0;
      try {
        while (done < bytes.length) done += writeSync(fd, bytes, done);
        return true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EPIPE') {
          readerGone = true;
          return false;
        }
        handedOver = true;
        return stream().write(bytes.subarray(done));
      }
    },
  };
}

export interface LightProcess extends ProcessLike {
  /** All output so far is written (by this process itself, not left to a stream): exiting loses none of it. */
  synced(): boolean;
}

/** `process` with light standard streams; none on Windows (where Node's console streams differ: `process` itself serves). */
export function lightProcess(proc: NodeJS.Process): LightProcess | undefined {
  if (proc.platform === 'win32') return undefined;
  let stdinTTY: boolean | undefined;
  const stdout = writerTo(1, () => proc.stdout);
  const stderr = writerTo(2, () => proc.stderr);
  return {
    synced: () => stdout.synced && stderr.synced,
    env: proc.env,
    cwd: () => proc.cwd(),
    platform: proc.platform,
    argv: proc.argv,
    stdin: {
      get isTTY() {
        return (stdinTTY ??= isTerminal(0));
      },
      [Symbol.asyncIterator]: () => proc.stdin[Symbol.asyncIterator](),
    },
    stdout,
    stderr,
    once: (event, listener) => proc.once(event, listener),
    off: (event, listener) => proc.off(event, listener),
    on: (event, listener) => proc.on(event, listener),
    exit: (code) => proc.exit(code),
  };
}
