// `verify --agent-run` and `setup --verify agent`: every configured, installed agent run one-shot,
// reported with the real cause when it fails.
import { AGENTS, isAgentId, SUPPORTED_AGENT_IDS, type AgentId } from '../agents/registry.js';
import type { Scope } from '../agents/types.js';
import { installAdvice } from '../agents/install.js';
import type { AgentRunResult } from '../agent-run/run.js';
import { UsageError } from '../core/errors.js';
import { commas, msg } from '../i18n/index.js';
import type { CliContext } from './context.js';
import { print, printJson } from './output.js';
import { wrap } from '../core/layout.js';
import { painter } from '../core/terminal.js';

export async function runAgents(
  ctx: CliContext,
  opts: { agents: string[]; scope: Scope; timeoutMs?: number; print?: boolean },
): Promise<AgentRunResult[]> {
  for (const id of opts.agents)
    if (!isAgentId(id) || AGENTS[id].unsupported)
      throw new UsageError(
        (isAgentId(id) ? AGENTS[id].unsupported : undefined) ?? msg('run.bad_agent', { id }),
        msg('doctor.bad_agent_hint', { agents: commas(SUPPORTED_AGENT_IDS) }),
      );
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
      return { id, installed: installed.installed, predecessor: installed.predecessor, configured };
    }),
  );
  // One at a time: agents are heavy processes, and several at once on a small machine time out.
  const results: AgentRunResult[] = [];
  for (const s of states) {
    const agent = AGENTS[s.id];
    if (s.installed && s.configured) {
      results.push(await runAgent(agent, env, { scope: opts.scope, timeoutMs: opts.timeoutMs, http: { env: ctx.env } }));
    } else if (s.configured || opts.agents.length > 0) {
      // Configured but not installed (or named with --agent): say why it was not run rather than
      // leave it out; an agent not run is not proven. No gateway or config cause is involved.
      const notRun = !s.installed ? 'not_installed' : 'not_configured';
      const why =
        s.predecessor !== undefined && agent.predecessor
          ? msg('launch.predecessor', { agent: agent.name, binary: agent.binary, name: agent.predecessor.name, version: s.predecessor })
          : notRun === 'not_installed'
            ? msg('run.not_on_path', { binary: agent.binary })
            : msg('run.no_config', { scope: opts.scope });
      results.push({
        id: s.id,
        name: agent.name,
        ok: false,
        failure: msg('run.not_run', { why }),
        timedOut: false,
        durationMs: 0,
        command: '',
        output: '',
        stopped: [],
        notRun,
        fix: notRun === 'not_installed' ? installAdvice(agent.install) : msg('run.run_setup'),
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
    print(ctx, wrap(ctx.t('run.none')));
    return;
  }
  const t = ctx.t;
  const lines: string[] = [];
  for (const r of results) {
    const failure = r.ok ? '' : `, ${r.failure ? t(r.failure) : t('run.failed')}`;
    lines.push(
      `${r.ok ? paint('green', '✓') : paint('red', '✗')} ${r.name}  ${r.model ?? ''}  (${(r.durationMs / 1000).toFixed(1)} s${failure})`,
    );
    if (r.command !== '') lines.push(paint('dim', `    ${t('run.ran', { command: r.command })}`));
    if (r.notRun && r.fix) lines.push(...wrap(t('core.fix', { fix: r.fix }), 6));
    const n = r.stopped.length;
    if (n > 0) lines.push(...wrap(t(n === 1 ? 'run.stopped_one' : 'run.stopped_many', { n, pids: commas(r.stopped.map(String)) }), 4));
    if (!r.ok && r.diagnosis) {
      const d = r.diagnosis;
      const cause = {
        code: d.code,
        message: d.message,
        status: d.status !== undefined ? ` (HTTP ${d.status})` : '',
        id: d.requestId ?? '',
      };
      lines.push(...wrap(t(d.requestId ? 'run.cause_id' : 'run.cause', cause), 4));
      lines.push(...wrap(t('core.fix', { fix: d.fix }), 6));
      if (r.output) lines.push(...wrap(t('run.agent_said', { text: r.output.split('\n').filter(Boolean).slice(-2).join(' / ') }), 4));
    }
  }
  print(ctx, lines);
}
