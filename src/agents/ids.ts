// The agents' ids alone, for code that only checks a name (a settings file, a flag) and so need not
// run any agent's module: from source they are the registry's own; built, the build writes the same
// lists out here, read from the registry itself (scripts/build.mjs), and a command that names no
// agent never loads the agents.
export { AGENT_IDS, isAgentId, type AgentId } from './registry.js';
