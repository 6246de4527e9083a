// An undo is kept: after `remove` (or a `restore` that takes an agent off the gateway) the saved
// settings no longer list the agent, so `sync` does not set it up again and `sync --check` and
// `doctor` do not fail over it; a restore that puts it back lists it again. The saved settings are
// the user's own file, read here as the next run reads it.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { jsonOf, runInProcess, tempHomes } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
let other: Simulator;
beforeAll(async () => {
  [sim, other] = await Promise.all([startSim(), startSim()]);
});
afterAll(stopAll);
const newHome = tempHomes();
const env = { GATEWAY_API_KEY: DEMO_KEY, HOME_KEY: DEMO_KEY };

interface Saved {
  agents?: string[];
  active?: Record<string, string>;
  baseUrl?: string;
}
const savedOf = (home: string): Saved => JSON.parse(readFileSync(join(home, '.config/gateway-agent-setup/settings.json'), 'utf8')) as Saved;
const run = (home: string, args: string[]) => runInProcess(args, { home, env });

/** The user's own Codex config (OpenAI's own service), as setup finds it. */
const OWN_CODEX = `# mine\nmodel = "o3"\napproval_policy = "never"\n`;

function place(home: string, rel: string, text: string): void {
  const path = join(home, rel);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

describe('an undo is kept in the saved settings', () => {
  it('remove --agent takes the agent out of the saved list: sync --check passes and doctor leaves it alone; restoring the remove puts it back', async () => {
    const home = newHome();
    place(home, '.codex/config.toml', OWN_CODEX);
    const set = await run(home, ['setup', '--yes', '--base-url', sim.root, '--agent', 'codex,opencode']);
    expect(set.code, set.stderr).toBe(0);
    expect(savedOf(home).agents).toEqual(['codex', 'opencode']);

    const removed = await run(home, ['remove', '--json', '--agent', 'codex']);
    expect(removed.code, removed.stderr).toBe(0);
    const doc = jsonOf(removed) as { backupId: string; saved: { left: string[]; back: string[] } };
    expect(doc.saved).toEqual({ left: ['codex'], back: [], unlinked: [] });
    expect(savedOf(home).agents).toEqual(['opencode']);
    expect(readFileSync(join(home, '.codex/config.toml'), 'utf8')).toBe(OWN_CODEX);

    // Before, the saved list still named Codex: the check failed and a sync wrote the gateway back.
    const check = await run(home, ['sync', '--check']);
    expect(check.code, check.stdout + check.stderr).toBe(0);
    const doctor = await run(home, ['doctor', '--json']);
    expect(doctor.code, doctor.stdout).toBe(0);
    const codex = (jsonOf(doctor) as { agents: { id: string; findings: unknown[]; notGateway?: string }[] }).agents.find(
      (a) => a.id === 'codex',
    );
    expect(codex?.findings).toEqual([]);
    expect(codex?.notGateway).toContain('model_provider');

    const text = await run(home, ['remove', '--agent', 'opencode']);
    expect(text.stderr.replace(/\s+/g, ' ')).toContain(
      `Taken out of your saved settings too, as their configs no longer use ${sim.root}: OpenCode. \`sync\` and \`doctor\` leave them alone; \`gateway-agent-setup setup --agent opencode\` sets one up again.`,
    );
    expect(savedOf(home).agents).toBeUndefined();
    const none = await run(home, ['sync', '--check']);
    expect(none.code).toBe(2);
    const said = none.stderr.replace(/\s+/g, ' ');
    expect(said).toContain(
      `Nothing to sync: your saved settings name no agent on ${sim.root} (none was set up there, or \`remove\` took them off).`,
    );
    expect(said).toContain('setup --agent ID');

    const back = await run(home, ['restore', '--json', '--id', doc.backupId]);
    expect(back.code, back.stderr).toBe(0);
    expect((jsonOf(back) as { saved: unknown }).saved).toEqual({ left: [], back: ['codex'], unlinked: [] });
    expect(savedOf(home).agents).toEqual(['codex']);
    const again = await run(home, ['sync', '--check']);
    expect(again.code, again.stdout + again.stderr).toBe(0);
  });

  it('remove, restore that remove, remove again: the second remove gives the files back too (the restored bytes are ours)', async () => {
    const home = newHome();
    expect((await run(home, ['setup', '--yes', '--base-url', sim.root, '--agent', 'codex'])).code).toBe(0);
    const first = await run(home, ['remove', '--json']);
    const id = (jsonOf(first) as { backupId: string }).backupId;
    expect(existsSync(join(home, '.codex/config.toml'))).toBe(false);
    expect((await run(home, ['restore', '--id', id])).code).toBe(0);
    expect(existsSync(join(home, '.codex/config.toml'))).toBe(true);
    const again = await run(home, ['remove', '--json']);
    expect(again.code, again.stderr).toBe(0);
    const doc = jsonOf(again) as { removed: boolean; agents: { id: string; givenBack: string[]; notes: string[] }[] };
    expect(doc.removed).toBe(true);
    const codex = doc.agents.find((a) => a.id === 'codex')!;
    expect(codex.givenBack).toEqual([join(home, '.codex/config.toml'), join(home, '.codex/.env')]);
    expect(existsSync(join(home, '.codex/config.toml'))).toBe(false);
    expect(existsSync(join(home, '.codex/.env'))).toBe(false);
  });

  it('restoring the backup of a setup takes the agents it set up out of the saved list, and says so', async () => {
    const home = newHome();
    expect((await run(home, ['setup', '--yes', '--base-url', sim.root, '--agent', 'codex'])).code).toBe(0);
    const second = await run(home, ['setup', '--json', '--base-url', sim.root, '--agent', 'opencode']);
    expect(second.code, second.stderr).toBe(0);
    expect(savedOf(home).agents).toEqual(['codex', 'opencode']);
    const id = (jsonOf(second) as { backupId: string }).backupId;
    const undo = await run(home, ['restore', '--id', id]);
    expect(undo.code, undo.stderr).toBe(0);
    expect(undo.stderr.replace(/\s+/g, ' ')).toContain(`no longer use ${sim.root}: OpenCode.`);
    expect(savedOf(home).agents).toEqual(['codex']);
    const check = await run(home, ['sync', '--check']);
    expect(check.code, check.stdout + check.stderr).toBe(0);
  });

  it("a restore that takes an agent off a profile's gateway ends that profile's record of it", async () => {
    const home = newHome();
    expect((await run(home, ['setup', '--yes', '--base-url', sim.root, '--agent', 'codex'])).code).toBe(0);
    const add = await run(home, ['profiles', 'add', 'home', '--base-url', other.root, '--api-key-env', 'HOME_KEY', '--agent', 'codex']);
    expect(add.code, add.stderr).toBe(0);
    const use = await run(home, ['use', 'home', '--json']);
    expect(use.code, use.stdout + use.stderr).toBe(0);
    expect(savedOf(home).active).toEqual({ codex: 'home' });
    const id = (jsonOf(use) as { backupId?: string; profiles?: { backupId?: string }[] }).backupId;
    const list = await run(home, ['restore', '--list', '--json']);
    const newest = (jsonOf(list) as { backups: { id: string }[] }).backups[0]!.id;
    const undo = await run(home, ['restore', '--json', '--id', id ?? newest]);
    expect(undo.code, undo.stderr).toBe(0);
    expect((jsonOf(undo) as { saved: { unlinked: string[] } }).saved.unlinked).toEqual(['codex']);
    expect(savedOf(home).active).toBeUndefined();
    // Codex is on the saved gateway again, and was listed all along.
    expect(savedOf(home).agents).toEqual(['codex']);
    const check = await run(home, ['sync', '--check']);
    expect(check.code, check.stdout + check.stderr).toBe(0);
  });

  it('a settings file that does not parse does not stop a restore: the files go back, the settings stay as they are', async () => {
    const home = newHome();
    const set = await run(home, ['setup', '--json', '--base-url', sim.root, '--agent', 'codex']);
    const id = (jsonOf(set) as { backupId: string }).backupId;
    const file = join(home, '.config/gateway-agent-setup/settings.json');
    writeFileSync(file, '{ "agents": [');
    const undo = await run(home, ['restore', '--json', '--id', id]);
    expect(undo.code, undo.stderr).toBe(0);
    expect((jsonOf(undo) as { saved: unknown }).saved).toEqual({ left: [], back: [], unlinked: [] });
    expect(readFileSync(file, 'utf8')).toBe('{ "agents": [');
  });

  it('a dry run, or a remove in another scope than the saved one, leaves the saved settings alone', async () => {
    const home = newHome();
    expect((await run(home, ['setup', '--yes', '--base-url', sim.root, '--agent', 'codex'])).code).toBe(0);
    const dry = await run(home, ['remove', '--dry-run', '--json']);
    expect((jsonOf(dry) as { saved: unknown }).saved).toEqual({ left: [], back: [], unlinked: [] });
    expect(savedOf(home).agents).toEqual(['codex']);
    const project = await run(home, ['remove', '--scope', 'project', '--json']);
    expect(project.code, project.stderr).toBe(0);
    expect(savedOf(home).agents).toEqual(['codex']);
  });
});
