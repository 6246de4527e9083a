// An agent's predecessor (Kimi's archived kimi-cli beside Kimi Code): found by its binary answering
// for the agent's command, or by its file; what the user is told of it.
import { access } from 'node:fs/promises';
import type { Message } from '../i18n/index.js';
import type { Agent, AgentEnv, Scope } from './types.js';
import { installation } from './versions.js';

/** What to tell a user who has the agent's predecessor; undefined when neither it nor its file is here. */
export async function predecessorNote(agent: Agent, env: AgentEnv, scope: Scope): Promise<Message | undefined> {
  const p = agent.predecessor;
  if (!p) return undefined;
  const agentFile = agent.files(env, scope)[0]?.path ?? '';
  const { predecessor } = await installation(agent, env);
  if (predecessor !== undefined) return p.found({ version: predecessor, agentFile }, env);
  const there = await access(p.file(env).path).then(
    () => true,
    () => false,
  );
  return there ? p.found({ agentFile }, env) : undefined;
}
