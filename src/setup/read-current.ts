// The parsed current contents of an agent's files, as its plan() and readBack() take them.
import type { Agent, AgentEnv, CurrentFiles, Scope } from '../agents/types.js';
import { readConfig } from '../config/index.js';

/** Reads every file the agent reads for the scope; a file that does not parse throws ParseError. */
export async function readCurrent(agent: Agent, env: AgentEnv, scope: Scope): Promise<CurrentFiles> {
  const files = agent.files(env, scope);
  const entries = await Promise.all(files.map(async (f) => [f.path, await readConfig(f.path, f.format)] as const));
  return new Map(entries);
}
