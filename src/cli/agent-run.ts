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
  const states = await Promise.all(
    ids.map(async (id) => {
      const [installed, configured] = await Promise.all([detectAgent(AGENTS[id], env), isConfigured(AGENTS[id], env, opts.scope)]);
      return { id, installed: installed.installed, configured };
    }),
  );
  // One at a time: agents are heavy processes, and several at once on a small machine time out.
  const results: AgentRunResult[] = [];
  for (const s of states) {
    const agent = AGENTS[s.id];
    if (s.installed && s.configured) {
      results.push(await runAgent(agent, env, { scope: opts.scope, timeoutMs: opts.timeoutMs, http: { env: ctx.env } }));
    } else if (opts.agents.length > 0) {
      // Named with --agent: say why it was not run rather than leave it out.
      const why = !s.installed ? `\`${agent.binary}\` is not on PATH` : `no ${opts.scope} config of its own here`;
      results.push({
        id: s.id, name: agent.name, ok: false, failure: 'not run', timedOut: false, durationMs: 0, command: '', output: '', stopped: [],
        diagnosis: { code: 'config_invalid', message: `not run: ${why}`, fix: !s.installed ? `install it: npm install -g ${agent.npmPackage}` : 'run `gateway-agent-setup setup` for this agent' },
      });
    }
  }
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
    lines.push(`${r.ok ? paint('green', '✓') : paint('red', '✗')} ${r.name}  ${r.model ?? ''}  (${(r.durationMs / 1000).toFixed(1)} s${r.ok ? '' : `, ${r.failure ?? 'failed'}`})`);
    if (r.command !== '') lines.push(paint('dim', `    ran: ${r.command}`));
    if (r.stopped.length > 0) lines.push(...wrap(`stopped ${r.stopped.length} process${r.stopped.length === 1 ? '' : 'es'} it left running (PID ${r.stopped.join(', ')})`, 4));
    if (!r.ok && r.diagnosis) {
      const d = r.diagnosis;
      lines.push(...wrap(`cause [${d.code}]: ${d.message}${d.status !== undefined ? ` (HTTP ${d.status})` : ''}${d.requestId ? `, request ID ${d.requestId}` : ''}`, 4));
      lines.push(...wrap(`fix: ${d.fix}`, 6));
      if (r.output) lines.push(...wrap(`agent said: ${r.output.split('\n').filter(Boolean).slice(-2).join(' / ')}`, 4));
    }
  }
  print(ctx, lines);
}
