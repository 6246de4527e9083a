// Picks, per agent, the model (and small/fast model) to write: an explicit choice is validated
// against the key's list and the agent's protocol; otherwise the ranking decides.
import type { AgentId } from '../agents/registry.js';
import type { Agent, ModelFit, Preferences } from '../agents/types.js';
import { suggesting } from '../core/closest.js';
import { UsageError } from '../core/errors.js';
import { showId } from '../gateway/model-id.js';
import type { ClassifiedModel, Protocol } from '../core/types.js';
import { bestModel, bestModels, patternToRegExp, rankModels } from './rank.js';
import { evaluatedAs } from '../config/evaluated.js';
import { commas, msg } from '../i18n/index.js';

export interface ModelChoice {
  agent: AgentId;
  model: string;
  protocol: Protocol;
  /** Only a live probe tells whether the model serves this protocol (marked `openai` only, or unmarked). */
  needsProbe: boolean;
  smallModel?: string;
  smallProtocol?: Protocol;
  smallNeedsProbe?: boolean;
  /** Models for the agent's tiers (Claude Code's opus), when one other than the main model suits. */
  tiers?: Record<string, string>;
}

/**
 * What an agent's config uses now (its model and protocol, and its small model when it has one of
 * its own), read back from disk. Kept when the gateway no longer marks those models: missing marks
 * say nothing new about a model, so they are no reason to move it to another protocol or model.
 */
export interface KeptChoice {
  model: string;
  protocol: Protocol;
  smallModel?: string;
  smallProtocol?: Protocol;
  tiers?: Record<string, string>;
}

/** An agent's main and small models, each when known. */
export interface ModelPair {
  model?: string;
  smallModel?: string;
}

export interface ChooseInput {
  agent: Agent<AgentId>;
  models: readonly ClassifiedModel[];
  /** --model ID or --model AGENT=ID for this agent. */
  model?: string;
  /** --small-model ID. */
  smallModel?: string;
  preferences?: Partial<Preferences>;
  keep?: KeptChoice;
  /**
   * The models the agent's config uses now on this gateway: they lead the ranking while the key lists
   * them. Set by hand or by the agent's own model switch since setup, they are the user's latest choice.
   */
  pinned?: ModelPair;
}

type Fitting = { model: ClassifiedModel; fit: Extract<ModelFit, { ok: true }> };

/**
 * The agent's own fit, after the shared check: a model id the agent would evaluate (a command, a
 * variable, a file) is never a candidate, whatever its marks say.
 */
function fitOf(agent: Agent, model: ClassifiedModel): ModelFit {
  const why = evaluatedAs(agent, 'model', model.id);
  return why ? { ok: false, reason: msg('evaluated.not_candidate', { why }) } : agent.fit(model);
}

type Fittings = readonly (Fitting & { id: string; created?: number })[];

/** Each agent's verdicts on a list it was asked about: a setup asks for its model, then for its list. */
const verdicts = new WeakMap<readonly ClassifiedModel[], WeakMap<Agent, Fittings>>();

/** The models of the key that suit the agent, in the key's order (the agent's verdict on each model once per list). */
function fittingModels(agent: Agent, models: readonly ClassifiedModel[]): Fittings {
  const known = verdicts.get(models)?.get(agent);
  if (known !== undefined) return known;
  const fitting: (Fitting & { id: string; created?: number })[] = [];
  for (const model of models) {
    const fit = fitOf(agent, model);
    if (fit.ok) fitting.push({ model, fit, id: model.id, created: model.created });
  }
  const byAgent = verdicts.get(models) ?? new WeakMap<Agent, Fittings>();
  verdicts.set(models, byAgent.set(agent, fitting));
  return fitting;
}

const confirmedFit = (f: Fitting): boolean => !f.fit.needsProbe;

/** The best of `fitting` by `patterns` (the head of suitableModels' order), or undefined. */
function bestFitting(fitting: ReturnType<typeof fittingModels>, patterns: readonly string[]): Fitting | undefined {
  const best = bestModel(fitting, patterns, confirmedFit);
  return best && { model: best.model, fit: best.fit };
}

