// Where each agent keeps its user config, per platform, with and without its override variable:
// one table for every agent × {linux, darwin, win32} × {default, override}, as each
// agent resolves it itself. Windows paths are computed with path.win32 on this Linux machine.
// The home has a non-ASCII user name, as many Windows accounts do.
import { describe, expect, it } from 'vitest';
import { AGENTS, type AgentId } from '../../src/agents/registry.js';
import type { AgentEnv } from '../../src/agents/types.js';

type Platform = 'linux' | 'darwin' | 'win32';

const HOME: Record<Platform, string> = { linux: '/home/李雷', darwin: '/Users/李雷', win32: 'C:\\Users\\李雷' };
const CWD: Record<Platform, string> = { linux: '/home/李雷/app', darwin: '/Users/李雷/app', win32: 'D:\\work\\app' };
const agentEnv = (platform: Platform, env: Record<string, string> = {}): AgentEnv => ({ home: HOME[platform], cwd: CWD[platform], platform, env });

interface Row {
  agent: AgentId;
  platform: Platform;
  env: Record<string, string>;
  paths: string[];
}

const rows: Row[] = [
  // Claude Code: ~/.claude/settings.json and ~/.claude.json; CLAUDE_CONFIG_DIR moves both.
  { agent: 'claude-code', platform: 'linux', env: {}, paths: ['/home/李雷/.claude/settings.json', '/home/李雷/.claude.json'] },
  { agent: 'claude-code', platform: 'darwin', env: {}, paths: ['/Users/李雷/.claude/settings.json', '/Users/李雷/.claude.json'] },
  { agent: 'claude-code', platform: 'win32', env: {}, paths: ['C:\\Users\\李雷\\.claude\\settings.json', 'C:\\Users\\李雷\\.claude.json'] },
  { agent: 'claude-code', platform: 'linux', env: { CLAUDE_CONFIG_DIR: '/cfg/claude' }, paths: ['/cfg/claude/settings.json', '/cfg/claude/.claude.json'] },
  { agent: 'claude-code', platform: 'darwin', env: { CLAUDE_CONFIG_DIR: 'cfg' }, paths: ['/Users/李雷/app/cfg/settings.json', '/Users/李雷/app/cfg/.claude.json'] },
  { agent: 'claude-code', platform: 'win32', env: { CLAUDE_CONFIG_DIR: 'E:\\claude' }, paths: ['E:\\claude\\settings.json', 'E:\\claude\\.claude.json'] },
  // Codex: ~/.codex/config.toml and the .env beside it; CODEX_HOME moves both.
  { agent: 'codex', platform: 'linux', env: {}, paths: ['/home/李雷/.codex/config.toml', '/home/李雷/.codex/.env'] },
  { agent: 'codex', platform: 'darwin', env: {}, paths: ['/Users/李雷/.codex/config.toml', '/Users/李雷/.codex/.env'] },
  { agent: 'codex', platform: 'win32', env: {}, paths: ['C:\\Users\\李雷\\.codex\\config.toml', 'C:\\Users\\李雷\\.codex\\.env'] },
  { agent: 'codex', platform: 'linux', env: { CODEX_HOME: '/opt/codex' }, paths: ['/opt/codex/config.toml', '/opt/codex/.env'] },
  { agent: 'codex', platform: 'darwin', env: { CODEX_HOME: '/opt/codex' }, paths: ['/opt/codex/config.toml', '/opt/codex/.env'] },
  { agent: 'codex', platform: 'win32', env: { CODEX_HOME: 'E:\\codex' }, paths: ['E:\\codex\\config.toml', 'E:\\codex\\.env'] },
  // OpenCode: xdg-basedir's ~/.config on every platform, Windows included (not %APPDATA%).
  { agent: 'opencode', platform: 'linux', env: {}, paths: ['/home/李雷/.config/opencode/opencode.jsonc', '/home/李雷/.config/opencode/opencode.json'] },
  { agent: 'opencode', platform: 'darwin', env: {}, paths: ['/Users/李雷/.config/opencode/opencode.jsonc', '/Users/李雷/.config/opencode/opencode.json'] },
  { agent: 'opencode', platform: 'win32', env: { APPDATA: 'C:\\Users\\李雷\\AppData\\Roaming' }, paths: ['C:\\Users\\李雷\\.config\\opencode\\opencode.jsonc', 'C:\\Users\\李雷\\.config\\opencode\\opencode.json'] },
  { agent: 'opencode', platform: 'linux', env: { XDG_CONFIG_HOME: '/xdg' }, paths: ['/xdg/opencode/opencode.jsonc', '/xdg/opencode/opencode.json'] },
  { agent: 'opencode', platform: 'darwin', env: { XDG_CONFIG_HOME: '/xdg' }, paths: ['/xdg/opencode/opencode.jsonc', '/xdg/opencode/opencode.json'] },
  { agent: 'opencode', platform: 'win32', env: { XDG_CONFIG_HOME: 'E:\\xdg' }, paths: ['E:\\xdg\\opencode\\opencode.jsonc', 'E:\\xdg\\opencode\\opencode.json'] },
  // Qwen Code: ~/.qwen/settings.json; QWEN_HOME, with a leading ~ expanded by Qwen Code itself.
  { agent: 'qwen-code', platform: 'linux', env: {}, paths: ['/home/李雷/.qwen/settings.json'] },
  { agent: 'qwen-code', platform: 'darwin', env: {}, paths: ['/Users/李雷/.qwen/settings.json'] },
  { agent: 'qwen-code', platform: 'win32', env: {}, paths: ['C:\\Users\\李雷\\.qwen\\settings.json'] },
  { agent: 'qwen-code', platform: 'linux', env: { QWEN_HOME: '/q' }, paths: ['/q/settings.json'] },
  { agent: 'qwen-code', platform: 'darwin', env: { QWEN_HOME: '~/q' }, paths: ['/Users/李雷/q/settings.json'] },
  { agent: 'qwen-code', platform: 'win32', env: { QWEN_HOME: '~\\q' }, paths: ['C:\\Users\\李雷\\q\\settings.json'] },
  // Cline: ~/.cline/data/settings/providers.json; CLINE_DIR (<dir>/data/settings), CLINE_DATA_DIR (<dir>/settings).
  { agent: 'cline', platform: 'linux', env: {}, paths: ['/home/李雷/.cline/data/settings/providers.json'] },
  { agent: 'cline', platform: 'darwin', env: {}, paths: ['/Users/李雷/.cline/data/settings/providers.json'] },
  { agent: 'cline', platform: 'win32', env: {}, paths: ['C:\\Users\\李雷\\.cline\\data\\settings\\providers.json'] },
  { agent: 'cline', platform: 'linux', env: { CLINE_DIR: '/c' }, paths: ['/c/data/settings/providers.json'] },
  { agent: 'cline', platform: 'darwin', env: { CLINE_DATA_DIR: '/d' }, paths: ['/d/settings/providers.json'] },
  { agent: 'cline', platform: 'win32', env: { CLINE_DIR: 'E:\\cline' }, paths: ['E:\\cline\\data\\settings\\providers.json'] },
];

