// The interactive wizard (issue 4): eight steps, each plain data in and plain data out, asking
// through the injected Prompter and only when no flag answered the question already.
import { AGENTS, SUPPORTED_AGENT_IDS } from '../agents/registry.js';
import type { Agent, AgentEnv, AgentId, KeyStorage, Scope } from '../agents/types.js';
import { normalizeBaseUrl } from '../core/base-url.js';
import { CancelledError, GatewayError, ToolError } from '../core/errors.js';
import { maskKey } from '../core/mask.js';
import type { ClassifiedModel, KeyInfo, ModelPricing } from '../core/types.js';
import { fetchKeyInfo, fetchPricing, listModels, type ClientOptions } from '../gateway/client.js';
import { describeDiagnosis } from '../gateway/diagnosis.js';
import { suitableModels } from '../setup/choose.js';
import { DEFAULT_PREFERENCES } from '../setup/rank.js';
import { runSetup, type SetupProgress, type SetupReport } from '../setup/run.js';
import type { Choice, Prompter } from './port.js';

/** What flags and the environment already answered; every field left undefined is asked. */
export interface WizardGiven {
  baseUrl?: string;
  key?: string;
  keyEnvVar: string;
  agents?: AgentId[];
  models?: ReadonlyMap<AgentId | '*', string>;
  smallModel?: string;
  scope?: Scope;
  keyStorage?: KeyStorage;
  timeoutMs?: number;
  force?: boolean;
}

export interface WizardDeps {
  prompter: Prompter;
  env: AgentEnv;
  /** Prints lines for the person (stdout). */
  say: (text: string) => void;
  /** Registers the key so every writer masks it. */
  addSecret?: (secret: string) => void;
  /** Finds an installed agent and its version (injected so tests need no agents on PATH). */
  detect: (agent: Agent) => Promise<{ installed: boolean; version?: string }>;
}

const AGENT_PROTOCOL_LABEL: Record<AgentId, string> = {
  'claude-code': 'Anthropic messages',
  codex: 'OpenAI Responses',
  opencode: 'messages, chat or Responses',
  'qwen-code': 'chat or messages',
  cline: 'chat or messages',
  'gemini-cli': 'native Gemini',
};

/** Step 1: the base URL, normalized on the spot, with what each agent will be given. */
export async function askBaseUrl(deps: WizardDeps, initial?: string): Promise<{ root: string; v1: string }> {
  const check = (value: string): string | true => {
    try {
      normalizeBaseUrl(value);
      return true;
    } catch (err) {
      return err instanceof ToolError ? err.message : String(err);
    }
  };
  const answer = initial !== undefined && check(initial) === true
    ? initial
    : await deps.prompter.text({ message: 'Gateway base URL', initial, validate: check });
  const url = normalizeBaseUrl(answer);
  for (const change of url.changes) deps.say(`  note: ${change}`);
  for (const warning of url.warnings) deps.say(`  warning: ${warning}`);
  deps.say(`  Claude Code will get ${url.root}`);
  deps.say(`  Codex, OpenCode, Qwen Code and Cline will get ${url.v1}`);
  return { root: url.root, v1: url.v1 };
}

/** Step 2: the key, masked; then what the gateway says about it. */
export async function askKey(deps: WizardDeps, given: WizardGiven, client: Omit<ClientOptions, 'key'>, initial?: string): Promise<{ key: string; info?: KeyInfo }> {
  let key = initial;
  if (key !== undefined && key !== '') {
    deps.say(`  Key from ${given.keyEnvVar}: ${maskKey(key)}`);
  } else {
    key = (await deps.prompter.password({
      message: 'API key (input hidden)',
      validate: (v) => (v.trim() === '' ? 'The key is required: copy it from the gateway console.' : true),
    })).trim();
  }
  deps.addSecret?.(key);
  const info = await fetchKeyInfo({ ...client, key });
  if (info) {
    const quota = info.unlimited ? 'unlimited quota' : info.remainingUsd !== undefined ? `$${info.remainingUsd.toFixed(2)} left` : '';
    const expiry = info.expiresAt ? `expires ${info.expiresAt.slice(0, 10)}` : 'never expires';
    deps.say(`  Key "${info.name ?? '?'}": ${[quota, expiry].filter(Boolean).join(', ')}`);
  }
  return { key, info };
}

