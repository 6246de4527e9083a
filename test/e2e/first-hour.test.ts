// What a new user met in the first hour, each through the built bin against the simulator: their
// own files kept, advice that names the real cause, output they can copy.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MODELS, DEMO_KEY, VIP_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { BIN_PATH, jsonOf, runInProcess, shown, tempHome } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';
import { visibleLength } from '../../src/core/layout.js';
import { english, msg } from '../../src/i18n/index.js';
import { maskKey } from '../../src/core/mask.js';
import { FIXTURES } from '../fixtures/agents/index.js';

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

describe("Codex: a provider of the user's own named gateway", () => {
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
      const first = await runInProcess(args, { home, env: { GATEWAY_API_KEY: DEMO_KEY } });
      expect(first.code, first.stderr + first.stdout).toBe(0);
      const report = jsonOf(first) as unknown as Report;
      expect(report.agents[0]?.verify?.ok).toBe(true);
      expect(report.agents[0]?.notes.join('\n')).toContain('[model_providers.gateway-agent-setup]');
      const text = readFileSync(path, 'utf8');
      const theirs = own.slice(own.indexOf('# my corporate gateway'), own.indexOf('# ui settings'));
      expect(text).toContain(theirs);
      expect(text).toContain('model_provider = "gateway-agent-setup"\n\n# my corporate gateway');
      expect(text).toContain('\n\n# ui settings\n[tui]\n');

      const second = await runInProcess(args, { home, env: { GATEWAY_API_KEY: DEMO_KEY } });
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
      const setup = await runInProcess(['setup', '--yes', '--json', '--base-url', sim.root, '--agent', 'claude-code'], {
        home,
        env: { GATEWAY_API_KEY: DEMO_KEY },
      });
      expect(setup.code, setup.stderr + setup.stdout).toBe(0);

      const env = { ANTHROPIC_API_KEY: SHELL_KEY };
      const text = await runInProcess(['doctor', '--agent', 'claude-code'], { home, env });
      expect(text.code).toBe(1);
      const out = (text.stdout + text.stderr).replace(/\s+/g, ' ');
      expect(out).not.toContain(SHELL_KEY);
      expect(out).not.toContain('bad_key');
      expect(out.match(/env_override/g)).toHaveLength(1);
      expect(out).toContain('ANTHROPIC_API_KEY exported in your shell replaces the gateway key');
      expect(out).toMatch(/unset ANTHROPIC_API_KEY/);

      const json = await runInProcess(['doctor', '--json', '--agent', 'claude-code'], { home, env });
      const doc = jsonOf(json) as { agents: { id: string; findings: { code: string }[] }[] };
      expect(doc.agents[0]?.findings.map((f) => f.code)).toEqual(['env_override']);

      const fix = await runInProcess(['doctor', '--fix', '--json', '--agent', 'claude-code'], { home, env });
      expect(fix.code, fix.stdout + fix.stderr).toBe(0);
      expect(fix.stdout).not.toContain(SHELL_KEY);
      const settings = JSON.parse(readFileSync(join(home, '.claude/settings.json'), 'utf8')) as { env: Record<string, string> };
      expect(settings.env['ANTHROPIC_API_KEY']).toBe('');
      expect(settings.env['ANTHROPIC_AUTH_TOKEN']).toBe(DEMO_KEY);
      const again = await runInProcess(['doctor', '--agent', 'claude-code'], { home, env });
      expect(again.code, again.stdout).toBe(0);
    } finally {
      remove();
    }
  });

  it('verify --agent-run names the export as the cause, not bad_key', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const setup = await runInProcess(['setup', '--yes', '--json', '--base-url', sim.root, '--agent', 'claude-code'], {
        home,
        env: { GATEWAY_API_KEY: DEMO_KEY },
      });
      expect(setup.code, setup.stderr + setup.stdout).toBe(0);
      // A stand-in for the claude binary that fails as Claude Code does when its key is refused.
      const bin = join(home, 'bin');
      write(home, 'bin/claude', '#!/usr/bin/env node\nprocess.stdout.write("Invalid API key · Please run /login\\n"); process.exit(1);\n');
      chmodSync(join(bin, 'claude'), 0o755);
      const env = { ANTHROPIC_API_KEY: SHELL_KEY, PATH: `${bin}:${process.env['PATH'] ?? '/usr/bin:/bin'}` };
      const from = sim.log.length;
      const r = await runInProcess(['verify', '--agent-run', '--agent', 'claude-code', '--json'], { home, env, timeoutMs: 60_000 });
      expect(r.code).toBe(1);
      expect(r.stdout + r.stderr).not.toContain(SHELL_KEY);
      const doc = jsonOf(r) as { agents: { id: string; diagnosis?: { code: string; message: string; fix: string; requestId?: string } }[] };
      const d = doc.agents[0]?.diagnosis;
      expect(d?.code).toBe('env_override');
      expect(d?.message).toContain('ANTHROPIC_API_KEY exported in your shell');
      expect(d?.fix).toContain('unset ANTHROPIC_API_KEY');
      // The evidence: the request Claude Code sends, refused by the gateway.
      expect(sim.log.slice(from).map((e) => e.requestId)).toContain(d?.requestId);

      const text = await runInProcess(['verify', '--agent-run', '--agent', 'claude-code'], { home, env, timeoutMs: 60_000 });
      const out = text.stdout.replace(/\s+/g, ' ');
      expect(out).not.toContain('bad_key');
      expect(out.match(/env_override/g)).toHaveLength(1);
    } finally {
      remove();
    }
  });
});

