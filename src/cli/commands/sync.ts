// `sync`: after the gateway's models change, rewrite the agent configs that must change: the
// chosen model left the key's list or lost the mark its agent needs, or the base URL changed.
// `sync --check` changes nothing and fails (exit 1) when a sync would write: for CI.
import { givenOf } from '../given.js';
import { AGENTS, type AgentId } from '../../agents/registry.js';
import { EXIT, UsageError } from '../../core/errors.js';
import type { ClassifiedModel } from '../../core/types.js';
import type { SetupReport } from '../../setup/run.js';
import type { LoadedSettings } from '../../settings/index.js';
import { flag, GATEWAY_OPTIONS, str, type OptionTable, type ParsedArgs } from '../args.js';
import type { CliContext } from '../context.js';
import type { CommandHelp } from '../command-types.js';
import { BIN } from '../help.js';
import { keysForRun } from '../../settings/config-key.js';
import { resolveGateway, type GatewayInputs } from '../../settings/gateway.js';
import { print, printJson } from '../output.js';
import { wrap } from '../../core/layout.js';
import { activeProfiles, agentsWrittenBy, profileSaved, recordActive, requireProfileKey } from '../../settings/profiles.js';
import { refuseWithheld } from '../../settings/trust.js';
import { loadSaved, refuseSavedEnvStorage, rememberSetup } from '../../settings/saved.js';
import { printSetupReport } from '../setup-report.js';
import { agentKeyEnvs, keySources, keyVariable, setupInputs, setupOptionsFrom, type SetupInputs } from '../../settings/setup-inputs.js';
import { commas, msg, type Message, type Translator } from '../../i18n/index.js';

export const options: OptionTable = {
  ...GATEWAY_OPTIONS,
  check: { type: 'boolean', description: msg('help.opt.check') },
  upgrade: { type: 'boolean', description: msg('help.opt.upgrade') },
  concurrency: { type: 'string', value: 'N', number: { min: 1, max: 16, integer: true }, description: msg('help.opt.concurrency') },
  // sync never asks; `--yes` is accepted because people type it by habit in CI.
  yes: { type: 'boolean', short: 'y', description: msg('help.opt.yes_noop') },
  json: { type: 'boolean', description: msg('help.opt.json') },
  profile: { type: 'string', value: 'NAME', description: msg('help.opt.sync_profile') },
};

export const help: CommandHelp = {
  summary: msg('help.summary.sync'),
  usage: `${BIN} sync [--check] [--upgrade] [--profile NAME] [--json]`,
  details: [msg('help.detail.sync.when'), msg('help.detail.sync.check'), msg('help.detail.sync.profiles')],
  examples: [`${BIN} sync`, `${BIN} sync --check --json   # in CI`, `${BIN} sync --profile work`],
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
    const from = saved.perAgent?.[a.id]?.model;
    // Its model fails now and no other passes: nothing to write, and still not up to date.
    if (files.length === 0 && a.probe && !a.probe.ok) {
      const failed = { model: a.probe.model ?? from ?? '', code: a.probe.diagnosis?.code ?? 'error', id: a.probe.requestId ?? '-' };
      // The saved model left the list and the one in its place fails: both said.
      const gone = from !== undefined && from !== failed.model && !models.some((m) => m.id === from);
      const reason = gone ? msg('sync.left_none_passes', { ...failed, from }) : msg('sync.fails_now', failed);
      changes.push({ agent: a.id, from, reason, files });
      continue;
    }
    if (files.length === 0) continue;
    // A key change is said as one, whatever else changes with it.
    if (a.keyChanged) {
      changes.push({ agent: a.id, from, to: a.model, reason: msg('sync.key_changed'), files });
      continue;
    }
    let reason: Message;
    const model = models.find((m) => m.id === from);
    const fell = a.fallback?.failed[0];
    if (fell) reason = msg('sync.model_failed', { model: fell.model, code: fell.code, id: fell.requestId ?? '-' });
    else if (from !== undefined && from !== a.model && !model) reason = msg('sync.left_list', { model: from });
    else if (from !== undefined && from !== a.model && model && !AGENTS[a.id].fit(model).ok)
      reason = msg('sync.lost_mark', { model: from, agent: AGENTS[a.id].name });
    else if (from !== undefined && from !== a.model && upgrade) reason = msg('sync.newer');
    else if (saved.baseUrl !== undefined && saved.baseUrl !== report.baseUrl)
      reason = msg('sync.base_url_changed', { from: saved.baseUrl, to: report.baseUrl });
    else if (a.before && a.before.model !== a.model) reason = msg('sync.model_on_disk', { from: a.before.model, to: a.model ?? '' });
    else if (a.before && a.protocol !== undefined && a.before.protocol !== a.protocol) {
      reason = msg('sync.protocol_changed', { model: a.model ?? '', from: a.before.protocol, to: a.protocol });
    } else if (a.before && a.smallModel !== undefined && a.before.smallModel !== a.smallModel) {
      reason = msg('sync.small_changed', { from: a.before.smallModel ?? '-', to: a.smallModel });
    } else reason = listChange(a, models) ?? msg('sync.differs');
    changes.push({ agent: a.id, from, to: a.model, reason, files });
  }
  return changes;
}

