// The facts of the process, read once by main.ts and handed to every command: nothing else in
// src/ reads process.env, os.homedir() or writes to the terminal.
import { statSync } from 'node:fs';
import { userInfo } from 'node:os';
import { resolve } from 'node:path';
import { UsageError } from '../core/errors.js';
import { findHome } from '../core/home.js';
import { redact } from '../core/mask.js';
import { ENGLISH, isMessage, msg, type Lang, type Message, type MessageKey, type MessageParams, type Translator } from '../i18n/index.js';
import { wrap } from '../core/layout.js';
import { forTerminal } from '../core/terminal.js';
import type { Host } from '../library/host.js';

export interface CliContext {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  /** `--home DIR`, else the home the agents find (USERPROFILE on Windows, HOME elsewhere; see core/home.ts). */
  readonly home: string;
  readonly platform: NodeJS.Platform;
  /** The script node runs (process.argv[1]): how this tool was started, for advice that names it. */
  readonly script?: string;
  /** stdout is a terminal. */
  readonly isTTY: boolean;
  /** ANSI colour on stdout/stderr: off under NO_COLOR, `--no-color` or without a TTY. */
  readonly color: boolean;
  /** Questions may be asked: stdin and stdout are terminals and CI is not set. */
  readonly interactive: boolean;
  /** stdin is a terminal (its Ctrl-C reaches every program of our process group). */
  readonly stdinIsTTY: boolean;
  /** `--verbose`: stacks for unexpected errors, more detail. */
  readonly verbose: boolean;
  /** `--json`: stdout holds exactly one JSON document. */
  readonly json: boolean;
  /** The language people read (`--lang`, else the locale); `--json` documents never change with it. */
  readonly lang: Lang;
  /** Messages in that language: `t(key, params)`, or `t(message)` for a message library code returned. */
  readonly t: Translator;
  /**
   * Write to stdout / stderr. Every known secret is masked on the way out, and every control or bidi
   * character escaped but the sequences made with `control()` (core/terminal.ts).
   */
  out(text: string): void;
  err(text: string): void;
  /**
   * Registers a secret (the key in use) so the writers mask it. Defence in depth: the code paths
   * already avoid printing it, this catches the one that forgets.
   */
  addSecret(secret: string): void;
  /** A note or warning given as a message (settings and the layers below speak so): rendered and wrapped on stderr. */
  warn(message: Message): void;
  /** Resolves with the first SIGINT or SIGTERM received after the call (for long-running commands). */
  waitForSignal(): Promise<NodeJS.Signals>;
  /**
   * Calls `listener` on every SIGINT and SIGTERM until the returned function is called; while it is
   * registered the signals no longer end the process by themselves.
   */
  onSignal(listener: (signal: NodeJS.Signals) => void): () => void;
  /** Ends the process now with `code` (an interrupted run); returns only where the process cannot exit (tests). */
  exit(code: number): void;
  /**
   * Standard input read to its end (at most `limit` characters), for input that must not be an
   * argument (`--import -`); undefined when stdin is a terminal or cannot be read.
   */
  readStdin?(limit: number): Promise<string | undefined>;
}

/** The slice of `process` the context reads; tests pass a fake. */
export interface ProcessLike {
  env: Record<string, string | undefined>;
  cwd(): string;
  platform: NodeJS.Platform;
  argv?: readonly string[];
  stdin: { isTTY?: boolean } & Partial<AsyncIterable<unknown>>;
  stdout: { isTTY?: boolean; write(text: string): unknown };
  stderr: { isTTY?: boolean; write(text: string): unknown };
  once(event: NodeJS.Signals, listener: () => void): unknown;
  off(event: NodeJS.Signals, listener: () => void): unknown;
  on?(event: NodeJS.Signals, listener: () => void): unknown;
  exit?(code?: number): unknown;
  /** The Node that runs us (process.versions). */
  versions?: { readonly node: string };
}

export interface ContextOptions {
  home?: string;
  verbose?: boolean;
  json?: boolean;
  noColor?: boolean;
  lang?: Lang;
  /** The loaded catalog for `lang` (main.ts loads it; English when absent). */
  t?: Translator;
}

