// Shell completion scripts, generated from the command table and each command's flags, so a new
// command or flag completes without an edit here. Values complete where they are known offline:
// a flag's fixed choices, and agent ids from the agents' registry. Pure: returns the script text.

export type Shell = 'bash' | 'zsh' | 'fish' | 'powershell';
export const SHELLS: readonly Shell[] = ['bash', 'zsh', 'fish', 'powershell'];

export interface CompletionFlag {
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
const FN = '_gateway_agent_setup';

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
  const names = commands.map((c) => c.name).concat('help');
  const valueCases = commands.flatMap((c) => c.flags.filter((f) => f.values?.length).map((f) =>
    `    ${c.name}:--${f.name}) words=${quote(f.values!.join(' '), 'bash')} ;;`));
  const flagCases = commands.map((c) => `    ${c.name}) words=${quote(flagWords(c).join(' '), 'bash')} ;;`);
  const firstCases = commands.filter((c) => c.firstWords?.length).map((c) => `      ${c.name}) words=${quote(c.firstWords!.join(' '), 'bash')} ;;`);
  return [
    `# ${BIN} completion for bash: eval "$(${BIN} completion bash)" (e.g. in ~/.bashrc)`,
    `${FN}() {`,
    '  local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" cmd="${COMP_WORDS[1]}" words=""',
    '  if [ "$COMP_CWORD" -eq 1 ]; then',
    `    COMPREPLY=($(compgen -W ${quote(names.join(' '), 'bash')} -- "$cur"))`,
    '    return',
    '  fi',
    '  if [ "$cmd" = help ]; then',
    `    COMPREPLY=($(compgen -W ${quote(commands.map((c) => c.name).join(' '), 'bash')} -- "$cur"))`,
    '    return',
    '  fi',
    '  case "$cmd:$prev" in',
    ...valueCases,
    '  esac',
    '  if [ -z "$words" ] && [ "$COMP_CWORD" -eq 2 ] && [ "${cur#-}" = "$cur" ]; then',
    '    case "$cmd" in',
    ...firstCases,
    '    esac',
    '  fi',
    '  if [ -z "$words" ]; then',
    '    case "$cmd" in',
    ...flagCases.map((l) => `  ${l}`),
    '    esac',
    '  fi',
    '  COMPREPLY=($(compgen -W "$words" -- "$cur"))',
    '}',
    `complete -o default -F ${FN} ${BIN}`,
    '',
  ].join('\n');
}

function zsh(commands: readonly CompletionCommand[]): string {
  // zsh runs bash completion functions through its own bashcompinit.
  return [
    `# ${BIN} completion for zsh: eval "$(${BIN} completion zsh)" (e.g. in ~/.zshrc)`,
    'autoload -U +X compinit && compinit',
    'autoload -U +X bashcompinit && bashcompinit',
    bash(commands).split('\n').slice(1).join('\n'),
  ].join('\n');
}

function fish(commands: readonly CompletionCommand[]): string {
  const lines = [
    `# ${BIN} completion for fish: ${BIN} completion fish > ~/.config/fish/completions/${BIN}.fish`,
    `complete -c ${BIN} -f`,
  ];
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
  return `${lines.join('\n')}\n`;
}

function powershell(commands: readonly CompletionCommand[]): string {
  const table = commands.map((c) => {
    const flags = c.flags.map((f) => `${quote(`--${f.name}`, 'powershell')} = @(${(f.values ?? []).map((v) => quote(v, 'powershell')).join(', ')})`);
    return `  ${quote(c.name, 'powershell')} = @{ ${flags.join('; ')} }`;
  });
  const firsts = commands.filter((c) => c.firstWords?.length).map((c) =>
    `  ${quote(c.name, 'powershell')} = @(${c.firstWords!.map((w) => quote(w, 'powershell')).join(', ')})`);
  return [
    `# ${BIN} completion for PowerShell: ${BIN} completion powershell | Out-String | Invoke-Expression (e.g. in $PROFILE)`,
    '$gatewayAgentSetupCommands = @{',
    ...table,
    '}',
    '$gatewayAgentSetupFirstWords = @{',
    ...firsts,
    '}',
    `Register-ArgumentCompleter -Native -CommandName ${BIN}, ${BIN}.cmd -ScriptBlock {`,
    '  param($wordToComplete, $commandAst, $cursorPosition)',
    '  $words = @($commandAst.CommandElements | ForEach-Object { $_.ToString() })',
    "  if ($words.Count -gt 1 -and $wordToComplete -eq '' ) { $words += '' }",
    '  if ($words.Count -le 2) { $candidates = @($gatewayAgentSetupCommands.Keys) + @(\'help\') }',
    '  else {',
    '    $flags = $gatewayAgentSetupCommands[$words[1]]',
    '    $prev = $words[$words.Count - 2]',
    '    if ($flags -and $flags.ContainsKey($prev) -and $flags[$prev].Count -gt 0) { $candidates = $flags[$prev] }',
    '    elseif ($words.Count -eq 3 -and -not $wordToComplete.StartsWith(\'-\') -and $gatewayAgentSetupFirstWords.ContainsKey($words[1])) { $candidates = $gatewayAgentSetupFirstWords[$words[1]] }',
    '    elseif ($flags) { $candidates = @($flags.Keys) } else { $candidates = @() }',
    '  }',
    '  $candidates | Where-Object { $_ -like "$wordToComplete*" } | Sort-Object | ForEach-Object {',
    "    [System.Management.Automation.CompletionResult]::new($_, $_, 'ParameterValue', $_)",
    '  }',
    '}',
    '',
  ].join('\n');
}

export function completionScript(shell: Shell, commands: readonly CompletionCommand[]): string {
  switch (shell) {
    case 'bash': return bash(commands);
    case 'zsh': return zsh(commands);
    case 'fish': return fish(commands);
    case 'powershell': return powershell(commands);
  }
}
