// Every diagnosis code, end to end: the built bin against a real server on 127.0.0.1. Each case
// asserts the exit code, the code in --json, and that the request ID printed (JSON and text) is
// the one the server answered with, read from its own log.
//
// Two codes need something the simulator's faults cannot produce, and use an honest real route:
// - wrong_path: a base URL pasted with a wrong path under /v1 (`…/v1/chat`); normalization keeps
//   the path prefix, so GET /v1/chat/v1/models reaches the simulator and gets its 404 "Invalid URL".
// - bad_response: a gateway that answers 200 application/json with a body that is not a model
//   list; a plain node:http server plays it and stamps its own request ID.
import { afterEach, describe, expect, it } from 'vitest';
import type { Diagnosis, DiagnosisCode, ProbeResult } from '../../src/core/types.js';
import { BROKE_KEY, DEMO_KEY, DISABLED_KEY, LIMITED_KEY } from '../../src/simulator/catalog.js';
import type { Fault, RequestLogEntry, Simulator, SimulatorOptions } from '../../src/simulator/types.js';
import { jsonOf, runInProcess, type CliResult } from '../helpers/cli.js';
import { CHINESE, englishLeaks } from '../helpers/lang.js';
import { closedPort, startRecorder, startSim, stopAll } from '../helpers/sim.js';

afterEach(stopAll);

const CHAT = '/v1/chat/completions';

/** The diagnosis in a --json document: the error of a failed command, or the failed probe's. */
function diagnosisOf(doc: Record<string, unknown>): Diagnosis | undefined {
  const error = doc.error as (Diagnosis & { code: DiagnosisCode }) | undefined;
  if (error) return error;
  const probes = doc.probes as ProbeResult[] | undefined;
  return probes?.find((p) => !p.ok)?.diagnosis;
}

interface Case {
  code: DiagnosisCode;
  key?: string;
  args: string[];
  faults?: Fault[];
  /** Base URL from the simulator's root (default: the root itself). */
  baseUrl?: (sim: Simulator) => string;
  /** Text the message must contain. */
  mentions?: string;
  /** The simulator's world for this case (default: the built-in one). */
  sim?: SimulatorOptions;
  /** No answer came back, so there is no request ID to show (the server did log the request). */
  noRequestId?: boolean;
}

const CASES: Case[] = [
  { code: 'bad_key', key: DISABLED_KEY, args: ['verify'] },
  {
    code: 'model_not_allowed',
    key: LIMITED_KEY,
    args: ['verify', '--model', 'gpt-5.1', '--protocol', 'chat', '--force'],
    mentions: 'gpt-5.1',
  },
  { code: 'model_not_in_group', args: ['verify', '--model', 'kimi-k2', '--protocol', 'chat'], mentions: '"default"' },
  { code: 'quota', key: BROKE_KEY, args: ['verify', '--model', 'deepseek-chat', '--protocol', 'chat'] },
  // Unpriced models are not listed (as on new-api): only --force reaches one.
  { code: 'model_unpriced', args: ['verify', '--model', 'glm-4.6', '--protocol', 'chat', '--force'], mentions: 'glm-4.6' },
  { code: 'wrong_path', args: ['models'], baseUrl: (sim) => `${sim.root}/v1/chat` },
  { code: 'not_api', args: ['verify', '--protocol', 'chat'], faults: [{ kind: 'html', path: CHAT }] },
  { code: 'wrong_protocol', args: ['verify', '--model', 'claude-sonnet-4-5', '--protocol', 'responses'], mentions: 'claude-sonnet-4-5' },
  // xAI's channel has no Anthropic conversion: new-api answers 500 "not available", no code. Permanent, never "try again".
  { code: 'wrong_protocol', args: ['verify', '--model', 'grok-4', '--protocol', 'messages', '--force'], mentions: 'grok-4' },
  {
    code: 'rate_limited',
    args: ['verify', '--protocol', 'chat'],
    faults: [{ kind: 'rate-limit', path: CHAT, retryAfter: 7 }],
    mentions: '7',
  },
  {
    code: 'timeout',
    args: ['verify', '--protocol', 'chat', '--timeout', '1'],
    faults: [{ kind: 'slow-headers', path: CHAT, ms: 4000 }],
    noRequestId: true,
  },
  { code: 'stream_broken', args: ['verify', '--protocol', 'chat'], faults: [{ kind: 'truncate-stream', path: CHAT }] },
  { code: 'channel_failed', args: ['verify', '--protocol', 'chat'], faults: [{ kind: 'server-error', path: CHAT }], mentions: '502' },
  {
    code: 'channel_failed',
    args: ['verify', '--model', 'gpt-5.1', '--protocol', 'chat'],
    sim: { models: [{ id: 'gpt-5.1', channel: 'openai', upstreamKey: 'revoked' }] },
    mentions: 'Incorrect API key provided.',
  },
  {
    code: 'group_denied',
    args: ['models'],
    sim: { keys: [{ key: DEMO_KEY, name: 'demo', group: 'internal', unlimited: true }] },
    mentions: '"internal"',
  },
  { code: 'gateway_error', args: ['verify', '--protocol', 'chat'], faults: [{ kind: 'gateway-internal', path: CHAT }] },
];

