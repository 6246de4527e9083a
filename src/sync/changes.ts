// What a sync changes and why: each agent's config against the saved choice and the key's models
// now (a model that left the list, lost its mark or fails; a base URL or key that changed), and
// which agents sync against which settings (the top level, or the profile that last wrote them).
import { AGENTS, type AgentId } from '../agents/registry.js';
import { BIN } from '../core/bin.js';
import { UsageError } from '../core/errors.js';
import type { ClassifiedModel, DiagnosisCode } from '../core/types.js';
import { commas, msg, type Message } from '../i18n/index.js';
import type { LoadedSettings } from '../settings/index.js';
import { activeProfiles, agentsWrittenBy, profileSaved } from '../settings/profiles.js';
import { modelsOwnFailure } from '../setup/probe.js';
import type { SetupReport } from '../setup/run.js';

export interface SyncChange {
  agent: AgentId;
  from?: string;
  to?: string;
  reason: Message;
  files: string[];
}

/**
 * An agent a sync cannot judge now: its model's probe failed for a cause that is not the model's
 * (the key, its account, a limit, the gateway's load or address), which every other model would meet
 * too. Nothing is written for it, and its config is not called stale: the cause is not its config.
 */
export interface SyncUnchecked {
  agent: AgentId;
  model: string;
  code: DiagnosisCode;
  requestId?: string;
  message: Message;
  fix: Message;
}

/** Why each agent's config changes, from the saved choice and the key's current models; and which agents could not be judged. */
export function explainChanges(
  report: SetupReport,
  saved: { baseUrl?: string; perAgent?: Partial<Record<AgentId, { model?: string }>> },
  shared: readonly ClassifiedModel[],
  upgrade: boolean,
  byAgent?: ReadonlyMap<AgentId, readonly ClassifiedModel[]>,
): { changes: SyncChange[]; unchecked: SyncUnchecked[] } {
  const changes: SyncChange[] = [];
  const unchecked: SyncUnchecked[] = [];
  for (const a of report.agents) {
    // Judged against the agent's own key's list.
    const models = byAgent?.get(a.id) ?? shared;
    const files = a.files.filter((f) => f.action !== 'unchanged').map((f) => f.path);
    const from = saved.perAgent?.[a.id]?.model;
    if (files.length === 0 && a.probe && !a.probe.ok) {
      const failed = { model: a.probe.model ?? from ?? '', code: a.probe.diagnosis?.code ?? 'error', id: a.probe.requestId ?? '-' };
      // The saved model left the list: stale, whatever the one in its place met.
      const gone = from !== undefined && from !== failed.model && !models.some((m) => m.id === from);
      const d = a.probe.diagnosis;
      // Its model fails for a cause no config could clear (the key, its account, the gateway's load).
      if (d && !modelsOwnFailure(a.probe)) {
        if (gone) changes.push({ agent: a.id, from, reason: msg('sync.left_unjudged', { ...failed, from }), files });
        else
          unchecked.push({
            agent: a.id,
            model: failed.model,
            code: d.code,
            ...(a.probe.requestId !== undefined && { requestId: a.probe.requestId }),
            message: d.message,
            fix: d.fix,
          });
        continue;
      }
      // Its model fails now and no other passes: nothing to write, and still not up to date.
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
  return { changes, unchecked };
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

/** One sync run: the top level's agents (no profile) or the agents of one profile. */
export interface SyncGroup {
  profile?: string;
  agents: AgentId[];
}

/**
 * Which agents to sync against which settings. With a profile: its agents. Without it,
 * each agent against what last wrote it: the profile `use` recorded for it, else the top level.
 */
export function syncGroups(saved: LoadedSettings, profile: string | undefined): SyncGroup[] {
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
  if (groups.length === 0) {
    const gateway = saved.settings.baseUrl;
    // Saved once, then every agent taken off it (a remove): the gateway is known, no agent is on it.
    throw new UsageError(
      gateway === undefined ? msg('sync.nothing') : msg('sync.no_agents', { gateway }),
      gateway === undefined ? msg('sync.nothing_hint', { bin: BIN }) : msg('sync.no_agents_hint', { bin: BIN }),
    );
  }
  return groups;
}
