// Proves a config through the agent itself: its one-shot mode with a tiny prompt, in a
// scratch directory, bounded by a timeout, with its fast-fail and offline switches. The run is
// judged by its exit code AND its output. When it fails, the request the agent would send is
// rebuilt from its config (agent.readBack) and sent by us, so the real cause is named (Claude Code
// blames "the selected model" for what is a 404 on a doubled /v1). Processes the agent leaves
// behind (Cline's hub daemon) are stopped. Library code: env and home come in as arguments.
import { AGENT_IDS, AGENTS, type AgentId } from '../agents/registry.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomHex } from '../core/builtins.js';
import type { Agent, AgentEnv, AgentRequest, CurrentFiles, Scope } from '../agents/types.js';
import { normalizeBaseUrl } from '../core/base-url.js';
import { errorText } from '../core/errors.js';
import { redact } from '../core/mask.js';
import { launchFor } from '../core/launch.js';
import { runCommand, type RunResult } from '../core/run.js';
import { findOnPath } from '../agents/detect.js';
import { installAdvice } from '../agents/install.js';
import type { Diagnosis } from '../core/types.js';
import { listModels, probe } from '../gateway/client.js';
import { BIN } from '../core/bin.js';
import type { HttpOptions } from '../gateway/http.js';
import { readCurrent } from '../setup/read-current.js';
import { RUN_MARKER_VAR, stopLeftovers } from './leftovers.js';
import { isMessage, msg, type Message } from '../i18n/index.js';

export const AGENT_PROMPT = 'Reply with the single word OK.';
const DEFAULT_AGENT_TIMEOUT_MS = 120_000;

/**
 * Variables that make agents fail fast and stay off vendor hosts in a run we start: each agent's
 * own (`Agent.quietEnv`, read by it alone), and what every Node-based CLI honours.
 */
export const QUIET_AGENT_ENV: Readonly<Record<string, string>> = {
  ...Object.assign({}, ...AGENT_IDS.map((id) => AGENTS[id].quietEnv ?? {})),
  // Node-based CLIs (Qwen Code and others): no update notifier.
  NO_UPDATE_NOTIFIER: '1',
  NO_COLOR: '1',
};

export interface AgentRunResult {
  id: AgentId;
  name: string;
  ok: boolean;
  /** How the run failed, in a few words ("exit code 1", "no answer within 120 s", …). */
  failure?: Message;
  exitCode?: number;
  timedOut: boolean;
  durationMs: number;
  /** The command run (the prompt and model; never the key: it goes through the environment). */
  command: string;
  /** The end of what the agent printed, key masked. */
  output: string;
  model?: string;
  /** PIDs of processes the agent left running (daemons), stopped after the run. */
  stopped: number[];
  /** When the agent failed: the cause found by sending its own request ourselves. */
  diagnosis?: Pick<Diagnosis, 'code' | 'message' | 'fix' | 'requestId' | 'status' | 'url'>;
  /** It could not be run at all: not installed here, or (named with --agent) not configured. */
  notRun?: 'not_installed' | 'not_configured';
  /** What to do about it, for `notRun`. */
  fix?: Message;
}

export interface AgentRunOptions {
  scope?: Scope;
  timeoutMs?: number;
  /** For our own probe (proxy variables, timeout). */
  http?: HttpOptions;
  prompt?: string;
}

/**
 * Error texts agents print on stdout while exiting 0 (or before exiting 1): a run whose answer holds
 * one of them did not get an answer from the model. An agent's own (`errorOutput`) are added to them.
 */
const FAILURE_TEXT =
  /\b(api error|error:|failed to|not logged in|invalid (api key|token|url)|unauthori[sz]ed|issue with the selected model|missing (api key|environment variable)|please run \/login)/i;

/**
 * Judges one run by its evidence: the exit code and the answer it printed. The agent's own texts:
 * `harmlessOutput`, lines it prints whatever the answer (its own lookups a network blocks), never
 * taken for an error; `errorOutput`, its own ways of saying it got no answer.
 */
