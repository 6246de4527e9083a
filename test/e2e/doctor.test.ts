// `doctor` on a matrix of broken configs for every agent: each cause named, `--fix` repairs it,
// and a second `doctor` is clean. Through the built bin against the simulator.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENTS as REGISTRY } from '../../src/agents/registry.js';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { FIXTURES } from '../fixtures/agents/index.js';
import { jsonOf, runInProcess, tempHome } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);

interface Agent {
  id: string;
  file: string;
  /** Appends /v1 itself (Claude Code): a root + /v1 base URL is the doubled case, there is no missing case. */
  appendsV1: boolean;
  wrongModel: string;
  /** Reads only a literal key (Cline): the missing key is a key taken out of its file. */
  literalKeyOnly: boolean;
  /** The other files setup writes: broken alike (Pi names its default model in settings.json). */
  extra: readonly string[];
  /** The fixture's model: set up with it, so the base URL written is the form the cases edit. */
  model: string;
}

// Every agent with its fixtures (test/fixtures/agents/<id>/), its URL form from its module.
const AGENTS: Agent[] = FIXTURES.map((f) => ({
  id: f.id,
  file: f.createdAs ?? f.main,
  appendsV1: REGISTRY[f.id].baseUrl?.form === 'root',
  wrongModel: f.wrongModel,
  literalKeyOnly: f.envReference === undefined,
  extra: f.extra,
  model: f.model,
}));

type Case = { name: string; code: string; env?: boolean; break: (text: string, a: Agent, model: string) => string };

const CASES: Case[] = [
  {
    name: 'doubled /v1',
    code: 'wrong_path',
    break: (t, a) => (a.appendsV1 ? t.replace(`"${sim.root}"`, `"${sim.root}/v1"`) : t.replaceAll(`${sim.root}/v1`, `${sim.root}/v1/v1`)),
  },
  { name: 'missing /v1', code: 'not_api', break: (t, a) => (a.appendsV1 ? t : t.replaceAll(`${sim.root}/v1`, sim.root)) },
  { name: 'HTML endpoint', code: 'not_api', break: (t) => t.replaceAll(sim.root, `${sim.root}/console`) },
  {
    name: 'unknown model',
    code: 'model_not_listed',
    break: (t, _a, m) =>
      t
        .replaceAll(`"${m}"`, '"no-such-model"')
        .replaceAll(`/${m}"`, '/no-such-model"')
        .replace(new RegExp(`/${m}(\\r?)$`, 'gm'), '/no-such-model$1')
        .replace(new RegExp(`(: |=)${m.replace(/\./g, '\\.')}(\r?)$`, 'gm'), '$1no-such-model$2'),
  },
  { name: 'wrong-protocol model', code: 'wrong_protocol', break: (t, a, m) => t.replaceAll(m, a.wrongModel) },
  { name: 'missing key variable', code: 'missing_key', env: true, break: (t, a) => (a.literalKeyOnly ? t.replace(DEMO_KEY, '') : t) },
];

const doctor = (home: string, args: string[] = []) =>
  runInProcess(['doctor', '--json', ...args], { home, env: { GATEWAY_API_KEY: DEMO_KEY } });

interface DoctorDoc {
  ok: boolean;
  fixed: string[];
  agents: { id: string; configured: boolean; findings: { code: string; message: string; fix: string; requestId?: string }[] }[];
}

describe.each(AGENTS)('doctor $id', (agent) => {
  it.each(CASES.filter((c) => !(c.name === 'missing /v1' && agent.appendsV1)))('$name: named, fixed, then clean', async (c) => {
    const { dir: home, remove } = tempHome();
    try {
      // A correct setup first (env key storage under another variable for the missing-key case).
      const envCase = c.env && !agent.literalKeyOnly;
      const setup = await runInProcess(
        [
          'setup',
          '--yes',
          '--json',
          '--base-url',
          sim.root,
          '--agent',
          agent.id,
          '--model',
          `${agent.id}=${agent.model}`,
          ...(envCase ? ['--key-storage', 'env', '--api-key-env', 'AGENT_GW_KEY'] : []),
        ],
        { home, env: envCase ? { AGENT_GW_KEY: DEMO_KEY } : { GATEWAY_API_KEY: DEMO_KEY } },
      );
      expect(setup.code, setup.stderr + setup.stdout).toBe(0);
      const model = (jsonOf(setup) as { agents: { model: string }[] }).agents[0]!.model;
      const path = join(home, agent.file);
      const good = readFileSync(path, 'utf8');
      const broken = c.break(good, agent, model);
      expect(broken === good && !envCase).toBe(false);
      writeFileSync(path, broken);
      for (const rel of agent.extra) {
        const other = join(home, rel);
        if (existsSync(other)) writeFileSync(other, c.break(readFileSync(other, 'utf8'), agent, model));
      }

      const first = await doctor(home);
      expect(first.code, first.stdout + first.stderr).toBe(1);
      const doc = jsonOf(first) as unknown as DoctorDoc;
      const mine = doc.agents.find((a) => a.id === agent.id)!;
      expect(mine.findings.map((f) => f.code)).toContain(c.code);
      const finding = mine.findings.find((f) => f.code === c.code)!;
      expect(finding.fix.length).toBeGreaterThan(10);
      if (c.code !== 'missing_key') expect(sim.log.map((e) => e.requestId)).toContain(finding.requestId);
      expect(first.stdout).not.toContain(DEMO_KEY);

      const fix = await doctor(home, ['--fix']);
      expect(fix.code, fix.stdout + fix.stderr).toBe(0);
      expect((jsonOf(fix) as unknown as DoctorDoc).fixed).toEqual([agent.id]);
      const again = await doctor(home);
      expect(again.code, again.stdout).toBe(0);
      expect((jsonOf(again) as unknown as DoctorDoc).agents.find((a) => a.id === agent.id)?.findings).toEqual([]);
    } finally {
      remove();
    }
  });
});