describe('project scope: every project file holding the key is ignored by git', () => {
  const setupProject = (home: string, project: string, extra: string[] = []) =>
    runInProcess(['setup', '--yes', '--json', '--base-url', sim.root, '--agent', 'claude-code', '--scope', 'project', ...extra], {
      home,
      cwd: project,
      env: { GATEWAY_API_KEY: DEMO_KEY },
    });
  const gitIn =
    (home: string, project: string) =>
    (...args: string[]): string =>
      execFileSync('git', args, { cwd: project, env: { ...process.env, HOME: home, GIT_CONFIG_NOSYSTEM: '1' }, encoding: 'utf8' });
  const notes = (stdout: string): string =>
    (jsonOf({ stdout } as Parameters<typeof jsonOf>[0]) as unknown as Report).agents.flatMap((a) => a.notes).join('\n');

  it('a repository that does not ignore it: a line in .git/info/exclude, said in the report; git add -A leaves the key out', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const project = join(home, 'repo');
      mkdirSync(project, { recursive: true });
      const git = gitIn(home, project);
      git('init', '-q');
      writeFileSync(join(project, '.git/info/exclude'), '# git ls-files --others --exclude-from=.git/info/exclude\n*.swp');

      const dry = await setupProject(home, project, ['--dry-run']);
      expect(dry.code, dry.stderr + dry.stdout).toBe(0);
      expect(notes(dry.stdout)).toContain('/.claude/settings.local.json would be added to');
      expect(readFileSync(join(project, '.git/info/exclude'), 'utf8')).not.toContain('settings.local.json');

      const r = await setupProject(home, project);
      expect(r.code, r.stderr + r.stdout).toBe(0);
      const said = notes(r.stdout);
      expect(said).toContain(`added /.claude/settings.local.json to ${join(project, '.git/info/exclude')}`);
      expect(said).not.toMatch(/\bis committed\b/);
      // The user's lines are kept, the last one made whole.
      expect(readFileSync(join(project, '.git/info/exclude'), 'utf8')).toBe(
        '# git ls-files --others --exclude-from=.git/info/exclude\n*.swp\n# gateway-agent-setup: holds an API key\n/.claude/settings.local.json\n',
      );
      git('add', '-A');
      const staged = git('ls-files').split('\n');
      expect(staged).toContain('.claude/settings.json');
      expect(staged).not.toContain('.claude/settings.local.json');

      // Run again: the line is not added twice, and the report says git ignores the file.
      const again = await setupProject(home, project);
      expect(again.code).toBe(0);
      expect(notes(again.stdout)).toContain('git ignores it (.git/info/exclude:4:/.claude/settings.local.json)');
      expect(readFileSync(join(project, '.git/info/exclude'), 'utf8').match(/settings\.local\.json/g)).toHaveLength(1);
    } finally {
      remove();
    }
  });

  it("already ignored by the project's .gitignore: the rule is named, nothing added", async () => {
    const { dir: home, remove } = tempHome();
    try {
      const project = join(home, 'repo');
      mkdirSync(project, { recursive: true });
      gitIn(home, project)('init', '-q');
      writeFileSync(join(project, '.gitignore'), 'node_modules\n**/.claude/settings.local.json\n');
      const r = await setupProject(home, project);
      expect(r.code, r.stderr + r.stdout).toBe(0);
      expect(notes(r.stdout)).toContain('git ignores it (.gitignore:2:**/.claude/settings.local.json)');
      expect(readFileSync(join(project, '.git/info/exclude'), 'utf8')).not.toContain('settings.local.json');
    } finally {
      remove();
    }
  });

  it("a rule of the user's that keeps the file in git: refused, nothing written", async () => {
    const { dir: home, remove } = tempHome();
    try {
      const project = join(home, 'repo');
      mkdirSync(project, { recursive: true });
      gitIn(home, project)('init', '-q');
      writeFileSync(join(project, '.gitignore'), '.claude/*\n!.claude/settings.local.json\n');
      const r = await setupProject(home, project);
      expect(r.code).toBe(1);
      expect(r.stderr.replace(/\s+/g, ' ')).toContain('keeps');
      expect(r.stderr).toContain('!.claude/settings.local.json');
      expect(existsSync(join(project, '.claude/settings.local.json'))).toBe(false);
    } finally {
      remove();
    }
  });

  it('no git binary on PATH: the repository is found by its .git and the line added once', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const project = join(home, 'repo');
      mkdirSync(join(project, 'sub'), { recursive: true });
      gitIn(home, project)('init', '-q');
      const run = () =>
        runInProcess(['setup', '--yes', '--json', '--base-url', sim.root, '--agent', 'claude-code', '--scope', 'project'], {
          home,
          cwd: join(project, 'sub'),
          env: { GATEWAY_API_KEY: DEMO_KEY, PATH: join(home, 'no-bin') },
        });
      const r = await run();
      expect(r.code, r.stderr + r.stdout).toBe(0);
      expect(notes(r.stdout)).toContain('added /sub/.claude/settings.local.json to');
      expect((await run()).code).toBe(0);
      expect(readFileSync(join(project, '.git/info/exclude'), 'utf8').match(/^\/sub\/\.claude\/settings\.local\.json$/gm)).toHaveLength(1);
      // Git itself agrees.
      expect(gitIn(home, project)('check-ignore', 'sub/.claude/settings.local.json').trim()).toBe('sub/.claude/settings.local.json');
    } finally {
      remove();
    }
  });

  it('not a git repository: the report says the file holds the key and to ignore it if the folder becomes one', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const project = join(home, 'plain');
      mkdirSync(project, { recursive: true });
      const r = await setupProject(home, project);
      expect(r.code, r.stderr + r.stdout).toBe(0);
      expect(notes(r.stdout)).toContain('is not in a git repository');
    } finally {
      remove();
    }
  });
});

