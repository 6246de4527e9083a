// The key where setup put it: the agents' own configs. A user who typed the key in the wizard, gave
// `--api-key` or an import link, and exported no variable still has it there — the agent reads it
// from there every day, and `sync`, `doctor --fix` and `launch` take it from there the same way.
import { AGENTS, type AgentId } from '../agents/registry.js';
import type { Scope } from '../agents/types.js';
import { normalizeBaseUrl } from '../core/base-url.js';
import { isMessage } from '../i18n/index.js';
import { readCurrent } from '../setup/read-current.js';
import type { Completed } from './given.js';
import { BASE_URL_ENV, defaultKeyNamed, keyEnvFlags, type ImportedKey, type KeptKey } from './gateway.js';
import type { SettingsHost } from './host.js';
import { agentEnv } from './setup-inputs.js';

/**
 * Each agent's key, read back from its config as the agent reads it, when the config points at
 * `root` (a key kept for another gateway never goes to this one). An agent whose files do not parse
 * or hold no key is left out: the usual "no key" advice then applies.
 */
async function keysInConfigs(
  host: SettingsHost,
  agents: readonly AgentId[],
  root: string,
  scope: Scope = 'user',
): Promise<Map<AgentId, KeptKey>> {
  const env = agentEnv(host);
  const out = new Map<AgentId, KeptKey>();
  for (const id of agents) {
    const agent = AGENTS[id];
    try {
      const request = agent.readBack(env, scope, await readCurrent(agent, env, scope));
      if (isMessage(request) || !request.key || request.overridden) continue;
      if (normalizeBaseUrl(request.baseUrl).root !== root) continue;
      host.addSecret(request.key);
      const file = typeof request.file === 'string' ? request.file : agent.name;
      out.set(id, { key: request.key, source: file, agent: agent.name });
    } catch {
      // A file that does not parse: setup and doctor name it; here it only holds no usable key.
    }
  }
  return out;
}

/**
 * The configs' keys a run needs: none when a flag or link names every key it uses; else those of
 * `agents` whose configs point at the run's gateway (an exported variable does not replace them).
 */
export async function keysForRun(
  host: SettingsHost,
  values: Completed,
  agents: readonly AgentId[],
  scope: Scope = 'user',
  imported?: ImportedKey,
): Promise<Map<AgentId, KeptKey>> {
  const perAgent = keyEnvFlags(values).perAgent;
  const missing = agents.filter((id) => {
    const name = perAgent.get(id);
    return name === undefined ? !defaultKeyNamed(values, imported) : !host.env[name]?.trim();
  });
  const given = values.baseUrl ?? host.env[BASE_URL_ENV];
  if (missing.length === 0 || given === undefined || given.trim() === '') return new Map();
  return keysInConfigs(host, missing, normalizeBaseUrl(given).root, scope);
}
