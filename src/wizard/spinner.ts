// Progress on a terminal: the lines of a group redrawn in place, each with a spinner until it
// settles. It writes through an injected `write` (the CLI context's, which masks the key), never
// to process.stdout itself, so tests can read exactly what a terminal would receive.
import type { Progress, ProgressGroup } from './port.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

export interface TerminalProgressOptions {
  write: (text: string) => void;
  /**
   * Wraps one of our control sequences (`[2K`, `[1A`, `\r`, colours) for a `write` that escapes
   * every other control character (the CLI context's: pass `control` from src/core/terminal.ts).
   * Default: the raw sequence, for a writer that is the terminal itself.
   */
  control?: (sequence: string) => string;
  color: boolean;
  /** Lines are cut to this width so none wraps (a wrapped line would break the redraw). */
  columns?: number;
  intervalMs?: number;
  now?: () => number;
}

interface Line {
  key: string;
  text: string;
  state: 'running' | 'ok' | 'failed';
  started: number;
}

function cut(text: string, width: number): string {
  const chars = [...text];
  return chars.length <= width ? text : `${chars.slice(0, width - 1).join('')}…`;
}

export function terminalProgress(opts: TerminalProgressOptions): Progress {
  const columns = opts.columns ?? 80;
  const now = opts.now ?? Date.now;
  const ctl = opts.control ?? ((sequence: string): string => (sequence === '\r' ? '\r' : `\u001b${sequence}`));
  const paint = (code: number, text: string): string => (opts.color ? `${ctl(`[${code}m`)}${text}${ctl('[39m')}` : text);
  return {
    group(): ProgressGroup {
      const lines: Line[] = [];
      let drawn = 0;
      let frame = 0;
      let ended = false;
      const render = (final: boolean): void => {
        let out = drawn > 0 ? `${ctl(`[${drawn}A`)}${ctl('\r')}` : '';
        for (const l of lines) {
          const seconds = Math.floor((now() - l.started) / 1000);
          const mark =
            l.state === 'ok'
              ? paint(32, '✓')
              : l.state === 'failed'
                ? paint(31, '✗')
                : final
                  ? ' '
                  : paint(36, FRAMES[frame % FRAMES.length]!);
          const elapsed = l.state === 'running' && !final && seconds >= 2 ? ` (${seconds}s)` : '';
          // A line break or control character in the text (a model id) would break the redraw.
          out += `${ctl('[2K')}  ${mark} ${cut(l.text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ') + elapsed, columns - 5)}\n`;
        }
        drawn = lines.length;
        if (out !== '') opts.write(out);
      };
      const timer = setInterval(() => {
        frame += 1;
        if (lines.some((l) => l.state === 'running')) render(false);
      }, opts.intervalMs ?? 80);
      // Never keeps the process alive on its own.
      timer.unref();
      return {
        start(key, text) {
          if (ended) return;
          lines.push({ key, text, state: 'running', started: now() });
          render(false);
        },
        settle(key, ok, text) {
          if (ended) return;
          const line = lines.find((l) => l.key === key);
          if (line) Object.assign(line, { text, state: ok ? 'ok' : 'failed' });
          else lines.push({ key, text, state: ok ? 'ok' : 'failed', started: now() });
          render(false);
        },
        end() {
          if (ended) return;
          ended = true;
          clearInterval(timer);
          render(true);
        },
      };
    },
  };
}
