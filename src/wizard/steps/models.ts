// Step 5: a model per agent (and its small/fast model), only suitable ones, recommended first.
import type { AgentId } from '../../agents/registry.js';
import type { ClassifiedModel } from '../../core/types.js';
import { ENGLISH, type Message, type Translator } from '../../i18n/index.js';
import { suitableModels } from '../../setup/choose.js';
import type { Choice } from '../port.js';
import { wrap } from '../../core/layout.js';
import { type WizardDefaults, type WizardDeps, type WizardGiven, agentFor, columns, fit, progressOf, sayAll, tr } from '../context.js';

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
      title: rows[i]! + (text ? `\n      ${fit(text, 68)}` : ''),
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
  /** Only the default model is asked again (after its probe failed): the list chosen stays. */
  defaultOnly = false,
  /** Probes the models a list would hold, with the agent's key: the failed ones, each with its cause. */
  probeList?: ListProbe,
): Promise<ChosenModels> {
  const t = tr(deps);
  const chosen = new Map<AgentId, string>();
  const small = new Map<AgentId, string>();
  const lists = new Map<AgentId, string[]>();
  for (const id of agents) {
    const agent = agentFor(deps, id);
    if (agent.unsupported) continue;
    const prefs = given.preferences?.[id];
    const fitting = suitableModels(agent, models, prefs?.model);
    // Nothing suits: setup reports it for this agent and goes on with the others.
    if (fitting.length === 0) continue;
    const explicit = given.modelLists?.get(id)?.[0] ?? given.models?.get(id) ?? given.models?.get('*');
    if (agent.listsModels && !defaultOnly && explicit === undefined && !given.modelLists?.has(id)) {
      const { picked, model } = await askList(deps, agent, fitting, previous[id]?.model, probeList);
      lists.set(id, picked);
      chosen.set(id, model);
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
      const ranked = smallCandidates(agent, fitting, prefs?.smallModel);
      if (ranked.length > 0) {
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

/** The position of model `id` in `list`, if it is there. */
function indexOf(list: readonly Fitting[], id?: string): number | undefined {
  const i = id === undefined ? -1 : list.findIndex((f) => f.model.id === id);
  return i === -1 ? undefined : i;
}

/**
 * Several models to switch between inside the agent, then its default among them: the ones the marks
 * confirm pre-selected, unless their probe just failed (then their cause is on their row).
 */
async function askList(
  deps: WizardDeps,
  agent: ReturnType<typeof agentFor>,
  fitting: readonly Fitting[],
  previous: string | undefined,
  probeList: ListProbe | undefined,
): Promise<{ picked: string[]; model: string }> {
  const t = tr(deps);
  const failed = probeList ? await probedList(deps, agent.id, fitting, probeList) : new Map<string, Message>();
  const picked = await deps.prompter.multiselect({
    message: t('wizard.model.list_question', { agent: agent.name }),
    choices: modelChoices(fitting, t).map((c, i) => {
      const cause = failed.get(fitting[i]!.model.id);
      return {
        ...c,
        ...(cause !== undefined && { title: [c.title, ...wrap(`✗ ${t(cause)}`, 6, 74)].join('\n') }),
        selected: !fitting[i]!.fit.needsProbe && cause === undefined,
      };
    }),
    min: 1,
  });
  const ranked = fitting.filter((f) => picked.includes(f.model.id));
  const model =
    ranked.length === 1
      ? ranked[0]!.model.id
      : await deps.prompter.select({
          message: t('wizard.model.default_question', { agent: agent.name }),
          choices: modelChoices(ranked, t),
          initial: indexOf(ranked, previous) ?? 0,
        });
  return { picked, model };
}

/** The small/fast models offered, ranked by the agent's preferences: only those the marks confirm (a background model must not need its own probe). */
function smallCandidates(agent: ReturnType<typeof agentFor>, fitting: readonly Fitting[], preferred?: readonly string[]): Fitting[] {
  const confirmed = fitting.filter((f) => !f.fit.needsProbe);
  if (confirmed.length === 0) return [];
  return suitableModels(
    agent,
    confirmed.map((f) => f.model),
    preferred ?? agent.preferences.smallModel ?? [],
  );
}

/** The agents step 5 would ask about: those with a suitable model and no model given by a flag. */
function asked(deps: WizardDeps, agents: readonly AgentId[], modelsFor: (id: AgentId) => readonly ClassifiedModel[], given: WizardGiven) {
  return agents.flatMap((id) => {
    const agent = agentFor(deps, id);
    if (agent.unsupported) return [];
    const explicit = given.modelLists?.has(id) || given.models?.has(id) || given.models?.has('*');
    const fitting = suitableModels(agent, modelsFor(id), given.preferences?.[id]?.model);
    return fitting.length === 0 || explicit ? [] : [{ id, agent, fitting }];
  });
}

/**
 * What step 5 would pick with every default taken: last time's model while it still suits, else the
 * first suitable one (recommended first); for an agent that keeps a list, the models the marks confirm;
 * the small model the agent's preferences rank first among the confirmed ones.
 */
function recommendedChoice(
  deps: WizardDeps,
  agents: readonly AgentId[],
  modelsFor: (id: AgentId) => readonly ClassifiedModel[],
  given: WizardGiven,
  previous: WizardDefaults['models'] = {},
): ChosenModels {
  const out: ChosenModels = { models: new Map(), smallModels: new Map(), modelLists: new Map() };
  for (const { id, agent, fitting } of asked(deps, agents, modelsFor, given)) {
    const before = fitting.find((f) => f.model.id === previous[id]?.model);
    const model = (before ?? fitting[0]!).model.id;
    out.models.set(id, model);
    const confirmed = fitting.filter((f) => !f.fit.needsProbe);
    if (agent.listsModels) {
      const list = confirmed.map((f) => f.model.id);
      out.modelLists.set(id, list.includes(model) ? list : [model, ...list]);
    }
    if (agent.smallModel !== undefined && given.smallModel === undefined) {
      const ranked = smallCandidates(agent, fitting, given.preferences?.[id]?.smallModel);
      const small = ranked.find((f) => f.model.id === previous[id]?.smallModel) ?? ranked[0];
      if (small) out.smallModels.set(id, small.model.id);
    }
  }
  return out;
}

/**
 * One question before the per-agent ones: the recommended model of every agent, shown, taken with
 * Enter. Undefined when the person wants to choose, or when there is nothing to choose.
 */
export async function askRecommended(
  deps: WizardDeps,
  agents: readonly AgentId[],
  modelsFor: (id: AgentId) => readonly ClassifiedModel[],
  given: WizardGiven,
  previous?: WizardDefaults['models'],
): Promise<ChosenModels | undefined> {
  const t = tr(deps);
  const choice = recommendedChoice(deps, agents, modelsFor, given, previous);
  if (choice.models.size === 0) return undefined;
  deps.say('');
  deps.say(`  ${t('wizard.recommended.title')}`);
  for (const [id, model] of choice.models) {
    const small = choice.smallModels.get(id);
    const list = choice.modelLists.get(id);
    const extra = [
      ...(small !== undefined && small !== model ? [t('wizard.recommended.small', { model: small })] : []),
      ...(list !== undefined && list.length > 1 ? [t('wizard.recommended.list', { n: list.length })] : []),
    ];
    // The agent's name whole on its own line when the row would be cut; the model never cut.
    const name = agentFor(deps, id).name;
    sayAll(deps, wrap(`${name}: ${model}${extra.length > 0 ? ` (${extra.join(t('wizard.recommended.and'))})` : ''}`, 4));
  }
  deps.say('');
  return (await deps.prompter.confirm({ message: t('wizard.recommended.question'), initial: true })) ? choice : undefined;
}

/** Probes the models a list would hold for an agent: each failed one, with its cause. */
export type ListProbe = (agent: AgentId, models: readonly Fitting[]) => Promise<Map<string, Message>>;

/** The list's confirmed models probed before the question, under a spinner: the failed ones and why. */
async function probedList(deps: WizardDeps, id: AgentId, fitting: readonly Fitting[], probe: ListProbe): Promise<Map<string, Message>> {
  const t = tr(deps);
  const confirmed = fitting.filter((f) => !f.fit.needsProbe);
  if (confirmed.length === 0) return new Map();
  const group = progressOf(deps).group();
  group.start('list', t('wizard.list.probing', { agent: agentFor(deps, id).name, n: confirmed.length }));
  const failed = await probe(id, confirmed);
  group.settle(
    'list',
    true,
    t('wizard.list.probed', { agent: agentFor(deps, id).name, n: confirmed.length - failed.size, of: confirmed.length }),
  );
  group.end();
  return failed;
}

/** What step 5 chose: a model per agent, small models, and the lists of agents that keep one. */
export interface ChosenModels {
  models: Map<AgentId, string>;
  smallModels: Map<AgentId, string>;
  modelLists: Map<AgentId, string[]>;
}
