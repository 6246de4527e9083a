// Shell completion scripts: each shell's script is a template (templates/completion/), filled from
// the command table and each command's flags, so a new command or flag completes without an edit
// here. Values complete where they are known offline: a flag's fixed choices, and agent ids from
// the agents' registry. Returns the script text.
import { fillTemplate } from '../config/templates.js';

export type Shell = 'bash' | 'zsh' | 'fish' | 'powershell';
export const SHELLS: readonly Shell[] = ['bash', 'zsh', 'fish', 'powershell'];

interface CompletionFlag {
  name: string;
  short?: string;
  takesValue: boolean;
  /** The values to offer after it, when known. */
  values?: readonly string[];
  description: string;
}

export interface CompletionCommand {
  name: string;
  summary: string;
  flags: readonly CompletionFlag[];
  /** The words its first positional argument takes (`launch`'s agents, `profiles add|remove`). */
  firstWords?: readonly string[];
}

const BIN = 'gateway-agent-setup';

/** A word safe inside single quotes in bash, zsh, fish and PowerShell alike. */
function quote(text: string, shell: Shell): string {
  const flat = text.replace(/[\r\n\t]+/g, ' ');
  if (shell === 'powershell') return `'${flat.replace(/'/g, "''")}'`;
  if (shell === 'fish') return `'${flat.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  return `'${flat.replace(/'/g, `'\\''`)}'`;
}

function flagWords(c: CompletionCommand): string[] {
  return c.flags.flatMap((f) => [`--${f.name}`, ...(f.short ? [`-${f.short}`] : [])]);
}

function bash(commands: readonly CompletionCommand[]): string {
  const lines = (xs: string[]): string => xs.join('\n');
  return fillTemplate('completion/bash.sh', {
    FIRST_WORDS: quote(
      commands
        .map((c) => c.name)
        .concat('help')
        .join(' '),
      'bash',
    ),
    COMMANDS: quote(commands.map((c) => c.name).join(' '), 'bash'),
    VALUE_CASES: lines(
      commands.flatMap((c) =>
        c.flags.filter((f) => f.values?.length).map((f) => `    ${c.name}:--${f.name}) words=${quote(f.values!.join(' '), 'bash')} ;;`),
      ),
    ),
    POSITIONAL_CASES: lines(
      commands.filter((c) => c.firstWords?.length).map((c) => `      ${c.name}) words=${quote(c.firstWords!.join(' '), 'bash')} ;;`),
    ),
    FLAG_CASES: lines(commands.map((c) => `      ${c.name}) words=${quote(flagWords(c).join(' '), 'bash')} ;;`)),
  });
}

function zsh(commands: readonly CompletionCommand[]): string {
  // zsh runs bash completion functions through its own bashcompinit: the bash script but its comment.
  return fillTemplate('completion/zsh.zsh', { BASH_FUNCTION: bash(commands).split('\n').slice(1).join('\n') });
}

function fish(commands: readonly CompletionCommand[]): string {
  const lines: string[] = [];
  for (const c of commands) {
    lines.push(`complete -c ${BIN} -n '__fish_use_subcommand' -a ${c.name} -d ${quote(c.summary, 'fish')}`);
  }
  for (const c of commands.filter((x) => x.firstWords?.length)) {
    lines.push(`complete -c ${BIN} -n '__fish_seen_subcommand_from ${c.name}' -a ${quote(c.firstWords!.join(' '), 'fish')}`);
  }
  for (const c of commands) {
    for (const f of c.flags) {
      const parts = [`complete -c ${BIN} -n '__fish_seen_subcommand_from ${c.name}' -l ${f.name}`];
      if (f.short) parts.push(`-s ${f.short}`);
      if (f.values?.length) parts.push(`-x -a ${quote(f.values.join(' '), 'fish')}`);
      else if (f.takesValue) parts.push('-r');
      parts.push(`-d ${quote(f.description, 'fish')}`);
      lines.push(parts.join(' '));
    }
  }
  return fillTemplate('completion/fish.fish', { COMPLETIONS: lines.join('\n') });
}

function powershell(commands: readonly CompletionCommand[]): string {
  const table = commands.map((c) => {
    const flags = c.flags.map(
      (f) => `${quote(`--${f.name}`, 'powershell')} = @(${(f.values ?? []).map((v) => quote(v, 'powershell')).join(', ')})`,
    );
    return `  ${quote(c.name, 'powershell')} = @{ ${flags.join('; ')} }`;
  });
  const firsts = commands
    .filter((c) => c.firstWords?.length)
    .map((c) => `  ${quote(c.name, 'powershell')} = @(${c.firstWords!.map((w) => quote(w, 'powershell')).join(', ')})`);
  return fillTemplate('completion/powershell.ps1', { COMMAND_TABLE: table.join('\n'), FIRST_WORD_TABLE: firsts.join('\n') });
}

export function completionScript(shell: Shell, commands: readonly CompletionCommand[]): string {
  switch (shell) {
    case 'bash':
      return bash(commands);
    case 'zsh':
      return zsh(commands);
    case 'fish':
      return fish(commands);
    case 'powershell':
      return powershell(commands);
  }
}
