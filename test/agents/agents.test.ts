// Each real agent (pinned, from npm) runs one-shot on the config `setup` wrote, against the
// simulator; the simulator's log shows exactly what the agent sent: path, model, header, key.
// A hand-written doubled /v1 is named wrong_path by `verify --agent-run` and by `doctor`.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { jsonOf, runCli, tempHome } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';
import { ensureAgent, type PinnedId } from './install.js';

interface Expect {
  id: PinnedId;
  file: string;
  path: string;
  auth: 'bearer' | 'x-api-key';
  model: string;
  /** Turns the config written by setup into one with a doubled /v1. */
  double: (text: string, root: string) => string;
}

const CASES: Expect[] = [
  { id: 'claude-code', file: '.claude/settings.json', path: '/v1/messages?beta=true', auth: 'bearer', model: 'claude-sonnet-4-5', double: (t, r) => t.replace(`"${r}"`, `"${r}/v1"`) },
  { id: 'codex', file: '.codex/config.toml', path: '/v1/responses', auth: 'bearer', model: 'gpt-5.1-codex', double: (t, r) => t.replace(`${r}/v1`, `${r}/v1/v1`) },
  { id: 'opencode', file: '.config/opencode/opencode.json', path: '/v1/messages', auth: 'x-api-key', model: 'claude-sonnet-4-5', double: (t, r) => t.replace(`${r}/v1`, `${r}/v1/v1`) },
  { id: 'qwen-code', file: '.qwen/settings.json', path: '/v1/chat/completions', auth: 'bearer', model: 'deepseek-chat', double: (t, r) => t.replace(`${r}/v1`, `${r}/v1/v1`) },
];

let sim: Simulator;
const bins = new Map<PinnedId, string>();
beforeAll(async () => {
  sim = await startSim();
  const ids = CASES.map((c) => c.id);
  const dirs = await Promise.all(ids.map((id) => ensureAgent(id)));
  ids.forEach((id, i) => bins.set(id, dirs[i]!));
});
afterAll(stopAll);

describe.each(CASES)('$id, the real agent', (c) => {
  const env = () => ({ PATH: `${bins.get(c.id)}:${process.env.PATH ?? '/usr/bin:/bin'}`, GATEWAY_API_KEY: DEMO_KEY });

  it('runs one-shot on the config setup wrote: exact path, model, header and key', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const setup = await runCli(['setup', '--yes', '--base-url', `${sim.root}/v1`, '--agent', c.id, '--model', `${c.id}=${c.model}`], { home, env: env() });
      expect(setup.code, setup.stderr + setup.stdout).toBe(0);
      const from = sim.log.length;
      const run = await runCli(['verify', '--agent-run', '--agent', c.id, '--json'], { home, env: env(), timeoutMs: 200_000 });
      expect(run.code, run.stdout + run.stderr).toBe(0);
      const doc = jsonOf(run) as { ok: boolean; agents: { id: string; ok: boolean }[] };
      expect(doc.agents.map((a) => [a.id, a.ok])).toEqual([[c.id, true]]);
      // The agent's own requests: ours (the probe that names a cause) carry our user agent.
      const sent = sim.log.slice(from).filter((e) => e.method === 'POST' && !e.headers['user-agent']?.startsWith('gateway-agent-setup/'));
      expect(sent.length).toBeGreaterThan(0);
      for (const e of sent) {
        expect(e.path).not.toContain('/v1/v1');
        expect(e.path).toBe(c.path);
        expect(e.auth.scheme).toBe(c.auth);
        expect(e.auth.key).toBe(DEMO_KEY);
        expect(e.status).toBe(200);
      }
      expect(sent.map((e) => e.model)).toContain(c.model);
      expect(run.stdout).not.toContain(DEMO_KEY);
    } finally {
      remove();
    }
  });

  it('a hand-written doubled /v1 is named wrong_path by verify --agent-run and by doctor', async () => {
    const { dir: home, remove } = tempHome();
    try {
      expect((await runCli(['setup', '--yes', '--base-url', sim.root, '--agent', c.id, '--model', `${c.id}=${c.model}`], { home, env: env() })).code).toBe(0);
      const path = join(home, c.file);
      const doubled = c.double(readFileSync(path, 'utf8'), sim.root);
      expect(doubled).toContain('/v1');
      writeFileSync(path, doubled);
      const run = await runCli(['verify', '--agent-run', '--agent', c.id, '--json'], { home, env: env(), timeoutMs: 200_000 });
      expect(run.code).toBe(1);
      const doc = jsonOf(run) as { agents: { ok: boolean; diagnosis?: { code: string; requestId?: string } }[] };
      expect(doc.agents[0]?.ok).toBe(false);
      expect(doc.agents[0]?.diagnosis?.code).toBe('wrong_path');
      expect(sim.log.map((e) => e.requestId)).toContain(doc.agents[0]?.diagnosis?.requestId);
      const doctor = await runCli(['doctor', '--json', '--agent', c.id], { home, env: env() });
      expect(doctor.code).toBe(1);
      const d = jsonOf(doctor) as { agents: { findings: { code: string }[] }[] };
      expect(d.agents[0]?.findings.map((f) => f.code)).toContain('wrong_path');
    } finally {
      remove();
    }
  });
});

describe('setup --verify agent', () => {
  it('writes, then proves the config through the installed agent itself', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const env = { PATH: `${bins.get('qwen-code')}:${process.env.PATH ?? '/usr/bin:/bin'}`, GATEWAY_API_KEY: DEMO_KEY };
      const r = await runCli(['setup', '--yes', '--json', '--base-url', sim.root, '--agent', 'qwen-code', '--verify', 'agent'], { home, env, timeoutMs: 200_000 });
      expect(r.code, r.stdout + r.stderr).toBe(0);
      const doc = jsonOf(r) as { ok: boolean; agentRuns: { id: string; ok: boolean }[] };
      expect(doc.ok).toBe(true);
      expect(doc.agentRuns.map((a) => [a.id, a.ok])).toEqual([['qwen-code', true]]);
    } finally {
      remove();
    }
  });
});
