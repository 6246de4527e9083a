// `remove` as the undo users expect, over every agent's lived-in files (as users really have them):
// setup, then remove, and every file is byte for byte what it was (mode included); with a change of
// the user's since, that change stays and the report names the file and the backup of its first state.
import { mkdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../fixtures/agents/index.js';
import { DEFAULT_MODELS, DEMO_KEY } from '../../src/simulator/index.js';
import { readdirSync } from 'node:fs';
import { jsonOf, runInProcess, shown, tempHomes } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

afterAll(stopAll);
const newHome = tempHomes();

function livedIn(home: string, texts: Record<string, string>): void {
  for (const [rel, text] of Object.entries(texts)) {
    mkdirSync(dirname(join(home, rel)), { recursive: true });
    writeFileSync(join(home, rel), text, { mode: 0o640 });
  }
}

describe('remove gives the files back', () => {
  it.each(FIXTURES.map((f) => [f.id, f] as const))(
    '%s: setup, then remove: every lived-in file byte-identical, mode kept',
    async (_id, f) => {
      const sim = await startSim();
      const home = newHome();
      livedIn(home, f.texts);
      const setup = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', f.id], {
        home,
        env: { GATEWAY_API_KEY: DEMO_KEY },
      });
      expect(setup.code, setup.stdout + setup.stderr).toBe(0);
      // The day after: a sync (the chain of our runs is proven over many writes in the rotation test below).
      expect((await runInProcess(['sync'], { home, env: { GATEWAY_API_KEY: DEMO_KEY } })).code).toBe(0);
      const r = await runInProcess(['remove', '--yes', '--json', '--agent', f.id], { home });
      expect(r.code, r.stdout + r.stderr).toBe(0);
      for (const [rel, text] of Object.entries(f.texts)) {
        expect(readFileSync(join(home, rel), 'utf8'), rel).toBe(text);
        expect(statSync(join(home, rel)).mode & 0o777, rel).toBe(0o640);
      }
      const doc = jsonOf(r) as { agents: { givenBack: string[]; notes: unknown[] }[] };
      expect(doc.agents[0]!.givenBack.length).toBeGreaterThan(0);
      // Nothing to explain: no "set X yourself" for a value that came back.
      expect(doc.agents[0]!.notes).toEqual([]);
    },
  );

  /** The user's own later edit of a file, by format: a setting of theirs and a comment where the format has them. */
  function laterEdit(rel: string, text: string): string {
    if (rel.endsWith('.json') || rel.endsWith('.jsonc')) {
      const comment = rel.endsWith('.jsonc') ? '\n  // added later, by hand' : '';
      return text.replace('{', `{${comment}\n  "userLater": true,`);
    }
    if (rel.endsWith('.toml')) return `user_later = true # added later, by hand\n${text}`;
    if (rel.endsWith('.yaml') || rel.endsWith('.yml')) return `user_later: true # added later, by hand\n${text}`;
    return `${text}# added later, by hand\nUSER_LATER=1\n`;
  }

  it.each(FIXTURES.map((f) => [f.id, f] as const))(
    '%s: the user edits the file after setup; remove takes out only what setup wrote: their edit and their file as it was, byte for byte',
    async (_id, f) => {
      const sim = await startSim();
      const home = newHome();
      livedIn(home, f.texts);
      const env = { GATEWAY_API_KEY: DEMO_KEY };
      expect((await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', f.id], { home, env })).code).toBe(0);
      const main = join(home, f.main);
      writeFileSync(main, laterEdit(f.main, readFileSync(main, 'utf8')));
      // A run of ours after the user's edit: it keeps the edit, and the remove must not undo it.
      expect((await runInProcess(['sync'], { home, env })).code).toBe(0);
      const r = await runInProcess(['remove', '--yes', '--json', '--agent', f.id], { home });
      expect(r.code, r.stdout + r.stderr).toBe(0);
      for (const [rel, text] of Object.entries(f.texts)) {
        const expected = rel === f.main ? laterEdit(rel, text) : text;
        expect(readFileSync(join(home, rel), 'utf8'), rel).toBe(expected);
      }
      const doc = jsonOf(r) as { agents: { notes: string[] }[] };
      expect(doc.agents[0]!.notes.join('\n')).toContain(
        `${main} changed after setup wrote it: your changes stay, and only what setup wrote was taken out`,
      );
    },
  );

  it('many runs of ours later, with backups rotated down to two: the first state is kept and given back', async () => {
    const sim = await startSim();
    const home = newHome();
    const codex = FIXTURES.find((f) => f.id === 'codex')!;
    livedIn(home, codex.texts);
    const env = { GATEWAY_API_KEY: DEMO_KEY, GATEWAY_AGENT_SETUP_KEEP_BACKUPS: '2' };
    for (let i = 0; i < 6; i++) {
      const model = i % 2 === 0 ? 'gpt-5.1-codex' : 'gpt-5.1';
      const r = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'codex', '--model', `codex=${model}`], {
        home,
        env,
      });
      expect(r.code, r.stderr).toBe(0);
    }
    // A sync after the gateway dropped the model: one more run of ours.
    sim.setModels(DEFAULT_MODELS.filter((m) => m.id !== 'gpt-5.1'));
    expect((await runInProcess(['sync'], { home, env })).code).toBe(0);
    const backups = readdirSync(join(home, '.config', 'gateway-agent-setup', 'backups'));
    // Two newest, and the one holding the files as they were before the first setup.
    expect(backups).toHaveLength(3);
    const r = await runInProcess(['remove', '--yes', '--agent', 'codex'], { home, env });
    expect(r.code, r.stderr).toBe(0);
    for (const [rel, text] of Object.entries(codex.texts)) expect(readFileSync(join(home, rel), 'utf8'), rel).toBe(text);
  });

  it('a file setup created is removed; a file the user changed since keeps the change and is named', async () => {
    const sim = await startSim();
    const home = newHome();
    const env = { GATEWAY_API_KEY: DEMO_KEY };
    const setup = await runInProcess(['setup', '--yes', '--json', '--base-url', sim.root, '--agent', 'codex,claude-code,copilot-cli'], {
      home,
      env,
    });
    expect(setup.code, setup.stderr).toBe(0);
    const written = (jsonOf(setup) as { agents: { id: string; files: { path: string; action: string }[] }[] }).agents;
    const codexFiles = written
      .find((a) => a.id === 'codex')!
      .files.filter((f) => f.action === 'created')
      .map((f) => f.path);
    expect(codexFiles.length).toBeGreaterThan(0);
    // The user adds a line of their own to Claude Code's settings after setup.
    const claude = join(home, '.claude', 'settings.json');
    const mine = JSON.parse(readFileSync(claude, 'utf8')) as Record<string, unknown>;
    writeFileSync(claude, JSON.stringify({ ...mine, theme: 'dark' }, null, 2));
    const r = await runInProcess(['remove', '--yes', '--agent', 'codex,claude-code,copilot-cli'], { home });
    expect(r.code, r.stderr).toBe(0);
    for (const file of codexFiles) expect(existsSync(file), file).toBe(false);
    // A file the user's shell sources stays (a `source` line must not fail), emptied of ours.
    const sourced = join(home, '.config', 'gateway-agent-setup', 'env', 'copilot-cli.env');
    expect(readFileSync(sourced, 'utf8')).not.toContain('COPILOT_PROVIDER_BASE_URL');
    const kept = JSON.parse(readFileSync(claude, 'utf8')) as Record<string, unknown>;
    expect(kept.theme).toBe('dark');
    expect(JSON.stringify(kept)).not.toContain(sim.root);
    expect(r.stdout.replace(/\s+/g, ' ')).toContain(`${shown(home, claude)} changed after setup wrote it: your changes stay`);
  });
});
