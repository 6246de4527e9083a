// Ctrl-C or SIGTERM in the middle of a run that writes: the files already written are not silent.
// The run's backup id is known from the moment its manifest is complete; a signal after that says
// which `restore --id` undoes it. A signal during the (short) write phase waits for the writes to
// end, so the files, the lock and the report agree.
import type { SetupProgress } from '../setup/run.js';
import { BIN } from './help.js';
import type { CliContext } from './context.js';
import { note, printJson } from './output.js';
import { wrap } from '../core/layout.js';
import { commas, msg } from '../i18n/index.js';

/** How long a signal waits for a write phase in flight (atomic writes: milliseconds, normally). */
const WRITE_GRACE_MS = 5_000;

/** Exit codes of a run ended by a signal: 128 + its number, as a shell reports it. */
const SIGNAL_EXIT: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 130, SIGTERM: 143 };

/**
 * Runs `job` with an onProgress that follows its backups; on SIGINT or SIGTERM prints what was
 * written (the backup to undo with, or that nothing was) and ends the process.
 */
export async function guardInterrupt<T>(
  ctx: CliContext,
  job: (onProgress: (e: SetupProgress) => void) => Promise<T>,
  forward?: (e: SetupProgress) => void,
): Promise<T> {
  const backups: string[] = [];
  let writing = false;
  let wrote: () => void = () => undefined;
  let writeDone = new Promise<void>((r) => (wrote = r));
  let stopping = false;
  const onProgress = (e: SetupProgress): void => {
    if (e.phase === 'write') {
      writing = true;
      writeDone = new Promise<void>((r) => (wrote = r));
    } else if (e.phase === 'backup') {
      backups.push(e.backupId);
    } else if (e.phase === 'written') {
      writing = false;
      wrote();
    }
    forward?.(e);
  };
  const off = ctx.onSignal((signal) => {
    const code = SIGNAL_EXIT[signal] ?? 130;
    // A second signal while waiting for the writes: stop now.
    if (stopping) return ctx.exit(code);
    stopping = true;
    void (async () => {
      if (writing) await Promise.race([writeDone, new Promise((r) => setTimeout(r, WRITE_GRACE_MS).unref())]);
      const message =
        backups.length > 0
          ? msg('interrupt.written', { signal, ids: commas(backups), bin: BIN, id: backups[backups.length - 1] ?? '' })
          : msg('interrupt.nothing', { signal });
      if (ctx.json) printJson(ctx, { ok: false, error: { code: 'interrupted', message, signal, backups } });
      else note(ctx, wrap(ctx.t(message)));
      ctx.exit(code);
    })();
  });
  try {
    return await job(onProgress);
  } finally {
    off();
  }
}
