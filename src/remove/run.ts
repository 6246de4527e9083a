// Taking the gateway settings out of the agents' configs, for people who leave or switch tools.
// Each agent module says what it owns (`unplan`); this runs the same pipeline as setup: plan every
// file (one that does not parse stops everything), back up, write atomically under the lock, modes
// kept. A file only our runs changed is given back whole, as it was before the first of them.
import { AGENTS, type AgentId } from '../agents/registry.js';
import type { AgentEnv, Scope } from '../agents/types.js';
import { BIN } from '../core/bin.js';
import type { AppliedFile, FileEdit, PlannedFile } from '../config/types.js';
import { msg, type Message } from '../i18n/index.js';

export interface RemoveOptions {
  /** The gateway whose settings go (root, no /v1): a config pointing elsewhere is left alone. */
  gateway: { root: string; v1: string };
  agents: readonly AgentId[];
  scope: Scope;
  dryRun: boolean;
  env: AgentEnv;
  /** Told every key read from the files, so a caller that prints can mask it. */
  addSecret?(secret: string): void;
}

export interface RemoveAgentReport {
  id: AgentId;
  name: string;
  files: AppliedFile[];
  notes: Message[];
  /** Files given back whole, as they were before the first setup. */
  givenBack: string[];
}

export interface RemoveReport {
  root: string;
  scope: Scope;
  dryRun: boolean;
  /** Something was (or, in a dry run, would be) changed. */
  removed: boolean;
  backupId?: string;
  /** Unified diff of the plan, keys masked (dry runs). */
  diff?: string;
  agents: RemoveAgentReport[];
  /** The files removed whole (not only edited). */
  deleted: string[];
}

/** Each agent's edits that take our settings out; the keys read from its files are told and kept. */
async function agentEdits(opts: RemoveOptions, reports: readonly RemoveAgentReport[], secrets: string[]) {
  const { readCurrent } = await import('../setup/read-current.js');
  const notes = new Map<AgentId, Message[]>();
  const edits = await Promise.all(
    reports.map(async (r): Promise<FileEdit[]> => {
      const agent = AGENTS[r.id];
      if (!agent.unplan) return [];
      const u = agent.unplan(opts.env, opts.scope, await readCurrent(agent, opts.env, opts.scope), opts.gateway);
      for (const s of u.secrets) {
        secrets.push(s);
        opts.addSecret?.(s);
      }
      notes.set(r.id, u.notes);
      return u.edits.map((e) => ({ ...e, owner: r.id }));
    }),
  );
  return { edits: edits.flat(), notes };
}

/**
 * The plan: each agent's edits (deletions only: a file that does not exist is never created), and
 * each file only our runs changed given back whole, as it was before the first of them. Fills in
 * each report's notes and the files given back.
 */
async function planRemoval(opts: RemoveOptions, reports: readonly RemoveAgentReport[], dir: string, secrets: string[]) {
  const { giveBack, planFiles } = await import('../config/index.js');
  const { env, scope } = opts;
  const { edits, notes } = await agentEdits(opts, reports, secrets);
  const surgical = (await planFiles(edits)).filter((f) => f.action !== 'created');
  // The files of the agents still set up for this gateway (one the user pointed elsewhere is left alone).
  const touched = reports.filter((r) => surgical.some((f) => f.owner === r.id && f.action !== 'unchanged'));
  const files = touched.flatMap((r) => {
    const own = AGENTS[r.id].files(env, scope);
    return [
      ...surgical
        .filter((f) => f.owner === r.id)
        .map((f) => ({ path: f.path, format: f.format, owner: r.id, sourced: own.some((a) => a.path === f.path && a.sourced === true) })),
      ...own.map((f) => ({ path: f.path, format: f.format, owner: r.id, sourced: f.sourced === true })),
    ];
  });
  const back = await giveBack(dir, surgical, files);
  for (const r of reports) {
    const owned = new Set(back.plan.filter((f) => f.owner === r.id).map((f) => f.path));
    r.givenBack = back.givenBack.filter((p) => owned.has(p));
    // The agent's own notes describe taking our settings out; a file given back whole needs none.
    const whole = new Set([...r.givenBack, ...back.merged]);
    const surgicalOnly = surgical.some((f) => f.owner === r.id && f.action !== 'unchanged' && !whole.has(f.path));
    r.notes = whole.size > 0 && !surgicalOnly ? [] : [...(notes.get(r.id) ?? [])];
    for (const k of back.kept.filter((k) => owned.has(k.path)))
      r.notes.push(msg(back.merged.includes(k.path) ? 'remove.merged' : 'remove.kept_changed', { file: k.path, id: k.id, bin: BIN }));
  }
  return back.plan;
}

/** Takes our settings out of each agent's files (or says what it would, dry). */
export async function runRemove(opts: RemoveOptions): Promise<RemoveReport> {
  const { gateway, scope, dryRun, env } = opts;
  const { applyPlan, keepBackups, renderDiff, stateDir, withLock } = await import('../config/index.js');
  const secrets: string[] = [];
  const reports: RemoveAgentReport[] = opts.agents.map((id) => ({ id, name: AGENTS[id].name, files: [], notes: [], givenBack: [] }));
  const dir = stateDir(env.home, env.env, env.platform);
  let plan: PlannedFile[];
  let backupId: string | undefined;
  if (dryRun) {
    plan = await planRemoval(opts, reports, dir, secrets);
    for (const r of reports) r.files = plan.filter((f) => f.owner === r.id).map((f) => ({ path: f.path, action: f.action }));
  } else {
    const keep = keepBackups(env.env);
    const result = await withLock(dir, async () => {
      const planned = await planRemoval(opts, reports, dir, secrets);
      return { planned, applied: await applyPlan(planned, { stateDir: dir, command: 'remove', keep, secrets }) };
    });
    plan = result.planned;
    backupId = result.applied.backupId;
    for (const r of reports) {
      const paths = new Set(plan.filter((f) => f.owner === r.id).map((f) => f.path));
      r.files = result.applied.files.filter((f) => paths.has(f.path));
    }
  }
  const changed = plan.some((f) => f.action !== 'unchanged');
  const diff = dryRun && changed ? renderDiff(plan, secrets) : undefined;
  return {
    root: gateway.root,
    scope,
    dryRun,
    removed: changed,
    ...(backupId !== undefined && { backupId }),
    ...(diff !== undefined && { diff }),
    agents: reports,
    deleted: plan.filter((p) => p.remove).map((p) => p.path),
  };
}
