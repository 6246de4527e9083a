// What the library needs of the machine, given by its caller: it never reads `process`, never
// prints and never exits. Files are the real files under `home` and `cwd`; the network is reached
// with `env`'s proxy settings unless the caller gives its own; the time is the machine's unless the
// caller gives a clock. Notes for the person running it come back as messages (data).
import { withClock } from '../core/clock.js';
import { withNetwork, type Network } from '../gateway/network.js';
import type { Message } from '../i18n/index.js';
import type { SettingsHost } from '../settings/host.js';
import { newRun } from '../core/run-cache.js';

export interface Host {
  /** The environment the agents and the gateway client see: key variables, proxies, GATEWAY_BASE_URL. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The home the agents' user-scope configs live under. */
  readonly home: string;
  /** The working directory: project-scope configs and the project's settings file. */
  readonly cwd: string;
  readonly platform: NodeJS.Platform;
  /** Standard input read to its end (at most `limit` characters), for an import link given on it. */
  readStdin?(limit: number): Promise<string | undefined>;
  /** Told every key the run reads, so a caller that prints can mask it. */
  addSecret?(secret: string): void;
  /** Told each note as it is made (they are also returned with the result). */
  warn?(message: Message): void;
  /** The time, in milliseconds since the epoch (default: the machine's): what a key's days left count from. */
  now?(): number;
  /**
   * Where the call's requests to the gateway go (default: our own sockets, through `env`'s proxy):
   * an undici Dispatcher fits. The agents a call runs (`verify: 'agent'`) use their own.
   */
  network?: Network;
}

/** A library call that runs with its host's clock and network; `hostAt` is the host argument's place. */
export function hosted<A extends unknown[], R>(hostAt: number, call: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return (...args) => {
    const host = args[hostAt] as Host;
    return withClock(host.now && (() => host.now!()), () => withNetwork(host.network, () => call(...args)));
  };
}

/** The settings' view of a host, collecting the notes of one call. */
export function session(host: Host): { ctx: SettingsHost; notes: Message[] } {
  newRun();
  const notes: Message[] = [];
  const ctx: SettingsHost = {
    env: host.env,
    home: host.home,
    cwd: host.cwd,
    platform: host.platform,
    ...(host.readStdin && { readStdin: (limit: number) => host.readStdin!(limit) }),
    addSecret: (secret) => host.addSecret?.(secret),
    warn: (message) => {
      notes.push(message);
      host.warn?.(message);
    },
  };
  return { ctx, notes };
}
