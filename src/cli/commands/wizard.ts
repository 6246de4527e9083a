// The interactive wizard: `npx gateway-agent-setup` on a terminal. It takes setup's flags; each
// flag answers its question, so a person is asked only what they did not say.
import type { AgentId, KeyStorage, Scope } from '../../agents/types.js';
import { UsageError } from '../../core/errors.js';
import { flag, list, num, str, type ParsedArgs } from '../args.js';
import type { CliContext } from '../context.js';
import { BIN, type CommandHelp } from '../help.js';
import { BASE_URL_ENV, DEFAULT_KEY_ENV } from '../inputs.js';
import { wrap } from '../output.js';
import { loadSaved, rememberSetup, withSavedDefaults } from '../saved.js';
import { printSetupReport } from '../setup-report.js';
import { agentEnv, options as setupOptions, parseAgents, parseModels } from './setup.js';

export const options = setupOptions;

export const help: CommandHelp = {
  summary: 'Walk through the whole setup interactively (the default on a terminal).',
  usage: `${BIN} [wizard] [setup flags…]`,
  details: [
    'Asks for the base URL, the key, the agents, a model per agent, scope and key storage; shows the diff of every file before writing; then verifies each agent from its files on disk.',
    'Every question has a flag (see `setup --help`); Ctrl-C or Esc at any step exits 130 with nothing written.',
  ],
};

export async function run(ctx: CliContext, args: ParsedArgs): Promise<number> {
  const saved = await loadSaved(ctx);
  const values = withSavedDefaults(ctx, args.values, saved.settings);
  if (!ctx.interactive) {
    throw new UsageError('The wizard needs a terminal (and CI unset).', `Run \`${BIN} setup --yes\` with --base-url and ${DEFAULT_KEY_ENV} set.`);
  }
  const keyEnvVar = str(values, 'api-key-env') ?? DEFAULT_KEY_ENV;
  const [{ runWizard }, { promptsPrompter }, { detectAgent }] = await Promise.all([
    import('../../wizard/flow.js'),
    import('../../wizard/prompts-port.js'),
    import('../../agents/detect.js'),
  ]);
  const env = agentEnv(ctx);
  const say = (text: string): void => ctx.out(`${text}\n`);
  say(`${wrap('gateway-agent-setup: your coding agents on your gateway, verified. Ctrl-C quits; nothing is written before you confirm.').join('\n')}\n`);
  const report = await runWizard(
    { prompter: promptsPrompter(), env, say, addSecret: ctx.addSecret, detect: (agent) => detectAgent(agent, env) },
    {
      baseUrl: str(values, 'base-url') ?? ctx.env[BASE_URL_ENV],
      key: str(values, 'api-key') ?? ctx.env[keyEnvVar],
      keyEnvVar,
      agents: list(values, 'agent').length > 0 ? (parseAgents(values) as AgentId[]) : undefined,
      models: parseModels(values),
      smallModel: str(values, 'small-model'),
      scope: str(values, 'scope') as Scope | undefined,
      keyStorage: str(values, 'key-storage') as KeyStorage | undefined,
      timeoutMs: num(values, 'timeout') !== undefined ? Math.round(num(values, 'timeout')! * 1000) : undefined,
      force: flag(values, 'force'),
    },
  );
  await rememberSetup(ctx, report, keyEnvVar);
  say('');
  printSetupReport(ctx, report);
  if (report.ok) say(wrap(`Next: start your agent as usual. When the gateway's models change, run \`${BIN} setup\` again.`).join('\n'));
  return report.ok ? 0 : 1;
}
