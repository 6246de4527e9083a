// The one small interface every agent module implements. Agent modules are
// pure: they take the machine's facts (home, env, platform, current file contents) as arguments
// and return data; src/config/ applies the edits and src/setup/ runs the probes.
import type { FileEdit, FileFormat } from '../config/types.js';
import type { ClassifiedModel, Protocol } from '../core/types.js';
import type { Message } from '../i18n/text.js';

/** The facts of the machine an agent module may use. Nothing reads process.env or os.homedir() directly. */
export interface AgentEnv {
  home: string;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  platform: NodeJS.Platform;
  /**
   * The installed version of the agent this env is given to, when known (setup and doctor run its
   * `--version`): `plan` writes the format that version reads and `readBack` reads as it does.
   * Absent (not installed, or no version told): the newest format.
   */
  agentVersion?: string;
}

export type Scope = 'user' | 'project';
export type KeyStorage = 'file' | 'env';

/** What the user chose for one agent. */
export interface AgentChoice {
  /** Gateway root (no trailing slash, no /v1) and root + '/v1'. */
  root: string;
  v1: string;
  key: string;
  /** The environment variable that holds the key (default GATEWAY_API_KEY). */
  keyEnvVar: string;
  model: string;
  /** The protocol the agent will speak to the model. */
  protocol: Protocol;
  /** Small/fast model, for agents that have one (Claude Code haiku, OpenCode small_model). */
  smallModel?: string;
  smallModelProtocol?: Protocol;
  /** Models for the agent's tiers (Claude Code's opus), by tier id; a missing tier takes `model`. */
  tiers?: Readonly<Record<string, string>>;
  scope: Scope;
  keyStorage: KeyStorage;
  /**
   * For agents that keep a list of models to switch between (`listsModels`): every model to list,
   * each in the protocol it is served in; `model` and `smallModel` are listed whether here or not.
   */
  models?: readonly { model: string; protocol: Protocol }[];
}

/** A config file the agent reads, with its format. */
export interface AgentFile {
  path: string;
  format: FileFormat;
  /** What the file is for, in a few words. */
  role: string;
  /**
   * A file the user's shell sources by its path: `remove` never deletes it (a `source` line would
   * fail in every new shell), it only takes our lines out.
   */
  sourced?: true;
}

/** Parsed current contents of the agent's files, by absolute path; undefined when absent. */
export type CurrentFiles = ReadonlyMap<string, unknown>;

export interface AgentPlan {
  edits: FileEdit[];
  /** Things the user must know: a stale key removed, an export to set, a shell export that overrides. */
  notes: Message[];
  /** For key storage `env`: the variable the user must export. */
  exportVar?: string;
}

/** The request the agent would send, rebuilt from its config on disk by the agent's own rules. */
export interface AgentRequest {
  protocol: Protocol;
  /** The full URL, joined as the agent joins it (a doubled /v1 shows up here). */
  url: string;
  model: string;
  /** The header the agent authenticates with. */
  auth: 'bearer' | 'x-api-key';
  /** The key as the agent would resolve it; undefined when it would find none. */
  key?: string;
  /** Where the key comes from, for messages ("~/.codex/.env GATEWAY_API_KEY"). */
  keySource: Message;
  /**
   * The variable the key is read by, as data (never read back out of `keySource`): `export` when
   * the agent takes it from the environment itself, `reference` when its file points at an exported
   * variable that is set (OpenCode's `{env:NAME}`), `named` when the variable is only where the key
   * is kept (a .env file, a settings env block, a helper's output).
   */
  keyVar?: { name: string; via: 'export' | 'reference' | 'named' };
  /** The base URL as written in the file. */
  baseUrl: string;
  /** The file it was read from (Claude Code: the shell environment, when the address is exported). */
  file: string | Message;
  /**
   * Set when a variable exported in the shell replaces the key the config sets (Claude Code sends
   * an exported ANTHROPIC_API_KEY as x-api-key, which the gateway reads before the Bearer token).
   * `key` is then the exported one; this holds the one the config meant.
   */
  overridden?: { var: string; configKey?: string; configAuth: 'bearer' | 'x-api-key'; configSource: Message };
  /** Set when the config names no model and `model` is the one the agent picks itself: why (for labels). */
  modelDefault?: Message;
  /** The models the config names for the agent's tiers, by tier id. */
  tiers?: Record<string, string>;
  /** The provider the config selects, for an agent whose command line must name it too (Hermes Agent). */
  provider?: string;
}

