// `demo`: the whole job against the built-in simulator, in a throwaway home, so a newcomer sees
// what setup writes and how it verifies without a key. Nothing outside the temp home is touched:
// the agents see an environment of our making, not the user's (their XDG_CONFIG_HOME, CODEX_HOME…).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentEnv } from '../../agents/types.js';
import { maskKey } from '../../core/mask.js';
import { flag, type OptionTable, type ParsedArgs } from '../args.js';
import type { CliContext } from '../context.js';
import type { CommandHelp } from '../command-types.js';
import { BIN } from '../help.js';
import { note, print, printJson } from '../output.js';
import { wrap } from '../../core/layout.js';
import { printSetupReport } from '../setup-report.js';
import { msg } from '../../i18n/index.js';
import { nothingGiven, setupOptionsFrom } from '../../settings/setup-inputs.js';

export const options: OptionTable = {
  keep: { type: 'boolean', description: msg('help.opt.keep') },
  json: { type: 'boolean', description: msg('help.opt.json_setup_report') },
};

export const help: CommandHelp = {
  summary: msg('help.summary.demo_long'),
  usage: `${BIN} demo [--keep] [--json]`,
  details: [msg('help.detail.demo.steps')],
};

export async function run(ctx: CliContext, args: ParsedArgs): Promise<number> {
  const [{ startSimulator, DEMO_KEY }, { runSetup }, { SUPPORTED_AGENT_IDS }] = await Promise.all([
    import('../../simulator/index.js'),
    import('../../setup/run.js'),
    import('../../agents/registry.js'),
  ]);
  const sim = await startSimulator();
  const home = await mkdtemp(join(tmpdir(), 'gateway-agent-setup-demo-'));
  const keep = flag(args.values, 'keep');
  try {
    ctx.addSecret(DEMO_KEY);
    const env: AgentEnv = { home, cwd: home, platform: ctx.platform, env: { HOME: home, GATEWAY_API_KEY: DEMO_KEY } };
    if (!ctx.json) note(ctx, wrap(ctx.t('demo.start', { root: sim.root, key: maskKey(DEMO_KEY), home })));
    const gateway = { root: sim.root, v1: `${sim.root}/v1`, key: DEMO_KEY, keyEnvVar: 'GATEWAY_API_KEY' };
    const report = await runSetup(
      setupOptionsFrom(ctx, nothingGiven(), gateway, {
        agents: SUPPORTED_AGENT_IDS,
        command: 'demo',
        pinSaved: false,
        // The throwaway home, and no variable of the user's reaches the simulator's run.
        env,
        http: { timeoutMs: 10_000, env: {} },
      }),
    );
    if (ctx.json) {
      printJson(ctx, report);
    } else {
      // The backups live in the throwaway home, so the "undo with restore" line would mislead.
      printSetupReport({ ...ctx, home }, { ...report, backupId: undefined });
      const written = report.agents.flatMap((a) => a.files).filter((f) => f.action !== 'unchanged');
      for (const f of written) {
        const text = await readFile(f.path, 'utf8');
        print(ctx, [``, `── ${f.path.replace(home, '~')}`, text.trimEnd()]);
      }
      print(ctx, [
        '',
        ...wrap(ctx.t('demo.requests')),
        ...sim.log.flatMap((e) =>
          wrap(
            ctx.t('demo.request', {
              method: e.method,
              path: e.path,
              model: e.model ? ` (${e.model})` : '',
              status: e.status,
              id: e.requestId,
            }),
            4,
          ),
        ),
      ]);
      print(ctx, [
        '',
        ...wrap(
          keep
            ? ctx.t('demo.kept', { home })
            : ctx.t('demo.removed', { bin: await (await import('../invocation.js')).invocationHere(ctx) }),
        ),
      ]);
    }
    return report.ok ? 0 : 1;
  } finally {
    await sim.stop();
    if (!keep) await rm(home, { recursive: true, force: true });
  }
}
