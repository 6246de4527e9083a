// The whole job of `setup`, as a library: verify, write, verify again. After the key's models, in
// documented phases, each its own function returning its result: 1. choose each agent's models;
// 2. probe them, one round for every agent at once; 3. plan every file edit, refusing all of them
// if one file does not parse; 4. apply under the lock (backups first, atomic writes); 5. read each
// config back from disk and send the request the agent itself would send. Rounds are concurrent
// across agents so the wall time is the network's, not ours.
import { stat } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { AGENTS, getAgent, type AgentId } from '../agents/registry.js';
import { belowFloor, forVersion, installedVersion, unproven, withVersion } from '../agents/versions.js';
import { underRoot } from '../agents/paths.js';
import { predecessorNote } from '../agents/predecessor.js';
import type { Agent, AgentChoice, AgentEnv, KeyStorage, Scope } from '../agents/types.js';
import { applyPlan, keepBackups, planFiles, renderDiff, stateDir, withLock } from '../config/index.js';
import { refuseEvaluated, writtenValues } from '../config/evaluated.js';
import { windowsKeyNotes } from '../config/key-protection.js';
import type { AppliedFile, FileEdit, PlannedFile } from '../config/types.js';
import { errorText, EXIT, exitForFailures, JobError, UsageError, type ExitCode } from '../core/errors.js';
import { maskKey } from '../core/mask.js';
import { formatUsd } from '../core/money.js';
import type { ClassifiedModel, Diagnosis, Protocol, ProbeResult } from '../core/types.js';
import { listModels, probeMany, type ClientOptions } from '../gateway/client.js';
import type { KeyUsage } from '../gateway/key-usage.js';
import { smallModelRequest } from '../agents/small-model.js';
import { chooseList, chooseModels, LIST_LIMIT, type KeptChoice, type ModelChoice, type ModelPair } from './choose.js';
import { failedModel, failedNote, fallBack, modelsOwnFailure, probeKey, probePairs, type FailedModel } from './probe.js';
import { applyExcludes, gitIgnoreStates, type GitIgnoreState } from './git-ignore.js';
import { readCurrent } from './read-current.js';
import { commas, isMessage, msg, type Message } from '../i18n/index.js';
import { groupAdvice, type GroupAdvice } from './group-advice.js';

export type { GroupAdvice } from './group-advice.js';

import type { SetupGateway, SetupOptions, SetupWriting } from './options.js';

export { setupOptions, type SetupFields, type SetupGateway, type SetupOptions } from './options.js';

export interface ProbeFailure {
  agent: AgentId;
  model: string;
  probe: VerifyReport;
}

export type SetupProgress =
  | { phase: 'models' }
  | { phase: 'probe'; agents: AgentId[] }
  | { phase: 'probed'; agent: AgentId; ok: boolean }
  | { phase: 'write' }
  /** The backup of the files about to change is complete: `restore --id backupId` undoes this run. */
  | { phase: 'backup'; backupId: string }
  /** Every file is written (or put back after a failed write). */
  | { phase: 'written' }
  | { phase: 'verify'; agents: AgentId[] }
  | { phase: 'verified'; agent: AgentId; ok: boolean };

export interface VerifyReport {
  ok: boolean;
  /** The model the request named (the probe's; the read-back's is the agent's own). */
  model?: string;
  status?: number;
  requestId?: string;
  latencyMs?: number;
  url?: string;
  diagnosis?: Pick<Diagnosis, 'code' | 'reason' | 'message' | 'fix'>;
}

export interface AgentReport {
  id: AgentId;
  name: string;
  ok: boolean;
  model?: string;
  smallModel?: string;
  protocol?: Protocol;
  /** Models of the agent's tiers other than the main one (Claude Code's opus), by tier id. */
  tiers?: Record<string, string>;
  /** Every model listed in the agent's config, for agents that keep a list (OpenCode). */
  models?: string[];
  files: AppliedFile[];
  notes: Message[];
  /** The probe before writing. */
  probe?: VerifyReport;
  /** Models of the agent's list that failed their probe and were left out of it. */
  leftOut?: FailedModel[];
  /** The list the config on disk held before this run (agents that keep one; `sync`). */
  listedBefore?: string[];
  /** The chosen model failed its own way and the next by the ranking passed: which failed, why, and what was chosen. */
  fallback?: { failed: FailedModel[]; chosen: string };
  /** The request rebuilt from the files on disk, after writing. */
  verify?: VerifyReport;
  /** Why nothing was written for this agent. */
  skipped?: Message;
  /** The variable its key came from, when some agents of the run have keys of their own (a name, never the key). */
  keyEnv?: string;
  /** Its own key was typed in the wizard and kept in its config: no variable holds it. */
  keyTyped?: true;
  /**
   * Nothing in the key's list suits the agent, and the marketplace sells models that would: which
   * groups sell them (a key of one of those groups would do).
   */
  groupAdvice?: GroupAdvice[];
  /** What the config on disk used before this run (with `keepOnDisk`), when it could be read back. */
  before?: KeptChoice;
  /** The config on disk held another key than the one this run writes (with `keepOnDisk`): a key change. */
  keyChanged?: boolean;
  /** The installed version the config was written for, when the agent is on PATH and tells it. */
  version?: string;
  /**
   * That version is older than the oldest one the tiers ran: written as it reads, not proven until
   * the installed agent itself answers through the gateway (`verify --agent-run`).
   */
  unproven?: Message;
}

export interface SetupReport {
  ok: boolean;
  baseUrl: string;
  scope: Scope;
  keyStorage: KeyStorage;
  dryRun: boolean;
  /** Every file already held what we would write. */
  upToDate: boolean;
  backupId?: string;
  /** Older backups removed because more than the kept number existed (each held copies of files that may hold the key). */
  prunedBackups?: string[];
  /** How many backups are kept. */
  keepBackups?: number;
  /** Unified diff of the plan, key masked (dry runs). */
  diff?: string;
  agents: AgentReport[];
}

