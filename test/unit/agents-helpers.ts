// Shared test data for the agent modules: models with each gateway channel's marks, machine facts
// per platform, and a plain in-memory applier for KeyEdits (the text executor lives in src/config).
import { expect, it } from 'vitest';
import type { Agent, AgentChoice, AgentEnv, AgentPlan, CurrentFiles } from '../../src/agents/types.js';
import type { KeyEdit } from '../../src/config/types.js';
import type { ClassifiedModel, Protocol, Suitability } from '../../src/core/types.js';
import { inEnglish } from '../helpers/english.js';
import { commas, msg } from '../../src/i18n/index.js';

/** The classification rule, written out by hand for the tests. */
export function model(id: string, marks: string[] | undefined): ClassifiedModel {
  if (!marks) {
    return { id, marked: false, protocols: { messages: 'probe', responses: 'probe', chat: 'probe', images: 'probe' } };
  }
  const has = (m: string): boolean => marks.includes(m);
  const protocols: Record<Protocol, Suitability> = {
    messages: has('anthropic') ? 'yes' : 'no',
    responses: has('openai-response') ? 'yes' : has('openai') && !has('anthropic') ? 'probe' : 'no',
    chat: has('openai') ? 'yes' : 'no',
    images: has('image-generation') ? 'yes' : 'no',
  };
  const out: ClassifiedModel = { id, marks, marked: true, protocols };
  if (Object.values(protocols).every((s) => s === 'no')) out.notForAgents = msg('classify.not_chat', { marks: commas(marks) });
  return out;
}

export const CHANNELS = {
  anthropic: model('claude-sonnet-4-5', ['anthropic', 'openai']),
  openai: model('gpt-4.1', ['openai']),
  codex: model('gpt-5.1-codex', ['openai-response', 'openai-response-compact', 'openai-alpha-search']),
  xai: model('grok-4', ['openai', 'openai-response']),
  gemini: model('gemini-2.5-pro', ['gemini', 'openai']),
  image: model('gpt-image-1', ['image-generation', 'openai']),
  embeddings: model('text-embedding-3-small', ['embeddings']),
  unmarked: model('mystery-model', undefined),
} as const;
export type Channel = keyof typeof CHANNELS;

export const KEY = 'sk-gatewaykey0123456789abcdefghijklmnopqrstuvwxyzABCD';
export const OTHER_KEY = 'sk-shellkey99999999999999999999999999999999999999';
export const ROOT = 'https://gw.example.com';

export function linuxEnv(env: Record<string, string | undefined> = {}): AgentEnv {
  return { home: '/home/dev', env, cwd: '/home/dev/projects/app', platform: 'linux' };
}
export function darwinEnv(env: Record<string, string | undefined> = {}): AgentEnv {
  return { home: '/Users/dev', env, cwd: '/Users/dev/projects/app', platform: 'darwin' };
}
export function winEnv(env: Record<string, string | undefined> = {}): AgentEnv {
  return { home: 'C:\\Users\\dev', env, cwd: 'C:\\Users\\dev\\projects\\app', platform: 'win32' };
}

export function choice(over: Partial<AgentChoice> = {}): AgentChoice {
  return {
    root: ROOT,
    v1: `${ROOT}/v1`,
    key: KEY,
    keyEnvVar: 'GATEWAY_API_KEY',
    model: 'claude-sonnet-4-5',
    protocol: 'messages',
    scope: 'user',
    keyStorage: 'file',
    ...over,
  };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Applies KeyEdits to a plain document the way the executor must: set, create parents, delete. */
function applyEdits(doc: unknown, edits: readonly KeyEdit[]): Record<string, unknown> {
  const root = structuredClone(isObject(doc) ? doc : {}) as Record<string, unknown>;
  for (const edit of edits) {
    let node: Record<string, unknown> | unknown[] = root;
    const path = edit.path;
    for (let i = 0; i < path.length - 1; i++) {
      const k = path[i]!;
      const next = (node as Record<string | number, unknown>)[k];
      if (typeof next !== 'object' || next === null) {
        const created = typeof path[i + 1] === 'number' ? [] : {};
        (node as Record<string | number, unknown>)[k] = created;
        node = created;
      } else node = next as Record<string, unknown>;
    }
    const last = path[path.length - 1]!;
    if (edit.insert && Array.isArray(node) && typeof last === 'number') node.splice(last, 0, structuredClone(edit.value));
    else if (edit.value === undefined) {
      if (Array.isArray(node) && typeof last === 'number') node.splice(last, 1);
      else delete (node as Record<string | number, unknown>)[last];
    } else (node as Record<string | number, unknown>)[last] = structuredClone(edit.value);
  }
  return root;
}

/** The parsed files after applying a plan to `before` (a map of path → parsed content). */
export function applyPlan(before: CurrentFiles, plan: AgentPlan): Map<string, unknown> {
  const after = new Map(before);
  for (const file of plan.edits) after.set(file.path, applyEdits(after.get(file.path), file.edits));
  return after;
}

export function files(entries: Record<string, unknown> = {}): CurrentFiles {
  return new Map(Object.entries(entries));
}

/** Every string value anywhere in a document. */
export function strings(doc: unknown): string[] {
  if (typeof doc === 'string') return [doc];
  if (Array.isArray(doc)) return doc.flatMap(strings);
  if (isObject(doc)) return Object.values(doc).flatMap(strings);
  return [];
}

/** One row per gateway channel: the protocol the agent speaks to that channel's models, or false. */
export type FitRow = [Channel, Protocol | false, boolean?];

/** Agents with a provider per protocol: messages when marked `anthropic`, else chat, else Responses; unmarked over chat, probed. */
export const MESSAGES_CHAT_RESPONSES: readonly FitRow[] = [
  ['anthropic', 'messages', false],
  ['openai', 'chat', false],
  ['codex', 'responses', false],
  ['xai', 'chat', false],
  ['gemini', 'chat', false],
  ['image', false],
  ['embeddings', false],
  ['unmarked', 'chat', true],
];

/** Agents that speak chat completions only: a Responses-only model does not fit. */
export const CHAT_ONLY: readonly FitRow[] = [
  ['anthropic', 'chat', false],
  ['openai', 'chat', false],
  ['codex', false],
  ['xai', 'chat', false],
  ['gemini', 'chat', false],
  ['image', false],
  ['embeddings', false],
  ['unmarked', 'chat', true],
];

/** The fit table of one agent, as one test per channel. */
export function itFits(agent: Agent, table: readonly FitRow[]): void {
  it.each(table)('%s → %s', (channel, protocol, needsProbe) => {
    const fit = inEnglish(agent.fit(CHANNELS[channel]));
    if (protocol !== false) expect(fit).toEqual({ ok: true, protocol, needsProbe });
    else if (fit.ok) expect.fail(`${channel} should not suit ${agent.name}`);
    else expect(fit.reason.length).toBeGreaterThan(10);
  });
}
