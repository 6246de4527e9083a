// Where the import link is read from: stdin (`--import -`) or a variable (`--import-env NAME`),
// each refusal naming what to do, and the key registered as a secret before anything can print it.
import { describe, expect, it } from 'vitest';
import { givenOf } from '../../src/cli/given.js';
import { ToolError, UsageError } from '../../src/core/errors.js';
import { readImport } from '../../src/settings/import-input.js';
import { english } from '../../src/i18n/index.js';

const KEY = `sk-${'Zz9'.repeat(16)}`;
const LINK = `ccswitch://v1/import?resource=provider&app=codex&name=CI&endpoint=https%3A%2F%2Fgw.example.com%2Fv1&apiKey=${KEY}`;

function ctx(opts: { env?: Record<string, string>; stdin?: string }) {
  const secrets: string[] = [];
  return {
    secrets,
    env: opts.env ?? {},
    addSecret: (s: string) => void secrets.push(s),
    readStdin: async () => opts.stdin,
  };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    const e = err as ToolError;
    return `${english(e.text)} ${e.hint ? english(e.hint) : ''}`;
  }
  throw new Error('accepted');
}

describe('readImport', () => {
  it('nothing without the flags', async () => {
    expect(await readImport(ctx({}), givenOf({}))).toBeUndefined();
  });

  it('stdin: the first non-empty line, the key registered as a secret', async () => {
    const c = ctx({ stdin: `\n  ${LINK}\r\n` });
    const got = await readImport(c, givenOf({ import: '-' }));
    expect(got).toMatchObject({ source: '--import -', link: { baseUrl: 'https://gw.example.com/v1', key: KEY, app: 'codex', name: 'CI' } });
    expect(c.secrets).toContain(KEY);
  });

  it('a variable', async () => {
    const got = await readImport(ctx({ env: { LINK } }), givenOf({ 'import-env': 'LINK' }));
    expect(got?.source).toBe('--import-env LINK');
  });

  it.each([
    [
      'both ways at once',
      { stdin: LINK, env: { LINK } },
      { import: '-', 'import-env': 'LINK' },
      /--import and --import-env are both given/,
    ],
    ['--import with anything but -', {}, { import: 'link.txt' }, /--import takes only "-"/],
    ['a terminal on stdin', { stdin: undefined }, { import: '-' }, /standard input is a terminal[\s\S]*hidden prompt/],
    ['a variable name that is not one', {}, { 'import-env': 'https://x' }, /takes the NAME of a variable/],
    ['an unset variable', {}, { 'import-env': 'NOPE' }, /--import-env NOPE: the variable is not set or empty/],
    ['an empty stdin', { stdin: ' \n' }, { import: '-' }, /The import link from --import - is empty/],
  ])('refuses %s', async (_, c, values, expected) => {
    expect(await refusal((async () => readImport(ctx(c), givenOf(values)))())).toMatch(expected);
  });

  it('a malformed link read from stdin names its field; its key was registered before the error', async () => {
    const c = ctx({ stdin: LINK.replace('resource=provider', 'resource=skill') });
    expect(await refusal(readImport(c, givenOf({ import: '-' })))).toMatch(/resource: "skill" is not a provider/);
    expect(c.secrets).toContain(KEY);
  });
});