describe('Qwen Code: the settings version, and key files others can read', () => {
  it('setup writes the "$version" Qwen Code expects; a key file rewritten at 0644 is found by doctor and set to 0600 by --fix', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const env = { GATEWAY_API_KEY: DEMO_KEY };
      const setup = await runInProcess(['setup', '--yes', '--json', '--base-url', sim.root, '--agent', 'qwen-code'], { home, env });
      expect(setup.code, setup.stderr + setup.stdout).toBe(0);
      const path = join(home, '.qwen/settings.json');
      const written = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
      expect(written['$version']).toBe(4);
      expect(statSync(path).mode & 0o777).toBe(0o600);

      // What Qwen Code does to a file it migrates: the old one renamed to .orig, a new one written with the default mode.
      const text = readFileSync(path, 'utf8');
      renameSync(path, `${path}.orig`);
      writeFileSync(path, text, { mode: 0o644 });
      chmodSync(path, 0o644);

      const doctor = await runInProcess(['doctor', '--agent', 'qwen-code'], { home, env });
      expect(doctor.code).toBe(1);
      const out = doctor.stdout.replace(/\s+/g, ' ');
      expect(out).toContain('[key_file_open]');
      expect(out).toContain(`${shown(home, path)} holds the key but its mode is 0644`);
      expect(out).not.toContain('No findings');
      expect(doctor.stdout + doctor.stderr).not.toContain(DEMO_KEY);

      // A second migration would leave the 0644 copy as settings.json.orig: found too.
      chmodSync(`${path}.orig`, 0o644);
      const both = await runInProcess(['doctor', '--json', '--agent', 'qwen-code'], { home, env });
      const found = (jsonOf(both) as { agents: { findings: { code: string; path?: string }[] }[] }).agents[0]?.findings;
      expect(found?.filter((f) => f.code === 'key_file_open').map((f) => f.path)).toEqual([path, `${path}.orig`]);

      const fix = await runInProcess(['doctor', '--fix', '--json', '--agent', 'qwen-code'], { home, env });
      expect(fix.code, fix.stdout + fix.stderr).toBe(0);
      const doc = jsonOf(fix) as { fixed: string[]; tightened: string[] };
      expect(doc.fixed).toEqual(['qwen-code']);
      expect(doc.tightened).toEqual([path, `${path}.orig`]);
      expect(statSync(path).mode & 0o777).toBe(0o600);
      expect(statSync(`${path}.orig`).mode & 0o777).toBe(0o600);
      // Only the mode changed.
      expect(readFileSync(path, 'utf8')).toBe(text);
      expect((await runInProcess(['doctor', '--agent', 'qwen-code'], { home, env })).code).toBe(0);
    } finally {
      remove();
    }
  });
});

