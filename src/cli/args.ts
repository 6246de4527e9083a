// Flags: one table per command, parsed with node:util parseArgs. Unknown flags and bad values
// become UsageErrors that name the flag and what it accepts. The same tables print the help.
import { parseArgs } from 'node:util';
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
  const config: Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }> = {};
  for (const [name, spec] of Object.entries(all)) {
    config[name] = {
      type: spec.type,
      ...(spec.short !== undefined ? { short: spec.short } : {}),
      ...(spec.multiple ? { multiple: true } : {}),
    };
  }
  let parsed: { values: Record<string, unknown>; positionals: string[]; tokens?: { kind: string; index: number }[] };
  try {
    parsed = parseArgs({ args: [...argv], options: config, strict: true, allowPositionals: true, tokens: true });
  } catch (error) {
    throw translateParseError(command, all, error);
  }
  if (!opts.positionals && parsed.positionals.length > 0) {
    const first = parsed.positionals[0] ?? '';
    throw new UsageError(
      msg('args.unexpected', { command, arg: showArgument(first) }),
      msg('args.only_flags', { command, flags: flagList(all) }),
    );
  }
  const values: ParsedValues = {};
  for (const [name, value] of Object.entries(parsed.values)) {
    if (typeof value === 'string' || typeof value === 'boolean') values[name] = value;
    else if (Array.isArray(value)) values[name] = value.filter((v): v is string => typeof v === 'string');
  }
  for (const [name, spec] of Object.entries(all)) {
    const value = values[name];
    const given = typeof value === 'string' ? [value] : Array.isArray(value) ? value.flatMap((v) => v.split(',')) : [];
    for (const one of given) {
      if (spec.choices && !spec.choices.includes(one)) {
        throw new UsageError(
          msg('args.bad_value', { name, value: showArgument(one) }),
          msg('args.valid_values', { values: commas(spec.choices) }),
        );
      }
      if (spec.number) checkNumber(name, one, spec.number);
    }
  }
  const end = parsed.tokens?.find((t) => t.kind === 'option-terminator')?.index;
  return { values, positionals: parsed.positionals, ...(end !== undefined && { passthrough: argv.slice(end + 1) }) };
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

function translateParseError(command: string, table: OptionTable, error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const code = (error as { code?: unknown }).code;
  // node:util names the flag between quotes: "Unknown option '--foo'", "Option '--model <value>' …".
  const flag = /'(-[^' ]*)/.exec(error.message)?.[1] ?? 'flag';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    return new UsageError(msg('args.unknown_flag', { command, flag }), msg('args.valid_flags', { flags: flagList(table) }));
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const name = flag.replace(/^-+/, '');
    const spec = table[name] ?? Object.entries(table).find(([, s]) => s.short === name)?.[1];
    if (spec?.type === 'boolean') return new UsageError(msg('args.no_value', { command, flag }));
    const what = spec?.choices ? msg('args.one_of', { values: commas(spec.choices) }) : (spec?.value ?? msg('args.a_value'));
    return new UsageError(msg('args.needs_value', { command, flag }), msg('args.give', { flag, what }));
  }
  return error;
}
