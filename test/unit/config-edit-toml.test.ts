import { describe, expect, it } from 'vitest';
import { JobError, ParseError } from '../../src/core/errors.js';
import { editText, parseConfig } from '../../src/config/index.js';
import type { KeyEdit } from '../../src/config/types.js';
import { type Doc, expectKeptLines, fixture } from './config-helpers.js';

const FILE = '/home/dev/.codex/config.toml';
const lived = fixture('codex/config.lived-in.toml');

const gateway: KeyEdit[] = [
  { path: ['model'], value: 'gpt-5.1-codex' },
  { path: ['model_provider'], value: 'gateway' },
  { path: ['model_providers', 'gateway', 'name'], value: 'Gateway' },
  { path: ['model_providers', 'gateway', 'base_url'], value: 'https://gw.example.com/v1' },
  { path: ['model_providers', 'gateway', 'env_key'], value: 'GATEWAY_API_KEY' },
  { path: ['model_providers', 'gateway', 'wire_api'], value: 'responses' },
];

/** TOML: a line assigning one of these keys is one the edit may change. */
const tomlKeys =
  (...keys: string[]) =>
  (line: string) =>
    keys.some((k) => new RegExp(`^\\s*${k}\\s*=`).test(line));

const parse = (text: string): Doc => parseConfig(text, 'toml', FILE);

describe('comments stay where the user put them', () => {
  const userGateway = `# my settings
model = "o3"  # my model

# my corporate gateway
[model_providers.gateway]
name = "Corp"  # corp
base_url = "https://corp.example.com/v1"
# key comes from the shell
env_key = "CORP_KEY"

# ui settings
[tui]
notifications = true
`;
  const ours = (id: string): KeyEdit[] =>
    gateway.map((e) => ({
      ...e,
      path: e.path.map((seg) => (seg === 'gateway' ? id : seg)),
      value: e.path[0] === 'model_provider' ? id : e.value,
    }));

  it('a new root row goes after the last root row, not under the comment that heads the first table', () => {
    const after = editText(userGateway, 'toml', ours('gateway-agent-setup'), FILE);
    expect(after).toContain(
      'model = "gpt-5.1-codex"  # my model\nmodel_provider = "gateway-agent-setup"\n\n# my corporate gateway\n[model_providers.gateway]\n',
    );
  });

  it('a new table goes above the blank line and the comment that head the next table', () => {
    const after = editText(userGateway, 'toml', ours('gateway-agent-setup'), FILE);
    expect(after).toContain('env_key = "CORP_KEY"\n\n[model_providers.gateway-agent-setup]\n');
    expect(after).toContain('wire_api = "responses"\n\n# ui settings\n[tui]\n');
    expectKeptLines(userGateway, after, tomlKeys('model'));
  });

  it('a new row in an existing table goes after its last row, above the comment that heads the next table', () => {
    const after = editText(userGateway, 'toml', [{ path: ['model_providers', 'gateway', 'wire_api'], value: 'responses' }], FILE);
    expect(after).toContain('env_key = "CORP_KEY"\nwire_api = "responses"\n\n# ui settings\n[tui]\n');
  });

  it('a root without rows gets them above the comment that heads the first table', () => {
    const text = '# only tables here\n\n# corp\n[model_providers.corp]\nname = "Corp"\n';
    const after = editText(text, 'toml', ours('gateway'), FILE);
    expect(
      after.startsWith('# only tables here\n\nmodel = "gpt-5.1-codex"\nmodel_provider = "gateway"\n\n# corp\n[model_providers.corp]\n'),
    ).toBe(true);
    expect(parse(after).model_providers.gateway.wire_api).toBe('responses');
  });
});

