// `launch AGENT [-- ARGS…]`: one session of an agent against the gateway, without touching a file
// of the user's. The model is chosen and probed exactly as `setup` does (so a key the gateway
// refuses fails here, with the diagnosis and request ID, before the agent starts); then the agent's
// own `session()` says which variables, arguments and temporary files it needs. The key goes to
// the agent only through its environment; the temporary files live in a directory of ours (0700,
// files 0600) removed when the session ends. The agent's exit code is ours; a signal that ends it
// ends us with 128 + its number, as a shell reports it.
import { givenOf } from '../given.js';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { AGENT_IDS, AGENTS, getAgent, type AgentId } from '../../agents/registry.js';
import type { Agent, AgentChoice, AgentEnv } from '../../agents/types.js';
import { suggesting } from '../../core/closest.js';
import { GatewayError, JobError, UsageError } from '../../core/errors.js';
import { maskKey } from '../../core/mask.js';
import { commas, msg } from '../../i18n/index.js';
import { GATEWAY_OPTIONS, showArgument, str, type OptionTable, type ParsedArgs } from '../args.js';
import type { CommandHelp } from '../command-types.js';
import type { CliContext } from '../context.js';
import { BIN } from '../help.js';
import { keysForRun } from '../../settings/config-key.js';
import { resolveGateway, toWaitingKey } from '../../settings/gateway.js';
import { note } from '../output.js';
import { wrap } from '../../core/layout.js';
import { agentEnv, setupInputs, setupOptionsFrom } from '../../settings/setup-inputs.js';

/** The agents whose own config mechanisms allow a session without touching the user's files. */
export const LAUNCHABLE: readonly AgentId[] = AGENT_IDS.filter((id) => AGENTS[id].session !== undefined);

export const options: OptionTable = {
  ...GATEWAY_OPTIONS,
  model: { type: 'string', value: 'ID', description: msg('help.opt.model_launch') },
  profile: { type: 'string', value: 'NAME', description: msg('help.opt.launch_profile') },
};

export const positionals = true;
export const firstWords: readonly string[] = [...LAUNCHABLE];

export const help: CommandHelp = {
  summary: msg('help.summary.launch_long'),
  usage: `${BIN} launch AGENT [--model ID] [--profile NAME] [-- ARGS…]`,
  details: [msg('help.detail.launch.how'), msg('help.detail.launch.agents', { agents: commas(LAUNCHABLE) })],
  examples: [
    `${BIN} launch claude-code`,
    `${BIN} launch opencode --profile work`,
    `${BIN} launch codex --model gpt-5.1-codex -- exec --skip-git-repo-check "fix the failing test"`,
    `GATEWAY_API_KEY=sk-… ${BIN} launch copilot-cli --base-url https://gw.example.com -- -p "review this diff" --allow-all-tools   # in CI`,
  ],
};

/** The agent named on the command line, or a usage error naming the ones that can be launched. */
export function launchTarget(args: ParsedArgs): { agent: Agent<AgentId>; rest: string[] } {
  const rest = args.passthrough ?? [];
  const named = args.positionals.slice(0, args.positionals.length - rest.length);
  const hint = msg('launch.agents_hint', { agents: commas(LAUNCHABLE) });
  const [id, extra] = named;
  if (id === undefined) throw new UsageError(msg('launch.no_agent'), hint);
  if (extra !== undefined)
    throw new UsageError(
      msg('launch.extra_arg', { arg: showArgument(extra) }),
      msg('launch.extra_arg_hint', { bin: BIN, agent: showArgument(id) }),
    );
  const agent = getAgent(id);
  if (!agent) throw new UsageError(msg('launch.unknown_agent', { id: showArgument(id) }), suggesting(id, LAUNCHABLE, hint));
  // An agent setup cannot write for may still have a session of its own (Letta Code).
  if (!agent.session) throw new UsageError(agent.unsupported ?? msg('launch.no_session', { agent: agent.name }), hint);
  return { agent, rest };
}

