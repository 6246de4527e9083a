// The flags every command takes may come before the command, as git's do (`gateway-agent-setup
// --home DIR doctor`). Only those: any other flag before a command word makes the arguments the
// default command's, which then refuses the word. Imports nothing, so the first module can name a
// command's code cache by it; a test holds these lists to the command line's table of those flags.

/** The flags of every command that take no value, as typed. */
export const LEADING_FLAGS: readonly string[] = ['--help', '-h', '--verbose', '--no-color'];
/** The flags of every command that take a value (`--home DIR` or `--home=DIR`). */
export const LEADING_VALUE_FLAGS: readonly string[] = ['--home', '--lang'];

export interface CommandWord {
  /** The command named after any flags of every command; undefined when none is. */
  readonly command: string | undefined;
  /** The arguments with that command first, the flags before it kept in their order after it. */
  readonly argv: string[];
}

export function commandFirst(argv: readonly string[]): CommandWord {
  let i = 0;
  for (;;) {
    const arg = argv[i];
    if (arg === undefined) break;
    if (LEADING_FLAGS.includes(arg)) i += 1;
    else if (LEADING_VALUE_FLAGS.includes(arg)) i += 2;
    else if (LEADING_VALUE_FLAGS.some((flag) => arg.startsWith(`${flag}=`))) i += 1;
    else break;
  }
  const command = argv[i];
  if (command === undefined || command.startsWith('-')) return { command: undefined, argv: [...argv] };
  return { command, argv: [command, ...argv.slice(0, i), ...argv.slice(i + 1)] };
}
