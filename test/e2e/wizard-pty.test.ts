// The wizard in a real pseudo-terminal (tmux, 80×24), typed like a person: the screen and the
// files written; Ctrl-C and Esc mid-way, which must exit 130 with nothing written; and without a
// terminal, exit 2 naming what `setup` needs instead of waiting for input that cannot come.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY, VIP_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { visibleLength } from '../../src/core/layout.js';
import { runCli, tempHome } from '../helpers/cli.js';
import { CHINESE, englishLeaks } from '../helpers/lang.js';
import { startPty } from '../helpers/pty.js';
import { startSim, stopAll } from '../helpers/sim.js';
import { AGENTS, SUPPORTED_AGENT_IDS } from '../../src/agents/registry.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);

const baseEnv = (home: string, extra: Record<string, string> = {}): Record<string, string> => ({
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: home,
  ...extra,
});

/** Every file under `dir` (relative paths) with its content. */
function tree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(relative(dir, p), readFileSync(p, 'utf8'));
    }
  };
  walk(dir);
  return out;
}

/**
 * Lines the program printed wider than 80 columns (captured with -J: wrapped lines joined),
 * measured as a terminal does: a Chinese character takes two columns.
 */
const tooWide = (screen: string): string[] => screen.split('\n').filter((l) => visibleLength(l.trimEnd()) > 80);