export function judgeRun(
  run: Pick<RunResult, 'exitCode' | 'stdout' | 'timedOut' | 'notFound'>,
  timeoutMs: number,
  agent: Pick<Agent<AgentId>, 'harmlessOutput' | 'errorOutput'> = {},
): { ok: true } | { ok: false; failure: Message } {
  const harmless = agent.harmlessOutput ?? [];
  if (run.notFound) return { ok: false, failure: msg('run.fail.not_on_path') };
  const said = run.stdout
    .split('\n')
    .filter((line) => !harmless.some((r) => r.test(line)))
    .join('\n');
  const bad = [FAILURE_TEXT, ...(agent.errorOutput ?? [])].map((r) => r.exec(said)).find((m) => m !== null);
  if (run.timedOut) {
    const seconds = Math.round(timeoutMs / 1000);
    // An answer printed before the limit is said: the agent, not the gateway, is what hung.
    const answered = said.trim() !== '' && !bad;
    return { ok: false, failure: msg(answered ? 'run.fail.timeout_after_answer' : 'run.fail.timeout', { seconds }) };
  }
  if (run.exitCode === undefined) return { ok: false, failure: msg('run.fail.signal') };
  if (run.exitCode !== 0) return { ok: false, failure: msg('run.fail.exit', { code: run.exitCode }) };
  if (said.trim() === '') return { ok: false, failure: msg('run.fail.no_answer') };
  if (bad) return { ok: false, failure: msg('run.fail.error_output', { text: bad[0] }) };
  return { ok: true };
}

/**
 * The agent's one-shot, in a scratch folder, with the home its config was read from and a marker
 * that finds what it leaves running; every process it left is stopped and the folder removed.
 */
async function runOneShot(
  agent: Agent<AgentId>,
  env: AgentEnv,
  cmd: ReturnType<Agent['oneShot']>,
  timeoutMs: number,
): Promise<{ run: RunResult; stopped: number[] }> {
  const scratch = await mkdtemp(join(tmpdir(), `gas-agent-run-${agent.id}-`));
  const marker = randomHex(12);
  // On Windows the agent is an npm shim (.cmd or .ps1): start it the way that shim needs.
  const launch = launchFor(await findOnPath(cmd.command, env), cmd.command, cmd.args, env.platform);
  let run: RunResult;
  let stopped: number[] = [];
  try {
    run = await runCommand(
      {
        ...launch,
        // The agent reads the same home we read its config from (`--home` included).
        env: {
          ...QUIET_AGENT_ENV,
          ...cmd.env,
          HOME: env.home,
          ...(env.platform === 'win32' && { USERPROFILE: env.home }),
          [RUN_MARKER_VAR]: marker,
        },
        cwd: scratch,
        timeoutMs,
      },
      { env: env.env },
    );
  } finally {
    stopped = await stopLeftovers(marker, scratch);
    await rm(scratch, { recursive: true, force: true }).catch(() => undefined);
  }
  return { run, stopped };
}

export async function runAgent(agent: Agent<AgentId>, env: AgentEnv, opts: AgentRunOptions = {}): Promise<AgentRunResult> {
  const scope = opts.scope ?? 'user';
  const timeoutMs = opts.timeoutMs ?? DEFAULT_AGENT_TIMEOUT_MS;
  const result: AgentRunResult = {
    id: agent.id,
    name: agent.name,
    ok: false,
    timedOut: false,
    durationMs: 0,
    command: '',
    output: '',
    stopped: [],
  };
  let current: CurrentFiles;
  try {
    current = await readCurrent(agent, env, scope);
  } catch (err) {
    result.failure = msg('run.not_run_failure');
    result.diagnosis = { code: 'config_invalid', message: errorText(err), fix: msg('run.fix_file') };
    return result;
  }
  const request = agent.readBack(env, scope, current);
  if (isMessage(request)) {
    result.failure = msg('run.not_run_failure');
    result.diagnosis = { code: 'config_invalid', message: request, fix: msg('run.run_setup') };
    return result;
  }
  result.model = request.model;
  const gone = await modelGone(request, opts.http);
  if (gone) {
    result.failure = msg('run.not_run_failure');
    result.diagnosis = gone;
    return result;
  }
  const model = agent.modelArg?.(current, request) ?? request.model;
  const cmd = agent.oneShot(model, opts.prompt ?? AGENT_PROMPT, request);
  result.command = [cmd.command, ...cmd.args.map((a) => (/^[\w./=:@-]+$/.test(a) ? a : JSON.stringify(a)))].join(' ');
  const { run, stopped } = await runOneShot(agent, env, cmd, timeoutMs);
  result.stopped = stopped;
  result.exitCode = run.exitCode;
  result.timedOut = run.timedOut;
  result.durationMs = run.durationMs;
  result.output = redact(`${run.stdout}\n${run.stderr}`, [request.key, envKey(env, request)])
    .trim()
    .slice(-800);
  const verdict = judgeRun(run, timeoutMs, agent);
  if (verdict.ok) {
    result.ok = true;
    return result;
  }
  result.failure = verdict.failure;
  if (run.notFound) {
    result.diagnosis = {
      code: 'config_invalid',
      message: msg('run.cmd_not_on_path', { command: cmd.command }),
      fix: installAdvice(agent.install),
    };
    return result;
  }
  result.diagnosis = await nameTheCause(request, opts.http, result.failure, agent.name);
  return result;
}

