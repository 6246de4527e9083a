// The library: what the command line does, as typed calls a script, a gateway's own installer or an
// editor extension makes. Each takes its input and a Host (environment, home, working directory),
// returns its report as data (sentences as `{ key, params }` messages, rendered by a translator from
// `translatorFor`), and throws a ToolError (UsageError, GatewayError…) whose message says what to do.
// It never prints, never exits and never reads process.argv.
// Every area's English sentences: an error's message reads as a sentence wherever it is shown.
import './messages.js';

export { setup, type SetupInput, type SetupResult, type SetupStart, type SetupEvents } from './library/setup.js';
export { sync, type SyncInput, type SyncResult, type SyncRun } from './library/sync.js';
export { doctor, type DoctorInput } from './library/doctor.js';
export { verify, type VerifyInput, type VerifyRunReport, type VerifyEvents } from './library/verify.js';
export { models, type ModelsInput, type ModelsReport, type PriceBasis } from './library/models.js';
export { remove, type RemoveInput, type RemoveResult } from './library/remove.js';
export { backups, restore, type RestoreInput } from './library/restore.js';
export { translatorFor } from './library/render.js';
export type { Host } from './library/host.js';
export type { Network, NetworkRequest, NetworkAnswer } from './gateway/network.js';
export type { Given } from './settings/given.js';
export type { SetupReport, AgentReport, VerifyReport, SetupProgress } from './setup/run.js';
export type { DoctorReport } from './doctor/run.js';
export type { RemoveReport, RemoveAgentReport } from './remove/run.js';
export type { SyncChange, SyncUnchecked } from './sync/changes.js';
export { EXIT, ToolError, UsageError, JobError, GatewayError, CancelledError, type ExitCode } from './core/errors.js';
export { RestoreConflictError } from './config/backup.js';
export type { Message, Lang, Translator } from './i18n/index.js';
export { AGENT_IDS, SUPPORTED_AGENT_IDS, type AgentId } from './agents/registry.js';