describe('doctor', () => {
  it('text output: one line per finding with the cause, the request ID and the fix', async () => {
    const { dir: home, remove } = tempHome();
    try {
      expect(
        (await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'codex'], { home, env: { GATEWAY_API_KEY: DEMO_KEY } }))
          .code,
      ).toBe(0);
      const path = join(home, '.codex/config.toml');
      writeFileSync(path, readFileSync(path, 'utf8').replace(`${sim.root}/v1`, `${sim.root}/v1/v1`));
      const r = await runInProcess(['doctor'], { home, env: { GATEWAY_API_KEY: DEMO_KEY } });
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/✗ Codex CLI {2}~\/\.codex\/config\.toml/);
      expect(r.stdout).toMatch(/\[wrong_path\].*\/v1\/v1/s);
      expect(r.stdout).toMatch(/request ID \S+/);
      expect(r.stdout).toContain('fix:');
      expect(r.stdout).toContain('doctor --fix');
    } finally {
      remove();
    }
  });

  it('a Claude Code tier naming a model the key lacks (fable left to its own default) is named; --fix gives it one the key has', async () => {
    const { dir: home, remove } = tempHome();
    try {
      expect(
        (
          await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code'], {
            home,
            env: { GATEWAY_API_KEY: DEMO_KEY },
          })
        ).code,
      ).toBe(0);
      const path = join(home, '.claude/settings.json');
      const text = readFileSync(path, 'utf8');
      expect(text).toContain('"ANTHROPIC_DEFAULT_FABLE_MODEL": "claude-opus-4-1"');
      writeFileSync(
        path,
        text.replace('"ANTHROPIC_DEFAULT_FABLE_MODEL": "claude-opus-4-1"', '"ANTHROPIC_DEFAULT_FABLE_MODEL": "claude-fable-5-2"'),
      );
      const first = jsonOf(await doctor(home, ['--agent', 'claude-code'])) as unknown as DoctorDoc;
      const findings = first.agents.find((a) => a.id === 'claude-code')!.findings;
      expect(findings.map((f) => f.code)).toEqual(['model_not_listed']);
      expect(findings[0]!.message).toContain('fable tier model claude-fable-5-2');
      expect((await doctor(home, ['--fix', '--agent', 'claude-code'])).code).toBe(0);
      expect(readFileSync(path, 'utf8')).toContain('"ANTHROPIC_DEFAULT_FABLE_MODEL": "claude-opus-4-1"');
      const again = await doctor(home, ['--agent', 'claude-code']);
      expect(again.code, again.stdout).toBe(0);
    } finally {
      remove();
    }
  });

  it('nothing configured or installed: says so, exit 0', async () => {
    const r = await runInProcess(['doctor'], { env: { GATEWAY_API_KEY: DEMO_KEY } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('No coding agent is installed or configured here.');
  });
});

