// The flags of every command may come before the command word; nothing else moves.
import { describe, expect, it } from 'vitest';
import { COMMON_OPTIONS } from '../../src/cli/args.js';
import { commandFirst, LEADING_FLAGS, LEADING_VALUE_FLAGS } from '../../src/cli/command-first.js';

describe('commandFirst', () => {
  it('moves the command word before the flags of every command that precede it, in their order', () => {
    expect(commandFirst(['--home', '/h', 'doctor', '--fix'])).toEqual({ command: 'doctor', argv: ['doctor', '--home', '/h', '--fix'] });
    expect(commandFirst(['--verbose', '--lang=zh-CN', '--no-color', 'models', '--all'])).toEqual({
      command: 'models',
      argv: ['models', '--verbose', '--lang=zh-CN', '--no-color', '--all'],
    });
    expect(commandFirst(['-h', 'verify']).argv).toEqual(['verify', '-h']);
    // What follows the command (an agent's own arguments after `--`) stays as it was.
    expect(commandFirst(['--home', '/h', 'launch', 'codex', '--', '--home', 'x']).argv).toEqual([
      'launch',
      '--home',
      '/h',
      'codex',
      '--',
      '--home',
      'x',
    ]);
  });

  it('a command already first, or no command: the arguments as given', () => {
    expect(commandFirst(['doctor', '--home', '/h'])).toEqual({ command: 'doctor', argv: ['doctor', '--home', '/h'] });
    expect(commandFirst([])).toEqual({ command: undefined, argv: [] });
    expect(commandFirst(['--home', '/h'])).toEqual({ command: undefined, argv: ['--home', '/h'] });
    // A flag's value is never taken for the command: `--home models` is a home named models.
    expect(commandFirst(['--home', 'models', '--yes'])).toEqual({ command: undefined, argv: ['--home', 'models', '--yes'] });
    // A value flag at the end, without its value: left for the parser to refuse.
    expect(commandFirst(['--lang'])).toEqual({ command: undefined, argv: ['--lang'] });
  });

  it("another flag first makes the arguments the default command's: a word after it is not moved", () => {
    expect(commandFirst(['--agent', 'codex', 'doctor'])).toEqual({ command: undefined, argv: ['--agent', 'codex', 'doctor'] });
    expect(commandFirst(['--version', 'doctor']).command).toBeUndefined();
    expect(commandFirst(['--', 'doctor']).command).toBeUndefined();
  });

  it("holds its lists to the command line's table of the flags every command takes", () => {
    const names = Object.entries(COMMON_OPTIONS);
    const boolean = names.filter(([, o]) => o.type === 'boolean').flatMap(([n, o]) => [`--${n}`, ...(o.short ? [`-${o.short}`] : [])]);
    const valued = names.filter(([, o]) => o.type === 'string').map(([n]) => `--${n}`);
    expect([...LEADING_FLAGS].sort()).toEqual(boolean.sort());
    expect([...LEADING_VALUE_FLAGS].sort()).toEqual(valued.sort());
  });
});
