// One known key through every command; everything we produce is searched for it: stdout, stderr,
// JSON reports, dry-run diffs, backup names, settings, logs, and the argv of every process we spawn
// (fake agents first on PATH record their argv). Files that hold it are 0600.
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultKeys } from '../../src/simulator/catalog.js';
import type { Simulator } from '../../src/simulator/types.js';
import { runCli, tempHome } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

const KEY = 'sk-Z9yX8wV7uT6sR5qP4oN3mL2kJ1iH0gFeDcBa9Z8y7X6w5V4u';
const BARE = KEY.slice(3);
/** A second key, in another group, given to one agent alone (`--api-key-env AGENT=VAR`). */
const OWN_KEY = 'sk-Q1wE2rT3yU4iO5pA6sD7fG8hJ9kL0zXcVbNm1Q2wE3rT4yU5i';
const OWN_BARE = OWN_KEY.slice(3);

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim({
    keys: [
      ...defaultKeys(),
      { key: KEY, name: 'leak-test', group: 'default', unlimited: true },
      { key: OWN_KEY, name: 'own', group: 'vip', unlimited: true },
    ],
  });
});
afterAll(stopAll);

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? walk(path) : [path];
  });
}

/** Agent configs that hold the key on purpose (file storage): they must be 0600. */
const KEY_FILES = [
  '.claude/settings.json',
  '.codex/.env',
  '.config/opencode/opencode.json',
  '.qwen/settings.json',
  '.cline/data/settings/providers.json',
];

