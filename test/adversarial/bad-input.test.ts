// Bad input: a clear message, the documented exit code, nothing written.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { runCli, tempHome } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);

const cases: [string, (root: string) => string[], number, RegExp][] = [
  ['unknown agent', (r) => ['setup', '--yes', '--base-url', r, '--agent', 'vim'], 2, /unknown agent[\s\S]*claude-code/],
  ['unknown model', (r) => ['setup', '--yes', '--base-url', r, '--agent', 'codex', '--model', 'nope'], 2, /cannot see[\s\S]*gpt-5\.1-codex/],
  ['model for another protocol', (r) => ['setup', '--yes', '--base-url', r, '--agent', 'claude-code', '--model', 'gpt-5.1-codex'], 2, /does not suit Claude Code/],
  ['bad scope', (r) => ['setup', '--yes', '--base-url', r, '--scope', 'team'], 2, /--scope[\s\S]*user, project/],
  ['bad key storage', (r) => ['setup', '--yes', '--base-url', r, '--key-storage', 'vault'], 2, /--key-storage[\s\S]*file, env/],
  ['bad timeout', (r) => ['setup', '--yes', '--base-url', r, '--timeout', '-3'], 2, /--timeout/],
  ['ftp URL', () => ['setup', '--yes', '--base-url', 'ftp://gw.example.com'], 2, /http/],
  ['URL with credentials', () => ['setup', '--yes', '--base-url', 'https://me:pw@gw.example.com'], 2, /credentials|user name|password/i],
  ['no scheme', () => ['setup', '--yes', '--base-url', 'gw.example.com/v1'], 2, /https:\/\/gw\.example\.com/],
];

describe('bad input', () => {
  it.each(cases)('%s: exit %s, says what to fix, writes nothing', async (_name, args, code, says) => {
    const { dir: home, remove } = tempHome();
    try {
      const r = await runCli(args(sim.root), { home, env: { GATEWAY_API_KEY: DEMO_KEY } });
      expect(r.code, r.stderr).toBe(code);
      expect(r.stderr).toMatch(says);
      expect(readdirSync(home)).toEqual([]);
    } finally {
      remove();
    }
  });

  it('a config folder that is a file: exit 1 naming the path, nothing written anywhere', async () => {
    const { dir: home, remove } = tempHome();
    try {
      writeFileSync(join(home, '.codex'), 'not a folder\n');
      const r = await runCli(['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code,codex'], { home, env: { GATEWAY_API_KEY: DEMO_KEY } });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(join(home, '.codex'));
      expect(readdirSync(home).sort()).toEqual(['.codex']);
    } finally {
      remove();
    }
  });

  it('a config file that is a folder: exit 1 naming it, nothing written', async () => {
    const { dir: home, remove } = tempHome();
    try {
      mkdirSync(join(home, '.qwen/settings.json'), { recursive: true });
      const r = await runCli(['setup', '--yes', '--base-url', sim.root, '--agent', 'qwen-code'], { home, env: { GATEWAY_API_KEY: DEMO_KEY } });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('settings.json');
      expect(readdirSync(home)).toEqual(['.qwen']);
    } finally {
      remove();
    }
  });
});
