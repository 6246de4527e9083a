// The interactive wizard: `npx gateway-agent-setup` on a terminal. It takes setup's flags; each
// flag answers its question, so a person is asked only what they did not say. GATEWAY_BASE_URL
// and the saved settings only pre-fill the answers.
import { givenOf } from '../given.js';
import { join } from 'node:path';
import { AGENTS } from '../../agents/registry.js';
import { UsageError } from '../../core/errors.js';
import { commas, msg } from '../../i18n/index.js';
import type { SetupReport } from '../../setup/run.js';
import type { WizardDefaults } from '../../wizard/flow.js';
import type { ParsedArgs } from '../args.js';
import type { CliContext } from '../context.js';
import type { CommandHelp } from '../command-types.js';
import { BIN } from '../help.js';
import { BASE_URL_ENV, DEFAULT_KEY_ENV, keyEnvFlags } from '../../settings/gateway.js';
import { note, print } from '../output.js';
import { wrap } from '../../core/layout.js';
import { control } from '../../core/terminal.js';
import { rememberSetup, savedPreferences } from '../../settings/saved.js';
import { hintPreferences } from '../../setup/import-hints.js';
import { printSetupReport } from '../setup-report.js';
import { agentEnv, setupInputs } from '../../settings/setup-inputs.js';
import { SETUP_OPTIONS } from '../setup-options.js';

export const options = SETUP_OPTIONS;

export const help: CommandHelp = {
  summary: msg('help.summary.wizard_long'),
  usage: `${BIN} [wizard] [setup flags…]`,
  details: [msg('help.detail.wizard.steps'), msg('help.detail.wizard.flags'), msg('help.detail.wizard.cancel')],
};

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

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

export async function run(ctx: CliContext, args: ParsedArgs): Promise<number> {
  const values = givenOf(args.values);
  // The saved settings pre-fill the answers; only flags answer them.
  const inputs = await setupInputs(ctx, values, false);
  const saved = inputs.saved.settings;
  const flagged = keyEnvFlags(values);
  const keyEnvVar = flagged.plain ?? saved.keyEnv ?? DEFAULT_KEY_ENV;
  if (!ENV_NAME.test(keyEnvVar)) {
    throw new UsageError(msg('wizard.api_key_env_name'), msg('wizard.api_key_env_name_hint'));
  }
  const flagKey = values.apiKey;
  const imported = inputs.imported;
  const key = imported?.link.key ?? flagKey ?? ctx.env[keyEnvVar];
  if (key) ctx.addSecret(key.trim());

  if (!ctx.interactive) {
    // Never wait for input that cannot come: name what `setup` would need instead.
    const missing = [
      ...((inputs.given.baseUrl ?? ctx.env[BASE_URL_ENV] ?? saved.baseUrl) ? [] : [msg('wizard.base_url_or_env', { env: BASE_URL_ENV })]),
      ...(key ? [] : [keyEnvVar]),
    ];
    const both = missing.reduce((a, b) => (a === '' ? b : msg('wizard.and', { a, b })), '');
    throw new UsageError(
      msg('wizard.no_tty'),
      missing.length > 0 ? msg('wizard.no_tty_hint_missing', { bin: BIN, missing: both }) : msg('wizard.no_tty_hint', { bin: BIN }),
    );
  }
  if (flagKey !== undefined) note(ctx, wrap(ctx.t('wizard.api_key_flag_warning', { var: keyEnvVar })));

  const [{ runWizard }, { promptsPrompter }, { terminalProgress }, { detectAgent }] = await Promise.all([
    import('../../wizard/flow.js'),
    import('../../wizard/prompts-port.js'),
    import('../../wizard/spinner.js'),
    import('../../agents/detect.js'),
  ]);
  const env = agentEnv(ctx);
  const say = (text: string): void => ctx.out(`${text}\n`);
  print(ctx, [...wrap(ctx.t('wizard.intro')), '']);
  const defaults: WizardDefaults = {
    baseUrl: ctx.env[BASE_URL_ENV] ?? saved.baseUrl,
    agents: saved.agents,
    models: saved.perAgent,
    scope: saved.scope,
    keyStorage: saved.keyStorage,
  };
  const { guardInterrupt } = await import('../interrupt.js');
  const report = await guardInterrupt(ctx, (onSetupProgress) =>
    runWizard(
      {
        onSetupProgress,
        prompter: promptsPrompter({}, ctx.t),
        progress: terminalProgress({ write: ctx.out, color: ctx.color, control }),
        env,
        say,
        addSecret: ctx.addSecret,
        detect: (agent) => detectAgent(agent, env),
        t: ctx.t,
      },
      {
        baseUrl: inputs.given.baseUrl,
        key,
        keySource: imported ? imported.source : flagKey !== undefined ? '--api-key' : keyEnvVar,
        // A variable the user did not name here goes only to the gateways it was saved for.
        ...(!imported && flagKey === undefined && flagged.plain === undefined && inputs.saved.bindings?.has(keyEnvVar)
          ? { keyBoundTo: [...inputs.saved.bindings.get(keyEnvVar)!] }
          : {}),
        keyEnvVar,
        ...(flagged.perAgent.size > 0 && { agentKeyEnvs: flagged.perAgent }),
        agents: inputs.agents,
        models: inputs.models,
        ...(inputs.modelLists.size > 0 && { modelLists: inputs.modelLists }),
        smallModel: inputs.smallModel,
        scope: inputs.scope,
        keyStorage: inputs.keyStorage,
        timeoutMs: inputs.timeoutMs,
        force: inputs.force,
        dryRun: inputs.dryRun,
        verify: inputs.verify,
        concurrency: inputs.concurrency,
        markers: inputs.markers,
        // The team's patterns order the lists; last time's models are pre-selected, not pinned.
        preferences: hintPreferences(imported?.link, savedPreferences(saved, false)),
      },
      defaults,
    ),
  );
  // The agents that used a key of their own: their variables are saved (names only).
  const own = new Map(report.agents.filter((a) => a.keyEnv !== undefined && a.keyEnv !== keyEnvVar).map((a) => [a.id, a.keyEnv!] as const));
  // The variable is saved with this gateway only when the key came from it (a typed key did not).
  await rememberSetup(ctx, report, !imported && flagKey === undefined && ctx.env[keyEnvVar]?.trim() ? keyEnvVar : undefined, own);
  say('');
  printSetupReport(ctx, report);
  const runs =
    inputs.verifyByAgent && report.ok && !report.dryRun
      ? await (
          await import('../agent-run.js')
        ).runAgents(ctx, {
          agents: report.agents.map((a) => a.id),
          scope: report.scope,
          timeoutMs: inputs.timeoutMs * 4,
        })
      : undefined;
  if (runs) (await import('../agent-run.js')).printAgentRuns(ctx, runs);
  const next = await nextSteps(ctx, report, keyEnvVar);
  if (next.length > 0) print(ctx, next);
  if (runs) return runs.length > 0 && runs.every((r) => r.ok) ? 0 : 1;
  return report.ok ? 0 : 1;
}
