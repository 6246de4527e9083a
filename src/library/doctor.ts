// `doctor` as a library call: every agent configured or installed here checked with its own
// request, whoever wrote its config; with `fix`, what is broken repaired through setup's writer.
import { getAgent, SUPPORTED_AGENT_IDS, type AgentId } from '../agents/registry.js';
import { BIN } from '../core/bin.js';
import { EXIT, exitForFailures, UsageError, type ExitCode } from '../core/errors.js';
import type { DoctorReport } from '../doctor/run.js';
import { commas, msg, type Message } from '../i18n/index.js';
import { BASE_URL_ENV, keysToCheck, resolveBaseUrl } from '../settings/gateway.js';
import type { Given } from '../settings/given.js';
import { profileAgents, profileSaved } from '../settings/profiles.js';
import { loadSaved, savedMarkers, withSavedDefaults } from '../settings/saved.js';
import { agentEnv, notePathEntries, setupInputs, setupOptionsFrom } from '../settings/setup-inputs.js';
import type { SetupProgress, SetupReport } from '../setup/run.js';
import type { RepairRun } from '../doctor/repair.js';
import type { SettingsHost } from '../settings/host.js';
import { hosted, session, type Host } from './host.js';

export type DoctorInput = Given & {
  /** Check (and repair) the agents a profile last wrote, with its settings. */
  profile?: string;
  /** Repair what is broken. */
  fix?: boolean;
};

/** What the doctor checks, resolved from the input, the saved settings (or a profile's) and the environment. */
async function resolveRound(ctx: SettingsHost, input: DoctorInput) {
  await notePathEntries(ctx);
  const all = await loadSaved(ctx);
  // With a profile, its settings stand in for the saved top level, and its agents are the ones checked.
  const { profile, fix, ...given } = input;
  const saved = profile === undefined ? all : profileSaved(all, profile);
  const profileIds = profile === undefined ? [] : profileAgents(all, profile);
  if (profile !== undefined && profileIds.length === 0 && given.agents === undefined) {
    throw new UsageError(msg('profiles.no_agents', { name: profile }), msg('profiles.no_agents_hint', { bin: BIN, name: profile }));
  }
  const flags =
    profile !== undefined && given.baseUrl === undefined && saved.settings.baseUrl ? { ...given, baseUrl: saved.settings.baseUrl } : given;
  // Doctor checks the agents it is told to, or every installed one: a saved agent list is not its input.
  const values = withSavedDefaults(
    ctx,
    flags,
    { ...saved.settings, agents: undefined },
    // The key storage matters only to a repair.
    { ...saved, withheld: saved.withheld?.filter((w) => w.field !== 'agents' && (w.field !== 'keyStorage' || fix === true)) },
  );
  const only: readonly string[] = values.agents ?? [];
  for (const id of only)
    if (!SUPPORTED_AGENT_IDS.includes(id as AgentId)) {
      // An agent setup writes nothing for says why (and, for one that has it, how to launch it).
      const hint = msg('doctor.bad_agent_hint', { agents: commas(SUPPORTED_AGENT_IDS) });
      throw new UsageError(getAgent(id)?.unsupported ?? msg('doctor.bad_agent', { id }), hint);
    }
  const keys = keysToCheck(ctx, given, values, only);
  // The base URL given (flag, GATEWAY_BASE_URL) or saved: the one a repair writes. Validated up front.
  const url = values.baseUrl !== undefined || ctx.env[BASE_URL_ENV] !== undefined ? resolveBaseUrl(ctx, values) : undefined;
  return {
    given,
    saved,
    keys,
    url,
    scope: values.scope ?? 'user',
    ids: only.length > 0 ? (only as AgentId[]) : profileIds.length > 0 ? profileIds : SUPPORTED_AGENT_IDS,
    timeoutMs: values.timeoutSeconds === undefined ? undefined : Math.round(values.timeoutSeconds * 1000),
    // An agent the user set up or asked about is expected to use the gateway: a config that does not is a finding.
    intended: new Set<AgentId>([...(saved.settings.agents ?? []), ...profileIds, ...(only as AgentId[])]),
  };
}

/** A repair: a setup run of one agent, with the setup inputs read when the first repair needs them. */
function repairRunner(
  ctx: SettingsHost,
  round: { given: Given; timeoutMs?: number },
  profile: string | undefined,
  onProgress: ((e: SetupProgress) => void) | undefined,
): (r: RepairRun) => Promise<SetupReport> {
  let setup: ReturnType<typeof setupInputs> | undefined;
  return async (r) => {
    const { runSetup } = await import('../setup/run.js');
    setup ??= setupInputs(ctx, round.given, true, profile);
    const gateway = { root: r.root, v1: r.v1, key: r.key, keyEnvVar: r.keyEnvVar, timeoutMs: round.timeoutMs };
    return runSetup(
      setupOptionsFrom(ctx, await setup, gateway, {
        ...(onProgress && { onProgress }),
        agents: [r.agent],
        command: 'doctor --fix',
        noForce: true,
        pinSaved: false,
        models: r.models,
        smallModels: r.smallModels,
        ...(r.avoid && { avoid: r.avoid }),
        scope: r.scope,
        keyStorage: r.keyStorage,
      }),
    );
  };
}

async function doctorCall(
  input: DoctorInput,
  host: Host,
  on: { onProgress?(event: SetupProgress): void } = {},
): Promise<{ report: DoctorReport; notes: Message[]; exit: ExitCode }> {
  const { ctx, notes } = session(host);
  const round = await resolveRound(ctx, input);
  const { keys, url, scope } = round;
  const { runDoctor } = await import('../doctor/run.js');
  const report = await runDoctor({
    agents: round.ids,
    env: agentEnv(ctx),
    addSecret: ctx.addSecret,
    checks: {
      scope,
      gatewayKey: keys.key,
      ...(keys.agentKeys.size > 0 ? { gatewayKeys: keys.agentKeys } : {}),
      timeoutMs: round.timeoutMs,
      markers: savedMarkers(round.saved.settings),
      intended: round.intended,
      gatewayHost: url ? new URL(url.root).host : undefined,
      trustedOrigin: url ? new URL(url.root).origin : undefined,
    },
    repairs: {
      scope,
      gatewayKey: keys.key,
      keyEnv: keys.keyEnv,
      gatewayKeys: keys.agentKeys,
      agentKeyEnv: keys.agentKeyEnvs,
      given: url,
      keyStorage: round.saved.settings.keyStorage,
    },
    fix: input.fix === true,
    // Each repair is a setup run of one agent (interruptible as setup is: Ctrl-C puts files back).
    runSetup: repairRunner(ctx, round, input.profile, on.onProgress),
  });
  // As verify's: "try later" (75) when the gateway's load is all that is wrong.
  const failures = report.checks.flatMap((c) => c.findings.map((diagnosis) => ({ diagnosis })));
  return { report, notes, exit: report.ok ? EXIT.ok : exitForFailures(failures) };
}

/** Checks the agents; throws a UsageError for an agent that is not one, or a profile that wrote none. */
export const doctor = hosted(1, doctorCall);