describe('sync when the gateway stops, then starts again, sending protocol marks', () => {
  it('missing marks are not a model change: nothing is rewritten, --check stays green, and the configs never flip', async () => {
    const { dir: home, remove } = tempHome();
    const own = await startSim();
    try {
      const env = { GATEWAY_API_KEY: DEMO_KEY };
      const agents = FIXTURES.map((f) => f.id).join(',');
      const setup = await runInProcess(['setup', '--yes', '--json', '--base-url', own.root, '--agent', agents], { home, env });
      expect(setup.code, setup.stderr + setup.stdout).toBe(0);
      const files = FIXTURES.map((f) => f.createdAs ?? f.main);
      const snapshot = () => files.map((f) => readFileSync(join(home, f), 'utf8'));
      const before = snapshot();

      own.setModels(DEFAULT_MODELS.map((m) => ({ ...m, marks: [] })));
      const check = await runInProcess(['sync', '--check', '--json'], { home, env });
      expect(check.code, check.stdout).toBe(0);
      const sync = await runInProcess(['sync', '--json'], { home, env });
      expect(sync.code, sync.stdout + sync.stderr).toBe(0);
      expect((jsonOf(sync) as { changes: unknown[] }).changes).toEqual([]);
      expect(snapshot()).toEqual(before);

      own.setModels(DEFAULT_MODELS);
      expect((await runInProcess(['sync', '--check'], { home, env })).code).toBe(0);
      expect((await runInProcess(['sync'], { home, env })).code).toBe(0);
      expect(snapshot()).toEqual(before);
    } finally {
      remove();
    }
  });

  it('a real change of marks is named as what it is, not as a config edited on disk', async () => {
    const { dir: home, remove } = tempHome();
    const own = await startSim();
    try {
      const env = { GATEWAY_API_KEY: DEMO_KEY };
      const setup = await runInProcess(['setup', '--yes', '--json', '--base-url', own.root, '--agent', 'opencode'], { home, env });
      expect(setup.code, setup.stderr + setup.stdout).toBe(0);
      const model = (jsonOf(setup) as unknown as Report & { agents: { model: string; protocol: string }[] }).agents[0]!;
      expect([model.model, model.protocol]).toEqual(['claude-sonnet-4-5', 'messages']);
      // Now sold through an OpenAI-type channel only.
      own.setModels(DEFAULT_MODELS.map((m) => (m.id === 'claude-sonnet-4-5' ? { ...m, marks: ['openai'] } : m)));
      const check = await runInProcess(['sync', '--check', '--json'], { home, env });
      expect(check.code).toBe(1);
      const stale = (jsonOf(check) as { stale: { agent: string; reason: string }[] }).stale;
      expect(stale.map((c) => c.agent)).toEqual(['opencode']);
      expect(stale[0]?.reason).toBe("the gateway's marks for claude-sonnet-4-5 now call for chat instead of messages");
    } finally {
      remove();
    }
  });
});

