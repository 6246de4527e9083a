// `use NAME [NAME…]`: setup's own run for every agent of each named profile, with the profile's
// settings in place of the saved top level (flags still win). Everything is resolved — every
// gateway, every key, every agent — and two profiles naming the same agent are refused before
// anything is written. Then each profile runs in turn, and the user file records which profile
// wrote each agent, for `profiles` and `sync`.
import { AGENTS, type AgentId } from '../../agents/registry.js';
import { UsageError } from '../../core/errors.js';
import { wrap } from '../../core/layout.js';
import { maskKey } from '../../core/mask.js';
import { commas, msg } from '../../i18n/index.js';
import type { SetupReport } from '../../setup/run.js';
import type { ParsedArgs } from '../args.js';
import type { CommandHelp } from '../command-types.js';
import type { CliContext } from '../context.js';
import { BIN } from '../help.js';
import { resolveGateway, type GatewayInputs } from '../inputs.js';
import { note, print, printJson } from '../output.js';
import { profileNames, profileSaved, recordActive, requireProfileKey } from '../profiles.js';
import { loadSaved, refuseSavedEnvStorage } from '../saved.js';
import { printSetupReport } from '../setup-report.js';
import { agentEnv, installedAgents, SETUP_OPTIONS, setupInputs, setupOptionsFrom, type SetupInputs } from '../setup-inputs.js';

export const options = SETUP_OPTIONS;
export const positionals = true;

export const help: CommandHelp = {
  summary: msg('help.summary.use'),
  usage: `${BIN} use NAME [NAME…] [--dry-run] [--yes] [--json]`,
  details: [msg('help.detail.use.what'), msg('help.detail.use.several'), msg('help.detail.use.undo', { bin: BIN })],
  examples: [`${BIN} use work`, `${BIN} use work personal --dry-run`, `${BIN} use work --yes --json   # in CI`],
};

interface Plan {
  name: string;
  inputs: SetupInputs;
  gateway: GatewayInputs;
  agents: AgentId[];
}

export async function run(ctx: CliContext, args: ParsedArgs): Promise<number> {
  const names = [...new Set(args.positionals)];
  const saved = await loadSaved(ctx);
  if (names.length === 0) {
    const known = profileNames(saved);
    throw new UsageError(
      msg('profiles.use_which'),
      known.length > 0 ? msg('profiles.unknown_hint', { names: commas(known), bin: BIN }) : msg('profiles.none_hint', { bin: BIN }),
    );
  }
  // Every name is checked before any key is read.
  for (const name of names) profileSaved(saved, name);
  const plans: Plan[] = [];
  for (const name of names) {
    const inputs = await setupInputs(ctx, args.values, true, name);
    requireProfileKey(ctx, args.values, inputs.saved, name);
    const gateway = resolveGateway(ctx, inputs.values);
    refuseSavedEnvStorage(ctx, args.values, inputs.saved.settings, inputs.saved.sources, gateway.keyEnvVar);
    plans.push({ name, inputs, gateway, agents: inputs.agents ?? (await installedAgents(agentEnv(ctx))) });
  }
  const writer = new Map<AgentId, string>();
  for (const p of plans) {
    for (const id of p.agents) {
      const other = writer.get(id);
      if (other !== undefined) {
        throw new UsageError(
          msg('profiles.conflict', { agent: AGENTS[id].name, id, a: other, b: p.name }),
          msg('profiles.conflict_hint', { bin: BIN }),
        );
      }
      writer.set(id, p.name);
    }
  }

  const { runSetup } = await import('../../setup/run.js');
  const { guardInterrupt } = await import('../interrupt.js');
  const runs: { profile: string; report: SetupReport }[] = [];
  for (const p of plans) {
    const setupOptions = setupOptionsFrom(ctx, p.inputs, p.gateway, { agents: p.agents, command: `use ${p.name}`, pinSaved: true });
    if (!ctx.json) {
      note(ctx, wrap(ctx.t('profiles.use_banner', {
        profile: p.name, root: p.gateway.root, key: maskKey(p.gateway.key), source: p.gateway.keySource, agents: commas(p.agents),
      })));
    }
    const report = await guardInterrupt(ctx, (onProgress) => runSetup({ ...setupOptions, onProgress }));
    runs.push({ profile: p.name, report });
    if (!report.dryRun) {
      await recordActive(ctx, new Map(report.agents.filter((a) => a.ok).map((a) => [a.id, p.name] as const)));
    }
    if (!ctx.json) {
      if (plans.length > 1) print(ctx, ctx.t('profiles.run_title', { profile: p.name, root: report.baseUrl }));
      printSetupReport(ctx, report);
    }
  }
  const ok = runs.every((r) => r.report.ok);
  if (ctx.json) {
    const [only] = runs;
    printJson(ctx, runs.length === 1 && only ? { ...only.report, profile: only.profile } : { ok, runs: runs.map((r) => ({ profile: r.profile, ...r.report })) });
  }
  return ok ? 0 : 1;
}
