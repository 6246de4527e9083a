// Generated existing JSON and JSONC configs (fast-check) for every agent that keeps one: Claude Code
// (settings.json and ~/.claude.json), Qwen Code, Cline, OpenCode. Random unknown keys at any depth
// (inside the blocks we edit too: env, modelProviders, providers, provider), any layout (indent, CRLF,
// one line, BOM, no final newline) and, for JSONC, comments and trailing commas. One run is what setup
// does per file (agent.plan on the parsed files, then editText); then:
// - every leaf of the old file that no edit touches keeps its value, every object its key order;
// - every comment, the BOM, the line endings and the final newline are kept;
// - each edit holds the value asked, and the agent's own read-back finds the gateway, model and key;
// - a second run (planned again from the new files) changes nothing.
// Bounded: RUNS per agent with a fixed seed (fast-check prints seed and path on failure).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AGENTS, type AgentId } from '../../src/agents/registry.js';
import type { Agent, AgentChoice, AgentEnv } from '../../src/agents/types.js';
import { editText, parseConfig } from '../../src/config/index.js';
import type { FileEdit, FileFormat, KeyPath } from '../../src/config/types.js';
import { getIn } from '../../src/config/values.js';
import { renderJson, type Layout } from '../helpers/json-render.js';
import { inEnglish } from '../helpers/english.js';

export const RUNS = Number(process.env.GEN_RUNS ?? 250);
export const SEED = Number(process.env.GEN_SEED ?? 20261122);
const KEY = 'sk-genkeygenkeygenkeygenkeygenkeygenkeygenkeygenk';
const ROOT = 'https://gw.example.com';

// Any key at all below the top level (quotes, backslashes, unicode, names we own elsewhere).
const anyKey = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('env', 'model', 'apiKey', 'baseURL', 'a"b', 'back\\slash', 'ünï', ''));
const scalar = fc.oneof(
  fc.string({ maxLength: 10 }),
  fc.integer({ min: -1e6, max: 1e6 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }).map((x) => (x === 0 ? 0 : x)) /* JSON has no -0 */,
  fc.boolean(),
  fc.constant(null),
);
const tree: fc.Arbitrary<Record<string, unknown>> = fc.letrec((tie) => ({
  node: fc.dictionary(
    anyKey,
    fc.oneof({ depthSize: 'small' }, scalar, tie('node'), fc.array(fc.oneof(scalar, tie('node')), { maxLength: 3 })),
    { maxKeys: 4 },
  ),
})).node as fc.Arbitrary<Record<string, unknown>>;
// Top-level keys that are not the ones an agent edits (a top-level `model` string would be a file
// the agent itself rejects; those are the bad-input tests' business).
const OWNED_TOP = [
  'env',
  'model',
  'small_model',
  'provider',
  'modelProviders',
  'security',
  'providers',
  'lastUsedProvider',
  'version',
  'hasCompletedOnboarding',
  'apiKeyHelper',
  '$schema',
];
const topTree = tree.map((t) => Object.fromEntries(Object.entries(t).filter(([k]) => !OWNED_TOP.includes(k))));

const layout = (jsonc: boolean): fc.Arbitrary<Layout> =>
  fc.record({
    unit: fc.constantFrom('  ', '    ', '\t', ' '),
    eol: fc.constantFrom('\n' as const, '\r\n' as const),
    compact: fc.boolean(),
    jsonc: fc.constant(jsonc),
    commentEvery: jsonc ? fc.integer({ min: 0, max: 3 }) : fc.constant(0),
    trailingCommas: fc.boolean(),
    bom: fc.boolean(),
    finalEol: fc.boolean(),
  });

interface Case {
  agent: AgentId;
  protocol: fc.Arbitrary<AgentChoice['protocol']>;
  /** The files to generate (the agent's other files are absent), each a doc shaped like the real one. */
  docs: (env: AgentEnv) => fc.Arbitrary<Record<string, Record<string, unknown>>>;
}

