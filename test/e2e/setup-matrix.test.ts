// Every agent × fixture through the built bin against the simulator:
// no file yet, a lived-in file, a file that does not parse, a file already up to date.
// Asserts the exact resulting files, the untouched bytes, modes, backups, idempotence and the report.
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { FIXTURES } from '../fixtures/agents/index.js';
import { jsonOf, runInProcess, tempHome } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

interface AgentCase {
  id: string;
  /** The file setup edits (relative to HOME) and its lived-in and broken versions. */
  file: string;
  livedIn: string;
  broken: string;
  /** The file created when none exists (default: `file`). */
  createdAs?: string;
  /** Tokens on lines we own: every other line of the lived-in file must survive. */
  owned: readonly string[];
  /** Files that hold the key (mode 0600). */
  secretFiles: readonly string[];
  /** Other files setup writes for this agent. */
  extra: readonly string[];
  model: string;
}

// Every agent with its fixtures (test/fixtures/agents/<id>/: the lived-in and broken files users
// really have).
const CASES: AgentCase[] = FIXTURES.map((f) => ({
  id: f.id,
  file: f.main,
  livedIn: f.mainText,
  broken: f.brokenText,
  ...(f.createdAs !== undefined && { createdAs: f.createdAs }),
  owned: f.owned,
  secretFiles: f.secretFiles,
  extra: f.extra,
  model: f.model,
}));

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);

function place(home: string, rel: string, text: string, mode = 0o644): string {
  const path = join(home, rel);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  chmodSync(path, mode);
  return path;
}

function setup(home: string, c: AgentCase, more: string[] = []) {
  return runInProcess(
    ['setup', '--yes', '--json', '--base-url', `${sim.root}/v1`, '--agent', c.id, '--model', `${c.id}=${c.model}`, ...more],
    {
      home,
      env: { GATEWAY_API_KEY: DEMO_KEY },
    },
  );
}

/** Lines compared without trailing commas: adding a key after the last one adds a comma before it. */
const norm = (line: string): string => line.trim().replace(/,$/, '');
const normalizePort = (text: string): string => text.replaceAll(sim.root, 'http://127.0.0.1:PORT');

const backupsOf = (home: string): string[] => {
  const dir = join(home, '.config/gateway-agent-setup/backups');
  return existsSync(dir) ? readdirSync(dir) : [];
};

interface ReportAgent {
  id: string;
  ok: boolean;
  model?: string;
  files: { path: string; action: string; backup?: string }[];
  verify?: { ok: boolean; requestId?: string; status?: number };
}

