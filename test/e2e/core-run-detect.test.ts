// The one subprocess wrapper and agent detection, against real (tiny) processes.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { claudeCode } from '../../src/agents/claude-code/index.js';
import { detectAgent, extractVersion } from '../../src/agents/detect.js';
import type { AgentEnv } from '../../src/agents/types.js';
import { mergeEnv, runCommand } from '../../src/core/run.js';

const node = process.execPath;
const dirs: string[] = [];
const tempDir = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'agents-run-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Running (a zombie left unreaped by a container's init counts as ended). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // Linux: the state letter follows the parenthesised command name.
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

describe('runCommand', () => {
  it('returns the exit code and output of a failing command without throwing', async () => {
    const r = await runCommand(
      { command: node, args: ['-e', 'process.stdout.write("out"); process.stderr.write("err"); process.exit(3)'] },
      { env: {} },
    );
    expect(r).toMatchObject({ exitCode: 3, stdout: 'out', stderr: 'err', timedOut: false, notFound: false });
    expect(r.pid).toBeGreaterThan(0);
    expect(r.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('passes exactly base.env + cmd.env, nothing from our own process', async () => {
    process.env['AGENTS_RUN_LEAK'] = 'leaked';
    try {
      const r = await runCommand(
        {
          command: node,
          args: ['-e', 'process.stdout.write(JSON.stringify([process.env.AGENTS_RUN_LEAK ?? null, process.env.A, process.env.B]))'],
          env: { B: 'cmd' },
        },
        { env: { A: 'base', B: 'base', C: undefined } },
      );
      expect(JSON.parse(r.stdout)).toEqual([null, 'base', 'cmd']);
    } finally {
      delete process.env['AGENTS_RUN_LEAK'];
    }
  });

  it('ignores stdin unless input is given', async () => {
    const script = 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>process.stdout.write("["+s+"]"))';
    expect((await runCommand({ command: node, args: ['-e', script] }, { env: {} })).stdout).toBe('[]');
    expect((await runCommand({ command: node, args: ['-e', script], input: 'hello' }, { env: {} })).stdout).toBe('[hello]');
  });

  it('reports a missing binary as notFound', async () => {
    const r = await runCommand({ command: 'gateway-agent-setup-no-such-binary', args: [] }, { env: { PATH: tempDir() } });
    expect(r.notFound).toBe(true);
    expect(r.exitCode).toBeUndefined();
  });

  it('on timeout ends the whole process tree', async () => {
    // The child starts a grandchild that shares nothing but the process group, prints its pid, and waits.
    const script = [
      'const { spawn } = require("node:child_process");',
      `const g = spawn(${JSON.stringify(node)}, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });`,
      'process.stdout.write(String(g.pid));',
      'setInterval(() => {}, 1000);',
    ].join('\n');
    const r = await runCommand({ command: node, args: ['-e', script], timeoutMs: 500 }, { env: {} });
    expect(r.timedOut).toBe(true);
    expect(r.notFound).toBe(false);
    const grandchild = Number(r.stdout);
    expect(grandchild).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(alive(grandchild)).toBe(false);
  });

  it('mergeEnv drops undefined values and lets the command override', () => {
    expect(mergeEnv({ A: '1', B: undefined, C: '3' }, { C: 'x' })).toEqual({ A: '1', C: 'x' });
  });
});

describe('detectAgent', () => {
  function fakeBin(output: string, exitCode = 0): string {
    const dir = tempDir();
    const sh = join(dir, 'claude');
    writeFileSync(sh, `#!/bin/sh\necho "${output}"\nexit ${exitCode}\n`);
    chmodSync(sh, 0o755);
    writeFileSync(join(dir, 'claude.cmd'), `@echo ${output}\r\n@exit /b ${exitCode}\r\n`);
    return dir;
  }
  const envWith = (path: string): AgentEnv => ({
    home: tempDir(),
    cwd: process.cwd(),
    platform: process.platform,
    env: { PATH: path, PATHEXT: process.env['PATHEXT'], SystemRoot: process.env['SystemRoot'] },
  });

  it('finds the binary on the given PATH and reads its version', async () => {
    const dir = fakeBin('2.1.197 (Claude Code)');
    const d = await detectAgent(claudeCode, envWith(dir));
    expect(d.installed).toBe(true);
    expect(d.version).toBe('2.1.197');
    expect(d.path?.startsWith(dir)).toBe(true);
  });

  it('a binary that fails to start is there, but the versions it names are not its own', async () => {
    // An old GitHub Copilot CLI on Node 20 says this and exits 1.
    const dir = fakeBin('GitHub Copilot CLI requires Node.js v24 or higher. Currently using v20.20.2.', 1);
    const d = await detectAgent(claudeCode, envWith(dir));
    expect(d.installed).toBe(true);
    expect(d.version).toBeUndefined();
    expect(d.path?.startsWith(dir)).toBe(true);
  });

  it('is not installed when PATH does not hold it', async () => {
    expect(await detectAgent(claudeCode, envWith(tempDir()))).toEqual({ installed: false });
  });

  it.each([
    ['2.1.197 (Claude Code)', '2.1.197'],
    ['codex-cli 0.169.0', '0.169.0'],
    ['v1.18.33', '1.18.33'],
    ['qwen 0.15.10-nightly.1\n', '0.15.10-nightly.1'],
    ['no version here', undefined],
  ])('extractVersion(%j) → %s', (text, version) => {
    expect(extractVersion(text)).toBe(version);
  });
});
