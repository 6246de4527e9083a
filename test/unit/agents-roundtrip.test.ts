// Agent × fixture × scope × key storage: plan against the parsed files, turn the edits into text
// with the real executor (editText), parse the result back, and read it as the agent would. The URL
// must be exactly root + the protocol's path, with the right model and key; what was not ours
// must still be in the text.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { posix } from 'node:path';
import { claudePaths } from '../../src/agents/claude-code/index.js';
import { AGENTS, type AgentId } from '../../src/agents/registry.js';
import type { AgentEnv, KeyStorage, Scope } from '../../src/agents/types.js';
import { editText, parseConfig } from '../../src/config/index.js';
import { PROTOCOL_PATHS, type Protocol } from '../../src/core/types.js';
import { FIXTURES } from '../fixtures/agents/index.js';
import { KEY, ROOT, choice, linuxEnv } from './agents-helpers.js';
import { inEnglish } from '../helpers/english.js';

const fixture = (name: string): string => readFileSync(new URL(`../fixtures/agents/${name}`, import.meta.url), 'utf8');

interface Case {
  agent: AgentId;
  protocol: Protocol;
  model: string;
  /** The lived-in files at their agent paths, and strings that must survive the edit. */
  lived: (env: AgentEnv) => Record<string, string>;
  keep: readonly string[];
  /** Files a team commits in project scope: never the key. */
  committed: (env: AgentEnv) => string[];
  /** The agent reads only a literal key, so the key is in a file whatever the storage asked. */
  literalKeyOnly: boolean;
}

// Every agent with its fixtures (test/fixtures/agents/<id>/), in every protocol it is tried in.
const CASES: Case[] = FIXTURES.flatMap((f) =>
  f.protocols.map((protocol) => ({
    agent: f.id,
    protocol,
    model: f.model,
    lived: (env: AgentEnv) => Object.fromEntries(Object.entries(f.texts).map(([rel, text]) => [posix.join(env.home, rel), text])),
    keep: f.keep,
    committed: f.committed,
    literalKeyOnly: f.envReference === undefined,
  })),
);

const matrix = CASES.flatMap((c) =>
  (['lived-in', 'fresh'] as const).flatMap((start) =>
    (['user', 'project'] as const).flatMap((scope: Scope) =>
      (['file', 'env'] as const).map((keyStorage: KeyStorage) => ({ c, start, scope, keyStorage })),
    ),
  ),
);

describe.each(matrix)('$c.agent $c.protocol, $start, $scope scope, $keyStorage storage', ({ c, start, scope, keyStorage }) => {
  it('reads back root + the protocol path, the model and the key', () => {
    const env = linuxEnv(keyStorage === 'env' ? { GATEWAY_API_KEY: KEY } : {});
    const agent = AGENTS[c.agent];
    const texts = new Map<string, string | undefined>(Object.entries(start === 'lived-in' ? c.lived(env) : {}));
    const parseAll = (): Map<string, unknown> => {
      const m = new Map<string, unknown>();
      for (const f of agent.files(env, scope)) {
        const text = texts.get(f.path);
        m.set(f.path, text === undefined ? undefined : parseConfig(text, f.format, f.path));
      }
      return m;
    };

    const plan = agent.plan(env, choice({ model: c.model, protocol: c.protocol, scope, keyStorage }), parseAll());
    for (const fe of plan.edits) texts.set(fe.path, editText(texts.get(fe.path), fe.format, fe.edits, fe.path, fe.template));

    // The user follows the plan's advice: a variable it names is exported before the agent runs.
    const after = plan.exportVar ? { ...env, env: { ...env.env, [plan.exportVar]: KEY } } : env;
    const request = inEnglish(agent.readBack(after, scope, parseAll()));
    if (typeof request === 'string') throw new Error(request);
    expect(request.url).toBe(`${ROOT}${PROTOCOL_PATHS[c.protocol]}`);
    expect(request.protocol).toBe(c.protocol);
    expect(request.model).toBe(c.model);
    expect(request.key).toBe(KEY);

    for (const path of c.committed(env)) expect(texts.get(path) ?? '').not.toContain(KEY);
    if (keyStorage === 'env' && !c.literalKeyOnly) {
      for (const [path, text] of texts) expect(text ?? '', path).not.toContain(KEY);
    }
    if (start === 'lived-in') {
      const all = [...texts.values()].join('\n');
      for (const s of c.keep) expect(all).toContain(s);
    }
  });
});

describe('round trip details', () => {
  it('a second setup over the first changes nothing', () => {
    for (const c of CASES) {
      const env = linuxEnv();
      const agent = AGENTS[c.agent];
      const texts = new Map<string, string | undefined>(Object.entries(c.lived(env)));
      const once = (): void => {
        const current = new Map(
          agent.files(env, 'user').map((f) => {
            const t = texts.get(f.path);
            return [f.path, t === undefined ? undefined : parseConfig(t, f.format, f.path)] as const;
          }),
        );
        const plan = agent.plan(env, choice({ model: c.model, protocol: c.protocol }), current);
        for (const fe of plan.edits) texts.set(fe.path, editText(texts.get(fe.path), fe.format, fe.edits, fe.path, fe.template));
      };
      once();
      const first = new Map(texts);
      once();
      expect(texts, c.agent).toEqual(first);
    }
  });

  it('the stale relay key and the doubled /v1 in the lived-in Claude settings are gone', () => {
    const env = linuxEnv();
    const path = claudePaths(env).userSettings;
    const before = fixture('claude-code/settings.lived-in.json');
    const plan = AGENTS['claude-code'].plan(env, choice(), new Map([[path, parseConfig(before, 'json', path)]]));
    const after = editText(before, 'json', plan.edits.find((e) => e.path === path)!.edits, path);
    expect(after).not.toContain('sk-old-relay-key');
    expect(after).not.toContain('old-relay.example.com/v1');
  });
});
