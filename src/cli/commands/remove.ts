// `remove`: take the gateway settings out of the agents' configs, for people who leave or switch
// tools. Each agent module says what it owns (`unplan`); this runs the same pipeline as setup:
// plan every file (one that does not parse stops everything), back up, write atomically under the
// lock, modes kept. It never asks, like `setup` with flags: the backup is the way back.
import { givenOf } from '../given.js';
import { AGENTS, SUPPORTED_AGENT_IDS, type AgentId } from '../../agents/registry.js';
import type { AppliedFile, FileEdit, PlannedFile } from '../../config/types.js';
import { GATEWAY_OPTIONS, type OptionTable, type ParsedArgs } from '../args.js';
import type { CliContext } from '../context.js';
import type { CommandHelp } from '../command-types.js';
import { BIN } from '../help.js';
import { resolveBaseUrl } from '../../settings/gateway.js';
import { note, print, printJson } from '../output.js';
import { padTo, wrap } from '../../core/layout.js';
import { loadSaved } from '../../settings/saved.js';
import { refuseWithheld } from '../../settings/trust.js';
import { agentEnv, parseAgents } from '../../settings/setup-inputs.js';
import { msg, type Message } from '../../i18n/index.js';

export const options: OptionTable = {
  'base-url': GATEWAY_OPTIONS['base-url']!,
  agent: { type: 'string', value: 'ID', multiple: true, description: msg('help.opt.agent_remove') },
  scope: { type: 'string', value: 'user|project', choices: ['user', 'project'], description: msg('help.opt.scope_remove') },
  'dry-run': { type: 'boolean', description: msg('help.opt.dry-run_remove') },
  yes: { type: 'boolean', short: 'y', description: msg('help.opt.yes_noop') },
  json: { type: 'boolean', description: msg('help.opt.json') },
};

export const help: CommandHelp = {
  summary: msg('help.summary.remove'),
  usage: `${BIN} remove [--agent ID…] [--scope user|project] [--dry-run] [--json]`,
  details: [msg('help.detail.remove.1', { bin: BIN })],
  examples: [`${BIN} remove --dry-run`, `${BIN} remove --agent codex`],
};

interface RemoveAgentReport {
  id: AgentId;
  name: string;
  files: AppliedFile[];
  notes: Message[];
  /** Files given back whole, as they were before the first setup. */
  givenBack: string[];
}

