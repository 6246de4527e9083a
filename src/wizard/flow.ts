// The interactive wizard: eight steps, each plain data in and plain data out, asking
// through the injected Prompter and only when no flag answered the question already. Saved
// settings and the environment are defaults here (pre-filled, pre-selected), never answers: a
// person running the wizard again sees every question with last time's answer ready.
import { AGENT_IDS, AGENTS, SUPPORTED_AGENT_IDS, type AgentId } from '../agents/registry.js';
import type { Agent, AgentEnv, KeyStorage, Preferences, Scope } from '../agents/types.js';
import { cut, padTo, visibleLength, wrap } from '../core/layout.js';
import { normalizeBaseUrl, originOf } from '../core/base-url.js';
import { isImportLink, parseImportLink, type ImportLink } from '../gateway/import-link.js';
import { agentsForApp, hintPreferences } from '../setup/import-hints.js';
import { CancelledError, GatewayError, JobError, ToolError, UsageError } from '../core/errors.js';
import { maskKey } from '../core/mask.js';
import { escapeControls } from '../core/terminal.js';
import type { ClassifiedModel, Diagnosis, KeyInfo, Markers, Protocol } from '../core/types.js';
import {
  attachPricing,
  fetchKeyUsage,
  fetchMarket,
  inferPriceGroup,
  keyInfoOf,
  listModels,
  repriced,
  usageWarning,
  type ClientOptions,
} from '../gateway/client.js';
import { showId } from '../gateway/model-id.js';
import { commas, ENGLISH, msg, or, type Translator } from '../i18n/index.js';
import { suitableModels } from '../setup/choose.js';
import { belowFloor, forVersion, updateCommand } from '../agents/versions.js';
import { suggestedKeyVar } from '../setup/group-advice.js';
import { runSetup, type ProbeFailure, type SetupProgress, type SetupReport } from '../setup/run.js';
import { plainProgress, type Choice, type Progress, type ProgressGroup, type Prompter } from './port.js';

/** What flags (and GATEWAY_API_KEY) already answered; every field left undefined is asked. */
export interface WizardGiven {
  baseUrl?: string;
  key?: string;
  /** Where the given key came from, for the screen: "GATEWAY_API_KEY", "--api-key". */
  keySource?: string;
  /**
   * The gateway origins the saved settings bind the given key's variable to, when it came from one
   * the user did not name in this run: offered only for one of them.
   */
  keyBoundTo?: readonly string[];
  keyEnvVar: string;
  /** `--api-key-env AGENT=VAR`: agents with a key variable of their own (nothing asked for them). */
  agentKeyEnvs?: ReadonlyMap<AgentId, string>;
  agents?: AgentId[];
  models?: ReadonlyMap<AgentId | '*', string>;
  /** `--model opencode=ID` given more than once: the list, the first the default (nothing asked). */
  modelLists?: ReadonlyMap<AgentId, readonly string[]>;
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
  /** The person's language (default English). */
  t?: Translator;
  /** Also receives setup's progress (the CLI follows backups, to name one if the run is interrupted). */
  onSetupProgress?: (e: SetupProgress) => void;
  /** The installed agents' versions, once the wizard's own detection found them (set by runWizard). */
  installed?: ReadonlyMap<AgentId, string>;
}

/** The agent as the version found installed is: what suits it, and what its writer writes. */
const agentFor = (deps: Pick<WizardDeps, 'installed'>, id: AgentId): Agent<AgentId> => forVersion(AGENTS[id], deps.installed?.get(id));

const DETECT_AT_ONCE = 4;

const PROTOCOL_LABEL: Record<Protocol, string> = { messages: 'messages', responses: 'Responses', chat: 'chat', images: 'images' };

const progressOf = (deps: WizardDeps): Progress => deps.progress ?? plainProgress(deps.say);
const sayAll = (deps: WizardDeps, lines: readonly string[]): void => lines.forEach((l) => deps.say(l));
const tr = (deps: Pick<WizardDeps, 't'>): Translator => deps.t ?? ENGLISH;
const countModels = (t: Translator, n: number): string => t(n === 1 ? 'wizard.n_model' : 'wizard.n_models', { n });

/** Cuts a cell to `width` columns with … (ids and marks come from the gateway: any length). */
function fit(text: string, width: number): string {
  return cut(text, Math.max(1, width));
}

