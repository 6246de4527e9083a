// The entry point: picks the command, parses its flags, builds the context once, runs it, and is
// the one place that turns errors into messages and exit codes. Everything heavy is behind
// `await import()` so `--help` loads nothing but this file's small imports.
// Every area's sentences, registered before anything is rendered.
import '../messages.js';
import { tmpdir } from 'node:os';
import { suggesting } from '../core/closest.js';
import { EXIT, GatewayError, JobError, ToolError, UsageError } from '../core/errors.js';
import { newRun } from '../core/run-cache.js';
import type { Diagnosis } from '../core/types.js';
import { NODE_MIN, nodeTooOld, VERSION } from '../core/version.js';
import {
  commas,
  ENGLISH,
  LANGS,
  loadTranslator,
  msg,
  parseLang,
  pickLang,
  type Lang,
  type Message,
  type Translator,
} from '../i18n/index.js';
import { refuseLinkArguments } from '../gateway/link-argument.js';
import { parseCommandArgs, showArgument, str, flag } from './args.js';
import type { CommandModule } from './command-types.js';
import { createContext, type CliContext, type ProcessLike } from './context.js';
import { BIN, commandHelp, mainHelp } from './help.js';
import { commandFirst } from './command-first.js';
import { commandList, COMMANDS, type CommandEntry } from './commands.js';
import { formatDiagnosis, note, printJson } from './output.js';
import { wrap } from '../core/layout.js';
import { fsReason, isFsError } from '../config/fs-error.js';

function unknownCommand(name: string): UsageError {
  return new UsageError(
    msg('cli.unknown_command', { name: showArgument(name) }),
    suggesting(
      name,
      [...Object.keys(COMMANDS), 'help'],
      msg('cli.unknown_command_hint', { commands: commas(Object.keys(COMMANDS)), bin: BIN }),
    ),
  );
}

/** `--lang X` or `--lang=X` among the flags; undefined when not given. */
function langFlag(flags: readonly string[]): string | undefined {
  let value: string | undefined;
  flags.forEach((arg, i) => {
    if (arg === '--lang') value = flags[i + 1] ?? '';
    else if (arg.startsWith('--lang=')) value = arg.slice('--lang='.length);
  });
  return value;
}

/** The language to speak, decided once before anything is printed (help and errors included). */
function chooseLang(flags: readonly string[], proc: ProcessLike): Lang {
  const given = langFlag(flags);
  const flag = parseLang(given);
  if (given !== undefined && flag === undefined) {
    throw new UsageError(msg('cli.bad_lang', { value: showArgument(given) }), msg('cli.bad_lang_hint', { langs: commas(LANGS) }));
  }
  return pickLang({ flag, env: proc.env, platform: proc.platform });
}

