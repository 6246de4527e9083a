// `simulate`: the project's fake gateway on 127.0.0.1, for trying the tool without a real key.
// Runs until SIGINT or SIGTERM, then closes the server and exits 0.
import type { OptionTable } from '../args.js';
import type { CommandHelp } from '../command-types.js';
import { EXIT, UsageError } from '../../core/errors.js';
import { num, showArgument, str, type ParsedArgs } from '../args.js';
import type { CliContext } from '../context.js';
import { BIN } from '../help.js';
import { note, print } from '../output.js';
import { painter } from '../../core/terminal.js';
import { commas, msg } from '../../i18n/index.js';

export const options: OptionTable = {
  port: { type: 'string', value: 'N', number: { min: 0, max: 65535, integer: true }, description: msg('help.opt.port') },
  'new-api': { type: 'string', value: 'VERSION', description: msg('help.opt.new_api') },
};

export const help: CommandHelp = {
  summary: msg('help.summary.simulate'),
  usage: `${BIN} simulate [--port N] [--new-api 0.10|0.13]`,
  details: [msg('help.detail.simulate.local')],
};

export async function run(ctx: CliContext, args: ParsedArgs): Promise<number> {
  const { startSimulator } = await import('../../simulator/index.js');
  const { DEMO_KEY } = await import('../../simulator/catalog.js');
  const port = num(args.values, 'port') ?? 0;
  const { NEW_API_RELEASES, NEWEST_RELEASE, parseRelease } = await import('../../simulator/releases.js');
  const asked = str(args.values, 'new-api');
  const newApi = asked === undefined ? NEWEST_RELEASE : parseRelease(asked);
  if (newApi === undefined) {
    throw new UsageError(
      msg('simulate.unknown_release', { version: JSON.stringify(showArgument(asked ?? '')) }),
      msg('simulate.releases_hint', { releases: commas([...NEW_API_RELEASES]) }),
    );
  }
  // Listen for signals before the server starts, so a Ctrl-C during start-up is not lost.
  const signal = ctx.waitForSignal();
  let sim;
  try {
    sim = await startSimulator({ host: '127.0.0.1', port, newApi });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'EADDRINUSE' || code === 'EACCES') {
      throw new UsageError(msg('simulate.cannot_listen', { port, code }), msg('simulate.cannot_listen_hint'));
    }
    throw error;
  }
  const paint = painter(ctx);
  print(ctx, [
    ctx.t('simulate.listening', { root: paint('bold', sim.root) }),
    ctx.t('simulate.speaks', { version: newApi }),
    ctx.t('simulate.demo_key', { key: DEMO_KEY }),
    '',
    ctx.t('simulate.try'),
    `  GATEWAY_BASE_URL=${sim.root} GATEWAY_API_KEY=${DEMO_KEY} ${BIN} models`,
    '',
    ctx.t('simulate.stop'),
  ]);
  const received = await signal;
  await sim.stop();
  note(ctx, ctx.t(sim.log.length === 1 ? 'simulate.stopped_one' : 'simulate.stopped_many', { signal: received, n: sim.log.length }));
  return EXIT.ok;
}
