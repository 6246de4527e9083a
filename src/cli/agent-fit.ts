// Which coding agent a model suits, from the protocols it is marked for. A stand-in for the agent
// registry (src/agents/), which will replace this table: keep it small.
import type { AgentId } from '../agents/types.js';
import type { ClassifiedModel, Protocol } from '../core/types.js';

export interface AgentFitRow {
  id: AgentId;
  name: string;
  /** Protocols the agent can speak, in order of preference (agents.md). */
  protocols: readonly Protocol[];
}

export const AGENT_TABLE: readonly AgentFitRow[] = [
  { id: 'claude-code', name: 'Claude Code', protocols: ['messages'] },
  { id: 'codex', name: 'Codex', protocols: ['responses'] },
  { id: 'opencode', name: 'OpenCode', protocols: ['messages', 'chat', 'responses'] },
  { id: 'qwen-code', name: 'Qwen Code', protocols: ['chat', 'messages'] },
  { id: 'cline', name: 'Cline', protocols: ['chat', 'messages'] },
];

export const PROTOCOL_NAMES: Record<Protocol, string> = {
  messages: 'messages',
  responses: 'Responses',
  chat: 'chat',
  images: 'images',
};

export type AgentFit = { ok: true; protocol: Protocol; needsProbe: boolean } | { ok: false; reason: string };

function list(protocols: readonly Protocol[]): string {
  const names = protocols.map((p) => PROTOCOL_NAMES[p]);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** The agent's best protocol for the model: a confirmed one first, then one a probe must confirm. */
export function agentFit(agent: AgentFitRow, model: ClassifiedModel): AgentFit {
  if (model.notForAgents) return { ok: false, reason: model.notForAgents };
  for (const level of ['yes', 'probe'] as const) {
    const protocol = agent.protocols.find((p) => model.protocols[p] === level);
    if (protocol) return { ok: true, protocol, needsProbe: level === 'probe' };
  }
  const marks = model.marks && model.marks.length > 0 ? model.marks.join(', ') : 'none';
  return { ok: false, reason: `${agent.name} needs ${list(agent.protocols)}; marks: ${marks}` };
}

export function agentFits(model: ClassifiedModel): Record<string, AgentFit> {
  const fits: Record<string, AgentFit> = {};
  for (const agent of AGENT_TABLE) fits[agent.id] = agentFit(agent, model);
  return fits;
}
