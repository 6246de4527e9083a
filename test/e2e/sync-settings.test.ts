// Saved settings through the built bin: which base URL wins (flag > GATEWAY_BASE_URL > project
// file > user file), a team's preference patterns steering sync's replacement, a key refused, and
// settings saved only by a setup that wrote.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MODELS, DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { jsonOf, runInProcess, shown, tempHome } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sims: Simulator[];
let home: string;
let project: string;
let remove: () => void;
beforeAll(async () => {
  sims = await Promise.all([startSim(), startSim(), startSim(), startSim()]);
});
afterAll(stopAll);
beforeEach(() => {
  for (const s of sims) s.setModels(DEFAULT_MODELS);
  ({ dir: home, remove } = tempHome());
  project = join(home, 'src', 'team-repo');
  mkdirSync(project, { recursive: true });
});
afterEach(() => remove());

const userSettings = () => join(home, '.config', 'gateway-agent-setup', 'settings.json');
const cli = (args: string[], env: Record<string, string> = {}) =>
  runInProcess(args, { home, cwd: project, env: { GATEWAY_API_KEY: DEMO_KEY, ...env } });
const sim = (i: number): Simulator => sims[i]!;

describe('saved settings: precedence', () => {
  it('flag > GATEWAY_BASE_URL > project file > user file', async () => {
    const [user, team, env, flag] = [sim(0), sim(1), sim(2), sim(3)];
    mkdirSync(join(userSettings(), '..'), { recursive: true });
    writeFileSync(userSettings(), JSON.stringify({ baseUrl: user.root, agents: ['codex'] }));
    const baseUrl = async (args: string[] = [], extra: Record<string, string> = {}) => {
      const r = await cli(['setup', '--yes', '--dry-run', '--json', ...args], extra);
      expect(r.code, r.stderr + r.stdout).toBe(0);
      const doc = jsonOf(r) as { baseUrl: string; agents: { id: string }[] };
      expect(doc.agents.map((a) => a.id)).toEqual(['codex']);
      return doc.baseUrl;
    };
    expect(await baseUrl()).toBe(user.root);
    writeFileSync(join(project, '.gateway-agent-setuprc'), `# the team's gateway\nbaseUrl: ${team.root}/v1\n`);
    // Not approved yet: the run stops before asking any gateway, naming the file, the host and `trust`.
    const stopped = await cli(['setup', '--yes', '--dry-run']);
    expect(stopped.code).toBe(2);
    expect(stopped.stderr).toContain(shown(home, join(project, '.gateway-agent-setuprc')));
    expect(stopped.stderr).toContain(team.root);
    expect(stopped.stderr).toContain('gateway-agent-setup trust');
    expect(team.log).toEqual([]);
    expect((await cli(['trust'])).code).toBe(0);
    expect(await baseUrl()).toBe(team.root);
    expect(await baseUrl([], { GATEWAY_BASE_URL: env.root })).toBe(env.root);
    expect(await baseUrl(['--base-url', flag.root], { GATEWAY_BASE_URL: env.root })).toBe(flag.root);
    // Each run asked the gateway it named, and only that one.
    for (const s of [user, team, env, flag]) expect(s.log.some((e) => e.path === '/v1/models')).toBe(true);
    // A dry run saves nothing.
    expect(JSON.parse(readFileSync(userSettings(), 'utf8'))).toMatchObject({ baseUrl: user.root, agents: ['codex'] });
  });

  it('the key variable named in the settings is the one read', async () => {
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'team-repo', 'gateway-agent-setup': { baseUrl: sim(0).root, keyEnv: 'TEAM_GW_KEY' } }),
    );
    expect((await cli(['trust'])).code).toBe(0);
    const r = await runInProcess(['setup', '--yes', '--agent', 'codex', '--dry-run'], {
      home,
      cwd: project,
      env: { TEAM_GW_KEY: DEMO_KEY },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('TEAM_GW_KEY');
    expect(r.stdout + r.stderr).not.toContain(DEMO_KEY);
  });

  it('a project file holding a key: exit 2 naming the file and the field; nothing written', async () => {
    writeFileSync(join(project, '.gateway-agent-setuprc.json'), JSON.stringify({ baseUrl: sim(0).root, keyEnv: DEMO_KEY }));
    const r = await cli(['setup', '--yes', '--agent', 'codex']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(shown(home, join(project, '.gateway-agent-setuprc.json')));
    expect(r.stderr).toContain('"keyEnv"');
    expect(r.stderr).not.toContain(DEMO_KEY);
    expect(existsSync(join(home, '.codex'))).toBe(false);
    expect(existsSync(userSettings())).toBe(false);
  });

  it('a .ts project file: exit 2 saying it would be code', async () => {
    writeFileSync(join(project, 'gateway-agent-setup.config.ts'), `export default { baseUrl: '${sim(0).root}' };\n`);
    const r = await cli(['sync', '--check']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('gateway-agent-setup.config.ts');
    expect(r.stderr).toContain('is code');
  });
});

describe('sync with a team preference', () => {
  it("a removed model is replaced by the best one by the team's patterns, not the default ranking", async () => {
    const gw = sim(0);
    const setup = await cli(['setup', '--yes', '--base-url', gw.root, '--agent', 'codex']);
    expect(setup.code, setup.stderr).toBe(0);
    const saved = JSON.parse(readFileSync(userSettings(), 'utf8')) as { keyEnv: string; perAgent: { codex: { model: string } } };
    expect(saved.perAgent.codex.model).toBe('gpt-5.1-codex');
    expect(saved.keyEnv).toBe('GATEWAY_API_KEY');
    expect(JSON.stringify(saved)).not.toContain(DEMO_KEY);
    // Model preferences are data any project file may give, approved or not.
    writeFileSync(join(project, '.gateway-agent-setuprc.yaml'), "perAgent: { codex: { preferences: ['gpt-*-mini'] } }\n");
    // The team's patterns alone change nothing while the chosen model is still offered.
    expect((await cli(['sync', '--check'])).code).toBe(0);

    // The default ranking would take gpt-5.1 now; the team's pattern takes the mini model.
    gw.setModels([...DEFAULT_MODELS.filter((m) => m.id !== 'gpt-5.1-codex'), { id: 'gpt-5-mini', channel: 'openai' }]);
    const check = await cli(['sync', '--check', '--json']);
    expect(check.code).toBe(1);
    expect((jsonOf(check) as { stale: { agent: string; to: string }[] }).stale).toMatchObject([{ agent: 'codex', to: 'gpt-5-mini' }]);
    const sync = await cli(['sync']);
    expect(sync.code, sync.stderr + sync.stdout).toBe(0);
    expect(readFileSync(join(home, '.codex', 'config.toml'), 'utf8')).toContain('model = "gpt-5-mini"');
    // The choice the repository's patterns made stays the repository's: the user's own saved model is as it was.
    expect((JSON.parse(readFileSync(userSettings(), 'utf8')) as typeof saved).perAgent.codex.model).toBe('gpt-5.1-codex');
    // The team's file is never written.
    expect(readFileSync(join(project, '.gateway-agent-setuprc.yaml'), 'utf8')).toContain("preferences: ['gpt-*-mini']");
  });
});
