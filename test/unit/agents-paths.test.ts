// Where each agent keeps its user config, per platform, with and without its override variable:
// one table for every agent × {linux, darwin, win32} × {default, override}, as each
// agent resolves it itself. Windows paths are computed with path.win32 on this Linux machine.
// The home has a non-ASCII user name, as many Windows accounts do.
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pathFor } from '../../src/agents/paths.js';
import { AGENTS, SUPPORTED_AGENT_IDS, type AgentId } from '../../src/agents/registry.js';
import type { AgentEnv } from '../../src/agents/types.js';
import { FIXTURES, type Platform } from '../fixtures/agents/index.js';

const HOME: Record<Platform, string> = { linux: '/home/李雷', darwin: '/Users/李雷', win32: 'C:\\Users\\李雷' };
const CWD: Record<Platform, string> = { linux: '/home/李雷/app', darwin: '/Users/李雷/app', win32: 'D:\\work\\app' };
const agentEnv = (platform: Platform, env: Readonly<Record<string, string>> = {}): AgentEnv => ({
  home: HOME[platform],
  cwd: CWD[platform],
  platform,
  env,
});

interface Row {
  agent: AgentId;
  platform: Platform;
  env: Readonly<Record<string, string>>;
  paths: readonly string[];
}

// Each agent's rows live in its fixture folder (test/fixtures/agents/<id>/fixture.ts).
const rows: Row[] = FIXTURES.flatMap((f) => f.paths.map((r) => ({ agent: f.id, ...r })));

describe('user config paths per platform', () => {
  it.each(rows)('$agent on $platform with $env', ({ agent, platform, env, paths }) => {
    expect(AGENTS[agent].files(agentEnv(platform, env), 'user').map((f) => f.path)).toEqual(paths);
  });

  it('covers every supported agent × platform × {default, override}', () => {
    const seen = new Set(
      rows.map((r) => `${r.agent} ${r.platform} ${Object.keys(r.env).some((k) => k !== 'APPDATA') ? 'override' : 'default'}`),
    );
    for (const id of SUPPORTED_AGENT_IDS)
      for (const platform of ['linux', 'darwin', 'win32'])
        for (const kind of ['default', 'override']) expect(seen).toContain(`${id} ${platform} ${kind}`);
  });

  it('a blank override is unset, as the agents treat `VAR=`', () => {
    expect(AGENTS['qwen-code'].files(agentEnv('win32', { QWEN_HOME: ' ' }), 'user')[0]!.path).toBe('C:\\Users\\李雷\\.qwen\\settings.json');
    expect(AGENTS.codex.files(agentEnv('darwin', { CODEX_HOME: '' }), 'user')[0]!.path).toBe('/Users/李雷/.codex/config.toml');
  });

  it('a tilde is the home only for the agent that expands it (Qwen Code); elsewhere it is a relative name', () => {
    expect(AGENTS['qwen-code'].files(agentEnv('linux', { QWEN_HOME: '~' }), 'user')[0]!.path).toBe('/home/李雷/settings.json');
    expect(AGENTS.codex.files(agentEnv('linux', { CODEX_HOME: '~/c' }), 'user')[0]!.path).toBe('/home/李雷/app/~/c/config.toml');
  });
});

describe("pathFor's join, each path answered once per run", () => {
  const segment = fc.oneof(
    fc.constantFrom('', '.', '..', '/', '\\', 'C:', 'C:\\', '\\\\server\\share', '~', 'a\u0000b', '.config', '李雷'),
    fc.string({ maxLength: 12 }),
  );

  it.each([
    ['linux', path.posix],
    ['win32', path.win32],
  ] as const)('%s: the same answers as Node’s own, asked again and again', (platform, own) => {
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 5 }), (parts) => {
        const join = pathFor(platform).join;
        expect(join(...parts)).toBe(own.join(...parts));
        expect(join(...parts)).toBe(own.join(...parts));
      }),
      { numRuns: 2_000 },
    );
  });

  it('never mistakes one list of parts for another that reads alike', () => {
    const join = pathFor('linux').join;
    expect(join('a\u0000b')).toBe('a\u0000b');
    expect(join('a', 'b')).toBe('a/b');
    expect(join('a,b')).toBe('a,b');
    expect(join('a', ',b')).toBe('a/,b');
  });

  it('keeps answering right past its bound (the map is emptied, not wrong)', () => {
    const join = pathFor('linux').join;
    for (let i = 0; i < 2_500; i++) expect(join('/home', `u${i}`, '..', 'x')).toBe(`/home/x`);
    for (let i = 0; i < 2_500; i++) expect(join('/home', `u${i}`)).toBe(`/home/u${i}`);
  });
});