type ModelsOutcome = { models: ClassifiedModel[] } | { retry: 'url' | 'key' };

/** Step 3: the key's models; on failure the diagnosis and a way out. */
export async function loadModels(deps: WizardDeps, client: ClientOptions): Promise<ModelsOutcome> {
  deps.say('  Fetching the models of this key…');
  try {
    const list = await listModels(client);
    const pricing = await fetchPricing(client);
    const models = list.models.map((m) => {
      const price = pricing?.get(m.id);
      return price ? { ...m, pricing: price } : m;
    });
    deps.say(`  ${models.length} models${list.marked ? '' : ' (this gateway does not mark protocols: choices are probed)'}`);
    return { models };
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    deps.say(`  ${describeDiagnosis(err.diagnosis)}`);
    const next = await deps.prompter.select<'url' | 'key' | 'quit'>({
      message: 'What now?',
      choices: [
        { title: 'Enter the base URL again', value: 'url' },
        { title: 'Enter the key again', value: 'key' },
        { title: 'Quit (nothing was written)', value: 'quit' },
      ],
    });
    if (next === 'quit') throw new CancelledError();
    return { retry: next };
  }
}

/** Step 4: which agents; installed ones pre-selected, unusable ones shown with the reason. */
export async function askAgents(deps: WizardDeps, models: readonly ClassifiedModel[], given?: AgentId[]): Promise<AgentId[]> {
  if (given) return given;
  const ids = [...SUPPORTED_AGENT_IDS, 'gemini-cli' as const];
  const found = await Promise.all(ids.map((id) => deps.detect(AGENTS[id])));
  const choices: Choice<AgentId>[] = ids.map((id, i) => {
    const agent = AGENTS[id];
    const detected = found[i]!;
    const count = agent.unsupported ? 0 : suitableModels(agent, models).length;
    const installed = detected.installed ? `installed${detected.version ? ` ${detected.version}` : ''}` : 'not installed';
    const reason = agent.unsupported ? 'the gateway does not serve its protocol' : count === 0 ? 'no model of this key suits it' : undefined;
    return {
      title: `${agent.name} (${installed})`,
      value: id,
      description: reason ?? `${AGENT_PROTOCOL_LABEL[id]}; ${count} model${count === 1 ? '' : 's'} suit it`,
      disabled: reason !== undefined,
      selected: reason === undefined && detected.installed,
    };
  });
  return deps.prompter.multiselect({ message: 'Which agents should use the gateway?', choices, min: 1 });
}

/** One line under a model in the list, cut to fit 80 columns. */
function describeModel(m: ClassifiedModel, recommended: boolean, needsProbe: boolean): string {
  const p: ModelPricing | undefined = m.pricing;
  const price = p?.inputPerMTok !== undefined ? `$${p.inputPerMTok}/M in` : p?.perCall !== undefined ? `$${p.perCall}/call` : '';
  const line = [
    recommended ? 'recommended' : '',
    needsProbe ? 'needs a probe' : '',
    m.marked ? `marks: ${(m.marks ?? []).join(', ')}` : 'unmarked',
    price,
    p?.description ?? '',
  ]
    .filter(Boolean)
    .join(' · ');
  return line.length > 72 ? `${line.slice(0, 71)}…` : line;
}

