// What the person running us gave for one run, typed: the command line turns its flags into this
// once, a script calling the library fills it in directly. Nothing below the command line knows a
// flag's name; settings complete it from the saved files and the environment.
import type { AgentId } from '../agents/registry.js';
import type { KeyStorage, Scope } from '../agents/types.js';

/** One run's inputs as given; undefined where nothing was. */
export interface Given {
  /** The gateway's base URL (any form the normalizer takes: with or without /v1). */
  baseUrl?: string;
  /** A key typed in rather than kept in a variable (it stays in shell history: discouraged). */
  apiKey?: string;
  /** The variable holding the key for every agent without one of its own. */
  keyEnv?: string;
  /** Each agent's own key variable. */
  agentKeyEnvs?: Readonly<Partial<Record<AgentId, string>>>;
  /** Seconds to wait for the gateway per request. */
  timeoutSeconds?: number;
  /** The gateway's import link: read from standard input, or from this variable. */
  importStdin?: boolean;
  importEnv?: string;
  agents?: readonly AgentId[];
  /**
   * Models chosen: `*` for every agent, else by agent. A list, for an agent that keeps several,
   * names them all (the first is the default); for any other agent the last one counts.
   */
  models?: Readonly<Partial<Record<AgentId | '*', string | readonly string[]>>>;
  smallModel?: string;
  scope?: Scope;
  keyStorage?: KeyStorage;
  dryRun?: boolean;
  /** Write over a config whose gateway block was changed by hand. */
  force?: boolean;
  /** false: no probe before writing, no read-back after. */
  verify?: boolean;
  /** Run each installed agent one-shot after writing. */
  verifyByAgent?: boolean;
  concurrency?: number;
  /** `sync`: move each agent to the best model now offered, not only off a model that is gone. */
  upgrade?: boolean;
}

/** The variable a run falls back on, bound by the user's settings to other gateways. */
interface KeyElsewhere {
  name: string;
  /** This run's gateway origin. */
  origin: string;
  /** The origins the variable belongs to. */
  origins: readonly string[];
}

/** Given, completed from the saved settings: what came from them is marked, for the advice. */
export interface Completed extends Given {
  /** The key variable came from the saved settings, not from the person running us. */
  savedKeyEnv?: string;
  keyElsewhere?: KeyElsewhere;
}
