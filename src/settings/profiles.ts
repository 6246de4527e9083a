// Profiles: named gateways in the saved settings. A profile is a whole set of saved settings, so a
// command run "with a profile" reads it in place of the top level (flags still win), through the
// same resolution as every setup run. `use`, `profiles`, `sync` and `doctor` share these helpers.
import { own } from '../core/own.js';
import type { AgentId } from '../agents/registry.js';
import { UsageError } from '../core/errors.js';
import { commas, msg } from '../i18n/index.js';
import type { LoadedSettings, Settings } from './index.js';
import { BIN } from '../core/bin.js';
import { showArgument } from '../core/values.js';
import type { Given } from './given.js';
import { normalizeBaseUrl } from '../core/base-url.js';
import type { SettingsHost } from './host.js';
import { refuseWithheld } from './trust.js';

export function profileNames(saved: LoadedSettings): string[] {
  return Object.keys(saved.settings.profiles ?? {}).sort();
}

/** The hint for a profile that is not there: the valid names, or how to add the first one. */
function noSuchHint(saved: LoadedSettings) {
  const names = profileNames(saved);
  return names.length > 0 ? msg('profiles.unknown_hint', { names: commas(names), bin: BIN }) : msg('profiles.none_hint', { bin: BIN });
}

/**
 * The saved settings with the profile `name` in place of the top level: what a run with that
 * profile reads. An unknown name is a usage error naming the valid ones.
 */
export function profileSaved(saved: LoadedSettings, name: string): LoadedSettings {
  const profiles = saved.settings.profiles ?? {};
  const profile = Object.hasOwn(profiles, name) ? profiles[name] : undefined;
  if (profile === undefined) {
    // Named, but only an unapproved project file defines it: say so rather than "unknown".
    refuseWithheld(saved, (field) => field === `profiles.${name}` || field.startsWith(`profiles.${name}.`));
    const none = profileNames(saved).length === 0;
    throw new UsageError(msg(none ? 'profiles.none' : 'profiles.unknown', { name: showArgument(name) }), noSuchHint(saved));
  }
  const file = own(saved.profileFiles, name);
  return {
    settings: { ...profile },
    sources: file === undefined ? [] : [file],
    profileFiles: saved.profileFiles,
    ...(saved.bindings && { bindings: saved.bindings }),
  };
}

/**
 * The profile names its key's variable; when no flag names another and that variable is not set,
 * say so in the profile's terms (the generic message would suggest dropping a flag nobody gave).
 */
export function requireProfileKey(ctx: Pick<SettingsHost, 'env'>, given: Given, saved: LoadedSettings, name: string): void {
  const keyEnv = saved.settings.keyEnv;
  if (keyEnv === undefined || given.apiKey !== undefined || given.keyEnv !== undefined || given.agentKeyEnvs !== undefined) return;
  if (ctx.env[keyEnv]?.trim()) return;
  throw new UsageError(msg('profiles.key_unset', { name, var: keyEnv }), msg('profiles.key_unset_hint', { var: keyEnv }));
}

/** Which profile last wrote each agent, for the profiles still defined. */
export function activeProfiles(s: Settings): Map<AgentId, string> {
  const out = new Map<AgentId, string>();
  for (const [id, name] of Object.entries(s.active ?? {}) as [AgentId, string][]) {
    if (own(s.profiles, name) !== undefined) out.set(id, name);
  }
  return out;
}

/** The agents a profile last wrote (`use`, `sync --profile`). */
export function agentsWrittenBy(saved: LoadedSettings, name: string): AgentId[] {
  return [...activeProfiles(saved.settings)].filter(([, n]) => n === name).map(([id]) => id);
}

/**
 * The agents to check for a profile: those it last wrote, else the ones it lists. An agent another
 * profile wrote since is that profile's now.
 */
export function profileAgents(saved: LoadedSettings, name: string): AgentId[] {
  const written = agentsWrittenBy(saved, name);
  if (written.length > 0) return written;
  const active = activeProfiles(saved.settings);
  return (own(saved.settings.profiles, name)?.agents ?? []).filter((id) => !active.has(id));
}

/**
 * Records that `name` wrote these agents (the user file's `active`). A full disk for our own small
 * file is a warning: the configs are written and verified.
 */
export async function recordActive(ctx: SettingsHost, written: ReadonlyMap<AgentId, string>): Promise<void> {
  if (written.size === 0) return;
  const [{ updateUserSettings }, { isFsError, fsReason }] = await Promise.all([import('./index.js'), import('../config/fs-error.js')]);
  try {
    await updateUserSettings(ctx, (s) => ({ ...s, active: { ...s.active, ...Object.fromEntries(written) } }));
  } catch (err) {
    if (!isFsError(err)) throw err;
    ctx.warn(msg('core.warning_line', { text: msg('fs.settings_not_saved', { reason: fsReason(err) }) }));
  }
}

/**
 * The profile an import link names, as a valid profile name: the console's token name, its letters
 * and digits in any script kept and every other run of characters turned into `-` ("Team GW / 月"
 * → "Team-GW-月"); `imported` when nothing is left.
 */
export function profileNameOf(linkName: string | undefined): string {
  const name = [...(linkName ?? '').normalize('NFKC').replace(/[^\p{L}\p{M}\p{N}._]+/gu, '-')]
    .slice(0, 64)
    .join('')
    .replace(/^[^\p{L}\p{N}]+|-+$/gu, '');
  return name === '' ? 'imported' : name;
}

/**
 * The profile for a link's gateway: its own name when free or already this gateway's; on a clash
 * with another gateway's profile, the name with the first free `-2`, `-3`… (each new gateway its
 * own profile, nothing of the other overwritten).
 */
export function profileFor(
  base: string,
  root: string,
  profiles: Readonly<Record<string, { baseUrl?: string }>> | undefined,
): { name: string; saved: boolean } {
  const sameGateway = (p: { baseUrl?: string }): boolean => p.baseUrl !== undefined && normalizeBaseUrl(p.baseUrl).root === root;
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : `${base.slice(0, 60)}-${n}`;
    const existing = own(profiles, name);
    if (existing === undefined) return { name, saved: false };
    if (sameGateway(existing)) return { name, saved: true };
  }
}