/** The run's exit code: 0, "try later" when only the gateway's load failed its agents, else 1. */
export function setupExit(report: Pick<SetupReport, 'ok' | 'agents'>): ExitCode {
  return report.ok
    ? EXIT.ok
    : exitForFailures(report.agents.filter((a) => !a.ok).map((a) => ({ diagnosis: (a.verify ?? a.probe)?.diagnosis })));
}

function toVerify(p: ProbeResult): VerifyReport {
  return {
    ok: p.ok,
    model: p.model,
    status: p.status,
    requestId: p.requestId,
    latencyMs: p.latencyMs,
    url: p.url,
    diagnosis: p.diagnosis && {
      code: p.diagnosis.code,
      ...(p.diagnosis.reason !== undefined && { reason: p.diagnosis.reason }),
      message: p.diagnosis.message,
      fix: p.diagnosis.fix,
    },
  };
}

/** One agent in a run: its report (filled phase by phase) and the models chosen for it. */
export interface Candidate {
  /** The agent as its installed version is (`forVersion`). */
  agent: Agent<AgentId>;
  /** The run's env with the agent's installed version: what its plan and readBack are given. */
  env: AgentEnv;
  report: AgentReport;
  choice?: ModelChoice;
  /** The model was named by the user (no fallback to another). */
  explicit: boolean;
  /** The models to list beside the default one (agents with `listsModels`). */
  list?: { model: string; protocol: Protocol }[];
  /** Skipped for its installed version: another group's key would not help, so no group advice. */
  tooOld?: true;
}

/** A candidate with its models chosen. */
export type Chosen = Candidate & { choice: ModelChoice };

export const isChosen = (c: Candidate): c is Chosen => c.choice !== undefined;

/** How many failed models a fallback names one by one. */
const SAID_FAILURES = 3;

/** The gateway client of a run. */
export function clientOf(opts: { gateway: Pick<SetupGateway, 'http' | 'root' | 'key' | 'markers'> }): ClientOptions {
  return { ...opts.gateway.http, root: opts.gateway.root, key: opts.gateway.key, markers: opts.gateway.markers };
}

/** The key an agent of the run uses and the variable it comes from: its own, else the run's. */
function keyOf(
  opts: { gateway: Pick<SetupGateway, 'key' | 'keyEnvVar' | 'agentKeys'> },
  id: AgentId,
): { key: string; keyEnvVar: string; typed?: boolean } {
  return opts.gateway.agentKeys?.get(id) ?? { key: opts.gateway.key, keyEnvVar: opts.gateway.keyEnvVar };
}

/** The gateway client one agent uses (its own key, when it has one). */
export function clientFor(
  opts: { gateway: Pick<SetupGateway, 'http' | 'root' | 'key' | 'keyEnvVar' | 'markers' | 'agentKeys'> },
  id: AgentId,
): ClientOptions {
  return { ...clientOf(opts), key: keyOf(opts, id).key };
}

/** Every key of the run, the run's own first: what diffs and reports mask. */
const keysOf = (opts: { gateway: Pick<SetupGateway, 'key' | 'agentKeys'> }): string[] => [
  opts.gateway.key,
  ...[...(opts.gateway.agentKeys?.values() ?? [])].map((k) => k.key),
];

/**
 * Phase 1, choose: each agent's models from the key's list (an explicit one, what the config on
 * disk keeps with `keepOnDisk`, else the ranking). An agent nothing suits is skipped with the reason;
 * an invalid explicit choice is a usage error for the whole run (exit 2).
 */
export async function choosePhase(
  opts: SetupOptions,
  shared: readonly ClassifiedModel[],
  byAgent?: ReadonlyMap<AgentId, readonly ClassifiedModel[]>,
): Promise<Candidate[]> {
  const candidates: Candidate[] = [];
  for (const id of opts.choice.agents) {
    // Each agent chooses from its own key's list.
    const models = byAgent?.get(id) ?? shared;
    const version = opts.choice.versions?.get(id);
    const c = candidateOf(opts, id, version);
    const { agent, env, report } = c;
    candidates.push(c);
    // `launch` chooses a model for a session too, which an agent setup cannot write for may have.
    if (agent.unsupported && !(opts.writing.command === 'launch' && agent.session)) {
      report.skipped = agent.unsupported;
      continue;
    }
    const tooOld = belowFloor(agent, version);
    if (tooOld) {
      report.skipped = tooOld;
      c.tooOld = true;
      continue;
    }
    const notProven = unproven(agent, version);
    if (notProven) report.unproven = notProven;
    const predecessor = agent.predecessor && (await predecessorNote(agent, env, opts.writing.scope));
    if (predecessor) report.notes.push(predecessor);
    const explicit = opts.choice.models?.get(id) ?? opts.choice.models?.get('*');
    const recorded = opts.choice.recorded?.get(id);
    const disk = opts.choice.keepOnDisk || recorded ? await onDisk(agent, env, opts.writing.scope) : undefined;
    const keep = opts.choice.keepOnDisk ? disk?.kept : undefined;
    if (keep) report.before = keep;
    if (keep && disk?.key !== undefined && disk.key !== keyOf(opts, id).key) report.keyChanged = true;
    const pinned = recorded && switchedIn(disk, opts.gateway.root, recorded);
    try {
      c.explicit = explicit !== undefined;
      const avoided = opts.choice.avoid?.get(id);
      c.choice = chooseModels({
        agent,
        models: avoided ? models.filter((m) => !avoided.has(m.id)) : models,
        model: explicit,
        smallModel: opts.choice.smallModels?.get(id) ?? opts.choice.smallModel,
        preferences: opts.choice.preferences?.[id],
        keep,
        ...(pinned && { pinned }),
      });
    } catch (err) {
      // Nothing suits this agent: report it, go on with the others. A bad explicit choice stops all.
      if (explicit !== undefined || opts.choice.smallModel !== undefined || opts.choice.smallModels?.has(id)) throw err;
      report.skipped = errorText(err);
    }
    if (agent.listsModels && c.choice) await chooseAgentList(opts, c, models, explicit);
  }
  return candidates;
}

