# gateway-agent-setup completion for bash: eval "$(gateway-agent-setup completion bash)" (e.g. in ~/.bashrc)
_gateway_agent_setup() {
  local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" cmd="${COMP_WORDS[1]}" words=""
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W @@FIRST_WORDS@@ -- "$cur"))
    return
  fi
  if [ "$cmd" = help ]; then
    COMPREPLY=($(compgen -W @@COMMANDS@@ -- "$cur"))
    return
  fi
  case "$cmd:$prev" in
@@VALUE_CASES@@
  esac
  if [ -z "$words" ] && [ "$COMP_CWORD" -eq 2 ] && [ "${cur#-}" = "$cur" ]; then
    case "$cmd" in
@@POSITIONAL_CASES@@
    esac
  fi
  if [ -z "$words" ]; then
    case "$cmd" in
@@FLAG_CASES@@
    esac
  fi
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -o default -F _gateway_agent_setup gateway-agent-setup
