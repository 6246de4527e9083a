// What resolving a run's settings needs of the machine: where it runs, the environment, a place to
// register a key as a secret, standard input for an import link, and a way to warn. Warnings leave
// as messages (data); the command line renders them on stderr.
import type { Message } from '../i18n/index.js';

export interface SettingsHost {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  readonly home: string;
  readonly platform: NodeJS.Platform;
  /** Registers a key so nothing prints it. */
  addSecret(secret: string): void;
  /** Standard input read to its end (at most `limit` characters); undefined when it is a terminal. */
  readStdin?(limit: number): Promise<string | undefined>;
  /** A note or warning for the person running us: never part of a command's result. */
  warn(message: Message): void;
}