/**
 * The models the agent's config on this gateway names other than the recorded ones (set by hand, or
 * by the agent's own model switch since the last setup or sync); undefined when it names those.
 */
export async function switchedModels(
  agent: Agent,
  env: AgentEnv,
  scope: Scope,
  root: string,
  recorded: ModelPair,
): Promise<ModelPair | undefined> {
  return switchedIn(await onDisk(agent, env, scope), root, recorded);
}

function switchedIn(disk: { kept: KeptChoice; url: string } | undefined, root: string, recorded: ModelPair): ModelPair | undefined {
  if (!disk || !underRoot(disk.url, root)) return undefined;
  const { kept } = disk;
  const model = recorded.model !== undefined && kept.model !== recorded.model ? kept.model : undefined;
  const smallModel = recorded.smallModel !== undefined && kept.smallModel !== recorded.smallModel ? kept.smallModel : undefined;
  return model !== undefined || smallModel !== undefined ? { ...(model && { model }), ...(smallModel && { smallModel }) } : undefined;
}

/** One agent's candidate, before its choice: the agent as its version reads, its report, its key's name. */
function candidateOf(opts: SetupOptions, id: AgentId, version: string | undefined): Candidate {
  const known = getAgent(id);
  if (!known) throw new UsageError(msg('setup.unknown_agent', { id }));
  const agent = forVersion(known, version);
  const report: AgentReport = {
    id: agent.id,
    name: agent.name,
    ok: false,
    files: [],
    notes: [],
    ...(version !== undefined && { version }),
  };
  if (opts.gateway.agentKeys && opts.gateway.agentKeys.size > 0) {
    const own = keyOf(opts, id);
    // A pasted key kept in the agent's config is no variable's: none is named (or saved) for it.
    if (own.typed && opts.writing.keyStorage !== 'env') report.keyTyped = true;
    else report.keyEnv = own.keyEnvVar;
  }
  return { agent, env: withVersion(opts.env, version), report, explicit: false };
}

/** The models an agent that lists several gets beside its own (named, kept from disk, or ranked). */
async function chooseAgentList(
  opts: SetupOptions,
  c: Candidate,
  models: readonly ClassifiedModel[],
  explicit: string | undefined,
): Promise<void> {
  const { agent, env, report } = c;
  const id = agent.id;
  const avoided = opts.choice.avoid?.get(id);
  const listed = opts.choice.keepOnDisk ? await listedOnDisk(agent, env, opts.writing.scope) : undefined;
  if (listed) report.listedBefore = listed.map((m) => m.model);
  c.list = chooseList({
    agent,
    models: avoided ? models.filter((m) => !avoided.has(m.id)) : models,
    explicit: opts.choice.modelLists?.get(id),
    single: explicit !== undefined,
    kept: listed !== undefined && listed.length > 0 ? listed : undefined,
  });
  const ranked = opts.choice.modelLists?.get(id) === undefined && explicit === undefined && !(listed && listed.length > 0);
  if (ranked && c.list.length >= LIST_LIMIT) report.notes.push(msg('setup.list_limited', { agent: agent.name, n: LIST_LIMIT, id }));
}

/**
 * The model the user did not name failed its own way: the next by the ranking that passes takes its
 * place, the failures said (the first few in words, the rest counted by cause).
 */
async function fallBackAgent(
  opts: SetupOptions,
  client: ClientOptions,
  c: Chosen,
  models: readonly ClassifiedModel[],
  results: Map<string, ProbeResult>,
  concurrency: number,
): Promise<void> {
  const first = results.get(probeKey(c.choice.protocol, c.choice.model))!;
  const found = await fallBack(client, c.agent, models, first, {
    patterns: opts.choice.preferences?.[c.agent.id]?.model,
    avoid: opts.choice.avoid?.get(c.agent.id),
    concurrency,
    results,
  });
  // The first few in words; the rest counted by cause (the JSON report keeps every one).
  for (const f of found.failed.slice(0, SAID_FAILURES)) c.report.notes.push(failedNote(f));
  const rest = found.failed.slice(SAID_FAILURES);
  if (rest.length > 0) {
    const codes = [...new Set(rest.map((f) => f.code))];
    c.report.notes.push(msg('setup.more_failed', { n: rest.length, codes: commas(codes) }));
  }
  if (found.stoppedBy) c.report.notes.push(msg('setup.fallback_stopped', { model: found.stoppedBy.model, code: found.stoppedBy.code }));
  if (!found.winner) return;
  c.report.fallback = { failed: found.failed, chosen: found.winner.model };
  c.report.notes.push(msg('setup.fallback_chosen', { model: first.model, winner: found.winner.model }));
  c.choice.model = found.winner.model;
  c.choice.protocol = found.winner.protocol;
  // The tiers and the small model were chosen beside the failed model: they keep their own probes.
}

/** What a failed probe does to the model it asked for: nothing (it passed), or drop or keep the model. */
type Verdict = 'pass' | 'drop' | 'keep';

/**
 * A listed model that failed is left out of the list, said like a fallback's failures; one kept
 * (held before, the cause not the model's) is said in one line.
 */
