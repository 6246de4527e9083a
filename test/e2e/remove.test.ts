// `remove` through the built bin against the simulator, for every agent the registry can set up:
// setup on a lived-in file, then remove leaves no setting of ours (no gateway URL, no key) while
// every line setup had left alone survives; a value the user changed since stays; backup + restore;
// dry run writes nothing; --json; the key never printed.
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENTS, SUPPORTED_AGENT_IDS } from '../../src/agents/registry.js';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { jsonOf, runInProcess, tempHomes } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

const FIXTURES = new URL('../fixtures/agents/', import.meta.url);

/** The agent's main user file and its lived-in fixture (the one named like it). */
function caseOf(id: (typeof SUPPORTED_AGENT_IDS)[number], home: string): { path: string; livedIn: string } {
  const path = AGENTS[id].files({ home, env: {}, cwd: home, platform: 'linux' }, 'user')[0]!.path;
  const dir = new URL(`${id}/`, FIXTURES);
  const name = readdirSync(dir).find((f) => /lived-in\.(json|jsonc|toml|ya?ml|env)$/.test(f));
  if (name === undefined) throw new Error(`no lived-in fixture for ${id}`);
  return { path, livedIn: readFileSync(new URL(name, dir), 'utf8') };
}

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);
const newHome = tempHomes();

function place(path: string, text: string, mode = 0o640): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  chmodSync(path, mode);
}

const env = { GATEWAY_API_KEY: DEMO_KEY };
const setup = (home: string, id: string) => runInProcess(['setup', '--json', '--base-url', sim.root, '--agent', id], { home, env });
const remove = (home: string, more: string[] = []) => runInProcess(['remove', '--base-url', sim.root, ...more], { home, env });

interface RemoveDoc {
  ok: boolean;
  baseUrl: string;
  scope: string;
  dryRun: boolean;
  removed: boolean;
  backupId?: string;
  diff?: string;
  agents: { id: string; name: string; files: { path: string; action: string; backup?: string }[]; notes: string[] }[];
}

describe.each(SUPPORTED_AGENT_IDS)('remove %s', (id) => {
  it("after setup on a lived-in file: none of our settings left, the user's lines kept, backed up, restorable", async () => {
    const home = newHome();
    const { path, livedIn } = caseOf(id, home);
    place(path, livedIn);
    const modeBefore = statSync(path).mode & 0o777;
    const set = await setup(home, id);
    expect(set.code, set.stdout + set.stderr).toBe(0);
    const afterSetup = readFileSync(path, 'utf8');
    expect(afterSetup).toContain(sim.root);

    const result = await remove(home, ['--json']);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout + result.stderr).not.toContain(DEMO_KEY);
    const doc = jsonOf(result) as unknown as RemoveDoc;
    expect(doc).toMatchObject({ ok: true, baseUrl: sim.root, scope: 'user', dryRun: false, removed: true });
    const agent = doc.agents.find((a) => a.id === id)!;
    expect(agent.files.map((f) => f.path)).toContain(path);

    // Nothing of ours in any file the agent reads: no gateway URL, no key.
    for (const f of AGENTS[id].files({ home, env: {}, cwd: home, platform: 'linux' }, 'user')) {
      if (!existsSync(f.path)) continue;
      const text = readFileSync(f.path, 'utf8');
      expect(text, f.path).not.toContain(sim.root);
      expect(text, f.path).not.toContain(DEMO_KEY);
    }
    // Nothing changed since setup: the file is given back as it was, mode included.
    expect(readFileSync(path, 'utf8')).toBe(livedIn);
    expect(statSync(path).mode & 0o777).toBe(modeBefore);

    // The backup holds what setup wrote, and restore brings it back.
    expect(doc.backupId).toBeDefined();
    const back = await runInProcess(['restore', '--id', doc.backupId!], { home });
    expect(back.code, back.stdout + back.stderr).toBe(0);
    expect(readFileSync(path, 'utf8')).toBe(afterSetup);
  });

  it('a base URL the user changed after setup is theirs: left as it is, and said so', async () => {
    const home = newHome();
    const { path, livedIn } = caseOf(id, home);
    place(path, livedIn);
    expect((await setup(home, id)).code).toBe(0);
    const changed = readFileSync(path, 'utf8').replaceAll(sim.root, 'https://elsewhere.example.com');
    writeFileSync(path, changed);
    const result = await remove(home, ['--json', '--agent', id]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(readFileSync(path, 'utf8')).toBe(changed);
    const doc = jsonOf(result) as unknown as RemoveDoc;
    expect(doc.removed).toBe(false);
    expect(doc.agents[0]!.notes.join('\n')).toContain('https://elsewhere.example.com');
  });

  it('--dry-run shows the diff, key masked, and writes nothing', async () => {
    const home = newHome();
    const { path, livedIn } = caseOf(id, home);
    place(path, livedIn);
    expect((await setup(home, id)).code).toBe(0);
    const before = readFileSync(path, 'utf8');
    const backups = readdirSync(join(home, '.config/gateway-agent-setup/backups'));
    const result = await remove(home, ['--dry-run']);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain(`--- a${path}`);
    expect(result.stdout).toContain(`-`);
    expect(result.stdout + result.stderr).not.toContain(DEMO_KEY);
    expect(readFileSync(path, 'utf8')).toBe(before);
    expect(readdirSync(join(home, '.config/gateway-agent-setup/backups'))).toEqual(backups);
  });
});

