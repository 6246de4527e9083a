// The home directory without assuming HOME (claude-code-router #82 "HOME undefined").
import { describe, expect, it } from 'vitest';
import { createContext, type ProcessLike } from '../../src/cli/context.js';
import { UsageError } from '../../src/core/errors.js';
import { findHome } from '../../src/core/home.js';

const none = (): undefined => undefined;

describe('findHome', () => {
  it.each([
    ['win32', { USERPROFILE: 'C:\\Users\\李雷', HOME: '/c/Users/git-bash' }, 'C:\\Users\\李雷'],
    ['win32', { HOMEDRIVE: 'D:', HOMEPATH: '\\Users\\dev' }, 'D:\\Users\\dev'],
    ['win32', { USERPROFILE: '\\\\server\\profiles\\dev' }, '\\\\server\\profiles\\dev'],
    ['win32', { HOME: 'C:\\Users\\dev' }, undefined],
    ['win32', { USERPROFILE: 'relative\\dir' }, undefined],
    ['darwin', { HOME: '/Users/dev' }, '/Users/dev'],
    ['darwin', { USERPROFILE: '/Users/x' }, undefined],
    ['linux', { HOME: '/home/dev', USERPROFILE: 'C:\\Users\\x' }, '/home/dev'],
    ['linux', { HOME: '' }, undefined],
    ['linux', { HOME: 'relative' }, undefined],
    ['linux', {}, undefined],
  ] as const)('%s %j → %s (no account home)', (platform, env, home) => {
    expect(findHome(platform, env, none)).toBe(home);
  });

  it("falls back to the account's own directory when the variables are unset", () => {
    expect(findHome('linux', {}, () => '/var/lib/builder')).toBe('/var/lib/builder');
    expect(findHome('darwin', { HOME: ' ' }, () => '/Users/dev')).toBe('/Users/dev');
    expect(findHome('win32', { HOMEDRIVE: 'C:' }, () => 'C:\\Users\\李雷')).toBe('C:\\Users\\李雷');
    expect(findHome('win32', {}, () => 'C:\\Users\\svc')).toBe('C:\\Users\\svc');
    expect(findHome('linux', { HOME: '/home/dev' }, () => '/root')).toBe('/home/dev');
  });
});

describe('the CLI context', () => {
  const proc = (platform: NodeJS.Platform, env: Record<string, string>): ProcessLike => ({
    env,
    platform,
    cwd: () => '/work',
    stdin: {},
    stdout: { write: () => true },
    stderr: { write: () => true },
    once: () => undefined,
    off: () => undefined,
  });

  it('takes the Windows home from USERPROFILE', () => {
    expect(createContext(proc('win32', { USERPROFILE: 'C:\\Users\\李雷' })).home).toBe('C:\\Users\\李雷');
  });

  it('--home wins over every variable', () => {
    expect(createContext(proc('linux', { HOME: '/home/dev' }), { home: 'elsewhere' }).home).toBe('/work/elsewhere');
  });
});

describe('no home at all', () => {
  it('is a usage error naming the variable and --home, raised only when a command needs the home', () => {
    const ctx = createContext({
      env: { HOME: 'relative' },
      platform: 'win32',
      cwd: () => '/work',
      stdin: {},
      stdout: { write: () => true },
      stderr: { write: () => true },
      once: () => undefined,
      off: () => undefined,
    });
    // On this Linux machine os.userInfo() gives a POSIX home, which is not a Windows home: none is found.
    expect(() => ctx.home).toThrow(/USERPROFILE is not set/);
    expect(() => ctx.home).toThrow(UsageError);
    expect(ctx.json).toBe(false); // the context itself was made: help and errors still work
  });
});