function settleList(
  c: Chosen,
  results: ReadonlyMap<string, ProbeResult>,
  verdict: (r: ProbeResult | undefined, held: boolean) => Verdict,
  sayKept: boolean,
) {
  if (!c.list) return;
  const out: FailedModel[] = [];
  const kept: FailedModel[] = [];
  c.list = c.list.filter((m) => {
    const r = results.get(probeKey(m.protocol, m.model));
    if (m.model === c.choice.model || m.model === c.choice.smallModel || r === undefined) return true;
    const held = c.report.listedBefore?.includes(m.model) === true;
    const v = verdict(r, held);
    if (v === 'drop') out.push(failedModel(r));
    else if (v === 'keep' && held && sayKept) kept.push(failedModel(r));
    return v !== 'drop';
  });
  if (kept.length > 0)
    c.report.notes.push(
      msg('setup.kept_held_list', { models: commas(kept.map((f) => f.model)), codes: commas([...new Set(kept.map((f) => f.code))]) }),
    );
  if (out.length > 0) {
    c.report.leftOut = out;
    for (const f of out.slice(0, SAID_FAILURES)) c.report.notes.push(msg('setup.left_out', { note: failedNote(f) }));
    if (out.length > SAID_FAILURES)
      c.report.notes.push(
        msg('setup.more_left_out', {
          n: out.length - SAID_FAILURES,
          codes: commas([...new Set(out.slice(SAID_FAILURES).map((f) => f.code))]),
        }),
      );
  }
}

/**
 * An agent's probes read: the main model's is its probe; a tier, a listed model or a small model
 * that failed is left out (the agent then uses the main model there), each said; unless the cause
 * is not the model's and the main model met it too, or the config already held that model.
 */
function settleProbes(opts: SetupOptions, c: Chosen, results: ReadonlyMap<string, ProbeResult>): void {
  const main = results.get(probeKey(c.choice.protocol, c.choice.model));
  if (main) c.report.probe = toVerify(main);
  // When the main model failed for a cause that is not a model's (the key, its account, the
  // gateway's load), the others failing for such a cause say nothing of those models: they stay
  // (the agent is written only with --force, and then as chosen). A model the config on disk
  // already holds (a sync reads it) that failed for such a cause stays too, said: it answered when
  // it was written, and the key's account or the gateway's load is no reason to take it out.
  const blocked = main !== undefined && !main.ok && !modelsOwnFailure(main);
  const verdict = (r: ProbeResult | undefined, held: boolean): Verdict =>
    r === undefined || r.ok ? 'pass' : modelsOwnFailure(r) || !(blocked || held) ? 'drop' : 'keep';
  const keptNote = (r: ProbeResult) => {
    if (!blocked) c.report.notes.push(msg('setup.kept_held', { note: failedNote(failedModel(r)) }));
  };
  const before = c.report.before;
  // A tier whose model failed is not written: the agent's tier then takes the main model.
  for (const [tier, model] of Object.entries(c.choice.tiers ?? {})) {
    const r = results.get(probeKey(c.choice.protocol, model));
    const v = model === c.choice.model ? 'pass' : verdict(r, before?.tiers?.[tier] === model);
    if (v === 'keep') keptNote(r!);
    if (v !== 'drop') continue;
    c.report.notes.push(msg('setup.tier_failed', { tier, note: failedNote(failedModel(r!)), model: c.choice.model }));
    delete c.choice.tiers![tier];
  }
  if (c.choice.tiers && Object.keys(c.choice.tiers).length === 0) delete c.choice.tiers;
  settleList(c, results, verdict, !blocked);
  opts.onProgress?.({ phase: 'probed', agent: c.agent.id, ok: main?.ok ?? false });
  if (c.choice.smallModel && c.choice.smallProtocol && c.choice.smallModel !== c.choice.model) {
    const small = results.get(probeKey(c.choice.smallProtocol, c.choice.smallModel));
    const v = verdict(small, before?.smallModel === c.choice.smallModel);
    if (v === 'keep') keptNote(small!);
    if (v === 'drop') {
      c.report.notes.push(
        msg('setup.small_failed', { small: c.choice.smallModel ?? '', code: small!.diagnosis?.code ?? 'error', model: c.choice.model }),
      );
      c.choice.smallModel = c.choice.model;
      c.choice.smallProtocol = c.choice.protocol;
    }
  }
}

/**
 * Phase 2, probe: every chosen model in its agent's protocol, all agents at once. A model only a
 * probe could confirm that fails gives way to the agent's next one that passes; a failing small
 * model gives way to the main model (both said in the agent's notes). Each agent's `report.probe`
 * holds the result; returns the agents whose main model still fails.
 */
export async function probePhase(
  opts: SetupOptions,
  chosen: readonly Chosen[],
  shared: readonly ClassifiedModel[],
  byAgent?: ReadonlyMap<AgentId, readonly ClassifiedModel[]>,
): Promise<Chosen[]> {
  if (chosen.length === 0) return [];
  const concurrency = opts.verification.concurrency ?? 4;
  opts.onProgress?.({ phase: 'probe', agents: chosen.map((c) => c.agent.id) });
  // One round per key, all keys at once: an agent's model is probed with the key it will send.
  const byKey = new Map<string, Chosen[]>();
  for (const c of chosen) {
    const key = keyOf(opts, c.agent.id).key;
    byKey.set(key, [...(byKey.get(key) ?? []), c]);
  }
  const resultsOf = new Map<Chosen, Map<string, ProbeResult>>();
  await Promise.all(
    [...byKey.values()].map(async (group) => {
      const client = clientFor(opts, group[0]!.agent.id);
      const pairs = group.flatMap((c) => [
        { protocol: c.choice.protocol, model: c.choice.model },
        ...(c.choice.smallModel && c.choice.smallProtocol ? [{ protocol: c.choice.smallProtocol, model: c.choice.smallModel }] : []),
        // Each tier's model answers in the main model's protocol (the agent switches to it there).
        ...Object.values(c.choice.tiers ?? {}).map((model) => ({ protocol: c.choice.protocol, model })),
        // Every model of a list the agent switches between (OpenCode's /models).
        ...(c.list ?? []),
      ]);
      const results = await probePairs(client, pairs, concurrency);
      // A model the user did not name that failed its own way gives way to the next by the ranking.
      await Promise.all(
        group
          .filter((c) => !c.explicit && modelsOwnFailure(results.get(probeKey(c.choice.protocol, c.choice.model)) ?? { ok: true }))
          .map((c) => fallBackAgent(opts, client, c, byAgent?.get(c.agent.id) ?? shared, results, concurrency)),
      );
      for (const c of group) resultsOf.set(c, results);
    }),
  );
  for (const c of chosen) settleProbes(opts, c, resultsOf.get(c)!);
  return chosen.filter((c) => c.report.probe !== undefined && !c.report.probe.ok);
}