/** The gateway key of the caller's environment, masked too if the agent echoes it. */
function envKey(env: AgentEnv, request: AgentRequest): string | undefined {
  const name = request.keyVar?.name;
  return name === undefined ? undefined : env.env[name];
}

/**
 * The config's model is no longer in the key's list: the agent would only retry a request that
 * cannot pass (Qwen Code for two minutes), so it is not run, and `sync` is named. Undefined when
 * the model is listed, or when the list cannot be read (the run then says what fails).
 */
async function modelGone(request: AgentRequest, http: HttpOptions | undefined): Promise<AgentRunResult['diagnosis']> {
  if (request.key === undefined || request.key === '') return undefined;
  let root: string;
  try {
    root = normalizeBaseUrl(request.baseUrl).root;
  } catch {
    return undefined;
  }
  const listed = await listModels({ ...http, root, key: request.key }).catch(() => undefined);
  if (!listed || listed.models.length === 0 || listed.models.some((m) => m.id === request.model)) return undefined;
  return {
    code: 'model_not_listed',
    message: msg('run.model_gone', { model: request.model, root }),
    fix: msg('run.model_gone_fix', { bin: BIN }),
    ...(listed.requestId !== undefined && { requestId: listed.requestId }),
  };
}

/** Sends the agent's own request (its URL, header, key and model) to find what the agent hides. */
async function nameTheCause(
  request: AgentRequest,
  http: HttpOptions | undefined,
  failure: Message,
  agentName: string,
): Promise<AgentRunResult['diagnosis']> {
  if (request.key === undefined || request.key === '') {
    return { code: 'missing_key', message: msg('run.no_key', { source: request.keySource }), fix: msg('run.no_key_fix') };
  }
  let root: string;
  try {
    root = normalizeBaseUrl(request.baseUrl).root;
  } catch {
    root = request.baseUrl;
  }
  const p = await probe(
    { ...http, root, key: request.key },
    { protocol: request.protocol, model: request.model, url: request.url, auth: request.auth, key: request.key },
  );
  if (p.ok || !p.diagnosis) {
    return {
      code: 'agent_failed',
      message: msg('run.other_reason', { url: request.url, status: p.status ?? 200, failure }),
      fix: msg('run.other_reason_fix'),
      ...(p.requestId !== undefined && { requestId: p.requestId }),
      url: p.url,
    };
  }
  const d = p.diagnosis;
  const o = request.overridden;
  if (o && d.code === 'bad_key') {
    // The key refused is the shell's, not the config's: name the export, not a bad key.
    return {
      code: 'env_override',
      message: msg('doctor.shell_override', { var: o.var, agent: agentName, source: o.configSource }),
      fix: msg('run.shell_override_fix', { var: o.var }),
      ...(d.requestId !== undefined && { requestId: d.requestId }),
      ...(d.status !== undefined && { status: d.status }),
      ...(d.url !== undefined && { url: d.url }),
    };
  }
  return {
    code: d.code,
    message: d.message,
    fix: d.fix,
    ...(d.requestId !== undefined && { requestId: d.requestId }),
    ...(d.status !== undefined && { status: d.status }),
    ...(d.url !== undefined && { url: d.url }),
  };
}