describe('remove', () => {
  it('nothing of ours anywhere: says so, exit 0, no file created', async () => {
    const home = newHome();
    const result = await remove(home);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Nothing to remove');
    expect(readdirSync(home).filter((f) => f !== '.config')).toEqual([]);
    const json = jsonOf(await remove(home, ['--json'])) as unknown as RemoveDoc;
    expect(json).toMatchObject({ ok: true, removed: false, dryRun: false });
    expect(json.agents.map((a) => a.id)).toEqual(SUPPORTED_AGENT_IDS);
  });

  it('every agent at once, then the gateway saved by setup is the default', async () => {
    const home = newHome();
    for (const id of SUPPORTED_AGENT_IDS) expect((await setup(home, id)).code).toBe(0);
    const result = await runInProcess(['remove', '--json'], { home, env });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const doc = jsonOf(result) as unknown as RemoveDoc;
    expect(doc.baseUrl).toBe(sim.root);
    expect(doc.agents.filter((a) => a.files.length > 0).map((a) => a.id)).toEqual(SUPPORTED_AGENT_IDS);
    expect(JSON.stringify(doc)).not.toContain(DEMO_KEY);
    const again = jsonOf(await runInProcess(['remove', '--json'], { home, env })) as unknown as RemoveDoc;
    expect(again.removed).toBe(false);
  });

  it('--scope project: the project files lose our settings too, the user files are not touched', async () => {
    const home = newHome();
    const cwd = join(home, 'app');
    mkdirSync(cwd);
    const userSettings = join(home, '.claude/settings.json');
    place(userSettings, '{ "theme": "dark" }\n');
    const set = await runInProcess(['setup', '--json', '--base-url', sim.root, '--agent', 'claude-code,qwen-code', '--scope', 'project'], {
      home,
      env,
      cwd,
    });
    expect(set.code, set.stdout + set.stderr).toBe(0);
    expect(readFileSync(join(cwd, '.claude/settings.json'), 'utf8')).toContain(sim.root);
    const userBefore = readFileSync(userSettings, 'utf8');
    const result = await runInProcess(
      ['remove', '--json', '--base-url', sim.root, '--scope', 'project', '--agent', 'claude-code,qwen-code'],
      {
        home,
        env,
        cwd,
      },
    );
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).not.toContain(DEMO_KEY);
    for (const file of [
      join(cwd, '.claude/settings.json'),
      join(cwd, '.claude/settings.local.json'),
      join(cwd, '.qwen/settings.json'),
      join(home, '.qwen/settings.json'),
    ]) {
      if (!existsSync(file)) continue;
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toContain(DEMO_KEY);
      expect(text, file).not.toContain(sim.root);
    }
    expect(readFileSync(userSettings, 'utf8')).toBe(userBefore);
  });

  it('a file that does not parse: exit 1 naming the file and where, nothing written', async () => {
    const home = newHome();
    const path = join(home, '.claude/settings.json');
    place(path, '{ "env": { "ANTHROPIC_BASE_URL": "x" ');
    const result = await remove(home, ['--json']);
    expect(result.code).toBe(1);
    const doc = jsonOf(result) as { ok: boolean; error: { message: string } };
    expect(doc.error.message).toContain(path);
    expect(doc.error.message).toMatch(/:\d+:\d+/);
  });
});