/**
 * Phase 3, plan: every writable agent's edits on its files as they are now, as planned files
 * (owner, action, new text). A file that does not parse throws before anything is written.
 */
export async function planPhase(opts: SetupOptions, writable: readonly Chosen[]): Promise<PlannedFile[]> {
  const planned = await Promise.all(
    writable.map(async (c) => {
      const current = await readCurrent(c.agent, c.env, opts.writing.scope);
      const choice: AgentChoice = {
        root: opts.gateway.root,
        v1: opts.gateway.v1,
        ...keyOf(opts, c.agent.id),
        model: c.choice.model,
        protocol: c.choice.protocol,
        smallModel: c.choice.smallModel,
        smallModelProtocol: c.choice.smallProtocol,
        ...(c.choice.tiers && { tiers: c.choice.tiers }),
        ...(c.list && { models: c.list }),
        scope: opts.writing.scope,
        keyStorage: opts.writing.keyStorage,
      };
      // The last gate before any file is planned: no value the agent would evaluate is written.
      refuseEvaluated(c.agent, writtenValues(choice), firstFile(c.agent, opts));
      const plan = c.agent.plan(c.env, choice, current);
      c.report.model = c.choice.model;
      c.report.smallModel = c.agent.smallModel !== undefined ? c.choice.smallModel : undefined;
      c.report.protocol = c.choice.protocol;
      if (c.choice.tiers) c.report.tiers = c.choice.tiers;
      if (c.list)
        c.report.models = [
          ...new Set([c.choice.model, ...(c.choice.smallModel !== undefined ? [c.choice.smallModel] : []), ...c.list.map((m) => m.model)]),
        ];
      c.report.notes.push(...plan.notes);
      return plan.edits.map((e): FileEdit => ({ ...e, owner: c.agent.id }));
    }),
  );
  const files = await planFiles(planned.flat());
  if (opts.env.platform === 'win32') noteWindowsKeyFiles(writable, files, opts.env.home);
  noteReplacedFiles(writable, files);
  return files;
}

const byOwner = (plan: readonly PlannedFile[], id: AgentId): PlannedFile[] => plan.filter((f) => f.owner === id);

/**
 * Phase 4, apply under the lock: plan again on what is on disk now (a second run waits, then plans
 * on what this one wrote), refuse a key file git tracks, make project key files ignored, back up,
 * write atomically. Each agent's `report.files` says what happened to its files.
 */
export async function applyPhase(
  opts: SetupOptions,
  writable: readonly Chosen[],
): Promise<{ plan: PlannedFile[]; applied: Awaited<ReturnType<typeof applyPlan>>; keep: number }> {
  const dir = stateDir(opts.env.home, opts.env.env, opts.env.platform);
  const keep = keepBackups(opts.env.env);
  const { plan, applied } = await withLock(dir, async () => {
    const plan = await planPhase(opts, writable);
    await refuseTrackedSecrets(plan, opts.env, opts.writing.scope);
    const ignore = await gitIgnoreStatesOf(plan, writable, opts.env, opts.writing.scope);
    if (opts.writing.beforeWrite) {
      const leftOut = writable.flatMap((c) =>
        c.report.leftOut?.length ? [{ agent: c.agent.id, notes: c.report.leftOut.slice(0, SAID_FAILURES).map(failedNote) }] : [],
      );
      await opts.writing.beforeWrite({ plan, diff: renderDiff(plan, keysOf(opts)), leftOut });
    }
    opts.onProgress?.({ phase: 'write' });
    // Ignored first: the key never sits in a file git would pick up, not even for a moment.
    await applyExcludes(ignore, opts.env.platform);
    noteGitIgnore(writable, ignore, false);
    try {
      const onBackup = (backupId: string): void => opts.onProgress?.({ phase: 'backup', backupId });
      return {
        plan,
        applied: await applyPlan(plan, { stateDir: dir, command: opts.writing.command ?? 'setup', onBackup, keep, secrets: keysOf(opts) }),
      };
    } finally {
      opts.onProgress?.({ phase: 'written' });
    }
  });
  for (const c of writable) {
    const paths = new Set(byOwner(plan, c.agent.id).map((f) => f.path));
    c.report.files = applied.files.filter((f) => paths.has(f.path));
  }
  return { plan, applied, keep };
}

/**
 * Phase 5, read back: each agent's config rebuilt from the files now on disk by the agent's own
 * rules, and the request it would send sent; the result is in each agent's `report.verify`.
 */
export async function readBackPhase(opts: SetupOptions, writable: readonly Chosen[]): Promise<void> {
  opts.onProgress?.({ phase: 'verify', agents: writable.map((c) => c.agent.id) });
  await Promise.all(
    writable.map(async (c) => {
      // The config on disk must carry this agent's own key: it is compared with the one it sends.
      await verifyFromDisk(clientFor(opts, c.agent.id), c, c.env, opts.writing.scope);
      opts.onProgress?.({ phase: 'verified', agent: c.agent.id, ok: c.report.verify?.ok ?? false });
    }),
  );
}

/**
 * The whole run: the key's models, then the phases in order. Without `verify` there is no probe
 * and no read-back; a dry run stops after the plan with its diff; an agent whose probe failed is not
 * written unless `force`.
 */
/** The file an agent's messages name: the first it reads for the run's scope. */
function firstFile(agent: Agent, opts: Pick<SetupOptions, 'env'> & { writing: Pick<SetupWriting, 'scope'> }): string {
  return agent.files(opts.env, opts.writing.scope)[0]?.path ?? agent.name;
}

