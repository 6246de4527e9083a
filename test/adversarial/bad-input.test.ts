// Bad input: a clear message, the documented exit code, nothing written.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { runInProcess, shown, tempHome } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);

const cases: [string, (root: string) => string[], number, RegExp][] = [
  ['unknown agent', (r) => ['setup', '--yes', '--base-url', r, '--agent', 'vim'], 2, /unknown agent[\s\S]*claude-code/],
  [
    'unknown model',
    (r) => ['setup', '--yes', '--base-url', r, '--agent', 'codex', '--model', 'nope'],
    2,
    /cannot see[\s\S]*gpt-5\.1-codex/,
  ],
  [
    'model for another protocol',
    (r) => ['setup', '--yes', '--base-url', r, '--agent', 'claude-code', '--model', 'gpt-5.1-codex'],
    2,
    /does not suit Claude Code/,
  ],
  ['bad scope', (r) => ['setup', '--yes', '--base-url', r, '--scope', 'team'], 2, /--scope[\s\S]*user, project/],
  ['bad key storage', (r) => ['setup', '--yes', '--base-url', r, '--key-storage', 'vault'], 2, /--key-storage[\s\S]*file, env/],
  ['bad timeout', (r) => ['setup', '--yes', '--base-url', r, '--timeout', '-3'], 2, /--timeout/],
  ['ftp URL', () => ['setup', '--yes', '--base-url', 'ftp://gw.example.com'], 2, /http/],
  ['URL with credentials', () => ['setup', '--yes', '--base-url', 'https://me:pw@gw.example.com'], 2, /credentials|user name|password/i],
  ['no scheme', () => ['setup', '--yes', '--base-url', 'gw.example.com/v1'], 2, /https:\/\/gw\.example\.com/],
  ['unknown flag', (r) => ['setup', '--yes', '--base-url', r, '--frobnicate'], 2, /--frobnicate/],
  ['timeout not a number', (r) => ['setup', '--yes', '--base-url', r, '--timeout', 'soon'], 2, /--timeout/],
  ['unknown command', () => ['frobnicate'], 2, /frobnicate/],
  [
    'model id with an escape sequence',
    (r) => ['setup', '--yes', '--base-url', r, '--agent', 'codex', '--model', 'x\u001b[2Jy'],
    2,
    /\\u001b|x.*y/,
  ],
];

describe('bad input', () => {
  it.each(cases)('%s: exit %s, says what to fix, writes nothing', async (_name, args, code, says) => {
    const { dir: home, remove } = tempHome();
    try {
      const r = await runInProcess(args(sim.root), { home, env: { GATEWAY_API_KEY: DEMO_KEY } });
      expect(r.code, r.stderr).toBe(code);
      expect(r.stderr).toMatch(says);
      expect(r.stderr).not.toContain('\u001b[2J');
      expect(readdirSync(home)).toEqual([]);
    } finally {
      remove();
    }
  });

  it('a config folder that is a file: exit 1 naming the path, nothing written anywhere', async () => {
    const { dir: home, remove } = tempHome();
    try {
      writeFileSync(join(home, '.codex'), 'not a folder\n');
      const r = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code,codex'], {
        home,
        env: { GATEWAY_API_KEY: DEMO_KEY },
      });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(shown(home, join(home, '.codex')));
      expect(readdirSync(home).sort()).toEqual(['.codex']);
    } finally {
      remove();
    }
  });

  it('a config file that is a folder: exit 1 naming it, nothing written', async () => {
    const { dir: home, remove } = tempHome();
    try {
      mkdirSync(join(home, '.qwen/settings.json'), { recursive: true });
      const r = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'qwen-code'], {
        home,
        env: { GATEWAY_API_KEY: DEMO_KEY },
      });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('settings.json');
      expect(readdirSync(home)).toEqual(['.qwen']);
    } finally {
      remove();
    }
  });

  it('one config that does not parse: exit 1 naming file and line; no other agent file is written either', async () => {
    const { dir: home, remove } = tempHome();
    try {
      mkdirSync(join(home, '.qwen'));
      writeFileSync(join(home, '.qwen/settings.json'), '{\n  "a": 1,\n  "b": \n}\n');
      const r = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code,codex,qwen-code'], {
        home,
        env: { GATEWAY_API_KEY: DEMO_KEY },
      });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/\.qwen\/settings\.json.*(line )?\d/);
      expect(readdirSync(home)).toEqual(['.qwen']);
      expect(readdirSync(join(home, '.qwen'))).toEqual(['settings.json']);
    } finally {
      remove();
    }
  });

  it.each([
    ['no key', { GATEWAY_BASE_URL: 'http://127.0.0.1:9' }, ['setup', '--yes'], /GATEWAY_API_KEY/],
    ['no base URL', { GATEWAY_API_KEY: DEMO_KEY }, ['setup', '--yes'], /--base-url|GATEWAY_BASE_URL/],
    ['--home is a file', { GATEWAY_API_KEY: DEMO_KEY }, ['setup', '--yes', '--home', '__FILE__'], /--home __FILE__ is not a directory/],
    ['restore of a backup that does not exist', {}, ['restore', '--id', '20260101T000000Z-dead'], /No backup/],
  ])('%s: a clear message, nothing written', async (_name, env, args, says) => {
    const { dir: home, remove } = tempHome();
    try {
      const file = join(home, 'plain-file');
      writeFileSync(file, 'x');
      const argv = args.map((a) => a.replace('__FILE__', file));
      const r = await runInProcess(argv, { home, env: { ...env, ...(args.includes('--home') ? { GATEWAY_BASE_URL: sim.root } : {}) } });
      expect(r.code, r.stderr).not.toBe(0);
      expect([1, 2]).toContain(r.code);
      expect(r.stderr).toMatch(new RegExp(says.source.replace('__FILE__', file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')), says.flags));
      expect(readdirSync(home)).toEqual(['plain-file']);
    } finally {
      remove();
    }
  });
});
