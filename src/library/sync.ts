// `sync` as a library call: after the gateway's models change, rewrite the agent configs that must
// change (their model left the key's list, lost the mark its agent needs, or fails; the base URL or
// the key changed), each group of agents against the settings that last wrote them. `check`
// changes nothing and says what a sync would.
import type { AgentId } from '../agents/registry.js';
import { EXIT, exitForFailures, exitOfRuns, type ExitCode } from '../core/errors.js';
import type { ClassifiedModel } from '../core/types.js';
import type { Message } from '../i18n/index.js';
import { keysForRun } from '../settings/config-key.js';
import { resolveGateway, toWaitingKey } from '../settings/gateway.js';
import type { Given } from '../settings/given.js';
import { recordActive, requireProfileKey } from '../settings/profiles.js';
import { loadSaved, refuseSavedEnvStorage, rememberSetup } from '../settings/saved.js';
import { agentKeyEnvs, keySources, keyVariable, setupInputs, setupOptionsFrom } from '../settings/setup-inputs.js';
import { refuseWithheld } from '../settings/trust.js';
import type { SetupProgress, SetupReport } from '../setup/run.js';
import { explainChanges, syncGroups, type SyncChange, type SyncUnchecked } from '../sync/changes.js';
import { hosted, session, type Host } from './host.js';

export type SyncInput = Given & {
  /** Sync only the agents this profile last wrote. */
  profile?: string;
  /** Change nothing: say what a sync would change (stale configs fail it). */
  check?: boolean;
};

/** One group's sync: the top level's agents, or one profile's. */
export interface SyncRun {
  profile?: string;
  ok: boolean;
  /** "Try later" when only the gateway's load failed it. */
  exit: ExitCode;
  changes: SyncChange[];
  /** Agents whose probe failed for a cause that is not their config's: not judged, left as they were. */
  unchecked: SyncUnchecked[];
  /** Where each agent's key came from (a variable, a config it was kept in): never the key. */
  keySources: Record<string, string>;
  /** The settings files the run read. */
  sources: readonly string[];
  report: SetupReport;
}

export interface SyncResult {
  check: boolean;
  runs: SyncRun[];
  ok: boolean;
  exit: ExitCode;
  notes: Message[];
}

async function syncCall(input: SyncInput, host: Host, on: { onProgress?(e: SetupProgress): void } = {}): Promise<SyncResult> {
  const { ctx, notes } = session(host);
  const { profile, check = false, ...given } = input;
  const saved = await loadSaved(ctx);
  // The agents a sync rewrites are the saved ones: an unapproved project file's list stops it here.
  if (profile === undefined) refuseWithheld(saved, (field) => field === 'agents');
  const groups = syncGroups(saved, profile);
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
  const { runSetup, setupExit } = await import('../setup/run.js');
  const runs: SyncRun[] = [];
  for (const { group, inputs, gateway } of prepared) {
    const s = inputs.saved.settings;
    const upgrade = inputs.given.upgrade === true;
    let models: readonly ClassifiedModel[] = [];
    let byAgent: ReadonlyMap<AgentId, readonly ClassifiedModel[]> = new Map();
    const report = await runSetup(
      setupOptionsFrom(ctx, inputs, gateway, {
        ...(on.onProgress && { onProgress: on.onProgress }),
        agents: group.agents,
        command: group.profile === undefined ? 'sync' : `sync --profile ${group.profile}`,
        noForce: true,
        // The saved models lead unless the user asks for the newest ones.
        pinSaved: !upgrade,
        dryRun: check,
        // A check changes nothing, but probes the models as a sync would: a model that fails now is
        // as stale as one that left the list. A sync verifies before and after writing.
        verify: true,
        // A gateway that stops sending marks has not changed its models: keep what the configs use.
        keepOnDisk: true,
        // A model the user switched an agent to since (by hand, or the agent's own model switch) is
        // the latest choice: kept while the key lists it, it suits and passes, and then saved.
        pinSwitched: !upgrade,
        onModels: (m, each) => {
          models = m;
          byAgent = each;
        },
      }),
    ).catch((e: unknown) => {
      throw toWaitingKey(gateway, e);
    });
    // A profile records no chosen model (`use` leaves it in the agent's config): the model on disk is the one a change moves from.
    const known =
      group.profile === undefined
        ? s
        : { ...s, perAgent: Object.fromEntries(report.agents.map((a) => [a.id, { model: s.perAgent?.[a.id]?.model ?? a.before?.model }])) };
    const { changes, unchecked } = explainChanges(report, known, models, upgrade, byAgent);
    const run = {
      profile: group.profile,
      changes,
      unchecked,
      keySources: keySources(gateway, group.agents),
      sources: inputs.saved.sources,
      report,
    };
    if (check) {
      // Stale configs fail a check; so does an agent it could not judge, "try later" when only the gateway's load stopped it.
      const exit =
        changes.length > 0 ? EXIT.failed : unchecked.length > 0 ? exitForFailures(unchecked.map((u) => ({ diagnosis: u }))) : EXIT.ok;
      runs.push({ ...run, ok: exit === EXIT.ok, exit });
      continue;
    }
    if (group.profile === undefined) await rememberSetup(ctx, report, keyVariable(gateway), agentKeyEnvs(gateway), inputs.fromProject);
    else await recordActive(ctx, new Map(report.agents.filter((a) => a.ok).map((a) => [a.id, group.profile!] as const)));
    runs.push({ ...run, ok: report.ok, exit: setupExit(report) });
  }
  const ok = runs.every((r) => r.ok);
  // "Try later" only when the gateway's load is all that failed.
  const exit = exitOfRuns(runs.map((r) => r.exit));
  return { check, runs, ok, exit, notes };
}

/** Regenerates each agent's config from the saved settings and the gateway's models, proving each. */
export const sync = hosted(1, syncCall);
