// The interactive wizard (issue 4): eight steps, each plain data in and plain data out, asking
// through the injected Prompter and only when no flag answered the question already. Saved
// settings and the environment are defaults here (pre-filled, pre-selected), never answers: a
// person running the wizard again sees every question with last time's answer ready.
import { AGENTS, SUPPORTED_AGENT_IDS } from '../agents/registry.js';
import type { Agent, AgentEnv, AgentId, KeyStorage, Scope } from '../agents/types.js';
import { wrap } from '../cli/output.js';
import { normalizeBaseUrl } from '../core/base-url.js';
import { CancelledError, GatewayError, JobError, ToolError } from '../core/errors.js';
import { maskKey } from '../core/mask.js';
import type { ClassifiedModel, Diagnosis, KeyInfo, Markers, Protocol } from '../core/types.js';
import { attachPricing, fetchKeyInfo, fetchPricing, listModels, type ClientOptions } from '../gateway/client.js';
import { showId } from '../gateway/model-id.js';
import { suitableModels } from '../setup/choose.js';
import { DEFAULT_PREFERENCES, type Preferences } from '../setup/rank.js';
import { runSetup, type SetupProgress, type SetupReport } from '../setup/run.js';
import { plainProgress, type Choice, type Progress, type ProgressGroup, type Prompter } from './port.js';

/** What flags (and GATEWAY_API_KEY) already answered; every field left undefined is asked. */
export interface WizardGiven {
  baseUrl?: string;
  key?: string;
  /** Where the given key came from, for the screen: "GATEWAY_API_KEY", "--api-key". */
  keySource?: string;
  keyEnvVar: string;
  agents?: AgentId[];
  models?: ReadonlyMap<AgentId | '*', string>;
  smallModel?: string;
  scope?: Scope;
  keyStorage?: KeyStorage;
  timeoutMs?: number;
  force?: boolean;
  dryRun?: boolean;
  /** false: no probe before writing, no read-back after (--no-verify). */
  verify?: boolean;
  concurrency?: number;
  markers?: Markers;
  preferences?: Partial<Record<AgentId, Partial<Preferences>>>;
}

/**
 * Pre-filled answers: GATEWAY_BASE_URL and the saved settings (src/settings/, via the CLI).
 * The person confirms or changes each.
 */
export interface WizardDefaults {
  baseUrl?: string;
  agents?: readonly AgentId[];
  models?: Partial<Record<AgentId, { model?: string; smallModel?: string }>>;
  scope?: Scope;
  keyStorage?: KeyStorage;
}

export interface WizardDeps {
  prompter: Prompter;
  /** Spinners while the network works (default: the settled lines only, through `say`). */
  progress?: Progress;
  env: AgentEnv;
  /** Prints lines for the person (stdout). */
  say: (text: string) => void;
  /** Registers the key so every writer masks it. */
  addSecret?: (secret: string) => void;
  /** Finds an installed agent and its version (injected so tests need no agents on PATH). */
  detect: (agent: Agent) => Promise<{ installed: boolean; version?: string }>;
}

const PROTOCOL_LABEL: Record<Protocol, string> = { messages: 'messages', responses: 'Responses', chat: 'chat', images: 'images' };

const progressOf = (deps: WizardDeps): Progress => deps.progress ?? plainProgress(deps.say);
const sayAll = (deps: WizardDeps, lines: readonly string[]): void => lines.forEach((l) => deps.say(l));
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Cuts a cell to `width` characters with … (ids and marks come from the gateway: any length). */
function fit(text: string, width: number): string {
  const chars = [...text];
  return chars.length <= width ? text : `${chars.slice(0, Math.max(1, width - 1)).join('')}…`;
}

/** Rows of cells laid out in columns two spaces apart, each cell cut to its column's cap. */
function columns(rows: readonly (readonly string[])[], caps: readonly number[]): string[] {
  const widths = caps.map((cap, i) => Math.min(cap, Math.max(0, ...rows.map((r) => [...(r[i] ?? '')].length))));
  return rows.map((r) => r.map((cell, i) => fit(cell, widths[i] ?? cell.length).padEnd(i === r.length - 1 ? 0 : widths[i] ?? 0)).join('  ').trimEnd());
}

