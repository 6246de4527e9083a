// Flags: one table per command, read as node:util's parseArgs reads them in strict mode (the tests
// hold the two to the same answers), here rather than there: Node compiles its parser at the first
// call of every start, a fifth of what `doctor` adds to Node's own start. Unknown flags and bad
// values become UsageErrors that name the flag and what it accepts. The same tables print the help.
import { suggesting } from '../core/closest.js';
import { UsageError } from '../core/errors.js';
import { showArgument } from '../core/values.js';
import { commas, msg, type ListParam, type Message } from '../i18n/index.js';

interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** Shown in help after the flag: `--model ID`. */
  value?: string;
  /** May be given more than once: the value is a string[]. */
  multiple?: boolean;
  /** The only values accepted (each value, for `multiple`). */
  choices?: readonly string[];
  /** The value must be a number in this range. */
  number?: { min: number; max: number; integer?: boolean };
  description: Message;
}

export type OptionTable = Readonly<Record<string, OptionSpec>>;

/** Accepted by every command. */
export const COMMON_OPTIONS: OptionTable = {
  help: { type: 'boolean', short: 'h', description: msg('help.opt.help') },
  verbose: { type: 'boolean', description: msg('help.opt.verbose') },
  'no-color': { type: 'boolean', description: msg('help.opt.no-color') },
  home: { type: 'string', value: 'DIR', description: msg('help.opt.home') },
  lang: { type: 'string', value: 'en|zh-CN', description: msg('help.opt.lang') },
};

/** Where the gateway is and which key to use (./given.ts reads them). */
export const GATEWAY_OPTIONS: OptionTable = {
  'base-url': { type: 'string', value: 'URL', description: msg('help.opt.base-url') },
  'api-key-env': { type: 'string', value: '[AGENT=]NAME', multiple: true, description: msg('help.opt.api-key-env') },
  'api-key': { type: 'string', value: 'KEY', description: msg('help.opt.api-key') },
  timeout: { type: 'string', value: 'SECONDS', number: { min: 0.1, max: 600 }, description: msg('help.opt.timeout') },
};

export { showArgument } from '../core/values.js';

/** The values of a run's flags, by flag name: read only here, under the command line. */
export type ParsedValues = Record<string, string | boolean | string[] | undefined>;

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

export interface ParsedArgs {
  values: ParsedValues;
  positionals: string[];
  /** The arguments after a `--` (also the last of `positionals`): data for another program. */
  passthrough?: string[];
}

function flagList(table: OptionTable): ListParam {
  return commas(Object.keys(table).map((name) => `--${name}`));
}

/**
 * Parses the arguments after the command name against the command's table plus the common one.
 * Throws UsageError for unknown flags, missing or bad values, and positionals unless allowed.
 */
export function parseCommandArgs(
  command: string,
  table: OptionTable,
  argv: readonly string[],
  opts: { positionals?: boolean } = {},
): ParsedArgs {
  const all: OptionTable = { ...COMMON_OPTIONS, ...table };
  const parsed = readArgs(command, all, argv);
  if (!opts.positionals && parsed.positionals.length > 0) {
    const first = parsed.positionals[0] ?? '';
    throw new UsageError(
      msg('args.unexpected', { command, arg: showArgument(first) }),
      msg('args.only_flags', { command, flags: flagList(all) }),
    );
  }
  const values = parsed.values;
  for (const [name, spec] of Object.entries(all)) {
    const value = values[name];
    const given = typeof value === 'string' ? [value] : Array.isArray(value) ? value.flatMap((v) => v.split(',')) : [];
    for (const one of given) {
      if (spec.choices && !spec.choices.includes(one)) {
        throw new UsageError(
          msg('args.bad_value', { name, value: showArgument(one) }),
          suggesting(one, spec.choices, msg('args.valid_values', { values: commas(spec.choices) })),
        );
      }
      if (spec.number) checkNumber(name, one, spec.number);
    }
  }
  return { values, positionals: parsed.positionals, ...(parsed.end !== undefined && { passthrough: argv.slice(parsed.end + 1) }) };
}

