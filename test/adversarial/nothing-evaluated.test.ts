// Nothing we write is code: model ids from a hostile gateway, keys and addresses from links and flags
// go into files that agents and shells evaluate. Through the built bin: a hostile id is never chosen
// for an agent that would evaluate it (the next model is), a hostile key or address is refused
// naming the field before anything is sent or written, and the one file a shell sources keeps every
// value literal (sourced by a real `sh`).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AGENTS, SUPPORTED_AGENT_IDS } from '../../src/agents/registry.js';
import { DEFAULT_KEYS, DEFAULT_MODELS, DEMO_KEY } from '../../src/simulator/index.js';
import type { SimModel, Simulator } from '../../src/simulator/types.js';
import { jsonOf, runInProcess, tempHomes } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
// Keys a careless or hostile source could hand us; the gateway knows them, so only our check stands in the way.
const PI_KEY = '!touch${IFS}/nonexistent/x';
let shellKey: string;
let shellMarker: string;
beforeAll(async () => {
  shellMarker = join(tmpdir(), `gas-ran-${process.pid}`);
  shellKey = `sk-\`touch\${IFS}${shellMarker}\`$(touch\${IFS}${shellMarker})'"!$HOME-0123456789`;
  sim = await startSim({
    keys: [...DEFAULT_KEYS, ...[PI_KEY, shellKey].map((key) => ({ key, name: 'odd', group: 'default', unlimited: true }))],
  });
});
afterAll(stopAll);
beforeEach(() => {
  sim.setModels(DEFAULT_MODELS);
  sim.log.length = 0;
});

const newHome = tempHomes();
const SECRET = 'aws-secret-value-4f1e9c';

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : statSync(p).isFile() ? [p] : [];
  });
}

/** Ids a hostile gateway lists, each a newer version of a real model so the ranking puts it first. */
function hostileModels(marker: string): SimModel[] {
  const like = (id: string, base: string): SimModel => ({ ...DEFAULT_MODELS.find((m) => m.id === base)!, id });
  return [
    like('claude-sonnet-9-{env:AWS_SECRET_ACCESS_KEY}', 'claude-sonnet-4-5'),
    like('claude-sonnet-8-{file:/etc/hostname}', 'claude-sonnet-4-5'),
    like(`gpt-9.9-$(touch ${marker})`, 'gpt-5.1'),
    like('gpt-9.8-${{ secrets.AWS_SECRET_ACCESS_KEY }}', 'gpt-5.1'),
    like('claude-opus-9-$AWS_SECRET_ACCESS_KEY', 'claude-opus-4-1'),
    like(`gpt-5.9-codex-\`touch ${marker}\``, 'gpt-5.1-codex'),
    ...DEFAULT_MODELS,
  ];
}