describe('Codex config.toml, lived in', () => {
  const after = editText(lived, 'toml', gateway, FILE);

  it('writes the provider and the root keys', () => {
    const doc = parse(after);
    expect(doc.model).toBe('gpt-5.1-codex');
    expect(doc.model_provider).toBe('gateway');
    expect(doc.model_providers.gateway).toEqual({
      name: 'Gateway',
      base_url: 'https://gw.example.com/v1',
      env_key: 'GATEWAY_API_KEY',
      wire_api: 'responses',
    });
    expect(doc.model_providers.openrouter.env_key).toBe('OPENROUTER_API_KEY');
    expect(doc.sandbox_workspace_write.writable_roots).toEqual(['C:\\Users\\dev\\scratch']);
    expect(doc.mcp_servers.docs).toEqual({ url: 'https://mcp.example.com/docs' });
    expect(doc.tui).toEqual({ notifications: true });
  });

  it('puts the new root key before the first table, where it is a root key', () => {
    const doc = parse(after);
    expect(doc.tui.model_provider).toBeUndefined();
    expect(doc.sandbox_workspace_write.model_provider).toBeUndefined();
    expect(after.indexOf('model_provider = "gateway"')).toBeLessThan(after.indexOf('['));
  });

  it('adds the provider as a [model_providers.gateway] section, not an inline table', () => {
    expect(after).toContain('\n[model_providers.gateway]\nname = "Gateway"\n');
    expect(after).not.toMatch(/model_providers\.gateway\s*=/);
    expect(after).not.toContain('{');
    // Next to its sibling provider, before [tui].
    expect(after.indexOf('[model_providers.gateway]')).toBeGreaterThan(after.indexOf('[model_providers.openrouter]'));
    expect(after.indexOf('[model_providers.gateway]')).toBeLessThan(after.indexOf('[tui]'));
  });

  it('keeps every other line byte for byte: comments, the literal Windows path, MCP servers', () => {
    expectKeptLines(lived, after, tomlKeys('model'));
    expect(after).toContain("writable_roots = ['C:\\Users\\dev\\scratch']   # a literal Windows path (single quotes: no escapes)\n");
    expect(after).toContain('# Codex settings — hand-tuned, please keep my comments\n');
    expect(after).toContain('model = "gpt-5.1-codex"                     # default model for new sessions\n');
    expect(after).toContain(
      '[mcp_servers.docs]\nurl = "https://mcp.example.com/docs"   # an url-type server: never add command/args to it\n',
    );
  });

  it('is byte-identical when run again, and unchanged input gives identical output', () => {
    expect(editText(after, 'toml', gateway, FILE)).toBe(after);
    expect(
      editText(
        lived,
        'toml',
        [
          { path: ['model'], value: 'gpt-5' },
          { path: ['nope'], value: undefined },
        ],
        FILE,
      ),
    ).toBe(lived);
  });

  it('replaces and deletes keys inside the provider table', () => {
    const changed = editText(
      after,
      'toml',
      [
        { path: ['model_providers', 'gateway', 'base_url'], value: 'https://other.example.com/v1' },
        { path: ['model_providers', 'gateway', 'wire_api'], value: undefined },
      ],
      FILE,
    );
    const doc = parse(changed);
    expect(doc.model_providers.gateway).toEqual({ name: 'Gateway', base_url: 'https://other.example.com/v1', env_key: 'GATEWAY_API_KEY' });
    expectKeptLines(after, changed, tomlKeys('base_url', 'wire_api'));
  });

  it("deletes our whole table and root key, leaving the user's file as it was", () => {
    const removed = editText(
      after,
      'toml',
      [
        { path: ['model'], value: 'gpt-5' },
        { path: ['model_provider'], value: undefined },
        { path: ['model_providers', 'gateway'], value: undefined },
      ],
      FILE,
    );
    expect(parse(removed)).toEqual(parse(lived));
    expectKeptLines(lived, removed, () => false);
  });

  it('gives the same edit, in CRLF and behind the BOM, for a Windows copy of the file', () => {
    const windows = (t: string) => '\uFEFF' + t.replace(/\n/g, '\r\n');
    expect(editText(windows(lived), 'toml', gateway, FILE)).toBe(windows(after));
  });

  it('the kept-lines check itself notices a lost comment', () => {
    const lost = lived.replace('# a literal Windows path (single quotes: no escapes)', '');
    expect(() => expectKeptLines(lived, lost, () => false)).toThrow();
  });
});

describe('TOML edits in general', () => {
  it('escapes backslashes and quotes in new values', () => {
    const value = 'C:\\Program Files\\gw "beta"';
    const after = editText(lived, 'toml', [{ path: ['model_providers', 'gateway', 'path'], value }], FILE);
    expect(parse(after).model_providers.gateway.path).toBe(value);
    expect(after).toContain("'C:\\Users\\dev\\scratch'");
  });

  it('a new file gets root keys first, then the table as a section, and a final newline', () => {
    const after = editText(undefined, 'toml', gateway, FILE);
    expect(after).toBe(
      'model = "gpt-5.1-codex"\nmodel_provider = "gateway"\n\n[model_providers.gateway]\nname = "Gateway"\n' +
        'base_url = "https://gw.example.com/v1"\nenv_key = "GATEWAY_API_KEY"\nwire_api = "responses"\n',
    );
  });

  it('a file of tables only: the root key still lands before the first table', () => {
    const text = '# my tables\n\n[tui]\nnotifications = true\n';
    const after = editText(text, 'toml', [{ path: ['model_provider'], value: 'gateway' }], FILE);
    const doc = parse(after);
    expect(doc.model_provider).toBe('gateway');
    expect(doc.tui).toEqual({ notifications: true });
    expectKeptLines(text, after, () => false);
  });

  it('a comment directly above the next table stays with that table', () => {
    const text = 'model = "x"\n\n[model_providers.a]\nname = "a"\n# the terminal UI\n[tui]\nnotifications = true\n';
    const after = editText(text, 'toml', [{ path: ['model_providers', 'gw', 'name'], value: 'G' }], FILE);
    expect(after).toContain('# the terminal UI\n[tui]\n');
    expect(parse(after).model_providers.gw).toEqual({ name: 'G' });
  });

  it('quotes a table name that is not a bare key', () => {
    const after = editText(lived, 'toml', [{ path: ['model_providers', 'my.gw', 'name'], value: 'G' }], FILE);
    expect(after).toContain('\n[model_providers."my.gw"]\nname = "G"\n');
    expect(parse(after).model_providers['my.gw']).toEqual({ name: 'G' });
  });

  it('a parent written as an inline table still gets the right values', () => {
    const text = 'model_providers = { a = { name = "a" } }\n';
    const after = editText(text, 'toml', [{ path: ['model_providers', 'gw', 'name'], value: 'G' }], FILE);
    expect(parse(after).model_providers).toEqual({ a: { name: 'a' }, gw: { name: 'G' } });
  });

  it('keeps CRLF, a BOM and a missing final newline', () => {
    const text = '\uFEFF# c\r\nmodel = "x"\r\n\r\n[tui]\r\nnotifications = true';
    const after = editText(text, 'toml', gateway, FILE);
    expect(after.startsWith('\uFEFF# c\r\n')).toBe(true);
    expect(after.replace(/\r\n/g, '')).not.toContain('\n');
    expect(after.endsWith('\n')).toBe(false);
    expect(parse(after).model_providers.gateway.wire_api).toBe('responses');
    expect(editText(after, 'toml', gateway, FILE)).toBe(after);
  });

  it('refuses to write below a value that is not a table', () => {
    expect(() => editText('model_providers = "x"\n', 'toml', gateway, FILE)).toThrow(JobError);
  });

  it('the broken fixture is a ParseError on the line of the unclosed header', () => {
    const text = fixture('codex/config.broken.toml');
    try {
      editText(text, 'toml', gateway, FILE);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ParseError);
      expect((err as ParseError).line).toBe(2);
      expect((err as ParseError).file).toBe(FILE);
    }
  });

  it('an unterminated string is reported on its own line and column', () => {
    try {
      parse('a = 1\nb = "x\n');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ParseError);
      expect([(err as ParseError).line, (err as ParseError).column]).toEqual([2, 7]);
    }
  });
});

