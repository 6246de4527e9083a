// The interactive wizard: eight steps (./steps/), each plain data in and plain data out, asking
// through the injected Prompter and only when no flag answered the question already. Saved
// settings and the environment are defaults here (pre-filled, pre-selected), never answers: a
// person running the wizard again sees every question with last time's answer ready.
import { AGENT_IDS, type AgentId } from '../agents/registry.js';
import { originOf } from '../core/base-url.js';
import { agentsForApp, hintPreferences } from '../setup/import-hints.js';
import type { ClassifiedModel } from '../core/types.js';
import { commas } from '../i18n/index.js';
import type { SetupReport } from '../setup/run.js';
import { type WizardDefaults, type WizardDeps, type WizardGiven, agentFor, tr } from './context.js';
import { withVersion } from '../agents/versions.js';
import { askBaseUrl } from './steps/url.js';
import { askKey } from './steps/key.js';
import { loadModels } from './steps/key-models.js';
import { askAgents, detectAgents } from './steps/agents.js';
import { type ChosenModels, type ListProbe, askModels, askRecommended } from './steps/models.js';
import { askAgentKeys, flaggedAgentKeys, loadAgentModels, sayGroupAdvice } from './steps/agent-keys.js';
import { askStorage } from './steps/storage.js';
import { ChooseAgain, writeWithChoices } from './steps/write.js';

export type { WizardDefaults, WizardDeps, WizardGiven } from './context.js';

/** Adds what was chosen now to what was chosen before. */
function merge(into: ChosenModels, part: ChosenModels): void {
  for (const [a, m] of part.models) into.models.set(a, m);
  for (const [a, m] of part.smallModels) into.smallModels.set(a, m);
  for (const [a, m] of part.modelLists) into.modelLists.set(a, m);
}

/** Steps 1–3: the gateway and the key, asked again until the key's models load. */
async function gatewayAndKey(deps: WizardDeps, given: WizardGiven, defaults: WizardDefaults) {
  const http = { timeoutMs: given.timeoutMs, env: deps.env.env };
  let url = await askBaseUrl(deps, given.baseUrl, defaults.baseUrl);
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
  for (;;) {
    const outcome = await loadModels(deps, { ...http, root: url.root, key, markers: given.markers });
    if ('models' in outcome) return { http, url, key, models: outcome.models, keyInfo: outcome.info };
    if (outcome.retry === 'url') {
      url = await askBaseUrl(deps, undefined, url.root);
      if (url.link) key = url.link.key;
    } else key = await askKey(deps);
  }
}

/**
 * Last time's models, each agent's in the place of the ones its config on this gateway names since
 * (switched by hand, or by the agent's own model switch): what the person chose last.
 */
async function lastModels(
  deps: WizardDeps,
  agents: readonly AgentId[],
  root: string,
  given: WizardGiven,
  defaults: WizardDefaults,
): Promise<WizardDefaults['models']> {
  const recorded = agents.flatMap((id) => (defaults.recorded?.[id] ? [[id, defaults.recorded[id]] as const] : []));
  if (recorded.length === 0) return defaults.models;
  const { switchedModels } = await import('../setup/run.js');
  const scope = given.scope ?? defaults.scope ?? 'user';
  const out = { ...defaults.models };
  for (const [id, r] of recorded) {
    const switched = await switchedModels(agentFor(deps, id), withVersion(deps.env, deps.installed?.get(id)), scope, root, r);
    if (switched) out[id] = { ...out[id], ...switched };
  }
  return out;
}

/** Step 5 again for the agents whose models failed their probe: their failed models not offered. */
async function chooseAgain(
  deps: WizardDeps,
  given: WizardGiven,
  ids: readonly AgentId[],
  chosen: ChosenModels,
  modelsFor: (id: AgentId) => ClassifiedModel[],
  failedModels: ReadonlyMap<AgentId, ReadonlySet<string>>,
): Promise<void> {
  for (const id of ids) {
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
    merge(chosen, again);
  }
}

/** The whole wizard. Returns the setup report; throws CancelledError when the person quits. */
export async function runWizard(deps: WizardDeps, given: WizardGiven, defaults: WizardDefaults = {}): Promise<SetupReport> {
  // The agents are looked for from the start, while the person answers and the models load.
  const detection = given.agents ? { wait: async () => [] } : detectAgents(deps);
  const { http, url, key, models, keyInfo } = await gatewayAndKey(deps, given, defaults);
  // A pasted link gives the key (as --api-key would) and model hints for the agent it was made for.
  if (url.link) given = { ...given, preferences: hintPreferences(url.link, given.preferences ?? {}) };
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
  const modelsFor = (id: AgentId): ClassifiedModel[] => ownModels.get(id) ?? models;
  // The agents sharing a model list are asked together, each other one with its own key's list.
  const chosen: ChosenModels = { models: new Map(), smallModels: new Map(), modelLists: new Map() };
  const previous = await lastModels(deps, agents, url.root, given, defaults);
  const taken = await askRecommended(deps, agents, modelsFor, given, previous);
  if (taken) merge(chosen, taken);
  else {
    const byList = new Map<ClassifiedModel[], AgentId[]>();
    for (const id of agents) byList.set(modelsFor(id), [...(byList.get(modelsFor(id)) ?? []), id]);
    const probeList: ListProbe = async (id, models) => {
      const { probePairs, modelsOwnFailure, failedModel, failedNote } = await import('../setup/probe.js');
      const client = { ...http, root: url.root, key: agentKeys.get(id)?.key ?? key, markers: given.markers };
      const pairs = models.map((f) => ({ protocol: f.fit.protocol, model: f.model.id }));
      const results = await probePairs(client, pairs, given.concurrency ?? 4);
      return new Map(
        [...results.values()].filter((r) => !r.ok && modelsOwnFailure(r)).map((r) => [r.model, failedNote(failedModel(r))] as const),
      );
    };
    for (const [list, ids] of byList) merge(chosen, await askModels(deps, ids, list, given, previous, false, probeList));
  }
  const { scope, keyStorage } = await askStorage(deps, given, defaults);
  // Models whose probe failed, per agent: not offered again when the person chooses again.
  const failedModels = new Map<AgentId, Set<string>>();
  for (;;) {
    try {
      return await writeWithChoices(deps, given, { url, key, agentKeys, agents, chosen, scope, keyStorage, http, modelsFor, failedModels });
    } catch (err) {
      if (!(err instanceof ChooseAgain)) throw err;
      await chooseAgain(deps, given, err.agents, chosen, modelsFor, failedModels);
    }
  }
}
