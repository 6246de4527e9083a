// Windows shims (claude-code-router #82, #164 "spawn ENOENT"): npm installs an agent on
// Windows as `claude.cmd` and `claude.ps1` beside an extensionless sh script Windows cannot run.
// Detection must find the shim, and the one-shot run must start it the way it needs. The Windows
// file system is injected (this is Linux); the launch is data, so it is checked as data.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findOnPath } from '../../src/agents/detect.js';
import type { AgentEnv } from '../../src/agents/types.js';
import { candidateNames, launchFor } from '../../src/core/launch.js';

const BIN1 = 'C:\\Users\\李雷\\AppData\\Roaming\\npm';
const BIN2 = 'C:\\Program Files\\nodejs';
const WINDOWS_FILES = new Set([
  `${BIN1}\\claude`,
  `${BIN1}\\claude.cmd`,
  `${BIN1}\\claude.ps1`,
  `${BIN1}\\codex.ps1`,
  `${BIN2}\\opencode.CMD`,
  `${BIN2}\\qwen`,
  `${BIN2}\\cline.exe`,
  `${BIN1}\\cline.cmd`,
]);
const exists = async (f: string): Promise<boolean> => WINDOWS_FILES.has(f);
const win = (env: Record<string, string>): AgentEnv => ({ home: 'C:\\Users\\李雷', cwd: 'C:\\Users\\李雷', platform: 'win32', env });

describe('finding an agent on a Windows PATH', () => {
  const env = win({ Path: `${BIN1};${BIN2}`, PATHEXT: '.COM;.EXE;.BAT;.CMD;.VBS;.JSE;.WSF;.WSH;.MSC' });

  it.each([
    ['claude', `${BIN1}\\claude.cmd`],
    ['codex', `${BIN1}\\codex.ps1`],
    ['opencode', `${BIN2}\\opencode.CMD`],
    ['cline', `${BIN1}\\cline.cmd`],
  ])('%s → %s', async (binary, found) => {
    expect(await findOnPath(binary, env, exists)).toBe(found);
  });

  it('never takes the extensionless sh script Windows cannot run', async () => {
    expect(await findOnPath('qwen', env, exists)).toBeUndefined();
  });

  it('reads PATH in any case and a missing PATHEXT as the Windows default', async () => {
    expect(await findOnPath('cline', win({ PATH: BIN2 }), exists)).toBe(`${BIN2}\\cline.exe`);
    expect(candidateNames('claude', 'win32', {})).toEqual(expect.arrayContaining(['claude.cmd', 'claude.exe', 'claude.ps1']));
    expect(candidateNames('claude', 'linux', { PATHEXT: '.CMD' })).toEqual(['claude']);
  });
});

describe('PATHEXT', () => {
  it('is read whatever the case of its name; a blank one is the Windows default; .ps1 comes after every listed suffix', () => {
    expect(candidateNames('codex', 'win32', { pathext: '.EXE' })).toEqual(['codex.exe', 'codex.EXE', 'codex.ps1', 'codex.PS1']);
    expect(candidateNames('codex', 'win32', { PATHEXT: '  ' })).toEqual(
      expect.arrayContaining(['codex.cmd', 'codex.bat', 'codex.exe', 'codex.com']),
    );
    expect(candidateNames('codex', 'win32', { PATHEXT: '.PS1;.CMD' }).slice(0, 4)).toEqual([
      'codex.ps1',
      'codex.PS1',
      'codex.cmd',
      'codex.CMD',
    ]);
  });

  it('a .ps1 is taken only when no .cmd is beside it in the same directory', async () => {
    const both = new Set([`${BIN1}\\codex.ps1`, `${BIN1}\\codex.cmd`]);
    expect(await findOnPath('codex', win({ Path: BIN1, PathExt: '.CMD' }), async (f) => both.has(f))).toBe(`${BIN1}\\codex.cmd`);
    expect(await findOnPath('codex', win({ Path: BIN1, PathExt: '.CMD' }), async (f) => f === `${BIN1}\\codex.ps1`)).toBe(
      `${BIN1}\\codex.ps1`,
    );
  });
});

describe('starting what was found', () => {
  it('a .cmd shim is started by its path (execa then runs it through cmd.exe with its escaping)', () => {
    expect(launchFor(`${BIN1}\\claude.cmd`, 'claude', ['-p', 'Reply with OK'], 'win32')).toEqual({
      command: `${BIN1}\\claude.cmd`,
      args: ['-p', 'Reply with OK'],
    });
  });

  it('a .ps1 shim goes through PowerShell, for that file only, arguments unchanged', () => {
    const launch = launchFor(`${BIN1}\\codex.ps1`, 'codex', ['exec', 'say "hi"'], 'win32');
    expect(launch.command).toBe('powershell.exe');
    expect(launch.args.slice(-3)).toEqual([`${BIN1}\\codex.ps1`, 'exec', 'say "hi"']);
    expect(launch.args).toContain('-NoProfile');
    expect(launch.args[launch.args.indexOf('-ExecutionPolicy') + 1]).toBe('Bypass');
  });

  it('on Linux and macOS the name is run as it is, found or not', () => {
    expect(launchFor('/usr/local/bin/claude', 'claude', ['-p', 'x'], 'darwin')).toEqual({ command: 'claude', args: ['-p', 'x'] });
    expect(launchFor(undefined, 'codex', [], 'win32')).toEqual({ command: 'codex', args: [] });
  });
});

describe('finding on a real POSIX PATH', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gas-path-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes an executable, skips a file without the x bit', async () => {
    writeFileSync(join(dir, 'claude'), '#!/bin/sh\n');
    chmodSync(join(dir, 'claude'), 0o755);
    writeFileSync(join(dir, 'codex'), '#!/bin/sh\n');
    chmodSync(join(dir, 'codex'), 0o644);
    const env: AgentEnv = { home: dir, cwd: dir, platform: 'linux', env: { PATH: dir } };
    expect(await findOnPath('claude', env)).toBe(join(dir, 'claude'));
    expect(await findOnPath('codex', env)).toBeUndefined();
  });

  it('looks in the PATH it is given each time, not the one it was given before', async () => {
    const other = join(dir, 'other');
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, 'qwen'), '#!/bin/sh\n');
    chmodSync(join(other, 'qwen'), 0o755);
    const at = (PATH: string): AgentEnv => ({ home: dir, cwd: dir, platform: 'linux', env: { PATH } });
    expect(await findOnPath('qwen', at(dir))).toBeUndefined();
    expect(await findOnPath('qwen', at(`${dir}:${other}/`))).toBe(join(other, 'qwen'));
    expect(await findOnPath('qwen', at(dir))).toBeUndefined();
  });
});