/** The models of the key that suit the agent, best first. */
export function suitableModels(agent: Agent, models: readonly ClassifiedModel[], patterns?: readonly string[]): Fitting[] {
  const ranked = rankModels(fittingModels(agent, models), patterns ?? agent.preferences.model, confirmedFit);
  return ranked.map(({ model, fit }) => ({ model, fit }));
}

function validateExplicit(agent: Agent, models: readonly ClassifiedModel[], id: string, flag: string): Fitting {
  const model = models.find((m) => m.id === id);
  const valid = suitableModels(agent, models).map((f) => f.model.id);
  const list = valid.length > 0 ? commas(valid) : msg('setup.suit_none');
  const hint = msg('setup.suit_list', { agent: agent.name, list });
  if (!model)
    throw new UsageError(
      msg('setup.cannot_see', { flag, id: showId(id) }),
      suggesting(
        id,
        models.map((m) => m.id),
        hint,
      ),
    );
  const fit = fitOf(agent, model);
  if (!fit.ok) throw new UsageError(msg('setup.does_not_suit', { flag, id: showId(id), agent: agent.name, reason: fit.reason }), hint);
  return { model, fit };
}

/** The model in the protocol the config uses, when the gateway sends no marks for it and nothing excludes that protocol. */
function unmarkedKeep(agent: Agent, model: ClassifiedModel, protocol: Protocol): Fitting | undefined {
  if (model.marked || !agent.protocols.includes(protocol) || model.protocols[protocol] === 'no') return undefined;
  const fit = fitOf(agent, model);
  if (!fit.ok) return undefined;
  return { model, fit: { ok: true, protocol, needsProbe: model.protocols[protocol] !== 'yes' } };
}

/**
 * Per tier: the model the config uses when the gateway stopped marking it; else the best model of
 * the tier's patterns that the marks confirm in the main model's protocol (a tier gets no probe
 * round of its own); else none, and the tier takes the main model.
 */
