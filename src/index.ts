// The library: what the command line does, as typed calls a script, a gateway's own installer or an
// editor extension makes. Each takes its input and a Host (environment, home, working directory),
// returns its report as data (sentences as `{ key, params }` messages, rendered by `render`), and
// throws a ToolError (UsageError, GatewayError…) whose message says what to do. It never prints,
// never exits and never reads process.argv.
// Every area's English sentences: an error's message reads as a sentence wherever it is shown.
import './messages.js';

export { setup, type SetupInput, type SetupResult, type SetupStart, type SetupEvents } from './library/setup.js';
export type { Host } from './library/host.js';
export type { Given } from './settings/given.js';
export type { SetupReport, AgentReport, VerifyReport, SetupProgress } from './setup/run.js';
export { EXIT, ToolError, UsageError, JobError, GatewayError, CancelledError, type ExitCode } from './core/errors.js';
export type { Message } from './i18n/index.js';
export { AGENT_IDS, SUPPORTED_AGENT_IDS, type AgentId } from './agents/registry.js';
export { translatorFor } from './library/render.js';
export type { Lang, Translator } from './i18n/index.js';
