// `sync`: after the gateway's models change, rewrite the agent configs that must change (the
// library's sync, src/sync/); `sync --check` changes nothing and fails (exit 1) when a sync would
// write: for CI.
import { givenOf } from '../given.js';
import { AGENTS } from '../../agents/registry.js';
import { flag, GATEWAY_OPTIONS, str, type OptionTable, type ParsedArgs } from '../args.js';
import { hostOf, type CliContext } from '../context.js';
import type { CommandHelp } from '../command-types.js';
import { BIN } from '../help.js';
import { print, printJson, tildify } from '../output.js';
import { wrap } from '../../core/layout.js';
import { printSetupReport } from '../setup-report.js';
import type { SyncRun } from '../../library/sync.js';
import type { SyncChange, SyncUnchecked } from '../../sync/changes.js';
import { commas, msg, type Translator } from '../../i18n/index.js';

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

/** "Codex CLI: gpt-5 left the key's model list; now gpt-5.1". */
function changeLine(t: Translator, c: SyncChange, moved: 'sync.change_would' | 'sync.change_now'): string {
  const params = { agent: AGENTS[c.agent].name, reason: c.reason, model: c.to ?? '' };
  return t(c.to && c.to !== c.from ? moved : 'sync.change', params);
}

/** The agents a run could not judge, each with its cause and what to do: lines under their title. */
function uncheckedLines(t: Translator, unchecked: readonly SyncUnchecked[]): string[] {
  if (unchecked.length === 0) return [];
  return [
    ...wrap(t('sync.unchecked_title')),
    ...unchecked.flatMap((u) => [
      ...wrap(
        t('sync.unchecked', { agent: AGENTS[u.agent].name, model: u.model, message: u.message, code: u.code, id: u.requestId ?? '-' }),
        2,
      ),
      ...wrap(t('sync.unchecked_fix', { fix: u.fix }), 4),
    ]),
  ];
}

/** How a group's run reads: for --json, and as lines. */
function rendered(ctx: CliContext, run: SyncRun, check: boolean): { doc: Record<string, unknown>; lines: () => void } {
  const { changes, report, keySources: sources } = run;
  const agents = report.agents.map((a) => a.id);
  // Where each agent's key came from, said in every sync (never the key).
  const keysLine = (): void =>
    print(
      ctx,
      wrap(
        ctx.t('sync.keys_from', {
          list: commas(agents.map((id) => ctx.t('sync.key_from', { agent: AGENTS[id].name, source: tildify(ctx, sources[id] ?? '') }))),
        }),
      ),
    );
  const unchecked = uncheckedLines(ctx.t, run.unchecked);
  if (check) {
    const stale = changes.length > 0;
    return {
      doc: { ok: run.ok, stale: changes, unchecked: run.unchecked, sources: run.sources, keySources: sources },
      lines: () => {
        if (!stale && unchecked.length === 0) print(ctx, ctx.t('sync.up_to_date'));
        else if (stale) {
          print(ctx, [
            ctx.t('sync.stale_title', { bin: BIN }),
            ...changes.flatMap((c) => [
              ...wrap(changeLine(ctx.t, c, 'sync.change_would'), 2),
              ...c.files.map((f) => `    ${tildify(ctx, f)}`),
            ]),
          ]);
        }
        if (unchecked.length > 0) print(ctx, [...unchecked, ...wrap(ctx.t('sync.unchecked_again', { bin: BIN }))]);
        keysLine();
      },
    };
  }
  return {
    doc: { ...report, changes, unchecked: run.unchecked, keySources: sources },
    lines: () => {
      if (changes.length > 0) {
        print(ctx, [ctx.t('sync.changes'), ...changes.flatMap((c) => wrap(changeLine(ctx.t, c, 'sync.change_now'), 2))]);
      }
      // Its agents keep the configs they had: not "not set up", and a sync is what to run again.
      printSetupReport(ctx, report, { failed: ctx.t('sync.some_failed', { bin: BIN }) });
      keysLine();
    },
  };
}

export async function run(ctx: CliContext, args: ParsedArgs): Promise<number> {
  const profile = str(args.values, 'profile');
  const [{ sync }, { guardInterrupt }] = await Promise.all([import('../../library/sync.js'), import('../interrupt.js')]);
  const result = await guardInterrupt(ctx, (onProgress) =>
    sync({ ...givenOf(args.values), ...(profile !== undefined && { profile }), check: flag(args.values, 'check') }, hostOf(ctx), {
      onProgress,
    }),
  );
  const runs = result.runs.map((r) => ({ profile: r.profile, ...rendered(ctx, r, result.check) }));
  const [only] = runs;
  if (runs.length === 1 && only) {
    if (ctx.json) printJson(ctx, only.profile === undefined ? only.doc : { ...only.doc, profile: only.profile });
    else only.lines();
    return result.exit;
  }
  if (ctx.json) printJson(ctx, { ok: result.ok, runs: runs.map((r) => ({ profile: r.profile ?? null, ...r.doc })) });
  else {
    for (const r of runs) {
      print(ctx, r.profile === undefined ? ctx.t('profiles.sync_top') : ctx.t('profiles.sync_profile', { profile: r.profile }));
      r.lines();
    }
  }
  return result.exit;
}
