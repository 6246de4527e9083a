/** The command people type: advice and help name it. */
export const BIN = 'gateway-agent-setup';
