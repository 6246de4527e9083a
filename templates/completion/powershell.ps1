# gateway-agent-setup completion for PowerShell: gateway-agent-setup completion powershell | Out-String | Invoke-Expression (e.g. in $PROFILE)
$gatewayAgentSetupCommands = @{
@@COMMAND_TABLE@@
}
$gatewayAgentSetupFirstWords = @{
@@FIRST_WORD_TABLE@@
}
Register-ArgumentCompleter -Native -CommandName gateway-agent-setup, gateway-agent-setup.cmd -ScriptBlock {
  param($wordToComplete, $commandAst, $cursorPosition)
  $words = @($commandAst.CommandElements | ForEach-Object { $_.ToString() })
  if ($words.Count -gt 1 -and $wordToComplete -eq '' ) { $words += '' }
  if ($words.Count -le 2) { $candidates = @($gatewayAgentSetupCommands.Keys) + @('help') }
  else {
    $flags = $gatewayAgentSetupCommands[$words[1]]
    $prev = $words[$words.Count - 2]
    if ($flags -and $flags.ContainsKey($prev) -and $flags[$prev].Count -gt 0) { $candidates = $flags[$prev] }
    elseif ($words.Count -eq 3 -and -not $wordToComplete.StartsWith('-') -and $gatewayAgentSetupFirstWords.ContainsKey($words[1])) { $candidates = $gatewayAgentSetupFirstWords[$words[1]] }
    elseif ($flags) { $candidates = @($flags.Keys) } else { $candidates = @() }
  }
  $candidates | Where-Object { $_ -like "$wordToComplete*" } | Sort-Object | ForEach-Object {
    [System.Management.Automation.CompletionResult]::new($_, $_, 'ParameterValue', $_)
  }
}
