// On Windows the 0600 we write means nothing: setup says what protects the key there
// instead. A dry run plans for a Windows home against the real simulator; nothing is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentEnv } from '../../src/agents/types.js';
import { english, loadTranslator } from '../../src/i18n/index.js';
import { inEnglish } from '../helpers/english.js';
import { runSetup, setupOptions, type SetupOptions } from '../../src/setup/run.js';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);

const options = (env: AgentEnv): SetupOptions =>
  setupOptions({
    root: sim.root,
    v1: `${sim.root}/v1`,
    key: DEMO_KEY,
    keyEnvVar: 'GATEWAY_API_KEY',
    agents: ['codex', 'cline'],
    scope: 'user',
    keyStorage: 'file',
    dryRun: true,
    verify: false,
    env,
    http: { env: {} },
    command: 'setup',
  });

const WINDOWS: AgentEnv = { home: 'C:\\Users\\李雷', cwd: 'C:\\Users\\李雷', platform: 'win32', env: { USERPROFILE: 'C:\\Users\\李雷' } };
const LINUX: AgentEnv = { home: '/nonexistent/home/dev', cwd: '/nonexistent/home/dev', platform: 'linux', env: {} };

describe('key files on Windows', () => {
  it('each agent that stores the key is told what protects it there, naming the Windows path', async () => {
    const report = await runSetup(options(WINDOWS));
    for (const id of ['codex', 'cline'] as const) {
      const notes = inEnglish(report.agents.find((a) => a.id === id)?.notes ?? []);
      const note = notes.find((n) => n.startsWith('On Windows a file mode means nothing'));
      expect(note, id).toBeDefined();
      expect(note).toContain('C:\\Users\\李雷\\');
      expect(notes.join(' ')).not.toContain('0600');
    }
    const zh = await loadTranslator('zh-CN');
    const codexNote = report.agents.find((a) => a.id === 'codex')?.notes.find((n) => english(n).startsWith('On Windows'));
    expect(codexNote).toBeDefined();
    expect(zh(codexNote!)).toContain('在 Windows 上文件权限位不起作用');
  });

  it('a key file outside the profile (CODEX_HOME on another drive) is not said to be protected by it', async () => {
    const report = await runSetup(options({ ...WINDOWS, env: { ...WINDOWS.env, CODEX_HOME: 'E:\\codex' } }));
    const codex = inEnglish(report.agents.find((a) => a.id === 'codex')?.notes ?? []);
    expect(codex.find((n) => n.includes('outside your user profile'))).toContain('E:\\codex\\.env');
    expect(codex.some((n) => n.includes('protected by your user profile'))).toBe(false);
    const cline = inEnglish(report.agents.find((a) => a.id === 'cline')?.notes ?? []);
    expect(cline.some((n) => n.includes('protected by your user profile'))).toBe(true);
  });

  it('elsewhere nothing is said: the file really is 0600', async () => {
    const report = await runSetup(options(LINUX));
    for (const a of report.agents) expect(inEnglish(a.notes).some((n) => n.startsWith('On Windows'))).toBe(false);
  });
});