function describe(d: Pick<Diagnosis, 'code' | 'message' | 'fix' | 'requestId'>): string[] {
  return [
    ...wrap(`✗ [${d.code}] ${d.message}`, 2),
    ...wrap(`fix: ${d.fix}`, 4),
    ...(d.requestId ? [`    request ID: ${d.requestId} (quote it to the gateway's support)`] : []),
  ];
}

// ── Step 1 ──────────────────────────────────────────────────────────────────────────────────

/** Step 1: the base URL, normalized on the spot, with what each agent will be given. */
export async function askBaseUrl(deps: WizardDeps, given?: string, initial?: string): Promise<{ root: string; v1: string }> {
  const check = (value: string): string | true => {
    if (value.trim() === '') return 'The gateway address is required, e.g. https://gw.example.com';
    try {
      normalizeBaseUrl(value);
      return true;
    } catch (err) {
      return err instanceof ToolError ? err.message : String(err);
    }
  };
  const answer = given !== undefined && check(given) === true
    ? given
    : await deps.prompter.text({ message: 'Gateway base URL', initial: given ?? initial, validate: check });
  const url = normalizeBaseUrl(answer);
  if (given !== undefined && answer === given) deps.say(`  Gateway: ${url.root} (from --base-url)`);
  for (const change of url.changes) sayAll(deps, wrap(`note: ${change}`, 2));
  for (const warning of url.warnings) sayAll(deps, wrap(`warning: ${warning}`, 2));
  deps.say(`  Claude Code will get ${url.root}`);
  deps.say(`  Codex CLI, OpenCode, Cline CLI will get ${url.v1}`);
  deps.say(`  Qwen Code will get ${url.v1} (chat; the root over messages)`);
  return { root: url.root, v1: url.v1 };
}

// ── Step 2 ──────────────────────────────────────────────────────────────────────────────────

/** Step 2: the key: the given one shown masked, or typed with the input hidden. */
export async function askKey(deps: WizardDeps, given?: { key: string; source: string }): Promise<string> {
  let key: string;
  if (given && given.key.trim() !== '') {
    key = given.key.trim();
    deps.addSecret?.(key);
    deps.say(`  Key from ${given.source}: ${maskKey(key)}`);
  } else {
    key = (await deps.prompter.password({
      message: 'API key (input hidden)',
      validate: (v) =>
        v.trim() === ''
          ? 'The key is required: copy it from the gateway console.'
          : /[\s\u0000-\u001f\u007f]/.test(v.trim())
            ? 'The key is one word without spaces: copy it again from the console.'
            : true,
    })).trim();
    deps.addSecret?.(key);
    deps.say(`  Key: ${maskKey(key)}`);
  }
  return key;
}

/** What the gateway tells about the key, in one line. */
export function describeKey(info: KeyInfo): string {
  const quota = info.unlimited ? 'unlimited quota' : info.remainingUsd !== undefined ? `$${info.remainingUsd.toFixed(2)} of quota left` : undefined;
  const expiry = info.expiresAt ? `expires ${info.expiresAt.slice(0, 10)}` : 'never expires';
  const limits = info.modelLimits && info.modelLimits.length > 0 ? `limited to ${plural(info.modelLimits.length, 'model')}` : undefined;
  return `Key ${info.name !== undefined ? showId(info.name) : '(unnamed)'}: ${[quota, expiry, limits].filter(Boolean).join(', ')}`;
}

// ── Step 3 ──────────────────────────────────────────────────────────────────────────────────

export type ModelsOutcome = { models: ClassifiedModel[]; info?: KeyInfo } | { retry: 'url' | 'key' };

