// An import link where it must not be: an argument stays in shell history and the process list,
// with the key in it. Apart from the link's parser so that every command can check its arguments
// without loading it.
import { UsageError } from '../core/errors.js';
import { msg } from '../i18n/index.js';

/** A malformed field of the link (its carried config included), named; the hint says how to give a link. */
export function bad(field: string, problem: ReturnType<typeof msg>): UsageError {
  return new UsageError(msg('import.bad_field', { field, problem }), msg('import.bad_hint'));
}

/** Text that looks like an import link (any letter case, spaces around it allowed). */
export function isImportLink(text: string): boolean {
  return /^\s*ccswitch:/i.test(text);
}

/**
 * Refuses an import link given as an argument, wherever it stands (a flag's value, a positional):
 * before anything else runs, so nothing echoes it. Arguments after `--` belong to another program.
 */
export function refuseLinkArguments(argv: readonly string[], bin: string): void {
  const end = argv.indexOf('--');
  for (const arg of end === -1 ? argv : argv.slice(0, end)) {
    const value = arg.startsWith('-') && arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : arg;
    if (isImportLink(value) || /^-[^-]ccswitch:/i.test(arg))
      throw new UsageError(msg('import.in_argument'), msg('import.in_argument_hint', { bin }));
  }
}
