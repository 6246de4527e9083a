// Generated existing configs (fast-check) for every format an agent uses: random unknown keys,
// nesting, comments and formatting. After the agent's plan is applied by the real editor, every
// key we do not own keeps its value (and its comment), ours hold the values asked, and a second
// application changes nothing. Bounded: a fixed number of runs, a seed printed on failure.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AGENTS } from '../../src/agents/registry.js';
import type { AgentChoice, AgentEnv } from '../../src/agents/types.js';
import { editText, parseConfig } from '../../src/config/index.js';
import type { FileEdit, FileFormat } from '../../src/config/types.js';
import { FIXTURES } from '../fixtures/agents/index.js';

const RUNS = 250;
const env: AgentEnv = { home: '/home/u', cwd: '/home/u/p', platform: 'linux', env: {} };
const KEY = 'sk-genkeygenkeygenkeygenkeygenkeygenkeygenkeygenk';
const choice = (over: Partial<AgentChoice>): AgentChoice => ({
  root: 'https://gw.example.com',
  v1: 'https://gw.example.com/v1',
  key: KEY,
  keyEnvVar: 'GATEWAY_API_KEY',
  model: 'm-main',
  protocol: 'chat',
  smallModel: 'm-small',
  smallModelProtocol: 'chat',
  scope: 'user',
  keyStorage: 'file',
  ...over,
});

// Keys that never collide with the ones agents own (those are set, the rest must survive).
const userKey = fc
  .stringMatching(/^[a-z][a-zA-Z0-9_]{0,10}$/)
  .filter(
    (k) =>
      ![
        'env',
        'model',
        'provider',
        'providers',
        'modelProviders',
        'security',
        'lastUsedProvider',
        'version',
        'small_model',
        'model_provider',
        'model_providers',
        'hasCompletedOnboarding',
        'apiKeyHelper',
        'constructor',
        'prototype',
        'toString',
        'valueOf',
        'hasOwnProperty',
        '__proto__',
      ].includes(k),
  );
const scalar = fc.oneof(
  fc.string({ maxLength: 12 }).filter((s) => !s.includes('\u0000')),
  fc.integer({ min: -1e6, max: 1e6 }),
  fc.boolean(),
);
const tree = fc.letrec((tie) => ({
  node: fc.dictionary(userKey, fc.oneof({ depthSize: 'small' }, scalar, tie('node'), fc.array(scalar, { maxLength: 3 })), { maxKeys: 4 }),
})).node as fc.Arbitrary<Record<string, unknown>>;

const indent = fc.constantFrom('  ', '    ', '\t');

/** JSON with the chosen indentation, optionally with comments before some members (JSONC). */
function render(doc: Record<string, unknown>, ind: string, comments: boolean): { text: string; comments: string[] } {
  const text = JSON.stringify(doc, null, ind);
  if (!comments) return { text: `${text}\n`, comments: [] };
  const lines = text.split('\n');
  const marks: string[] = [];
  const out = lines.flatMap((line, i) => {
    if (i % 3 !== 1 || !line.trim().startsWith('"')) return [line];
    const c = `// note ${i}`;
    marks.push(c);
    return [`${line.match(/^\s*/)?.[0] ?? ''}${c}`, line];
  });
  return { text: `${out.join('\n')}\n`, comments: marks };
}

function apply(text: string, edits: FileEdit[], path: string): string {
  const mine = edits.filter((e) => e.path === path);
  return mine.reduce((t, e) => editText(t, e.format, e.edits, path, e.template), text);
}

const check = (p: fc.IPropertyWithHooks<unknown[]>) => fc.assert(p, { numRuns: RUNS, verbose: 1 });