/** Step 3: the key's models (with prices and the key's details when the gateway tells); on failure the diagnosis and a way out. */
export async function loadModels(deps: WizardDeps, client: ClientOptions): Promise<ModelsOutcome> {
  const group = progressOf(deps).group();
  group.start('models', `Reading the models of this key from ${client.root}`);
  try {
    // The marketplace and the key's details are extras: either may be absent (undefined).
    const [list, pricing, info] = await Promise.all([listModels(client), fetchPricing(client), fetchKeyInfo(client)]);
    const models = attachPricing(list.models, pricing);
    group.settle('models', true, `${plural(models.length, 'model')} for this key${list.marked ? '' : ' (no protocol marks: each choice is probed)'}`);
    group.end();
    if (info) deps.say(`  ${describeKey(info)}`);
    for (const w of list.warnings) sayAll(deps, wrap(`warning: ${w}`, 2));
    return { models, info };
  } catch (err) {
    if (!(err instanceof GatewayError)) {
      group.end();
      throw err;
    }
    group.settle('models', false, 'The gateway did not give the model list');
    group.end();
    sayAll(deps, describe(err.diagnosis));
    const next = await deps.prompter.select<'url' | 'key' | 'quit'>({
      message: 'What now?',
      choices: [
        { title: 'Enter the base URL again', value: 'url', short: 'the base URL again' },
        { title: 'Enter the key again', value: 'key', short: 'the key again' },
        { title: 'Quit (nothing was written)', value: 'quit', short: 'quit' },
      ],
      initial: err.diagnosis.code === 'bad_key' || err.diagnosis.code === 'quota' ? 1 : 0,
    });
    if (next === 'quit') throw new CancelledError();
    return { retry: next };
  }
}

// ── Step 4 ──────────────────────────────────────────────────────────────────────────────────

/** Step 4: which agents; installed ones (or last time's) pre-selected, unusable ones disabled with the reason. */
export async function askAgents(
  deps: WizardDeps,
  models: readonly ClassifiedModel[],
  given?: readonly AgentId[],
  previous?: readonly AgentId[],
): Promise<AgentId[]> {
  if (given) return [...given];
  const ids: AgentId[] = [...SUPPORTED_AGENT_IDS, 'gemini-cli'];
  const found = await Promise.all(ids.map((id) => deps.detect(AGENTS[id])));
  const facts = ids.map((id, i) => {
    const agent = AGENTS[id];
    const detected = found[i]!;
    const count = agent.unsupported ? 0 : suitableModels(agent, models).length;
    const reason = agent.unsupported
      ? 'needs native Gemini, not served here'
      : count === 0
        ? `no model of the key speaks ${agent.protocols.map((p) => PROTOCOL_LABEL[p]).join(' or ')}`
        : undefined;
    return { id, agent, detected, count, reason };
  });
  const usable = facts.filter((f) => f.reason === undefined);
  if (usable.length === 0) {
    throw new JobError(
      "No agent can use this key's models: none is marked for messages, Responses or chat.",
      'Run `gateway-agent-setup models` to see each model\'s marks, or use a key of another group.',
    );
  }
  const remembered = previous?.filter((id) => usable.some((f) => f.id === id)) ?? [];
  const rows = columns(
    facts.map((f) => [
      f.agent.name,
      f.detected.installed ? `installed${f.detected.version ? ` ${f.detected.version}` : ''}` : 'not installed',
      f.reason ? `✗ ${f.reason}` : `${f.agent.protocols.map((p) => PROTOCOL_LABEL[p]).join('/')}: ${plural(f.count, 'model')}`,
    ]),
    [12, 20, 70],
  );
  const choices: Choice<AgentId>[] = facts.map((f, i) => ({
    title: fit(rows[i]!, 74),
    short: f.agent.name,
    value: f.id,
    disabled: f.reason !== undefined,
    selected: f.reason === undefined && (remembered.length > 0 ? remembered.includes(f.id) : f.detected.installed),
  }));
  return deps.prompter.multiselect({ message: 'Which agents should use the gateway?', choices, min: 1 });
}

// ── Step 5 ──────────────────────────────────────────────────────────────────────────────────

type Fitting = ReturnType<typeof suitableModels>[number];

/** The marketplace price: USD per million tokens in and out, or per call. */
function price(m: ClassifiedModel): string {
  const p = m.pricing;
  if (p?.inputPerMTok !== undefined) return p.outputPerMTok !== undefined ? `$${p.inputPerMTok} in/$${p.outputPerMTok} out` : `$${p.inputPerMTok}/M in`;
  if (p?.perCall !== undefined) return `$${p.perCall}/call`;
  return '';
}

