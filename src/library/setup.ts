// `setup` as a library call: resolve what was given against the saved settings and the machine,
// choose and probe models, write every agent's config, read it back, and remember what worked.
import type { AgentId } from '../agents/registry.js';
import { BIN } from '../core/bin.js';
import { UsageError, type ExitCode } from '../core/errors.js';
import { cut } from '../core/layout.js';
import { escapeControls } from '../core/terminal.js';
import { maskKey } from '../core/mask.js';
import { msg, type Message } from '../i18n/index.js';
import type { Given } from '../settings/given.js';
import { resolveGateway } from '../settings/gateway.js';
import { refuseSavedEnvStorage, rememberSetup } from '../settings/saved.js';
import {
  agentEnv,
  agentKeyEnvs,
  importedKey,
  installedAgents,
  keyVariable,
  refuseLinkInEnvStorage,
  setupInputs,
  setupOptionsFrom,
} from '../settings/setup-inputs.js';
import { agentsForApp, linkHints } from '../setup/import-hints.js';
import { AGENTS } from '../agents/registry.js';
import type { ClassifiedModel } from '../core/types.js';
import type { ImportLink } from '../gateway/import-link.js';
import type { SettingsHost } from '../settings/host.js';
import type { SetupProgress, SetupReport } from '../setup/run.js';
import { hosted, session, type Host } from './host.js';

/** What a setup is given: the gateway, keys, agents and choices (see Given); undefined is "not given". */
export type SetupInput = Given;

/** The run as resolved, before any request: what a caller shows first. The key only masked. */
export interface SetupStart {
  root: string;
  key: string;
  /** Where the key came from: a variable (`$NAME`), the import link's source, or the typed key. */
  keySource: string;
  agents: AgentId[];
  /** The import link's gateway, its name and the agents and models it hints at. */
  imported?: { source: string; name?: string; app?: string; agents: AgentId[]; models: string[] };
}

export interface SetupEvents {
  /** Once the inputs are resolved, before the first request. */
  onStart?(start: SetupStart): void;
  /** Each round as it starts and each agent as it finishes one. */
  onProgress?(event: SetupProgress): void;
}

export interface SetupResult {
  start: SetupStart;
  report: SetupReport;
  /** Notes and warnings of the run, in order. */
  notes: Message[];
  /** 0; 75 when only the gateway's load failed (try later); else 1. */
  exit: ExitCode;
  /** The timeout of one request, for what a caller runs after (the agents themselves). */
  timeoutMs: number;
}

async function setupCall(input: SetupInput, host: Host, on: SetupEvents = {}): Promise<SetupResult> {
  const { ctx, notes } = session(host);
  const inputs = await setupInputs(ctx, input);
  // Without agents given, an import link made for an agent (`app=openclaw`) sets up that agent; one
  // made for an app we do not configure is never taken for others: the person names them.
  const app = inputs.imported?.link.app;
  const linked = agentsForApp(app);
  if (inputs.agents === undefined && app !== undefined && linked.length === 0) {
    throw new UsageError(
      msg('setup.link_app_unknown', { app: cut(escapeControls(app), 40) }),
      msg('setup.link_app_unknown_hint', { bin: BIN }),
    );
  }
  const agents = inputs.agents ?? (linked.length > 0 ? linked : await installedAgents(agentEnv(ctx)));
  if (inputs.agents === undefined && linked.length === 0) await noteLaunchOnly(ctx);
  const gateway = resolveGateway(ctx, inputs.given, importedKey(inputs), agents);
  refuseLinkInEnvStorage(ctx, inputs, gateway);
  refuseSavedEnvStorage(ctx, input, inputs.saved.settings, inputs.saved.sources, gateway.keyEnvVar);
  // The key's list as the run reads it: a model the link hints at that is not on it is said.
  let listed: { models: readonly ClassifiedModel[]; byAgent: ReadonlyMap<AgentId, readonly ClassifiedModel[]> } | undefined;
  const options = setupOptionsFrom(ctx, inputs, gateway, {
    agents,
    command: 'setup',
    pinSaved: true,
    // A model the user switched an agent to on this gateway since (by hand, or its own model switch) leads the saved one.
    pinSwitched: true,
    onModels: (models, byAgent) => void (listed = { models, byAgent }),
  });
  const link = inputs.imported?.link;
  const start: SetupStart = {
    root: gateway.root,
    key: maskKey(gateway.key),
    keySource: gateway.keySource,
    agents: [...agents],
    ...(link && {
      imported: {
        source: inputs.imported!.source,
        ...(link.name !== undefined && { name: link.name }),
        ...(link.app !== undefined && { app: link.app }),
        agents: agentsForApp(link.app),
        models: [link.model ?? link.sonnetModel, link.haikuModel].filter((m): m is string => m !== undefined),
      },
    }),
  };
  on.onStart?.(start);
  const { runSetup, setupExit } = await import('../setup/run.js');
  const report = await runSetup({ ...options, ...(on.onProgress && { onProgress: on.onProgress }) });
  if (link && listed) noteMissingHints(ctx, link, agents, listed);
  await rememberSetup(ctx, report, keyVariable(gateway), agentKeyEnvs(gateway), inputs.fromProject);
  return { start, report, notes, exit: setupExit(report), timeoutMs: gateway.timeoutMs };
}

/**
 * An agent setup writes nothing for that `launch` starts (Letta Code), found on PATH when setup
 * chose the installed agents itself: said, with the command, rather than passed over in silence.
 */
async function noteLaunchOnly(ctx: Pick<SettingsHost, 'home' | 'env' | 'cwd' | 'platform' | 'warn'>): Promise<void> {
  const launchOnly = Object.values(AGENTS).filter((a) => a.unsupported !== undefined && a.session !== undefined);
  if (launchOnly.length === 0) return;
  const { findOnPath } = await import('../agents/detect.js');
  for (const agent of launchOnly)
    if ((await findOnPath(agent.binary, agentEnv(ctx))) !== undefined)
      ctx.warn(msg('setup.launch_only_installed', { agent: agent.name, bin: BIN, id: agent.id }));
}

/** Each model the link hints at for an agent it set up that the agent's key does not list: said, with the slot it was for. */
function noteMissingHints(
  ctx: Pick<SettingsHost, 'warn'>,
  link: ImportLink,
  agents: readonly AgentId[],
  listed: { models: readonly ClassifiedModel[]; byAgent: ReadonlyMap<AgentId, readonly ClassifiedModel[]> },
): void {
  for (const id of agentsForApp(link.app).filter((a) => agents.includes(a))) {
    const ids = new Set((listed.byAgent.get(id) ?? listed.models).map((m) => m.id));
    const hints = linkHints(AGENTS[id], link);
    const slots: [string | undefined, Message][] = [
      [hints.main, msg('setup.link_slot_main')],
      [hints.small, msg('setup.link_slot_small')],
      ...Object.entries(hints.tiers).map(([tier, m]): [string, Message] => [m, msg('setup.link_slot_tier', { tier })]),
    ];
    for (const [model, slot] of slots) {
      if (model === undefined || ids.has(model)) continue;
      ctx.warn(msg('core.note', { text: msg('setup.link_hint_missing', { model, agent: AGENTS[id].name, slot }) }));
    }
  }
}

/** Sets up the agents for the gateway and proves each with a live request; throws a ToolError for bad input. */
export const setup = hosted(1, setupCall);
