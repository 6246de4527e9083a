// What --dry-run shows: a unified diff of every file the plan would create or change, keys masked.
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import { redact } from '../core/mask.js';
import type { PlannedFile } from './types.js';

/** `a/home/dev/.codex/config.toml`: the real path under the usual a/ and b/ prefixes. */
function side(prefix: 'a' | 'b', file: string): string {
  return `${prefix}/${file.replace(/^[/\\]+/, '')}`;
}

const octal = (mode: number): string => `100${mode.toString(8).padStart(3, '0')}`;

/** Unified diff of every created or updated file, every secret masked; '' when nothing changes. */
export function renderDiff(plan: readonly PlannedFile[], secrets: readonly string[]): string {
  const parts: string[] = [];
  for (const file of plan) {
    if (file.action === 'unchanged') continue;
    const modeLines =
      file.action === 'updated' && file.beforeMode !== undefined && file.beforeMode !== file.mode
        ? `old mode ${octal(file.beforeMode)}\nnew mode ${octal(file.mode)}\n`
        : '';
    if (file.action === 'updated' && file.before === file.after) {
      // Only the mode changes (a key file that others could read): say so, there are no lines to show.
      parts.push(`--- ${side('a', file.path)}\n+++ ${side('b', file.path)}\n${modeLines}`);
      continue;
    }
    const from = file.action === 'created' ? '/dev/null' : side('a', file.path);
    const patch = createTwoFilesPatch(from, side('b', file.path), file.before ?? '', file.after, undefined, undefined, {
      headerOptions: FILE_HEADERS_ONLY,
    });
    parts.push(modeLines + patch);
  }
  return redact(parts.join(''), secrets);
}