describe('arrays of tables (a [[providers]] list, as Mistral Vibe keeps one)', () => {
  const text = `# my config
active_model = "devstral"

# Mistral's own
[[providers]]
name = "mistral"
api_base = "https://api.mistral.ai/v1"

# local llama
[[providers]]
name = "llamacpp"
api_base = "http://127.0.0.1:8080/v1"

[[models]]
name = "devstral-2"
provider = "mistral"
alias = "devstral"
`;
  const file = '/home/dev/.vibe/config.toml';
  const ours: KeyEdit[] = [
    { path: ['providers', 2, 'name'], value: 'gateway' },
    { path: ['providers', 2, 'api_base'], value: 'http://gw.example/v1' },
    { path: ['models', 1, 'name'], value: 'deepseek-chat' },
    { path: ['models', 1, 'provider'], value: 'gateway' },
    { path: ['active_model'], value: 'deepseek-chat' },
  ];

  it('an entry appended after the last of its array, every line of the others and their comments kept', () => {
    const out = editText(text, 'toml', ours, file);
    expect(parseConfig(out, 'toml', file)).toMatchObject({
      providers: [{ name: 'mistral' }, { name: 'llamacpp' }, { name: 'gateway', api_base: 'http://gw.example/v1' }],
      models: [{ alias: 'devstral' }, { name: 'deepseek-chat', provider: 'gateway' }],
    });
    expectKeptLines(text, out, (line) => line === 'active_model = "devstral"');
    expect(out.indexOf('name = "gateway"')).toBeLessThan(out.indexOf('[[models]]'));
  });

  it('taken out again by index: the text as it was, byte for byte', () => {
    const out = editText(text, 'toml', ours, file);
    const back = editText(
      out,
      'toml',
      [
        { path: ['models', 1], value: undefined },
        { path: ['providers', 2], value: undefined },
        { path: ['active_model'], value: 'devstral' },
      ],
      file,
    );
    expect(back).toBe(text);
  });

  it('a list the file does not have yet is written as [[sections]] after the rest, and taken out to the text as it was', () => {
    const first: KeyEdit[] = [
      { path: ['active_model'], value: 'gateway/deepseek-chat' },
      { path: ['providers', 0, 'name'], value: 'gateway' },
      { path: ['providers', 0, 'api_base'], value: 'http://gw.example/v1' },
      { path: ['models', 0, 'name'], value: 'deepseek-chat' },
    ];
    for (const before of ['', '# my config\ntheme = "dark"\n\n[tools.bash]\npermission = "ask"\n']) {
      const out = editText(before, 'toml', first, file);
      expect(parseConfig(out, 'toml', file)).toMatchObject({
        active_model: 'gateway/deepseek-chat',
        providers: [{ name: 'gateway', api_base: 'http://gw.example/v1' }],
        models: [{ name: 'deepseek-chat' }],
      });
      expect(out).toContain('[[providers]]\nname = "gateway"\napi_base = "http://gw.example/v1"\n');
      if (before !== '') expectKeptLines(before, out, () => false);
      const back = editText(
        out,
        'toml',
        [
          { path: ['providers'], value: undefined },
          { path: ['models'], value: undefined },
          { path: ['active_model'], value: undefined },
        ],
        file,
      );
      // An emptied new file keeps a newline (remove deletes a file it created).
      expect(before === '' ? back.trim() : back).toBe(before);
    }
  });
});