/** What each agent evaluates, as its own documentation says (not derived from our declarations). */
const EVALUATED: Record<string, RegExp> = {
  opencode: /\{(env|file):/,
  kilo: /\{(env|file):/,
  'continue-cli': /\$\{\{/,
  crush: /\$|`/,
  'qwen-code': /\$/,
};

describe("a hostile gateway's model ids", () => {
  it('every agent that evaluates its files gets a model it takes literally; nothing runs, no secret leaves', async () => {
    const home = newHome();
    const marker = join(home, 'ran');
    sim.setModels(hostileModels(marker));
    const hostileIds = hostileModels(marker)
      .slice(0, 6)
      .map((m) => m.id);
    const agents = SUPPORTED_AGENT_IDS.join(',');
    const r = await runInProcess(['setup', '--yes', '--json', '--base-url', sim.root, '--agent', agents], {
      home,
      env: { GATEWAY_API_KEY: DEMO_KEY, AWS_SECRET_ACCESS_KEY: SECRET },
      timeoutMs: 60_000,
    });
    const doc = jsonOf(r) as { agents: { id: string; ok: boolean; model?: string }[] };
    // Every agent is set up: those that evaluate nothing take any id literally (their formats escape it).
    expect(
      doc.agents.filter((a) => !a.ok).map((a) => a.id),
      r.stdout,
    ).toEqual([]);
    const evaluating = Object.keys(EVALUATED) as (keyof typeof AGENTS)[];
    for (const id of evaluating) {
      const a = doc.agents.find((x) => x.id === id)!;
      expect(a.ok, `${id}: ${r.stdout}`).toBe(true);
      expect(a.model, id).not.toMatch(EVALUATED[id]!);
    }
    // No file of an evaluating agent holds a hostile id; every written file is free of the secret.
    const written = filesUnder(home).filter((f) => !f.includes(`${join('gateway-agent-setup', 'backups')}`));
    for (const id of evaluating) {
      for (const f of AGENTS[id]
        .files({ home, env: {}, cwd: home, platform: 'linux' }, 'user')
        .map((x) => x.path)
        .filter(existsSync)) {
        const text = readFileSync(f, 'utf8');
        for (const h of hostileIds.filter((x) => EVALUATED[id]!.test(x))) expect(text, `${f} holds ${h}`).not.toContain(h);
      }
    }
    for (const f of written) expect(readFileSync(f, 'utf8')).not.toContain(SECRET);
    expect(existsSync(marker)).toBe(false);
    expect(JSON.stringify(sim.log)).not.toContain(SECRET);
  });

  it('the user naming such an id for an agent that evaluates it: exit 2 naming the field, nothing written', async () => {
    const home = newHome();
    sim.setModels(hostileModels(join(home, 'ran')));
    const r = await runInProcess(
      ['setup', '--yes', '--base-url', sim.root, '--agent', 'opencode', '--model', 'opencode=claude-sonnet-9-{env:AWS_SECRET_ACCESS_KEY}'],
      {
        home,
        env: { GATEWAY_API_KEY: DEMO_KEY },
      },
    );
    expect(r.code).toBe(2);
    expect(r.stderr.replace(/\s+/g, ' ')).toContain('"{env:" or "{file:"');
    expect(existsSync(join(home, '.config', 'opencode'))).toBe(false);
  });
});

describe('a hostile key or address is refused before anything is sent or written', () => {
  it.each([
    ['pi', 'key', '!touch${IFS}MARKER', 'starts with "!"'],
    ['pi', 'key', 'AWS_SECRET_ACCESS_KEY', 'environment variable of that name'],
    ['opencode', 'key', 'sk-{file:/etc/hostname}-0123456789abcdef', '"{env:" or "{file:"'],
    ['kilo', 'key', 'sk-{env:AWS_SECRET_ACCESS_KEY}-0123456789', '"{env:" or "{file:"'],
    ['continue-cli', 'key', 'sk-${{secrets.AWS_SECRET_ACCESS_KEY}}', '"${{"'],
    ['crush', 'key', 'sk-$(touch${IFS}MARKER)-0123456789abcdef', 'holds "$" or a backtick'],
    ['qwen-code', 'key', 'sk-${AWS_SECRET_ACCESS_KEY}-0123456789', 'holds "$" or a backtick'],
    ['crush', 'baseUrl', '/$(touch${IFS}MARKER)', 'holds "$" or a backtick'],
  ])('%s: a %s holding %j — exit 2, the field named', async (agent, field, value, why) => {
    const home = newHome();
    const marker = join(home, 'MARKER');
    const v = value.replace('MARKER', marker);
    const args = ['setup', '--yes', '--agent', agent, '--base-url', field === 'baseUrl' ? `${sim.root}${v}` : sim.root];
    const r = await runInProcess(args, { home, env: { GATEWAY_API_KEY: field === 'key' ? v : DEMO_KEY, AWS_SECRET_ACCESS_KEY: SECRET } });
    expect(r.code, r.stderr).toBe(2);
    const text = r.stderr.replace(/\s+/g, ' ');
    expect(text).toContain(field === 'key' ? 'the key' : 'the base URL');
    expect(text).toContain(why);
    if (field === 'key') expect(r.stdout + r.stderr).not.toContain(v);
    expect(sim.log).toEqual([]);
    expect(filesUnder(home).filter((f) => !f.includes('gateway-agent-setup'))).toEqual([]);
    expect(existsSync(marker)).toBe(false);
  });

  it("--key-storage env writes the variable's name instead, so the same key is fine for Pi", async () => {
    const home = newHome();
    const r = await runInProcess(['setup', '--yes', '--no-verify', '--agent', 'pi', '--base-url', sim.root, '--key-storage', 'env'], {
      home,
      env: { GATEWAY_API_KEY: PI_KEY },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(home, '.pi', 'agent', 'models.json'), 'utf8')).toContain('"apiKey": "GATEWAY_API_KEY"');
  });
});

describe('the env file a shell sources keeps every value literal', () => {
  it('a key with backticks, $( ), quotes and ! is exported exactly, and nothing runs when sourced by sh', async () => {
    const home = newHome();
    const r = await runInProcess(['setup', '--yes', '--no-verify', '--agent', 'copilot-cli', '--base-url', sim.root], {
      home,
      env: { GATEWAY_API_KEY: shellKey },
    });
    expect(r.code, r.stderr).toBe(0);
    const envFile = filesUnder(join(home, '.config', 'gateway-agent-setup', 'env')).find((f) => f.endsWith('copilot-cli.env'))!;
    const out = execFileSync('sh', ['-c', '. "$1" && env', 'sh', envFile], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home },
      encoding: 'utf8',
    });
    expect(out.split('\n')).toContain(`COPILOT_PROVIDER_API_KEY=${shellKey}`);
    expect(existsSync(shellMarker)).toBe(false);
  });
});

describe('every agent × every hostile key: setup, read-back and doctor evaluate nothing and send no other secret', () => {
  // Each holds what one reader or another evaluates; the gateway knows them all.
  const payloads = (marker: string): string[] => [
    `sk-$(touch\${IFS}${marker})\`touch\${IFS}${marker}\`'"-0123456789`,
    'sk-${AWS_SECRET_ACCESS_KEY}-$AWS_SECRET_ACCESS_KEY-0123456789',
    'sk-{env:AWS_SECRET_ACCESS_KEY}{file:/etc/hostname}-0123456789',
    'sk-${{secrets.AWS_SECRET_ACCESS_KEY}}-0123456789',
    `!touch\${IFS}${marker}`,
  ];
  let hostile: Simulator;
  const marker = join(tmpdir(), `gas-matrix-${process.pid}`);
  beforeAll(async () => {
    hostile = await startSim({
      keys: [...DEFAULT_KEYS, ...payloads(marker).map((key) => ({ key, name: 'odd', group: 'default', unlimited: true }))],
    });
  });

  it.each(payloads('MARKER').map((p, i) => [i, p]))('key %i (%s) through every agent', async (i) => {
    const key = payloads(marker)[i as number]!;
    const outcomes = await Promise.all(
      SUPPORTED_AGENT_IDS.map(async (agent) => {
        const home = newHome();
        const env = { GATEWAY_API_KEY: key, AWS_SECRET_ACCESS_KEY: SECRET };
        const setup = await runInProcess(['setup', '--yes', '--agent', agent, '--base-url', hostile.root], {
          home,
          env,
          timeoutMs: 60_000,
        });
        const doctor = setup.code === 0 ? await runInProcess(['doctor', '--agent', agent], { home, env, timeoutMs: 60_000 }) : undefined;
        return { agent, setup: setup.code, doctor: doctor?.code, said: setup.stderr + setup.stdout };
      }),
    );
    for (const o of outcomes) {
      // Refused before anything (an agent that would evaluate it), or written, read back and checked.
      expect([0, 2], `${o.agent}: ${o.said}`).toContain(o.setup);
      if (o.setup === 0) expect(o.doctor, o.agent).toBe(0);
    }
    // Some agent took each key literally: the matrix really ran through read-back and doctor.
    expect(outcomes.some((o) => o.setup === 0)).toBe(true);
    expect(existsSync(marker)).toBe(false);
    const sent = hostile.log.map((e) => JSON.stringify(e));
    expect(sent.filter((e) => e.includes(SECRET))).toEqual([]);
    expect(hostile.log.filter((e) => e.auth.key !== undefined).every((e) => e.auth.key === key)).toBe(true);
    hostile.log.length = 0;
  });
});