describe('wizard in a terminal', () => {
  it('an empty address asks for the import link at a hidden prompt: the key never shows', async () => {
    const { dir: home, remove } = tempHome();
    const pty = await startPty([], { env: baseEnv(home), cwd: home });
    try {
      const link = `ccswitch://v1/import?${new URLSearchParams({ resource: 'provider', app: 'codex', name: 'Team', endpoint: `${sim.root}/v1`, apiKey: DEMO_KEY, model: 'gpt-5.1-codex' }).toString()}`;
      const first = await pty.waitFor(/Gateway base URL/);
      expect(first.replace(/\s+/g, ' ')).toContain('Leave the address empty and press Enter to paste it, hidden.');
      await pty.send('Enter');
      await pty.waitFor(/Import link \(ccswitch:\/\/…, input hidden\)/);
      await pty.type(link);
      await pty.send('Enter');
      const agents = await pty.waitFor(/Which agents/);
      expect(agents.replace(/\s+/g, ' ')).toContain(`From the import link (the pasted link): ${sim.root}, key sk-de…demo, name "Team".`);
      expect(agents).toContain('Key from the pasted link: sk-de…demo');
      expect(agents).toContain('Key "demo": unlimited quota, never expires');
      expect(agents).not.toContain(DEMO_KEY.slice(3));
      await pty.send('C-c');
      expect(await pty.exitCode()).toBe(130);
      expect(await pty.screen()).not.toContain(DEMO_KEY.slice(3));
    } finally {
      await pty.close();
      remove();
    }
  });

  it('typed answers produce verified configs; the screen explains each step in 80 columns', async () => {
    const { dir: home, remove } = tempHome();
    const pty = await startPty([], { env: baseEnv(home), cwd: home });
    try {
      await pty.waitFor(/Gateway base URL/);
      await pty.type(`${sim.root}/v1/`);
      await pty.send('Enter');
      await pty.waitFor(/API key \(input hidden\)/);
      await pty.type(DEMO_KEY);
      await pty.send('Enter');
      const agents = await pty.waitFor(/Which agents[\s\S]*Gemini CLI.*not served here/);
      expect(agents).toContain(`Claude Code will get ${sim.root}\n`);
      // A long list of agents wraps: the sentence is read with its lines joined.
      const v1Line =
        agents
          .split('\n')
          .map((l) => l.trim())
          .join(' ')
          .split(`will get ${sim.root}/v1 `)[0]
          ?.split(`will get ${sim.root} `)
          .pop() ?? '';
      for (const id of SUPPORTED_AGENT_IDS)
        if (AGENTS[id].baseUrl?.form === 'v1' && AGENTS[id].baseUrl?.note === undefined) expect(v1Line).toContain(AGENTS[id].name);
      expect(agents).toContain('Key: sk-de…demo');
      expect(agents).toContain('Key "demo": unlimited quota, never expires');
      expect(agents).toMatch(/✓ 11 models for this key/);
      expect(agents).toMatch(/Gemini CLI\s+not installed\s+✗ needs native Gemini, not served here/);
      // Nothing is installed here: setup's defaults, Claude Code and Codex CLI, come pre-selected.
      expect(agents).toMatch(/◉\s+Claude Code\s+not installed/);
      expect(agents).toMatch(/◉\s+Codex CLI\s+not installed/);
      expect(agents).toMatch(/◯\s+OpenCode\s+not installed/);
      // Codex CLI only: Claude Code (the first row) taken off.
      await pty.send('Space', 'Enter');
      // The recommended models, one question for every agent: No, to choose from the list.
      const recommended = await pty.waitFor(/Use the recommended model for every agent\?/);
      expect(recommended).toContain('Codex CLI: gpt-5.1-codex');
      await pty.type('n');
      const list = await pty.waitFor(/Model for Codex CLI[\s\S]*★ recommended/);
      expect(list).toMatch(/gpt-5\.1-codex\s+★ recommended/);
      // Type to filter, then take the one left.
      await pty.type('5.1-cod');
      await pty.waitFor(/› 5\.1-cod/);
      await pty.send('Enter');
      await pty.waitFor(/Where should the configs go/);
      await pty.send('Enter');
      await pty.waitFor(/How should the agents get the key/);
      await pty.send('Enter');
      const preview = await pty.waitFor(/Write these changes\?/);
      expect(preview).toContain('✓ Codex CLI: probe passed');
      expect(preview).toContain('+++ b');
      expect(preview).toContain('wire_api = "responses"');
      // Only the lock is held while the person reads: no agent file yet.
      expect(existsSync(join(home, '.codex'))).toBe(false);
      await pty.send('Enter');
      expect(await pty.exitCode()).toBe(0);
      const screen = await pty.screen();
      expect(screen).toContain('✓ Codex CLI: verified from the files on disk');
      expect(screen).toMatch(/Model for Codex CLI \(type to filter\) › gpt-5\.1-codex\n/);
      expect(screen).toMatch(/verified: HTTP 200 in \d+ ms, request ID \S+/);
      const backupId = /restore --id (\S+?)`/.exec(screen)?.[1];
      expect(backupId).toBeDefined();
      expect(screen.replace(/\s+/g, ' ')).toContain(`are in ~/.config/gateway-agent-setup/backups/${backupId}/.`);
      expect(existsSync(join(home, '.config/gateway-agent-setup/backups', backupId!, 'manifest.json'))).toBe(true);
      expect(screen).toContain('Every agent is set up and verified.');
      expect(screen).toContain('Next: start the agent as usual (`codex`)');
      expect(screen).not.toContain(DEMO_KEY);
      expect(tooWide(screen)).toEqual([]);
      expect(readFileSync(join(home, '.codex/config.toml'), 'utf8')).toContain(`base_url = "${sim.root}/v1"`);
      expect(statSync(join(home, '.codex/.env')).mode & 0o777).toBe(0o600);
      // The key is in the agent's own key file and nowhere else under the home.
      const holders = [...tree(home)].filter(([, text]) => text.includes(DEMO_KEY)).map(([path]) => path);
      expect(holders).toEqual(['.codex/.env']);
    } finally {
      await pty.close();
      remove();
    }
  });

  it('an installed version older than our tests ran: after writing, the wizard offers to prove it with the agent itself', async () => {
    const { dir: home, remove } = tempHome();
    // A stand-in Qwen Code 0.9.0 whose one-shot answers as the real one does.
    const bin = join(home, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'qwen'), '#!/bin/sh\nif [ "$1" = "--version" ]; then echo 0.9.0; else echo OK; fi\n', { mode: 0o755 });
    const env = baseEnv(home, { PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`, GATEWAY_API_KEY: DEMO_KEY });
    const pty = await startPty(
      ['wizard', '--base-url', sim.root, '--agent', 'qwen-code', '--model', 'deepseek-chat', '--scope', 'user', '--key-storage', 'file'],
      { env, cwd: home },
    );
    try {
      await pty.waitFor(/Write these changes\?/);
      await pty.send('Enter');
      const asked = await pty.waitFor(/Run it once now\?/);
      expect(asked.replace(/\s+/g, ' ')).toContain(
        'Qwen Code 0.9.0: older than the versions our tests ran. Running it once, with one prompt through the gateway, proves it reads the config.',
      );
      await pty.send('Enter');
      expect(await pty.exitCode()).toBe(0);
      const screen = await pty.screen();
      // Written and marked ! first; ✓ only on the agent's own line, after it answered.
      expect(screen).toMatch(/^! Qwen Code[^]*^✓ Qwen Code/m);
      expect(screen.replace(/\s+/g, ' ')).toContain('the agent itself answers one prompt below to prove it');
      expect(tooWide(screen)).toEqual([]);
    } finally {
      await pty.close();
      remove();
    }
  });

  // The same walk for a reader of Chinese, chosen by the locale alone (LANG), as on a
  // Chinese system. Every question, answer line, spinner line and summary is in Chinese, nothing
  // from the English catalog shows, and the lines still fit 80 columns of a terminal.
  it('in Chinese (LANG=zh_CN.UTF-8): the same walk, every line Chinese and within 80 columns', async () => {
    const { dir: home, remove } = tempHome();
    const pty = await startPty([], { env: baseEnv(home, { LANG: 'zh_CN.UTF-8' }), cwd: home });
    try {
      await pty.waitFor(/网关地址（Base URL）/);
      await pty.type(`${sim.root}/v1/`);
      await pty.send('Enter');
      await pty.waitFor(/API 密钥（隐藏输入）/);
      await pty.type(DEMO_KEY);
      await pty.send('Enter');
      // The question, its hint and its rows arrive in more than one write: wait for the last row.
      const agents = await pty.waitFor(/哪些智能体要使用此网关？[\s\S]*Gemini CLI.*此网关不提供/);
      expect(agents).toContain(`Claude Code 将使用 ${sim.root}\n`);
      expect(agents).toContain('密钥：sk-de…demo');
      expect(agents).toContain('密钥 "demo"：额度无限，永不过期');
      expect(agents).toMatch(/✓ 此密钥可用 11 个模型/);
      expect(agents).toMatch(/Gemini CLI\s+未安装\s+✗ 需要原生 Gemini 协议，此网关不提供/);
      expect(agents).toContain('空格选择/取消，回车确认');
      await pty.send('Space', 'Enter');
      const recommended = await pty.waitFor(/每个智能体都用推荐的模型吗？/);
      expect(recommended).toContain('Codex CLI: gpt-5.1-codex');
      await pty.type('n');
      const list = await pty.waitFor(/Codex CLI 使用的模型（输入文字可筛选）[\s\S]*deepseek-chat/);
      expect(list).toMatch(/gpt-5\.1-codex\s+★ 推荐/);
      expect(list).toContain('入 $1.25/出 $10');
      await pty.type('5.1-cod');
      await pty.waitFor(/› 5\.1-cod/);
      await pty.send('Enter');
      await pty.waitFor(/配置写到哪里？/);
      await pty.send('Enter');
      await pty.waitFor(/智能体如何获取密钥？/);
      await pty.send('Enter');
      const preview = await pty.waitFor(/写入这些改动吗？/);
      expect(preview).toContain('✓ Codex CLI：探测通过');
      expect(preview).toContain('将要写入的改动（密钥已遮盖；会保留备份）：');
      await pty.send('Enter');
      expect(await pty.exitCode()).toBe(0);
      const screen = await pty.screen();
      expect(screen).toContain('✓ Codex CLI：已根据磁盘上的文件验证');
      expect(screen).toMatch(/验证：HTTP 200，耗时 \d+ ms，请求 ID \S+/);
      expect(screen).toContain('所有智能体都已配置并验证通过。');
      expect(screen).toContain('下一步：照常启动智能体（`codex`）');
      expect(screen).toMatch(CHINESE);
      expect(englishLeaks(screen)).toEqual([]);
      expect(screen).not.toContain(DEMO_KEY);
      expect(tooWide(screen)).toEqual([]);
      // The files are the same as in English: the language changes what people read, not what agents read.
      expect(readFileSync(join(home, '.codex/config.toml'), 'utf8')).toContain(`base_url = "${sim.root}/v1"`);
      expect(statSync(join(home, '.codex/.env')).mode & 0o777).toBe(0o600);
    } finally {
      await pty.close();
      remove();
    }
  });

  it('Ctrl-C mid-way exits 130 and writes nothing', async () => {
    const { dir: home, remove } = tempHome();
    const pty = await startPty(['--base-url', sim.root], { env: baseEnv(home, { GATEWAY_API_KEY: DEMO_KEY }), cwd: home });
    try {
      await pty.waitFor(/Which agents/);
      await pty.send('Space');
      await pty.send('C-c');
      expect(await pty.exitCode()).toBe(130);
      expect(await pty.screen()).toContain('nothing was written');
      expect(readdirSync(home)).toEqual([]);
    } finally {
      await pty.close();
      remove();
    }
  });

  it('with every flag given only the preview is asked; Ctrl-C there exits 130 and leaves no trace', async () => {
    const { dir: home, remove } = tempHome();
    const flags = ['--base-url', sim.root, '--agent', 'codex', '--model', 'gpt-5.1-codex', '--scope', 'user', '--key-storage', 'file'];
    const pty = await startPty(flags, { env: baseEnv(home, { GATEWAY_API_KEY: DEMO_KEY }), cwd: home });
    try {
      const preview = await pty.waitFor(/Write these changes\?/);
      expect(preview).not.toMatch(/Gateway base URL|Which agents|Model for|Where should|How should/);
      expect(preview).toContain('GATEWAY_API_KEY=sk-de…demo');
      await pty.send('C-c');
      expect(await pty.exitCode()).toBe(130);
      // Not a file, not the lock held during the preview.
      expect(tree(home).size).toBe(0);
    } finally {
      await pty.close();
      remove();
    }
  });

  it('Ctrl-C while the network works (a slow gateway) exits 130 with nothing written', async () => {
    const slow = await startSim({ latencyMs: 5000 });
    const { dir: home, remove } = tempHome();
    const pty = await startPty(['--base-url', slow.root], { env: baseEnv(home, { GATEWAY_API_KEY: DEMO_KEY }), cwd: home });
    try {
      await pty.waitFor(/Reading the models of this key/);
      await pty.send('C-c');
      expect(await pty.exitCode()).toBe(130);
      expect(tree(home).size).toBe(0);
    } finally {
      await pty.close();
      remove();
    }
  });

  it('saved settings pre-fill the answers; Esc at the model list exits 130 and writes nothing', async () => {
    const { dir: home, remove } = tempHome();
    const settingsDir = join(home, '.config/gateway-agent-setup');
    mkdirSync(settingsDir, { recursive: true });
    writeFileSync(join(settingsDir, 'settings.json'), JSON.stringify({ baseUrl: sim.root, agents: ['qwen-code'] }));
    const before = tree(home);
    const pty = await startPty([], { env: baseEnv(home, { GATEWAY_API_KEY: DEMO_KEY }), cwd: home });
    try {
      // The saved base URL is offered; Enter takes it.
      await pty.waitFor(new RegExp(`Gateway base URL › ${sim.root.replaceAll('.', '\\.')}`));
      await pty.send('Enter');
      const agents = await pty.waitFor(/Which agents[\s\S]*Gemini CLI.*not served here/);
      expect(agents).toContain('Key from GATEWAY_API_KEY: sk-de…demo');
      // Last time's agent is pre-selected, the others are not.
      expect(agents).toMatch(/◉\s+Qwen Code/);
      expect(agents).toMatch(/◯\s+Claude Code/);
      await pty.send('Enter');
      await pty.waitFor(/Use the recommended model for every agent\?/);
      await pty.type('n');
      await pty.waitFor(/Model for Qwen Code/);
      await pty.send('Escape');
      expect(await pty.exitCode()).toBe(130);
      expect(await pty.screen()).toContain('nothing was written');
      expect(tree(home)).toEqual(before);
    } finally {
      await pty.close();
      remove();
    }
  });
});