/**
 * How the list of an agent that keeps one changed, in words: the models that left the key's list,
 * those that fail now (with the request ID), those that joined. Undefined when it did not change.
 */
function listChange(a: SetupReport['agents'][number], models: readonly ClassifiedModel[]): Message | undefined {
  if (a.listedBefore === undefined || a.models === undefined) return undefined;
  const now = new Set(a.models);
  const before = new Set(a.listedBefore);
  const gone = a.listedBefore.filter((id) => !now.has(id));
  const joined = a.models.filter((id) => !before.has(id));
  if (gone.length === 0 && joined.length === 0) return undefined;
  const failing = new Map((a.leftOut ?? []).map((f) => [f.model, f]));
  const parts: Message[] = [];
  const left = gone.filter((id) => !failing.has(id) && !models.some((m) => m.id === id));
  if (left.length > 0) parts.push(msg('sync.list_left', { models: commas(left) }));
  for (const id of gone) {
    const f = failing.get(id);
    if (f) parts.push(msg('sync.model_failed', { model: id, code: f.code, id: f.requestId ?? '-' }));
  }
  const other = gone.filter((id) => !failing.has(id) && models.some((m) => m.id === id));
  if (other.length > 0) parts.push(msg('sync.list_dropped', { models: commas(other) }));
  if (joined.length > 0) parts.push(msg('sync.list_joined', { models: commas(joined) }));
  return msg('sync.list_changed', { parts: commas(parts) });
}

/** "Codex CLI: gpt-5 left the key's model list; now gpt-5.1". */
function changeLine(t: Translator, c: SyncChange, moved: 'sync.change_would' | 'sync.change_now'): string {
  const params = { agent: AGENTS[c.agent].name, reason: c.reason, model: c.to ?? '' };
  return t(c.to && c.to !== c.from ? moved : 'sync.change', params);
}

/** One sync run: the top level's agents (no profile) or the agents of one profile. */
interface SyncGroup {
  profile?: string;
  agents: AgentId[];
}

/**
 * Which agents to sync against which settings. `--profile NAME`: that profile's agents. Without it,
 * each agent against what last wrote it: the profile `use` recorded for it, else the top level.
 */
function syncGroups(saved: LoadedSettings, profile: string | undefined): SyncGroup[] {
  if (profile !== undefined) {
    profileSaved(saved, profile);
    // A sync keeps configs fresh, it does not switch them: the agents this profile wrote, not those another one wrote since.
    const agents = agentsWrittenBy(saved, profile);
    if (agents.length === 0)
      throw new UsageError(msg('profiles.no_agents', { name: profile }), msg('profiles.no_agents_hint', { bin: BIN, name: profile }));
    return [{ profile, agents }];
  }
  const active = activeProfiles(saved.settings);
  const groups: SyncGroup[] = [];
  const own = (saved.settings.agents ?? []).filter((id) => !active.has(id));
  if (own.length > 0) groups.push({ agents: own });
  for (const name of new Set(active.values()))
    groups.push({ profile: name, agents: [...active].filter(([, n]) => n === name).map(([id]) => id) });
  if (groups.length === 0) throw new UsageError(msg('sync.nothing'), msg('sync.nothing_hint', { bin: BIN }));
  return groups;
}

interface SyncResult {
  profile?: string;
  ok: boolean;
  /** Its exit code: "try later" when only the gateway's load failed it. */
  exit: number;
  /** What --json prints for this run alone. */
  doc: Record<string, unknown>;
  lines: () => void;
}

