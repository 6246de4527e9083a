import { describe, expect, it } from 'vitest';
import { list, num, parseCommandArgs, str } from '../../src/cli/args.js';
import { options as modelsOptions } from '../../src/cli/commands/models.js';
import { options as verifyOptions } from '../../src/cli/commands/verify.js';
import { UsageError } from '../../src/core/errors.js';
import { msg } from '../../src/i18n/index.js';
import { hintOf } from '../helpers/english.js';

const verify = verifyOptions;

function usage(fn: () => unknown): UsageError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return error as UsageError;
  }
  throw new Error('expected a UsageError');
}

describe('parseCommandArgs', () => {
  it('parses the command table plus the common flags', () => {
    const { values } = parseCommandArgs('verify', verify, ['--model', 'gpt-5.1', '--protocol', 'chat', '--json', '-h', '--concurrency=3']);
    expect(str(values, 'model')).toBe('gpt-5.1');
    expect(str(values, 'protocol')).toBe('chat');
    expect(values.json).toBe(true);
    expect(values.help).toBe(true);
    expect(num(values, 'concurrency')).toBe(3);
  });

  it('names an unknown flag and lists the valid ones', () => {
    const e = usage(() => parseCommandArgs('models', modelsOptions, ['--bogus']));
    expect(e.message).toContain('--bogus');
    expect(hintOf(e)).toContain('--json');
    expect(hintOf(e)).toContain('--base-url');
    expect(e.exitCode).toBe(2);
  });

  it('names the valid values of a flag with choices', () => {
    const e = usage(() => parseCommandArgs('verify', verify, ['--protocol', 'grpc']));
    expect(e.message).toContain('--protocol');
    expect(hintOf(e)).toBe('Valid values: messages, responses, chat, images.');
  });

  it('rejects a missing value, a value on a boolean, and out-of-range numbers', () => {
    expect(usage(() => parseCommandArgs('verify', verify, ['--model'])).message).toContain('--model needs a value');
    expect(usage(() => parseCommandArgs('verify', verify, ['--json=yes'])).message).toContain('--json takes no value');
    expect(hintOf(usage(() => parseCommandArgs('verify', verify, ['--concurrency', '0'])))).toContain('from 1 to 16');
    expect(hintOf(usage(() => parseCommandArgs('verify', verify, ['--concurrency', '2.5'])))).toContain('whole number');
    expect(usage(() => parseCommandArgs('verify', verify, ['--timeout', 'soon'])).message).toContain('--timeout');
  });

  it('refuses positionals, and never echoes a long one (it may be a pasted key)', () => {
    const secret = 'sk-abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKL';
    const e = usage(() => parseCommandArgs('models', modelsOptions, [secret]));
    expect(e.message).not.toContain(secret);
    expect(e.message).toContain('sk-ab…IJKL');
    expect(parseCommandArgs('x', {}, ['a', 'b'], { positionals: true }).positionals).toEqual(['a', 'b']);
  });

  it('keeps the arguments after -- apart, as they are (flags of another program included)', () => {
    const table = { model: { type: 'string' as const, description: msg('help.opt.model') } };
    const parsed = parseCommandArgs('launch', table, ['codex', '--model', 'm', '--', 'exec', '--model=x', '--', '-p'], {
      positionals: true,
    });
    expect(parsed.values['model']).toBe('m');
    expect(parsed.passthrough).toEqual(['exec', '--model=x', '--', '-p']);
    expect(parsed.positionals).toEqual(['codex', 'exec', '--model=x', '--', '-p']);
    expect(parseCommandArgs('launch', table, ['codex'], { positionals: true }).passthrough).toBeUndefined();
    expect(parseCommandArgs('launch', table, ['codex', '--'], { positionals: true }).passthrough).toEqual([]);
  });

  it('splits repeatable flags on commas and checks each value', () => {
    const table = { agent: { type: 'string' as const, multiple: true, choices: ['codex', 'cline'], description: msg('help.opt.agent') } };
    const { values } = parseCommandArgs('setup', table, ['--agent', 'codex,cline', '--agent', 'codex']);
    expect(list(values, 'agent')).toEqual(['codex', 'cline', 'codex']);
    expect(usage(() => parseCommandArgs('setup', table, ['--agent', 'codex,gemini'])).message).toContain('gemini');
  });
});
