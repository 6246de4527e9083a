// Group advice: on new-api a key belongs to one token group and the group decides its models. When
// nothing in a key's list suits an agent, the marketplace (`/api/pricing`, each model's
// `enable_groups` and `supported_endpoint_types`) can say which groups sell one that would: the
// person then makes a key in one of them. Only what the gateway shows is said, nothing guessed.
import type { Agent } from '../agents/types.js';
import type { ClassifiedModel, Markers } from '../core/types.js';
import type { SoldModel } from '../gateway/enrich.js';
import { classifyModel } from '../gateway/classify.js';
import { suitableModels } from './choose.js';

export interface GroupAdvice {
  /** A model the marketplace sells that would suit the agent (not in its key's list). */
  model: string;
  /** The groups it is sold to. */
  groups: string[];
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
): GroupAdvice[] {
  const have = new Set(listed.map((m) => m.id));
  const elsewhere: ClassifiedModel[] = [];
  for (const [id, p] of sold) {
    if (have.has(id) || p.groups.length === 0) continue;
    elsewhere.push(classifyModel({ id, ...(p.marks ? { marks: p.marks } : {}) }, markers));
  }
  // Only what the marks confirm: a model only a probe could prove is not worth a new key.
  return suitableModels(agent, elsewhere)
    .filter((f) => !f.fit.needsProbe)
    .slice(0, MAX_ADVICE)
    .map((f) => ({ model: f.model.id, groups: [...sold.get(f.model.id)!.groups] }));
}