describe('generated configs keep every byte that is not ours', () => {
  it('Claude Code settings.json (JSON): unknown keys and the env block survive', () => {
    const file = '/home/u/.claude/settings.json';
    check(
      fc.property(
        tree,
        fc.dictionary(
          fc.stringMatching(/^[A-Z][A-Z_]{0,8}$/).filter((k) => !k.startsWith('ANTHROPIC')),
          fc.string({ maxLength: 8 }),
          { maxKeys: 3 },
        ),
        indent,
        (doc, userEnv, ind) => {
          const before = { ...doc, env: userEnv };
          const text = render(before, ind, false).text;
          const plan = AGENTS['claude-code'].plan(
            env,
            choice({ protocol: 'messages', smallModelProtocol: 'messages' }),
            new Map([[file, before]]),
          );
          const after = apply(text, plan.edits, file);
          const parsed = parseConfig(after, 'json', file) as Record<string, unknown>;
          for (const [k, v] of Object.entries(doc)) expect(parsed[k]).toEqual(v);
          const envAfter = parsed.env as Record<string, string>;
          for (const [k, v] of Object.entries(userEnv)) expect(envAfter[k]).toBe(v);
          expect(envAfter.ANTHROPIC_BASE_URL).toBe('https://gw.example.com');
          expect(envAfter.ANTHROPIC_MODEL).toBe('m-main');
          expect(apply(after, plan.edits, file)).toBe(after);
        },
      ),
    );
  });

  it('OpenCode opencode.jsonc (JSONC): unknown keys, other providers and comments survive', () => {
    const file = '/home/u/.config/opencode/opencode.jsonc';
    check(
      fc.property(tree, indent, (doc, ind) => {
        const before = { ...doc, provider: { local: { npm: '@ai-sdk/openai-compatible', options: { baseURL: 'http://localhost:1/v1' } } } };
        const { text, comments } = render(before, ind, true);
        const current = new Map<string, unknown>([[file, parseConfig(text, 'jsonc', file)]]);
        const plan = AGENTS.opencode.plan(env, choice({}), current);
        const after = apply(text, plan.edits, file);
        const parsed = parseConfig(after, 'jsonc', file) as Record<string, unknown>;
        for (const [k, v] of Object.entries(doc)) expect(parsed[k]).toEqual(v);
        expect((parsed.provider as Record<string, unknown>).local).toEqual(before.provider.local);
        for (const c of comments) expect(after).toContain(c);
        expect(parsed.model).toBe('gateway/m-main');
        expect(apply(after, plan.edits, file)).toBe(after);
      }),
    );
  });

  it('Codex config.toml (TOML): unknown tables, keys and comments survive; root keys stay root keys', () => {
    const file = '/home/u/.codex/config.toml';
    const tomlKey = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/).filter((k) => !['model', 'model_provider', 'model_providers'].includes(k));
    const tomlScalar = fc.oneof(fc.stringMatching(/^[ -~]{0,10}$/), fc.integer({ min: -1000, max: 1000 }), fc.boolean());
    const tables = fc.dictionary(tomlKey, fc.dictionary(tomlKey, tomlScalar, { maxKeys: 3 }), { maxKeys: 3 });
    const rootKeys = fc.dictionary(tomlKey, tomlScalar, { maxKeys: 3 });
    const lit = (v: unknown): string => (typeof v === 'string' ? JSON.stringify(v) : String(v));
    check(
      fc.property(rootKeys, tables, (root, tabs) => {
        const rootNames = new Set(Object.keys(root));
        const tableEntries = Object.entries(tabs).filter(([t]) => !rootNames.has(t));
        const lines = ['# my codex settings', ...Object.entries(root).map(([k, v]) => `${k} = ${lit(v)}   # keep ${k}`)];
        for (const [t, kv] of tableEntries) {
          lines.push('', `# table ${t}`, `[${t}]`, ...Object.entries(kv).map(([k, v]) => `${k} = ${lit(v)}`));
        }
        const text = `${lines.join('\n')}\n`;
        const current = new Map<string, unknown>([[file, parseConfig(text, 'toml', file)]]);
        const plan = AGENTS.codex.plan(env, choice({ protocol: 'responses' }), current);
        const after = apply(text, plan.edits, file);
        const parsed = parseConfig(after, 'toml', file) as Record<string, unknown>;
        for (const [k, v] of Object.entries(root)) expect(parsed[k]).toEqual(v);
        for (const [t, kv] of tableEntries) expect(parsed[t]).toEqual(kv);
        for (const line of lines.filter((l) => l.startsWith('#') || l.includes('# keep'))) expect(after).toContain(line);
        expect(parsed.model).toBe('m-main');
        expect(parsed.model_provider).toBe('gateway');
        expect((parsed.model_providers as Record<string, Record<string, unknown>>).gateway?.base_url).toBe('https://gw.example.com/v1');
        expect(apply(after, plan.edits, file)).toBe(after);
      }),
    );
  });

  it('Codex .env (dotenv): other variables and comments survive', () => {
    const file = '/home/u/.codex/.env';
    const name = fc.stringMatching(/^[A-Z][A-Z0-9_]{0,8}$/).filter((k) => k !== 'GATEWAY_API_KEY');
    const value = fc.stringMatching(/^[A-Za-z0-9_./:-]{0,12}$/);
    check(
      fc.property(fc.dictionary(name, value, { maxKeys: 5 }), (vars) => {
        const text = `# my env\n${Object.entries(vars)
          .map(([k, v]) => `${k}=${v}`)
          .join('\n')}\n`;
        const current = new Map<string, unknown>([[file, parseConfig(text, 'dotenv', file)]]);
        const plan = AGENTS.codex.plan(env, choice({ protocol: 'responses' }), current);
        const after = apply(text, plan.edits, file);
        const parsed = parseConfig(after, 'dotenv', file) as Record<string, string>;
        for (const [k, v] of Object.entries(vars)) expect(parsed[k]).toBe(v);
        expect(parsed.GATEWAY_API_KEY).toBe(KEY);
        expect(after.startsWith('# my env\n')).toBe(true);
        expect(apply(after, plan.edits, file)).toBe(after);
      }),
    );
  });
});

