// `restore` undoes one run, not the days after it: a file the user changed since (Claude Code's
// project history in ~/.claude.json, an MCP server added to Codex's config.toml, a created file
// filled since) stops the restore with the files named, nothing written; `--force` restores after
// copying the current bytes into a new backup, which brings them back in turn.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { jsonOf, runInProcess, shown, tempHome } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);

const env = { GATEWAY_API_KEY: DEMO_KEY };
const read = (file: string): string | undefined => (existsSync(file) ? readFileSync(file, 'utf8') : undefined);

describe('restore after the user changed files', () => {
  it('refuses, naming each file and why; --force keeps the current bytes in a new backup first', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const claudeJson = join(home, '.claude.json');
      cpSync(new URL('../fixtures/agents/claude-code/claude.json.lived-in', import.meta.url), claudeJson);
      const before = read(claudeJson);
      const setup = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'claude-code,codex'], { home, env });
      expect(setup.code, setup.stderr).toBe(0);

      // The next day: Claude Code records a project, the user adds an MCP server to Codex, and fills
      // the settings file setup had created.
      const codexToml = join(home, '.codex', 'config.toml');
      const settings = join(home, '.claude', 'settings.json');
      const doc = JSON.parse(read(claudeJson) ?? '{}') as { projects: Record<string, unknown> };
      doc.projects['/home/dev/projects/new'] = { hasTrustDialogAccepted: true };
      writeFileSync(claudeJson, `${JSON.stringify(doc, null, 2)}\n`);
      writeFileSync(codexToml, `${read(codexToml) ?? ''}\n[mcp_servers.docs]\ncommand = "docs-mcp"\n`);
      writeFileSync(settings, `${(read(settings) ?? '{}').replace(/\}\s*$/, ',\n  "hooks": {"Stop": []}\n}\n')}`);
      const edited = [claudeJson, codexToml, settings].map(read);

      const refused = await runInProcess(['restore'], { home });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(shown(home, claudeJson));
      expect(refused.stderr).toContain(shown(home, codexToml));
      const said = refused.stderr.replace(/\s+/g, ' ');
      expect(said).toContain(`${shown(home, claudeJson)}: changed after backup`);
      expect(said).toMatch(/restoring would lose that change/);
      expect(said).toContain(`${shown(home, settings)}: created by the run of backup`);
      expect(said).toMatch(/restoring would delete it/);
      expect(refused.stderr).toContain('restore --force');
      expect([claudeJson, codexToml, settings].map(read)).toEqual(edited);

      const asJson = jsonOf(await runInProcess(['restore', '--json'], { home })) as {
        ok: boolean;
        error: { code: string; files: { path: string; kind: string }[] };
      };
      expect(asJson.ok).toBe(false);
      expect(asJson.error.code).toBe('changed_since_backup');
      expect(asJson.error.files.map((f) => f.kind).sort()).toEqual(['changed', 'filled', 'filled']);

      const forced = await runInProcess(['restore', '--force', '--yes', '--json'], { home });
      expect(forced.code, forced.stderr).toBe(0);
      const { savedBackup } = jsonOf(forced) as { savedBackup: string };
      expect(read(claudeJson)).toBe(before);
      expect(existsSync(settings)).toBe(false);
      // The edits are not lost: the backup --force made brings them back.
      const back = await runInProcess(['restore', '--id', savedBackup], { home });
      expect(back.code, back.stderr).toBe(0);
      expect([claudeJson, codexToml, settings].map(read)).toEqual(edited);
      expect(readdirSync(join(home, '.config/gateway-agent-setup/backups'))).toHaveLength(2);
    } finally {
      remove();
    }
  });

  it('a file rewritten by a later run of ours is not a user edit: restoring the older backup proceeds', async () => {
    const { dir: home, remove } = tempHome();
    try {
      mkdirSync(join(home, '.codex'));
      writeFileSync(join(home, '.codex', 'config.toml'), '# mine\nmodel_reasoning_effort = "high"\n');
      const first = await runInProcess(['setup', '--yes', '--json', '--base-url', sim.root, '--agent', 'codex'], { home, env });
      const { backupId } = jsonOf(first) as { backupId: string };
      const second = await runInProcess(['setup', '--yes', '--base-url', `${sim.root}/v1`, '--agent', 'codex', '--key-storage', 'env'], {
        home,
        env,
      });
      expect(second.code, second.stderr).toBe(0);
      const r = await runInProcess(['restore', '--id', backupId], { home });
      expect(r.code, r.stderr).toBe(0);
      expect(read(join(home, '.codex', 'config.toml'))).toBe('# mine\nmodel_reasoning_effort = "high"\n');
    } finally {
      remove();
    }
  });
});
