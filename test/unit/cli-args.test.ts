import { parseArgs } from 'node:util';
import fc from 'fast-check';
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

  it('reads arguments as node:util parseArgs does in strict mode: the same values, positionals, end of flags, or the same flag refused', () => {
    const table = {
      model: { type: 'string' as const, description: msg('help.opt.model') },
      agent: { type: 'string' as const, multiple: true, description: msg('help.opt.agent') },
      json: { type: 'boolean' as const, description: msg('help.opt.json') },
    };
    const config = {
      help: { type: 'boolean' as const, short: 'h' },
      verbose: { type: 'boolean' as const },
      'no-color': { type: 'boolean' as const },
      home: { type: 'string' as const },
      lang: { type: 'string' as const },
      model: { type: 'string' as const },
      agent: { type: 'string' as const, multiple: true },
      json: { type: 'boolean' as const },
    };
    const word = fc.oneof(
      fc.constantFrom(
        '--model',
        '--model=',
        '--model=-x',
        '--agent',
        '--json',
        '--json=1',
        '--json=',
        '--help',
        '-h',
        '-hh',
        '-hx',
        '-x',
        '-h-',
        '-h-x',
      ),
      fc.constantFrom('--', '-', '-5', '--bogus', '--bogus=1', '--=', '--no-color', '--home', '--lang=zh-CN', 'codex', 'a,b', ''),
      fc.string({ maxLength: 4 }),
    );
    fc.assert(
      fc.property(fc.array(word, { maxLength: 8 }), (argv) => {
        let theirs: ReturnType<typeof parseArgs<{ options: typeof config; strict: true; allowPositionals: true; tokens: true }>> | Error;
        try {
          theirs = parseArgs({ args: argv, options: config, strict: true, allowPositionals: true, tokens: true });
        } catch (error) {
          theirs = error as Error;
        }
        let ours: ReturnType<typeof parseCommandArgs> | Error;
        try {
          ours = parseCommandArgs('x', table, argv, { positionals: true });
        } catch (error) {
          ours = error as Error;
        }
        if (theirs instanceof Error) {
          expect(ours).toBeInstanceOf(UsageError);
          const flag = /'(-[^' ]*)/.exec(theirs.message)?.[1] ?? '';
          const kind = { ERR_PARSE_ARGS_UNKNOWN_OPTION: 'unknown flag' }[(theirs as { code?: string }).code ?? ''];
          expect((ours as Error).message).toContain(` ${flag}`);
          if (kind !== undefined) expect((ours as Error).message).toContain(kind);
          else expect((ours as Error).message).toMatch(/takes no value|needs a value/);
          return;
        }
        const end = theirs.tokens.find((t) => t.kind === 'option-terminator')?.index;
        // Node reads a dash inside a group of short flags as the end of the flags (`-h-x`: `-h`, then
        // `-x` a positional); that is a typo to us, refused as an unknown flag.
        if (end !== undefined && argv[end] !== '--') {
          expect(ours).toBeInstanceOf(UsageError);
          return;
        }
        expect(ours).not.toBeInstanceOf(Error);
        const parsed = ours as ReturnType<typeof parseCommandArgs>;
        expect(parsed.values).toEqual({ ...theirs.values });
        expect(parsed.positionals).toEqual(theirs.positionals);
        expect(parsed.passthrough).toEqual(end === undefined ? undefined : argv.slice(end + 1));
      }),
      { numRuns: 2000 },
    );
  });
});
