// What protects a key file on Windows. The 0600 we write means nothing there (Node's chmod sets
// only the read-only bit), so we say what does instead of claiming a mode. Inside the user's
// profile the directory's inherited ACL grants the account, SYSTEM and Administrators only. Outside
// it (CODEX_HOME=E:\codex, a project on D:\), the folder decides: a non-system drive's root lets the
// Users group read by default, so claiming "only your account" there would be false.
// We do not change ACLs (icacls /inheritance:r): agents rewrite these files atomically (Claude
// Code's .claude.json, Cline's providers.json), and the new file inherits the folder's ACL again.
import path from 'node:path';
import { commas, msg, type Message } from '../i18n/index.js';

/** Is `file` inside `dir`? Windows paths: either slash, any case (NTFS ignores case). */
export function insideWin32(dir: string, file: string): boolean {
  const rel = path.win32.relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !path.win32.isAbsolute(rel);
}

/** The note for key files outside the profile, where the folder's own permissions decide. */
const outsideProfileNote = (files: readonly string[]): Message => msg('setup.windows_key_outside', { files: commas(files) });

/** The notes for key files written on Windows under the home `home`: one per kind of location. */
export function windowsKeyNotes(home: string, files: readonly string[]): Message[] {
  const inside = files.filter((f) => insideWin32(home, f));
  const outside = files.filter((f) => !insideWin32(home, f));
  return [
    ...(inside.length > 0 ? [msg('setup.windows_key_file', { files: commas(inside) })] : []),
    ...(outside.length > 0 ? [outsideProfileNote(outside)] : []),
  ];
}
