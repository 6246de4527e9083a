// The agent users really have installed: setup writes the format that version reads, nothing below
// the agent's floor (with the command that updates it), and doctor reads a config as that version
// does. A stand-in on PATH tells the version (the real Qwen Code versions run in the agents tier).
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AGENTS } from '../../src/agents/registry.js';
import { detectAgent } from '../../src/agents/detect.js';
import { DEMO_KEY } from '../../src/simulator/index.js';
import { jsonOf, runInProcess, tempHomes } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

afterAll(stopAll);
const newHome = tempHomes();

/** PATH with a `qwen` that answers `--version` with `version`. */
function qwenAt(home: string, version: string): string {
  const bin = join(home, `bin-${version}`);
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'qwen'), `#!/bin/sh\necho ${version}\n`);
  chmodSync(join(bin, 'qwen'), 0o755);
  return `${bin}:/usr/bin:/bin`;
}

const settingsOf = (home: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(home, '.qwen', 'settings.json'), 'utf8')) as Record<string, unknown>;

describe('Qwen Code, by the version installed', () => {
  it('0.15.10: the entry goes in its own openai list, which that version reads; the next setup after an update moves it', async () => {
    const sim = await startSim();
    const home = newHome();
    const env = { GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: DEMO_KEY };
    const old = await runInProcess(['setup', '--yes', '--json', '--agent', 'qwen-code', '--model', 'deepseek-chat'], {
      home,
      env: { ...env, PATH: qwenAt(home, '0.15.10') },
    });
    expect(old.code, old.stdout + old.stderr).toBe(0);
    const report = (jsonOf(old) as { agents: { version?: string; notes: string[] }[] }).agents[0]!;
    expect(report.version).toBe('0.15.10');
    expect(report.notes.join('\n')).toContain('Qwen Code 0.15.10 reads only the lists named by auth type');
    const written = settingsOf(home);
    expect(written['providerProtocol']).toBeUndefined();
    expect(written['modelProviders']).toEqual({
      openai: [{ id: 'deepseek-chat', name: 'deepseek-chat (gateway)', baseUrl: `${sim.root}/v1`, envKey: 'GATEWAY_API_KEY' }],
    });

    // doctor, as 0.15.10 reads it: the request it sends, no finding.
    const doctor = await runInProcess(['doctor', '--agent', 'qwen-code'], { home, env: { ...env, PATH: qwenAt(home, '0.15.10') } });
    expect(doctor.code, doctor.stdout).toBe(0);

    const updated = await runInProcess(['setup', '--yes', '--agent', 'qwen-code', '--model', 'deepseek-chat'], {
      home,
      env: { ...env, PATH: qwenAt(home, '0.24.4') },
    });
    expect(updated.code, updated.stdout + updated.stderr).toBe(0);
    expect(updated.stdout).toContain('Moved the gateway entry');
    const moved = settingsOf(home);
    expect(moved['providerProtocol']).toEqual({ gateway: 'openai' });
    expect(Object.keys(moved['modelProviders'] as object)).toEqual(['gateway']);
  });

  it('doctor says a config 0.15.10 cannot read; doctor --fix writes the form it reads', async () => {
    const sim = await startSim();
    const home = newHome();
    const env = { GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: DEMO_KEY };
    const setup = await runInProcess(['setup', '--yes', '--agent', 'qwen-code', '--model', 'deepseek-chat'], {
      home,
      env: { ...env, PATH: qwenAt(home, '0.24.4') },
    });
    expect(setup.code, setup.stdout + setup.stderr).toBe(0);
    const old = { ...env, PATH: qwenAt(home, '0.15.10') };
    const doctor = await runInProcess(['doctor', '--json', '--agent', 'qwen-code'], { home, env: old });
    expect(doctor.code).toBe(1);
    const findings = (jsonOf(doctor) as { agents: { findings: { code: string; message: string }[] }[] }).agents[0]!.findings;
    expect(findings.map((f) => f.code)).toEqual(['config_invalid']);
    expect(findings[0]!.message).toContain('a provider id Qwen Code reads from 0.21.2; 0.15.10 is installed');
    const fix = await runInProcess(['doctor', '--fix', '--yes', '--agent', 'qwen-code'], { home, env: old });
    expect(fix.code, fix.stdout + fix.stderr).toBe(0);
    expect(Object.keys(settingsOf(home)['modelProviders'] as object)).toEqual(['openai']);
    expect((await runInProcess(['doctor', '--agent', 'qwen-code'], { home, env: old })).code).toBe(0);
  });

  it('below the version seen failing (0.8.2): nothing written, the update command said, exit 1; doctor says the same of a config there', async () => {
    const sim = await startSim();
    const home = newHome();
    const env = { GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: DEMO_KEY, PATH: qwenAt(home, '0.8.2') };
    const r = await runInProcess(['setup', '--yes', '--agent', 'qwen-code'], { home, env });
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stdout.replace(/\s+/g, ' ')).toContain('Qwen Code 0.8.2 is installed: versions older than 0.8.3 were seen not to read');
    expect(r.stdout).toContain('npm install -g @qwen-code/qwen-code@latest');
    expect(existsSync(join(home, '.qwen', 'settings.json'))).toBe(false);
    // Its version is the cause: no advice about another group's key, in text or JSON.
    expect(r.stdout).not.toMatch(/group/i);
    const json = await runInProcess(['setup', '--yes', '--json', '--agent', 'qwen-code'], { home, env });
    expect((jsonOf(json) as { agents: { groupAdvice?: unknown }[] }).agents[0]?.groupAdvice).toBeUndefined();

    const configured = await runInProcess(['setup', '--yes', '--agent', 'qwen-code'], {
      home,
      env: { ...env, PATH: qwenAt(home, '0.24.4') },
    });
    expect(configured.code).toBe(0);
    const doctor = await runInProcess(['doctor', '--json', '--agent', 'qwen-code'], { home, env });
    const findings = (jsonOf(doctor) as { agents: { findings: { code: string; fix: string }[] }[] }).agents[0]!.findings;
    expect(findings.map((f) => f.code)).toEqual(['agent_outdated']);
    expect(findings[0]!.fix).toBe('Update it: `npm install -g @qwen-code/qwen-code@latest`');
  });

  it('between the marks (0.9.0: older than our tests ran, not seen failing): written, not ✓ but !, with the command that proves it; doctor the same', async () => {
    const sim = await startSim();
    const home = newHome();
    const env = { GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: DEMO_KEY, PATH: qwenAt(home, '0.9.0') };
    const r = await runInProcess(['setup', '--yes', '--agent', 'qwen-code', '--model', 'deepseek-chat'], { home, env });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const out = r.stdout.replace(/\s+/g, ' ');
    expect(r.stdout).toMatch(/^! Qwen Code/m);
    expect(r.stdout).not.toMatch(/^✓ Qwen Code/m);
    expect(out).toContain('Qwen Code 0.9.0 is installed, older than 0.10.1, the oldest version our tests ran');
    expect(out).toContain('`gateway-agent-setup verify --agent-run --agent qwen-code`');
    expect(out).not.toContain('Every agent is set up and verified');
    expect(out).toContain('1 agent(s) older than our tests ran');
    // Written as that version reads it: the auth-type lists.
    expect(Object.keys(settingsOf(home)['modelProviders'] as object)).toEqual(['openai']);
    const json = jsonOf(
      await runInProcess(['setup', '--yes', '--json', '--agent', 'qwen-code', '--model', 'deepseek-chat'], { home, env }),
    ) as {
      ok: boolean;
      agents: { unproven?: string }[];
    };
    expect(json.ok).toBe(true);
    expect(json.agents[0]?.unproven).toBe(
      'Qwen Code 0.9.0 is installed, older than 0.10.1, the oldest version our tests ran: the config is written as that version reads it, not proven',
    );

    const doctor = await runInProcess(['doctor', '--agent', 'qwen-code'], { home, env });
    expect(doctor.code, doctor.stdout + doctor.stderr).toBe(0);
    expect(doctor.stdout).toMatch(/^! Qwen Code/m);
    expect(doctor.stdout.replace(/\s+/g, ' ')).toContain('not proven. Prove it here');
    const doctorJson = jsonOf(await runInProcess(['doctor', '--json', '--agent', 'qwen-code'], { home, env })) as {
      agents: { findings: unknown[]; unproven?: unknown }[];
    };
    expect(doctorJson.agents[0]?.findings).toEqual([]);
    expect(doctorJson.agents[0]?.unproven).toContain('Qwen Code 0.9.0 is installed, older than 0.10.1');
    // Updated to a proven version: ✓ again, nothing said of it.
    const updated = await runInProcess(['doctor', '--agent', 'qwen-code'], { home, env: { ...env, PATH: qwenAt(home, '0.24.4') } });
    expect(updated.stdout).toMatch(/^✓ Qwen Code/m);
    expect(updated.stdout).not.toContain('not proven');
  });

  it('between the marks with --verify agent: the installed agent answers, and only then ✓', async () => {
    const sim = await startSim();
    const home = newHome();
    // A stand-in Qwen Code 0.9.0 whose one-shot answers as the real one does.
    const bin = join(home, 'bin-answers');
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'qwen'), '#!/bin/sh\nif [ "$1" = "--version" ]; then echo 0.9.0; else echo OK; fi\n', { mode: 0o755 });
    const env = { GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: DEMO_KEY, PATH: `${bin}:/usr/bin:/bin` };
    const r = await runInProcess(['setup', '--yes', '--agent', 'qwen-code', '--model', 'deepseek-chat', '--verify', 'agent'], {
      home,
      env,
    });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const out = r.stdout.replace(/\s+/g, ' ');
    expect(out).toContain('not proven: the agent itself answers one prompt below to prove it.');
    expect(out).not.toContain('verify --agent-run --agent qwen-code');
    // The setup's line is ! (written, not proven); the agent's own run below it is ✓.
    expect(r.stdout).toMatch(/^! Qwen Code[^]*^✓ Qwen Code/m);
    // Its one-shot failing: the run's last word is ✗, exit 1.
    writeFileSync(
      join(bin, 'qwen'),
      '#!/bin/sh\nif [ "$1" = "--version" ]; then echo 0.9.0; else echo "API Error: 401 Invalid token"; exit 1; fi\n',
      {
        mode: 0o755,
      },
    );
    const failed = await runInProcess(['setup', '--yes', '--agent', 'qwen-code', '--model', 'deepseek-chat', '--verify', 'agent'], {
      home,
      env,
    });
    expect(failed.code, failed.stdout + failed.stderr).toBe(1);
    expect(failed.stdout).toMatch(/^✗ Qwen Code/m);
  });

  it('a Responses-only model does not suit a version before 0.24.2, with the reason', async () => {
    const sim = await startSim();
    const home = newHome();
    const env = { GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: DEMO_KEY };
    const r = await runInProcess(['setup', '--yes', '--agent', 'qwen-code', '--model', 'gpt-5.1-codex'], {
      home,
      env: { ...env, PATH: qwenAt(home, '0.23.0') },
    });
    expect(r.code).toBe(2);
    expect(r.stderr.replace(/\s+/g, ' ')).toContain(
      'Qwen Code 0.23.0 does not speak OpenAI Responses (/v1/responses) (it does from 0.24.2); update it: `npm install -g @qwen-code/qwen-code@latest`',
    );
    const newer = await runInProcess(['setup', '--yes', '--agent', 'qwen-code', '--model', 'gpt-5.1-codex'], {
      home,
      env: { ...env, PATH: qwenAt(home, '0.24.4') },
    });
    expect(newer.code, newer.stdout + newer.stderr).toBe(0);
  });
});

