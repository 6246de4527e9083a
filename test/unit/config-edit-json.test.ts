import { describe, expect, it } from 'vitest';
import { JobError, ParseError } from '../../src/core/errors.js';
import { editText, parseConfig } from '../../src/config/index.js';
import type { KeyEdit } from '../../src/config/types.js';
import { type Doc, expectKeptLines, fixture, jsonKeys } from './config-helpers.js';

interface Case {
  name: string;
  file: string;
  format: 'json' | 'jsonc';
  edits: KeyEdit[];
  /** Keys whose lines may change. */
  touched: string[];
  check: (doc: Doc) => void;
}

const cases: Case[] = [
  {
    name: 'Claude Code settings: replace the base URL, drop the stale key, add token and models',
    file: 'claude-code/settings.lived-in.json',
    format: 'json',
    edits: [
      { path: ['env', 'ANTHROPIC_BASE_URL'], value: 'https://gw.example.com' },
      { path: ['env', 'ANTHROPIC_API_KEY'], value: undefined },
      { path: ['env', 'ANTHROPIC_AUTH_TOKEN'], value: 'sk-gw-0123456789abcdef' },
      { path: ['env', 'ANTHROPIC_MODEL'], value: 'claude-sonnet-4-5' },
      { path: ['env', 'ANTHROPIC_DEFAULT_HAIKU_MODEL'], value: 'claude-haiku-4-5' },
    ],
    touched: ['ANTHROPIC_BASE_URL', 'ANTHROPIC_API_KEY'],
    check: (doc) => {
      expect(doc.env).toEqual({
        BASH_DEFAULT_TIMEOUT_MS: '120000',
        ANTHROPIC_BASE_URL: 'https://gw.example.com',
        DISABLE_TELEMETRY: '1',
        ANTHROPIC_AUTH_TOKEN: 'sk-gw-0123456789abcdef',
        ANTHROPIC_MODEL: 'claude-sonnet-4-5',
        ANTHROPIC_DEFAULT_HAIKU_MODEL: 'claude-haiku-4-5',
      });
      expect(doc.hooks.PostToolUse[0].hooks[0].command).toBe('npx prettier --write "$CLAUDE_FILE_PATHS"');
      expect(doc.statusLine.command).toBe('~/.claude/statusline.sh');
      expect(doc.permissions.deny).toEqual(['Read(./.env)', 'Read(./secrets/**)']);
    },
  },
  {
    name: 'Claude Code global state: merge one flag',
    file: 'claude-code/claude.json.lived-in',
    format: 'json',
    edits: [{ path: ['hasCompletedOnboarding'], value: true }],
    touched: [],
    check: (doc) => {
      expect(doc.hasCompletedOnboarding).toBe(true);
      expect(doc.mcpServers.filesystem.args).toEqual(['-y', '@modelcontextprotocol/server-filesystem', '/home/dev/projects']);
      expect(doc.numStartups).toBe(42);
    },
  },
  {
    name: 'OpenCode JSONC: add a provider and switch the model, comments and trailing comma kept',
    file: 'opencode/opencode.lived-in.jsonc',
    format: 'jsonc',
    edits: [
      {
        path: ['provider', 'gateway'],
        value: {
          npm: '@ai-sdk/openai-compatible',
          name: 'Gateway',
          options: { baseURL: 'https://gw.example.com/v1', apiKey: '{env:GATEWAY_API_KEY}' },
          models: { 'deepseek-chat': { name: 'deepseek-chat' } },
        },
      },
      { path: ['model'], value: 'gateway/deepseek-chat' },
      { path: ['small_model'], value: 'gateway/deepseek-chat' },
    ],
    touched: ['model'],
    check: (doc) => {
      expect(doc.provider.gateway.options.baseURL).toBe('https://gw.example.com/v1');
      expect(doc.provider.ollama.options.baseURL).toBe('http://localhost:11434/v1');
      expect(doc.mcp.github.url).toBe('https://api.githubcopilot.com/mcp/');
      expect(doc.model).toBe('gateway/deepseek-chat');
      expect(doc.small_model).toBe('gateway/deepseek-chat');
      expect(doc.keybinds).toEqual({ leader: 'ctrl+x' });
    },
  },
  {
    name: 'Qwen Code: append a provider to the array, add the env key',
    file: 'qwen-code/settings.lived-in.json',
    format: 'json',
    edits: [
      {
        path: ['modelProviders', 'openai', 1],
        value: { id: 'deepseek-chat', baseUrl: 'https://gw.example.com/v1', envKey: 'GATEWAY_API_KEY' },
      },
      { path: ['env', 'GATEWAY_API_KEY'], value: 'sk-gw-0123456789abcdef' },
      { path: ['model', 'name'], value: 'deepseek-chat' },
    ],
    touched: ['model'],
    check: (doc) => {
      expect(doc.modelProviders.openai).toHaveLength(2);
      expect(doc.modelProviders.openai[0].id).toBe('qwen3-coder-plus');
      expect(doc.modelProviders.openai[1]).toEqual({
        id: 'deepseek-chat',
        baseUrl: 'https://gw.example.com/v1',
        envKey: 'GATEWAY_API_KEY',
      });
      expect(doc.env).toEqual({ GATEWAY_API_KEY: 'sk-gw-0123456789abcdef' });
      expect(doc.model).toEqual({ name: 'deepseek-chat' });
      expect(doc.mcpServers.fetch.args).toEqual(['mcp-server-fetch']);
    },
  },
  {
    name: 'Cline providers: add a provider, switch lastUsedProvider',
    file: 'cline/providers.lived-in.json',
    format: 'json',
    edits: [
      {
        path: ['providers', 'openai-compatible'],
        value: { settings: { provider: 'openai-compatible', baseUrl: 'https://gw.example.com/v1', model: 'deepseek-chat' } },
      },
      { path: ['lastUsedProvider'], value: 'openai-compatible' },
    ],
    touched: ['lastUsedProvider'],
    check: (doc) => {
      expect(doc.providers.openrouter.settings.apiKey).toMatch(/^sk-or-v1-0+$/);
      expect(doc.providers['openai-compatible'].settings.model).toBe('deepseek-chat');
      expect(doc.lastUsedProvider).toBe('openai-compatible');
      expect(doc.modes).toEqual({});
    },
  },
];

