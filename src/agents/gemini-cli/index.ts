// Gemini CLI (`@google/gemini-cli`): speaks only the native Gemini protocol, which the gateway does
// not offer publicly (new-api's public service contract). Named so users learn why, never written.
import { JobError } from '../../core/errors.js';
import { defineAgent } from '../types.js';
import { msg } from '../../i18n/index.js';
// Its sentences, registered with the module that says them.
import './messages/en.js';

export const GEMINI_UNSUPPORTED = msg('agents.gemini.unsupported');

export const geminiCli = defineAgent({
  id: 'gemini-cli',
  unsupportedLabel: msg('wizard.agents.gemini'),
  name: 'Gemini CLI',
  importApps: ['gemini'],
  binary: 'gemini',
  versionArgs: ['--version'],
  install: { from: 'npm', package: '@google/gemini-cli' },
  protocols: [],
  unsupported: GEMINI_UNSUPPORTED,
  preferences: { model: [] },
  fit: () => ({ ok: false, reason: GEMINI_UNSUPPORTED }),
  files: () => [],
  plan() {
    throw new JobError(GEMINI_UNSUPPORTED);
  },
  readBack: () => GEMINI_UNSUPPORTED,
  oneShot(model, prompt) {
    // yargs reads `--model=ID` as the value; `-m --yolo` would turn on a flag.
    return { command: 'gemini', args: [`--model=${model}`, '-p', prompt] };
  },
});