/** Step 5: a model per agent (and its small/fast model), only suitable ones, recommended first. */
export async function askModels(
  deps: WizardDeps,
  agents: readonly AgentId[],
  models: readonly ClassifiedModel[],
  given: WizardGiven,
): Promise<{ models: Map<AgentId, string>; smallModels: Map<AgentId, string> }> {
  const chosen = new Map<AgentId, string>();
  const small = new Map<AgentId, string>();
  for (const id of agents) {
    const agent = AGENTS[id];
    const fitting = suitableModels(agent, models);
    const pick = (f: (typeof fitting)[number], i: number): Choice<string> => ({
      title: f.model.id,
      value: f.model.id,
      description: describeModel(f.model, i === 0, f.fit.needsProbe),
    });
    const explicit = given.models?.get(id) ?? given.models?.get('*');
    chosen.set(id, explicit ?? (await deps.prompter.autocomplete({
      message: `Model for ${agent.name} (type to filter)`,
      choices: fitting.map(pick),
    })));
    if (agent.hasSmallModel && given.smallModel === undefined) {
      // Only models the marks confirm: a background model must not need its own probe.
      const confirmed = fitting.filter((f) => !f.fit.needsProbe);
      if (confirmed.length > 0) {
        small.set(id, await deps.prompter.autocomplete({
          message: `Small/fast model for ${agent.name}'s background calls`,
          choices: suitableModels(agent, confirmed.map((f) => f.model), DEFAULT_PREFERENCES[id].smallModel).map(pick),
        }));
      }
    }
  }
  return { models: chosen, smallModels: small };
}

/** Step 6: scope and key storage, each with its consequence. */
export async function askStorage(deps: WizardDeps, given: WizardGiven): Promise<{ scope: Scope; keyStorage: KeyStorage }> {
  const scope = given.scope ?? (await deps.prompter.select<Scope>({
    message: 'Where should the configs go?',
    choices: [
      { title: 'My user config files', value: 'user', description: 'every project on this machine uses the gateway' },
      { title: "This project's files", value: 'project', description: 'committed with the project; the key never goes into a committed file' },
    ],
  }));
  const keyStorage = given.keyStorage ?? (await deps.prompter.select<KeyStorage>({
    message: 'How should the agents get the key?',
    choices: [
      { title: 'Store it where each agent reads it', value: 'file', description: 'works in every terminal; files holding it are mode 0600' },
      { title: `Only reference $${given.keyEnvVar}`, value: 'env', description: `no key on disk; you must export ${given.keyEnvVar} in your shell profile` },
    ],
  }));
  return { scope, keyStorage };
}

function progressLine(e: SetupProgress): string | undefined {
  switch (e.phase) {
    case 'probe':
      return `  Probing ${e.agents.join(', ')} in their protocols…`;
    case 'probed':
      return `    ${e.ok ? '✓' : '✗'} ${AGENTS[e.agent].name} probe`;
    case 'write':
      return '  Writing (backups first)…';
    case 'verify':
      return '  Reading the configs back and sending what each agent would send…';
    case 'verified':
      return `    ${e.ok ? '✓' : '✗'} ${AGENTS[e.agent].name} verified from disk`;
    default:
      return undefined;
  }
}

/** The whole wizard. Returns the setup report; throws CancelledError when the person quits. */
export async function runWizard(deps: WizardDeps, given: WizardGiven): Promise<SetupReport> {
  const http = { timeoutMs: given.timeoutMs, env: deps.env.env };
  let url = await askBaseUrl(deps, given.baseUrl);
  let key = (await askKey(deps, given, { ...http, root: url.root }, given.key)).key;
  let models: ClassifiedModel[] | undefined;
  while (!models) {
    const outcome = await loadModels(deps, { ...http, root: url.root, key });
    if ('models' in outcome) models = outcome.models;
    else if (outcome.retry === 'url') url = await askBaseUrl(deps);
    else key = (await askKey(deps, given, { ...http, root: url.root })).key;
  }
  const agents = await askAgents(deps, models, given.agents);
  const chosen = await askModels(deps, agents, models, given);
  const { scope, keyStorage } = await askStorage(deps, given);
  return runSetup({
    root: url.root,
    v1: url.v1,
    key,
    keyEnvVar: given.keyEnvVar,
    agents,
    models: chosen.models,
    smallModel: given.smallModel,
    smallModels: chosen.smallModels,
    scope,
    keyStorage,
    force: given.force,
    env: deps.env,
    http,
    command: 'wizard',
    onProgress: (e) => {
      const line = progressLine(e);
      if (line) deps.say(line);
    },
    beforeWrite: async ({ diff }) => {
      if (diff === '') return;
      deps.say(diff.trimEnd());
      if (!(await deps.prompter.confirm({ message: 'Write these changes?', initial: true }))) throw new CancelledError();
    },
  });
}
