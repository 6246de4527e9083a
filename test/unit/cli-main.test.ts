// main() in-process with a fake process: dispatch, help, version and the single error handler.
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProcessLike } from '../../src/cli/context.js';
import { main } from '../../src/cli/main.js';

function fake(env: Record<string, string> = {}): ProcessLike & { stdout: { text: string }; stderr: { text: string } } {
  const emitter = new EventEmitter();
  const stdout = {
    isTTY: false,
    text: '',
    write(t: string) {
      this.text += t;
      return true;
    },
  };
  const stderr = {
    isTTY: false,
    text: '',
    write(t: string) {
      this.text += t;
      return true;
    },
  };
  return {
    env,
    cwd: () => '/tmp',
    platform: 'linux',
    stdin: { isTTY: false },
    stdout,
    stderr,
    once: (e, l) => emitter.once(e, l),
    off: (e, l) => emitter.off(e, l),
  };
}

describe('main', () => {
  it('prints the version', async () => {
    const proc = fake();
    expect(await main(['--version'], proc)).toBe(0);
    expect(proc.stdout.text).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('prints help with --help, help and help <command>', async () => {
    for (const argv of [['--help'], ['-h'], ['help']]) {
      const proc = fake();
      expect(await main(argv, proc)).toBe(0);
      expect(proc.stdout.text).toContain('Commands:');
      expect(proc.stdout.text).toContain('verify');
    }
    const proc = fake();
    expect(await main(['help', 'verify'], proc)).toBe(0);
    expect(proc.stdout.text).toContain('--protocol NAME');
    const flagHelp = fake();
    expect(await main(['models', '--help'], flagHelp)).toBe(0);
    expect(flagHelp.stdout.text).toContain('--all');
  });

  it('help lines fit 80 columns', async () => {
    for (const argv of [['--help'], ['help', 'models'], ['help', 'verify'], ['help', 'simulate']]) {
      const proc = fake();
      await main(argv, proc);
      for (const line of proc.stdout.text.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    }
  });

  it('an unknown command or flag is exit 2 with a hint', async () => {
    const proc = fake();
    expect(await main(['frobnicate'], proc)).toBe(2);
    expect(proc.stderr.text).toContain('Unknown command "frobnicate"');
    expect(proc.stderr.text).toContain('models');
    const flagProc = fake();
    expect(await main(['models', '--nope'], flagProc)).toBe(2);
    expect(flagProc.stderr.text).toContain('--nope');
    expect(flagProc.stdout.text).toBe('');
  });

  it('a command, flag, agent or value a letter or two off, or an agent by its short name: the one meant is suggested', async () => {
    const cases: [string[], string][] = [
      [['dcotor'], 'Did you mean doctor? Commands:'],
      [['setup', '--modle', 'x'], 'Did you mean --model? Valid flags:'],
      [['setup', '--scope', 'usr'], 'Did you mean user? Valid values: user, project.'],
      [['setup', '--agent', 'claude'], 'Did you mean claude-code? Agents:'],
      [['setup', '--model', 'droid=x'], 'Did you mean factory-droid? Agents:'],
      [['setup', '--api-key-env', 'codx=MY_KEY'], 'Did you mean codex? Agents:'],
      [['launch', 'claud'], 'Did you mean claude-code? Agents that can be launched:'],
      // `models --agent` names its own flag.
      [['models', '--agent', 'codx'], '--agent codx: unknown agent.'],
    ];
    for (const [argv, expected] of cases) {
      // A gateway named (never reached): each mistake is found before any request.
      const proc = fake({ GATEWAY_BASE_URL: 'http://127.0.0.1:9' });
      expect(await main(argv, proc), argv.join(' ')).toBe(2);
      expect(proc.stderr.text.replace(/\s+/g, ' '), argv.join(' ')).toContain(expected);
    }
    const none = fake();
    expect(await main(['setup', '--agent', 'open'], none)).toBe(2);
    expect(none.stderr.text).not.toContain('Did you mean');
  });

  it('the flags of every command may come before the command, as git takes them', async () => {
    const home = mkdtempSync(join(tmpdir(), 'gas-main-'));
    try {
      const proc = fake({ PATH: home });
      expect(await main(['--home', home, '--no-color', 'doctor'], proc)).toBe(0);
      expect(proc.stdout.text).toContain('No coding agent is installed or configured here.');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
    const help = fake();
    expect(await main(['--help', 'verify'], help)).toBe(0);
    expect(help.stdout.text).toContain('--protocol NAME');
    const zh = fake();
    expect(await main(['--lang', 'zh-CN', 'help', 'doctor'], zh)).toBe(0);
    expect(zh.stdout.text).toContain('gateway-agent-setup doctor: 检查');
    const typo = fake();
    expect(await main(['--verbose', 'dcotor'], typo)).toBe(2);
    expect(typo.stderr.text).toContain('Unknown command "dcotor"');
  });

  it('a command word after flags that are not every command\'s: said to come first (exit 2), not just "unexpected"', async () => {
    for (const argv of [
      ['--agent', 'codex', 'doctor'],
      ['setup', '--yes', 'doctor'],
    ]) {
      const proc = fake();
      expect(await main(argv, proc), argv.join(' ')).toBe(2);
      expect(proc.stderr.text.replace(/\s+/g, ' ')).toContain(
        '"doctor" is a command: it comes first, before the flags. Run `gateway-agent-setup doctor` with the flags after it',
      );
    }
    const other = fake();
    expect(await main(['setup', 'frob'], other)).toBe(2);
    expect(other.stderr.text).toContain('setup: unexpected argument "frob"');
  });

  it('with --json a usage error is one JSON document on stdout', async () => {
    const proc = fake();
    expect(await main(['verify', '--json', '--protocol', 'smtp'], proc)).toBe(2);
    const doc = JSON.parse(proc.stdout.text) as { ok: boolean; error: { code: string; message: string; fix: string } };
    expect(doc.ok).toBe(false);
    expect(doc.error.code).toBe('usage');
    expect(doc.error.fix).toContain('messages, responses, chat, images');
  });

  it('never echoes a key given on the command line in an error', async () => {
    const key = 'sk-abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKL';
    const proc = fake();
    expect(await main(['models', '--api-key', key, '--json', 'stray-argument-that-is-long', '--bogus'], proc)).toBe(2);
    expect(proc.stdout.text + proc.stderr.text).not.toContain(key);
  });
});
