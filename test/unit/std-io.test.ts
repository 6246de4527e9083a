// The bin's light standard streams: writes that land whole and in order, a failed write handed to
// Node's stream with the rest, and terminals told from files, pipes and the null device.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isTerminal, writerTo } from '../../src/cli/std-io.js';

const dir = mkdtempSync(join(tmpdir(), 'gas-std-io-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('writerTo', () => {
  it('writes every byte in order (UTF-8 included) without touching the stream', () => {
    const file = join(dir, 'out.txt');
    const fd = openSync(file, 'w');
    const w = writerTo(fd, () => {
      throw new Error('the stream was touched');
    });
    const big = 'x'.repeat(300_000);
    w.write('分组 one\n');
    w.write(big);
    w.write('\ntwo\n');
    closeSync(fd);
    expect(readFileSync(file, 'utf8')).toBe(`分组 one\n${big}\ntwo\n`);
    expect(w.isTTY).toBe(false);
    expect(w.synced).toBe(true);
  });

  it('a write that fails hands that text and all after it to the stream', () => {
    const handed: string[] = [];
    // Open for reading only: every write fails (EBADF), as one to a closed pipe does (EPIPE).
    writeFileSync(join(dir, 'read-only.txt'), '');
    const fd = openSync(join(dir, 'read-only.txt'), 'r');
    const w = writerTo(fd, () => ({ write: (text: string | Uint8Array) => handed.push(Buffer.from(text).toString('utf8')) > 0 }));
    expect(w.synced).toBe(true);
    w.write('first\n');
    w.write('second\n');
    closeSync(fd);
    expect(handed).toEqual(['first\n', 'second\n']);
    // The stream may hold them still: the process must not end before it has written them.
    expect(w.synced).toBe(false);
  });
});

describe('isTerminal', () => {
  it('a file and the null device are not terminals, nor a descriptor that is not open', () => {
    const file = openSync(join(dir, 'f.txt'), 'w');
    const nul = openSync('/dev/null', 'w');
    try {
      expect([isTerminal(file), isTerminal(nul)]).toEqual([false, false]);
    } finally {
      closeSync(file);
      closeSync(nul);
    }
    expect(isTerminal(file)).toBe(false);
  });
});
