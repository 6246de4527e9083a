# gateway-agent-setup completion for fish: gateway-agent-setup completion fish > ~/.config/fish/completions/gateway-agent-setup.fish
complete -c gateway-agent-setup -f
@@COMPLETIONS@@