describe.each(CASES)('setup $id', (c) => {
  it('no file yet: creates it, 0600 where it holds the key, verified from disk', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const result = await setup(home, c);
      expect(result.stderr).not.toContain(DEMO_KEY);
      expect(result.stdout).not.toContain(DEMO_KEY);
      expect(result.code, result.stderr + result.stdout).toBe(0);
      const report = jsonOf(result) as { ok: boolean; agents: ReportAgent[] };
      const agent = report.agents.find((a) => a.id === c.id)!;
      expect(agent.ok).toBe(true);
      expect(agent.model).toBe(c.model);
      const created = c.createdAs ?? c.file;
      const main = agent.files.find((f) => f.path === join(home, created));
      expect(main?.action).toBe('created');
      expect(agent.verify?.ok).toBe(true);
      expect(sim.log.map((e) => e.requestId)).toContain(agent.verify?.requestId);
      for (const rel of c.secretFiles.filter((f) => existsSync(join(home, f)))) {
        expect(statSync(join(home, rel)).mode & 0o777).toBe(0o600);
      }
      expect(existsSync(join(home, c.secretFiles.find((f) => f === created) ?? c.secretFiles[0]!))).toBe(true);
      const text = readFileSync(join(home, created), 'utf8');
      expect(text).not.toContain('/v1/v1');
      await expect(normalizePort(text)).toMatchFileSnapshot(`./__snapshots__/setup-matrix/${c.id}.created.txt`);
    } finally {
      remove();
    }
  });

  it('lived-in file: only our keys change, every other line survives, backed up first', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const path = place(home, c.file, c.livedIn, 0o640);
      const result = await setup(home, c);
      expect(result.code, result.stderr + result.stdout).toBe(0);
      const after = readFileSync(path, 'utf8');
      const afterLines = new Set(after.split('\n').map(norm));
      const lost = c.livedIn
        .split('\n')
        .filter((line) => !c.owned.some((t) => line.includes(t)))
        .filter((line) => !afterLines.has(norm(line)));
      expect(lost).toEqual([]);
      await expect(normalizePort(after)).toMatchFileSnapshot(`./__snapshots__/setup-matrix/${c.id}.lived-in.txt`);
      // Mode: kept, tightened to 0600 when the file now holds the key.
      const mode = statSync(path).mode & 0o777;
      expect(mode).toBe(c.secretFiles.includes(c.file) ? 0o600 : 0o640);
      // Backup: the old bytes, under a name that says nothing of the key.
      const report = jsonOf(result) as { agents: ReportAgent[]; backupId?: string };
      const file = report.agents[0]!.files.find((f) => f.path === path)!;
      expect(file.action).toBe('updated');
      expect(file.backup).toBeDefined();
      expect(readFileSync(file.backup!, 'utf8')).toBe(c.livedIn);
      expect(file.backup).not.toContain(DEMO_KEY.slice(3, 12));
      expect(backupsOf(home)).toEqual([report.backupId]);
    } finally {
      remove();
    }
  });

  it('a file that does not parse: exit 1 naming file and line, nothing written anywhere', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const path = place(home, c.file, c.broken);
      const result = await setup(home, c);
      expect(result.code).toBe(1);
      const doc = jsonOf(result) as { ok: boolean; error: { message: string } };
      expect(doc.ok).toBe(false);
      expect(doc.error.message).toContain(path);
      expect(doc.error.message).toMatch(/:\d+:\d+/);
      expect(readFileSync(path, 'utf8')).toBe(c.broken);
      for (const rel of c.extra) expect(existsSync(join(home, rel))).toBe(false);
      expect(backupsOf(home)).toEqual([]);
    } finally {
      remove();
    }
  });

  it('already up to date: a second run writes nothing and says so', async () => {
    const { dir: home, remove } = tempHome();
    try {
      place(home, c.file, c.livedIn);
      expect((await setup(home, c)).code).toBe(0);
      const before = readFileSync(join(home, c.file), 'utf8');
      const backups = backupsOf(home);
      const again = await setup(home, c);
      expect(again.code).toBe(0);
      const report = jsonOf(again) as { upToDate: boolean; agents: ReportAgent[] };
      expect(report.upToDate).toBe(true);
      expect(report.agents[0]!.files.every((f) => f.action === 'unchanged')).toBe(true);
      expect(readFileSync(join(home, c.file), 'utf8')).toBe(before);
      expect(backupsOf(home)).toEqual(backups);
      const text = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', c.id, '--model', `${c.id}=${c.model}`], {
        home,
        env: { GATEWAY_API_KEY: DEMO_KEY },
      });
      expect(text.code).toBe(0);
      expect(text.stdout).toContain('Already up to date');
    } finally {
      remove();
    }
  });
});

