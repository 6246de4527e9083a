// `completion bash|zsh|fish|powershell`: prints a completion script for the shell, built from the
// command table and every command's flags (agent ids and fixed choices complete as values).
import { AGENT_IDS } from '../../agents/registry.js';
import { UsageError } from '../../core/errors.js';
import { commas, msg } from '../../i18n/index.js';
import { COMMON_OPTIONS, type OptionTable, type ParsedArgs } from '../args.js';
import { COMMANDS } from '../commands.js';
import { completionScript, SHELLS, type CompletionCommand, type Shell } from '../completion.js';
import type { CliContext } from '../context.js';
import type { CommandHelp } from '../command-types.js';
import { BIN } from '../help.js';

export const positionals = true;
export const options: OptionTable = {};

export const help: CommandHelp = {
  summary: msg('help.summary.completion'),
  usage: `${BIN} completion bash|zsh|fish|powershell`,
  details: [msg('help.detail.completion.load')],
  examples: [`eval "$(${BIN} completion bash)"`, `${BIN} completion fish > ~/.config/fish/completions/${BIN}.fish`],
};

/** Flags named for agents take agent ids; flags with fixed choices take those. */
function valuesOf(name: string, choices: readonly string[] | undefined): readonly string[] | undefined {
  if (choices) return choices;
  if (name === 'agent') return AGENT_IDS;
  return undefined;
}

export async function run(ctx: CliContext, args: ParsedArgs): Promise<number> {
  const [shell, ...extra] = args.positionals;
  if (shell === undefined || !SHELLS.includes(shell as Shell) || extra.length > 0) {
    throw new UsageError(msg('completion.which_shell', { shells: commas(SHELLS) }), msg('completion.which_shell_hint', { bin: BIN }));
  }
  const commands: CompletionCommand[] = [];
  for (const [name, entry] of Object.entries(COMMANDS)) {
    const mod = await entry.load();
    const table = { ...(mod.options ?? {}), ...COMMON_OPTIONS };
    commands.push({
      name,
      summary: ctx.t(entry.summary),
      ...(mod.firstWords && { firstWords: mod.firstWords }),
      flags: Object.entries(table).map(([flag, spec]) => {
        const values = valuesOf(flag, spec.choices);
        return {
          name: flag,
          ...(spec.short ? { short: spec.short } : {}),
          takesValue: spec.type === 'string',
          ...(values ? { values } : {}),
          description: ctx.t(spec.description),
        };
      }),
    });
  }
  ctx.out(completionScript(shell as Shell, commands));
  return 0;
}