/** A flag `table` does not have: the valid ones, led by the one it was likely meant as. */
function unknownFlag(command: string, flag: string, table: OptionTable): UsageError {
  const names = Object.keys(table).map((name) => `--${name}`);
  return new UsageError(
    msg('args.unknown_flag', { command, flag }),
    suggesting(flag, names, msg('args.valid_flags', { flags: flagList(table) })),
  );
}

/**
 * `argv` read against `table`: `--name`, `--name=value`, `--name value` (a string flag's value may not
 * look like a flag: `--model=-x` says so), `-h` and groups of short flags, `--` ending the flags
 * (what follows is positional, as given); a lone `-` is positional. A repeated flag's last value
 * counts, unless it is `multiple`.
 */
function readArgs(
  command: string,
  table: OptionTable,
  argv: readonly string[],
): { values: ParsedValues; positionals: string[]; end?: number } {
  const values: ParsedValues = {};
  const positionals: string[] = [];
  const store = (name: string, spec: OptionSpec, value: string | boolean): void => {
    if (spec.multiple && typeof value === 'string') values[name] = [...((values[name] as string[] | undefined) ?? []), value];
    else values[name] = value;
  };
  const needsValue = (flag: string, spec: OptionSpec): UsageError =>
    new UsageError(
      msg('args.needs_value', { command, flag }),
      msg('args.give', {
        flag,
        what: spec.choices ? msg('args.one_of', { values: commas(spec.choices) }) : (spec.value ?? msg('args.a_value')),
      }),
    );
  const looksLikeFlag = (arg: string | undefined): boolean => arg !== undefined && arg.length > 1 && arg.startsWith('-');
  /** The argument after `at`, as the value of a string flag: never one that looks like a flag (`--model=-x` says so). */
  const valueAfter = (at: number, flag: string, spec: OptionSpec): string => {
    const value = argv[at + 1];
    if (value === undefined || looksLikeFlag(value)) throw needsValue(flag, spec);
    return value;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      return { values, positionals, end: i };
    }
    if (arg.startsWith('--')) {
      // As Node: `--=x` is a flag named `=x`, not an empty name with a value.
      const eq = arg.indexOf('=', 3);
      const name = arg.slice(2, eq === -1 ? undefined : eq);
      const flag = `--${name}`;
      const spec = Object.hasOwn(table, name) ? table[name] : undefined;
      if (spec === undefined) throw unknownFlag(command, flag, table);
      if (spec.type === 'boolean') {
        if (eq !== -1) throw new UsageError(msg('args.no_value', { command, flag }));
        store(name, spec, true);
      } else if (eq !== -1) {
        store(name, spec, arg.slice(eq + 1));
      } else {
        store(name, spec, valueAfter(i, flag, spec));
        i++;
      }
    } else if (looksLikeFlag(arg)) {
      for (let j = 1; j < arg.length; j++) {
        const flag = `-${arg[j] ?? ''}`;
        const found = Object.entries(table).find(([, s]) => s.short === arg[j]);
        if (found === undefined) throw unknownFlag(command, flag, table);
        const [name, spec] = found;
        if (spec.type === 'boolean') {
          store(name, spec, true);
          continue;
        }
        // A short string flag takes the rest of its group, or the next argument.
        if (j < arg.length - 1) {
          store(name, spec, arg.slice(j + 1));
        } else {
          store(name, spec, valueAfter(i, flag, spec));
          i++;
        }
        break;
      }
    } else {
      positionals.push(arg);
    }
  }
  return { values, positionals };
}

function checkNumber(name: string, value: string, range: NonNullable<OptionSpec['number']>): void {
  const n = value.trim() === '' ? Number.NaN : Number(value);
  const kind = msg(range.integer ? 'args.whole_number' : 'args.number');
  if (!Number.isFinite(n) || n < range.min || n > range.max || (range.integer && !Number.isInteger(n))) {
    throw new UsageError(
      msg('args.bad_value', { name, value: showArgument(value) }),
      msg('args.range', { kind, min: range.min, max: range.max }),
    );
  }
}