describe('each installed agent is asked its version once', () => {
  it('setup without --agent: the agents on PATH are found and their versions read with one `--version` run each', async () => {
    const sim = await startSim();
    const home = newHome();
    const bin = join(home, 'bin');
    const runs = join(home, 'runs');
    mkdirSync(bin);
    writeFileSync(join(bin, 'qwen'), `#!/bin/sh\necho "$*" >> '${runs}'\necho 0.24.4\n`);
    chmodSync(join(bin, 'qwen'), 0o755);
    const env = { GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: DEMO_KEY, PATH: `${bin}:/usr/bin:/bin` };
    const r = await runInProcess(['setup', '--yes', '--json'], { home, env });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const report = jsonOf(r) as { agents: { id: string; version?: string }[] };
    expect(report.agents.map((a) => [a.id, a.version])).toEqual([['qwen-code', '0.24.4']]);
    expect(readFileSync(runs, 'utf8')).toBe('--version\n');
  });

  it('an agent installed and not configured: one `--version` run, the line that says so; one not installed: no line, no run', async () => {
    const sim = await startSim();
    const home = newHome();
    const bin = join(home, 'bin');
    const runs = join(home, 'runs');
    mkdirSync(bin);
    writeFileSync(join(bin, 'qwen'), `#!/bin/sh\necho "$*" >> '${runs}'\necho 0.24.4\n`);
    chmodSync(join(bin, 'qwen'), 0o755);
    const env = { GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: DEMO_KEY, PATH: `${bin}:/usr/bin:/bin` };
    const r = await runInProcess(['doctor', '--agent', 'qwen-code,codex'], { home, env });
    expect(r.stdout.replace(/\s+/g, ' ')).toContain('Qwen Code: installed, not configured for a gateway');
    expect(r.stdout).not.toContain('Codex');
    expect(readFileSync(runs, 'utf8')).toBe('--version\n');
  });
});

