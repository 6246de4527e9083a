// Reading a file that may be anything: a FIFO where a config belongs would block a plain read
// forever (nobody writes to it), and a device would stream without end. The file is opened without
// blocking and checked on the open handle (no gap between the check and the read), so only regular
// files are read; anything else is refused by path.
import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { JobError } from '../core/errors.js';
import { msg } from '../i18n/index.js';

// Windows has no O_NONBLOCK (and no FIFOs in the file system): 0 leaves the flags unchanged there.
const FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/**
 * The bytes of a regular file; undefined when it does not exist; JobError naming the path for
 * anything else. A parent that is a file (ENOTDIR) is an error too — a config about to be written
 * there cannot be — unless `notDirIsAbsent` (restore: the path cannot exist, nothing to compare).
 */
export async function readRegularFile(file: string, opts: { notDirIsAbsent?: boolean } = {}): Promise<Buffer | undefined> {
  // Read synchronously: a config file is small, most are absent, and each step through the thread
  // pool costs a round trip of the event loop (a start reads a few dozen places).
  let fd: number;
  try {
    fd = openSync(file, FLAGS);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || (code === 'ENOTDIR' && opts.notDirIsAbsent === true)) return undefined;
    if (code === 'EISDIR') throw new JobError(msg('cfg.is_dir', { file }));
    // A socket cannot be opened at all (ENXIO); neither can a FIFO on some systems.
    if (code === 'ENXIO') throw new JobError(msg('cfg.not_regular', { file }), msg('cfg.not_regular_hint'));
    throw new JobError(msg('cfg.cannot_read', { file, code: code ?? (err as Error).message }));
  }
  try {
    const info = fstatSync(fd);
    if (info.isDirectory()) throw new JobError(msg('cfg.is_dir', { file }));
    if (!info.isFile()) throw new JobError(msg('cfg.not_regular', { file }), msg('cfg.not_regular_hint'));
    return readFileSync(fd);
  } catch (err) {
    if (err instanceof JobError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new JobError(msg('cfg.cannot_read', { file, code: code ?? (err as Error).message }));
  } finally {
    try {
      closeSync(fd);
    } catch {
      // Closing a descriptor we read from does not fail in a way worth a message.
    }
  }
}
