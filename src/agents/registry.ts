// Every agent, in the order users see them. Adding an agent is one module plus one line here (see
// README.md); everything else (ids, help texts, lists, test matrices) is derived from this list.
import { aider } from './aider/index.js';
import { claudeCode } from './claude-code/index.js';
import { cline } from './cline/index.js';
import { codex } from './codex/index.js';
import { crush } from './crush/index.js';
import { continueCli } from './continue-cli/index.js';
import { copilotCli } from './copilot-cli/index.js';
import { factoryDroid } from './factory-droid/index.js';
import { geminiCli } from './gemini-cli/index.js';
import { hermesAgent } from './hermes-agent/index.js';
import { kilo } from './kilo/index.js';
import { kimiCode } from './kimi-code/index.js';
import { lettaCode } from './letta-code/index.js';
import { mistralVibe } from './mistral-vibe/index.js';
import { opencode } from './opencode/index.js';
import { openhands } from './openhands/index.js';
import { openclaw } from './openclaw/index.js';
import { pi } from './pi/index.js';
import { qwenCode } from './qwen-code/index.js';
import type { Agent } from './types.js';

const LIST = [
  claudeCode,
  codex,
  opencode,
  qwenCode,
  cline,
  pi,
  kilo,
  crush,
  aider,
  continueCli,
  factoryDroid,
  copilotCli,
  kimiCode,
  openclaw,
  hermesAgent,
  mistralVibe,
  openhands,
  geminiCli,
  lettaCode,
] as const;

export type AgentId = (typeof LIST)[number]['id'];

export const AGENTS = Object.fromEntries(LIST.map((a) => [a.id, a])) as Readonly<Record<AgentId, Agent<AgentId>>>;

/** All agent ids, in the order they are listed to users: the ones the gateway serves first. */
export const AGENT_IDS: readonly AgentId[] = [
  ...LIST.filter((a) => a.unsupported === undefined),
  ...LIST.filter((a) => a.unsupported !== undefined),
].map((a) => a.id);

/** The agents the gateway can serve (everything but the unsupported ones). */
export const SUPPORTED_AGENT_IDS: readonly AgentId[] = AGENT_IDS.filter((id) => AGENTS[id].unsupported === undefined);

/** What `setup` configures on a machine where no agent is installed yet. */
export const DEFAULT_AGENT_IDS: readonly AgentId[] = ['claude-code', 'codex'];

export function isAgentId(id: string): id is AgentId {
  return Object.prototype.hasOwnProperty.call(AGENTS, id);
}

/** The agent for an id typed by a user; undefined when there is none. */
export function getAgent(id: string): Agent<AgentId> | undefined {
  return isAgentId(id) ? AGENTS[id] : undefined;
}