describe('setup across agents', () => {
  it('one unparseable file stops every agent: nothing is written anywhere', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const codex = CASES.find((c) => c.id === 'codex')!;
      place(home, codex.file, codex.broken);
      const result = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code,codex,opencode'], {
        home,
        env: { GATEWAY_API_KEY: DEMO_KEY },
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('config.toml:2');
      expect(existsSync(join(home, '.claude/settings.json'))).toBe(false);
      expect(existsSync(join(home, '.config/opencode/opencode.json'))).toBe(false);
    } finally {
      remove();
    }
  });

  it('--dry-run prints a diff with the key masked and writes nothing', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const result = await runInProcess(['setup', '--yes', '--dry-run', '--base-url', sim.root, '--agent', 'claude-code,codex'], {
        home,
        env: { GATEWAY_API_KEY: DEMO_KEY },
      });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain('+++ ');
      expect(result.stdout).toContain('ANTHROPIC_AUTH_TOKEN');
      expect(result.stdout).not.toContain(DEMO_KEY);
      expect(readdirSync(home)).toEqual([]);
    } finally {
      remove();
    }
  });

  it('restore puts the lived-in files back byte for byte', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const claude = CASES[0]!;
      const path = place(home, claude.file, claude.livedIn);
      expect((await setup(home, claude)).code).toBe(0);
      expect(readFileSync(path, 'utf8')).not.toBe(claude.livedIn);
      const restored = await runInProcess(['restore'], { home });
      expect(restored.code, restored.stderr).toBe(0);
      expect(readFileSync(path, 'utf8')).toBe(claude.livedIn);
      // ~/.claude.json did not exist before: restore removes it.
      expect(existsSync(join(home, '.claude.json'))).toBe(false);
    } finally {
      remove();
    }
  });

  it('a model the agent cannot use is refused with the valid choices, exit 2', async () => {
    const result = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'codex', '--model', 'claude-sonnet-4-5'], {
      env: { GATEWAY_API_KEY: DEMO_KEY },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('gpt-5.1-codex');
  });

  it('gemini-cli is named and explained, never written', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const result = await runInProcess(['setup', '--yes', '--json', '--base-url', sim.root, '--agent', 'gemini-cli'], {
        home,
        env: { GATEWAY_API_KEY: DEMO_KEY },
      });
      expect(result.code).toBe(1);
      const report = jsonOf(result) as { agents: (ReportAgent & { skipped?: string })[] };
      expect(report.agents[0]?.skipped).toMatch(/Gemini/);
      expect(readdirSync(home)).toEqual([]);
    } finally {
      remove();
    }
  });

  it('Letta Code on PATH while setup chooses the installed agents itself: named with the launch command, nothing written for it', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const bin = join(home, 'bin');
      mkdirSync(bin);
      writeFileSync(join(bin, 'letta'), '#!/bin/sh\necho 0.25.9\n');
      chmodSync(join(bin, 'letta'), 0o755);
      const env = { GATEWAY_API_KEY: DEMO_KEY, PATH: `${bin}:/usr/bin:/bin` };
      const found = await runInProcess(['setup', '--yes', '--dry-run', '--base-url', sim.root], { home, env });
      expect(found.code, found.stderr).toBe(0);
      expect(found.stderr.replace(/\s+/g, ' ')).toContain('Letta Code is installed here; setup writes nothing for it');
      expect(found.stderr.replace(/\s+/g, ' ')).toContain('gateway-agent-setup launch letta-code');
      expect(existsSync(join(home, '.letta'))).toBe(false);
      // Agents named by the user: only what they asked for is said.
      const named = await runInProcess(['setup', '--yes', '--dry-run', '--base-url', sim.root, '--agent', 'codex'], { home, env });
      expect(named.code, named.stderr).toBe(0);
      expect(named.stderr).not.toContain('Letta Code');
    } finally {
      remove();
    }
  });

  it.each([
    ['doctor', '--agent', 'letta-code'],
    ['verify', '--agent-run', '--agent', 'letta-code'],
    ['verify', '--agent-run', '--agent', 'gemini-cli'],
  ])('%s %s %s: an agent setup writes nothing for is refused with its own reason (exit 2)', async (...args) => {
    const { dir: home, remove } = tempHome();
    try {
      const result = await runInProcess([...args, '--base-url', sim.root], { home, env: { GATEWAY_API_KEY: DEMO_KEY } });
      expect(result.code).toBe(2);
      const said = result.stderr.replace(/\s+/g, ' ');
      expect(said).toContain(args.includes('letta-code') ? 'gateway-agent-setup launch letta-code' : 'native Gemini protocol');
      expect(readdirSync(home)).toEqual([]);
    } finally {
      remove();
    }
  });
});