/**
 * The rows of a model list within 80 columns: ID, recommended or unconfirmed, protocol marks,
 * price; under it, indented, the marketplace description when there is one. (A second line in
 * the title, not prompts' `description`, which it puts inline or below depending on the room.)
 */
export function modelChoices(fitting: readonly Fitting[]): Choice<string>[] {
  const rows = columns(
    fitting.map((f, i) => [
      f.model.id,
      i === 0 && !f.fit.needsProbe ? '★ recommended' : f.fit.needsProbe ? 'needs a probe' : '',
      f.model.marked ? (f.model.marks ?? []).join(',') : 'unmarked',
      price(f.model),
    ]),
    [30, 13, 20, 18],
  );
  return fitting.map((f, i) => {
    const text = f.model.pricing?.description?.replace(/\s+/g, ' ').trim();
    return {
      title: fit(rows[i]!, 74) + (text ? `\n      ${fit(text, 68)}` : ''),
      short: f.model.id,
      value: f.model.id,
    };
  });
}

/** Step 5: a model per agent (and its small/fast model), only suitable ones, recommended first. */
export async function askModels(
  deps: WizardDeps,
  agents: readonly AgentId[],
  models: readonly ClassifiedModel[],
  given: WizardGiven,
  previous: WizardDefaults['models'] = {},
): Promise<{ models: Map<AgentId, string>; smallModels: Map<AgentId, string> }> {
  const chosen = new Map<AgentId, string>();
  const small = new Map<AgentId, string>();
  const indexOf = (list: readonly Fitting[], id?: string): number | undefined => {
    const i = id === undefined ? -1 : list.findIndex((f) => f.model.id === id);
    return i === -1 ? undefined : i;
  };
  for (const id of agents) {
    const agent = AGENTS[id];
    if (agent.unsupported) continue;
    const prefs = given.preferences?.[id];
    const fitting = suitableModels(agent, models, prefs?.model);
    // Nothing suits: setup reports it for this agent and goes on with the others.
    if (fitting.length === 0) continue;
    const explicit = given.models?.get(id) ?? given.models?.get('*');
    const model = explicit ?? (await deps.prompter.autocomplete({
      message: `Model for ${agent.name} (type to filter)`,
      choices: modelChoices(fitting),
      initial: indexOf(fitting, previous[id]?.model),
    }));
    chosen.set(id, model);
    if (agent.hasSmallModel && given.smallModel === undefined) {
      // Only models the marks confirm: a background model must not need its own probe.
      const confirmed = fitting.filter((f) => !f.fit.needsProbe);
      if (confirmed.length > 0) {
        const ranked = suitableModels(agent, confirmed.map((f) => f.model), prefs?.smallModel ?? DEFAULT_PREFERENCES[id].smallModel);
        small.set(id, await deps.prompter.autocomplete({
          message: `Small/fast model for ${agent.name}'s background calls`,
          choices: modelChoices(ranked),
          initial: indexOf(ranked, previous[id]?.smallModel),
        }));
      }
    }
  }
  return { models: chosen, smallModels: small };
}

// ── Step 6 ──────────────────────────────────────────────────────────────────────────────────

/** Step 6: scope and key storage, each option with its consequence on its line. */
export async function askStorage(
  deps: WizardDeps,
  given: Pick<WizardGiven, 'scope' | 'keyStorage' | 'keyEnvVar'>,
  previous: Pick<WizardDefaults, 'scope' | 'keyStorage'> = {},
): Promise<{ scope: Scope; keyStorage: KeyStorage }> {
  const scope = given.scope ?? (await deps.prompter.select<Scope>({
    message: 'Where should the configs go?',
    choices: [
      { title: 'user      your own config files: every project on this machine', value: 'user', short: 'user' },
      { title: "project   this folder's files: this project only, never the key", value: 'project', short: 'project' },
    ],
    initial: previous.scope === 'project' ? 1 : 0,
  }));
  const keyStorage = given.keyStorage ?? (await deps.prompter.select<KeyStorage>({
    message: 'How should the agents get the key?',
    choices: [
      { title: 'file   written where each agent reads it (mode 0600): works anywhere', value: 'file', short: 'file' },
      { title: fit(`env    only the name $${given.keyEnvVar}: export it in your shell profile`, 74), value: 'env', short: 'env' },
    ],
    initial: previous.keyStorage === 'env' ? 1 : 0,
  }));
  return { scope, keyStorage };
}

