// A setup run's options, grouped (the gateway, the choice, the writing, the verification), and the
// one function that groups them from the flat fields callers name. Apart from the run itself, so
// that settings can build them without loading it.
import type { AgentId } from '../agents/registry.js';
import type { AgentEnv, KeyStorage, Preferences, Scope } from '../agents/types.js';
import type { PlannedFile } from '../config/types.js';
import type { ClassifiedModel, Markers } from '../core/types.js';
import type { HttpOptions } from '../gateway/http.js';
import type { ProbeFailure, SetupProgress } from './run.js';
import type { ModelPair } from './choose.js';
import type { Message } from '../i18n/index.js';

/** The gateway a run writes for, and the keys it writes and sends. */
export interface SetupGateway {
  root: string;
  v1: string;
  key: string;
  keyEnvVar: string;
  /**
   * Agents with a key of their own (`--api-key-env AGENT=VAR`): each lists, probes, writes and reads
   * back with its own; every other agent uses `key`. Agents sharing a key share one model list.
   */
  /** `typed`: pasted in the wizard, held by no variable (the name is only where env storage would read it). */
  agentKeys?: ReadonlyMap<AgentId, { key: string; keyEnvVar: string; typed?: boolean }>;
  http?: HttpOptions;
  markers?: Markers;
}

/** Which agents, and how their models are chosen. */
interface SetupChoice {
  agents: readonly AgentId[];
  /** Explicit models: per agent, or '*' for every agent. */
  models?: ReadonlyMap<AgentId | '*', string>;
  smallModel?: string;
  /**
   * For agents that keep a list of models (OpenCode): the models to list, named by the user; without
   * it every suitable model the marks confirm is listed (one explicit model alone: only it).
   */
  modelLists?: ReadonlyMap<AgentId, readonly string[]>;
  /** Per-agent small/fast models (the wizard asks per agent); wins over `smallModel`. */
  smallModels?: ReadonlyMap<AgentId, string>;
  /**
   * Keep what each agent's config on disk uses (protocol, small model) for models the gateway no
   * longer marks, rather than re-deciding from no marks (sync).
   */
  keepOnDisk?: boolean;
  /**
   * Each agent's models as the last setup or sync recorded them. A config that uses this gateway and
   * names other models since (set by hand, or by the agent's own model switch) keeps them while the
   * key lists them: they lead the ranking, the user's latest choice.
   */
  recorded?: ReadonlyMap<AgentId, ModelPair>;
  /** Models not to choose for an agent (doctor --fix moving away from one whose probe failed). */
  avoid?: ReadonlyMap<AgentId, ReadonlySet<string>>;
  /**
   * Each agent's installed version, when known: its writer serves it (the format it reads, or
   * nothing below a version seen failing). Read from the agents on PATH when absent.
   */
  versions?: ReadonlyMap<AgentId, string>;
  preferences?: Partial<Record<AgentId, Partial<Preferences>>>;
}

/** How the files are written. */
export interface SetupWriting {
  scope: Scope;
  keyStorage: KeyStorage;
  dryRun?: boolean;
  /** Write even for agents whose probe failed. */
  force?: boolean;
  /**
   * The command has no `--force` (a sync, a repair): an agent whose probe failed is said to be left
   * as it was, not to be written with `--force`.
   */
  noForce?: boolean;
  /** Recorded in the backup manifest. */
  command?: string;
  /**
   * Called with the plan and its diff (key masked) after every check and before anything is
   * written; throwing (e.g. CancelledError when the user declines) writes nothing.
   */
  beforeWrite?: (preview: {
    plan: readonly PlannedFile[];
    diff: string;
    /** Per agent that keeps a list: the models left out of it because their probe failed, each with its cause. */
    leftOut: readonly { agent: AgentId; notes: readonly Message[] }[];
  }) => Promise<void>;
}

/** How the run is proven: the probe before writing, the read-back after. */
interface SetupVerification {
  /** false: no probe before writing and no read-back after. */
  verify?: boolean;
  concurrency?: number;
  /**
   * Called after the probe round when some agents' models failed it, before anything is planned or
   * written (the wizard shows the causes and lets the person choose again; throwing stops the run).
   */
  onProbeFailed?: (failures: readonly ProbeFailure[]) => Promise<void>;
}

/** A setup run's options, grouped: the gateway, the choice, the writing, the verification. */
export interface SetupOptions {
  gateway: SetupGateway;
  choice: SetupChoice;
  writing: SetupWriting;
  verification: SetupVerification;
  env: AgentEnv;
  /**
   * Receives the key's model list once it is read (sync explains its changes from it); with keys
   * of their own, each agent's list in `byAgent`.
   */
  onModels?: (models: readonly ClassifiedModel[], byAgent: ReadonlyMap<AgentId, readonly ClassifiedModel[]>) => void;
  /** Progress for spinners: each round as it starts and each agent as it finishes one. */
  onProgress?: (event: SetupProgress) => void;
}

/** Every option of a run in one record, as callers name them: `setupOptions` groups them. */
export type SetupFields = SetupGateway &
  SetupChoice &
  SetupWriting &
  SetupVerification &
  Omit<SetupOptions, 'gateway' | 'choice' | 'writing' | 'verification'>;

/** Groups a run's options. */
export function setupOptions(f: SetupFields): SetupOptions {
  const pick = <K extends keyof SetupFields>(keys: readonly K[]): Pick<SetupFields, K> =>
    Object.fromEntries(keys.filter((k) => f[k] !== undefined).map((k) => [k, f[k]])) as Pick<SetupFields, K>;
  const gateway = pick(['root', 'v1', 'key', 'keyEnvVar', 'agentKeys', 'http', 'markers'] as const);
  const choice = pick([
    'agents',
    'models',
    'smallModel',
    'modelLists',
    'smallModels',
    'avoid',
    'preferences',
    'keepOnDisk',
    'recorded',
    'versions',
  ] as const);
  const writing = pick(['scope', 'keyStorage', 'dryRun', 'force', 'noForce', 'command', 'beforeWrite'] as const);
  const verification = pick(['verify', 'concurrency', 'onProbeFailed'] as const);
  return {
    gateway: gateway as SetupGateway,
    choice: choice as SetupChoice,
    writing: writing as SetupWriting,
    verification,
    env: f.env,
    ...(f.onModels && { onModels: f.onModels }),
    ...(f.onProgress && { onProgress: f.onProgress }),
  };
}
