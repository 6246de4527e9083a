// `sync`: after the gateway's models change, rewrite the agent configs that must change: the
// chosen model left the key's list or lost the mark its agent needs, or the base URL changed.
// `sync --check` changes nothing and fails (exit 1) when a sync would write: for CI.
import { AGENTS, type AgentId } from '../../agents/registry.js';
import { UsageError } from '../../core/errors.js';
import type { ClassifiedModel } from '../../core/types.js';
import type { SetupReport } from '../../setup/run.js';
import { flag, GATEWAY_OPTIONS, type OptionTable, type ParsedArgs } from '../args.js';
import type { CliContext } from '../context.js';
import type { CommandHelp } from '../command-types.js';
import { BIN } from '../help.js';
import { resolveGateway } from '../inputs.js';
import { print, printJson } from '../output.js';
import { wrap } from '../../core/layout.js';
import { refuseSavedEnvStorage, rememberSetup } from '../saved.js';
import { printSetupReport } from '../setup-report.js';
import { agentKeyEnvs, setupInputs, setupOptionsFrom } from '../setup-inputs.js';
import { msg, type Message, type Translator } from '../../i18n/index.js';

export const options: OptionTable = {
  ...GATEWAY_OPTIONS,
  check: { type: 'boolean', description: msg('help.opt.check') },
  upgrade: { type: 'boolean', description: msg('help.opt.upgrade') },
  concurrency: { type: 'string', value: 'N', number: { min: 1, max: 16, integer: true }, description: msg('help.opt.concurrency') },
  // sync never asks; `--yes` is accepted because people type it by habit in CI.
  yes: { type: 'boolean', short: 'y', description: msg('help.opt.yes_noop') },
  json: { type: 'boolean', description: msg('help.opt.json') },
};

export const help: CommandHelp = {
  summary: msg('help.summary.sync'),
  usage: `${BIN} sync [--check] [--upgrade] [--json]`,
  details: [
    msg('help.detail.sync.when'),
    msg('help.detail.sync.check'),
  ],
  examples: [`${BIN} sync`, `${BIN} sync --check --json   # in CI`],
};

export interface SyncChange {
  agent: AgentId;
  from?: string;
  to?: string;
  reason: Message;
  files: string[];
}

/** Why each agent's config changes, from the saved choice and the key's current models. */
export function explainChanges(
  report: SetupReport,
  saved: { baseUrl?: string; perAgent?: Partial<Record<AgentId, { model?: string }>> },
  shared: readonly ClassifiedModel[],
  upgrade: boolean,
  byAgent?: ReadonlyMap<AgentId, readonly ClassifiedModel[]>,
): SyncChange[] {
  const changes: SyncChange[] = [];
  for (const a of report.agents) {
    // Judged against the agent's own key's list.
    const models = byAgent?.get(a.id) ?? shared;
    const files = a.files.filter((f) => f.action !== 'unchanged').map((f) => f.path);
    if (files.length === 0) continue;
    const from = saved.perAgent?.[a.id]?.model;
    let reason: Message;
    const model = models.find((m) => m.id === from);
    if (from !== undefined && from !== a.model && !model) reason = msg('sync.left_list', { model: from });
    else if (from !== undefined && from !== a.model && model && !AGENTS[a.id].fit(model).ok) reason = msg('sync.lost_mark', { model: from, agent: AGENTS[a.id].name });
    else if (from !== undefined && from !== a.model && upgrade) reason = msg('sync.newer');
    else if (saved.baseUrl !== undefined && saved.baseUrl !== report.baseUrl) reason = msg('sync.base_url_changed', { from: saved.baseUrl, to: report.baseUrl });
    else if (a.before && a.before.model !== a.model) reason = msg('sync.model_on_disk', { from: a.before.model, to: a.model ?? '' });
    else if (a.before && a.protocol !== undefined && a.before.protocol !== a.protocol) {
      reason = msg('sync.protocol_changed', { model: a.model ?? '', from: a.before.protocol, to: a.protocol });
    } else if (a.before && a.smallModel !== undefined && a.before.smallModel !== a.smallModel) {
      reason = msg('sync.small_changed', { from: a.before.smallModel ?? '-', to: a.smallModel });
    } else reason = msg('sync.differs');
    changes.push({ agent: a.id, from, to: a.model, reason, files });
  }
  return changes;
}

/** "Codex CLI: gpt-5 left the key's model list; now gpt-5.1". */
function changeLine(t: Translator, c: SyncChange, moved: 'sync.change_would' | 'sync.change_now'): string {
  const params = { agent: AGENTS[c.agent].name, reason: c.reason, model: c.to ?? '' };
  return t(c.to && c.to !== c.from ? moved : 'sync.change', params);
}

export async function run(ctx: CliContext, args: ParsedArgs): Promise<number> {
  const inputs = await setupInputs(ctx, args.values);
  const s = inputs.saved.settings;
  const agents = s.agents;
  if (!agents || agents.length === 0) {
    throw new UsageError(msg('sync.nothing'), msg('sync.nothing_hint', { bin: BIN }));
  }
  const gateway = resolveGateway(ctx, inputs.values, agents);
  const check = flag(inputs.values, 'check');
  if (!check) refuseSavedEnvStorage(ctx, {}, s, inputs.saved.sources, gateway.keyEnvVar);
  const upgrade = flag(inputs.values, 'upgrade');
  let models: readonly ClassifiedModel[] = [];
  let byAgent: ReadonlyMap<AgentId, readonly ClassifiedModel[]> = new Map();
  const { runSetup } = await import('../../setup/run.js');
  const { guardInterrupt } = await import('../interrupt.js');
  const report = await guardInterrupt(ctx, (onProgress) => runSetup(setupOptionsFrom(ctx, inputs, gateway, {
    onProgress,
    agents,
    command: 'sync',
    // The saved models lead unless the user asks for the newest ones.
    pinSaved: !upgrade,
    dryRun: check,
    // A check changes nothing and sends no probe; a sync verifies before and after writing.
    verify: !check,
    // A gateway that stops sending marks has not changed its models: keep what the configs use.
    keepOnDisk: true,
    onModels: (m, each) => {
      models = m;
      byAgent = each;
    },
  })));
  const changes = explainChanges(report, s, models, upgrade, byAgent);
  if (check) {
    const stale = changes.length > 0;
    if (ctx.json) printJson(ctx, { ok: !stale, stale: changes, sources: inputs.saved.sources });
    else if (!stale) print(ctx, ctx.t('sync.up_to_date'));
    else {
      print(ctx, [ctx.t('sync.stale_title', { bin: BIN }), ...changes.flatMap((c) => [
        ...wrap(changeLine(ctx.t, c, 'sync.change_would'), 2),
        ...c.files.map((f) => `    ${f}`),
      ])]);
    }
    return stale ? 1 : 0;
  }
  await rememberSetup(ctx, report, gateway.keyEnvVar, agentKeyEnvs(gateway));
  if (ctx.json) {
    printJson(ctx, { ...report, changes });
  } else {
    if (changes.length > 0) {
      print(ctx, [ctx.t('sync.changes'), ...changes.flatMap((c) => wrap(changeLine(ctx.t, c, 'sync.change_now'), 2))]);
    }
    printSetupReport(ctx, report);
  }
  return report.ok ? 0 : 1;
}
