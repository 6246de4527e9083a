// The import link's model hints as model preferences of the agents the link was built for (its
// `app`, matched against each agent's importApps).
import { AGENTS, AGENT_IDS, type AgentId } from '../agents/registry.js';
import type { Agent, Preferences } from '../agents/types.js';
import { patternToRegExp } from './rank.js';
import type { ImportLink } from '../gateway/import-link.js';

/** The agents a link's `app` names (claude → Claude Code, codex → Codex CLI, …); none for an app we do not configure. */
export function agentsForApp(app: string | undefined): AgentId[] {
  if (app === undefined) return [];
  return AGENT_IDS.filter((id) => AGENTS[id].importApps?.includes(app));
}

/**
 * Whether a link's plain `model` names `agent`'s small/fast model (the first pattern of its family:
 * Claude Code's haiku) rather than its main one: a haiku hint then sets the small/fast model, not
 * the main model and with it every tier that follows it.
 */
function smallFamily(agent: Agent, model: string): boolean {
  const small = agent.smallModel !== undefined ? agent.preferences.smallModel?.[0] : undefined;
  return small !== undefined && small !== '*' && patternToRegExp(small).test(model);
}

/** Each hint of the link for `agent`, by slot: `model` where its family says, then the tier fields. */
export function linkHints(agent: Agent, link: ImportLink): { main?: string; small?: string; tiers: Record<string, string> } {
  // `*` is the ranking's wildcard: an id holding one cannot be a pattern that matches only itself.
  const usable = (id: string | undefined): string | undefined => (id !== undefined && !id.includes('*') ? id : undefined);
  const out: { main?: string; small?: string; tiers: Record<string, string> } = { tiers: {} };
  const model = usable(link.model);
  if (model !== undefined) {
    if (smallFamily(agent, model)) out.small = model;
    else out.main = model;
  }
  out.main ??= usable(link.sonnetModel);
  if (agent.smallModel !== undefined) out.small ??= usable(link.haikuModel);
  const opus = usable(link.opusModel);
  if (opus !== undefined && agent.tiers?.some((t) => t.id === 'opus')) out.tiers['opus'] ??= opus;
  return out;
}

/**
 * The link's model hints as preferences of the agents it was built for: each hint leads that
 * agent's ranking in its slot (saved or default patterns follow), so a model the key does not offer
 * is passed over instead of failing the run.
 */
export function hintPreferences(
  link: ImportLink | undefined,
  base: Partial<Record<AgentId, Partial<Preferences>>>,
): Partial<Record<AgentId, Partial<Preferences>>> {
  if (!link) return base;
  const out = { ...base };
  for (const id of agentsForApp(link.app)) {
    const agent = AGENTS[id];
    const hints = linkHints(agent, link);
    const prefs = base[id] ?? {};
    const model = prefs.model ?? agent.preferences.model;
    const small = prefs.smallModel ?? agent.preferences.smallModel ?? [];
    out[id] = {
      ...prefs,
      model: hints.main !== undefined ? [hints.main, ...model] : model,
      ...(agent.smallModel !== undefined || prefs.smallModel !== undefined
        ? { smallModel: hints.small !== undefined ? [hints.small, ...small] : small }
        : {}),
      ...(Object.keys(hints.tiers).length > 0 && {
        tiers: Object.fromEntries(Object.entries(hints.tiers).map(([tier, m]) => [tier, [m]])),
      }),
    };
  }
  return out;
}