async function runBoth(
  c: Case,
  sim: Simulator,
): Promise<{ json: CliResult; text: CliResult; jsonLog: RequestLogEntry[]; textLog: RequestLogEntry[] }> {
  const env = { GATEWAY_BASE_URL: c.baseUrl ? c.baseUrl(sim) : sim.root, GATEWAY_API_KEY: c.key ?? DEMO_KEY };
  const before = sim.log.length;
  const json = await runInProcess([...c.args, '--json'], { env });
  const middle = sim.log.length;
  const text = await runInProcess(c.args, { env });
  return { json, text, jsonLog: sim.log.slice(before, middle), textLog: sim.log.slice(middle) };
}

/** A --json document without what differs from run to run (request IDs, timings). */
function withoutRunFacts(doc: unknown): unknown {
  // `again` is the run's own command line (the Chinese run's has its --lang).
  return JSON.parse(
    JSON.stringify(doc, (k, v: unknown) => (k === 'requestId' || k === 'ms' || k === 'latencyMs' || k === 'again' ? undefined : v)),
  );
}

/** The requests of a run whose ID appears in the output. */
function printedIn(output: string, log: readonly RequestLogEntry[]): RequestLogEntry[] {
  return log.filter((e) => output.includes(e.requestId));
}

describe('every diagnosis code through the built bin', () => {
  it.each(CASES.map((c) => [c.code, c] as const))('%s', async (_code, c) => {
    const sim = await startSim({ ...c.sim, faults: c.faults?.map((f) => ({ ...f })) ?? [] });
    const { json, text, jsonLog, textLog } = await runBoth(c, sim);

    expect(json.code).toBe(1);
    const doc = jsonOf(json);
    expect(doc.ok).toBe(false);
    const d = diagnosisOf(doc);
    expect(d?.code).toBe(c.code);
    expect(d?.fix).toBeTruthy();
    if (c.mentions) expect(d?.message).toContain(c.mentions);

    expect(text.code).toBe(1);
    const output = text.stdout + text.stderr;
    expect(output).toContain(c.code);

    if (c.noRequestId) {
      // The server received the request but its answer (and ID) never came back in time.
      expect(jsonLog.length).toBeGreaterThan(0);
      expect(d?.requestId).toBeUndefined();
    } else {
      // The ID reported is the one the server gave the failing request (same status)…
      const failing = jsonLog.find((e) => e.requestId === d?.requestId);
      expect(failing, 'request ID in the simulator log').toBeDefined();
      expect(failing?.status).toBe(d?.status);
      // …and the text run prints its own failing request's ID.
      expect(printedIn(output, textLog).map((e) => e.status)).toContain(d?.status);
    }
  });

  // The same failure for a Chinese reader. The cause and the fix are in Chinese, the code and
  // request ID are unchanged, and --json is the very same document in both languages.
  it.each(CASES.map((c) => [c.code, c] as const))('%s, in Chinese', async (_code, c) => {
    const sim = await startSim({ ...c.sim, faults: c.faults?.map((f) => ({ ...f })) ?? [] });
    const env = { GATEWAY_BASE_URL: c.baseUrl ? c.baseUrl(sim) : sim.root, GATEWAY_API_KEY: c.key ?? DEMO_KEY };
    const en = jsonOf(await runInProcess([...c.args, '--json'], { env }));
    const zhJson = jsonOf(await runInProcess([...c.args, '--json', '--lang', 'zh-CN'], { env }));
    expect(withoutRunFacts(zhJson)).toEqual(withoutRunFacts(en));
    const d = diagnosisOf(en);
    const zh = await runInProcess(c.args, { env: { ...env, LANG: 'zh_CN.UTF-8' } });
    const output = zh.stdout + zh.stderr;
    expect(zh.code).toBe(1);
    expect(output).toContain(`[${c.code}]`);
    expect(output).toMatch(CHINESE);
    // Neither the English cause nor the English fix is printed, nor any other English message.
    expect(output).not.toContain(String(d?.message).slice(0, 30));
    expect(output).not.toContain(String(d?.fix).slice(0, 30));
    expect(englishLeaks(output)).toEqual([]);
    // Names stay as they are; Chinese quotes them with “”.
    if (c.mentions) expect(output).toContain(c.mentions.replaceAll('"', ''));
  });

  it('unreachable: a closed port, no request ID', async () => {
    const port = await closedPort();
    const env = { GATEWAY_BASE_URL: `http://127.0.0.1:${port}`, GATEWAY_API_KEY: DEMO_KEY };
    const json = await runInProcess(['verify', '--json'], { env });
    expect(json.code).toBe(1);
    const d = diagnosisOf(jsonOf(json));
    expect(d?.code).toBe('unreachable');
    expect(d?.requestId).toBeUndefined();
    const text = await runInProcess(['models'], { env });
    expect(text.code).toBe(1);
    expect(text.stderr).toContain('[unreachable]');
    expect(text.stdout).toBe('');
  });

  it('redirect: reported, never followed, and the target never sees the key', async () => {
    const target = await startRecorder();
    const sim = await startSim({ faults: [{ kind: 'redirect', location: `${target.root}/v1/models` }] });
    const env = { GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: DEMO_KEY };
    const json = await runInProcess(['verify', '--json'], { env });
    expect(json.code).toBe(1);
    const d = diagnosisOf(jsonOf(json));
    expect(d?.code).toBe('redirect');
    expect(sim.log.find((e) => e.requestId === d?.requestId)?.status).toBe(301);
    const before = sim.log.length;
    const text = await runInProcess(['models'], { env });
    expect(text.code).toBe(1);
    expect(text.stderr).toContain('[redirect]');
    expect(printedIn(text.stderr, sim.log.slice(before)).map((e) => e.path)).toEqual(['/v1/models']);
    // Never followed: nothing at all reached the other host, so certainly not the key.
    expect(target.requests).toEqual([]);
  });

  it('bad_response: a 200 JSON answer that is not a model list', async () => {
    const gateway = await startRecorder((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-oneapi-request-id': 'req-bad-1' });
      res.end('{"object":"list","data":"nope"}');
    });
    const env = { GATEWAY_BASE_URL: gateway.root, GATEWAY_API_KEY: DEMO_KEY };
    const json = await runInProcess(['models', '--json'], { env });
    expect(json.code).toBe(1);
    const d = diagnosisOf(jsonOf(json));
    expect(d?.code).toBe('bad_response');
    expect(d?.requestId).toBe('req-bad-1');
    const text = await runInProcess(['verify'], { env });
    expect(text.code).toBe(1);
    expect(text.stderr).toContain('[bad_response]');
    expect(text.stderr).toContain('req-bad-1');
    expect(gateway.requests.filter((q) => q.url === '/v1/models')).toHaveLength(2);
  });
});