describe('user config paths per platform', () => {
  it.each(rows)('$agent on $platform with $env', ({ agent, platform, env, paths }) => {
    expect(AGENTS[agent].files(agentEnv(platform, env), 'user').map((f) => f.path)).toEqual(paths);
  });

  it('covers every supported agent × platform × {default, override}', () => {
    const seen = new Set(rows.map((r) => `${r.agent} ${r.platform} ${Object.keys(r.env).some((k) => k !== 'APPDATA') ? 'override' : 'default'}`));
    const ids = Object.keys(AGENTS).filter((id) => AGENTS[id as AgentId].unsupported === undefined);
    for (const id of ids) for (const platform of ['linux', 'darwin', 'win32']) for (const kind of ['default', 'override']) expect(seen).toContain(`${id} ${platform} ${kind}`);
  });

  it('a blank override is unset, as the agents treat `VAR=`', () => {
    expect(AGENTS['qwen-code'].files(agentEnv('win32', { QWEN_HOME: ' ' }), 'user')[0]!.path).toBe('C:\\Users\\李雷\\.qwen\\settings.json');
    expect(AGENTS.codex.files(agentEnv('darwin', { CODEX_HOME: '' }), 'user')[0]!.path).toBe('/Users/李雷/.codex/config.toml');
  });

  it("a tilde is the home only for the agent that expands it (Qwen Code); elsewhere it is a relative name", () => {
    expect(AGENTS['qwen-code'].files(agentEnv('linux', { QWEN_HOME: '~' }), 'user')[0]!.path).toBe('/home/李雷/settings.json');
    expect(AGENTS.codex.files(agentEnv('linux', { CODEX_HOME: '~/c' }), 'user')[0]!.path).toBe('/home/李雷/app/~/c/config.toml');
  });
});