/** Rows of cells laid out in columns two spaces apart, each cell cut to its column's cap (display width). */
function columns(rows: readonly (readonly string[])[], caps: readonly number[]): string[] {
  // Folded, never spread: the rows may be a gateway's whole model list.
  const widths = caps.map((cap, i) =>
    Math.min(
      cap,
      rows.reduce((m, r) => Math.max(m, visibleLength(r[i] ?? '')), 0),
    ),
  );
  return rows.map((r) =>
    r
      .map((cell, i) => (i === r.length - 1 ? fit(cell, widths[i] ?? 0) : padTo(fit(cell, widths[i] ?? 0), widths[i] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
}

function describe(t: Translator, d: Pick<Diagnosis, 'code' | 'message' | 'fix' | 'requestId'>): string[] {
  return [
    ...wrap(`✗ [${d.code}] ${t(d.message)}`, 2),
    ...wrap(t('core.fix', { fix: d.fix }), 4),
    ...(d.requestId ? wrap(t('wizard.request_id', { id: d.requestId }), 4) : []),
  ];
}

// ── Step 1 ──────────────────────────────────────────────────────────────────────────────────

/**
 * What each agent will be given, from its module: the agents given the same form share a line (the
 * bare root first), an agent whose form depends on the protocol gets a line with its note.
 */
function urlLines(url: { root: string; v1: string }, t: Translator): string[] {
  const lines: string[] = [];
  for (const form of ['root', 'v1'] as const) {
    const agents = SUPPORTED_AGENT_IDS.map((id) => AGENTS[id]).filter((a) => a.baseUrl?.form === form);
    const plain = agents.filter((a) => a.baseUrl?.note === undefined).map((a) => a.name);
    const given = form === 'root' ? url.root : url.v1;
    if (plain.length > 0) lines.push(t('wizard.url.given', { agents: commas(plain), url: given }));
    for (const a of agents) {
      const note = a.baseUrl?.note;
      if (note !== undefined) lines.push(t('wizard.url.given_note', { agents: a.name, url: given, note }));
    }
  }
  return lines;
}

/**
 * Step 1: the base URL, normalized on the spot, with what each agent will be given. An empty answer
 * asks for the gateway console's import link instead, hidden (it holds the key): its base URL is the
 * answer, and the link comes back for its key, name and model hints.
 */
async function askBaseUrl(deps: WizardDeps, given?: string, initial?: string): Promise<{ root: string; v1: string; link?: ImportLink }> {
  const t = tr(deps);
  const check = (value: string): string | true => {
    if (value.trim() === '') return true;
    if (isImportLink(value)) return t('import.wizard.tip');
    try {
      normalizeBaseUrl(value);
      return true;
    } catch (err) {
      return err instanceof ToolError ? t(err.text) : String(err);
    }
  };
  const flagOk = given !== undefined && given.trim() !== '' && check(given) === true;
  if (!flagOk) sayAll(deps, wrap(t('import.wizard.tip'), 2));
  let answer = flagOk ? given : await deps.prompter.text({ message: t('wizard.url.question'), initial: given ?? initial, validate: check });
  let link: ImportLink | undefined;
  if (answer.trim() === '') {
    const pasted = await deps.prompter.password({ message: t('import.wizard.question'), validate: (v) => linkProblem(v, t) ?? true });
    link = parseImportLink(pasted);
    deps.addSecret?.(link.key);
    answer = link.baseUrl;
    deps.say(
      `  ${t('import.from', { source: t('import.wizard.source'), root: normalizeBaseUrl(answer).root, key: maskKey(link.key), name: link.name !== undefined ? `"${escapeControls(cut(link.name, 60))}"` : t('import.unnamed') })}`,
    );
  }
  const url = normalizeBaseUrl(answer);
  if (flagOk && answer === given) deps.say(`  ${t('wizard.url.from_flag', { url: url.root })}`);
  for (const change of url.changes) sayAll(deps, wrap(t('core.note', { text: change }), 2));
  for (const warning of url.warnings) sayAll(deps, wrap(t('core.warning_line', { text: warning }), 2));
  for (const line of urlLines(url, t)) sayAll(deps, wrap(line, 2));
  return { root: url.root, v1: url.v1, ...(link && { link }) };
}

/** Why a pasted text is not a usable import link (the field and the problem), or undefined. */
function linkProblem(text: string, t: Translator): string | undefined {
  if (!isImportLink(text)) return t('import.wizard.not_link');
  try {
    parseImportLink(text);
    return undefined;
  } catch (err) {
    return err instanceof ToolError ? t(err.text) : String(err);
  }
}

// ── Step 2 ──────────────────────────────────────────────────────────────────────────────────

/** Step 2: the key: the given one shown masked, or typed with the input hidden. */
async function askKey(deps: WizardDeps, given?: { key: string; source: string }): Promise<string> {
  const t = tr(deps);
  let key: string;
  if (given && given.key.trim() !== '') {
    key = given.key.trim();
    deps.addSecret?.(key);
    deps.say(`  ${t('wizard.key.from', { source: given.source, key: maskKey(key) })}`);
  } else {
    key = (
      await deps.prompter.password({
        message: t('wizard.key.question'),
        validate: (v) =>
          v.trim() === '' ? t('wizard.key.required') : /[\s\u0000-\u001f\u007f]/.test(v.trim()) ? t('wizard.key.one_word') : true,
      })
    ).trim();
    deps.addSecret?.(key);
    deps.say(`  ${t('wizard.key.shown', { key: maskKey(key) })}`);
  }
  return key;
}

/** What the gateway tells about the key, in one line. */
function describeKey(info: KeyInfo, t: Translator = ENGLISH): string {
  const quota = info.unlimited
    ? t('wizard.key.unlimited')
    : info.remainingUsd !== undefined
      ? t('wizard.key.quota_left', { usd: `$${info.remainingUsd.toFixed(2)}` })
      : undefined;
  const expiry = info.expiresAt ? t('wizard.key.expires', { date: info.expiresAt.slice(0, 10) }) : t('wizard.key.never_expires');
  const limits =
    info.modelLimits && info.modelLimits.length > 0
      ? t('wizard.key.limited', { models: countModels(t, info.modelLimits.length) })
      : undefined;
  const facts = [quota, expiry, limits].filter(Boolean).join(t('wizard.sep'));
  return t('wizard.key.line', { name: info.name !== undefined ? showId(info.name) : t('wizard.key.unnamed'), facts });
}

// ── Step 3 ──────────────────────────────────────────────────────────────────────────────────

type ModelsOutcome = { models: ClassifiedModel[]; info?: KeyInfo } | { retry: 'url' | 'key' };

/** Step 3: the key's models (with prices and the key's details when the gateway tells); on failure the diagnosis and a way out. */
async function loadModels(deps: WizardDeps, client: ClientOptions): Promise<ModelsOutcome> {
  const t = tr(deps);
  const group = progressOf(deps).group();
  group.start('models', t('wizard.models.reading', { root: client.root }));
  try {
    // The marketplace and the key's details are extras: either may be absent (undefined).
    const [list, market, usage] = await Promise.all([listModels(client), fetchMarket(client), fetchKeyUsage(client)]);
    const info = usage && keyInfoOf(usage);
    // Prices at the key's group's ratio where its own list tells the group (as `models` shows them).
    const told =
      market &&
      inferPriceGroup(
        market,
        list.models.map((m) => m.id),
      );
    const listed = attachPricing(list.models, market && told ? repriced(market.prices, told.ratio) : market?.prices);
    group.settle(
      'models',
      true,
      t(list.marked ? 'wizard.models.found' : 'wizard.models.found_unmarked', { models: countModels(t, listed.length) }),
    );
    group.end();
    if (info) sayAll(deps, wrap(describeKey(info, t), 2));
    // A key about to expire or used up: said now, before anything is written with it.
    const warning = usage && usageWarning(maskKey(client.key), usage);
    if (warning) sayAll(deps, wrap(t(warning), 2));
    for (const w of list.warnings) sayAll(deps, wrap(t('core.warning_line', { text: w }), 2));
    return { models: listed, info };
  } catch (err) {
    if (!(err instanceof GatewayError)) {
      group.end();
      throw err;
    }
    group.settle('models', false, t('wizard.models.failed'));
    group.end();
    sayAll(deps, describe(t, err.diagnosis));
    const next = await deps.prompter.select<'url' | 'key' | 'quit'>({
      message: t('wizard.models.what_now'),
      choices: [
        { title: t('wizard.models.retry_url'), value: 'url', short: t('wizard.models.retry_url_short') },
        { title: t('wizard.models.retry_key'), value: 'key', short: t('wizard.models.retry_key_short') },
        { title: t('wizard.models.quit'), value: 'quit', short: t('wizard.models.quit_short') },
      ],
      initial: err.diagnosis.code === 'bad_key' || err.diagnosis.code === 'quota' ? 1 : 0,
    });
    if (next === 'quit') throw new CancelledError();
    return { retry: next };
  }
}

// ── Step 4 ──────────────────────────────────────────────────────────────────────────────────

type Detected = Awaited<ReturnType<WizardDeps['detect']>>;

/**
 * Finds the installed agents from the wizard's start, beside the questions and the model list
 * (each detection runs the agent's `--version`, a few at a time); `wait` shows a spinner while
 * they are still running.
 */
function detectAgents(deps: WizardDeps): { wait: () => Promise<Detected[]> } {
  let done = false;
  const all = (async (): Promise<Detected[]> => {
    const found: Detected[] = [];
    for (let i = 0; i < AGENT_IDS.length; i += DETECT_AT_ONCE) {
      found.push(...(await Promise.all(AGENT_IDS.slice(i, i + DETECT_AT_ONCE).map((id) => deps.detect(AGENTS[id])))));
    }
    done = true;
    return found;
  })();
  // Never an unhandled rejection while the person is still answering: `wait` rethrows it.
  all.catch(() => undefined);
  return {
    wait: async () => {
      if (done) return all;
      const t = tr(deps);
      const group = progressOf(deps).group();
      group.start('detect', t('wizard.progress.detecting'));
      const found = await all;
      group.settle('detect', true, t('wizard.progress.detected', { n: found.filter((d) => d.installed).length, total: found.length }));
      group.end();
      return found;
    },
  };
}

/** Step 4: which agents; installed ones (or last time's) pre-selected, unusable ones disabled with the reason. */
async function askAgents(
  deps: WizardDeps,
  detection: { wait: () => Promise<Detected[]> },
  models: readonly ClassifiedModel[],
  given?: readonly AgentId[],
  previous?: readonly AgentId[],
  /** Agents with a key of their own: judged by its list. */
  own?: ReadonlyMap<AgentId, readonly ClassifiedModel[]>,
): Promise<AgentId[]> {
  if (given) return [...given];
  const t = tr(deps);
  const ids = AGENT_IDS;
  const found = await detection.wait();
  const facts = ids.map((id, i) => {
    const detected = found[i]!;
    const agent = forVersion(AGENTS[id], detected.version);
    const tooOld = belowFloor(agent, detected.version);
    const count = agent.unsupported ? 0 : suitableModels(agent, own?.get(id) ?? models).length;
    const reason = agent.unsupported
      ? t(agent.unsupportedLabel ?? agent.unsupported)
      : tooOld
        ? t('wizard.agents.too_old', { floor: agent.versions?.floor ?? '', update: updateCommand(agent.install) })
        : count === 0
          ? t('wizard.agents.no_model', { protocols: or(agent.protocols.map((p) => PROTOCOL_LABEL[p])) })
          : undefined;
    return { id, agent, detected, count, reason };
  });
  const usable = facts.filter((f) => f.reason === undefined);
  if (usable.length === 0) {
    throw new JobError(msg('wizard.agents.none_usable'), msg('wizard.agents.none_usable_hint'));
  }
  const remembered = previous?.filter((id) => usable.some((f) => f.id === id)) ?? [];
  const rows = columns(
    facts.map((f) => [
      f.agent.name,
      f.detected.installed
        ? f.detected.version
          ? t('wizard.agents.installed_version', { version: f.detected.version })
          : t('wizard.agents.installed')
        : t('wizard.agents.not_installed'),
      f.reason
        ? `✗ ${f.reason}`
        : t('wizard.agents.row', { protocols: f.agent.protocols.map((p) => PROTOCOL_LABEL[p]).join('/'), models: countModels(t, f.count) }),
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
  return deps.prompter.multiselect({ message: t('wizard.agents.question'), choices, min: 1 });
}

// ── Step 5 ──────────────────────────────────────────────────────────────────────────────────

type Fitting = ReturnType<typeof suitableModels>[number];

/** The marketplace price: USD per million tokens in and out, or per call. */
function price(m: ClassifiedModel, t: Translator): string {
  const p = m.pricing;
  if (p?.inputPerMTok !== undefined) {
    const prices = { in: `$${p.inputPerMTok}`, out: `$${p.outputPerMTok ?? ''}` };
    return t(p.outputPerMTok !== undefined ? 'wizard.price.in_out' : 'wizard.price.in', prices);
  }
  if (p?.perCall !== undefined) return t('wizard.price.call', { price: `$${p.perCall}` });
  return '';
}

/**
 * The rows of a model list within 80 columns: ID, recommended or unconfirmed, protocol marks,
 * price; under it, indented, the marketplace description when there is one. (A second line in
 * the title, not prompts' `description`, which it puts inline or below depending on the room.)
 */
export function modelChoices(fitting: readonly Fitting[], t: Translator = ENGLISH): Choice<string>[] {
  const rows = columns(
    fitting.map((f, i) => [
      f.model.id,
      i === 0 && !f.fit.needsProbe ? t('wizard.model.recommended') : f.fit.needsProbe ? t('wizard.model.needs_probe') : '',
      f.model.marked ? (f.model.marks ?? []).join(',') : t('wizard.model.unmarked'),
      price(f.model, t),
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
async function askModels(
  deps: WizardDeps,
  agents: readonly AgentId[],
  models: readonly ClassifiedModel[],
  given: WizardGiven,
  previous: WizardDefaults['models'] = {},
  /** Only the default model is asked again (after its probe failed): the list chosen stays. */
  defaultOnly = false,
): Promise<ChosenModels> {
  const t = tr(deps);
  const chosen = new Map<AgentId, string>();
  const small = new Map<AgentId, string>();
  const lists = new Map<AgentId, string[]>();
  const indexOf = (list: readonly Fitting[], id?: string): number | undefined => {
    const i = id === undefined ? -1 : list.findIndex((f) => f.model.id === id);
    return i === -1 ? undefined : i;
  };
  for (const id of agents) {
    const agent = agentFor(deps, id);
    if (agent.unsupported) continue;
    const prefs = given.preferences?.[id];
    const fitting = suitableModels(agent, models, prefs?.model);
    // Nothing suits: setup reports it for this agent and goes on with the others.
    if (fitting.length === 0) continue;
    const explicit = given.modelLists?.get(id)?.[0] ?? given.models?.get(id) ?? given.models?.get('*');
    if (agent.listsModels && !defaultOnly && explicit === undefined && !given.modelLists?.has(id)) {
      // Several models to switch between inside the agent: the ones the marks confirm pre-selected.
      const picked = await deps.prompter.multiselect({
        message: t('wizard.model.list_question', { agent: agent.name }),
        choices: modelChoices(fitting, t).map((c, i) => ({ ...c, selected: !fitting[i]!.fit.needsProbe })),
        min: 1,
      });
      lists.set(id, picked);
      const ranked = fitting.filter((f) => picked.includes(f.model.id));
      chosen.set(
        id,
        ranked.length === 1
          ? ranked[0]!.model.id
          : await deps.prompter.select({
              message: t('wizard.model.default_question', { agent: agent.name }),
              choices: modelChoices(ranked, t),
              initial: indexOf(ranked, previous[id]?.model) ?? 0,
            }),
      );
    }
    const model =
      chosen.get(id) ??
      explicit ??
      (await deps.prompter.autocomplete({
        message: t('wizard.model.question', { agent: agent.name }),
        choices: modelChoices(fitting, t),
        initial: indexOf(fitting, previous[id]?.model),
      }));
    chosen.set(id, model);
    if (agent.smallModel !== undefined && given.smallModel === undefined) {
      // Only models the marks confirm: a background model must not need its own probe.
      const confirmed = fitting.filter((f) => !f.fit.needsProbe);
      if (confirmed.length > 0) {
        const ranked = suitableModels(
          agent,
          confirmed.map((f) => f.model),
          prefs?.smallModel ?? agent.preferences.smallModel ?? [],
        );
        small.set(
          id,
          await deps.prompter.autocomplete({
            message: t('wizard.model.small_question', { agent: agent.name }),
            choices: modelChoices(ranked, t),
            initial: indexOf(ranked, previous[id]?.smallModel),
          }),
        );
      }
    }
  }
  return { models: chosen, smallModels: small, modelLists: lists };
}

/** What step 5 chose: a model per agent, small models, and the lists of agents that keep one. */
interface ChosenModels {
  models: Map<AgentId, string>;
  smallModels: Map<AgentId, string>;
  modelLists: Map<AgentId, string[]>;
}

// ── Step 4b ─────────────────────────────────────────────────────────────────────────────────

type AgentKeys = Map<AgentId, { key: string; keyEnvVar: string; typed?: boolean }>;

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Step 4b, keys in different groups: agents named with `--api-key-env AGENT=VAR` take theirs;
 * otherwise, when more than one agent is chosen, the person says whether their keys differ and, if
 * so, gives each agent its key (hidden input) or the variable holding it, or keeps the one above.
 */
function flaggedAgentKeys(deps: WizardDeps, given: Pick<WizardGiven, 'agentKeyEnvs'>): AgentKeys {
  const t = tr(deps);
  const out: AgentKeys = new Map();
  for (const [id, name] of given.agentKeyEnvs ?? []) {
    const key = deps.env.env[name]?.trim();
    if (!key) throw new UsageError(msg('keys.unset', { agent: id, var: name }), msg('keys.unset_hint', { agent: id, var: name }));
    deps.addSecret?.(key);
    deps.say(`  ${AGENTS[id].name}: ${t('wizard.key.from', { source: name, key: maskKey(key) })}`);
    out.set(id, { key, keyEnvVar: name });
  }
  return out;
}

async function askAgentKeys(deps: WizardDeps, agents: readonly AgentId[], flagged: AgentKeys, mainKey: string): Promise<AgentKeys> {
  const t = tr(deps);
  const env = deps.env.env;
  const out: AgentKeys = new Map([...flagged].filter(([id]) => agents.includes(id)));
  if (flagged.size > 0 || agents.length < 2) return out;
  const differ = await deps.prompter.select<boolean>({
    message: t('keys.wizard.groups_question'),
    choices: [
      { title: t('keys.wizard.groups_no'), value: false, short: t('keys.wizard.groups_no') },
      { title: t('keys.wizard.groups_yes'), value: true, short: t('keys.wizard.groups_yes') },
    ],
  });
  if (!differ) return out;
  for (const id of agents) {
    const agent = AGENTS[id].name;
    const how = await deps.prompter.select<'same' | 'paste' | 'var'>({
      message: t('keys.wizard.how', { agent }),
      choices: [
        { title: t('keys.wizard.how_same'), value: 'same' },
        { title: t('keys.wizard.how_paste'), value: 'paste' },
        { title: t('keys.wizard.how_var'), value: 'var' },
      ],
    });
    if (how === 'same') continue;
    if (how === 'paste') {
      const key = (
        await deps.prompter.password({
          message: t('keys.wizard.paste', { agent }),
          validate: (v) =>
            v.trim() === '' ? t('wizard.key.required') : /[\s\u0000-\u001f\u007f]/.test(v.trim()) ? t('wizard.key.one_word') : true,
        })
      ).trim();
      deps.addSecret?.(key);
      deps.say(`  ${agent}: ${t('wizard.key.shown', { key: maskKey(key) })}`);
      // Held by no variable: the name is only where `--key-storage env` would have the agent read it.
      if (key !== mainKey) out.set(id, { key, keyEnvVar: suggestedKeyVar(id), typed: true });
      continue;
    }
    const name = (
      await deps.prompter.text({
        message: t('keys.wizard.var', { agent }),
        initial: suggestedKeyVar(id),
        validate: (v) =>
          !ENV_NAME.test(v.trim())
            ? t('wizard.api_key_env_name')
            : env[v.trim()]?.trim()
              ? true
              : t('keys.wizard.var_unset', { var: v.trim() }),
      })
    ).trim();
    const key = env[name]!.trim();
    deps.addSecret?.(key);
    deps.say(`  ${agent}: ${t('wizard.key.from', { source: name, key: maskKey(key) })}`);
    out.set(id, { key, keyEnvVar: name });
  }
  return out;
}

/**
 * Each own key's model list (one read per distinct key, the main key's list reused); a key the
 * gateway refuses is asked again, hidden.
 */
async function loadAgentModels(
  deps: WizardDeps,
  client: Omit<ClientOptions, 'key'>,
  agentKeys: AgentKeys,
  mainKey: string,
  mainModels: ClassifiedModel[],
): Promise<Map<AgentId, ClassifiedModel[]>> {
  const t = tr(deps);
  const lists = new Map<string, ClassifiedModel[]>([[mainKey, mainModels]]);
  const out = new Map<AgentId, ClassifiedModel[]>();
  for (const [id, own] of agentKeys) {
    let list = lists.get(own.key);
    while (!list) {
      const outcome = await loadModels(deps, { ...client, key: own.key });
      if ('models' in outcome) {
        list = outcome.models;
        lists.set(own.key, list);
        sayAll(deps, wrap(t('keys.wizard.models_of', { agent: AGENTS[id].name, count: countModels(t, list.length) }), 2));
      } else {
        own.key = await askKey(deps);
      }
    }
    out.set(id, list);
  }
  return out;
}

/**
 * Agents nothing in their key's list suits: when the marketplace answers, the groups that sell a
 * model that would, and how to give the agent a key of one of them. Nothing when it does not.
 */
async function sayGroupAdvice(
  deps: WizardDeps,
  client: Omit<ClientOptions, 'key'>,
  models: readonly ClassifiedModel[],
  own: ReadonlyMap<AgentId, readonly ClassifiedModel[]>,
  /** What the gateway tells of the main key: its limits decide the exact advice. */
  info?: KeyInfo,
): Promise<void> {
  const lacking = SUPPORTED_AGENT_IDS.filter((id) => suitableModels(AGENTS[id], own.get(id) ?? models).length === 0);
  if (lacking.length === 0) return;
  const { fetchSold } = await import('../gateway/client.js');
  const { exactAdvice, groupAdvice } = await import('../setup/group-advice.js');
  const sold = await fetchSold({ ...client, key: '' });
  if (!sold) return;
  const t = tr(deps);
  for (const id of lacking) {
    // The main key's limits speak for the agents that use it, not for one with a key of its own.
    const limits = !own.has(id) && info?.modelLimits !== undefined ? { modelLimits: info.modelLimits } : undefined;
    const all = groupAdvice(AGENTS[id], sold, own.get(id) ?? models, client.markers, limits);
    for (const m of exactAdvice(all)) sayAll(deps, wrap(t(m), 2));
    // Another group only where only another group sells the model.
    const advice = all.filter((g) => g.why === undefined);
    if (advice.length === 0) continue;
    const sells = advice
      .map((g) => t('keys.advice_model', { model: g.model, groups: commas(g.groups.map((x) => `\`${x}\``)) }))
      .join(t('wizard.sep'));
    sayAll(deps, wrap(t('keys.wizard.advice', { agent: AGENTS[id].name, models: sells, id, var: suggestedKeyVar(id) }), 2));
  }
}

// ── Step 6 ──────────────────────────────────────────────────────────────────────────────────

/** Step 6: scope and key storage, each option with its consequence on its line. */
async function askStorage(
  deps: WizardDeps,
  given: Pick<WizardGiven, 'scope' | 'keyStorage' | 'keyEnvVar'>,
  previous: Pick<WizardDefaults, 'scope' | 'keyStorage'> = {},
): Promise<{ scope: Scope; keyStorage: KeyStorage }> {
  const t = tr(deps);
  const scope =
    given.scope ??
    (await deps.prompter.select<Scope>({
      message: t('wizard.scope.question'),
      choices: [
        { title: t('wizard.scope.user'), value: 'user', short: 'user' },
        { title: t('wizard.scope.project'), value: 'project', short: 'project' },
      ],
      initial: previous.scope === 'project' ? 1 : 0,
    }));
  const keyStorage =
    given.keyStorage ??
    (await deps.prompter.select<KeyStorage>({
      message: t('wizard.storage.question'),
      choices: [
        { title: t(deps.env.platform === 'win32' ? 'wizard.storage.file_win' : 'wizard.storage.file'), value: 'file', short: 'file' },
        { title: fit(t('wizard.storage.env', { var: given.keyEnvVar }), 74), value: 'env', short: 'env' },
      ],
      initial: previous.keyStorage === 'env' ? 1 : 0,
    }));
  return { scope, keyStorage };
}

// ── Steps 7 and 8 ───────────────────────────────────────────────────────────────────────────

/** Turns setup's progress events into a spinner per agent, one group per round. */
function progressTracker(deps: WizardDeps): { onProgress: (e: SetupProgress) => void; end: (ok?: boolean) => void } {
  const t = tr(deps);
  let group: ProgressGroup | undefined;
  let checking = false;
  const end = (ok = true): void => {
    // setup reads the key's list once more; the next round starting means it succeeded.
    if (checking) group?.settle('models', ok, t(ok ? 'wizard.progress.models_checked' : 'wizard.progress.models_unreadable'));
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
          group.start('models', t('wizard.progress.models_checking'));
          checking = true;
          break;
        case 'probe':
          end();
          group = progressOf(deps).group();
          for (const id of e.agents) group.start(id, t('wizard.progress.probing', { agent: name(id) }));
          break;
        case 'probed':
          group?.settle(e.agent, e.ok, t(e.ok ? 'wizard.progress.probe_passed' : 'wizard.progress.probe_failed', { agent: name(e.agent) }));
          break;
        case 'write':
          end();
          deps.say(`  ${t('wizard.progress.writing')}`);
          break;
        case 'verify':
          end();
          group = progressOf(deps).group();
          for (const id of e.agents) group.start(id, t('wizard.progress.verifying', { agent: name(id) }));
          break;
        case 'verified':
          group?.settle(e.agent, e.ok, t(e.ok ? 'wizard.progress.verified' : 'wizard.progress.verify_failed', { agent: name(e.agent) }));
          break;
      }
    },
  };
}

/** The whole wizard. Returns the setup report; throws CancelledError when the person quits. */
export async function runWizard(deps: WizardDeps, given: WizardGiven, defaults: WizardDefaults = {}): Promise<SetupReport> {
  const http = { timeoutMs: given.timeoutMs, env: deps.env.env };
  // The agents are looked for from the start, while the person answers and the models load.
  const detection = given.agents ? { wait: async () => [] } : detectAgents(deps);
  let url = await askBaseUrl(deps, given.baseUrl, defaults.baseUrl);
  // A pasted link gives the key (as --api-key would) and model hints for the agent it was made for.
  if (url.link) given = { ...given, preferences: hintPreferences(url.link, given.preferences ?? {}) };
  // A variable's key saved for another gateway is not offered for this one: the person types this one's.
  const origin = originOf(url.root);
  const elsewhere = given.keyBoundTo !== undefined && origin !== undefined && !given.keyBoundTo.includes(origin);
  if (!url.link && given.key !== undefined && elsewhere)
    deps.say(`  ${tr(deps)('wizard.key.bound_elsewhere', { var: given.keyEnvVar, origins: commas(given.keyBoundTo ?? []), origin })}`);
  let key = await askKey(
    deps,
    url.link
      ? { key: url.link.key, source: tr(deps)('import.wizard.source') }
      : given.key !== undefined && !elsewhere
        ? { key: given.key, source: given.keySource ?? given.keyEnvVar }
        : undefined,
  );
  let models: ClassifiedModel[] | undefined;
  let keyInfo: KeyInfo | undefined;
  while (!models) {
    const outcome = await loadModels(deps, { ...http, root: url.root, key, markers: given.markers });
    if ('models' in outcome) ({ models, info: keyInfo } = outcome);
    else if (outcome.retry === 'url') {
      url = await askBaseUrl(deps, undefined, url.root);
      if (url.link) key = url.link.key;
    } else key = await askKey(deps);
  }
  const flagged = flaggedAgentKeys(deps, given);
  const listing = { ...http, root: url.root, markers: given.markers };
  const flaggedModels = await loadAgentModels(deps, listing, flagged, key, models);
  await sayGroupAdvice(deps, listing, models, flaggedModels, keyInfo);
  // A link made for an agent (`app=openclaw`) pre-selects that agent, over last time's choice.
  const linked = agentsForApp(url.link?.app);
  const agents = await askAgents(deps, detection, models, given.agents, linked.length > 0 ? linked : defaults.agents, flaggedModels);
  // What the detection found is what setup writes for (it looks for itself when nothing was looked for).
  const found = await detection.wait();
  if (found.length > 0) {
    const installed = new Map(AGENT_IDS.flatMap((id, i) => (found[i]?.version !== undefined ? [[id, found[i].version] as const] : [])));
    deps = { ...deps, installed };
  }
  const agentKeys = await askAgentKeys(deps, agents, flagged, key);
  const ownModels = await loadAgentModels(deps, listing, agentKeys, key, models);
  const mainModels = models;
  const modelsFor = (id: AgentId): ClassifiedModel[] => ownModels.get(id) ?? mainModels;
  // The agents sharing a model list are asked together, each other one with its own key's list.
  const chosen: ChosenModels = { models: new Map(), smallModels: new Map(), modelLists: new Map() };
  const byList = new Map<ClassifiedModel[], AgentId[]>();
  for (const id of agents) byList.set(modelsFor(id), [...(byList.get(modelsFor(id)) ?? []), id]);
  for (const [list, ids] of byList) {
    const part = await askModels(deps, ids, list, given, defaults.models);
    for (const [a, m] of part.models) chosen.models.set(a, m);
    for (const [a, m] of part.smallModels) chosen.smallModels.set(a, m);
    for (const [a, m] of part.modelLists) chosen.modelLists.set(a, m);
  }
  const { scope, keyStorage } = await askStorage(deps, given, defaults);
  // Models whose probe failed, per agent: not offered again when the person chooses again.
  const failedModels = new Map<AgentId, Set<string>>();
  for (;;) {
    try {
      return await writeWithChoices(deps, given, { url, key, agentKeys, agents, chosen, scope, keyStorage, http, modelsFor, failedModels });
    } catch (err) {
      if (!(err instanceof ChooseAgain)) throw err;
      for (const id of err.agents) {
        const others = modelsFor(id).filter((m) => !failedModels.get(id)?.has(m.id));
        const explicitGone: WizardGiven = {
          ...given,
          models: new Map([...(given.models ?? [])].filter(([a]) => a !== id && a !== '*')),
          modelLists: new Map([...(given.modelLists ?? [])].filter(([a]) => a !== id)),
        };
        const again = await askModels(deps, [id], others, explicitGone, {}, true);
        const list = chosen.modelLists.get(id) ?? given.modelLists?.get(id);
        if (list)
          chosen.modelLists.set(
            id,
            list.filter((m) => !failedModels.get(id)?.has(m)),
          );
        for (const [a, m] of again.models) chosen.models.set(a, m);
        for (const [a, m] of again.smallModels) chosen.smallModels.set(a, m);
        for (const [a, m] of again.modelLists) chosen.modelLists.set(a, m);
      }
    }
  }
}

/** The person chose to pick other models for these agents after their probes failed. */
class ChooseAgain extends Error {
  constructor(readonly agents: AgentId[]) {
    super('choose again');
  }
}

/**
 * A failed probe, shown with its cause before anything is written; the person picks another model
 * (ChooseAgain) or goes on without the agent. Only agents that have another suitable model are asked.
 */
async function whenProbesFail(
  deps: WizardDeps,
  failures: readonly ProbeFailure[],
  modelsFor: (id: AgentId) => readonly ClassifiedModel[],
  failedModels: Map<AgentId, Set<string>>,
): Promise<void> {
  const t = tr(deps);
  const again: AgentId[] = [];
  for (const f of failures) {
    const agent = agentFor(deps, f.agent);
    const tried = failedModels.get(f.agent) ?? new Set<string>();
    tried.add(f.model);
    failedModels.set(f.agent, tried);
    deps.say('');
    sayAll(deps, wrap(t('wizard.probe.failed', { agent: agent.name, model: f.model })));
    if (f.probe.diagnosis)
      sayAll(deps, describe(t, { ...f.probe.diagnosis, ...(f.probe.requestId ? { requestId: f.probe.requestId } : {}) }));
    if (
      suitableModels(
        agent,
        modelsFor(f.agent).filter((m) => !tried.has(m.id)),
      ).length === 0
    )
      continue;
    const next = await deps.prompter.select<'again' | 'skip'>({
      message: t('wizard.probe.what_now', { agent: agent.name }),
      choices: [
        { title: t('wizard.probe.choose_again'), value: 'again', short: t('wizard.probe.choose_again_short') },
        { title: t('wizard.probe.skip', { agent: agent.name }), value: 'skip', short: t('wizard.probe.skip_short') },
      ],
    });
    if (next === 'again') again.push(f.agent);
  }
  if (again.length > 0) throw new ChooseAgain(again);
}

async function writeWithChoices(
  deps: WizardDeps,
  given: WizardGiven,
  run: {
    url: { root: string; v1: string };
    key: string;
    agentKeys: AgentKeys;
    agents: AgentId[];
    chosen: ChosenModels;
    scope: Scope;
    keyStorage: KeyStorage;
    http: { timeoutMs?: number; env: AgentEnv['env'] };
    modelsFor: (id: AgentId) => readonly ClassifiedModel[];
    failedModels: Map<AgentId, Set<string>>;
  },
): Promise<SetupReport> {
  const { url, key, agents, chosen, scope, keyStorage, http } = run;
  const tracker = progressTracker(deps);
  try {
    const report = await runSetup({
      ...(deps.installed && { versions: deps.installed }),
      root: url.root,
      v1: url.v1,
      key,
      keyEnvVar: given.keyEnvVar,
      ...(run.agentKeys.size > 0 && { agentKeys: run.agentKeys }),
      agents,
      models: new Map([
        ...(given.models ?? []),
        ...[...(given.modelLists ?? [])].map(([a, ids]) => [a, ids[0]!] as const),
        ...chosen.models,
      ]),
      modelLists: new Map([...(given.modelLists ?? []), ...chosen.modelLists]),
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
      onProgress: (e) => {
        tracker.onProgress(e);
        deps.onSetupProgress?.(e);
      },
      onProbeFailed: async (failures) => {
        tracker.end(false);
        await whenProbesFail(deps, failures, run.modelsFor, run.failedModels);
      },
      beforeWrite: async ({ diff }) => {
        tracker.end(true);
        if (diff === '') return;
        deps.say('');
        sayAll(deps, wrap(tr(deps)('wizard.diff.title')));
        deps.say(diff.trimEnd());
        deps.say('');
        if (!(await deps.prompter.confirm({ message: tr(deps)('wizard.diff.confirm'), initial: true }))) throw new CancelledError();
      },
    });
    tracker.end();
    return report;
  } catch (err) {
    tracker.end(false);
    throw err;
  }
}
