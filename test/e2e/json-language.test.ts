// --json is for scripts: every message in it is rendered in English at the edge, whatever the
// reader's language. Through the built bin: errors with hints (and lists joined in them), doctor
// findings, a setup report with notes, a base URL with two problems joined; each document must be
// the same for --lang zh-CN as for --lang en and hold no Chinese at all.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_IDS } from '../../src/agents/registry.js';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { runInProcess, tempHome } from '../helpers/cli.js';
import { CHINESE } from '../helpers/lang.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);

/** What differs between two runs of the same command (request IDs, timings, backup ids). */
const VOLATILE = ['requestId', 'passedRequestId', 'latencyMs', 'ms', 'backupId', 'durationMs', 'id'];
function stable(stdout: string): string {
  return JSON.stringify(JSON.parse(stdout, (k, v: unknown) => (VOLATILE.includes(k) ? undefined : v)));
}

async function both(
  args: readonly string[],
  opts: { home?: string; env?: Record<string, string> } = {},
): Promise<{ en: string; zh: string }> {
  const en = await runInProcess([...args, '--json', '--lang', 'en'], opts);
  const zh = await runInProcess([...args, '--json', '--lang', 'zh-CN'], opts);
  expect(zh.code, zh.stderr).toBe(en.code);
  expect(en.stdout.trim().startsWith('{'), en.stdout).toBe(true);
  expect(en.stdout).not.toMatch(CHINESE);
  expect(zh.stdout).not.toMatch(CHINESE);
  return { en: en.stdout, zh: zh.stdout };
}

describe('--json is English and the same in every language', () => {
  const env = (): Record<string, string> => ({ GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: DEMO_KEY });

  it('usage errors with a hint listing choices: byte-identical', async () => {
    const model = await both(['verify', '--model', 'no-such-model'], { env: env() });
    expect(model.zh).toBe(model.en);
    expect(JSON.parse(model.en).error.fix).toMatch(/^Models of this key: [\w.-]+(, [\w./-]+)+\. \(--force probes it anyway\.\)$/);
    const agent = await both(['setup', '--agent', 'bogus'], { env: env() });
    expect(agent.zh).toBe(agent.en);
    expect(JSON.parse(agent.en).error).toEqual({
      code: 'usage',
      message: '--agent bogus: unknown agent.',
      fix: `Agents: ${AGENT_IDS.join(', ')}.`,
    });
  });

  it('a base URL with a query and a fragment: the two joined in English, byte-identical', async () => {
    const r = await both(['models', '--base-url', 'https://gw.example.com/?a=1#top'], { env: { GATEWAY_API_KEY: DEMO_KEY } });
    expect(r.zh).toBe(r.en);
    expect(JSON.parse(r.en).error.message).toContain('contains a query (?…) and a fragment (#…);');
  });

  it('doctor findings and a setup report with notes: the same documents', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const setup = await both(['setup', '--agent', 'claude-code,codex', '--dry-run'], {
        home,
        env: { ...env(), ANTHROPIC_API_KEY: 'sk-shell-0000000000000000000000000000000000000000' },
      });
      expect(stable(setup.zh)).toBe(stable(setup.en));
      expect(JSON.parse(setup.en).agents.some((a: { notes: string[] }) => a.notes.length > 0)).toBe(true);

      const written = await runInProcess(['setup', '--agent', 'claude-code,codex', '--yes'], { home, env: env() });
      expect(written.code, written.stderr).toBe(0);
      const toml = join(home, '.codex/config.toml');
      writeFileSync(toml, readFileSync(toml, 'utf8').replace(`${sim.root}/v1`, `${sim.root}/v1/v1`));
      const doctor = await both(['doctor'], { home, env: env() });
      expect(stable(doctor.zh)).toBe(stable(doctor.en));
      expect(JSON.stringify(JSON.parse(doctor.en))).toContain('"code":"wrong_path"');
    } finally {
      remove();
    }
  });
});