/** A variable counts as set when present and not empty (no-color.org, and how CI systems set CI). */
function isSet(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

/** The account's own home directory, when the system knows one. */
function accountHome(): string | undefined {
  try {
    return userInfo().homedir || undefined;
  } catch {
    return undefined;
  }
}

function homeOf(proc: ProcessLike): string {
  const home = findHome(proc.platform, proc.env, accountHome);
  if (home !== undefined) return home;
  const vars = proc.platform === 'win32' ? 'USERPROFILE' : 'HOME';
  throw new UsageError(msg('err.no_home', { vars }), msg('err.no_home_hint', { var: vars }));
}

/** `--home DIR`: a directory, or one still to be made; anything else is named as the flag's mistake. */
function givenHome(dir: string): string {
  let info;
  try {
    info = statSync(dir);
  } catch {
    return dir;
  }
  if (!info.isDirectory()) throw new UsageError(msg('err.home_not_dir', { dir }), msg('err.home_not_dir_hint'));
  return dir;
}

/** The parameters that name a file or folder: shown to a person from the home, as `~/…`. */
const PATH_PARAMS = new Set(['file', 'path', 'dir', 'dotenv', 'source', 'home', 'target', 'exclude', 'real', 'legacy']);

/** `message` with each path under `home` in it (nested messages too) written as `~/…`. */
function homeRelative(message: Message, home: string): Message {
  let params: Record<string, unknown> | undefined;
  for (const [name, value] of Object.entries(message.params)) {
    const shown =
      typeof value === 'string' && PATH_PARAMS.has(name) && value.startsWith(`${home}/`)
        ? `~${value.slice(home.length)}`
        : isMessage(value)
          ? homeRelative(value, home)
          : value;
    if (shown !== value) (params ??= { ...message.params })[name] = shown;
  }
  return params ? ({ ...message, params } as Message) : message;
}

/** A translator for the terminal: paths under the home read as `~/…` (JSON documents keep them whole). */
function fromHome(t: Translator, home: () => string | undefined): Translator {
  return ((k: MessageKey | Message, params?: MessageParams): string => {
    const m = typeof k === 'string' ? msg(k, params) : k;
    const h = home();
    return t(h === undefined || h === '/' ? m : homeRelative(m, h));
  }) as Translator;
}

export function createContext(proc: ProcessLike, opts: ContextOptions = {}): CliContext {
  const env = { ...proc.env };
  const cwd = proc.cwd();
  const isTTY = proc.stdout.isTTY === true;
  const secrets = new Set<string>();
  const clean = (text: string): string => (secrets.size === 0 ? text : redact(text, [...secrets]));
  // NO_COLOR: any non-empty value disables colour (no-color.org).
  const noColorEnv = env.NO_COLOR !== undefined && env.NO_COLOR !== '';
  const { home, homeFor } = homeFinder(proc, opts, cwd);
  const t = fromHome(opts.t ?? ENGLISH, homeFor);
  const err = (text: string): void => void proc.stderr.write(forTerminal(clean(text)));
  return {
    env,
    cwd,
    get home(): string {
      return home();
    },
    platform: proc.platform,
    script: proc.argv?.[1],
    isTTY,
    color: isTTY && !noColorEnv && opts.noColor !== true,
    interactive: isTTY && proc.stdin.isTTY === true && !isSet(env.CI),
    stdinIsTTY: proc.stdin.isTTY === true,
    verbose: opts.verbose === true,
    json: opts.json === true,
    lang: opts.lang ?? 'en',
    t,
    // The output edge: whatever a command prints, a control or bidi character from data never reaches
    // the terminal raw (only our own marked colour and cursor sequences do).
    out: (text) => void proc.stdout.write(forTerminal(clean(text))),
    err,
    warn: (message) => err(`${wrap(t(message)).join('\n')}\n`),
    addSecret: (secret) => {
      if (secret.length > 0) secrets.add(secret);
    },
    ...signalsOf(proc),
    exit: (code) => void proc.exit?.(code),
    readStdin: (limit) => readStdin(proc, limit),
  };
}

/**
 * The home, found once, on first use (a command that needs no home runs even where none is found):
 * every message the translator renders asks for it (`homeFor`, undefined where none is found).
 */
function homeFinder(proc: ProcessLike, opts: ContextOptions, cwd: string): { home: () => string; homeFor: () => string | undefined } {
  let found: { home: string } | { error: unknown } | undefined;
  const home = (): string => {
    if (found === undefined) {
      try {
        found = { home: opts.home !== undefined ? givenHome(resolve(cwd, opts.home)) : homeOf(proc) };
      } catch (error) {
        found = { error };
      }
    }
    if ('error' in found) throw found.error;
    return found.home;
  };
  const homeFor = (): string | undefined => {
    try {
      return home();
    } catch {
      return undefined;
    }
  };
  return { home, homeFor };
}

/** SIGINT and SIGTERM, waited for once or listened to until the returned function stops it. */
function signalsOf(proc: ProcessLike): Pick<CliContext, 'waitForSignal' | 'onSignal'> {
  return {
    waitForSignal: () =>
      new Promise((done) => {
        const onInt = (): void => finish('SIGINT');
        const onTerm = (): void => finish('SIGTERM');
        const finish = (signal: NodeJS.Signals): void => {
          proc.off('SIGINT', onInt);
          proc.off('SIGTERM', onTerm);
          done(signal);
        };
        proc.once('SIGINT', onInt);
        proc.once('SIGTERM', onTerm);
      }),
    onSignal: (listener) => {
      const onInt = (): void => listener('SIGINT');
      const onTerm = (): void => listener('SIGTERM');
      (proc.on ?? proc.once).call(proc, 'SIGINT', onInt);
      (proc.on ?? proc.once).call(proc, 'SIGTERM', onTerm);
      return () => {
        proc.off('SIGINT', onInt);
        proc.off('SIGTERM', onTerm);
      };
    },
  };
}

/** Piped standard input as text, up to a little over `limit`; undefined from a terminal. */
async function readStdin(proc: ProcessLike, limit: number): Promise<string | undefined> {
  const input = proc.stdin;
  if (input.isTTY === true || typeof input[Symbol.asyncIterator] !== 'function') return undefined;
  let text = '';
  for await (const chunk of input as AsyncIterable<unknown>) {
    text += typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : '';
    // Enough for any link; a larger input is not one.
    if (text.length > limit) break;
  }
  return text;
}

/** The library's view of the process: the context's facts and its secret and note writers. */
export function hostOf(ctx: CliContext): Host {
  return {
    env: ctx.env,
    // Found on first use, as the context finds it.
    get home(): string {
      return ctx.home;
    },
    cwd: ctx.cwd,
    platform: ctx.platform,
    ...(ctx.readStdin && { readStdin: ctx.readStdin }),
    addSecret: ctx.addSecret,
    warn: ctx.warn,
  };
}
