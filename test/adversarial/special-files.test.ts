// A FIFO (or a device) where a config, the saved settings or a project settings file belongs: a
// plain read blocks forever (nobody writes to the FIFO). Every command refuses it by path, at once,
// and writes nothing.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { runCli, shown, tempHome } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);

const fifo = (file: string): void => {
  mkdirSync(join(file, '..'), { recursive: true });
  execFileSync('mkfifo', [file]);
};

/** Every path under `dir`, so "nothing written" can be checked. */
const tree = (dir: string): string[] => readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();

const CASES: [string, string, (home: string) => string[]][] = [
  [
    'setup, a FIFO as Codex config.toml',
    '.codex/config.toml',
    (home) => ['setup', '--yes', '--base-url', sim.root, '--agent', 'codex', '--home', home],
  ],
  ['doctor, a FIFO as Codex config.toml', '.codex/config.toml', (home) => ['doctor', '--base-url', sim.root, '--home', home]],
  [
    'setup, a FIFO as the saved settings',
    '.config/gateway-agent-setup/settings.json',
    (home) => ['setup', '--yes', '--base-url', sim.root, '--agent', 'codex', '--home', home],
  ],
  [
    'setup, a FIFO as the project settings file',
    'work/.gateway-agent-setuprc',
    (home) => ['setup', '--yes', '--base-url', sim.root, '--agent', 'codex', '--home', home],
  ],
  [
    'sync, a FIFO as the saved settings',
    '.config/gateway-agent-setup/settings.json',
    (home) => ['sync', '--base-url', sim.root, '--home', home],
  ],
];

describe('non-regular files are refused, never read', () => {
  it.each(CASES)('%s: exit 1 at once, the path named, nothing written', async (_name, rel, args) => {
    const { dir: home, remove } = tempHome();
    try {
      mkdirSync(join(home, 'work'));
      fifo(join(home, rel));
      const before = tree(home);
      const r = await runCli(args(home), { home, cwd: join(home, 'work'), env: { GATEWAY_API_KEY: DEMO_KEY }, timeoutMs: 15_000 });
      expect(r.signal, 'killed by the test timeout: it hung').toBeNull();
      expect(r.code, r.stdout + r.stderr).toBe(1);
      expect(r.ms).toBeLessThan(10_000);
      expect((r.stdout + r.stderr).replace(/\n\s*/g, ' ')).toContain(`${shown(home, join(home, rel))} is not a regular file`);
      expect(tree(home)).toEqual(before);
    } finally {
      remove();
    }
  });

  it('a symlink to a device (/dev/zero) as ~/.claude.json: refused, not streamed', async () => {
    const { dir: home, remove } = tempHome();
    try {
      symlinkSync('/dev/zero', join(home, '.claude.json'));
      const r = await runCli(['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code'], {
        home,
        env: { GATEWAY_API_KEY: DEMO_KEY },
        timeoutMs: 15_000,
      });
      expect(r.signal).toBeNull();
      expect(r.code).toBe(1);
      expect(r.stderr.replace(/\n\s*/g, ' ')).toContain(`${shown(home, join(home, '.claude.json'))} is not a regular file`);
    } finally {
      remove();
    }
  });

  it('verify --agent-run with an installed agent and a FIFO config: the run reports the path, ends', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const bin = join(home, 'bin');
      mkdirSync(bin);
      writeFileSync(join(bin, 'codex'), '#!/bin/sh\necho "codex-cli 0.50.0"\n');
      chmodSync(join(bin, 'codex'), 0o755);
      fifo(join(home, '.codex/config.toml'));
      const r = await runCli(['verify', '--agent-run', '--agent', 'codex', '--json', '--base-url', sim.root], {
        home,
        env: { GATEWAY_API_KEY: DEMO_KEY, PATH: `${bin}:${process.env.PATH ?? ''}` },
        timeoutMs: 15_000,
      });
      expect(r.signal, 'hung').toBeNull();
      expect(r.code).toBe(1);
      // The JSON document keeps the path whole.
      expect(r.stdout).toContain(`${join(home, '.codex/config.toml')} is not a regular file`);
    } finally {
      remove();
    }
  });

  it('restore, a FIFO where a backed-up file was: refused by path before anything is written', async () => {
    const { dir: home, remove } = tempHome();
    try {
      mkdirSync(join(home, '.codex'));
      writeFileSync(join(home, '.codex/config.toml'), 'model = "x"\n');
      expect(
        (await runCli(['setup', '--yes', '--base-url', sim.root, '--agent', 'codex'], { home, env: { GATEWAY_API_KEY: DEMO_KEY } })).code,
      ).toBe(0);
      execFileSync('rm', [join(home, '.codex/config.toml')]);
      fifo(join(home, '.codex/config.toml'));
      const r = await runCli(['restore'], { home, timeoutMs: 15_000 });
      expect(r.signal, 'hung').toBeNull();
      expect(r.code).toBe(1);
      expect(r.stderr.replace(/\n\s*/g, ' ')).toContain(`${shown(home, join(home, '.codex/config.toml'))} is not a regular file`);
    } finally {
      remove();
    }
  });
});