describe.each(cases)('$name', (c) => {
  const before = fixture(c.file);
  const after = editText(before, c.format, c.edits, c.file);

  it('writes the new values', () => {
    expect(after).not.toBe(before);
    c.check(parseConfig(after, c.format, c.file));
  });

  it('keeps every other line byte for byte', () => {
    expectKeptLines(before, after, jsonKeys(...c.touched));
  });

  it('is byte-identical when run again', () => {
    expect(editText(after, c.format, c.edits, c.file)).toBe(after);
  });

  it('ends with a newline like the original', () => {
    expect(after.endsWith('\n')).toBe(before.endsWith('\n'));
  });

  it('gives the same edit, in CRLF and behind the BOM, for a Windows copy of the file', () => {
    const windows = (t: string) => '\uFEFF' + t.replace(/\n/g, '\r\n');
    expect(editText(windows(before), c.format, c.edits, c.file)).toBe(windows(after));
  });
});

describe('OpenCode JSONC details', () => {
  const before = fixture('opencode/opencode.lived-in.jsonc');
  it('keeps the comment on the edited line and the trailing comma', () => {
    const after = editText(before, 'jsonc', [{ path: ['model'], value: 'gateway/x' }], 'o.jsonc');
    expect(after).toContain('"model": "gateway/x", // switch back here when offline\n');
    expect(after).toContain('  // my OpenCode setup\n');
    expect(after).toContain('  "keybinds": { "leader": "ctrl+x" },\n}');
  });
  it('adds a member after a trailing comma in the same style', () => {
    const after = editText(before, 'jsonc', [{ path: ['small_model'], value: 'gateway/x' }], 'o.jsonc');
    expect(after.endsWith('  "keybinds": { "leader": "ctrl+x" },\n  "small_model": "gateway/x",\n}\n')).toBe(true);
  });
  it('edits inside a one-line object without unfolding it', () => {
    const after = editText(before, 'jsonc', [{ path: ['keybinds', 'submit'], value: 'enter' }], 'o.jsonc');
    expect(after).toContain('  "keybinds": { "leader": "ctrl+x", "submit": "enter" },\n');
  });
});