/** The gateway whose settings `remove` takes out: root (no /v1) and root + '/v1'. */
export interface GatewayRef {
  root: string;
  v1: string;
}

/** What `remove` takes out of one agent's files: edits that only delete, and what the user must know. */
export interface AgentUnplan {
  edits: FileEdit[];
  notes: Message[];
  /** Values being removed that are keys: masked in every diff and message. */
  secrets: string[];
}

/**
 * The agent's model ranking: ordered patterns (`*` matches any run of characters), best first; within
 * one pattern the newest version wins (src/setup/rank.ts). Users override them in saved settings.
 */
export interface Preferences {
  /** Patterns for the main model. */
  model: readonly string[];
  /** Patterns for the small/fast model, for agents that have one. */
  smallModel: readonly string[];
  /** Leading patterns for a tier's model (Claude Code's opus), before the tier's own. */
  tiers?: Readonly<Record<string, readonly string[]>>;
}

/**
 * The small/fast model setting an agent sends its background calls to (Claude Code's haiku model,
 * OpenCode's `small_model`). The doctor checks it by reusing the agent's own readBack on a copy of
 * the files in which this setting stands in for the main one.
 */
export interface SmallModelSetting {
  /** The setting's name, for messages. */
  name(current: CurrentFiles, env: AgentEnv): string;
  /** Whether the setting is set anywhere the agent reads it. */
  isSet(current: CurrentFiles, env: AgentEnv): boolean;
  /** The files and environment with the small-model setting moved into the main one. */
  swap(current: CurrentFiles, env: AgentEnv): { current: CurrentFiles; env: AgentEnv };
}

/**
 * Where the agent is installed from, and the version this tool was last proven against by running
 * it (the agents test tier installs exactly that one). No `verified`: never run by the tier.
 * - `npm`: an npm package (`npm install -g package`);
 * - `go`: a Go module whose main package is the agent (`go install module@version`);
 * - `pip`: a PyPI package, installed into a virtual environment of its own (`pip install package`).
 */
export type AgentInstall =
  | {
      from: 'npm';
      package: string;
      verified?: string;
      /**
       * Other npm packages (`name@version`) installed alongside `package` for the agent to run: a
       * platform binary its package does not pull in by itself (Factory Droid's). The agents tier
       * installs them in the same prefix; the version checked is still `package`'s.
       */
      extras?: readonly string[];
    }
  | { from: 'go'; module: string; verified?: string }
  | {
      from: 'pip';
      package: string;
      verified?: string;
      /**
       * Other PyPI packages (`name==version`) installed beside `package`: an SDK the agent would
       * otherwise fetch itself on first use (Hermes Agent's Anthropic SDK). The agents tier installs
       * them in the same virtual environment.
       */
      extras?: readonly string[];
      /**
       * The Python it needs when the system's `python3` is older (kimi-cli needs 3.12): the agents
       * tier makes its virtual environment with that one (pyenv's, else `python3.12` on PATH).
       */
      python?: string;
    };

export type ModelFit = { ok: true; protocol: Protocol; needsProbe: boolean } | { ok: false; reason: Message };

/**
 * How the agent evaluates text it reads from its files: what would turn a value we write into a
 * command it runs or another secret it sends. The shared check (src/config/evaluated.ts) refuses a
 * value that holds one, naming the field; the shell's own quoting is done by the dotenv writer.
 * - `command-prefix`: a value starting with `!` is run as a shell command (Pi's `apiKey`);
 * - `env-name`: a value that is a variable's name is replaced by that variable (Pi's `apiKey`);
 * - `brace-substitution`: `{env:NAME}` and `{file:PATH}` anywhere in the file's text (OpenCode, Kilo);
 * - `template`: `${{ … }}` anywhere in the file's text (Continue's secrets and inputs);
 * - `shell-expansion`: `$NAME`, `${NAME}`, `$(…)` and backticks (Crush's resolver).
 */
export type Evaluation = 'command-prefix' | 'env-name' | 'brace-substitution' | 'template' | 'shell-expansion';

/** The values of a choice that reach an agent's files. */
export type WrittenField = 'key' | 'baseUrl' | 'model';

