// Typed errors with exit codes; only src/cli/main.ts turns them into an exit.
import { english, msg, type Message } from '../i18n/index.js';
import type { Diagnosis, DiagnosisCode } from './types.js';

/** Documented exit codes (README, "Exit codes"). */
export const EXIT = {
  ok: 0,
  failed: 1,
  usage: 2,
  /** The gateway is busy (its load monitor refuses calls): nothing is wrong with the setup; try again later (sysexits' EX_TEMPFAIL). */
  later: 75,
  cancelled: 130,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/**
 * Base class: a message for the user and the exit code it stands for. The message and hint are
 * data, rendered where they are shown; `Error.message` holds the English text for stacks and logs.
 * A plain string is only for internal errors that no catalog names (a bug, not a user's mistake).
 */
export class ToolError extends Error {
  readonly text: Message;
  /** A stable code for `--json` where the exit code alone does not say enough (`untrusted`). */
  code?: string;
  /** Facts a script needs beside the sentence (`--json`'s `error.details`): data, never prose. */
  details?: Readonly<Record<string, unknown>>;
  /** False when the same command run again cannot do better (there is nothing for it to act on): no "run again" line. */
  retryable = true;
  constructor(
    message: Message | string,
    readonly exitCode: ExitCode,
    readonly hint?: Message,
  ) {
    const text = typeof message === 'string' ? msg('err.verbatim', { text: message }) : message;
    super(english(text));
    this.text = text;
    this.name = new.target.name;
  }
}

/** Bad flags, bad input values, missing inputs: exit 2. */
export class UsageError extends ToolError {
  constructor(message: Message | string, hint?: Message) {
    super(message, EXIT.usage, hint);
  }
}

/** The job failed (gateway refused, probe failed, file unparseable): exit 1. */
export class JobError extends ToolError {
  constructor(message: Message | string, hint?: Message, exitCode: ExitCode = EXIT.failed) {
    super(message, exitCode, hint);
  }
}

/** The exit code a failed gateway call stands for: "try later" when only the gateway's load stopped it. */
function exitFor(d: Pick<Diagnosis, 'code'>): ExitCode {
  return d.code === 'gateway_busy' ? EXIT.later : EXIT.failed;
}

/** Several runs' exit codes as one: success when all succeeded, "try later" when every failed one says so. */
export function exitOfRuns(exits: readonly ExitCode[]): ExitCode {
  const failed = exits.filter((e) => e !== EXIT.ok);
  return failed.length === 0 ? EXIT.ok : failed.every((e) => e === EXIT.later) ? EXIT.later : EXIT.failed;
}

/** The exit code of failed probes: "try later" when each failed only for the gateway's load. */
export function exitForFailures(failures: readonly { diagnosis?: Pick<Diagnosis, 'code'> }[]): ExitCode {
  return failures.length > 0 && failures.every((f) => f.diagnosis?.code === 'gateway_busy') ? EXIT.later : EXIT.failed;
}

/** A gateway call failed; carries the diagnosis (code, cause, fix, request ID), and the gateway's version when its answer told it. */
/**
 * Causes that make a key unusable whatever it asks for: refused, missing, or in a group its owner
 * may no longer use. Another key the user gives replaces such a key. Quota is not among them: it is
 * the account's, and another key may bill another account.
 */
export const KEY_UNUSABLE: ReadonlySet<DiagnosisCode> = new Set(['bad_key', 'missing_key', 'group_denied']);

export class GatewayError extends JobError {
  constructor(
    readonly diagnosis: Diagnosis,
    readonly gatewayVersion?: string,
    /** Arguments the command to run again adds (the variable that holds the key to send instead). */
    readonly againWith?: readonly string[],
  ) {
    super(diagnosis.message, diagnosis.fix, exitFor(diagnosis));
  }
}

/** A config file we must edit does not parse: nothing is written anywhere in that run. */
export class ParseError extends JobError {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    detail: Message | string,
  ) {
    super(msg('err.parse', { file, line, column, detail }), msg('err.parse_hint'));
  }
}

/** The user pressed Ctrl-C or Esc: exit 130, nothing written. */
export class CancelledError extends ToolError {
  constructor() {
    super(msg('err.cancelled'), EXIT.cancelled);
  }
}

/** What went wrong, as a message: a ToolError's own, else the error's text as it is. */
export function errorText(err: unknown): Message {
  if (err instanceof ToolError) return err.text;
  return msg('err.verbatim', { text: err instanceof Error ? err.message : String(err) });
}