/** The signal's number, for the exit code a shell reports (128 + n). */
function signalNumber(signal: NodeJS.Signals): number {
  return (constants.signals as Record<string, number | undefined>)[signal] ?? 15;
}

/** The agent's command on PATH, never its predecessor's; or how to install it. */
async function installedCommand(ctx: CliContext, agent: Agent<AgentId>): Promise<string> {
  const env = agentEnv(ctx);
  const { findOnPath } = await import('../../agents/detect.js');
  const found = await findOnPath(agent.binary, env);
  if (found === undefined) {
    const { installAdvice } = await import('../../agents/install.js');
    throw new JobError(msg('launch.not_installed', { agent: agent.name, binary: agent.binary }), installAdvice(agent.install));
  }
  // The command may be the agent's predecessor (kimi-cli answers as `kimi`; its last release, started
  // with no arguments, fetches and runs an install script): never started in the agent's place.
  if (agent.predecessor) {
    const { installation } = await import('../../agents/versions.js');
    const { predecessor } = await installation(agent, env);
    if (predecessor !== undefined) {
      const { installAdvice } = await import('../../agents/install.js');
      throw new JobError(
        msg('launch.predecessor', { agent: agent.name, binary: agent.binary, name: agent.predecessor.name, version: predecessor }),
        installAdvice(agent.install),
      );
    }
  }
  return found;
}

export async function run(ctx: CliContext, args: ParsedArgs): Promise<number> {
  const { agent, rest } = launchTarget(args);
  const env = agentEnv(ctx);
  const found = await installedCommand(ctx, agent);

  // The same inputs as setup (saved base URL and key variable as defaults, or a profile's), for this one agent.
  const profile = str(args.values, 'profile');
  const given = givenOf(args.values);
  const inputs = await setupInputs(ctx, { ...given, agents: [agent.id] }, true, profile);
  if (profile !== undefined) (await import('../../settings/profiles.js')).requireProfileKey(ctx, given, inputs.saved, profile);
  // The agent's own key (`--api-key-env AGENT=VAR`, or the one saved for it) wins over the shared one.
  const inConfigs = await keysForRun(ctx, inputs.given, [agent.id], inputs.scope ?? 'user');
  const gateway = resolveGateway(ctx, inputs.given, undefined, [agent.id], inConfigs);
  const own = gateway.agentKeys?.get(agent.id);
  const key = own ? { key: own.key, keyEnvVar: own.keyEnvVar, keySource: `$${own.keyEnvVar}` } : gateway;
  const opts = setupOptionsFrom(ctx, inputs, gateway, {
    agents: [agent.id],
    command: 'launch',
    pinSaved: true,
    // The model the user switched the agent to on this gateway since the last setup, as setup keeps it.
    pinSwitched: true,
    scope: 'user',
    keyStorage: 'file',
    dryRun: false,
  });
  if (!ctx.json)
    note(ctx, wrap(ctx.t('launch.banner', { agent: agent.name, root: gateway.root, key: maskKey(key.key), source: key.keySource })));
  const { choosePhase, clientFor, isChosen, probePhase } = await import('../../setup/run.js');
  const { listModels } = await import('../../gateway/client.js');
  const { installedVersion, withVersion } = await import('../../agents/versions.js');
  // As for setup, the installed version decides what suits the agent (below a version seen failing: nothing, with
  // the command that updates it); asked while the gateway lists its models.
  const [list, version] = await Promise.all([
    listModels(clientFor(opts, agent.id)).catch((e: unknown) => {
      throw toWaitingKey(gateway, e);
    }),
    installedVersion(agent, env),
  ]);
  const [candidate] = await choosePhase(
    { ...opts, choice: { ...opts.choice, ...(version !== undefined && { versions: new Map([[agent.id, version]]) }) } },
    list.models,
  );
  if (candidate === undefined || !isChosen(candidate)) {
    throw new JobError(msg('launch.no_model', { agent: agent.name }), candidate?.report.skipped);
  }
  // Probed once: a key or model the gateway refuses fails here, named, before the agent starts.
  const [failed] = await probePhase(opts, [candidate], list.models);
  const probe = failed?.report.probe;
  if (probe?.diagnosis) {
    throw new GatewayError({ ...probe.diagnosis, status: probe.status, requestId: probe.requestId, url: probe.url });
  }
  const choice: AgentChoice = {
    root: gateway.root,
    v1: gateway.v1,
    key: key.key,
    keyEnvVar: key.keyEnvVar,
    model: candidate.choice.model,
    protocol: candidate.choice.protocol,
    smallModel: candidate.choice.smallModel,
    smallModelProtocol: candidate.choice.smallProtocol,
    ...(candidate.choice.tiers && { tiers: candidate.choice.tiers }),
    ...(candidate.list && { models: candidate.list }),
    scope: 'user',
    keyStorage: 'file',
  };
  // The session's files are read by the agent as its config is: nothing in them may be evaluated.
  const { refuseEvaluated, writtenValues } = await import('../../config/evaluated.js');
  refuseEvaluated(agent, writtenValues(choice), agent.files(agentEnv(ctx), 'user')[0]?.path ?? agent.name);
  for (const line of candidate.report.notes) note(ctx, wrap(ctx.t('core.note', { text: line })));
  // What the session gives the agent is what the installed version reads.
  return await session(ctx, agent, withVersion(env, version), choice, found, rest);
}