describe('JSON edits in general', () => {
  const base = '{\n  "a": 1,\n  "b": { "c": [1, 2] }\n}\n';

  it('deleting an absent key changes nothing at all', () => {
    expect(editText(base, 'json', [{ path: ['zzz'], value: undefined }], 'f.json')).toBe(base);
    expect(editText(base, 'json', [{ path: ['zzz', 'y'], value: undefined }], 'f.json')).toBe(base);
  });

  it('setting the current value changes nothing at all', () => {
    expect(
      editText(
        base,
        'json',
        [
          { path: ['a'], value: 1 },
          { path: ['b'], value: { c: [1, 2] } },
        ],
        'f.json',
      ),
    ).toBe(base);
  });

  it('an index equal to the length appends', () => {
    const after = editText(base, 'json', [{ path: ['b', 'c', 2], value: 3 }], 'f.json');
    expect(after).toBe('{\n  "a": 1,\n  "b": { "c": [1, 2, 3] }\n}\n');
  });

  it('an index past the end is refused', () => {
    expect(() => editText(base, 'json', [{ path: ['b', 'c', 5], value: 3 }], 'f.json')).toThrow(JobError);
  });

  it('deletes the last member and the comma before it', () => {
    const after = editText('{\n  "a": 1,\n  "b": 2\n}\n', 'json', [{ path: ['b'], value: undefined }], 'f.json');
    expect(after).toBe('{\n  "a": 1\n}\n');
  });

  it('deletes a member with its own comment line intact around it', () => {
    const text = '{\n  // keep me\n  "a": 1, // about a\n  "b": 2\n}\n';
    const after = editText(text, 'jsonc', [{ path: ['a'], value: undefined }], 'f.jsonc');
    expect(after).toBe('{\n  // keep me\n  "b": 2\n}\n');
  });

  it('replaces an object member by member, keeping comments of untouched members', () => {
    const text = '{\n  "p": {\n    // the url\n    "url": "old",\n    "stale": true,\n    "keep": 1\n  }\n}\n';
    const after = editText(text, 'jsonc', [{ path: ['p'], value: { url: 'new', keep: 1 } }], 'f.jsonc');
    expect(after).toBe('{\n  "p": {\n    // the url\n    "url": "new",\n    "keep": 1\n  }\n}\n');
  });

  it('creates missing parents as one nested member', () => {
    const after = editText('{\n  "x": 1\n}\n', 'json', [{ path: ['env', 'A'], value: 'b' }], 'f.json');
    expect(after).toBe('{\n  "x": 1,\n  "env": {\n    "A": "b"\n  }\n}\n');
  });

  it('refuses to write below a value of the wrong kind', () => {
    expect(() => editText('{"env": "oops"}', 'json', [{ path: ['env', 'A'], value: 'b' }], 'f.json')).toThrow(/not a table\/object/);
    expect(() => editText('[1]', 'json', [{ path: ['env'], value: 'b' }], 'f.json')).toThrow(JobError);
  });

  it('escapes quotes, backslashes and control characters in values', () => {
    const value = 'C:\\Users\\dev "quoted"\n\ttab';
    const after = editText('{}', 'json', [{ path: ['v'], value }], 'f.json');
    expect((parseConfig(after, 'json', 'f.json') as { v: string }).v).toBe(value);
  });

  it('keeps tabs, CRLF, a BOM and a missing final newline', () => {
    const text = '\uFEFF{\r\n\t"a": 1,\r\n\t"o": {\r\n\t\t"k": true\r\n\t}\r\n}';
    const after = editText(
      text,
      'json',
      [
        { path: ['o', 'n'], value: { deep: 1 } },
        { path: ['a'], value: 2 },
      ],
      'f.json',
    );
    expect(after).toBe('\uFEFF{\r\n\t"a": 2,\r\n\t"o": {\r\n\t\t"k": true,\r\n\t\t"n": {\r\n\t\t\t"deep": 1\r\n\t\t}\r\n\t}\r\n}');
    expect(editText(after, 'json', [{ path: ['o', 'n'], value: { deep: 1 } }], 'f.json')).toBe(after);
  });

  it('detects 4-space indentation', () => {
    const after = editText('{\n    "a": 1\n}\n', 'json', [{ path: ['b'], value: [1] }], 'f.json');
    expect(after).toBe('{\n    "a": 1,\n    "b": [\n        1\n    ]\n}\n');
  });

  it('a new file is pretty JSON with 2 spaces, LF and a final newline', () => {
    const after = editText(
      undefined,
      'json',
      [
        { path: ['env', 'A'], value: '1' },
        { path: ['flag'], value: true },
      ],
      'new.json',
    );
    expect(after).toBe('{\n  "env": {\n    "A": "1"\n  },\n  "flag": true\n}\n');
  });

  it('a new file starts from the template when given', () => {
    // templates/opencode/opencode.json: {\n  "$schema": "https://opencode.ai/config.json"\n}\n
    const template = 'opencode/opencode.json';
    const after = editText(undefined, 'jsonc', [{ path: ['model'], value: 'gw/x' }], 'new.jsonc', template);
    expect(after).toBe('{\n  "$schema": "https://opencode.ai/config.json",\n  "model": "gw/x"\n}\n');
  });

  it('an empty existing file counts as {}', () => {
    expect(editText('', 'json', [{ path: ['a'], value: 1 }], 'f.json')).toBe('{\n  "a": 1\n}');
    expect(editText('\n', 'json', [{ path: ['a'], value: 1 }], 'f.json')).toBe('{\n  "a": 1\n}\n');
  });
});

