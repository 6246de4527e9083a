// `simulate`: the project's fake gateway on 127.0.0.1, for trying the tool without a real key.
// Runs until SIGINT or SIGTERM, then closes the server and exits 0.
import { EXIT, UsageError } from '../../core/errors.js';
import { num, type ParsedArgs } from '../args.js';
import type { CliContext } from '../context.js';
import { BIN } from '../help.js';
import { note, painter, print } from '../output.js';

export async function run(ctx: CliContext, args: ParsedArgs): Promise<number> {
  const { startSimulator } = await import('../../simulator/index.js');
  const { DEMO_KEY } = await import('../../simulator/catalog.js');
  const port = num(args.values, 'port') ?? 0;
  // Listen for signals before the server starts, so a Ctrl-C during start-up is not lost.
  const signal = ctx.waitForSignal();
  let sim;
  try {
    sim = await startSimulator({ host: '127.0.0.1', port });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'EADDRINUSE' || code === 'EACCES') {
      throw new UsageError(`Cannot listen on 127.0.0.1:${port} (${code}).`, 'Pick another --port, or leave it out for a free one.');
    }
    throw error;
  }
  const paint = painter(ctx);
  print(ctx, [
    `Simulated gateway listening on ${paint('bold', sim.root)}`,
    `Demo key (fake, works only here): ${DEMO_KEY}`,
    '',
    'Try, in another terminal:',
    `  GATEWAY_BASE_URL=${sim.root} GATEWAY_API_KEY=${DEMO_KEY} ${BIN} models`,
    '',
    'Press Ctrl-C to stop.',
  ]);
  const received = await signal;
  await sim.stop();
  note(ctx, `Stopped (${received}); ${sim.log.length} request${sim.log.length === 1 ? '' : 's'} served.`);
  return EXIT.ok;
}
