// Proves a config through the agent itself (issue 6): its one-shot mode with a tiny prompt, in a
// scratch directory, bounded by a timeout, with its fast-fail and offline switches. When it fails,
// the request it would send is rebuilt from its config and sent by us, so the real cause is named
// (Claude Code blames "the selected model" for what is a 404 on a doubled /v1).
import { mkdtemp, readdir, readFile, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { opencodeModelRef } from '../agents/opencode.js';
import type { Agent, AgentEnv, AgentRequest, Scope } from '../agents/types.js';
import { normalizeBaseUrl } from '../core/base-url.js';
import { redact } from '../core/mask.js';
import { readCurrent } from '../setup/read-current.js';
import { runCommand } from '../core/run.js';
import type { Diagnosis } from '../core/types.js';
import { probe } from '../gateway/client.js';
import type { HttpOptions } from '../gateway/http.js';

export const AGENT_PROMPT = 'Reply with the single word OK.';

/** Variables that make agents fail fast and stay off the network they cannot reach here. */
export const QUIET_AGENT_ENV: Readonly<Record<string, string>> = {
  CLAUDE_CODE_MAX_RETRIES: '0',
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  DISABLE_AUTOUPDATER: '1',
  DISABLE_TELEMETRY: '1',
  OPENCODE_DISABLE_MODELS_FETCH: '1',
  OPENCODE_DISABLE_AUTOUPDATE: '1',
  NO_UPDATE_NOTIFIER: '1',
  NO_COLOR: '1',
};

export interface AgentRunResult {
  id: Agent['id'];
  name: string;
  ok: boolean;
  exitCode?: number;
  timedOut: boolean;
  durationMs: number;
  /** The end of what the agent printed, key masked. */
  output: string;
  model?: string;
  /** When the agent failed: the cause found by sending its request ourselves. */
  diagnosis?: Pick<Diagnosis, 'code' | 'message' | 'fix' | 'requestId' | 'status' | 'url'>;
}


/** Ends every process still running in `dir` (daemons an agent leaves behind, e.g. Cline's hub). */
export async function stopProcessesIn(dir: string): Promise<number[]> {
  const killed: number[] = [];
  for (const name of await readdir('/proc').catch(() => [] as string[])) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    const cmdline = await readFile(`/proc/${name}/cmdline`, 'utf8').catch(() => '');
    const cwd = await readlink(`/proc/${name}/cwd`).catch(() => '');
    if (cmdline.includes(dir) || cwd === dir || cwd.startsWith(`${dir}/`)) {
      try {
        process.kill(pid, 'SIGKILL');
        killed.push(pid);
      } catch {
        // gone already
      }
    }
  }
  return killed;
}

/** The output says it failed although the exit code is 0 (some agents print errors and exit 0). */
const FAILURE_TEXT = /\b(error|failed|not logged in|invalid|unauthori[sz]ed|issue with the selected model)\b/i;

export async function runAgent(
  agent: Agent,
  env: AgentEnv,
  opts: { scope?: Scope; timeoutMs?: number; http?: HttpOptions },
): Promise<AgentRunResult> {
  const scope = opts.scope ?? 'user';
  const current = await readCurrent(agent, env, scope);
  const request = agent.readBack(env, scope, current);
  const result: AgentRunResult = { id: agent.id, name: agent.name, ok: false, timedOut: false, durationMs: 0, output: '' };
  if (typeof request === 'string') {
    result.diagnosis = { code: 'config_invalid', message: request, fix: 'run `gateway-agent-setup setup` for this agent' };
    return result;
  }
  result.model = request.model;
  const model = agent.id === 'opencode' ? opencodeModelRef(request.model, request.protocol) : request.model;
  const cmd = agent.oneShot(model, AGENT_PROMPT);
  const scratch = await mkdtemp(join(tmpdir(), `gas-agent-run-${agent.id}-`));
  try {
    const run = await runCommand(
      { command: cmd.command, args: cmd.args, env: { ...QUIET_AGENT_ENV, ...cmd.env }, cwd: scratch, timeoutMs: opts.timeoutMs ?? 120_000 },
      { env: env.env },
    );
    const secrets = [request.key];
    const text = redact(`${run.stdout}\n${run.stderr}`, secrets).trim();
    result.exitCode = run.exitCode;
    result.timedOut = run.timedOut;
    result.durationMs = run.durationMs;
    result.output = text.slice(-600);
    result.ok = run.exitCode === 0 && !run.timedOut && run.stdout.trim() !== '' && !FAILURE_TEXT.test(run.stdout);
    if (run.notFound) {
      result.diagnosis = { code: 'config_invalid', message: `${cmd.command} is not on PATH`, fix: `install ${agent.npmPackage}` };
      return result;
    }
  } finally {
    await stopProcessesIn(scratch);
    await rm(scratch, { recursive: true, force: true });
  }
  if (!result.ok) result.diagnosis = await nameTheCause(request, opts.http);
  return result;
}

/** Sends the agent's own request (its URL, header, key and model) to find what the agent hides. */
async function nameTheCause(request: AgentRequest, http: HttpOptions | undefined): Promise<AgentRunResult['diagnosis']> {
  if (request.key === undefined || request.key === '') {
    return { code: 'missing_key', message: `the agent finds no key (${request.keySource})`, fix: 'export the variable, or run `gateway-agent-setup doctor --fix`' };
  }
  let root: string;
  try {
    root = normalizeBaseUrl(request.baseUrl).root;
  } catch {
    root = request.baseUrl;
  }
  const p = await probe({ ...http, root, key: request.key }, { protocol: request.protocol, model: request.model, url: request.url, auth: request.auth, key: request.key });
  if (p.ok) {
    return {
      code: 'gateway_error',
      message: 'the gateway answers the agent\'s own request, so the agent failed for another reason (see its output)',
      fix: 'run the agent by hand to see its full output',
      requestId: p.requestId,
    };
  }
  const d = p.diagnosis!;
  return { code: d.code, message: d.message, fix: d.fix, requestId: d.requestId, status: d.status, url: d.url };
}