const userVar = fc.stringMatching(/^[A-Z][A-Z0-9_]{0,10}$/);
const cases: Case[] = [
  {
    agent: 'claude-code',
    protocol: fc.constant('messages'),
    docs: (env) =>
      fc
        .record({
          settings: fc
            .tuple(topTree, fc.dictionary(userVar, fc.string({ maxLength: 8 }), { maxKeys: 4 }), fc.option(fc.constant('sk-stale-old-key')))
            .map(([t, e, stale]) => ({
              ...t,
              env: { ...e, ...(stale ? { ANTHROPIC_API_KEY: stale } : {}) },
            })),
          state: fc.tuple(topTree, fc.boolean()).map(([t, done]) => ({ ...t, hasCompletedOnboarding: done })),
        })
        .map(({ settings, state }) => ({ [`${env.home}/.claude/settings.json`]: settings, [`${env.home}/.claude.json`]: state })),
  },
  {
    agent: 'qwen-code',
    protocol: fc.constantFrom('chat', 'messages'),
    docs: (env) =>
      fc
        .tuple(
          topTree,
          fc.array(
            // (A foreign entry with our model's id is left alone with a note; Qwen Code may then pick it.)
            fc.record({
              id: fc.constantFrom('other', 'qwen3', 'm-small'),
              baseUrl: fc.constantFrom('http://localhost:1/v1', 'https://elsewhere.example/v1'),
              extra: scalar,
            }),
            { maxLength: 3 },
          ),
          tree,
          tree,
          tree,
        )
        .map(([t, foreign, security, model, providers]) => ({
          [`${env.home}/.qwen/settings.json`]: {
            ...t,
            modelProviders: { ...providers, openai: foreign, anthropic: foreign.slice(0, 1) },
            security: { ...security, auth: { useExternal: false } },
            model: { ...model, name: 'old-model' },
          },
        })),
  },
  {
    agent: 'cline',
    protocol: fc.constant('chat'),
    docs: (env) =>
      fc.tuple(topTree, tree, tree).map(([t, other, mine]) => ({
        [`${env.home}/.cline/data/settings/providers.json`]: {
          ...t,
          version: 1,
          lastUsedProvider: 'anthropic',
          providers: {
            anthropic: { settings: other },
            'openai-compatible': { settings: { ...mine, reasoningEffort: 'high' }, tokenSource: 'manual' },
          },
        },
      })),
  },
  {
    agent: 'opencode',
    protocol: fc.constantFrom('chat', 'messages', 'responses'),
    docs: (env) =>
      fc.tuple(topTree, tree, tree).map(([t, local, options]) => ({
        [`${env.home}/.config/opencode/opencode.jsonc`]: {
          $schema: 'https://opencode.ai/config.json',
          ...t,
          provider: { local: { ...local, npm: '@ai-sdk/openai-compatible', options: { ...options, baseURL: 'http://localhost:1/v1' } } },
          model: 'local/some-model',
        },
      })),
  },
];

/** Every leaf (scalar, empty object or array) with its path. */
function leaves(v: unknown, path: (string | number)[] = []): [KeyPath, unknown][] {
  if (v === null || typeof v !== 'object') return [[path, v]];
  const entries: [string | number, unknown][] = Array.isArray(v) ? v.map((x, i) => [i, x]) : Object.entries(v);
  if (entries.length === 0) return [[path, v]];
  return entries.flatMap(([k, x]) => leaves(x, [...path, k]));
}
/** Every object with its path. */
function objects(v: unknown, path: (string | number)[] = []): [KeyPath, Record<string, unknown>][] {
  if (v === null || typeof v !== 'object') return [];
  const entries: [string | number, unknown][] = Array.isArray(v) ? v.map((x, i) => [i, x]) : Object.entries(v);
  const here: [KeyPath, Record<string, unknown>][] = Array.isArray(v) ? [] : [[path, v as Record<string, unknown>]];
  return [...here, ...entries.flatMap(([k, x]) => objects(x, [...path, k]))];
}
const prefix = (a: KeyPath, b: KeyPath): boolean => a.length <= b.length && a.every((x, i) => x === b[i]);

/** One setup run in memory: plan from the parsed files, edit each file's text. */
function runOnce(
  agent: Agent,
  env: AgentEnv,
  choice: AgentChoice,
  texts: ReadonlyMap<string, string>,
): { out: Map<string, string>; edits: FileEdit[] } {
  const formats = new Map<string, FileFormat>(agent.files(env, 'user').map((f) => [f.path, f.format]));
  const current = new Map<string, unknown>(
    [...formats].map(([p, fmt]) => [p, texts.has(p) ? parseConfig(texts.get(p) as string, fmt, p) : undefined]),
  );
  const { edits } = agent.plan(env, choice, current);
  const out = new Map(texts);
  for (const e of edits) out.set(e.path, editText(out.get(e.path), e.format, e.edits, e.path, e.template));
  return { out, edits };
}