export async function run(ctx: CliContext, args: ParsedArgs): Promise<number> {
  const saved = await loadSaved(ctx);
  // The agents a sync rewrites are the saved ones: an unapproved project file's list stops it here.
  if (str(args.values, 'profile') === undefined) refuseWithheld(saved, (field) => field === 'agents');
  const groups = syncGroups(saved, str(args.values, 'profile'));
  const check = flag(args.values, 'check');
  const given = givenOf(args.values);
  const results: SyncResult[] = [];
  // Every key is read before anything is written.
  const prepared = [];
  for (const g of groups) {
    const inputs = await setupInputs(ctx, given, true, g.profile);
    if (g.profile !== undefined) requireProfileKey(ctx, given, inputs.saved, g.profile);
    // No variable set: the keys where setup put them, the agents' configs.
    const inConfigs = await keysForRun(ctx, inputs.given, g.agents, inputs.scope ?? 'user');
    const gateway = resolveGateway(ctx, inputs.given, undefined, g.agents, inConfigs);
    if (!check) refuseSavedEnvStorage(ctx, {}, inputs.saved.settings, inputs.saved.sources, gateway.keyEnvVar);
    prepared.push({ group: g, inputs, gateway });
  }
  for (const p of prepared) results.push(await syncOne(ctx, p.group, p.inputs, p.gateway, check));
  const [only] = results;
  if (results.length === 1 && only) {
    if (ctx.json) printJson(ctx, only.profile === undefined ? only.doc : { ...only.doc, profile: only.profile });
    else only.lines();
    return only.exit;
  }
  const ok = results.every((r) => r.ok);
  if (ctx.json) printJson(ctx, { ok, runs: results.map((r) => ({ profile: r.profile ?? null, ...r.doc })) });
  else {
    for (const r of results) {
      print(ctx, r.profile === undefined ? ctx.t('profiles.sync_top') : ctx.t('profiles.sync_profile', { profile: r.profile }));
      r.lines();
    }
  }
  if (ok) return 0;
  // "Try later" only when the gateway's load is all that failed.
  return results.filter((r) => r.exit !== 0).every((r) => r.exit === EXIT.later) ? EXIT.later : 1;
}

async function syncOne(
  ctx: CliContext,
  group: SyncGroup,
  inputs: SetupInputs,
  gateway: GatewayInputs,
  check: boolean,
): Promise<SyncResult> {
  const s = inputs.saved.settings;
  const agents = group.agents;
  const upgrade = inputs.given.upgrade === true;
  let models: readonly ClassifiedModel[] = [];
  let byAgent: ReadonlyMap<AgentId, readonly ClassifiedModel[]> = new Map();
  const { runSetup, setupExit } = await import('../../setup/run.js');
  const { guardInterrupt } = await import('../interrupt.js');
  const report = await guardInterrupt(ctx, (onProgress) =>
    runSetup(
      setupOptionsFrom(ctx, inputs, gateway, {
        onProgress,
        agents,
        command: group.profile === undefined ? 'sync' : `sync --profile ${group.profile}`,
        // The saved models lead unless the user asks for the newest ones.
        pinSaved: !upgrade,
        dryRun: check,
        // A check changes nothing, but probes the models as a sync would: a model that fails now is
        // as stale as one that left the list. A sync verifies before and after writing.
        verify: true,
        // A gateway that stops sending marks has not changed its models: keep what the configs use.
        keepOnDisk: true,
        onModels: (m, each) => {
          models = m;
          byAgent = each;
        },
      }),
    ),
  );
  // A profile records no chosen model (`use` leaves it in the agent's config): the model on disk is the one a change moves from.
  const known =
    group.profile === undefined
      ? s
      : { ...s, perAgent: Object.fromEntries(report.agents.map((a) => [a.id, { model: s.perAgent?.[a.id]?.model ?? a.before?.model }])) };
  const changes = explainChanges(report, known, models, upgrade, byAgent);
  // Where each agent's key came from, said in every sync (never the key).
  const sources = keySources(gateway, agents);
  const keysLine = (): void =>
    print(
      ctx,
      wrap(
        ctx.t('sync.keys_from', {
          list: commas(agents.map((id) => ctx.t('sync.key_from', { agent: AGENTS[id].name, source: sources[id] ?? '' }))),
        }),
      ),
    );
  if (check) {
    const stale = changes.length > 0;
    return {
      profile: group.profile,
      ok: !stale,
      exit: stale ? 1 : 0,
      doc: { ok: !stale, stale: changes, sources: inputs.saved.sources, keySources: sources },
      lines: () => {
        if (!stale) print(ctx, ctx.t('sync.up_to_date'));
        else {
          print(ctx, [
            ctx.t('sync.stale_title', { bin: BIN }),
            ...changes.flatMap((c) => [...wrap(changeLine(ctx.t, c, 'sync.change_would'), 2), ...c.files.map((f) => `    ${f}`)]),
          ]);
        }
        keysLine();
      },
    };
  }
  if (group.profile === undefined) await rememberSetup(ctx, report, keyVariable(gateway), agentKeyEnvs(gateway), inputs.fromProject);
  else await recordActive(ctx, new Map(report.agents.filter((a) => a.ok).map((a) => [a.id, group.profile!] as const)));
  return {
    profile: group.profile,
    ok: report.ok,
    exit: setupExit(report),
    doc: { ...report, changes, keySources: sources },
    lines: () => {
      if (changes.length > 0) {
        print(ctx, [ctx.t('sync.changes'), ...changes.flatMap((c) => wrap(changeLine(ctx.t, c, 'sync.change_now'), 2))]);
      }
      printSetupReport(ctx, report);
      keysLine();
    },
  };
}