/** Prepares the session's directory, runs the agent in it, and removes the directory whatever happens. */
async function session(
  ctx: CliContext,
  agent: Agent<AgentId>,
  /** The agent's environment, its installed version in it. */
  env: AgentEnv,
  choice: AgentChoice,
  found: string,
  rest: readonly string[],
): Promise<number> {
  const [{ launchFor }, { mergeEnv, runSession }, { sessionDirPrefix, sweepSessionDirs }] = await Promise.all([
    import('../../core/launch.js'),
    import('../../core/run.js'),
    import('../../core/session-dirs.js'),
  ]);
  // What a killed launch left behind (a literal key, for Droid) goes before a new session starts.
  await sweepSessionDirs(tmpdir());
  // mkdtemp makes the directory 0700: nobody else can list or read what the session puts there.
  const dir = await mkdtemp(join(tmpdir(), sessionDirPrefix(agent.id)));
  try {
    // Prepared before it is said to start: a session the agent's own files would divert is refused first.
    const prepared = agent.session!(env, choice, dir);
    if (!ctx.json) note(ctx, wrap(ctx.t('launch.starting', { agent: agent.name, model: choice.model, protocol: choice.protocol })));
    for (const f of prepared.files ?? []) await writeFile(f.path, f.content, { mode: 0o600, flag: 'wx' });
    for (const line of prepared.notes ?? []) note(ctx, wrap(ctx.t('core.note', { text: line })));
    const launch = launchFor(found, agent.binary, [...(prepared.args ?? []), ...rest], ctx.platform);
    let stop: (() => void) | undefined;
    const end = await runSession({ ...launch, env: mergeEnv(ctx.env, prepared.env), cwd: ctx.cwd }, (forward) => {
      // SIGTERM is always passed on. A terminal's Ctrl-C already reaches the agent (it is in our
      // process group): repeating it would count as a second Ctrl-C (which quits Claude Code).
      // Without a terminal (CI, a script's kill) SIGINT reaches only us, so it is passed on.
      const fromTerminal = ctx.stdinIsTTY;
      stop = ctx.onSignal((signal) => {
        if (signal !== 'SIGINT' || !fromTerminal) forward(signal);
      });
    });
    stop?.();
    if ('notFound' in end) throw new JobError(msg('launch.not_installed', { agent: agent.name, binary: agent.binary }));
    if (end.signal !== undefined) return 128 + signalNumber(end.signal);
    return end.exitCode;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