/** A key or address an agent would evaluate stops the run before any request: exit 2, nothing sent. */
function refuseEvaluatedInputs(opts: SetupOptions): void {
  for (const id of opts.choice.agents) {
    const agent = getAgent(id);
    if (!agent) continue;
    const key = opts.gateway.agentKeys?.get(id)?.key ?? opts.gateway.key;
    refuseEvaluated(
      agent,
      [
        ...(opts.writing.keyStorage === 'file' ? [['key', key] as const] : []),
        ['baseUrl', opts.gateway.root],
        ['baseUrl', opts.gateway.v1],
      ],
      firstFile(agent, opts),
    );
  }
}

export async function runSetup(given: SetupOptions): Promise<SetupReport> {
  refuseEvaluatedInputs(given);
  given.onProgress?.({ phase: 'models' });
  // The agents are asked their versions while the gateway lists its models (the list needs none;
  // an agent can take a second to tell): the choice needs both.
  const [versions, { shared, byAgent }] = await Promise.all([
    given.choice.versions ?? versionsOf(given.choice.agents, given.env),
    listPhase(given),
  ]);
  const opts: SetupOptions = { ...given, choice: { ...given.choice, versions } };
  const verify = opts.verification.verify !== false;
  opts.onModels?.(shared, byAgent);

  const candidates = await choosePhase(opts, shared, byAgent);
  const chosen = candidates.filter(isChosen);
  await advisePhase(opts, candidates, shared, byAgent);

  if (verify) {
    const failed = await probePhase(opts, chosen, shared, byAgent);
    await noteBalances(opts, failed);
    if (!opts.writing.force && failed.length > 0 && opts.verification.onProbeFailed) {
      await opts.verification.onProbeFailed(
        failed.map((c) => ({ agent: c.agent.id, model: c.choice.model, probe: c.report.probe as VerifyReport })),
      );
    }
  }

  const writable = chosen.filter((c) => !verify || c.report.probe?.ok || opts.writing.force);
  for (const c of chosen) {
    if (!writable.includes(c)) c.report.skipped = msg(opts.writing.noForce ? 'setup.probe_failed_kept' : 'setup.probe_failed_skip');
  }

  if (opts.writing.dryRun) {
    const plan = await planPhase(opts, writable);
    noteGitIgnore(writable, await gitIgnoreStatesOf(plan, writable, opts.env, opts.writing.scope), true);
    for (const c of writable) {
      c.report.files = byOwner(plan, c.agent.id).map((f) => ({ path: f.path, action: f.action }));
      c.report.ok = !verify || (c.report.probe?.ok ?? false);
    }
    return finish(opts, candidates, {
      dryRun: true,
      upToDate: plan.every((f) => f.action === 'unchanged'),
      diff: renderDiff(plan, keysOf(opts)),
    });
  }

  const { plan, applied, keep } = await applyPhase(opts, writable);
  if (verify) await readBackPhase(opts, writable);
  for (const c of writable) c.report.ok = !verify || (c.report.verify?.ok ?? false);
  const upToDate = plan.every((f) => f.action === 'unchanged');
  return finish(opts, candidates, {
    dryRun: false,
    upToDate,
    backupId: applied.backupId,
    keepBackups: keep,
    ...(applied.pruned ? { prunedBackups: applied.pruned } : {}),
  });
}

/** The installed version of each agent of the run that is on PATH and tells one, all at once. */
async function versionsOf(ids: readonly AgentId[], env: AgentEnv): Promise<Map<AgentId, string>> {
  const found = await Promise.all(ids.map(async (id) => [id, await installedVersion(AGENTS[id], env)] as const));
  return new Map(found.filter((f): f is readonly [AgentId, string] => f[1] !== undefined));
}

/**
 * A key out of quota: what the gateway tells of its balance (`/api/usage/token/`), once per key,
 * beside the quota failure; or that it does not tell.
 */
async function noteBalances(opts: SetupOptions, failed: readonly Chosen[]): Promise<void> {
  const broke = failed.filter((c) => c.report.probe?.diagnosis?.code === 'quota');
  if (broke.length === 0) return;
  const usageOf = await keyUsages(opts);
  for (const c of broke) {
    const usage = await usageOf(c.agent.id);
    c.report.notes.push(
      usage === undefined || usage.unlimited || usage.availableUsd === undefined
        ? msg('setup.quota_balance_unknown')
        : msg('setup.quota_balance', { left: formatUsd(usage.availableUsd) }),
    );
  }
}

/** What the gateway tells of the key each agent uses (`/api/usage/token/`): asked once per key, never throwing. */
async function keyUsages(opts: SetupOptions): Promise<(id: AgentId) => Promise<KeyUsage | undefined>> {
  const { fetchKeyUsage } = await import('../gateway/client.js');
  const asked = new Map<string, Promise<KeyUsage | undefined>>();
  return (id) => {
    const client = clientFor(opts, id);
    if (!asked.has(client.key))
      asked.set(
        client.key,
        fetchKeyUsage(client).catch(() => undefined),
      );
    return asked.get(client.key)!;
  };
}

/**
 * The models of the run: one `GET /v1/models` per distinct key, concurrently. `shared` is the run's
 * own key's list (read only when some agent uses that key); `byAgent` each agent's own.
 */
export async function listPhase(
  opts: SetupOptions,
): Promise<{ shared: readonly ClassifiedModel[]; byAgent: Map<AgentId, readonly ClassifiedModel[]> }> {
  const keys = [...new Set(opts.choice.agents.map((id) => keyOf(opts, id).key))];
  if (keys.length === 0 || !opts.gateway.agentKeys || opts.gateway.agentKeys.size === 0) keys.splice(0, keys.length, opts.gateway.key);
  const lists = new Map(await Promise.all(keys.map(async (key) => [key, (await listModels({ ...clientOf(opts), key })).models] as const)));
  const byAgent = new Map<AgentId, readonly ClassifiedModel[]>();
  for (const id of opts.choice.agents) {
    const list = lists.get(keyOf(opts, id).key);
    if (list) byAgent.set(id, list);
  }
  return { shared: lists.get(opts.gateway.key) ?? lists.get(keys[0]!) ?? [], byAgent };
}

