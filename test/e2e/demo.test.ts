// `demo` is the README's first command for a newcomer: the whole job against the built-in
// simulator, in a throwaway home, touching nothing of the user's.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { jsonOf, runCli, tempHome } from '../helpers/cli.js';
import { SUPPORTED_AGENT_IDS } from '../../src/agents/registry.js';

const demoDirs = (dir: string): string[] => readdirSync(dir).filter((d) => d.startsWith('gateway-agent-setup-demo-'));

describe('demo', () => {
  it('sets up and verifies every supported agent, shows the files, removes the throwaway home', async () => {
    const { dir: home, remove } = tempHome();
    // A temp folder of this run's own: other files run `demo` at the same time.
    const tmp = mkdtempSync(join(tmpdir(), 'gas-demo-tmp-'));
    try {
      const result = await runCli(['demo'], {
        home,
        env: { XDG_CONFIG_HOME: `${home}/xdg`, CODEX_HOME: `${home}/codex`, TMPDIR: tmp },
      });
      expect(result.code, result.stderr).toBe(0);
      for (const name of ['Claude Code', 'Codex CLI', 'OpenCode', 'Qwen Code', 'Cline']) expect(result.stdout).toContain(`✓ ${name}`);
      expect(result.stdout).toContain('── ~/.codex/config.toml');
      expect(result.stdout).toMatch(/POST \/v1\/responses \(gpt-5\.1-codex\) → 200, request\s+ID\s+\S+/);
      expect(result.stdout).not.toContain('/v1/v1');
      // The user's own home and their XDG/CODEX_HOME were never touched.
      expect(readdirSync(home)).toEqual([]);
      expect(existsSync(`${home}/xdg`)).toBe(false);
      // The throwaway home it named was in that folder, and is gone.
      expect(result.stdout.replace(/\s+/g, '')).toContain(`${tmp}/gateway-agent-setup-demo-`);
      expect(demoDirs(tmp)).toEqual([]);
    } finally {
      remove();
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('--json prints the setup report as one document', async () => {
    const result = await runCli(['demo', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const report = jsonOf(result) as { ok: boolean; agents: { id: string; ok: boolean }[] };
    expect(report.ok).toBe(true);
    expect(report.agents.map((a) => a.id)).toEqual(SUPPORTED_AGENT_IDS);
  });
});