describe('values are never cut', () => {
  const LONG = 'claude-sonnet-4-5-20250929-extended-thinking-preview';

  it('verify: the request ID and the model whole in the table, also when the row is wider than 80 columns', async () => {
    const own = await startSim({ models: [...DEFAULT_MODELS, { id: LONG, channel: 'anthropic' }] });
    const r = await runInProcess(['verify', '--model', LONG, '--protocol', 'messages'], {
      env: { GATEWAY_BASE_URL: own.root, GATEWAY_API_KEY: DEMO_KEY },
    });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).not.toContain('…');
    const ids = own.log.filter((e) => e.method === 'POST').map((e) => e.requestId);
    expect(ids).toHaveLength(1);
    const row = r.stdout.split('\n').find((l) => l.startsWith('PASS'));
    expect(row).toContain(LONG);
    expect(row?.endsWith(ids[0]!)).toBe(true);
  });

  it('models: long ids and marks wrap at words, never cut', async () => {
    const marks = ['openai', 'openai-response', 'openai-response-compact', 'alpha-search', 'anthropic'];
    const own = await startSim({ models: [...DEFAULT_MODELS, { id: LONG, channel: 'xai', marks }] });
    const r = await runInProcess(['models'], { env: { GATEWAY_BASE_URL: own.root, GATEWAY_API_KEY: DEMO_KEY } });
    expect(r.code, r.stderr).toBe(0);
    // The masked key is the one … on purpose.
    expect(r.stdout.replace(maskKey(DEMO_KEY), '')).not.toContain('…');
    expect(r.stdout).toContain(LONG);
    const words = r.stdout.split(/[\s,]+/);
    for (const mark of marks) expect(words).toContain(mark);
  });

  it('--help: every command summary whole, in English and Chinese; lines within 80 columns', async () => {
    for (const lang of ['en_US.UTF-8', 'zh_CN.UTF-8']) {
      const r = await runInProcess(['--help'], { env: { LANG: lang } });
      expect(r.code).toBe(0);
      expect(r.stdout).not.toContain('…');
      for (const line of r.stdout.split('\n')) expect(visibleLength(line), line).toBeLessThanOrEqual(80);
    }
    const en = (await runInProcess(['--help'], { env: { LANG: 'en_US.UTF-8' } })).stdout.replace(/\s+/g, ' ');
    expect(en).toContain(english(msg('help.summary.sync')));
  });
});

