// `setup`: choose models, probe, write every agent's config, read back and verify (issue 3).
// The job itself is src/setup/run.ts; this module turns flags into its options and its report
// into text or one JSON document.
import { AGENT_IDS, AGENTS, isAgentId, SUPPORTED_AGENT_IDS } from '../../agents/registry.js';
import type { AgentEnv, AgentId, KeyStorage, Scope } from '../../agents/types.js';
import { UsageError } from '../../core/errors.js';
import { maskKey } from '../../core/mask.js';
import type { SetupOptions, SetupReport } from '../../setup/run.js';
import { flag, GATEWAY_OPTIONS, list, num, showArgument, str, type OptionTable, type ParsedArgs, type ParsedValues } from '../args.js';
import type { CliContext } from '../context.js';
import { BIN, type CommandHelp } from '../help.js';
import { resolveGateway } from '../inputs.js';
import { note, printJson } from '../output.js';
import { loadSaved, rememberSetup, savedMarkers, savedPreferences, withSavedDefaults } from '../saved.js';
import { printSetupReport } from '../setup-report.js';

export const options: OptionTable = {
  ...GATEWAY_OPTIONS,
  agent: { type: 'string', value: 'ID', multiple: true, description: 'Agent to configure: claude-code, codex, opencode, qwen-code, cline (repeatable or comma-separated; default: the agents installed here, else claude-code,codex).' },
  model: { type: 'string', value: 'ID', multiple: true, description: 'The model to write, for every agent (ID) or one (AGENT=ID); repeatable. Default: the best suitable model.' },
  'small-model': { type: 'string', value: 'ID', description: 'The small/fast model (Claude Code haiku, OpenCode small_model).' },
  scope: { type: 'string', value: 'user|project', choices: ['user', 'project'], description: "user: your own config files (default). project: this directory's files; never a key in a file a team commits." },
  'key-storage': { type: 'string', value: 'file|env', choices: ['file', 'env'], description: 'file: the key where the agent reads it, mode 0600 (default). env: only the variable name is written.' },
  yes: { type: 'boolean', short: 'y', description: 'Accept the defaults; never ask.' },
  'dry-run': { type: 'boolean', description: 'Print the plan as a diff (key masked); write nothing.' },
  force: { type: 'boolean', description: 'Write even for an agent whose probe failed.' },
  'no-verify': { type: 'boolean', description: 'No probe before writing and no read-back after.' },
  verify: { type: 'string', value: 'agent', choices: ['agent'], description: 'After writing, also run each installed agent one-shot with a tiny prompt (as `verify --agent-run`).' },
  concurrency: { type: 'string', value: 'N', number: { min: 1, max: 16, integer: true }, description: 'Probes in flight at once (default 4).' },
  json: { type: 'boolean', description: 'Print one JSON report on stdout and nothing else there.' },
};

export const help: CommandHelp = {
  summary: "Write each agent's config for the gateway, verified before and after writing.",
  usage: `${BIN} setup --base-url URL [--agent ID…] [--model [AGENT=]ID…] [--dry-run] [--json]`,
  details: [
    "Reads the key's models, picks per agent a model whose protocol marks suit it, probes it, writes only the keys we own (backups first, atomic writes), then reads each config back from disk and sends the request the agent itself would send.",
    'A file that does not parse is never touched, and nothing is written anywhere in that run. A re-run with the same inputs writes nothing.',
    `Undo with \`${BIN} restore\`.`,
  ],
  examples: [
    `GATEWAY_API_KEY=sk-… ${BIN} setup --base-url https://gw.example.com --agent claude-code,codex`,
    `${BIN} setup --agent opencode --model opencode=deepseek-chat --dry-run`,
    `${BIN} setup --yes --agent codex --key-storage env --json   # in CI`,
  ],
};


export function parseAgents(values: ParsedValues): AgentId[] | undefined {
  const ids = list(values, 'agent');
  if (ids.length === 0) return undefined;
  for (const id of ids) {
    if (!isAgentId(id)) {
      throw new UsageError(`--agent ${showArgument(id)}: unknown agent.`, `Agents: ${AGENT_IDS.join(', ')}.`);
    }
  }
  return [...new Set(ids as AgentId[])];
}