describe('the key never leaks', () => {
  // Thirty-six runs of the bin, each setup and doctor also asking the stand-ins their version: a
  // longer time limit than one command's.
  it('through every command, every output, every file we own and every argv we spawn', async () => {
    const { dir: home, remove } = tempHome();
    try {
      // Fake agents that record how they were started (detection runs `<agent> --version`).
      const bin = join(home, 'fake-bin');
      mkdirSync(bin);
      const argvLog = join(home, 'argv.log');
      for (const name of ['claude', 'codex', 'opencode', 'qwen', 'cline', 'gemini']) {
        const script = join(bin, name);
        writeFileSync(script, `#!/bin/sh\necho "${name} $*" >> "${argvLog}"\necho "99.0.0"\n`);
        chmodSync(script, 0o755);
      }
      const env = { GATEWAY_API_KEY: KEY, GATEWAY_BASE_URL: sim.root, PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}` };
      const commands: string[][] = [
        ['setup', '--yes', '--dry-run'],
        ['setup', '--yes', '--dry-run', '--json'],
        ['setup', '--yes'],
        ['setup', '--yes', '--json', '--key-storage', 'env'],
        ['setup', '--yes', '--json'],
        ['models', '--json'],
        ['verify', '--json'],
        ['sync', '--check', '--json'],
        ['sync'],
        ['doctor', '--json'],
        ['doctor', '--fix'],
        ['verify', '--agent-run', '--json', '--timeout', '5'],
        ['restore', '--list'],
        ['restore', '--list', '--json'],
        ['setup', '--yes', '--verbose', '--json'],
        ['setup', '--yes', '--scope', 'project', '--json', '--verbose'],
        ['setup', '--yes', '--dry-run', '--api-key', KEY],
        ['models', '--verbose'],
        ['verify', '--verbose'],
        ['doctor', '--verbose'],
        ['demo'],
        ['remove', '--dry-run'],
        ['remove', '--dry-run', '--json'],
        ['remove', '--verbose'],
        ['restore', '--json'],
        ['profiles', 'add', 'team', '--base-url', sim.root, '--agent', 'codex,claude-code'],
        ['use', 'team', '--dry-run'],
        ['use', 'team', '--json'],
        ['profiles'],
        ['profiles', '--json'],
        ['sync', '--profile', 'team', '--json'],
        ['doctor', '--profile', 'team', '--json'],
        ['setup', '--yes', '--agent', 'codex', '--model', KEY],
        ['setup', '--yes', '--base-url', `${sim.root}/?key=${KEY}`],
      ];
      const outputs: string[] = [];
      for (const args of commands) {
        const r = await runCli(args, { home, env, timeoutMs: 60_000 });
        // Labelled by position, not by its arguments: one of them is the key itself.
        outputs.push(`$ command ${outputs.length} → ${r.code}\n${r.stdout}\n${r.stderr}`);
      }
      // Each really ran: every command succeeds but the last two (a key as model, a key in the URL: exit 2).
      expect(outputs.map((o) => Number(/→ (\d+)/.exec(o)?.[1]))).toEqual([...commands.slice(0, -2).map(() => 0), 2, 2]);
      const all = outputs.join('\n');
      const at = all.indexOf(BARE);
      expect(at, at === -1 ? '' : all.slice(Math.max(0, all.lastIndexOf('$ ', at)), at + 80)).toBe(-1);
      // The commands really ran: configs exist, the gateway saw the key.
      expect(sim.log.some((e) => e.auth.key === KEY)).toBe(true);
      expect(readFileSync(argvLog, 'utf8')).toContain('claude --version');
      expect(readFileSync(argvLog, 'utf8')).not.toContain(BARE);
      // Every file under the home: the key only in agent configs, and those are 0600; never in
      // our settings, manifests or file names (backup copies are 0600 copies of agent configs).
      for (const file of walk(home)) {
        const rel = relative(home, file);
        expect(rel.includes(BARE), `file name ${rel}`).toBe(false);
        const text = readFileSync(file, 'utf8');
        if (!text.includes(BARE)) continue;
        const ours = rel.startsWith('.config/gateway-agent-setup/');
        expect(ours ? rel.includes('/backups/') && !rel.endsWith('manifest.json') : KEY_FILES.includes(rel), `${rel} holds the key`).toBe(
          true,
        );
        expect(statSync(file).mode & 0o777, `${rel} mode`).toBe(0o600);
      }
    } finally {
      remove();
    }
  }, 120_000);

  it('per-agent keys: neither key in any output, argv or file of ours, through setup, sync, doctor and the wizard', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const env = { GATEWAY_API_KEY: KEY, CLAUDE_OWN_KEY: OWN_KEY, GATEWAY_BASE_URL: sim.root };
      const own = ['--agent', 'claude-code,codex', '--api-key-env', 'claude-code=CLAUDE_OWN_KEY'];
      const commands: string[][] = [
        ['setup', '--yes', '--dry-run', ...own],
        ['setup', '--yes', '--dry-run', '--json', ...own],
        ['setup', '--yes', '--json', '--key-storage', 'env', ...own],
        ['setup', '--yes', '--verbose', ...own],
        ['sync', '--check', '--json'],
        ['sync', '--verbose'],
        ['doctor', '--json'],
        ['doctor', '--fix', '--verbose'],
        ['wizard', ...own],
        ['setup', '--yes', '--api-key-env', `codex=${OWN_KEY}`],
        ['setup', '--yes', '--api-key-env', `${OWN_KEY}=X`],
      ];
      const outputs: string[] = [];
      for (const args of commands) {
        const r = await runCli(args, { home, env, timeoutMs: 60_000 });
        outputs.push(`$ command ${outputs.length} → ${r.code}\n${r.stdout}\n${r.stderr}`);
      }
      // All ran; the wizard without a terminal and the two keys given as names are exit 2.
      expect(outputs.map((o) => Number(/→ (\d+)/.exec(o)?.[1]))).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2]);
      const all = outputs.join('\n');
      for (const bare of [BARE, OWN_BARE]) expect(all.indexOf(bare)).toBe(-1);
      expect(sim.log.some((e) => e.auth.key === OWN_KEY)).toBe(true);
      for (const file of walk(home)) {
        const rel = relative(home, file);
        const text = readFileSync(file, 'utf8');
        for (const bare of [BARE, OWN_BARE]) {
          expect(rel.includes(bare), `file name ${rel}`).toBe(false);
          if (!text.includes(bare)) continue;
          const ours = rel.startsWith('.config/gateway-agent-setup/');
          expect(ours ? rel.includes('/backups/') && !rel.endsWith('manifest.json') : KEY_FILES.includes(rel), `${rel} holds a key`).toBe(
            true,
          );
          expect(statSync(file).mode & 0o777, `${rel} mode`).toBe(0o600);
        }
      }
      // Claude Code's config holds its own key; the saved settings only the variable's name.
      // (Env storage, saved by the third run: Claude Code's config names its own variable, not the key.)
      const claude = readFileSync(join(home, '.claude/settings.json'), 'utf8');
      expect(claude).toContain('CLAUDE_OWN_KEY');
      expect(claude).not.toContain(BARE);
      expect(readFileSync(join(home, '.config/gateway-agent-setup/settings.json'), 'utf8')).toContain('"keyEnv": "CLAUDE_OWN_KEY"');
    } finally {
      remove();
    }
  });
});
