// dotenv files (`KEY=value` lines, e.g. `$CODEX_HOME/.env`): a line-based reader and editor that keeps
// every line it does not own (comments, blank lines, other variables, `export` prefixes) as it was.
import { JobError, ParseError } from '../core/errors.js';
import { detectEol, splitBom } from './text.js';
import type { KeyEdit } from './types.js';
import { msg } from '../i18n/index.js';

const ASSIGNMENT = /^(\s*(?:export\s+)?)([A-Za-z_][A-Za-z0-9_.-]*)(\s*=\s*)(.*)$/;

interface DotenvLine {
  /** The line without its line break. */
  raw: string;
  /** The line break that ended it in the file ('' on a last line without one). */
  end?: string;
  key?: string;
  value?: string;
  /** Quoted so that no reader expands it (single quotes). */
  literal?: boolean;
  prefix?: string;
}

/** Lines with their own line breaks, so untouched lines keep theirs even in a mixed file. */
function splitLines(body: string): { raw: string; end: string }[] {
  const out: { raw: string; end: string }[] = [];
  const re = /([^\n]*?)(\r?\n|$)/gy;
  let m: RegExpExecArray | null;
  while (re.lastIndex < body.length && (m = re.exec(body)) !== null) {
    out.push({ raw: m[1] ?? '', end: m[2] ?? '' });
  }
  return out;
}

function parseValue(rest: string, file: string, line: number, column: number): { value: string; literal: boolean } {
  const text = rest.trimEnd();
  const quote = text[0];
  if (quote === '"' || quote === "'" || quote === '`') {
    let out = '';
    for (let i = 1; i < text.length; i++) {
      const ch = text[i] as string;
      if (ch === quote) {
        const after = text.slice(i + 1).trim();
        if (after !== '' && !after.startsWith('#')) {
          throw new ParseError(file, line, column + i + 1, msg('cfg.dotenv_after_quote'));
        }
        // Inside single quotes (and backticks, to dotenv readers) nothing is expanded.
        return { value: out, literal: quote !== '"' };
      }
      if (ch === '\\' && quote === '"' && i + 1 < text.length) {
        const next = text[++i] as string;
        out += next === 'n' ? '\n' : next === 'r' ? '\r' : next === 't' ? '\t' : next;
        continue;
      }
      out += ch;
    }
    throw new ParseError(file, line, column, msg('cfg.dotenv_unterminated', { quote }));
  }
  // Unquoted: an inline comment starts at a `#` preceded by whitespace.
  const hash = text.search(/\s#/);
  return { value: (hash === -1 ? text : text.slice(0, hash)).trim(), literal: false };
}

function parseLines(text: string, file: string): { bom: string; eol: string; lines: DotenvLine[] } {
  const { bom, body } = splitBom(text);
  const lines = splitLines(body).map(({ raw, end }, i): DotenvLine => {
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return { raw, end };
    const m = ASSIGNMENT.exec(raw);
    if (!m) throw new ParseError(file, i + 1, raw.length - raw.trimStart().length + 1, msg('cfg.dotenv_line'));
    const [, prefix = '', key = '', eq = '', rest = ''] = m;
    return { raw, end, key, prefix, ...parseValue(rest, file, i + 1, prefix.length + key.length + eq.length + 1) };
  });
  return { bom, eol: detectEol(body), lines };
}

/** The variables of a parsed dotenv file whose values no reader expands (single-quoted). */
const LITERAL = Symbol('literal values');

/** The variables of a dotenv file; a later assignment of the same name wins, as in `dotenv`. */
export function parseDotenv(text: string, file: string): Record<string, string> {
  const out: Record<string, string> = {};
  const literal = new Set<string>();
  for (const line of parseLines(text, file).lines) {
    if (line.key === undefined || line.value === undefined) continue;
    out[line.key] = line.value;
    if (line.literal) literal.add(line.key);
    else literal.delete(line.key);
  }
  Object.defineProperty(out, LITERAL, { value: literal, enumerable: false });
  return out;
}

/**
 * The variable that `doc[key]` references as the file's readers read it (a shell sourcing it, a
 * dotenv library): `${NAME}` bare or in double quotes; in single quotes it is the text itself.
 */
export function dotenvReferenceOf(doc: Record<string, unknown>, key: string): string | undefined {
  const value = doc[key];
  if (typeof value !== 'string') return undefined;
  const literal = (doc as { [LITERAL]?: Set<string> })[LITERAL];
  return literal?.has(key) ? undefined : envReferenceOf(value);
}

/**
 * Quotes a value only when a reader could misread it bare: spaces, `#`, quotes, `$`, backticks,
 * backslashes, `!`. A shell sources these files: single quotes make every character literal there
 * and in dotenv parsers alike. A value holding a single quote itself goes in double quotes with
 * every character a shell expands inside them escaped (`\\`, `"`, `$`, backtick).
 */
function formatDotenvValue(value: string): string {
  if (value !== '' && !/[\s#"'`$\\!;&|<>(){}*?~]/.test(value)) return value;
  if (value === '') return '';
  if (!value.includes("'") && !/[\n\r]/.test(value)) return `'${value}'`;
  const escaped = value
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\$/g, '\\$')
    .replace(/`/g, '\\`')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r');
  return `"${escaped}"`;
}

/**
 * A value that names another variable instead of holding one: written `"${NAME}"`, which a shell
 * expands when it sources the file (an env file that references the user's key variable). Read
 * back, it is the text `${NAME}`.
 */
interface EnvReference {
  envRef: string;
}

function isEnvReference(value: unknown): value is EnvReference {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { envRef?: unknown }).envRef === 'string' &&
    /^[A-Za-z_][A-Za-z0-9_]*$/.test((value as EnvReference).envRef)
  );
}