/** One way the agent evaluates values, and which of the values we write it applies to. */
interface Evaluates {
  syntax: Evaluation;
  fields: readonly WrittenField[];
}

/**
 * The versions an agent's writer serves, each from running that version against a gateway.
 * - `provenFrom` and `brokenBelow`: the two marks (below `brokenBelow` nothing is written; between
 *   them the config is written and said to be unproven until the installed agent answers).
 * - `protocols`: protocols the agent speaks only from a version on (Qwen Code's Responses from
 *   0.24.2): below it, a model served only in that protocol does not suit the installed agent.
 * - `formats`: where the agent changed its config format: each format's name and the first version
 *   that reads it, oldest first (`formatFor` in versions.ts picks one; the module's `plan` and
 *   `readBack` follow it). The agents tier runs `provenFrom` and the newest of such an agent.
 */
export interface AgentVersions {
  /** The oldest version the tiers ran: from it on, what we write is proven to be read. */
  provenFrom: string;
  /**
   * Versions below it were run and seen not to read what we write: refused, with the update command.
   * Absent while no version is known to fail: an older one is written and said to be unproven.
   */
  brokenBelow?: string;
  protocols?: Partial<Record<Protocol, string>>;
  formats?: readonly { format: string; since: string }[];
}

/**
 * An older program with the agent's command whose files we never write (Kimi's archived kimi-cli,
 * which reads ~/.kimi/): how its `--version` tells it apart, its file, the request that file makes
 * (doctor checks one that points at the gateway), and what a user who has either is told.
 */
export interface Predecessor {
  name: string;
  /** Where it comes from (the agents tier installs it to tell its `--version` from the agent's). */
  install: AgentInstall;
  /** Its `--version` output, told from the agent's. */
  versionText: RegExp;
  file: (env: AgentEnv) => AgentFile;
  /** The request its file makes; a Message when the file says nothing that can be checked. */
  readBack: (env: AgentEnv, doc: unknown) => AgentRequest | Message;
  /** Said when its binary (`version`) or its file is found; `agentFile` is the file the agent reads. */
  found: (seen: { version?: string; agentFile: string }, env: AgentEnv) => Message;
}