// The same property for every file of every agent, derived from the registry and the fixtures: a
// new agent is covered here by its module alone. Random top-level keys (none that the agent's own
// plan writes) are added to a file in its format; after setup's edits each keeps its value, and a
// second application changes nothing.
const GENERATORS: Partial<Record<FileFormat, (doc: Record<string, unknown>) => string>> = {
  json: (doc) => `${JSON.stringify(doc, null, 2)}\n`,
  jsonc: (doc) => `// mine\n${JSON.stringify(doc, null, 2)}\n`,
  toml: (doc) =>
    `# mine\n${Object.entries(doc)
      .map(([k, v]) => `${k} = ${JSON.stringify(v)}`)
      .join('\n')}\n`,
  dotenv: (doc) =>
    `# mine\n${Object.entries(doc)
      .map(([k, v]) => `${k.toUpperCase()}=${String(v).replace(/[^\w./:-]/g, '')}`)
      .join('\n')}\n`,
  // Keys quoted: `null`, `true` or `on` bare would not be string keys.
  yaml: (doc) =>
    `# mine\n${Object.entries(doc)
      .map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}  # keep ${k}`)
      .join('\n')}\n`,
};
const flatScalar = fc.oneof(
  fc.stringMatching(/^[ -~]{0,10}$/).filter((s) => !s.includes('\\')),
  fc.integer({ min: -1000, max: 1000 }),
  fc.boolean(),
);
const matrix = FIXTURES.flatMap((f) =>
  AGENTS[f.id].files(env, 'user').map((file) => ({ id: f.id, protocol: f.protocols[0] ?? 'chat', file })),
);

describe.each(matrix)('generated $file.format for $id keep every key that is not ours', ({ id, protocol, file }) => {
  it(file.path, () => {
    const agent = AGENTS[id];
    const generate = GENERATORS[file.format];
    expect(generate, `a generator for ${file.format}`).toBeDefined();
    const ask = choice({ protocol, smallModelProtocol: protocol });
    // The names the agent's plan writes at the top of this file, on an empty home.
    const ours = new Set(
      agent
        .plan(env, ask, new Map())
        .edits.filter((e) => e.path === file.path)
        .flatMap((e) => e.edits.map((k) => String(k.path[0]).toLowerCase())),
    );
    const name = fc
      .stringMatching(/^[a-z][a-z0-9_]{0,8}$/)
      .filter((k) => !ours.has(k) && !['constructor', 'prototype', 'tostring', 'valueof', 'hasownproperty', '__proto__'].includes(k));
    check(
      fc.property(fc.dictionary(name, flatScalar, { minKeys: 1, maxKeys: 5 }), (raw) => {
        // dotenv holds strings only, under upper-case names.
        const doc =
          file.format === 'dotenv'
            ? Object.fromEntries(Object.entries(raw).map(([k, v]) => [k.toUpperCase(), String(v).replace(/[^\w./:-]/g, '')]))
            : raw;
        const text = generate!(raw);
        const current = new Map<string, unknown>([[file.path, parseConfig(text, file.format, file.path)]]);
        const plan = agent.plan(env, ask, current);
        const after = apply(text, plan.edits, file.path);
        const parsed = parseConfig(after, file.format, file.path) as Record<string, unknown>;
        for (const [k, v] of Object.entries(doc)) expect(parsed[k], k).toEqual(v);
        expect(after.startsWith(text.split('\n')[0]!)).toBe(true);
        expect(apply(after, plan.edits, file.path)).toBe(after);
      }),
    );
  });
});
