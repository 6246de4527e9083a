// Step 4b: an agent's own key (another group's), its own model list, and which groups sell what.
import { AGENTS, SUPPORTED_AGENT_IDS, type AgentId } from '../../agents/registry.js';
import { wrap } from '../../core/layout.js';
import { UsageError } from '../../core/errors.js';
import { maskKey } from '../../core/mask.js';
import type { ClassifiedModel, KeyInfo } from '../../core/types.js';
import type { ClientOptions } from '../../gateway/client.js';
import { commas, msg } from '../../i18n/index.js';
import { suitableModels } from '../../setup/choose.js';
import { suggestedKeyVar } from '../../setup/group-advice.js';
import { type WizardDeps, type WizardGiven, countModels, sayAll, tr } from '../context.js';
import { askKey } from './key.js';
import { loadModels } from './key-models.js';

export type AgentKeys = Map<AgentId, { key: string; keyEnvVar: string; typed?: boolean }>;

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Step 4b, keys in different groups: agents named with `--api-key-env AGENT=VAR` take theirs;
 * otherwise, when more than one agent is chosen, the person says whether their keys differ and, if
 * so, gives each agent its key (hidden input) or the variable holding it, or keeps the one above.
 */
export function flaggedAgentKeys(deps: WizardDeps, given: Pick<WizardGiven, 'agentKeyEnvs'>): AgentKeys {
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

export async function askAgentKeys(deps: WizardDeps, agents: readonly AgentId[], flagged: AgentKeys, mainKey: string): Promise<AgentKeys> {
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
export async function loadAgentModels(
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
export async function sayGroupAdvice(
  deps: WizardDeps,
  client: Omit<ClientOptions, 'key'>,
  models: readonly ClassifiedModel[],
  own: ReadonlyMap<AgentId, readonly ClassifiedModel[]>,
  /** What the gateway tells of the main key: its limits decide the exact advice. */
  info?: KeyInfo,
): Promise<void> {
  const lacking = SUPPORTED_AGENT_IDS.filter((id) => suitableModels(AGENTS[id], own.get(id) ?? models).length === 0);
  if (lacking.length === 0) return;
  const { fetchSold } = await import('../../gateway/client.js');
  const { exactAdvice, groupAdvice } = await import('../../setup/group-advice.js');
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
