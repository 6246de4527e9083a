// Every agent, by id. Adding an agent is one module plus one line here (see README.md).
import { claudeCode } from './claude-code.js';
import { cline } from './cline.js';
import { codex } from './codex.js';
import { geminiCli } from './gemini-cli.js';
import { opencode } from './opencode.js';
import { qwenCode } from './qwen-code.js';
import type { Agent, AgentId } from './types.js';

export const AGENTS: Record<AgentId, Agent> = {
  'claude-code': claudeCode,
  codex,
  opencode,
  'qwen-code': qwenCode,
  cline,
  'gemini-cli': geminiCli,
};

/** All agent ids, in the order they are listed to users. */
export const AGENT_IDS = Object.keys(AGENTS) as AgentId[];

/** The agents the gateway can serve (everything but the unsupported ones). */
export const SUPPORTED_AGENT_IDS: AgentId[] = AGENT_IDS.filter((id) => AGENTS[id].unsupported === undefined);

export function isAgentId(id: string): id is AgentId {
  return Object.prototype.hasOwnProperty.call(AGENTS, id);
}

/** The agent for an id typed by a user; undefined when there is none. */
export function getAgent(id: string): Agent | undefined {
  return isAgentId(id) ? AGENTS[id] : undefined;
}
