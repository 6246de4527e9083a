// The interactive wizard: `npx gateway-agent-setup` on a terminal. It takes setup's flags; each
// flag answers its question, so a person is asked only what they did not say. GATEWAY_BASE_URL
// and the saved settings only pre-fill the answers.
import { givenOf } from '../given.js';
import { join } from 'node:path';
import { AGENTS, type AgentId } from '../../agents/registry.js';
import { UsageError } from '../../core/errors.js';
import { commas, msg } from '../../i18n/index.js';
import type { SetupReport } from '../../setup/run.js';
import type { Prompter } from '../../wizard/port.js';
import type { ParsedArgs } from '../args.js';
import type { CliContext } from '../context.js';
import type { CommandHelp } from '../command-types.js';
import { BIN } from '../help.js';
import { BASE_URL_ENV } from '../../settings/gateway.js';
import { note, print } from '../output.js';
import { wrap } from '../../core/layout.js';
import { control } from '../../core/terminal.js';
import { printSetupReport } from '../setup-report.js';
import { agentEnv } from '../../settings/setup-inputs.js';
import { SETUP_OPTIONS } from '../setup-options.js';

export const options = SETUP_OPTIONS;

export const help: CommandHelp = {
  summary: msg('help.summary.wizard_long'),
  usage: `${BIN} [wizard] [setup flags…]`,
  details: [msg('help.detail.wizard.steps'), msg('help.detail.wizard.flags'), msg('help.detail.wizard.cancel')],
};

/** After the report: where the backups are, the key's export, what to run next. */
async function nextSteps(ctx: CliContext, report: SetupReport, keyEnvVar: string): Promise<string[]> {
  const lines: string[] = [];
  const env = ctx.env;
  if (report.backupId) {
    const { stateDir } = await import('../../config/index.js');
    const dir = join(stateDir(ctx.home, env, ctx.platform), 'backups', report.backupId);
    const shown = dir.startsWith(`${ctx.home}/`) ? `~${dir.slice(ctx.home.length)}` : dir;
    lines.push(...wrap(ctx.t('wizard.next.backups', { dir: shown })));
  }
  const ok = report.agents.filter((a) => a.ok);
  if (report.dryRun || ok.length === 0) return lines;
  if (report.upToDate) return [...lines, ...wrap(ctx.t('wizard.next.up_to_date', { bin: BIN }))];
  // Each variable the configs name (an agent's own, or the one for all) that is not set here yet.
  const vars = [...new Set(ok.map((a) => a.keyEnv ?? keyEnvVar))];
  for (const name of vars) if (report.keyStorage === 'env' && !env[name]) lines.push(...wrap(ctx.t('wizard.next.export', { var: name })));
  const commands = commas(ok.map((a) => `\`${AGENTS[a.id].binary}\``));
  lines.push(...wrap(ctx.t(ok.length === 1 ? 'wizard.next.one' : 'wizard.next.many', { commands, bin: BIN })));
  return lines;
}

/**
 * An installed version older than our tests ran is proven by the agent itself answering once: the
 * agents to run, when the person agrees.
 */
async function offerProof(ctx: CliContext, prompter: Prompter, report: SetupReport): Promise<AgentId[] | undefined> {
  const unproven = report.agents.filter((a) => a.ok && a.unproven !== undefined);
  if (!report.ok || report.dryRun || unproven.length === 0) return undefined;
  print(ctx, ['', ...wrap(ctx.t('wizard.prove_why', { agents: commas(unproven.map((a) => `${a.name} ${a.version ?? ''}`.trim())) }))]);
  return (await prompter.confirm({ message: ctx.t('wizard.prove_question'), initial: true })) ? unproven.map((a) => a.id) : undefined;
}

export async function run(ctx: CliContext, args: ParsedArgs): Promise<number> {
  const { wizardStart, rememberWizard } = await import('../../wizard/inputs.js');
  const start = await wizardStart(ctx, givenOf(args.values));
  const { keyEnvVar, key, inputs } = start;
  if (!ctx.interactive) {
    // Never wait for input that cannot come: name what `setup` would need instead.
    const missing = [...(start.knowsGateway ? [] : [msg('wizard.base_url_or_env', { env: BASE_URL_ENV })]), ...(key ? [] : [keyEnvVar])];
    const both = missing.reduce((a, b) => (a === '' ? b : msg('wizard.and', { a, b })), '');
    throw new UsageError(
      msg('wizard.no_tty'),
      missing.length > 0 ? msg('wizard.no_tty_hint_missing', { bin: BIN, missing: both }) : msg('wizard.no_tty_hint', { bin: BIN }),
    );
  }
  if (start.typedKey) note(ctx, wrap(ctx.t('wizard.api_key_flag_warning', { var: keyEnvVar })));
  const [{ runWizard }, { promptsPrompter }, { terminalProgress }, { detectAgent }, { guardInterrupt }] = await Promise.all([
    import('../../wizard/flow.js'),
    import('../../wizard/prompts-port.js'),
    import('../../wizard/spinner.js'),
    import('../../agents/detect.js'),
    import('../interrupt.js'),
  ]);
  const env = agentEnv(ctx);
  const say = (text: string): void => ctx.out(`${text}\n`);
  print(ctx, [...wrap(ctx.t('wizard.intro')), '']);
  const ports = {
    prompter: promptsPrompter({}, ctx.t),
    progress: terminalProgress({ write: ctx.out, color: ctx.color, control }),
    env,
    say,
    addSecret: ctx.addSecret,
    detect: (agent: Parameters<typeof detectAgent>[0]) => detectAgent(agent, env),
    t: ctx.t,
  };
  const report = await guardInterrupt(ctx, (onSetupProgress) => runWizard({ ...ports, onSetupProgress }, start.given, start.defaults));
  await rememberWizard(ctx, start, report);
  const prove = inputs.verifyByAgent ? report.agents.map((a) => a.id) : await offerProof(ctx, ports.prompter, report);
  say('');
  printSetupReport(ctx, report, { agentRuns: prove !== undefined });
  const runs =
    prove && report.ok && !report.dryRun
      ? await (await import('../agent-run.js')).runAgents(ctx, { agents: prove, scope: report.scope, timeoutMs: inputs.timeoutMs * 4 })
      : undefined;
  if (runs) (await import('../agent-run.js')).printAgentRuns(ctx, runs);
  const next = await nextSteps(ctx, report, keyEnvVar);
  if (next.length > 0) print(ctx, next);
  if (runs) return runs.length > 0 && runs.every((r) => r.ok) ? 0 : 1;
  return report.ok ? 0 : 1;
}
