// `use NAME [NAME…]`: setup's own run for every agent of each named profile, with the profile's
// settings in place of the saved top level (flags still win). Everything is resolved — every
// gateway, every key, every agent — and two profiles naming the same agent are refused before
// anything is written. Then each profile runs in turn, and the user file records which profile
// wrote each agent, for `profiles` and `sync`.
import { givenOf } from '../given.js';
import { normalizeBaseUrl } from '../../core/base-url.js';
import { exitOfRuns, UsageError } from '../../core/errors.js';
import { wrap } from '../../core/layout.js';
import { maskKey } from '../../core/mask.js';
import { commas, msg } from '../../i18n/index.js';
import type { SetupReport } from '../../setup/run.js';
import type { ParsedArgs } from '../args.js';
import type { CommandHelp } from '../command-types.js';
import type { CliContext } from '../context.js';
import { BIN } from '../help.js';
import { resolveGateway } from '../../settings/gateway.js';
import { note, print, printJson } from '../output.js';
import { profileFor, profileNameOf, profileNames, profileSaved, recordActive } from '../../settings/profiles.js';
import { loadSaved } from '../../settings/saved.js';
import { printSetupReport } from '../setup-report.js';
import { agentEnv, importedKey, installedAgents, setupInputs, setupOptionsFrom, type SetupInputs } from '../../settings/setup-inputs.js';
import { SETUP_OPTIONS } from '../setup-options.js';

export const options = SETUP_OPTIONS;
export const positionals = true;

export const help: CommandHelp = {
  summary: msg('help.summary.use'),
  usage: `${BIN} use NAME [NAME…] [--dry-run] [--yes] [--json] | use --import - [--api-key-env VAR]`,
  details: [
    msg('help.detail.use.what'),
    msg('help.detail.use.several'),
    msg('help.detail.use.import'),
    msg('help.detail.use.undo', { bin: BIN }),
  ],
  examples: [`${BIN} use work`, `${BIN} use work personal --dry-run`, `${BIN} use work --yes --json   # in CI`],
};

/**
 * `use --import -` with no name: the link names the profile. A profile of that name is used as it
 * is (the link's gateway and key win for this run); otherwise, once the run has written an agent,
 * the profile is saved with the link's base URL, the agents written and the key's variable name,
 * never the key (the next `use NAME` reads it from that variable).
 */
async function useImported(ctx: CliContext, args: ParsedArgs): Promise<{ name: string; inputs: SetupInputs; saved: boolean } | undefined> {
  const given = givenOf(args.values);
  if (args.positionals.length > 0 || (given.importStdin === undefined && given.importEnv === undefined)) return undefined;
  const inputs = await setupInputs(ctx, given);
  const root = normalizeBaseUrl(inputs.imported?.link.baseUrl ?? '').root;
  return { inputs, ...profileFor(profileNameOf(inputs.importName), root, inputs.saved.settings.profiles) };
}

export async function run(ctx: CliContext, args: ParsedArgs): Promise<number> {
  const imported = await useImported(ctx, args);
  if (imported && !imported.saved) return await runNewImported(ctx, imported.inputs, imported.name);
  const names = imported ? [imported.name] : [...new Set(args.positionals)];
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
  // One link is one gateway and one key: it cannot stand for several profiles.
  const given = givenOf(args.values);
  if (names.length > 1 && (given.importStdin !== undefined || given.importEnv !== undefined)) {
    throw new UsageError(msg('import.one_profile'), msg('import.one_profile_hint', { bin: BIN }));
  }
  const plans = await (await import('../../library/use.js')).planProfiles(ctx, given, names);

  const { runSetup, setupExit } = await import('../../setup/run.js');
  const { guardInterrupt } = await import('../interrupt.js');
  const runs: { profile: string; report: SetupReport }[] = [];
  for (const p of plans) {
    const setupOptions = setupOptionsFrom(ctx, p.inputs, p.gateway, { agents: p.agents, command: `use ${p.name}`, pinSaved: true });
    if (!ctx.json) {
      note(
        ctx,
        wrap(
          ctx.t('profiles.use_banner', {
            profile: p.name,
            root: p.gateway.root,
            key: maskKey(p.gateway.key),
            source: p.gateway.keySource,
            agents: commas(p.agents),
          }),
        ),
      );
    }
    const report = await guardInterrupt(ctx, (onProgress) => runSetup({ ...setupOptions, onProgress }));
    runs.push({ profile: p.name, report });
    if (!report.dryRun) {
      await recordActive(ctx, new Map(report.agents.filter((a) => a.ok).map((a) => [a.id, p.name] as const)));
    }
    if (!ctx.json) {
      if (plans.length > 1) print(ctx, ctx.t('profiles.run_title', { profile: p.name, root: report.baseUrl }));
      // An agent not switched keeps the config it had: the profile's `use` is what to run again.
      printSetupReport(ctx, report, { failed: ctx.t('profiles.use_some_failed', { command: `${BIN} use ${p.name}` }) });
    }
  }
  const ok = runs.every((r) => r.report.ok);
  if (ctx.json) {
    const [only] = runs;
    printJson(
      ctx,
      runs.length === 1 && only
        ? { ...only.report, profile: only.profile }
        : { ok, runs: runs.map((r) => ({ profile: r.profile, ...r.report })) },
    );
  }
  // "Try later" (75) only when the gateway's load is all that stopped every failed run, as setup says it.
  return exitOfRuns(runs.map((r) => setupExit(r.report)));
}

/** A link whose name is no profile yet: setup's run with the link, then the profile saved from it. */
async function runNewImported(ctx: CliContext, inputs: SetupInputs, name: string): Promise<number> {
  const gateway = resolveGateway(ctx, inputs.given, importedKey(inputs));
  const agents = inputs.agents ?? (await installedAgents(agentEnv(ctx)));
  const setupOptions = setupOptionsFrom(ctx, inputs, gateway, { agents, command: `use ${name}`, pinSaved: false });
  if (!ctx.json) {
    note(
      ctx,
      wrap(
        ctx.t('profiles.use_banner', {
          profile: name,
          root: gateway.root,
          key: maskKey(gateway.key),
          source: gateway.keySource,
          agents: commas(agents),
        }),
      ),
    );
  }
  const { runSetup, setupExit } = await import('../../setup/run.js');
  const { guardInterrupt } = await import('../interrupt.js');
  const report = await guardInterrupt(ctx, (onProgress) => runSetup({ ...setupOptions, onProgress }));
  const written = report.agents.filter((a) => a.ok).map((a) => a.id);
  let file: string | undefined;
  if (!report.dryRun && written.length > 0) {
    const { updateUserSettings } = await import('../../settings/index.js');
    file = await updateUserSettings(ctx, (s) => ({
      ...s,
      profiles: { ...s.profiles, [name]: { baseUrl: report.baseUrl, keyEnv: gateway.keyEnvVar, agents: written } },
    }));
    await recordActive(ctx, new Map(written.map((id) => [id, name] as const)));
  }
  if (ctx.json) printJson(ctx, { ...report, profile: name, ...(file !== undefined && { profileSaved: file }) });
  else {
    printSetupReport(ctx, report);
    if (file !== undefined) print(ctx, wrap(ctx.t('import.profile_saved', { name, file, var: gateway.keyEnvVar, bin: BIN })));
  }
  return setupExit(report);
}
