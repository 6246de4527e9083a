// `verify --agent-run` and `setup --verify agent`: every configured, installed agent run one-shot,
// reported with the real cause when it fails.
import { AGENTS, isAgentId, SUPPORTED_AGENT_IDS } from '../agents/registry.js';
import type { AgentId, Scope } from '../agents/types.js';
import type { AgentRunResult } from '../agent-run/run.js';
import { UsageError } from '../core/errors.js';
import type { CliContext } from './context.js';
import { painter, print, printJson, wrap } from './output.js';

export async function runAgents(ctx: CliContext, opts: { agents: string[]; scope: Scope; timeoutMs?: number; print?: boolean }): Promise<AgentRunResult[]> {
  for (const id of opts.agents) if (!isAgentId(id) || AGENTS[id].unsupported) throw new UsageError(`--agent ${id}: not an agent that can be run.`, `Agents: ${SUPPORTED_AGENT_IDS.join(', ')}.`);
  const [{ runAgent }, { detectAgent }, { isConfigured }] = await Promise.all([
    import('../agent-run/run.js'),
    import('../agents/detect.js'),
    import('../doctor/check.js'),
  ]);
  const env = { home: ctx.home, env: ctx.env, cwd: ctx.cwd, platform: ctx.platform };
  const ids = (opts.agents.length > 0 ? opts.agents : SUPPORTED_AGENT_IDS) as AgentId[];
  // Configured (a config of its own) and installed: the agents there is something to prove.
  const eligible = await Promise.all(
    ids.map(async (id) => {
      const [installed, configured] = await Promise.all([detectAgent(AGENTS[id], env), isConfigured(AGENTS[id], env, opts.scope)]);
      return installed.installed && configured ? id : undefined;
    }),
  );
  const run = eligible.filter((id): id is AgentId => id !== undefined);
  // One at a time: agents are heavy processes, and several at once on a small machine time out.
  const results: AgentRunResult[] = [];
  for (const id of run) results.push(await runAgent(AGENTS[id], env, { scope: opts.scope, timeoutMs: opts.timeoutMs, http: { env: ctx.env } }));
  return results;
}

export function printAgentRuns(ctx: CliContext, results: readonly AgentRunResult[]): void {
  const ok = results.length > 0 && results.every((r) => r.ok);
  if (ctx.json) {
    printJson(ctx, { ok, agents: results });
    return;
  }
  const paint = painter(ctx);
  if (results.length === 0) {
    print(ctx, 'No agent is both installed and configured here: nothing to run. (`setup` writes the configs.)');
    return;
  }
  const lines: string[] = [];
  for (const r of results) {
    lines.push(`${r.ok ? paint('green', '✓') : paint('red', '✗')} ${r.name}  ${r.model ?? ''}  (${(r.durationMs / 1000).toFixed(1)} s${r.timedOut ? ', timed out' : ''}, exit ${r.exitCode ?? '-'})`);
    if (!r.ok && r.diagnosis) {
      const d = r.diagnosis;
      lines.push(...wrap(`cause [${d.code}]: ${d.message}${d.status !== undefined ? ` (HTTP ${d.status})` : ''}${d.requestId ? `, request ID ${d.requestId}` : ''}`, 4));
      lines.push(...wrap(`fix: ${d.fix}`, 6));
      if (r.output) lines.push(...wrap(`agent said: ${r.output.split('\n').filter(Boolean).slice(-2).join(' / ')}`, 4));
    }
  }
  print(ctx, lines);
}