/** The variable a value read back from a dotenv file references (`${NAME}`); undefined for a plain value. */
function envReferenceOf(value: string): string | undefined {
  return /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(value)?.[1];
}

function valueText(value: unknown, key: string, file: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  throw new JobError(`internal: cannot store a ${typeof value} in ${key} in ${file}: dotenv holds text only.`);
}

/** Applies `edits` ([VARIABLE] → value, undefined deletes) to a dotenv text, keeping every other line. */
export function editDotenv(text: string, edits: readonly KeyEdit[], file: string): string {
  const doc = parseLines(text, file);
  const lines = doc.lines;
  let changed = false;
  for (const edit of edits) {
    const key = edit.path[0];
    if (edit.path.length !== 1 || typeof key !== 'string') {
      throw new JobError(`internal: a dotenv edit of ${file} needs exactly one variable name, got ${JSON.stringify(edit.path)}.`);
    }
    if (edit.value === undefined) {
      // Every assignment goes: leaving one behind would keep the variable alive.
      for (let i = lines.length - 1; i >= 0; i--) {
        if (lines[i]?.key === key) {
          lines.splice(i, 1);
          changed = true;
        }
      }
      continue;
    }
    const ref = isEnvReference(edit.value) ? edit.value.envRef : undefined;
    const value = ref !== undefined ? `\${${ref}}` : valueText(edit.value, key, file);
    const written = ref !== undefined ? `"\${${ref}}"` : formatDotenvValue(value);
    const first = lines.findIndex((l) => l.key === key);
    if (first === -1) {
      // The previous last line may lack a line break; the new line must start on a line of its own.
      const last = lines[lines.length - 1];
      if (last && last.end === '') last.end = doc.eol;
      // A file whose every assignment is exported (one meant to be sourced) gets an exported line.
      const assigned = lines.filter((l) => l.key !== undefined);
      const prefix = assigned.length > 0 && assigned.every((l) => /^\s*export\s/.test(l.prefix ?? '')) ? 'export ' : '';
      lines.push({ raw: `${prefix}${key}=${written}`, end: doc.eol, key, value, prefix });
      changed = true;
      continue;
    }
    const current = lines[first] as DotenvLine;
    if (current.value !== value) {
      const prefix = current.prefix ?? '';
      lines[first] = { raw: `${prefix}${key}=${written}`, end: current.end ?? doc.eol, key, value, prefix };
      changed = true;
    }
    // A later assignment with another value would win in readers where the last one counts.
    for (let i = lines.length - 1; i > first; i--) {
      const later = lines[i];
      if (later?.key === key && later.value !== value) {
        lines.splice(i, 1);
        changed = true;
      }
    }
  }
  if (!changed) return text;
  return doc.bom + lines.map((l) => l.raw + (l.end ?? doc.eol)).join('');
}
