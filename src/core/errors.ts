// Typed errors with exit codes; only src/cli/main.ts turns them into an exit.
import { msg } from '../i18n/index.js';
import type { Diagnosis } from './types.js';

/** Documented exit codes (README, "Exit codes"). */
export const EXIT = {
  ok: 0,
  failed: 1,
  usage: 2,
  cancelled: 130,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** Base class: a message for the user and the exit code it stands for. */
export class ToolError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    readonly hint?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Bad flags, bad input values, missing inputs: exit 2. */
export class UsageError extends ToolError {
  constructor(message: string, hint?: string) {
    super(message, EXIT.usage, hint);
  }
}

/** The job failed (gateway refused, probe failed, file unparseable): exit 1. */
export class JobError extends ToolError {
  constructor(message: string, hint?: string) {
    super(message, EXIT.failed, hint);
  }
}

/** A gateway call failed; carries the diagnosis (code, cause, fix, request ID). */
export class GatewayError extends JobError {
  constructor(readonly diagnosis: Diagnosis) {
    super(diagnosis.message, diagnosis.fix);
  }
}

/** A config file we must edit does not parse: nothing is written anywhere in that run. */
export class ParseError extends JobError {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    detail: string,
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
