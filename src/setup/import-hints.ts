// The import link's model hints as model preferences of the agents the link was built for (its
// `app`, matched against each agent's importApps).
import { AGENTS, AGENT_IDS, type AgentId } from '../agents/registry.js';
import type { Preferences } from '../agents/types.js';
import type { ImportLink } from '../gateway/import-link.js';

/** The agents a link's `app` names (claude → Claude Code, codex → Codex CLI, …); none for an app we do not configure. */
export function agentsForApp(app: string | undefined): AgentId[] {
  if (app === undefined) return [];
  return AGENT_IDS.filter((id) => AGENTS[id].importApps?.includes(app));
}

/**
 * The link's model hints as preferences of the agents it was built for: each hint leads that
 * agent's ranking (saved or default patterns follow), so a model the key does not offer is passed
 * over instead of failing the run. `model` (else `sonnetModel`) leads the main model, `haikuModel`
 * the small/fast one.
 */
export function hintPreferences(
  link: ImportLink | undefined,
  base: Partial<Record<AgentId, Partial<Preferences>>>,
): Partial<Record<AgentId, Partial<Preferences>>> {
  if (!link) return base;
  const out = { ...base };
  // `*` is the ranking's wildcard: an id holding one cannot be a pattern that matches only itself.
  const usable = (id: string | undefined): string | undefined => (id !== undefined && !id.includes('*') ? id : undefined);
  const main = usable(link.model) ?? usable(link.sonnetModel);
  const haiku = usable(link.haikuModel);
  for (const id of agentsForApp(link.app)) {
    const agent = AGENTS[id];
    const prefs = base[id] ?? {};
    const model = prefs.model ?? agent.preferences.model;
    const small = prefs.smallModel ?? agent.preferences.smallModel ?? [];
    out[id] = {
      ...prefs,
      model: main !== undefined ? [main, ...model] : model,
      ...(agent.smallModel !== undefined || prefs.smallModel !== undefined
        ? { smallModel: haiku !== undefined ? [haiku, ...small] : small }
        : {}),
    };
  }
  return out;
}