/**
 * Group advice: for each agent nothing in its key's list suits, the marketplace (when it answers)
 * says which groups sell a model that would. Nothing is said when the marketplace is closed or
 * sells nothing suitable: the reason the agent was skipped stays as it was.
 */
async function advisePhase(
  opts: SetupOptions,
  candidates: readonly Candidate[],
  shared: readonly ClassifiedModel[],
  byAgent: ReadonlyMap<AgentId, readonly ClassifiedModel[]>,
): Promise<void> {
  const lacking = candidates.filter((c) => !c.choice && !c.agent.unsupported && !c.tooOld && c.report.skipped !== undefined);
  if (lacking.length === 0) return;
  const { fetchSold } = await import('../gateway/client.js');
  const sold = await fetchSold(clientOf(opts));
  if (!sold) return;
  // Each agent's key's model limits, when the gateway tells them: advice that fits that key.
  const usageOf = await keyUsages(opts);
  for (const c of lacking) {
    const key = await usageOf(c.agent.id);
    const advice = groupAdvice(c.agent, sold, byAgent.get(c.agent.id) ?? shared, opts.gateway.markers, key);
    if (advice.length > 0) c.report.groupAdvice = advice;
  }
}

/**
 * A file that would hold the key must not be one git tracks: the key would be committed. Project
 * files, and any config that is a symlink (a dotfiles repository, user scope too): the write goes to
 * the link's target, so that real path is what git is asked about.
 */
async function refuseTrackedSecrets(plan: readonly PlannedFile[], env: AgentEnv, scope: Scope): Promise<void> {
  const { resolveTarget } = await import('../config/atomic.js');
  const candidates = await Promise.all(
    plan.filter((f) => f.secret && f.action !== 'unchanged').map(async (f) => ({ f, real: await resolveTarget(f.path) })),
  );
  const secret = candidates.filter(({ f, real }) => real !== f.path || (scope === 'project' && f.path.startsWith(env.cwd)));
  if (secret.length === 0) return;
  const { runGit } = await import('../core/git.js');
  for (const { f, real } of secret) {
    // A link made before the agent ever ran (a dotfiles repository installed first) may point into
    // a folder that does not exist yet: git is asked from the nearest one that does.
    const cwd = await nearestFolder(dirname(real));
    const r = await runGit(['ls-files', '--error-unmatch', '--', real], cwd, env.env);
    if (r.exitCode === 0) {
      throw new JobError(msg(real === f.path ? 'setup.tracked' : 'setup.tracked_link', { file: f.path, real }), msg('setup.tracked_hint'));
    }
    if (real === f.path) continue;
    // A link into a work tree (a dotfiles repository) whose target git does not track yet, and does
    // not ignore either: the next `git add -A` commits the key. Same refusal as a tracked target.
    const inside = await runGit(['rev-parse', '--is-inside-work-tree'], cwd, env.env);
    if (inside.exitCode !== 0 || inside.stdout.trim() !== 'true') continue;
    const ignored = await runGit(['check-ignore', '-q', '--', real], cwd, env.env);
    if (ignored.exitCode !== 0) throw new JobError(msg('setup.untracked_link', { file: f.path, real }), msg('setup.untracked_link_hint'));
  }
}

/** `dir`, or its nearest parent that exists (git cannot run in a folder that is not there). */
async function nearestFolder(dir: string): Promise<string> {
  for (let at = dir; ; at = dirname(at)) {
    if ((await stat(at).catch(() => undefined))?.isDirectory()) return at;
    if (dirname(at) === at) return at;
  }
}

/** The project files of the plan that hold the key (the agents' project-only files), and what git makes of each. */
/**
 * The files of a user-scope plan that hold the key, when HOME itself is a git work tree (a dotfiles
 * repository): each gets what a project file gets, so `git add -A` in HOME never picks the key up.
 */
async function homeRepoStatesOf(
  plan: readonly PlannedFile[],
  agents: readonly Candidate[],
  env: AgentEnv,
): Promise<(GitIgnoreState & { owner: AgentId })[]> {
  if (!(await stat(join(env.home, '.git')).catch(() => undefined))) return [];
  const owners = new Map<string, AgentId>();
  for (const c of agents) for (const f of c.agent.files(env, 'user')) owners.set(f.path, c.agent.id);
  const held = plan.filter((f) => f.secret && f.action !== 'unchanged' && owners.has(f.path) && f.path.startsWith(`${env.home}${sep}`));
  if (held.length === 0) return [];
  // Our state directory too: its backups are copies of files that hold the key.
  const state = stateDir(env.home, env.env, env.platform);
  if (state.startsWith(`${env.home}${sep}`)) owners.set(state, owners.get(held[0]!.path)!);
  const states = await gitIgnoreStates([...held.map((f) => f.path), ...(owners.has(state) ? [state] : [])], { ...env, cwd: env.home });
  return states.filter((s) => s.state !== 'no_repo').map((s) => ({ ...s, owner: owners.get(s.file)! }));
}

async function gitIgnoreStatesOf(
  plan: readonly PlannedFile[],
  agents: readonly Candidate[],
  env: AgentEnv,
  scope: Scope = 'project',
): Promise<(GitIgnoreState & { owner: AgentId })[]> {
  if (scope === 'user') return homeRepoStatesOf(plan, agents, env);
  const owners = new Map<string, AgentId>();
  for (const c of agents) {
    const user = new Set(c.agent.files(env, 'user').map((f) => f.path));
    for (const f of c.agent.files(env, 'project')) if (!user.has(f.path)) owners.set(f.path, c.agent.id);
  }
  const held = plan.filter((f) => f.secret && owners.has(f.path));
  const states = await gitIgnoreStates(
    held.map((f) => f.path),
    env,
  );
  return states.map((s) => ({ ...s, owner: owners.get(s.file)! }));
}