describe('doctor: shell exports', () => {
  it('a shell export that overrides the key in Qwen Code settings is a finding', async () => {
    const { dir: home, remove } = tempHome();
    try {
      expect(
        (
          await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'qwen-code'], {
            home,
            env: { GATEWAY_API_KEY: DEMO_KEY },
          })
        ).code,
      ).toBe(0);
      // The user's shell exports a stale key under the same name; the gateway key comes via another variable.
      const r = await runInProcess(['doctor', '--json', '--api-key-env', 'REAL_KEY'], {
        home,
        env: { GATEWAY_API_KEY: 'sk-stale0000000000000000000000000000000000000000', REAL_KEY: DEMO_KEY },
      });
      expect(r.code).toBe(1);
      const doc = jsonOf(r) as unknown as DoctorDoc;
      const codes = doc.agents[0]?.findings.map((f) => f.code) ?? [];
      // The export is named as itself; the rest is checked with the key the file holds (what Qwen
      // Code sends once the export is gone), as for every agent whose key an export overrides.
      expect(codes).toEqual(['env_override']);
      expect(r.stdout).not.toContain(DEMO_KEY);
    } finally {
      remove();
    }
  });

  it("a variable Qwen Code's own ${NAME} reference names, exported, is the user's setup: no finding", async () => {
    const { dir: home, remove } = tempHome();
    try {
      const env = { GATEWAY_API_KEY: DEMO_KEY };
      expect((await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'qwen-code'], { home, env })).code).toBe(0);
      // The env block names the variable instead of holding the key: Qwen Code expands it, the
      // export and the file agree.
      const file = join(home, '.qwen', 'settings.json');
      const doc = JSON.parse(readFileSync(file, 'utf8')) as { env?: Record<string, string> };
      expect(doc.env?.['GATEWAY_API_KEY']).toBeDefined();
      doc.env!['GATEWAY_API_KEY'] = '${GATEWAY_API_KEY}';
      writeFileSync(file, JSON.stringify(doc, null, 2));
      const r = await runInProcess(['doctor', '--json', '--agent', 'qwen-code'], { home, env });
      expect(r.code, r.stdout).toBe(0);
      expect((jsonOf(r) as unknown as DoctorDoc).agents[0]?.findings).toEqual([]);
    } finally {
      remove();
    }
  });
});

describe("doctor: a key in another agent's syntax", () => {
  it("OpenClaw holding OpenCode's {env:NAME}: named as the literal text it would send", async () => {
    const { dir: home, remove } = tempHome();
    try {
      const env = { GATEWAY_API_KEY: DEMO_KEY, MINIMAX_API_KEY: DEMO_KEY };
      const setup = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'openclaw', '--key-storage', 'file'], {
        home,
        env,
      });
      expect(setup.code, setup.stderr).toBe(0);
      const file = join(home, '.openclaw', 'openclaw.json');
      const text = readFileSync(file, 'utf8');
      expect(text).toContain(DEMO_KEY);
      writeFileSync(file, text.split(DEMO_KEY).join('{env:MINIMAX_API_KEY}'));
      const r = await runInProcess(['doctor', '--json', '--agent', 'openclaw'], { home, env });
      expect(r.code).toBe(1);
      const findings = (jsonOf(r) as unknown as DoctorDoc).agents[0]?.findings ?? [];
      const named = findings.find((f) => f.code === 'config_invalid');
      expect(named?.message).toContain('OpenClaw sends the key in');
      expect(named?.message).toContain('{env:MINIMAX_API_KEY}');
      expect(named?.message).toContain('not how OpenClaw does');
      expect(r.stdout).not.toContain(DEMO_KEY);
    } finally {
      remove();
    }
  });
});

describe('doctor: the fix for a doubled /v1, as the agent takes its base URL', () => {
  it('Claude Code (it appends /v1): the bare root, never the value it already has; Codex: /v1 once', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const env = { GATEWAY_API_KEY: DEMO_KEY };
      expect((await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code,codex'], { home, env })).code).toBe(0);
      const claude = join(home, '.claude', 'settings.json');
      writeFileSync(
        claude,
        readFileSync(claude, 'utf8').replace(`"ANTHROPIC_BASE_URL": "${sim.root}"`, `"ANTHROPIC_BASE_URL": "${sim.root}/v1"`),
      );
      const codex = join(home, '.codex', 'config.toml');
      writeFileSync(codex, readFileSync(codex, 'utf8').replace(`${sim.root}/v1`, `${sim.root}/v1/v1`));
      const r = await runInProcess(['doctor', '--json'], { home, env });
      expect(r.code).toBe(1);
      const fixes = Object.fromEntries(
        (jsonOf(r) as unknown as DoctorDoc).agents.map((a) => [a.id, a.findings.map((f) => f.fix).join(' ')]),
      );
      expect(fixes['claude-code']).toContain(`set Claude Code's base URL to the bare root ${sim.root}: it appends /v1 itself`);
      expect(fixes['claude-code']).not.toContain(`${sim.root}/v1`);
      expect(fixes['codex']).toContain(`set Codex CLI's base URL to ${sim.root}/v1, with /v1 once`);
    } finally {
      remove();
    }
  });
});
