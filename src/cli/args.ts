// Flags: one table per command, parsed with node:util parseArgs. Unknown flags and bad values
// become UsageErrors that name the flag and what it accepts. The same tables print the help.
import { parseArgs } from 'node:util';
import { UsageError } from '../core/errors.js';
import { maskKey } from '../core/mask.js';
import { PROTOCOLS } from '../core/types.js';

export interface OptionSpec {
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
  description: string;
}

export type OptionTable = Readonly<Record<string, OptionSpec>>;

/** Accepted by every command. */
export const COMMON_OPTIONS: OptionTable = {
  help: { type: 'boolean', short: 'h', description: 'Show help for this command.' },
  verbose: { type: 'boolean', description: 'More detail; stack traces for internal errors.' },
  'no-color': { type: 'boolean', description: 'No colour (also: NO_COLOR=1, or output not a terminal).' },
  home: { type: 'string', value: 'DIR', description: 'Use DIR as the home directory (default: your home).' },
  lang: { type: 'string', value: 'en|zh-CN', description: 'Language of messages (default: from LC_ALL/LC_MESSAGES/LANG, else English). --json output is the same in every language.' },
};

/** Where the gateway is and which key to use (src/cli/inputs.ts reads them). */
export const GATEWAY_OPTIONS: OptionTable = {
  'base-url': { type: 'string', value: 'URL', description: 'Gateway address (default: $GATEWAY_BASE_URL). A trailing /v1 is fine.' },
  'api-key-env': { type: 'string', value: 'NAME', description: 'Read the key from the variable NAME (default: GATEWAY_API_KEY).' },
  'api-key': { type: 'string', value: 'KEY', description: 'The key itself. Avoid: it lands in shell history and the process list.' },
  timeout: { type: 'string', value: 'SECONDS', number: { min: 0.1, max: 600 }, description: 'Give up on a request after SECONDS (default 30).' },
};

const JSON_OPTION: OptionTable = {
  json: { type: 'boolean', description: 'Print one JSON document on stdout and nothing else there.' },
};

export const COMMAND_OPTIONS: Readonly<Record<string, OptionTable>> = {
  models: {
    ...GATEWAY_OPTIONS,
    ...JSON_OPTION,
    all: { type: 'boolean', description: 'Also detail the models no coding agent can use.' },
  },
  verify: {
    ...GATEWAY_OPTIONS,
    ...JSON_OPTION,
    model: { type: 'string', value: 'ID', description: 'Probe this model (default: one model per protocol the key offers).' },
    protocol: { type: 'string', value: 'NAME', choices: PROTOCOLS, description: 'Probe only this protocol. images costs money: only probed when asked for.' },
    concurrency: { type: 'string', value: 'N', number: { min: 1, max: 16, integer: true }, description: 'Probes in flight at once (default 4).' },
    force: { type: 'boolean', description: "Probe --model even when the key's model list does not show it." },
    'agent-run': { type: 'boolean', description: 'Run each configured, installed agent one-shot with a tiny prompt instead of probing ourselves.' },
    agent: { type: 'string', value: 'ID', multiple: true, description: 'With --agent-run: only these agents (repeatable or comma-separated).' },
    scope: { type: 'string', value: 'user|project', choices: ['user', 'project'], description: 'With --agent-run: the configs to read (default user).' },
  },
  simulate: {
    port: { type: 'string', value: 'N', number: { min: 0, max: 65535, integer: true }, description: 'Listen on port N of 127.0.0.1 (default: a free port).' },
  },
};

export type ParsedValues = Record<string, string | boolean | string[] | undefined>;

export interface ParsedArgs {
  values: ParsedValues;
  positionals: string[];
}

function flagList(table: OptionTable): string {
  return Object.keys(table).map((name) => `--${name}`).join(', ');
}

/** A stray argument may be a key pasted in the wrong place: never echo a long one. */
export function showArgument(arg: string): string {
  const shown = arg.length > 12 ? maskKey(arg) : arg;
  // Never send a terminal the control characters someone typed or pasted (escape sequences).
  return /[\u0000-\u001f\u007f]/.test(shown) ? JSON.stringify(shown) : shown;
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
    config[name] = { type: spec.type, ...(spec.short !== undefined ? { short: spec.short } : {}), ...(spec.multiple ? { multiple: true } : {}) };
  }
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...argv], options: config, strict: true, allowPositionals: true });
  } catch (error) {
    throw translateParseError(command, all, error);
  }
  if (!opts.positionals && parsed.positionals.length > 0) {
    const first = parsed.positionals[0] ?? '';
    throw new UsageError(
      `${command}: unexpected argument "${showArgument(first)}".`,
      `${command} takes only flags: ${flagList(all)}.`,
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
        throw new UsageError(`--${name} "${showArgument(one)}" is not valid.`, `Valid values: ${spec.choices.join(', ')}.`);
      }
      if (spec.number) checkNumber(name, one, spec.number);
    }
  }
  return { values, positionals: parsed.positionals };
}

function checkNumber(name: string, value: string, range: NonNullable<OptionSpec['number']>): void {
  const n = value.trim() === '' ? Number.NaN : Number(value);
  const kind = range.integer ? 'a whole number' : 'a number';
  if (!Number.isFinite(n) || n < range.min || n > range.max || (range.integer && !Number.isInteger(n))) {
    throw new UsageError(`--${name} "${showArgument(value)}" is not valid.`, `Give ${kind} from ${range.min} to ${range.max}.`);
  }
}

function translateParseError(command: string, table: OptionTable, error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const code = (error as { code?: unknown }).code;
  // node:util names the flag between quotes: "Unknown option '--foo'", "Option '--model <value>' …".
  const flag = /'(-[^' ]*)/.exec(error.message)?.[1] ?? 'flag';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    return new UsageError(`${command}: unknown flag ${flag}.`, `Valid flags: ${flagList(table)}.`);
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const name = flag.replace(/^-+/, '');
    const spec = table[name] ?? Object.entries(table).find(([, s]) => s.short === name)?.[1];
    if (spec?.type === 'boolean') return new UsageError(`${command}: ${flag} takes no value.`);
    const what = spec?.choices ? `one of: ${spec.choices.join(', ')}` : (spec?.value ?? 'a value');
    return new UsageError(`${command}: ${flag} needs a value.`, `Give ${flag} ${what}.`);
  }
  return error;
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
  return all.flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean);
}

export function flag(values: ParsedValues, name: string): boolean {
  return values[name] === true;
}

export function num(values: ParsedValues, name: string): number | undefined {
  const v = str(values, name);
  return v === undefined ? undefined : Number(v);
}