function noteGitIgnore(agents: readonly Candidate[], states: readonly (GitIgnoreState & { owner: AgentId })[], dryRun: boolean): void {
  for (const s of states) {
    const report = agents.find((c) => c.agent.id === s.owner)?.report;
    if (!report) continue;
    if (s.state === 'ignored')
      report.notes.push(
        s.rule ? msg('setup.git_ignored_rule', { file: s.file, rule: s.rule }) : msg('setup.git_ignored', { file: s.file }),
      );
    else if (s.state === 'exclude')
      report.notes.push(msg(dryRun ? 'setup.git_would_exclude' : 'setup.git_excluded', { file: s.file, exclude: s.exclude, line: s.line }));
    else report.notes.push(msg('setup.git_no_repo', { file: s.file }));
  }
}

/** The models a config of ours lists now (agents that keep a list); undefined when unreadable. */
async function listedOnDisk(agent: Agent, env: AgentEnv, scope: Scope): Promise<{ model: string; protocol: Protocol }[] | undefined> {
  if (!agent.listedModels) return undefined;
  try {
    return agent.listedModels(env, scope, await readCurrent(agent, env, scope));
  } catch {
    return undefined; // a file that does not parse stops the run when it is planned
  }
}

/** The model, protocol and small model the agent's config uses now; undefined when it yields no request. */
async function onDisk(agent: Agent, env: AgentEnv, scope: Scope): Promise<{ kept: KeptChoice; url: string; key?: string } | undefined> {
  let current;
  try {
    current = await readCurrent(agent, env, scope);
  } catch {
    return undefined; // a file that does not parse stops the run when it is planned
  }
  const request = agent.readBack(env, scope, current);
  // A model the agent picks itself (none named) is nobody's choice to keep.
  if (isMessage(request) || request.modelDefault) return undefined;
  const small = smallModelRequest(agent, env, scope, current, request);
  const kept: KeptChoice = { model: request.model, protocol: request.protocol, ...(request.tiers && { tiers: request.tiers }) };
  if (small !== undefined && !isMessage(small)) {
    kept.smallModel = small.request.model;
    kept.smallProtocol = small.request.protocol;
  } else if (small === undefined && agent.smallModel !== undefined) {
    kept.smallModel = request.model;
    kept.smallProtocol = request.protocol;
  }
  return { kept, url: request.url, ...(request.key !== undefined && { key: request.key }) };
}

async function verifyFromDisk(client: ClientOptions, c: Candidate, env: AgentEnv, scope: Scope): Promise<void> {
  const current = await readCurrent(c.agent, env, scope);
  const request = c.agent.readBack(env, scope, current);
  if (isMessage(request)) {
    c.report.verify = { ok: false, diagnosis: { code: 'config_invalid', message: request, fix: msg('setup.run_again') } };
    return;
  }
  if (request.key === undefined) {
    c.report.verify = {
      ok: false,
      url: request.url,
      diagnosis: {
        code: 'missing_key',
        message: msg('setup.no_key_found', { agent: c.agent.name, source: request.keySource }),
        fix: msg('setup.no_key_found_fix', { agent: c.agent.name, source: request.keySource }),
      },
    };
    return;
  }
  // What the agent reads back may come from a file this run did not write (a repository's, listed
  // before ours): a key is sent only to the gateway this run was given.
  const origin = URL.canParse(request.url) ? new URL(request.url).origin : request.url;
  if (origin !== new URL(client.root).origin) {
    c.report.verify = {
      ok: false,
      diagnosis: {
        code: 'untrusted_host',
        message: msg('setup.read_back_elsewhere', { agent: c.agent.name, file: request.file, host: origin, root: client.root }),
        fix: msg('setup.read_back_elsewhere_fix', { file: request.file }),
      },
    };
    return;
  }
  const [result] = await probeMany(client, [
    { protocol: request.protocol, model: request.model, url: request.url, auth: request.auth, key: request.key },
  ]);
  c.report.verify = toVerify(result!);
  if (request.key !== client.key) {
    c.report.notes.push(msg('setup.other_key', { agent: c.agent.name, key: maskKey(request.key), source: request.keySource }));
  }
}

function finish(
  opts: SetupOptions,
  candidates: readonly Candidate[],
  extra: Pick<SetupReport, 'dryRun' | 'upToDate' | 'diff' | 'backupId' | 'prunedBackups' | 'keepBackups'>,
): SetupReport {
  const agents = candidates.map((c) => c.report);
  return {
    ok: agents.length > 0 && agents.every((a) => a.ok),
    baseUrl: opts.gateway.root,
    scope: opts.writing.scope,
    keyStorage: opts.writing.keyStorage,
    ...extra,
    agents,
  };
}

/**
 * Writing replaces the file (a new one renamed over it): a hard link to it keeps the old content, and
 * a file the user made read-only is replaced all the same. Neither happens without a word.
 */
function noteReplacedFiles(
  agents: readonly { agent: { id: AgentId }; report: { notes: Message[] } }[],
  plan: readonly PlannedFile[],
): void {
  for (const c of agents) {
    for (const f of plan.filter((p) => p.owner === c.agent.id && p.action !== 'unchanged')) {
      if (f.links !== undefined) c.report.notes.push(msg('setup.hardlink_split', { file: f.path, others: f.links - 1 }));
      if (f.beforeMode !== undefined && (f.beforeMode & 0o222) === 0) c.report.notes.push(msg('setup.readonly_replaced', { file: f.path }));
    }
  }
}

/** Windows ignores the 0600 we write: say what protects the key there instead of claiming a mode. */
function noteWindowsKeyFiles(
  agents: readonly { agent: { id: AgentId }; report: { notes: Message[] } }[],
  plan: readonly PlannedFile[],
  home: string,
): void {
  for (const c of agents) {
    const files = plan.filter((f) => f.owner === c.agent.id && f.secret && f.action !== 'unchanged').map((f) => f.path);
    c.report.notes.push(...windowsKeyNotes(home, files));
  }
}