describe('wizard: keys in different groups, in a terminal', () => {
  it("a second key typed hidden for Claude Code: each agent's config carries its own key, nothing shows it", async () => {
    const { dir: home, remove } = tempHome();
    const args = ['--base-url', sim.root, '--agent', 'claude-code,codex', '--scope', 'user', '--key-storage', 'file'];
    const pty = await startPty(args, { env: baseEnv(home, { GATEWAY_API_KEY: DEMO_KEY }), cwd: home });
    try {
      await pty.waitFor(/different groups/);
      await pty.send('Down', 'Enter');
      await pty.waitFor(/Key for Claude Code/);
      await pty.send('Down', 'Enter');
      await pty.waitFor(/API key for Claude Code \(input hidden\)/);
      await pty.type(VIP_KEY);
      await pty.send('Enter');
      await pty.waitFor(/Key for Codex CLI/);
      await pty.send('Enter');
      // Each agent's recommended model from its own key's list, taken with Enter.
      const recommended = await pty.waitFor(/Use the recommended model for every agent\?/);
      expect(recommended.replace(/\s+/g, ' ')).toMatch(/Claude Code: \S+ \(small\/fast: \S+\) Codex CLI: gpt-5\.1-codex/);
      await pty.send('Enter');
      await pty.waitFor(/Write these changes\?/);
      await pty.send('Enter');
      expect(await pty.exitCode()).toBe(0);
      const screen = await pty.screen();
      expect(screen).toContain('Claude Code: Key: sk-vi…pvip');
      expect(screen).toContain("Claude Code's key: 4 models");
      // Held by no variable: said as what it is, and no variable name invented for it.
      expect(screen.replace(/\s+/g, ' ')).toContain('key: its own, typed in the wizard and kept in its config (no variable holds it)');
      expect(screen).not.toContain('GATEWAY_API_KEY_CLAUDE_CODE');
      expect(screen).not.toContain(VIP_KEY);
      expect(screen).not.toContain(DEMO_KEY);
      const files = tree(home);
      expect([...files].filter(([, text]) => text.includes(VIP_KEY)).map(([path]) => path)).toEqual(['.claude/settings.json']);
      expect([...files].filter(([path, text]) => text.includes(DEMO_KEY) && !path.includes('backups')).map(([path]) => path)).toEqual([
        '.codex/.env',
      ]);
      expect(files.get('.config/gateway-agent-setup/settings.json')).not.toContain('GATEWAY_API_KEY_CLAUDE_CODE');
    } finally {
      await pty.close();
      remove();
    }
  });
});

