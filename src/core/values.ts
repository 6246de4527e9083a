// The values a run was given, by option name (the command line parses them; settings complete them
// from the saved files), and typed reads of them.
import { maskKey } from './mask.js';

export type ParsedValues = Record<string, string | boolean | string[] | undefined>;

/** A stray argument may be a key pasted in the wrong place: never echo a long one. */
export function showArgument(arg: string): string {
  const shown = arg.length > 12 ? maskKey(arg) : arg;
  // Never send a terminal the control characters someone typed or pasted (escape sequences).
  return /[\u0000-\u001f\u007f]/.test(shown) ? JSON.stringify(shown) : shown;
}

/** Typed reads of parsed values. */
export function str(values: ParsedValues, name: string): string | undefined {
  const v = values[name];
  return typeof v === 'string' ? v : undefined;
}

/** A repeatable flag, with comma-separated values split: `--agent a,b --agent c` → [a, b, c]. */
export function list(values: ParsedValues, name: string): string[] {
  const v = values[name];
  const all = typeof v === 'string' ? [v] : Array.isArray(v) ? v : [];
  return all
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
}

export function flag(values: ParsedValues, name: string): boolean {
  return values[name] === true;
}

export function num(values: ParsedValues, name: string): number | undefined {
  const v = str(values, name);
  return v === undefined ? undefined : Number(v);
}
