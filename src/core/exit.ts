// What must happen however the process ends: hooks run on exit (stop the process groups we started,
// release the lock), and a SIGINT, SIGTERM or SIGHUP that nothing else of ours handles becomes an
// exit with the shell's code for it. A death by signal would run no exit hook at all.
const hooks = new Set<() => void>();
const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;
let installed = false;

/** Runs `hook` (synchronous) when the process exits, until the returned function is called. */
export function atExit(hook: () => void): () => void {
  hooks.add(hook);
  if (!installed) {
    installed = true;
    process.on('exit', () => {
      for (const h of hooks) {
        try {
          h();
        } catch {
          // One hook failing never keeps the others from running.
        }
      }
    });
    for (const [signal, code] of Object.entries(SIGNAL_EXIT)) {
      // Another listener (a command's own handling) decides the exit; alone, this one exits.
      process.on(signal, () => {
        if (process.listenerCount(signal) === 1) process.exit(code);
      });
    }
  }
  return () => void hooks.delete(hook);
}
