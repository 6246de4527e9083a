// An argument, or a value read from a file, as it may be shown back to the person.
import { maskKey } from './mask.js';

/** A stray argument may be a key pasted in the wrong place: never echo a long one. */
export function showArgument(arg: string): string {
  const shown = arg.length > 12 ? maskKey(arg) : arg;
  // Never send a terminal the control characters someone typed or pasted (escape sequences).
  return /[\u0000-\u001f\u007f]/.test(shown) ? JSON.stringify(shown) : shown;
}

/** A value parsed from a file, as text: a string as it is, anything else (a number, a table, a list) as JSON, never "[object Object]". */
export function valueText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}