describe(`generated JSON/JSONC configs (${RUNS} runs per agent, seed ${SEED})`, () => {
  it.each(cases)('$agent: unknown keys, order, comments and layout survive; ours are set; a second run changes nothing', (c) => {
    const agent = AGENTS[c.agent];
    fc.assert(
      fc.property(
        c.docs({ home: '/home/u', cwd: '/home/u/p', platform: 'linux', env: {} }),
        layout(c.agent === 'opencode'),
        c.protocol,
        fc.constantFrom('file' as const, 'env' as const),
        (docs, lay, protocol, keyStorage) => {
          const env: AgentEnv = {
            home: '/home/u',
            cwd: '/home/u/p',
            platform: 'linux',
            env: keyStorage === 'env' ? { GATEWAY_API_KEY: KEY } : {},
          };
          const choice: AgentChoice = {
            root: ROOT,
            v1: `${ROOT}/v1`,
            key: KEY,
            keyEnvVar: 'GATEWAY_API_KEY',
            model: 'm-main',
            protocol,
            smallModel: 'm-small',
            smallModelProtocol: protocol,
            scope: 'user',
            keyStorage,
          };
          const rendered = new Map(Object.entries(docs).map(([p, d]) => [p, renderJson(d, lay)]));
          const texts = new Map([...rendered].map(([p, r]) => [p, r.text]));
          const { out, edits } = runOnce(agent, env, choice, texts);

          for (const [path, { text: before, comments }] of rendered) {
            const after = out.get(path) as string;
            const fmt = agent.files(env, 'user').find((f) => f.path === path)?.format ?? 'json';
            const doc = parseConfig(after, fmt, path);
            const mine = edits.filter((e) => e.path === path).flatMap((e) => e.edits);
            const owned = (p: KeyPath): boolean => mine.some((e) => prefix(e.path, p) || prefix(p, e.path));
            for (const [p, v] of leaves(docs[path])) if (!owned(p)) expect(getIn(doc, p), `${path} ${JSON.stringify(p)}`).toEqual(v);
            for (const [p, o] of objects(docs[path])) {
              if (mine.some((e) => prefix(e.path, p))) continue; // replaced by one of our values
              const now = getIn(doc, p) as Record<string, unknown>;
              const kept = Object.keys(o).filter((k) => Object.hasOwn(now, k));
              expect(
                Object.keys(now).filter((k) => Object.hasOwn(o, k)),
                `key order at ${JSON.stringify(p)}`,
              ).toEqual(kept);
            }
            for (const e of mine) {
              if (e.value === undefined) expect(getIn(doc, e.path), `${JSON.stringify(e.path)} removed`).toBeUndefined();
              else expect(getIn(doc, e.path), JSON.stringify(e.path)).toEqual(e.value);
            }
            for (const comment of comments) expect(after, comment).toContain(comment);
            expect(after.startsWith('\uFEFF')).toBe(before.startsWith('\uFEFF'));
            if (before.includes('\n')) expect(/(?<!\r)\n/.test(after)).toBe(lay.eol === '\n');
            expect(/\n$/.test(after)).toBe(/\n$/.test(before));
          }
          // The agent's own read-back of the files finds the gateway, the model and the key.
          const formats = agent.files(env, 'user');
          const request = inEnglish(
            agent.readBack(
              env,
              'user',
              new Map(formats.map((f) => [f.path, out.has(f.path) ? parseConfig(out.get(f.path) as string, f.format, f.path) : undefined])),
            ),
          );
          if (typeof request === 'string') throw new Error(request);
          expect(request.url.startsWith(ROOT)).toBe(true);
          expect(request.url).not.toContain('/v1/v1');
          expect(request.model).toBe('m-main');
          expect(request.key).toBe(KEY);
          // A second run, planned from the files the first one wrote, changes nothing.
          const again = runOnce(agent, env, choice, out).out;
          for (const [p, t] of out) expect(again.get(p), `second run on ${p}`).toBe(t);
        },
      ),
      { numRuns: RUNS, seed: SEED, verbose: 1 },
    );
  });
});
