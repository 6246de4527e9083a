// `use NAME…`: each profile's run planned before any is made — its inputs, its gateway and keys,
// its agents — and refused when two profiles would write the same agent.
import { AGENTS, type AgentId } from '../agents/registry.js';
import { BIN } from '../core/bin.js';
import { UsageError } from '../core/errors.js';
import { msg } from '../i18n/index.js';
import { resolveGateway, type GatewayInputs } from '../settings/gateway.js';
import type { Given } from '../settings/given.js';
import type { SettingsHost } from '../settings/host.js';
import { requireProfileKey } from '../settings/profiles.js';
import { refuseSavedEnvStorage } from '../settings/saved.js';
import { agentEnv, importedKey, installedAgents, refuseLinkInEnvStorage, setupInputs, type SetupInputs } from '../settings/setup-inputs.js';

export interface ProfilePlan {
  name: string;
  inputs: SetupInputs;
  gateway: GatewayInputs;
  agents: AgentId[];
}

/** Every profile's plan, every key read, before anything is written. */
export async function planProfiles(ctx: SettingsHost, given: Given, names: readonly string[]): Promise<ProfilePlan[]> {
  const plans: ProfilePlan[] = [];
  for (const name of names) {
    const inputs = await setupInputs(ctx, given, true, name);
    // A key from the import link stands in for the profile's variable.
    if (!inputs.imported) requireProfileKey(ctx, given, inputs.saved, name);
    const agents = inputs.agents ?? (await installedAgents(agentEnv(ctx)));
    // A profile's perAgent.<id>.keyEnv gives that agent its own key, as an agent's own variable does.
    const gateway = resolveGateway(ctx, inputs.given, importedKey(inputs), agents);
    refuseLinkInEnvStorage(ctx, inputs, gateway);
    refuseSavedEnvStorage(ctx, given, inputs.saved.settings, inputs.saved.sources, gateway.keyEnvVar);
    plans.push({ name, inputs, gateway, agents });
  }
  const writer = new Map<AgentId, string>();
  for (const p of plans) {
    for (const id of p.agents) {
      const other = writer.get(id);
      if (other !== undefined) {
        throw new UsageError(
          msg('profiles.conflict', { agent: AGENTS[id].name, id, a: other, b: p.name }),
          msg('profiles.conflict_hint', { bin: BIN }),
        );
      }
      writer.set(id, p.name);
    }
  }
  return plans;
}
