import { describe, expect, it } from 'vitest';
import { describeV1, isLoopbackHost, normalizeBaseUrl } from '../../src/core/base-url.js';
import { EXIT, UsageError } from '../../src/core/errors.js';
import { inEnglish } from '../helpers/english.js';

const HTTP_CLEAR_TEXT = /clear text/;

interface Row {
  input: string;
  root: string;
  /** Each must match some entry of `changes`; [] means nothing may be reported as changed. */
  changes: RegExp[];
  /** Each must match some entry of `warnings`; [] means no warning at all. */
  warnings?: RegExp[];
}

const rows: Row[] = [
  // Already a root.
  { input: 'https://gw.example.com', root: 'https://gw.example.com', changes: [] },
  { input: 'http://localhost:3000', root: 'http://localhost:3000', changes: [] },
  { input: 'https://gw.example.com:8443', root: 'https://gw.example.com:8443', changes: [] },
  { input: 'https://host/newapi', root: 'https://host/newapi', changes: [] },
  // Trailing slash and /v1.
  { input: 'https://gw.example.com/', root: 'https://gw.example.com', changes: [/trailing \//] },
  { input: 'https://gw.example.com//', root: 'https://gw.example.com', changes: [/trailing \//] },
  { input: 'https://gw.example.com/v1', root: 'https://gw.example.com', changes: [/trailing \/v1/] },
  { input: 'https://gw.example.com/v1/', root: 'https://gw.example.com', changes: [/trailing \/v1/] },
  { input: 'https://gw.example.com/V1', root: 'https://gw.example.com', changes: [/trailing \/V1/] },
  // Pasted endpoints, with and without a trailing slash.
  { input: 'https://gw.example.com/v1/chat/completions', root: 'https://gw.example.com', changes: [/endpoint \/v1\/chat\/completions/] },
  { input: 'https://gw.example.com/v1/chat/completions/', root: 'https://gw.example.com', changes: [/endpoint \/v1\/chat\/completions/] },
  { input: 'https://gw.example.com/v1/messages', root: 'https://gw.example.com', changes: [/endpoint \/v1\/messages/] },
  { input: 'https://gw.example.com/v1/messages/', root: 'https://gw.example.com', changes: [/endpoint \/v1\/messages/] },
  { input: 'https://gw.example.com/v1/responses', root: 'https://gw.example.com', changes: [/endpoint \/v1\/responses/] },
  { input: 'https://gw.example.com/v1/responses/', root: 'https://gw.example.com', changes: [/endpoint \/v1\/responses/] },
  { input: 'https://gw.example.com/v1/models', root: 'https://gw.example.com', changes: [/endpoint \/v1\/models/] },
  { input: 'https://gw.example.com/v1/models/', root: 'https://gw.example.com', changes: [/endpoint \/v1\/models/] },
  {
    input: 'https://gw.example.com/v1/images/generations',
    root: 'https://gw.example.com',
    changes: [/endpoint \/v1\/images\/generations/],
  },
  {
    input: 'https://gw.example.com/v1/images/generations/',
    root: 'https://gw.example.com',
    changes: [/endpoint \/v1\/images\/generations/],
  },
  {
    input: 'https://gw.example.com/v1/messages/count_tokens',
    root: 'https://gw.example.com',
    changes: [/endpoint \/v1\/messages\/count_tokens/],
  },
  { input: 'https://gw.example.com/chat/completions', root: 'https://gw.example.com', changes: [/endpoint \/chat\/completions/] },
  // Doubled /v1: both go, and the note says it was doubled.
  { input: 'https://gw.example.com/v1/v1', root: 'https://gw.example.com', changes: [/doubled \/v1\/v1/] },
  { input: 'https://gw.example.com/v1/v1/', root: 'https://gw.example.com', changes: [/doubled \/v1\/v1/] },
  { input: 'https://gw.example.com/v1/v1/messages', root: 'https://gw.example.com', changes: [/endpoint \/messages/, /doubled \/v1\/v1/] },
  // Path prefixes keep their case; only the /v1 and the endpoint go.
  { input: 'https://host/newapi/v1', root: 'https://host/newapi', changes: [/trailing \/v1/] },
  { input: 'https://host/newapi/', root: 'https://host/newapi', changes: [/trailing \//] },
  { input: 'https://host/NewAPI/v1/chat/completions', root: 'https://host/NewAPI', changes: [/endpoint/] },
  { input: 'https://host/a/b/v1/v1', root: 'https://host/a/b', changes: [/doubled/] },
  { input: 'https://host/newapi//v1', root: 'https://host/newapi', changes: [/repeated slashes/, /trailing \/v1/] },
  // Whitespace, quotes, case.
  { input: '  https://gw.example.com/v1 \n', root: 'https://gw.example.com', changes: [/trimmed whitespace/, /trailing \/v1/] },
  { input: '\thttps://gw.example.com', root: 'https://gw.example.com', changes: [/trimmed whitespace/] },
  { input: '"https://gw.example.com/v1"', root: 'https://gw.example.com', changes: [/quotes/, /trailing \/v1/] },
  { input: '<https://gw.example.com>', root: 'https://gw.example.com', changes: [/quotes/] },
  { input: 'HTTPS://GW.Example.COM/V1', root: 'https://gw.example.com', changes: [/lower-cased the scheme and host/, /trailing \/V1/] },
  { input: 'https://GW.EXAMPLE.COM/Prefix', root: 'https://gw.example.com/Prefix', changes: [/lower-cased the host/] },
  { input: 'HTTPS://gw.example.com', root: 'https://gw.example.com', changes: [/lower-cased the scheme/] },
  // Ports.
  { input: 'https://gw.example.com:443', root: 'https://gw.example.com', changes: [/default port :443/] },
  {
    input: 'http://gw.example.com:80/v1',
    root: 'http://gw.example.com',
    changes: [/default port :80/, /trailing \/v1/],
    warnings: [HTTP_CLEAR_TEXT],
  },
  { input: 'https://gw.example.com:80', root: 'https://gw.example.com:80', changes: [] },
  { input: 'https://gw.example.com:', root: 'https://gw.example.com', changes: [/empty port/] },
  // IPv6 and other host spellings.
  { input: 'http://[::1]:3000/v1', root: 'http://[::1]:3000', changes: [/trailing \/v1/] },
  { input: 'http://[0:0:0:0:0:0:0:1]:3000', root: 'http://[::1]:3000', changes: [/host as \[::1\]/] },
  { input: 'https://[2001:DB8::5]/v1/messages', root: 'https://[2001:db8::5]', changes: [/lower-cased the host/, /endpoint/] },
  { input: 'http://[2001:db8::5]:8080', root: 'http://[2001:db8::5]:8080', changes: [], warnings: [HTTP_CLEAR_TEXT] },
  { input: 'https://bücher.example/v1', root: 'https://xn--bcher-kva.example', changes: [/host as xn--bcher-kva\.example/] },
  // Slashes after the scheme: the parser repairs them; we say so.
  { input: 'https:gw.example.com/v1', root: 'https://gw.example.com', changes: [/missing \/\//] },
  { input: 'https:///gw.example.com', root: 'https://gw.example.com', changes: [/replaced "\/\/\/"/] },
  // http: only warns off the loopback.
  { input: 'http://127.0.0.1:3000/v1/', root: 'http://127.0.0.1:3000', changes: [/trailing \/v1/] },
  { input: 'http://gw.example.com', root: 'http://gw.example.com', changes: [], warnings: [HTTP_CLEAR_TEXT] },
  { input: 'http://192.168.1.20:3000/v1', root: 'http://192.168.1.20:3000', changes: [/trailing \/v1/], warnings: [HTTP_CLEAR_TEXT] },
  // Kept, but flagged as probably not the root.
  { input: 'https://gw.example.com/v1beta', root: 'https://gw.example.com/v1beta', changes: [], warnings: [/API version/] },
  { input: 'https://gw.example.com/api', root: 'https://gw.example.com/api', changes: [], warnings: [/console/] },
  { input: 'https://gw.example.com/models', root: 'https://gw.example.com/models', changes: [], warnings: [/endpoint/] },
  // A prefix that merely starts with "sk-" is not taken for a key.
  { input: 'https://host/sk-gateway-eu-west/v1', root: 'https://host/sk-gateway-eu-west', changes: [/trailing \/v1/] },
];

describe('normalizeBaseUrl', () => {
  it('has a table of at least 30 inputs', () => {
    expect(rows.length).toBeGreaterThanOrEqual(30);
  });

  it.each(rows)('$input → $root', ({ input, root, changes, warnings = [] }) => {
    const got = inEnglish(normalizeBaseUrl(input));
    expect(got.root).toBe(root);
    expect(got.v1).toBe(`${root}/v1`);
    if (changes.length === 0) expect(got.changes).toEqual([]);
    for (const pattern of changes)
      expect(
        got.changes.some((c) => pattern.test(c)),
        `${pattern} in ${JSON.stringify(got.changes)}`,
      ).toBe(true);
    if (warnings.length === 0) expect(got.warnings).toEqual([]);
    for (const pattern of warnings)
      expect(
        got.warnings.some((w) => pattern.test(w)),
        `${pattern} in ${JSON.stringify(got.warnings)}`,
      ).toBe(true);
  });

  it.each(rows)('the root of $input is a fixed point', ({ root }) => {
    const again = normalizeBaseUrl(root);
    expect(again.root).toBe(root);
    expect(again.changes).toEqual([]);
    expect(root).not.toMatch(/\/$|\/v1$/i);
  });

  it('takes http and https in any case, and refuses another scheme in any case', () => {
    expect(normalizeBaseUrl('hTtP://localhost:3000').root).toBe('http://localhost:3000');
    expect(normalizeBaseUrl('HTTPS://gw.example.com').root).toBe('https://gw.example.com');
    expect(() => normalizeBaseUrl('FTP://gw.example.com')).toThrow(/FTP:.*only https:\/\//);
    // A host and port, not a scheme, whatever its case.
    expect(() => normalizeBaseUrl('LocalHost:3000')).toThrow(/has no scheme.*"http:\/\/localhost:3000"/);
  });

  it('the http warning tells the user to use https', () => {
    const [warning] = inEnglish(normalizeBaseUrl('http://gw.example.com').warnings);
    expect(warning).toBe('http:// sends your key across the network in clear text; use https:// unless this host is on your own machine');
  });
});

interface Rejection {
  input: string;
  reason: RegExp;
  /** Parts of the input that may be a key: neither message nor hint may contain them. */
  secrets?: string[];
}

const KEY = 'sk-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7dEf0hIj3kLm6n';

const rejections: Rejection[] = [
  { input: '', reason: /empty/ },
  { input: '   \n ', reason: /empty/ },
  { input: 'not a url', reason: /not a URL/ },
  { input: 'https://', reason: /no host/ },
  { input: 'https://gw.example.com:99999', reason: /port out of range/ },
  { input: 'https://gw.example.com:abc', reason: /invalid port/ },
  { input: 'http://::1/v1', reason: /IPv6 address without brackets/ },
  // No scheme: never guessed, but the message suggests the root.
  { input: 'gw.example.com/v1', reason: /no scheme.*Did you mean "https:\/\/gw\.example\.com"\?/ },
  { input: 'gw.example.com', reason: /no scheme.*"https:\/\/gw\.example\.com"/ },
  { input: '//gw.example.com/v1/', reason: /no scheme.*"https:\/\/gw\.example\.com"/ },
  { input: 'localhost:3000/v1', reason: /no scheme.*"http:\/\/localhost:3000"/ },
  { input: '[::1]:8080', reason: /no scheme.*"http:\/\/\[::1\]:8080"/ },
  { input: 'https//gw.example.com/v1', reason: /missing the ":" after https.*"https:\/\/gw\.example\.com"/ },
  { input: 'HtTpS//gw.example.com/v1', reason: /missing the ":" after HtTpS.*"https:\/\/gw\.example\.com"/ },
  { input: 'hTTp\\\\localhost:3000', reason: /missing the ":" after hTTp.*"http:\/\/localhost:3000"/ },
  // Other schemes.
  { input: 'ftp://gw.example.com', reason: /ftp:.*only https:\/\// },
  { input: 'ws://gw.example.com/v1', reason: /ws:.*only https:\/\// },
  { input: 'wss://gw.example.com', reason: /wss:.*only https:\/\// },
  { input: 'file:///etc/passwd', reason: /file:.*only https:\/\// },
  // Credentials: never echoed, and the user is told to pass the key separately.
  {
    input: 'https://user:hunter2pass@gw.example.com/v1',
    reason: /user name or password.*pass the API key separately/,
    secrets: ['hunter2pass', 'user:'],
  },
  { input: `https://${KEY}@gw.example.com`, reason: /user name or password/, secrets: [KEY, 'sk-Ab3'] },
  { input: 'https://me:pa#ss?word@gw.example.com', reason: /user name or password/, secrets: ['pa#ss', 'ss?w', 'me:'] },
  { input: 'admin:s3cretpw@gw.example.com', reason: /user name or password/, secrets: ['s3cretpw', 'admin'] },
  { input: 'https://me:pa/ssword@gw.example.com', reason: /port/, secrets: ['ssword', 'me:pa'] },
  // Queries and fragments: the values never echoed.
  { input: `https://gw.example.com/v1?key=${KEY}`, reason: /query.*pass the API key separately/, secrets: [KEY, 'sk-Ab3'] },
  { input: 'https://gw.example.com?token=abc123secret', reason: /query/, secrets: ['abc123secret'] },
  { input: 'https://gw.example.com/?tokenvalue987', reason: /query/, secrets: ['tokenvalue987'] },
  { input: 'https://gw.example.com/v1?', reason: /query/ },
  { input: 'https://gw.example.com/v1?a=1&key=mysecret42#frag99', reason: /query.*fragment/, secrets: ['mysecret42', 'frag99'] },
  { input: 'https://gw.example.com/v1#access_token=zzsecret', reason: /fragment/, secrets: ['zzsecret'] },
  { input: 'gw.example.com?key=nosch3me', reason: /query/, secrets: ['nosch3me'] },
  // The key itself, pasted into the address field or into the path.
  { input: KEY, reason: /looks like an API key/, secrets: [KEY, 'sk-Ab3'] },
  { input: `https://gw.example.com/${KEY}/v1`, reason: /looks like an API key/, secrets: [KEY, 'sk-Ab3'] },
];

describe('normalizeBaseUrl rejections', () => {
  it.each(rejections)('$input is refused: $reason', ({ input, reason, secrets = [] }) => {
    let caught: unknown;
    try {
      normalizeBaseUrl(input);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(UsageError);
    const error = caught as UsageError;
    expect(error.exitCode).toBe(EXIT.usage);
    expect(error.message).toMatch(reason);
    for (const secret of secrets) {
      expect(error.message).not.toContain(secret);
      expect(error.hint ?? '').not.toContain(secret);
    }
  });

  it('shows the credentials and query values as ***', () => {
    expect(() => normalizeBaseUrl('https://bob:pw12345@gw.example.com/v1')).toThrow('"https://***@gw.example.com/v1"');
    expect(() => normalizeBaseUrl('https://gw.example.com/v1?key=abc&x=y')).toThrow('"https://gw.example.com/v1?key=***&x=***"');
    expect(() => normalizeBaseUrl('https://gw.example.com/v1#secret')).toThrow('"https://gw.example.com/v1#***"');
  });
});

describe('isLoopbackHost', () => {
  it.each([
    ['localhost', true],
    ['LOCALHOST', true],
    ['localhost.', true],
    ['127.0.0.1', true],
    ['127.255.3.4', true],
    ['127.1', true],
    ['::1', true],
    ['[::1]', true],
    ['0:0:0:0:0:0:0:1', true],
    ['[::ffff:127.0.0.1]', true],
    ['gw.example.com', false],
    ['localhost.example.com', false],
    ['127.0.0.1.example.com', false],
    ['128.0.0.1', false],
    ['192.168.1.1', false],
    ['0.0.0.0', false],
    ['[::2]', false],
    ['[2001:db8::1]', false],
    ['localhost:3000', false],
    ['evil.example/@localhost', false],
    ['', false],
  ] as const)('%s → %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});

describe('describeV1', () => {
  it.each([
    ['/v1/messages', 'ok'],
    ['/v1/chat/completions', 'ok'],
    ['/v1/responses', 'ok'],
    ['/v1/models', 'ok'],
    ['/newapi/v1/messages', 'ok'],
    ['/v1/messages?beta=true', 'ok'],
    ['https://gw.example.com/v1/responses', 'ok'],
    ['/v1/v1/messages', 'doubled'],
    ['/v1/v1/chat/completions', 'doubled'],
    ['/newapi/v1/v1/responses', 'doubled'],
    ['//v1//v1/models', 'doubled'],
    ['https://gw.example.com/v1/v1/messages', 'doubled'],
    ['/chat/completions', 'missing'],
    ['/messages', 'missing'],
    ['/responses', 'missing'],
    ['/newapi/chat/completions', 'missing'],
    ['/V1/messages', 'missing'],
    ['/v1beta/models', 'missing'],
    ['https://gw.example.com/chat/completions', 'missing'],
  ] as const)('%s → %s', (path, expected) => {
    expect(describeV1(path)).toBe(expected);
  });
});
