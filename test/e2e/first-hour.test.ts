// What a new user met in the first hour, each through the built bin against the simulator: their
// own files kept, advice that names the real cause, output they can copy.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { jsonOf, runCli, tempHome } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);

function write(home: string, rel: string, text: string): string {
  const path = join(home, rel);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  return path;
}

interface Report {
  ok: boolean;
  agents: { id: string; ok: boolean; notes: string[]; verify?: { ok: boolean } }[];
}

describe('Codex: a provider of the user\'s own named gateway', () => {
  it('is left byte for byte; ours gets its own table, the switch is said, and the next run finds ours again', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const own = `# my Codex config
model = "o3"  # my model
model_provider = "gateway"

# my corporate gateway, do not touch
[model_providers.gateway]
name = "Corp"  # corp
base_url = "https://corp.example.com/v1"
env_key = "CORP_KEY"

# ui settings
[tui]
notifications = true
`;
      const path = write(home, '.codex/config.toml', own);
      const args = ['setup', '--yes', '--json', '--base-url', sim.root, '--agent', 'codex'];
      const first = await runCli(args, { home, env: { GATEWAY_API_KEY: DEMO_KEY } });
      expect(first.code, first.stderr + first.stdout).toBe(0);
      const report = jsonOf(first) as unknown as Report;
      expect(report.agents[0]?.verify?.ok).toBe(true);
      expect(report.agents[0]?.notes.join('\n')).toContain('[model_providers.gateway-agent-setup]');
      const text = readFileSync(path, 'utf8');
      const theirs = own.slice(own.indexOf('# my corporate gateway'), own.indexOf('# ui settings'));
      expect(text).toContain(theirs);
      expect(text).toContain('model_provider = "gateway-agent-setup"\n\n# my corporate gateway');
      expect(text).toContain('\n\n# ui settings\n[tui]\n');

      const second = await runCli(args, { home, env: { GATEWAY_API_KEY: DEMO_KEY } });
      expect(second.code, second.stderr + second.stdout).toBe(0);
      const again = readFileSync(path, 'utf8');
      expect(again).toBe(text);
      expect(again.match(/\[model_providers\./g)).toHaveLength(2);
    } finally {
      remove();
    }
  });
});

describe('Claude Code: an ANTHROPIC_API_KEY exported in the shell', () => {
  const SHELL_KEY = 'sk-ant-api03-shellexport000000000000000000000000000000';

  it('doctor names the export once and says to unset it (no bad_key); --fix makes the settings ignore it', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const setup = await runCli(['setup', '--yes', '--json', '--base-url', sim.root, '--agent', 'claude-code'], { home, env: { GATEWAY_API_KEY: DEMO_KEY } });
      expect(setup.code, setup.stderr + setup.stdout).toBe(0);

      const env = { ANTHROPIC_API_KEY: SHELL_KEY };
      const text = await runCli(['doctor', '--agent', 'claude-code'], { home, env });
      expect(text.code).toBe(1);
      const out = (text.stdout + text.stderr).replace(/\s+/g, ' ');
      expect(out).not.toContain(SHELL_KEY);
      expect(out).not.toContain('bad_key');
      expect(out.match(/env_override/g)).toHaveLength(1);
      expect(out).toContain('ANTHROPIC_API_KEY exported in your shell replaces the gateway key');
      expect(out).toMatch(/unset ANTHROPIC_API_KEY/);

      const json = await runCli(['doctor', '--json', '--agent', 'claude-code'], { home, env });
      const doc = jsonOf(json) as { agents: { id: string; findings: { code: string }[] }[] };
      expect(doc.agents[0]?.findings.map((f) => f.code)).toEqual(['env_override']);

      const fix = await runCli(['doctor', '--fix', '--json', '--agent', 'claude-code'], { home, env });
      expect(fix.code, fix.stdout + fix.stderr).toBe(0);
      expect(fix.stdout).not.toContain(SHELL_KEY);
      const settings = JSON.parse(readFileSync(join(home, '.claude/settings.json'), 'utf8')) as { env: Record<string, string> };
      expect(settings.env['ANTHROPIC_API_KEY']).toBe('');
      expect(settings.env['ANTHROPIC_AUTH_TOKEN']).toBe(DEMO_KEY);
      const again = await runCli(['doctor', '--agent', 'claude-code'], { home, env });
      expect(again.code, again.stdout).toBe(0);
    } finally {
      remove();
    }
  });

  it('verify --agent-run names the export as the cause, not bad_key', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const setup = await runCli(['setup', '--yes', '--json', '--base-url', sim.root, '--agent', 'claude-code'], { home, env: { GATEWAY_API_KEY: DEMO_KEY } });
      expect(setup.code, setup.stderr + setup.stdout).toBe(0);
      // A stand-in for the claude binary that fails as Claude Code does when its key is refused.
      const bin = join(home, 'bin');
      write(home, 'bin/claude', '#!/usr/bin/env node\nprocess.stdout.write("Invalid API key · Please run /login\\n"); process.exit(1);\n');
      chmodSync(join(bin, 'claude'), 0o755);
      const env = { ANTHROPIC_API_KEY: SHELL_KEY, PATH: `${bin}:${process.env['PATH'] ?? '/usr/bin:/bin'}` };
      const from = sim.log.length;
      const r = await runCli(['verify', '--agent-run', '--agent', 'claude-code', '--json'], { home, env, timeoutMs: 60_000 });
      expect(r.code).toBe(1);
      expect(r.stdout + r.stderr).not.toContain(SHELL_KEY);
      const doc = jsonOf(r) as { agents: { id: string; diagnosis?: { code: string; message: string; fix: string; requestId?: string } }[] };
      const d = doc.agents[0]?.diagnosis;
      expect(d?.code).toBe('env_override');
      expect(d?.message).toContain('ANTHROPIC_API_KEY exported in your shell');
      expect(d?.fix).toContain('unset ANTHROPIC_API_KEY');
      // The evidence: the request Claude Code sends, refused by the gateway.
      expect(sim.log.slice(from).map((e) => e.requestId)).toContain(d?.requestId);

      const text = await runCli(['verify', '--agent-run', '--agent', 'claude-code'], { home, env, timeoutMs: 60_000 });
      const out = text.stdout.replace(/\s+/g, ' ');
      expect(out).not.toContain('bad_key');
      expect(out.match(/env_override/g)).toHaveLength(1);
    } finally {
      remove();
    }
  });
});
