// The time a run reads: the clock its caller gave (a library host), else the machine's. Carried with
// the run's asynchronous work, so calls made side by side in one process each keep their own.
import { AsyncLocalStorage } from 'node:async_hooks';

const clocks = new AsyncLocalStorage<() => number>();

/** Runs `fn` with `clock` (milliseconds since the epoch) as the time it reads; the machine's when undefined. */
export function withClock<T>(clock: (() => number) | undefined, fn: () => T): T {
  return clock === undefined ? fn() : clocks.run(clock, fn);
}

/** Now, in Unix seconds. */
export function nowSeconds(): number {
  return (clocks.getStore() ?? Date.now)() / 1000;
}