describe('demo: the next step names a command that works where the user stands', () => {
  const REPO = fileURLToPath(new URL('../..', import.meta.url));
  const runScript = (script: string, cwd: string, home: string, env: Record<string, string> = {}) =>
    spawnSync(process.execPath, [script, 'demo'], {
      cwd,
      env: { PATH: env['PATH'] ?? process.env['PATH'] ?? '/usr/bin:/bin', HOME: home, ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });
  const nextStep = (stdout: string): string => /Next: run `([^`]+)`/.exec(stdout.replace(/\s+/g, ' '))?.[1] ?? '';

  it('in a clone: node bin/… from its root, the absolute path from elsewhere; the command runs', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const fromRoot = runScript(BIN_PATH, REPO, home);
      expect(fromRoot.status, fromRoot.stderr).toBe(0);
      const step = nextStep(fromRoot.stdout);
      expect(step).toBe('node bin/gateway-agent-setup.cjs setup --base-url <your gateway>');
      const [node, script] = step.split(' ');
      expect(node).toBe('node');
      expect(spawnSync(process.execPath, [script!, '--version'], { cwd: REPO, encoding: 'utf8' }).status).toBe(0);

      const elsewhere = runScript(BIN_PATH, home, home);
      expect(nextStep(elsewhere.stdout)).toBe(`node ${BIN_PATH} setup --base-url <your gateway>`);
    } finally {
      remove();
    }
  });

  it("through npx (its cache's layout): npx gateway-agent-setup; on PATH: the bare name", async () => {
    const { dir: home, remove } = tempHome();
    try {
      const pkg = join(home, '.npm/_npx/0123abcd/node_modules/gateway-agent-setup');
      mkdirSync(pkg, { recursive: true });
      cpSync(join(REPO, 'bin'), join(pkg, 'bin'), { recursive: true });
      cpSync(join(REPO, 'dist'), join(pkg, 'dist'), { recursive: true });
      // What the published package holds (package.json's "files"): bin, dist and templates.
      cpSync(join(REPO, 'templates'), join(pkg, 'templates'), { recursive: true });
      cpSync(join(REPO, 'package.json'), join(pkg, 'package.json'));
      const npx = runScript(join(pkg, 'bin/gateway-agent-setup.cjs'), home, home);
      expect(npx.status, npx.stderr).toBe(0);
      expect(nextStep(npx.stdout)).toBe('npx gateway-agent-setup setup --base-url <your gateway>');

      const binDir = join(home, 'bin');
      mkdirSync(binDir);
      symlinkSync(BIN_PATH, join(binDir, 'gateway-agent-setup'));
      const onPath = runScript(BIN_PATH, home, home, { PATH: `${binDir}:${process.env['PATH'] ?? '/usr/bin:/bin'}` });
      expect(nextStep(onPath.stdout)).toBe('gateway-agent-setup setup --base-url <your gateway>');
    } finally {
      remove();
    }
  });
});

describe('setup: a dry run does not claim success; the opus tier gets the opus model', () => {
  it('a dry run ends by saying nothing was written or verified, and how to do it', async () => {
    const r = await runInProcess(['setup', '--yes', '--dry-run', '--base-url', sim.root, '--agent', 'claude-code,codex'], {
      env: { GATEWAY_API_KEY: DEMO_KEY },
    });
    expect(r.code, r.stderr + r.stdout).toBe(0);
    const out = r.stdout.replace(/\s+/g, ' ');
    expect(out).not.toContain('Every agent is set up and verified');
    expect(out).toContain(
      'Every chosen model passed its probe. Run the same command without --dry-run to write the configs and verify them.',
    );
  });

  it("with a VIP key that offers an opus model, Claude Code's opus tier points at it; sonnet stays the main model", async () => {
    const { dir: home, remove } = tempHome();
    try {
      const r = await runInProcess(['setup', '--yes', '--json', '--base-url', sim.root, '--agent', 'claude-code'], {
        home,
        env: { GATEWAY_API_KEY: VIP_KEY },
      });
      expect(r.code, r.stderr + r.stdout).toBe(0);
      const report = jsonOf(r) as { agents: { model: string; tiers?: Record<string, string> }[] };
      expect(report.agents[0]?.tiers).toEqual({ opus: 'claude-opus-4-1' });
      const env = (JSON.parse(readFileSync(join(home, '.claude/settings.json'), 'utf8')) as { env: Record<string, string> }).env;
      expect(env['ANTHROPIC_DEFAULT_OPUS_MODEL']).toBe('claude-opus-4-1');
      expect(env['ANTHROPIC_DEFAULT_SONNET_MODEL']).toBe('claude-sonnet-4-5');
      expect(env['ANTHROPIC_MODEL']).toBe('claude-sonnet-4-5');
      // doctor and sync agree with it.
      expect((await runInProcess(['doctor', '--agent', 'claude-code'], { home, env: { GATEWAY_API_KEY: VIP_KEY } })).code).toBe(0);
      expect((await runInProcess(['sync', '--check'], { home, env: { GATEWAY_API_KEY: VIP_KEY } })).code).toBe(0);
    } finally {
      remove();
    }
  });
});

describe('doctor without GATEWAY_API_KEY', () => {
  it("finds the key in Qwen Code's own settings (its env block) and checks with it", async () => {
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
      const from = sim.log.length;
      const r = await runInProcess(['doctor', '--json', '--agent', 'qwen-code'], { home });
      expect(r.code, r.stdout + r.stderr).toBe(0);
      const doc = jsonOf(r) as { agents: { id: string; findings: unknown[]; requestId?: string }[] };
      expect(doc.agents[0]?.findings).toEqual([]);
      // The check really went out, with the key from the file.
      expect(sim.log.slice(from).some((e) => e.auth.key === DEMO_KEY && e.status === 200)).toBe(true);
    } finally {
      remove();
    }
  });
});

describe('doctor with two agents set up with two keys', () => {
  it("checks each agent with the key it uses, and --fix keeps each agent's key and model", async () => {
    const { dir: home, remove } = tempHome();
    try {
      expect(
        (
          await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'opencode', '--model', 'opencode=deepseek-chat'], {
            home,
            env: { GATEWAY_API_KEY: DEMO_KEY },
          })
        ).code,
      ).toBe(0);
      expect(
        (await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'codex'], { home, env: { GATEWAY_API_KEY: VIP_KEY } }))
          .code,
      ).toBe(0);
      // deepseek-chat is sold to the default group only: VIP's list would call it missing.
      const doctor = await runInProcess(['doctor', '--json'], { home, env: { GATEWAY_API_KEY: VIP_KEY } });
      expect(doctor.code, doctor.stdout).toBe(0);
      const file = join(home, '.config/opencode/opencode.json');
      writeFileSync(file, readFileSync(file, 'utf8').split(`${sim.root}/v1`).join(`${sim.root}/v1/v1`));
      const fix = await runInProcess(['doctor', '--fix', '--json'], { home, env: { GATEWAY_API_KEY: VIP_KEY } });
      expect(fix.code, fix.stdout + fix.stderr).toBe(0);
      expect((jsonOf(fix) as { keysReplaced: unknown[] }).keysReplaced).toEqual([]);
      const after = readFileSync(file, 'utf8');
      expect(after).toContain(DEMO_KEY);
      expect(after).not.toContain(VIP_KEY);
      expect(after).toContain('"model": "gateway/deepseek-chat"');
    } finally {
      remove();
    }
  });

  it('a refused own key is replaced by the given one only with a word about it', async () => {
    const { dir: home, remove } = tempHome();
    try {
      expect(
        (
          await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'opencode', '--model', 'opencode=deepseek-chat'], {
            home,
            env: { GATEWAY_API_KEY: DEMO_KEY },
          })
        ).code,
      ).toBe(0);
      const file = join(home, '.config/opencode/opencode.json');
      const disabled = `sk-${'disabled'.repeat(6)}`;
      writeFileSync(file, readFileSync(file, 'utf8').split(DEMO_KEY).join(disabled));
      const fix = await runInProcess(['doctor', '--fix'], { home, env: { GATEWAY_API_KEY: DEMO_KEY } });
      expect(fix.code, fix.stdout + fix.stderr).toBe(0);
      expect(fix.stdout).toMatch(
        /OpenCode: its own key sk-di…bled was refused or unusable, so the key from\s+GATEWAY_API_KEY \(sk-de…demo\) was written in its place/,
      );
      expect(readFileSync(file, 'utf8')).toContain(DEMO_KEY);
    } finally {
      remove();
    }
  });
});