describe('wizard without a terminal', () => {
  it('exits 2 at once, naming what setup needs', async () => {
    const r = await runCli(['wizard'], { env: {} });
    expect(r.code).toBe(2);
    const text = r.stderr.replace(/\s+/g, ' ');
    expect(text).toContain('The wizard needs a terminal');
    expect(text).toContain(
      'Run `gateway-agent-setup setup` instead: it asks nothing; set --base-url (or GATEWAY_BASE_URL) and GATEWAY_API_KEY.',
    );
    expect(r.stdout).toBe('');
  });

  it('`wizard --yes --json` asks nothing: it is setup, one JSON document', async () => {
    const r = await runCli(['wizard', '--yes', '--json', '--agent', 'codex', '--dry-run', '--base-url', sim.root], {
      env: { GATEWAY_API_KEY: DEMO_KEY },
    });
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as { dryRun: boolean; agents: { id: string; model: string }[] };
    expect(doc.dryRun).toBe(true);
    expect(doc.agents.map((a) => [a.id, a.model])).toEqual([['codex', 'gpt-5.1-codex']]);
  });

  it('with no command and no terminal, setup runs instead and names the missing flag', async () => {
    const r = await runCli([], { env: { GATEWAY_API_KEY: DEMO_KEY } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--base-url');
    expect(r.stderr).not.toContain('wizard');
  });
});
