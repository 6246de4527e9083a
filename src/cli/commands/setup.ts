// `setup`: choose models, probe, write every agent's config, read back and verify.
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
import { note, printJson, wrap } from '../output.js';
import { loadSaved, refuseSavedEnvStorage, rememberSetup, savedMarkers, savedPreferences, withSavedDefaults } from '../saved.js';
import { printSetupReport } from '../setup-report.js';
import { commas, msg } from '../../i18n/index.js';

export const options: OptionTable = {
  ...GATEWAY_OPTIONS,
  agent: { type: 'string', value: 'ID', multiple: true, description: msg('help.opt.agent_configure') },
  model: { type: 'string', value: 'ID', multiple: true, description: msg('help.opt.model_write') },
  'small-model': { type: 'string', value: 'ID', description: msg('help.opt.small-model') },
  scope: { type: 'string', value: 'user|project', choices: ['user', 'project'], description: msg('help.opt.scope_write') },
  'key-storage': { type: 'string', value: 'file|env', choices: ['file', 'env'], description: msg('help.opt.key-storage') },
  yes: { type: 'boolean', short: 'y', description: msg('help.opt.yes') },
  'dry-run': { type: 'boolean', description: msg('help.opt.dry-run') },
  force: { type: 'boolean', description: msg('help.opt.force_write') },
  'no-verify': { type: 'boolean', description: msg('help.opt.no-verify') },
  verify: { type: 'string', value: 'agent', choices: ['agent'], description: msg('help.opt.verify') },
  concurrency: { type: 'string', value: 'N', number: { min: 1, max: 16, integer: true }, description: msg('help.opt.concurrency') },
  json: { type: 'boolean', description: msg('help.opt.json_report') },
};

export const help: CommandHelp = {
  summary: msg('help.summary.setup_long'),
  usage: `${BIN} setup --base-url URL [--agent ID…] [--model [AGENT=]ID…] [--dry-run] [--json]`,
  details: [
    msg('help.detail.setup.steps'),
    msg('help.detail.setup.safety'),
    msg('help.detail.setup.undo', { bin: BIN }),
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
      throw new UsageError(msg('setup.unknown_agent_flag', { arg: showArgument(id) }), msg('setup.agents_hint', { agents: commas(AGENT_IDS) }));
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
      throw new UsageError(msg('setup.unknown_model_agent', { arg: showArgument(one), agent: JSON.stringify(showArgument(agent)) }), msg('setup.agents_hint', { agents: commas(AGENT_IDS) }));
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
  refuseSavedEnvStorage(ctx, args.values, saved.settings, saved.sources, gateway.keyEnvVar);
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
  if (!ctx.json) note(ctx, wrap(ctx.t('setup.banner', { root: gateway.root, key: maskKey(gateway.key), source: gateway.keySource, agents: commas(agents) })));
  const { runSetup } = await import('../../setup/run.js');
  const { guardInterrupt } = await import('../interrupt.js');
  const report: SetupReport = await guardInterrupt(ctx, (onProgress) => runSetup({ ...setupOptions, onProgress }));
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
