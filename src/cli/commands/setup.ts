// `setup`: choose models, probe, write every agent's config, read back and verify.
// The job itself is src/setup/run.ts and its inputs come from src/cli/setup-inputs.ts; this module
// turns its report into text or one JSON document.
import { givenOf } from '../given.js';
import { AGENTS } from '../../agents/registry.js';
import { maskKey } from '../../core/mask.js';
import { agentsForApp } from '../../setup/import-hints.js';
import type { ImportedLink } from '../../settings/import-input.js';
import type { SetupReport } from '../../setup/run.js';
import type { ParsedArgs } from '../args.js';
import type { CliContext } from '../context.js';
import type { CommandHelp } from '../command-types.js';
import { BIN } from '../help.js';
import { resolveGateway } from '../../settings/gateway.js';
import { note, printJson } from '../output.js';
import { cut, wrap } from '../../core/layout.js';
import { escapeControls } from '../../core/terminal.js';
import { refuseSavedEnvStorage, rememberSetup } from '../../settings/saved.js';
import { printSetupReport } from '../setup-report.js';
import {
  agentEnv,
  agentKeyEnvs,
  keyVariable,
  importedKey,
  installedAgents,
  refuseLinkInEnvStorage,
  setupInputs,
  setupOptionsFrom,
} from '../../settings/setup-inputs.js';
import { SETUP_OPTIONS } from '../setup-options.js';
import { commas, msg } from '../../i18n/index.js';

export const options = SETUP_OPTIONS;

export const help: CommandHelp = {
  summary: msg('help.summary.setup_long'),
  usage: `${BIN} setup --base-url URL [--agent ID…] [--model [AGENT=]ID…] [--dry-run] [--json]`,
  details: [
    msg('help.detail.setup.steps'),
    msg('help.detail.setup.safety'),
    msg('help.detail.setup.keys'),
    msg('help.detail.setup.undo', { bin: BIN }),
  ],
  examples: [
    `GATEWAY_API_KEY=sk-… ${BIN} setup --base-url https://gw.example.com --agent claude-code,codex`,
    `${BIN} setup --agent opencode --model opencode=deepseek-chat --dry-run`,
    `${BIN} setup --yes --agent codex --key-storage env --json   # in CI`,
    `${BIN} setup --agent claude-code,codex --api-key-env claude-code=CLAUDE_GROUP_KEY`,
  ],
};

/** What the import link gave: its gateway, the key masked, its name, and its model hints. */
function importNotes(ctx: CliContext, imported: ImportedLink, root: string): void {
  const { link, source } = imported;
  note(
    ctx,
    wrap(
      ctx.t('import.from', {
        source,
        root,
        key: maskKey(link.key),
        // The link's text: escaped and cut, however long a name it carries.
        name: link.name !== undefined ? JSON.stringify(cut(escapeControls(link.name), 64)) : ctx.t('import.unnamed'),
      }),
    ),
  );
  const agents = agentsForApp(link.app);
  const models = [link.model ?? link.sonnetModel, link.haikuModel].filter((m): m is string => m !== undefined);
  if (link.app !== undefined && agents.length === 0) note(ctx, wrap(ctx.t('import.other_app', { app: link.app })));
  else if (models.length > 0)
    for (const id of agents) note(ctx, wrap(ctx.t('import.hints', { agent: AGENTS[id].name, models: commas(models) })));
}

export async function run(ctx: CliContext, args: ParsedArgs): Promise<number> {
  const given = givenOf(args.values);
  const inputs = await setupInputs(ctx, given);
  // Without --agent, an import link made for an agent (`app=openclaw`) sets up that agent.
  const linked = agentsForApp(inputs.imported?.link.app);
  const agents = inputs.agents ?? (linked.length > 0 ? linked : await installedAgents(agentEnv(ctx)));
  const gateway = resolveGateway(ctx, inputs.given, importedKey(inputs), agents);
  refuseLinkInEnvStorage(ctx, inputs, gateway);
  refuseSavedEnvStorage(ctx, given, inputs.saved.settings, inputs.saved.sources, gateway.keyEnvVar);
  const setupOptions = setupOptionsFrom(ctx, inputs, gateway, { agents, command: 'setup', pinSaved: true });
  if (!ctx.json && inputs.imported) importNotes(ctx, inputs.imported, gateway.root);
  if (!ctx.json)
    note(
      ctx,
      wrap(ctx.t('setup.banner', { root: gateway.root, key: maskKey(gateway.key), source: gateway.keySource, agents: commas(agents) })),
    );
  const { runSetup, setupExit } = await import('../../setup/run.js');
  const { guardInterrupt } = await import('../interrupt.js');
  const report: SetupReport = await guardInterrupt(ctx, (onProgress) => runSetup({ ...setupOptions, onProgress }));
  await rememberSetup(ctx, report, keyVariable(gateway), agentKeyEnvs(gateway), inputs.fromProject);
  const runs =
    inputs.verifyByAgent && report.ok && !report.dryRun
      ? await (
          await import('../agent-run.js')
        ).runAgents(ctx, { agents: report.agents.map((a) => a.id), scope: setupOptions.scope, timeoutMs: gateway.timeoutMs * 4 })
      : undefined;
  if (ctx.json) {
    printJson(ctx, runs ? { ...report, ok: report.ok && runs.every((r) => r.ok), agentRuns: runs } : report);
  } else {
    printSetupReport(ctx, report);
    if (runs) (await import('../agent-run.js')).printAgentRuns(ctx, runs);
  }
  if (runs) return runs.length > 0 && runs.every((r) => r.ok) ? 0 : 1;
  return setupExit(report);
}