/** One agent. `Id` is its literal id, so the registry can derive `AgentId` from its modules. */
export interface Agent<Id extends string = string> {
  id: Id;
  name: string;
  /** The command on PATH, and how to get its version. */
  binary: string;
  versionArgs: string[];
  /**
   * Variables that keep the `--version` run's side files (logs, caches, update checks) in a scratch
   * folder instead of the user's home: a setup the person cancels leaves nothing behind. Seen by
   * running the installed version with an empty home.
   */
  versionEnv?: (scratch: string) => Record<string, string>;
  /**
   * A pip-installed agent whose `--version` imports for seconds: its version is read from the
   * package metadata beside the script's interpreter instead, when the layout is pip's.
   */
  versionFromMetadata?: true;
  install: AgentInstall;
  /** An older program with the same command, whose files we never write. */
  predecessor?: Predecessor;
  /** The versions its writer serves (absent for an agent that cannot be installed or served here). */
  versions?: AgentVersions;
  /** Protocols it can speak, in order of preference. Empty when the gateway cannot serve it. */
  protocols: readonly Protocol[];
  /**
   * Set when setup cannot write this agent's files for the gateway (no protocol the gateway offers,
   * as Gemini CLI; or no file that holds its model, as Letta Code): the explanation. Such an agent
   * may still have a `session` (`launch`).
   */
  unsupported?: Message;
  /** With `unsupported`: the same in a few words, for lists (the wizard's agents). */
  unsupportedLabel?: Message;
  /**
   * Variables that keep the agent quiet and quick in a one-shot run we start (no update check, no
   * telemetry, no retries for minutes): each agent's own, read by it alone.
   */
  quietEnv?: Readonly<Record<string, string>>;
  /**
   * Lines it prints in a one-shot run that are known to say nothing of the answer (a lookup of its
   * own that a network blocks): left out before the output is searched for error texts.
   */
  harmlessOutput?: readonly RegExp[];
  /**
   * Its own ways of saying, in a one-shot run that exits 0, that no answer came (beside the texts
   * every agent uses: `error:`, `API Error`, `unauthorized`…).
   */
  errorOutput?: readonly RegExp[];
  /** How its models are ranked by default (no small-model patterns without a small-model setting). */
  preferences: { model: readonly string[]; smallModel?: readonly string[] };
  /** Its small/fast model setting, when it has one. */
  smallModel?: SmallModelSetting;
  /**
   * The base URL form the agent is given (shown in the wizard): the bare root (a client that
   * appends /v1 itself) or root + /v1, with a note where it depends on the protocol. Absent for an
   * agent the gateway cannot serve.
   */
  baseUrl?: { form: 'root' | 'v1'; note?: Message };
  /**
   * Tiers the user switches between inside the agent (Claude Code's `/model opus`): each gets the
   * best model of the key matching its patterns that the marks confirm, else the main model.
   */
  tiers?: readonly { id: string; patterns: readonly string[] }[];
  /**
   * The agent's config holds a list of models the user switches between inside it (OpenCode): setup
   * lists every suitable model the key offers, not only the default one.
   */
  listsModels?: boolean;
  /**
   * The `app` values of the gateway console's import link (`ccswitch://v1/import?app=claude…`) built
   * for this agent: its model hints become this agent's preferred models.
   */
  importApps?: readonly string[];
  /** The models a config written by us lists now (the ones `plan` wrote), for `sync` to keep. */
  listedModels?(env: AgentEnv, scope: Scope, current: CurrentFiles): { model: string; protocol: Protocol }[];
  /** Copies the agent itself leaves of one of its files (Qwen Code's `settings.json.orig`): they hold the key too. */
  copiesOf?(file: string): string[];
  /** Whether this model suits the agent, in which protocol, or why not. */
  fit(model: ClassifiedModel): ModelFit;
  /** What the agent evaluates in the values we write; none when it takes every value as it is. */
  evaluates?: readonly Evaluates[];
  /** The files this agent reads for a scope (what setup edits and doctor reads). */
  files(env: AgentEnv, scope: Scope): AgentFile[];
  /** The key edits for a choice. `current` holds the parsed current content of `files()`. */
  plan(env: AgentEnv, choice: AgentChoice, current: CurrentFiles): AgentPlan;
  /**
   * The edits that take out what `plan` wrote, and only while it still points at `gateway`: a value
   * the user has since changed is theirs and stays (a note says so). Deletes only; no edit for a
   * file that does not exist.
   */
  unplan?(env: AgentEnv, scope: Scope, current: CurrentFiles, gateway: GatewayRef): AgentUnplan;
  /** Rebuild, from the files on disk, the request the agent would send; a message says why it cannot. */
  readBack(env: AgentEnv, scope: Scope, current: CurrentFiles): AgentRequest | Message;
  /**
   * How the agent names the configured model on its command line, when that is not the bare model
   * id (OpenCode's `provider/model` reference). `current` holds the files readBack read.
   */
  modelArg?(current: CurrentFiles, request: AgentRequest): string;
  /**
   * The one-shot command that exercises the agent: data, run through one execa wrapper. `request`
   * is what readBack found (an agent that must be pointed at the file it was read from uses it).
   */
  oneShot(model: string, prompt: string, request?: AgentRequest): { command: string; args: string[]; env?: Record<string, string> };
  /**
   * One session against the gateway without touching the user's files (`launch`): the variables,
   * arguments and temporary files (inside `dir`, a fresh directory of ours) the agent needs for
   * `choice` (scope `user`, key storage `file`: the key is in `choice.key`). Absent when the
   * agent's own config mechanisms allow no such session.
   */
  session?(env: AgentEnv, choice: AgentChoice, dir: string): AgentSession;
}

/**
 * One session of the agent against the gateway, started by `launch`, that touches no file of the
 * user's: everything is in the process's environment, in arguments that name no key, or in files
 * inside a temporary directory made for this one session (mode 0700, files 0600, removed after).
 */
interface AgentSession {
  /** Variables for the agent's process only; the key is passed here, never in `args`. */
  env: Record<string, string>;
  /** Files to create before the agent starts, each an absolute path inside the session directory. */
  files?: { path: string; content: string }[];
  /** Arguments put before the user's own (a variable's NAME may be in them, never the key). */
  args?: string[];
  /** What the session leaves out that the agent's own setup has (said before the agent starts). */
  notes?: Message[];
}

/** An agent module's object with its literal id kept, so the registry can derive `AgentId`. */
export function defineAgent<const Id extends string>(agent: Agent<Id>): Agent<Id> {
  return agent;
}
