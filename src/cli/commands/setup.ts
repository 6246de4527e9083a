// `setup`: choose models, probe, write every agent's config, read back and verify.
// Its flags and its run are in ../setup-flags.ts, shared with `wizard --yes`.
import type { CommandHelp } from '../command-types.js';
import { BIN } from '../help.js';
import { msg } from '../../i18n/index.js';

export { SETUP_OPTIONS as options, setupFromFlags as run } from '../setup-flags.js';

export const help: CommandHelp = {
  summary: msg('help.summary.setup2'),
  usage: `${BIN} setup --base-url URL [--agent ID…] [--model [AGENT=]ID…] [--dry-run] [--json]`,
  details: [
    msg('help.detail.setup.1'),
    msg('help.detail.setup.2'),
    msg('help.detail.setup.3', { bin: BIN }),
  ],
  examples: [
    `GATEWAY_API_KEY=sk-… ${BIN} setup --base-url https://gw.example.com --agent claude-code,codex`,
    `${BIN} setup --agent opencode --model opencode=deepseek-chat --dry-run`,
    `${BIN} setup --yes --agent codex --key-storage env --json   # in CI`,
  ],
};
