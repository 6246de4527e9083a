// After an undo (`remove`, `restore`) the saved settings follow the agents' files. The saved agent
// list is what `sync` keeps current and what `doctor` expects on the gateway: an agent the user took
// off the gateway that stayed in it was put back by the next `sync` (and `sync --check` failed until
// then), and an agent a restore put back on it was left to drift. Only the agents whose files the
// undo changed are looked at, each as its own config now reads.
import { AGENTS, type AgentId } from '../agents/registry.js';
import type { AgentEnv, Scope } from '../agents/types.js';
import { originOf } from '../core/base-url.js';
import { ToolError } from '../core/errors.js';
import { isMessage, msg } from '../i18n/index.js';
import { readCurrent } from '../setup/read-current.js';
import type { SettingsHost } from './host.js';

export interface Followed {
  /** Agents taken out of the saved list: their configs no longer use the saved gateway. */
  left: AgentId[];
  /** Agents put back in it: their configs use the saved gateway again. */
  back: AgentId[];
  /** Agents no longer recorded as a profile's: their configs no longer use its gateway. */
  unlinked: AgentId[];
  /** The saved gateway (origin) the list is about. */
  gateway?: string;
}

/** The origin an agent's config now sends its requests to; undefined when it names none (or does not parse). */
async function originNow(id: AgentId, env: AgentEnv, scope: Scope): Promise<string | undefined> {
  const agent = AGENTS[id];
  try {
    const request = agent.readBack(env, scope, await readCurrent(agent, env, scope));
    return isMessage(request) ? undefined : originOf(request.url);
  } catch {
    return undefined;
  }
}

/**
 * Updates the user's saved settings after an undo changed `paths` (in `scope`, when given: another
 * scope than the saved one's leaves them alone): an agent owning one of them stays in (or returns
 * to) the saved agent list exactly when its config uses the saved gateway, and its record of the
 * profile that last wrote it goes once its config no longer uses that profile's gateway. Nothing is
 * written when nothing changes.
 */
export async function followFiles(ctx: SettingsHost, env: AgentEnv, paths: readonly string[], scope?: Scope): Promise<Followed> {
  const followed: Followed = { left: [], back: [], unlinked: [] };
  if (paths.length === 0) return followed;
  const { readUserSettings, updateUserSettings } = await import('./index.js');
  let saved;
  try {
    saved = await readUserSettings(ctx);
  } catch (err) {
    // A settings file that does not parse is named by the next command that needs it; the undo is done.
    if (err instanceof ToolError) return followed;
    throw err;
  }
  const savedScope = saved.scope ?? 'user';
  if (scope !== undefined && scope !== savedScope) return followed;
  const changed = new Set(paths);
  const owners = (Object.keys(AGENTS) as AgentId[]).filter((id) => {
    const agent = AGENTS[id];
    return agent.files(env, savedScope).some((f) => changed.has(f.path) || (agent.copiesOf?.(f.path) ?? []).some((c) => changed.has(c)));
  });
  const gateway = originOf(saved.baseUrl);
  if (gateway !== undefined) followed.gateway = gateway;
  const listed = new Set(saved.agents ?? []);
  for (const id of owners) {
    const now = await originNow(id, env, savedScope);
    const profile = saved.active?.[id];
    if (profile !== undefined) {
      if (now !== originOf(saved.profiles?.[profile]?.baseUrl)) followed.unlinked.push(id);
      // An agent a profile wrote is that profile's: the top-level list is not its.
      else continue;
    }
    if (gateway === undefined) continue;
    if (listed.has(id) && now !== gateway) followed.left.push(id);
    if (!listed.has(id) && now === gateway) followed.back.push(id);
  }
  if (followed.left.length + followed.back.length + followed.unlinked.length === 0) return followed;
  try {
    await updateUserSettings(ctx, (s) => {
      const agents = [...(s.agents ?? []).filter((id) => !followed.left.includes(id)), ...followed.back];
      const active = Object.fromEntries(Object.entries(s.active ?? {}).filter(([id]) => !followed.unlinked.includes(id as AgentId)));
      const { agents: _agents, active: _active, ...rest } = s;
      return { ...rest, ...(agents.length > 0 && { agents }), ...(Object.keys(active).length > 0 && { active }) };
    });
  } catch (err) {
    // The files are as the undo left them: our own small file not written is a warning, not a failed run.
    const { isFsError, fsReason } = await import('../config/fs-error.js');
    if (!isFsError(err)) throw err;
    ctx.warn(msg('core.warning_line', { text: msg('fs.settings_not_saved', { reason: fsReason(err) }) }));
    return { left: [], back: [], unlinked: [] };
  }
  return followed;
}
