// The wizard's progress: the spinner's redraws read byte for byte, and the plain lines without a terminal.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { plainProgress } from '../../src/wizard/port.js';
import { terminalProgress } from '../../src/wizard/spinner.js';

describe('spinner', () => {
  afterEach(() => vi.useRealTimers());

  it('redraws its lines in place, one spinner per task, and leaves the settled lines', () => {
    vi.useFakeTimers();
    let clock = 0;
    const writes: string[] = [];
    const progress = terminalProgress({ write: (t) => void writes.push(t), color: false, now: () => clock, intervalMs: 80 });
    const g = progress.group();
    g.start('a', 'Claude Code: probing');
    g.start('b', 'Codex CLI: probing');
    expect(writes[0]).toBe('\u001b[2K  ⠋ Claude Code: probing\n');
    // The second draw goes back up over the first line.
    expect(writes[1]).toBe('\u001b[1A\r\u001b[2K  ⠋ Claude Code: probing\n\u001b[2K  ⠋ Codex CLI: probing\n');
    clock = 3000;
    vi.advanceTimersByTime(80);
    expect(writes[2]).toBe('\u001b[2A\r\u001b[2K  ⠙ Claude Code: probing (3s)\n\u001b[2K  ⠙ Codex CLI: probing (3s)\n');
    g.settle('a', true, 'Claude Code: probe passed');
    g.settle('b', false, 'Codex CLI: probe failed');
    const count = writes.length;
    // Nothing runs any more: the timer draws nothing.
    vi.advanceTimersByTime(500);
    expect(writes.length).toBe(count);
    g.end();
    expect(writes.at(-1)).toBe('\u001b[2A\r\u001b[2K  ✓ Claude Code: probe passed\n\u001b[2K  ✗ Codex CLI: probe failed\n');
    g.start('c', 'after the end');
    expect(writes.length).toBe(count + 1);
  });

  it('cuts every line to the terminal width so none wraps', () => {
    const writes: string[] = [];
    const g = terminalProgress({ write: (t) => void writes.push(t), color: true }).group();
    g.start('a', 'x'.repeat(200));
    g.end();
    for (const line of writes.join('').split('\n')) {
      const visible = line.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '').replace(/\r/g, '');
      expect([...visible].length).toBeLessThanOrEqual(80);
    }
    expect(writes.join('')).toContain('…');
  });

  it('plain progress prints only settled lines', () => {
    const said: string[] = [];
    const g = plainProgress((t) => void said.push(t)).group();
    g.start('a', 'working');
    g.settle('a', true, 'done');
    g.end();
    expect(said).toEqual(['  ✓ done']);
  });
});