describe('broken JSON is refused with the line of the first error', () => {
  it('strict json: a comment', () => {
    const text = fixture('opencode/opencode.lived-in.jsonc');
    try {
      editText(text, 'json', [{ path: ['a'], value: 1 }], '/x/opencode.json');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ParseError);
      expect((err as ParseError).line).toBe(2);
      expect((err as ParseError).column).toBe(3);
      expect((err as ParseError).message).toContain('/x/opencode.json:2:3');
    }
  });

  it('strict json: a trailing comma is reported where the comma is', () => {
    const text = '{\n  "a": 1,\n  "b": 2,\n}\n';
    expect(() => parseConfig(text, 'json', 'f.json')).toThrow(ParseError);
    try {
      parseConfig(text, 'json', 'f.json');
    } catch (err) {
      expect([(err as ParseError).line, (err as ParseError).column]).toEqual([3, 9]);
      expect((err as ParseError).message).toContain('trailing comma');
    }
    expect(parseConfig(text, 'jsonc', 'f.jsonc')).toEqual({ a: 1, b: 2 });
  });

  it('jsonc: a missing comma', () => {
    const text = '{\n  // c\n  "a": 1\n  "b": 2\n}\n';
    try {
      editText(text, 'jsonc', [{ path: ['a'], value: 1 }], 'f.jsonc');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ParseError);
      expect((err as ParseError).line).toBe(4);
      expect((err as ParseError).column).toBe(3);
    }
  });
});

describe('a file saved on one line, as programs save JSON (OpenHands CLI)', () => {
  const text = '{"llm":{"model":"a","max_input_tokens":1,"max_output_tokens":2,"canon":null},"kind":"Agent"}';
  const file = '/home/dev/.openhands/agent_settings.json';

  it('a new member follows the compact spacing; members taken out and given back in front of their sibling: the text as it was', () => {
    expect(editText(text, 'json', [{ path: ['llm', 'base_url'], value: 'http://gw/v1' }], file)).toBe(
      '{"llm":{"model":"a","max_input_tokens":1,"max_output_tokens":2,"canon":null,"base_url":"http://gw/v1"},"kind":"Agent"}',
    );
    const gone = editText(
      text,
      'json',
      [
        { path: ['llm', 'max_input_tokens'], value: undefined },
        { path: ['llm', 'max_output_tokens'], value: undefined },
      ],
      file,
    );
    expect(gone).toBe('{"llm":{"model":"a","canon":null},"kind":"Agent"}');
    const back = editText(
      gone,
      'json',
      [
        { path: ['llm', 'max_input_tokens'], value: 1, before: 'canon' },
        { path: ['llm', 'max_output_tokens'], value: 2, before: 'canon' },
      ],
      file,
    );
    expect(back).toBe(text);
  });

  it('a hand-written one-line object keeps its own spacing', () => {
    expect(
      editText(
        '{ "a": 1, "b": 2 }',
        'json',
        [
          { path: ['z'], value: 0, before: 'b' },
          { path: ['c'], value: 3 },
        ],
        file,
      ),
    ).toBe('{ "a": 1, "z": 0, "b": 2, "c": 3 }');
  });
});