export async function run(ctx: CliContext, args: ParsedArgs): Promise<number> {
  const saved = await loadSaved(ctx);
  const values = givenOf(args.values);
  // The gateway whose settings go: the flag, else $GATEWAY_BASE_URL, else the one setup saved.
  const savedUrl = values.baseUrl === undefined && ctx.env['GATEWAY_BASE_URL'] === undefined;
  refuseWithheld(saved, (field) => (field === 'baseUrl' && savedUrl) || (field === 'scope' && values.scope === undefined));
  if (savedUrl && saved.settings.baseUrl) values.baseUrl = saved.settings.baseUrl;
  const gateway = resolveBaseUrl(ctx, values);
  const scope = values.scope ?? saved.settings.scope ?? 'user';
  const ids = parseAgents(values) ?? SUPPORTED_AGENT_IDS;
  const dryRun = values.dryRun === true;
  const env = agentEnv(ctx);
  // Masked wherever it shows, though only values read from the files are ever printed.
  const envKey = ctx.env[saved.settings.keyEnv ?? 'GATEWAY_API_KEY'];
  if (envKey) ctx.addSecret(envKey.trim());

  const { applyPlan, giveBack, keepBackups, planFiles, renderDiff, stateDir, withLock } = await import('../../config/index.js');
  const { readCurrent } = await import('../../setup/read-current.js');
  const secrets: string[] = [];
  const reports: RemoveAgentReport[] = ids.map((id) => ({ id, name: AGENTS[id].name, files: [], notes: [], givenBack: [] }));
  const dir = stateDir(ctx.home, ctx.env, ctx.platform);
  const unplanNotes = new Map<AgentId, Message[]>();
  const planAll = async (): Promise<PlannedFile[]> => {
    const edits = await Promise.all(
      reports.map(async (r): Promise<FileEdit[]> => {
        const agent = AGENTS[r.id];
        if (!agent.unplan) return [];
        const u = agent.unplan(env, scope, await readCurrent(agent, env, scope), gateway);
        for (const s of u.secrets) {
          secrets.push(s);
          ctx.addSecret(s);
        }
        unplanNotes.set(r.id, u.notes);
        return u.edits.map((e) => ({ ...e, owner: r.id }));
      }),
    );
    // Deletions only: a file that does not exist is never created.
    const surgical = (await planFiles(edits.flat())).filter((f) => f.action !== 'created');
    // Each file only our runs changed goes back to what it was before the first of them: the files
    // of the agents still set up for this gateway (one the user pointed elsewhere is left alone).
    const touched = reports.filter((r) => surgical.some((f) => f.owner === r.id && f.action !== 'unchanged'));
    const files = touched.flatMap((r) => [
      ...surgical
        .filter((f) => f.owner === r.id)
        .map((f) => ({
          path: f.path,
          format: f.format,
          owner: r.id,
          sourced: AGENTS[r.id].files(env, scope).some((a) => a.path === f.path && a.sourced === true),
        })),
      ...AGENTS[r.id].files(env, scope).map((f) => ({ path: f.path, format: f.format, owner: r.id, sourced: f.sourced === true })),
    ]);
    const back = await giveBack(dir, surgical, files);
    for (const r of reports) {
      const owned = new Set(back.plan.filter((f) => f.owner === r.id).map((f) => f.path));
      r.givenBack = back.givenBack.filter((p) => owned.has(p));
      // The agent's own notes describe taking our settings out; a file given back whole needs none.
      const surgicalOnly = surgical.some((f) => f.owner === r.id && f.action !== 'unchanged' && !r.givenBack.includes(f.path));
      r.notes = r.givenBack.length > 0 && !surgicalOnly ? [] : [...(unplanNotes.get(r.id) ?? [])];
      for (const k of back.kept.filter((k) => owned.has(k.path)))
        r.notes.push(msg('remove.kept_changed', { file: k.path, id: k.id, bin: BIN }));
    }
    return back.plan;
  };

  let plan: PlannedFile[];
  let backupId: string | undefined;
  if (dryRun) {
    plan = await planAll();
    for (const r of reports) r.files = plan.filter((f) => f.owner === r.id).map((f) => ({ path: f.path, action: f.action }));
  } else {
    const keep = keepBackups(ctx.env);
    const result = await withLock(dir, async () => {
      const planned = await planAll();
      return { planned, applied: await applyPlan(planned, { stateDir: dir, command: 'remove', keep }) };
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
  const shown = reports.filter((r) => r.files.some((f) => f.action !== 'unchanged') || r.notes.length > 0);

  if (ctx.json) {
    printJson(ctx, {
      ok: true,
      baseUrl: gateway.root,
      scope,
      dryRun,
      removed: changed,
      ...(backupId !== undefined ? { backupId } : {}),
      ...(diff !== undefined ? { diff } : {}),
      agents: reports.map((r) => ({
        id: r.id,
        name: r.name,
        files: r.files.filter((f) => f.action !== 'unchanged'),
        givenBack: r.givenBack,
        notes: r.notes,
      })),
    });
    return 0;
  }
  const lines: string[] = [];
  if (!changed) lines.push(...wrap(ctx.t('remove.nothing', { root: gateway.root })));
  else lines.push(...wrap(ctx.t(dryRun ? 'remove.would' : 'remove.done', { root: gateway.root })));
  for (const r of shown) {
    lines.push('', `  ${r.name}`);
    for (const f of r.files.filter((x) => x.action !== 'unchanged')) {
      const removed = f.action === 'removed' || plan.some((p) => p.path === f.path && p.remove);
      const label = removed
        ? dryRun
          ? 'report.action.would_removed'
          : 'report.action.removed'
        : dryRun
          ? 'report.action.would_updated'
          : 'report.action.updated';
      lines.push(`    ${padTo(ctx.t(label), 16)} ${f.path}`);
      if (r.givenBack.includes(f.path)) lines.push(...wrap(ctx.t(dryRun ? 'remove.would_give_back' : 'remove.given_back'), 6));
    }
    for (const n of r.notes) lines.push(...wrap(ctx.t('core.note', { text: n }), 4));
  }
  if (diff) lines.push('', diff.trimEnd());
  print(ctx, lines);
  if (backupId !== undefined) note(ctx, wrap(ctx.t('remove.backup', { bin: BIN, id: backupId })));
  if (changed && !dryRun && saved.settings.baseUrl) note(ctx, wrap(ctx.t('remove.saved_kept', { bin: BIN })));
  return 0;
}
