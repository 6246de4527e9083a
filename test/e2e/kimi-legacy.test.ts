// Kimi's archived kimi-cli beside Kimi Code: a `kimi` on PATH that is kimi-cli, or its
// ~/.kimi/config.toml, is named in setup's report (Kimi Code reads ~/.kimi-code/); doctor checks a
// legacy file that points at the gateway and never changes it.
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import { jsonOf, runInProcess, tempHomes } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

afterAll(stopAll);
const newHome = tempHomes();

/** PATH with a `kimi` that answers `--version` as kimi-cli 1.52.0 does (and makes ~/.kimi, as it does). */
function kimiCliOnPath(home: string): string {
  const bin = join(home, 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(
    join(bin, 'kimi'),
    // Anything but --version is recorded: the real 1.52.0 run with no arguments fetches and runs an install script.
    '#!/bin/sh\nmkdir -p "${KIMI_SHARE_DIR:-$HOME/.kimi}"\nif [ "$1" != "--version" ]; then echo "$@" >> "$HOME/started"; fi\necho "kimi, version 1.52.0"\necho "kimi-cli is no longer maintained. Please use the new Kimi Code CLI."\n',
    { mode: 0o755 },
  );
  return `${bin}:/usr/bin:/bin`;
}

/** kimi-cli's own config, as its users have it: one provider, one model alias, default_model. */
function legacyConfig(home: string, baseUrl: string, key: string, type = 'openai_legacy'): string {
  const text = `# my kimi-cli setup\ndefault_model = "gw"\n\n[providers.gw]\ntype = "${type}"\nbase_url = "${baseUrl}"\napi_key = "${key}"\n\n[models.gw]\nprovider = "gw"\nmodel = "deepseek-chat"\nmax_context_size = 128000\n`;
  mkdirSync(join(home, '.kimi'), { recursive: true });
  writeFileSync(join(home, '.kimi', 'config.toml'), text, { mode: 0o600 });
  return text;
}

describe("Kimi's legacy CLI", () => {
  it('the `kimi` on PATH is kimi-cli: setup writes ~/.kimi-code/ and says kimi-cli reads ~/.kimi/ and is archived; its --version leaves no ~/.kimi', async () => {
    const sim = await startSim();
    const home = newHome();
    const env = { GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: DEMO_KEY, PATH: kimiCliOnPath(home) };
    const r = await runInProcess(['setup', '--yes', '--agent', 'kimi-code'], { home, env });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const out = r.stdout.replace(/\s+/g, ' ');
    expect(out).toContain(
      'The `kimi` on your PATH is kimi-cli 1.52.0, archived in favour of Kimi Code (its last release, 1.52.0, runs nothing but a notice): kimi-cli reads ~/.kimi/config.toml, never ~/.kimi-code/config.toml',
    );
    expect(out).toContain('npm install -g @moonshot-ai/kimi-code');
    // kimi-cli's version is not Kimi Code's: nothing is said to be unproven or refused for it.
    expect(out).not.toContain('not proven');
    expect(existsSync(join(home, '.kimi-code', 'config.toml'))).toBe(true);
    expect(existsSync(join(home, '.kimi'))).toBe(false);
    const json = jsonOf(await runInProcess(['setup', '--yes', '--json', '--agent', 'kimi-code'], { home, env })) as {
      agents: { notes: string[]; version?: string }[];
    };
    expect(json.agents[0]?.notes.join(' ')).toContain('kimi-cli 1.52.0, archived');
    expect(json.agents[0]?.version).toBeUndefined();
  });

  it('launch kimi-code never starts kimi-cli in its place: exit 1, what it is, how to install Kimi Code', async () => {
    const sim = await startSim();
    const home = newHome();
    const env = { GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: DEMO_KEY, PATH: kimiCliOnPath(home) };
    const r = await runInProcess(['launch', 'kimi-code'], { home, env });
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stderr.replace(/\s+/g, ' ')).toContain('The `kimi` on your PATH is kimi-cli 1.52.0, not Kimi Code: launch does not start it.');
    expect(r.stderr).toContain('@moonshot-ai/kimi-code');
    expect(existsSync(join(home, 'started'))).toBe(false);
    // Nor does verify --agent-run: not run, and why.
    await runInProcess(['setup', '--yes', '--agent', 'kimi-code'], { home, env });
    const run = await runInProcess(['verify', '--agent-run', '--agent', 'kimi-code'], { home, env });
    expect(run.code).toBe(1);
    expect((run.stdout + run.stderr).replace(/\s+/g, ' ')).toContain('is kimi-cli 1.52.0, not Kimi Code');
    expect(existsSync(join(home, 'started'))).toBe(false);
  });

  it('~/.kimi/config.toml without the binary: named in the report, left byte for byte', async () => {
    const sim = await startSim();
    const home = newHome();
    const before = legacyConfig(home, 'https://api.moonshot.cn/v1', 'sk-moonshot-own-key-0000');
    const env = { GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: DEMO_KEY, PATH: '/usr/bin:/bin' };
    const r = await runInProcess(['setup', '--yes', '--agent', 'kimi-code'], { home, env });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout.replace(/\s+/g, ' ')).toContain(
      '~/.kimi/config.toml is the config of kimi-cli, archived in favour of Kimi Code; it was left as it is. Kimi Code reads ~/.kimi-code/config.toml.',
    );
    expect(readFileSync(join(home, '.kimi', 'config.toml'), 'utf8')).toBe(before);
    // It names another host: doctor does not check it (no request, no key, goes there).
    const doctor = jsonOf(await runInProcess(['doctor', '--json'], { home, env })) as { agents: { id: string; predecessor?: true }[] };
    expect(doctor.agents.filter((a) => a.predecessor)).toEqual([]);
  });

  it('a legacy file that points at the gateway: doctor checks its request (✓ with the request ID, or the cause), and --fix never touches it', async () => {
    const sim = await startSim();
    const home = newHome();
    const env = { GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: DEMO_KEY, PATH: kimiCliOnPath(home) };
    legacyConfig(home, `${sim.root}/v1`, DEMO_KEY);
    const ok = await runInProcess(['doctor'], { home, env });
    expect(ok.code, ok.stdout + ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/^✓ kimi-cli {2}~\/\.kimi\/config\.toml/m);
    expect(ok.stdout.replace(/\s+/g, ' ')).toMatch(
      /deepseek-chat over chat at http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: OK, request ID \S+/,
    );
    expect(ok.stdout).not.toContain(DEMO_KEY);

    const broken = legacyConfig(home, `${sim.root}/v1`, 'sk-not-a-key-of-this-gateway-0000');
    const bad = await runInProcess(['doctor', '--json'], { home, env });
    expect(bad.code).toBe(1);
    const legacy = (jsonOf(bad) as { agents: { id: string; predecessor?: true; findings: { code: string }[] }[] }).agents.find(
      (a) => a.predecessor,
    );
    expect(legacy?.id).toBe('kimi-code');
    expect(legacy?.findings.map((f) => f.code)).toContain('bad_key');
    const fix = await runInProcess(['doctor', '--fix', '--yes'], { home, env });
    expect(fix.stdout + fix.stderr).not.toContain('sk-not-a-key-of-this-gateway-0000');
    expect(readFileSync(join(home, '.kimi', 'config.toml'), 'utf8')).toBe(broken);
    // Readable by others: --fix closes its mode (as for any key file), never its text.
    chmodSync(join(home, '.kimi', 'config.toml'), 0o644);
    const open = await runInProcess(['doctor', '--json'], { home, env });
    const openLegacy = (jsonOf(open) as { agents: { predecessor?: true; findings: { code: string }[] }[] }).agents.find(
      (a) => a.predecessor,
    );
    expect(openLegacy?.findings.map((f) => f.code)).toContain('key_file_open');
    await runInProcess(['doctor', '--fix', '--yes'], { home, env });
    expect(statSync(join(home, '.kimi', 'config.toml')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(home, '.kimi', 'config.toml'), 'utf8')).toBe(broken);
  });
});