// ── Steps 7 and 8 ───────────────────────────────────────────────────────────────────────────

/** Turns setup's progress events into a spinner per agent, one group per round. */
function progressTracker(deps: WizardDeps): { onProgress: (e: SetupProgress) => void; end: (ok?: boolean) => void } {
  let group: ProgressGroup | undefined;
  let checking = false;
  const end = (ok = true): void => {
    // setup reads the key's list once more; the next round starting means it succeeded.
    if (checking) group?.settle('models', ok, ok ? "The key's models checked again" : "The key's models could not be read again");
    checking = false;
    group?.end();
    group = undefined;
  };
  const name = (id: AgentId): string => AGENTS[id].name;
  return {
    end,
    onProgress: (e) => {
      switch (e.phase) {
        case 'models':
          end();
          group = progressOf(deps).group();
          group.start('models', "Checking the key's models again");
          checking = true;
          break;
        case 'probe':
          end();
          group = progressOf(deps).group();
          for (const id of e.agents) group.start(id, `${name(id)}: probing its model in its own protocol`);
          break;
        case 'probed':
          group?.settle(e.agent, e.ok, `${name(e.agent)}: probe ${e.ok ? 'passed' : 'failed'}`);
          break;
        case 'write':
          end();
          deps.say('  Writing (backups first)…');
          break;
        case 'verify':
          end();
          group = progressOf(deps).group();
          for (const id of e.agents) group.start(id, `${name(id)}: reading its config back, sending its request`);
          break;
        case 'verified':
          group?.settle(e.agent, e.ok, `${name(e.agent)}: ${e.ok ? 'verified from the files on disk' : 'verification failed'}`);
          break;
      }
    },
  };
}

/** The whole wizard. Returns the setup report; throws CancelledError when the person quits. */
export async function runWizard(deps: WizardDeps, given: WizardGiven, defaults: WizardDefaults = {}): Promise<SetupReport> {
  const http = { timeoutMs: given.timeoutMs, env: deps.env.env };
  let url = await askBaseUrl(deps, given.baseUrl, defaults.baseUrl);
  let key = await askKey(deps, given.key !== undefined ? { key: given.key, source: given.keySource ?? given.keyEnvVar } : undefined);
  let models: ClassifiedModel[] | undefined;
  while (!models) {
    const outcome = await loadModels(deps, { ...http, root: url.root, key, markers: given.markers });
    if ('models' in outcome) models = outcome.models;
    else if (outcome.retry === 'url') url = await askBaseUrl(deps, undefined, url.root);
    else key = await askKey(deps);
  }
  const agents = await askAgents(deps, models, given.agents, defaults.agents);
  const chosen = await askModels(deps, agents, models, given, defaults.models);
  const { scope, keyStorage } = await askStorage(deps, given, defaults);
  const tracker = progressTracker(deps);
  try {
    const report = await runSetup({
      root: url.root,
      v1: url.v1,
      key,
      keyEnvVar: given.keyEnvVar,
      agents,
      models: new Map([...(given.models ?? []), ...chosen.models]),
      smallModel: given.smallModel,
      smallModels: chosen.smallModels,
      scope,
      keyStorage,
      dryRun: given.dryRun,
      force: given.force,
      verify: given.verify,
      concurrency: given.concurrency,
      markers: given.markers,
      preferences: given.preferences,
      env: deps.env,
      http,
      command: 'wizard',
      onProgress: tracker.onProgress,
      beforeWrite: async ({ diff }) => {
        tracker.end(true);
        if (diff === '') return;
        deps.say('');
        deps.say('The changes to be written (key masked; backups are kept):');
        deps.say(diff.trimEnd());
        deps.say('');
        if (!(await deps.prompter.confirm({ message: 'Write these changes?', initial: true }))) throw new CancelledError();
      },
    });
    tracker.end();
    return report;
  } catch (err) {
    tracker.end(false);
    throw err;
  }
}
