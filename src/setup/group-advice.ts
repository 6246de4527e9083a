// Group advice: on new-api a key belongs to one token group and the group decides its models. When
// nothing in a key's list suits an agent, the marketplace (`/api/pricing`, each model's
// `enable_groups` and `supported_endpoint_types`) can say which groups sell one that would: the
// person then makes a key in one of them. Only what the gateway shows is said, nothing guessed.
import type { Agent } from '../agents/types.js';
import type { ClassifiedModel, Markers } from '../core/types.js';
import { keyGroups, type SoldModel } from '../gateway/enrich.js';
import { classifyModel } from '../gateway/classify.js';
import { suitableModels } from './choose.js';
import { commas, msg, type Message } from '../i18n/index.js';

export interface GroupAdvice {
  /** A model the marketplace sells that would suit the agent (not in its key's list). */
  model: string;
  /** The groups it is sold to. */
  groups: string[];
  /**
   * Why the key does not list it when another group is not the answer: the key's model limits
   * leave it out (`limits`), are switched on with none (`limits_empty`), or nobody priced it
   * (`unpriced`, hidden from every key); or the key's own group sells it (`own_group`). Absent: only
   * another group sells it.
   */
  why?: 'limits' | 'limits_empty' | 'unpriced' | 'own_group';
}

/** What the gateway tells of the key (`/api/usage/token/`): its model limits when switched on. */
export interface AdvisedKey {
  modelLimits?: readonly string[];
}

/** The variable a new key for one agent is suggested under: GATEWAY_API_KEY_CLAUDE_CODE. */
export function suggestedKeyVar(id: string): string {
  return `GATEWAY_API_KEY_${id.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

/** At most this many models are named: the best ones by the agent's own ranking. */
const MAX_ADVICE = 3;

/**
 * The models the marketplace sells to some group, that the key does not list and that would suit
 * the agent by its own `fit` (ranked by its preferences), with their groups.
 */
export function groupAdvice(
  agent: Agent,
  sold: ReadonlyMap<string, SoldModel>,
  listed: readonly ClassifiedModel[],
  markers?: Markers,
  key?: AdvisedKey,
): GroupAdvice[] {
  const have = new Set(listed.map((m) => m.id));
  const elsewhere: ClassifiedModel[] = [];
  for (const [id, p] of sold) {
    if (have.has(id) || p.groups.length === 0) continue;
    elsewhere.push(classifyModel({ id, ...(p.marks ? { marks: p.marks } : {}) }, markers));
  }
  const own = keyGroups(
    sold,
    listed.map((m) => m.id),
  );
  // Only what the marks confirm: a model only a probe could prove is not worth a new key.
  return suitableModels(agent, elsewhere)
    .filter((f) => !f.fit.needsProbe)
    .slice(0, MAX_ADVICE)
    .map((f) => {
      const p = sold.get(f.model.id)!;
      const why = whyNotListed(f.model.id, p, key, own);
      return { model: f.model.id, groups: [...p.groups], ...(why && { why }) };
    });
}

/** Why a model another group sells is not in the key's list, when the answer is not another group. */
export function whyNotListed(id: string, p: SoldModel, key: AdvisedKey | undefined, own: Set<string> | undefined): GroupAdvice['why'] {
  if (key?.modelLimits !== undefined) {
    if (key.modelLimits.length === 0) return 'limits_empty';
    if (!key.modelLimits.includes(id)) return 'limits';
  }
  if (p.unpriced) return 'unpriced';
  // Whichever of its possible groups the key is in sells it: another group is no answer.
  if (own !== undefined && own.size > 0 && [...own].every((g) => p.groups.includes(g))) return 'own_group';
  return undefined;
}

/**
 * The exact words for advice another group is not the answer to, each with the console step that
 * fixes it (the limits switched on with none, once). Advice without a reason is group advice, said
 * by the caller with the variable and command for a new key.
 */
export function exactAdvice(advice: readonly GroupAdvice[]): Message[] {
  const out: Message[] = [];
  if (advice.some((a) => a.why === 'limits_empty')) out.push(msg('advice.limits_empty'));
  for (const a of advice) {
    const words = a.why === 'limits_empty' ? undefined : reasonWords(a);
    if (words) out.push(words);
  }
  return out;
}

/** The exact words for why one model is not the key's, when another group is not the answer. */
export function reasonWords(a: Pick<GroupAdvice, 'model' | 'groups' | 'why'>): Message | undefined {
  switch (a.why) {
    case 'limits_empty':
      return msg('advice.limits_empty');
    case 'limits':
      return msg('advice.limits', { model: a.model });
    case 'unpriced':
      return msg('advice.unpriced', { model: a.model });
    case 'own_group':
      return msg('advice.own_group', { model: a.model, groups: commas(a.groups.map((g) => `\`${g}\``)) });
    default:
      return undefined;
  }
}