/** `--model ID` applies to every agent; `--model AGENT=ID` to one. */
export function parseModels(values: ParsedValues): Map<AgentId | '*', string> {
  const models = new Map<AgentId | '*', string>();
  const given = values.model;
  for (const one of typeof given === 'string' ? [given] : Array.isArray(given) ? given : []) {
    const eq = one.indexOf('=');
    if (eq === -1) {
      models.set('*', one);
      continue;
    }
    const agent = one.slice(0, eq);
    if (!isAgentId(agent)) {
      throw new UsageError(`--model ${showArgument(one)}: unknown agent ${JSON.stringify(showArgument(agent))}.`, `Agents: ${AGENT_IDS.join(', ')}.`);
    }
    models.set(agent as AgentId, one.slice(eq + 1));
  }
  return models;
}

/** The agents installed on this machine; claude-code and codex when none is. */
async function defaultAgents(env: AgentEnv): Promise<AgentId[]> {
  const { detectAgent } = await import('../../agents/detect.js');
  const found = await Promise.all(SUPPORTED_AGENT_IDS.map(async (id) => ((await detectAgent(AGENTS[id], env)).installed ? id : undefined)));
  const installed = found.filter((id): id is AgentId => id !== undefined);
  return installed.length > 0 ? installed : ['claude-code', 'codex'];
}

export function agentEnv(ctx: CliContext): AgentEnv {
  return { home: ctx.home, env: ctx.env, cwd: ctx.cwd, platform: ctx.platform };
}

export async function run(ctx: CliContext, args: ParsedArgs): Promise<number> {
  const saved = await loadSaved(ctx);
  const values = withSavedDefaults(ctx, args.values, saved.settings);
  const agentsFlag = parseAgents(values);
  const models = parseModels(values);
  const gateway = resolveGateway(ctx, values);
  const env = agentEnv(ctx);
  const agents = agentsFlag ?? (await defaultAgents(env));
  const setupOptions: SetupOptions = {
    root: gateway.root,
    v1: gateway.v1,
    key: gateway.key,
    keyEnvVar: gateway.keyEnvVar,
    agents,
    models,
    smallModel: str(values, 'small-model'),
    scope: (str(values, 'scope') ?? 'user') as Scope,
    keyStorage: (str(values, 'key-storage') ?? 'file') as KeyStorage,
    dryRun: flag(values, 'dry-run'),
    force: flag(values, 'force'),
    verify: !flag(values, 'no-verify'),
    env,
    http: { timeoutMs: gateway.timeoutMs, env: ctx.env },
    concurrency: num(values, 'concurrency'),
    markers: savedMarkers(saved.settings),
    preferences: savedPreferences(saved.settings, true),
    command: 'setup',
  };
  if (!ctx.json) note(ctx, `Gateway ${gateway.root}, key ${maskKey(gateway.key)} (from ${gateway.keySource}); agents: ${agents.join(', ')}`);
  const { runSetup } = await import('../../setup/run.js');
  const report: SetupReport = await runSetup(setupOptions);
  await rememberSetup(ctx, report, gateway.keyEnvVar);
  const runs = str(values, 'verify') === 'agent' && report.ok && !report.dryRun
    ? await (await import('../agent-run.js')).runAgents(ctx, { agents: report.agents.map((a) => a.id), scope: setupOptions.scope, timeoutMs: gateway.timeoutMs * 4 })
    : undefined;
  if (ctx.json) {
    printJson(ctx, runs ? { ...report, ok: report.ok && runs.every((r) => r.ok), agentRuns: runs } : report);
  } else {
    printSetupReport(ctx, report);
    if (runs) (await import('../agent-run.js')).printAgentRuns(ctx, runs);
  }
  if (runs) return runs.length > 0 && runs.every((r) => r.ok) ? 0 : 1;
  return report.ok ? 0 : 1;
}
