# gateway-agent-setup completion for zsh: eval "$(gateway-agent-setup completion zsh)" (e.g. in ~/.zshrc)
autoload -U +X compinit && compinit
autoload -U +X bashcompinit && bashcompinit
@@BASH_FUNCTION@@