function chooseTiers(
  agent: Agent,
  models: readonly ClassifiedModel[],
  fitting: ReturnType<typeof fittingModels>,
  main: Fitting,
  keep: KeptChoice | undefined,
  hints: Preferences['tiers'],
): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const tier of agent.tiers ?? []) {
    const keptId = keep?.tiers?.[tier.id];
    const kept = keptId === undefined ? undefined : models.find((m) => m.id === keptId);
    const keptFit = kept && unmarkedKeep(agent, kept, main.fit.protocol);
    // A hint (an import link's opus model) leads the tier's own patterns.
    const patterns = [...(hints?.[tier.id] ?? []), ...tier.patterns];
    const regexps = patterns.map(patternToRegExp);
    const candidates = fitting.filter((f) => confirmedFit(f) && f.fit.protocol === main.fit.protocol && regexps.some((r) => r.test(f.id)));
    const best = keptFit ?? (candidates.length > 0 ? bestFitting(candidates, patterns) : undefined);
    if (best && best.model.id !== main.model.id) out[tier.id] = best.model.id;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The pinned models first in `prefs`, each while the key lists it by that id (as the saved model leads on a re-run). */
function pinFirst(prefs: Preferences, pinned: ModelPair, models: readonly ClassifiedModel[]): void {
  const listed = (id: string | undefined): id is string => id !== undefined && models.some((m) => m.id === id);
  if (listed(pinned.model)) prefs.model = [pinned.model, ...prefs.model];
  if (listed(pinned.smallModel)) prefs.smallModel = [pinned.smallModel, ...prefs.smallModel];
}

/** Chooses the models for one agent; throws UsageError for an invalid explicit choice or when nothing suits. */
export function chooseModels(input: ChooseInput): ModelChoice {
  const { agent, models } = input;
  const prefs: Preferences = { model: agent.preferences.model, smallModel: agent.preferences.smallModel ?? [], ...input.preferences };
  if (input.pinned) pinFirst(prefs, input.pinned, models);
  // The agent's verdict on each model once; only the best is needed, so no full sort (5,000 models).
  const fitting = fittingModels(agent, models);
  let main: Fitting | undefined;
  if (input.model !== undefined) {
    main = validateExplicit(agent, models, input.model, '--model');
  } else {
    main = bestFitting(fitting, prefs.model);
  }
  const keep = input.keep;
  const keptMain = keep && main?.model.id === keep.model ? unmarkedKeep(agent, main.model, keep.protocol) : undefined;
  if (keptMain) main = keptMain;
  if (!main) {
    const why =
      models.length === 0
        ? msg('setup.no_models', { agent: agent.name })
        : msg('setup.none_suits', { agent: agent.name, n: models.length });
    throw new UsageError(why, msg('setup.none_suits_hint', { agent: agent.name }));
  }
  const choice: ModelChoice = {
    agent: agent.id,
    model: main.model.id,
    protocol: main.fit.protocol,
    needsProbe: main.fit.needsProbe,
  };
  const tiers = chooseTiers(agent, models, fitting, main, keep, prefs.tiers);
  if (tiers) choice.tiers = tiers;
  if (agent.smallModel === undefined) return choice;

  let small: Fitting | undefined;
  if (input.smallModel !== undefined) {
    small = validateExplicit(agent, models, input.smallModel, '--small-model');
  } else {
    const keptModel =
      keep?.smallModel !== undefined && keep.smallProtocol !== undefined ? models.find((m) => m.id === keep.smallModel) : undefined;
    // A small model the marks confirm, never one that would need its own probe round; or the one
    // the config uses, when the gateway stopped marking it.
    small =
      (keptModel && keep?.smallProtocol && unmarkedKeep(agent, keptModel, keep.smallProtocol)) ??
      bestFitting(fitting.filter(confirmedFit), prefs.smallModel) ??
      main;
  }
  choice.smallModel = small.model.id;
  choice.smallProtocol = small.fit.protocol;
  choice.smallNeedsProbe = small.fit.needsProbe;
  return choice;
}

export interface ListInput {
  agent: Agent;
  models: readonly ClassifiedModel[];
  /** The models named for the agent's list (`--model opencode=ID` given more than once, or the wizard). */
  explicit?: readonly string[];
  /** One model named for the agent (`--model ID`, `--model AGENT=ID`): it alone is listed. */
  single: boolean;
  /** The models a config of ours lists now (sync): kept while the key still offers them, none added. */
  kept?: readonly { model: string; protocol: Protocol }[];
}

/**
 * The models to list for an agent that keeps a list (OpenCode), each in its protocol: the ones
 * named; else, on sync, the ones listed now that the key still offers; else every model that suits
 * the agent and that the marks confirm, the best LIST_LIMIT by the ranking (a model only a probe
 * could confirm is listed only when named).
 */
export function chooseList(input: ListInput): { model: string; protocol: Protocol }[] {
  const { agent, models } = input;
  if (input.explicit !== undefined) {
    return input.explicit.map((id) => ({ model: id, protocol: validateExplicit(agent, models, id, '--model').fit.protocol }));
  }
  if (input.kept !== undefined) {
    const fitting = suitableModels(agent, models);
    // By id, once: a kept list may hold every model of the key.
    const byId = new Map(fitting.map((x) => [x.model.id, x]));
    // A model the gateway stopped marking keeps the protocol it is listed in (as the default does).
    return input.kept.flatMap((k) => {
      const f = byId.get(k.model);
      if (!f) return [];
      return [
        {
          model: k.model,
          protocol: f.model.marked ? f.fit.protocol : (unmarkedKeep(agent, f.model, k.protocol)?.fit.protocol ?? f.fit.protocol),
        },
      ];
    });
  }
  if (input.single) return [];
  // The first LIST_LIMIT of suitableModels' order that need no probe, without ordering the rest.
  return bestModels(fittingModels(agent, models).filter(confirmedFit), agent.preferences.model, confirmedFit, LIST_LIMIT).map((f) => ({
    model: f.model.id,
    protocol: f.fit.protocol,
  }));
}

/**
 * The most models a list is given by the ranking: each is probed before it is written, and a
 * picker of thousands helps nobody. `--model AGENT=ID` given more than once lists any others.
 */
export const LIST_LIMIT = 50;
