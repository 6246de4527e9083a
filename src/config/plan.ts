// Plan, then apply: every file is read and parsed before anything is decided, so one unparseable
// file stops the whole run with nothing written anywhere.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { JobError } from '../core/errors.js';
import { editText } from './edit.js';
import { decodeUtf8, parseConfig } from './parse.js';
import { readRegularFile } from './read.js';
import type { FileEdit, FileFormat, KeyEdit, PlannedFile } from './types.js';

const SECRET_MODE = 0o600;
const DEFAULT_MODE = 0o644;

interface MergedEdit {
  path: string;
  format: FileFormat;
  edits: KeyEdit[];
  secret: boolean;
  owner?: string;
  template?: string;
}

/** One entry per file, in order of first mention; later edits of the same file follow earlier ones. */
function merge(edits: readonly FileEdit[]): MergedEdit[] {
  const byPath = new Map<string, MergedEdit>();
  for (const edit of edits) {
    const key = path.resolve(edit.path);
    const seen = byPath.get(key);
    if (!seen) {
      byPath.set(key, {
        path: edit.path,
        format: edit.format,
        edits: [...edit.edits],
        secret: edit.secret === true,
        ...(edit.owner !== undefined ? { owner: edit.owner } : {}),
        ...(edit.template !== undefined ? { template: edit.template } : {}),
      });
      continue;
    }
    if (seen.format !== edit.format) {
      throw new JobError(`internal: ${edit.path} is edited both as ${seen.format} and as ${edit.format}.`);
    }
    seen.edits.push(...edit.edits);
    seen.secret ||= edit.secret === true;
    if (seen.template === undefined && edit.template !== undefined) seen.template = edit.template;
  }
  return [...byPath.values()];
}

/** The current text and mode of a file, or nothing when it does not exist. */
async function readCurrent(file: string): Promise<{ text?: string; mode?: number; links?: number }> {
  const bytes = await readRegularFile(file);
  if (bytes === undefined) return {};
  const info = await stat(file);
  return { text: decodeUtf8(bytes, file), mode: info.mode & 0o777, links: info.nlink };
}

function modeFor(secret: boolean, existing: number | undefined): number {
  // A file holding the key is for its owner only, even if it used to be readable by others.
  if (secret) return SECRET_MODE;
  return existing ?? DEFAULT_MODE;
}

/**
 * Reads and parses every file first (ParseError before anything is planned), then computes each
 * file's new text, the action (created, updated, unchanged) and the mode to write.
 */
export async function planFiles(edits: readonly FileEdit[]): Promise<PlannedFile[]> {
  const files = merge(edits);
  const current = await Promise.all(files.map((f) => readCurrent(f.path)));
  files.forEach((f, i) => {
    const text = current[i]?.text;
    if (text !== undefined) parseConfig(text, f.format, f.path);
  });
  return files.map((f, i): PlannedFile => {
    const { text, mode: beforeMode, links } = current[i] ?? {};
    const after = editText(text, f.format, f.edits, f.path, f.template);
    const mode = modeFor(f.secret, beforeMode);
    const action = text === undefined ? 'created' : after !== text || mode !== beforeMode ? 'updated' : 'unchanged';
    return {
      path: f.path,
      format: f.format,
      ...(text !== undefined ? { before: text } : {}),
      after,
      action,
      mode,
      ...(beforeMode !== undefined ? { beforeMode } : {}),
      ...(links !== undefined && links > 1 ? { links } : {}),
      secret: f.secret,
      ...(f.owner !== undefined ? { owner: f.owner } : {}),
    };
  });
}
