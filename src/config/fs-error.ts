// A file system refusal (disk full, read-only, no permission) is the user's situation, not our bug:
// it is named with the file and the cause in words, never reported as an internal error.
import { JobError } from '../core/errors.js';
import { msg, type Message, type MessageKey } from '../i18n/index.js';

const REASONS: Readonly<Record<string, MessageKey>> = {
  ENOSPC: 'fs.enospc',
  EDQUOT: 'fs.edquot',
  EROFS: 'fs.erofs',
  EACCES: 'fs.eacces',
  EPERM: 'fs.eacces',
  EIO: 'fs.eio',
  EMFILE: 'fs.emfile',
  ENFILE: 'fs.emfile',
  ENAMETOOLONG: 'fs.enametoolong',
  EBUSY: 'fs.ebusy',
};

export function isFsError(err: unknown): err is NodeJS.ErrnoException & { code: string } {
  return (
    err instanceof Error &&
    typeof (err as NodeJS.ErrnoException).code === 'string' &&
    /^E[A-Z]+$/.test((err as NodeJS.ErrnoException).code ?? '')
  );
}

/** The cause in words: "no space left on the device (ENOSPC)". */
export function fsReason(err: unknown): Message | string {
  const code = isFsError(err) ? err.code : undefined;
  const key = code !== undefined ? REASONS[code] : undefined;
  if (key) return msg('fs.reason', { reason: msg(key), code: code ?? '' });
  return code ?? (err instanceof Error ? err.message : String(err));
}

/** What to do about it: a mount point is not a matter of space or permissions. */
export function fsHint(err: unknown): Message {
  return msg(isFsError(err) && err.code === 'EBUSY' ? 'fs.ebusy_hint' : 'fs.cannot_write_hint');
}

/**
 * A JobError naming `file` (or the errno's own path, when `ownPath` and it has one) and the cause;
 * nothing was written.
 */
export function fsFailure(err: unknown, file: string, ownPath = false): JobError {
  if (err instanceof JobError) return err;
  const path = ownPath && isFsError(err) && typeof err.path === 'string' ? err.path : file;
  return new JobError(msg('fs.cannot_write', { file: path, reason: fsReason(err) }), fsHint(err));
}
