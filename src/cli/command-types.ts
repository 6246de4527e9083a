// What a command is: the module main.ts loads for it, and its help text.
import type { OptionTable, ParsedArgs } from './args.js';
import type { CliContext } from './context.js';
import type { Message } from '../i18n/index.js';

export interface CommandHelp {
  summary: Message;
  usage?: string;
  /** Paragraphs printed after the flags. */
  details?: readonly Message[];
  examples?: readonly string[];
}

/**
 * What a command module under src/cli/commands/ exports. main.ts loads it with `await import()`
 * only when that command runs, so each command's heavy dependencies stay out of start-up.
 */
export interface CommandModule {
  run(ctx: CliContext, args: ParsedArgs): Promise<number>;
  /** The command's flags (the common flags are added to them). */
  options?: OptionTable;
  /** Its help text. */
  help?: CommandHelp;
  /** The command takes positional arguments (default: none allowed). */
  positionals?: boolean;
  /** The words its first positional argument takes, when known offline (shell completion offers them). */
  firstWords?: readonly string[];
}
