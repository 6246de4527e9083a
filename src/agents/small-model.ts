// The small/fast model some agents send their background calls to (Claude Code's haiku model,
// OpenCode's `small_model`): a model missing there breaks the agent in the background while the
// main request passes. Rather than teach the doctor each agent's config rules a second time, the
// agent's own readBack is reused on a copy of its files in which its small-model setting (from its
// module) stands in for the main one: the request that comes out is the one the agent sends for its
// background calls (URL, header and key included).
import type { Agent, AgentEnv, AgentRequest, CurrentFiles, Scope } from './types.js';
import { isMessage, msg, type Message } from '../i18n/index.js';

/**
 * The request the agent sends with its small/fast model, when it has one set and it differs from
 * the main model; a string when one is set but no request can be made of it (OpenCode's
 * `small_model` naming an undefined provider); undefined otherwise (no such setting, none set).
 */
export function smallModelRequest(
  agent: Agent,
  env: AgentEnv,
  scope: Scope,
  current: CurrentFiles,
  main: AgentRequest,
): { request: AgentRequest; setting: string } | Message | undefined {
  const small = agent.smallModel;
  // Not set: the agent uses its main model (or its own default) for background calls.
  if (!small || !small.isSet(current, env)) return undefined;
  const swapped = small.swap(current, env);
  const request = agent.readBack(swapped.env, scope, swapped.current);
  const setting = small.name(current, env);
  if (isMessage(request)) return msg('doctor.labelled', { label: setting, message: request });
  if (request.model === main.model) return undefined;
  return { request, setting };
}