describe("an agent's --version run leaves nothing in the home", () => {
  it('Continue CLI (writes logs on every run): its variable points them at a scratch folder, removed after', async () => {
    const home = newHome();
    const bin = join(home, 'bin');
    mkdirSync(bin);
    // As cn 1.5.47 does: a log under CONTINUE_GLOBAL_DIR, else ~/.continue, on any run.
    writeFileSync(
      join(bin, 'cn'),
      '#!/bin/sh\ndir="${CONTINUE_GLOBAL_DIR:-$HOME/.continue}"\nmkdir -p "$dir/logs" && echo run >> "$dir/logs/cn.log"\necho "$dir" > "$SEEN_FILE"\necho 1.5.47\n',
    );
    chmodSync(join(bin, 'cn'), 0o755);
    const found = await detectAgent(AGENTS['continue-cli'], {
      home,
      env: { PATH: `${bin}:/usr/bin:/bin`, HOME: home, SEEN_FILE: join(home, 'seen') },
      cwd: home,
      platform: process.platform,
    });
    expect(found).toMatchObject({ installed: true, version: '1.5.47' });
    expect(existsSync(join(home, '.continue'))).toBe(false);
    const used = readFileSync(join(home, 'seen'), 'utf8').trim();
    expect(used).not.toContain(home);
    expect(existsSync(used)).toBe(false);
  });

  it('every agent that declares such variables names only ones it is known to read', () => {
    const declared = Object.values(AGENTS).filter((a) => a.versionEnv !== undefined);
    expect(declared.map((a) => a.id).sort()).toEqual([
      'continue-cli',
      'copilot-cli',
      'hermes-agent',
      'kilo',
      'kimi-code',
      'opencode',
      'pi',
    ]);
    for (const a of declared) {
      const vars = a.versionEnv!('/scratch');
      expect(Object.keys(vars).length, a.id).toBeGreaterThan(0);
      for (const v of Object.values(vars)) expect(v.startsWith('/scratch'), `${a.id}: ${v}`).toBe(true);
    }
  });
});