/** Flags before `--` only: what follows is data. */
function flagsOf(argv: readonly string[]): string[] {
  const end = argv.indexOf('--');
  return end === -1 ? [...argv] : argv.slice(0, end);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Secrets that could reach an error message before a command registered them. */
function secretsOf(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): string[] {
  const secrets: string[] = [];
  const flags = flagsOf(argv);
  flags.forEach((arg, i) => {
    // An import link's key, should one ever reach a message (the link itself is refused unechoed).
    const linkKey = /[?&]apiKey=([^&#\s]*)/i.exec(arg)?.[1];
    if (linkKey) secrets.push(linkKey, safeDecode(linkKey));
    if (arg === '--api-key') secrets.push(flags[i + 1] ?? '');
    else if (arg.startsWith('--api-key=')) secrets.push(arg.slice('--api-key='.length));
  });
  // Every --api-key-env, plain (NAME) or per agent (AGENT=NAME).
  const names = flags
    .flatMap((arg, i) =>
      arg === '--api-key-env' ? [flags[i + 1] ?? ''] : arg.startsWith('--api-key-env=') ? [arg.slice('--api-key-env='.length)] : [],
    )
    .map((v) => v.slice(v.indexOf('=') + 1));
  for (const name of ['GATEWAY_API_KEY', ...names]) {
    const value = name ? env[name] : undefined;
    if (value) secrets.push(value.trim());
  }
  return secrets.filter((s) => s.length >= 4);
}

/** An older Node would fail later on a missing built-in, as if it were our bug: said first. */
function refuseOldNode(proc: ProcessLike): void {
  const node = proc.versions?.node ?? process.versions.node;
  if (nodeTooOld(node)) throw new JobError(msg('cli.node_too_old', { version: node, needed: NODE_MIN }), msg('cli.node_too_old_hint'));
}

export async function main(argv: string[], proc: ProcessLike = process): Promise<number> {
  const early = flagsOf(argv);
  const json = early.includes('--json');
  const verbose = early.includes('--verbose');
  let ctx: CliContext | undefined;
  let lang: Lang = 'en';
  let t: Translator = ENGLISH;
  newRun();
  try {
    lang = chooseLang(early, proc);
    // Flags of every command may come first: the command word is moved to the front.
    const ordered = commandFirst(argv).argv;
    // Another language's sentences are read once, now: every agent's must be registered first (in
    // English an agent's sentences register with its module, before any of them can be said).
    // Help says no agent's sentence: it does without.
    const asksHelp = argv.some((a) => a === '--help' || a === '-h') || ordered[0] === 'help';
    if (lang !== 'en' && !asksHelp) await import('../agents/registry.js');
    t = await loadTranslator(lang);
    if (!asksHelp) refuseOldNode(proc);
    // An import link holds the key: as an argument it stays in shell history and the process list.
    refuseLinkArguments(argv, BIN);
    const [first, ...rest] = ordered;
    if (first === '--help' || first === '-h') {
      proc.stdout.write(mainHelp(commandList(), t));
      return EXIT.ok;
    }
    if (first === undefined || (first.startsWith('-') && first !== '--version' && first !== '-V')) {
      // No command: the wizard on a terminal, else `setup` with these flags. Without a terminal
      // (or with CI set, or --yes/--json) nothing is ever asked, and a missing input is exit 2.
      const quiet = early.includes('--yes') || early.includes('-y') || json;
      const ask = !quiet && createContext(proc).interactive;
      return await main([ask ? 'wizard' : 'setup', ...argv], proc);
    }
    if (first === '--version' || first === '-V') {
      proc.stdout.write(`${VERSION}\n`);
      return EXIT.ok;
    }
    if (first === 'help') {
      const topic = commandFirst(rest).command;
      if (topic === undefined) {
        proc.stdout.write(mainHelp(commandList(), t));
        return EXIT.ok;
      }
      const entry = COMMANDS[topic];
      if (!entry) throw unknownCommand(topic);
      proc.stdout.write(helpFor(topic, entry, t, await entry.load()));
      return EXIT.ok;
    }
    // `wizard --yes` (ask nothing) and `wizard --json` (one JSON document on stdout) are setup's job.
    if (first === 'wizard' && (early.includes('--yes') || early.includes('-y') || json)) return await main(['setup', ...rest], proc);
    const entry = COMMANDS[first];
    if (!entry) throw unknownCommand(first);

    // Every command declares its flags and its help in its own module, loaded here.
    const mod: CommandModule = await entry.load();
    const args = argsOf(first, mod, rest);
    ctx = createContext(proc, {
      home: str(args.values, 'home'),
      verbose: flag(args.values, 'verbose'),
      json: flag(args.values, 'json'),
      noColor: flag(args.values, 'no-color'),
      lang,
      t,
    });
    if (flag(args.values, 'help')) {
      ctx.out(helpFor(first, entry, t, mod));
      return EXIT.ok;
    }
    if (entry.sweepsSessions) {
      const { sweepSessionDirs } = await import('../core/session-dirs.js');
      await sweepSessionDirs(tmpdir());
    }
    const code = await mod.run(ctx, args);
    return code;
  } catch (error) {
    const out = ctx ?? createContext(proc, { json, verbose, lang, t });
    for (const secret of secretsOf(argv, out.env)) out.addSecret(secret);
    return await report(out, error, { json: out.json || json, verbose: out.verbose || verbose, argv });
  }
}

/**
 * The command's arguments. One that takes only flags and was given a command word among them
 * (`--agent codex doctor`, which is setup's) says that a command comes first, not just "unexpected".
 */
function argsOf(name: string, mod: CommandModule, rest: readonly string[]): ReturnType<typeof parseCommandArgs> {
  try {
    return parseCommandArgs(name, mod.options ?? {}, rest, { positionals: mod.positionals === true });
  } catch (error) {
    if (mod.positionals === true || !(error instanceof UsageError)) throw error;
    let word: string | undefined;
    try {
      word = parseCommandArgs(name, mod.options ?? {}, rest, { positionals: true }).positionals[0];
    } catch {
      throw error;
    }
    if (word === undefined || !Object.hasOwn(COMMANDS, word)) throw error;
    throw new UsageError(msg('cli.command_not_first', { word }), msg('cli.command_not_first_hint', { bin: BIN, word }));
  }
}

function helpFor(name: string, entry: CommandEntry, t: Translator, mod: CommandModule): string {
  return commandHelp(name, mod.help ?? { summary: entry.summary }, mod.options ?? {}, t);
}

/** Messages in it are rendered in English by printJson. */
interface ErrorDoc {
  code: string;
  reason?: string;
  date?: string;
  message: Message | string;
  fix?: Message;
  requestId?: string;
  status?: number;
  url?: string;
  details?: Readonly<Record<string, unknown>>;
  /** The command to run again once the cause is fixed. */
  again?: string;
}

function errorCode(error: ToolError): string {
  if (error.code !== undefined) return error.code;
  switch (error.exitCode) {
    case EXIT.usage:
      return 'usage';
    case EXIT.cancelled:
      return 'cancelled';
    case EXIT.later:
      return 'later';
    default:
      return 'failed';
  }
}

/** The single top-level handler: a message on stderr (and a JSON document with --json), an exit code never 0. */
async function report(
  ctx: CliContext,
  error: unknown,
  opts: { json: boolean; verbose: boolean; argv: readonly string[] },
): Promise<number> {
  let doc: ErrorDoc;
  let exitCode: number;
  if (error instanceof GatewayError) {
    const d: Diagnosis = error.diagnosis;
    doc = {
      code: d.code,
      ...(d.reason !== undefined && { reason: d.reason }),
      ...(d.date !== undefined && { date: d.date }),
      message: d.message,
      fix: d.fix,
      requestId: d.requestId,
      status: d.status,
      url: d.url,
    };
    exitCode = error.exitCode;
    note(ctx, formatDiagnosis(ctx, d));
  } else if (error instanceof ToolError) {
    doc = { code: errorCode(error), message: error.text, fix: error.hint, ...(error.details && { details: error.details }) };
    exitCode = error.exitCode;
    note(ctx, wrap(`${ctx.t('cli.error')}: ${ctx.t(error.text)}`));
    if (error.hint) note(ctx, wrap(ctx.t(error.hint), 2));
  } else if (isFsError(error)) {
    // The machine refused (disk full, read-only, permissions): the user's situation, named, not a bug.
    const message = msg('fs.failed', { file: typeof error.path === 'string' ? error.path : '?', reason: fsReason(error) });
    doc = { code: 'failed', message };
    exitCode = EXIT.failed;
    note(ctx, wrap(`${ctx.t('cli.error')}: ${ctx.t(message)}`));
  } else {
    const message = error instanceof Error ? error.message : String(error);
    doc = { code: 'internal', message: `internal error: ${message}` };
    exitCode = EXIT.failed;
    note(ctx, ctx.t('cli.internal_error', { message }));
    if (opts.verbose && error instanceof Error && error.stack) note(ctx, error.stack);
    else note(ctx, `  ${ctx.t('cli.internal_hint')}`);
  }
  // A ToolError's exit code is never 0 by type; this guards against a future subclass that breaks it.
  if (exitCode === EXIT.ok) exitCode = EXIT.failed;
  // A run that failed for a cause the user fixes outside (key, network, a file), or that only the
  // gateway's load stopped (try later): the command to run again then, as they typed it, from where
  // they stand. Not after a usage error (that command is what is wrong), a cancel, a bug, or an error
  // that says running it again cannot do better.
  const again = exitCode === EXIT.failed || exitCode === EXIT.later;
  if (again && doc.code !== 'internal' && !(error instanceof ToolError && !error.retryable) && opts.argv.length > 0) {
    const { againArgs, invocationHere } = await import('./invocation.js');
    const words = againArgs(opts.argv, error instanceof GatewayError ? error.againWith : undefined);
    const command = `${await invocationHere(ctx)} ${words.args}`;
    doc.again = command;
    // On a line of its own and never wrapped: copied whole, it runs.
    note(ctx, [...wrap(ctx.t(words.keyLeftOut ? 'cli.again_key' : 'cli.again'), 2), `    ${command}`]);
  }
  if (opts.json) printJson(ctx, { ok: false, error: doc });
  return exitCode;
}
