// What a new user met in the first hour, each through the built bin against the simulator: their
// own files kept, advice that names the real cause, output they can copy.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { jsonOf, runCli, tempHome } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);

function write(home: string, rel: string, text: string): string {
  const path = join(home, rel);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  return path;
}

interface Report {
  ok: boolean;
  agents: { id: string; ok: boolean; notes: string[]; verify?: { ok: boolean } }[];
}

describe('Codex: a provider of the user\'s own named gateway', () => {
  it('is left byte for byte; ours gets its own table, the switch is said, and the next run finds ours again', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const own = `# my Codex config
model = "o3"  # my model
model_provider = "gateway"

# my corporate gateway, do not touch
[model_providers.gateway]
name = "Corp"  # corp
base_url = "https://corp.example.com/v1"
env_key = "CORP_KEY"

# ui settings
[tui]
notifications = true
`;
      const path = write(home, '.codex/config.toml', own);
      const args = ['setup', '--yes', '--json', '--base-url', sim.root, '--agent', 'codex'];
      const first = await runCli(args, { home, env: { GATEWAY_API_KEY: DEMO_KEY } });
      expect(first.code, first.stderr + first.stdout).toBe(0);
      const report = jsonOf(first) as unknown as Report;
      expect(report.agents[0]?.verify?.ok).toBe(true);
      expect(report.agents[0]?.notes.join('\n')).toContain('[model_providers.gateway-agent-setup]');
      const text = readFileSync(path, 'utf8');
      const theirs = own.slice(own.indexOf('# my corporate gateway'), own.indexOf('# ui settings'));
      expect(text).toContain(theirs);
      expect(text).toContain('model_provider = "gateway-agent-setup"\n\n# my corporate gateway');
      expect(text).toContain('\n\n# ui settings\n[tui]\n');

      const second = await runCli(args, { home, env: { GATEWAY_API_KEY: DEMO_KEY } });
      expect(second.code, second.stderr + second.stdout).toBe(0);
      const again = readFileSync(path, 'utf8');
      expect(again).toBe(text);
      expect(again.match(/\[model_providers\./g)).toHaveLength(2);
    } finally {
      remove();
    }
  });
});
