// How to start a program found on PATH, per platform, as data. On Windows npm
// installs an agent as shims: `claude.cmd` (cmd.exe) and `claude.ps1` (PowerShell) next to an
// extensionless sh script that Windows cannot run. Spawning plain `claude` there fails with
// ENOENT (claude-code-router #82, #164); a .cmd must go through cmd.exe — execa does that, with
// its escaping, when given the .cmd path — and a .ps1 needs PowerShell.
import path from 'node:path';

/** A variable whatever its case: Windows names are case-insensitive (it spells PATH `Path`). */
function anyCase(env: Readonly<Record<string, string | undefined>>, upper: string): string | undefined {
  const name = Object.keys(env).find((k) => k.toUpperCase() === upper);
  return name === undefined ? undefined : env[name];
}

/** The PATH value, whatever its case. */
export function pathVariable(env: Readonly<Record<string, string | undefined>>): string | undefined {
  return anyCase(env, 'PATH');
}

/**
 * The names to try for `binary` in one PATH directory, in order. Windows: each PATHEXT suffix, then
 * `.ps1`, which PATHEXT does not list but npm writes. Each in lower and upper case: NTFS ignores
 * case, a case-sensitive disk (WSL mounts, the tests) does not.
 */
export function candidateNames(binary: string, platform: NodeJS.Platform, env: Readonly<Record<string, string | undefined>>): string[] {
  if (platform !== 'win32') return [binary];
  // Unset or blank: cmd.exe's own default list.
  const listed = anyCase(env, 'PATHEXT')?.trim() || '.COM;.EXE;.BAT;.CMD';
  const pathext = listed
    .split(';')
    .map((e) => e.trim())
    .filter((e) => e.startsWith('.'));
  const exts = [...new Set([...pathext.map((e) => e.toLowerCase()), '.ps1'])];
  // A name that already has an extension is tried as it is first.
  return [...(path.win32.extname(binary) !== '' ? [binary] : []), ...exts.flatMap((e) => [binary + e, binary + e.toUpperCase()])];
}

export interface Launch {
  command: string;
  args: string[];
}

/**
 * The command line that starts `resolved` (the file found on PATH) with `args`. A PowerShell
 * shim runs through powershell.exe with a bypassed execution policy for that one file (the
 * default policy on Windows client machines refuses unsigned scripts); everything else runs as it is.
 */
export function launchFor(resolved: string | undefined, command: string, args: readonly string[], platform: NodeJS.Platform): Launch {
  if (platform === 'win32' && resolved !== undefined && /\.ps1$/i.test(resolved)) {
    return {
      command: 'powershell.exe',
      args: ['-NoLogo', '-NoProfile', '-NonInteractive', '-ExecutionPolicy', 'Bypass', '-File', resolved, ...args],
    };
  }
  return { command: platform === 'win32' && resolved !== undefined ? resolved : command, args: [...args] };
}
