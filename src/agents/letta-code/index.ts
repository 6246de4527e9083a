// Letta Code (`@letta-ai/letta-code`, binary `letta`): named so its users learn why nothing is
// written for it, never configured. Facts read in the bundle of 0.25.9 (the newest the npm registry
// can install: 0.30.28 to 0.32.18 depend on `@letta-ai/letta-agent-sdk` and `@letta-ai/trajectory`,
// which it does not have) and seen running it against the simulator:
// - By default it talks to a Letta server (Letta Cloud, or LETTA_BASE_URL), which holds the agent
//   and calls the model; the gateway is not one.
// - Its experimental local backend (`--backend local`, or LETTA_LOCAL_BACKEND_EXPERIMENTAL=1; no
//   settings file keeps it) calls providers itself from
//   `$LETTA_LOCAL_BACKEND_DIR/providers/auth.json` (`~/.letta/lc-local-backend`): `lc-llama-cpp`
//   (any model id over chat completions), `lc-anthropic` and `lc-openai` (its own catalogue's ids),
//   each with `base_url` and `auth.key`. All three answered through the simulator.
// - The model is in none of its files: each local agent keeps the one `--model` named when it was
//   made (a new agent without it takes the first model the providers list). A config written here
//   would have no model to read back or to prove, and a plain `letta` would still go to the server.
import { JobError } from '../../core/errors.js';
import { defineAgent } from '../types.js';
import { msg } from '../../i18n/index.js';
// Its sentences, registered with the module that says them.
import './messages/en.js';

const LETTA_UNSUPPORTED = msg('agents.letta.unsupported');

export const lettaCode = defineAgent({
  id: 'letta-code',
  unsupportedLabel: msg('wizard.agents.letta'),
  name: 'Letta Code',
  binary: 'letta',
  versionArgs: ['--version'],
  install: { from: 'npm', package: '@letta-ai/letta-code' },
  protocols: [],
  unsupported: LETTA_UNSUPPORTED,
  preferences: { model: [] },
  fit: () => ({ ok: false, reason: LETTA_UNSUPPORTED }),
  files: () => [],
  plan() {
    throw new JobError(LETTA_UNSUPPORTED);
  },
  readBack: () => LETTA_UNSUPPORTED,
  oneShot(model, prompt) {
    return { command: 'letta', args: ['--backend', 'local', '-p', prompt, `--model=${model}`] };
  },
});
