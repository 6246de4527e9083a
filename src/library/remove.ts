// `remove` as a library call: the gateway given (else GATEWAY_BASE_URL, else the saved one), its
// settings taken out of each agent's configs, backed up first.
import { SUPPORTED_AGENT_IDS } from '../agents/registry.js';
import type { Message } from '../i18n/index.js';
import { BASE_URL_ENV, resolveBaseUrl } from '../settings/gateway.js';
import { followFiles, type Followed } from '../settings/follow-files.js';
import type { Given } from '../settings/given.js';
import { loadSaved } from '../settings/saved.js';
import { agentEnv, parseAgents } from '../settings/setup-inputs.js';
import { refuseWithheld } from '../settings/trust.js';
import type { RemoveReport } from '../remove/run.js';
import { session, type Host } from './host.js';

export type RemoveInput = Pick<Given, 'baseUrl' | 'agents' | 'scope' | 'dryRun'>;

export interface RemoveResult {
  report: RemoveReport;
  notes: Message[];
  /** What the saved settings now say of the agents the run changed (`sync` leaves the ones taken out alone). */
  followed: Followed;
}

export async function remove(input: RemoveInput, host: Host): Promise<RemoveResult> {
  const { ctx, notes } = session(host);
  const saved = await loadSaved(ctx);
  const given = { ...input };
  // The gateway whose settings go: the one given, else $GATEWAY_BASE_URL, else the one setup saved.
  const savedUrl = given.baseUrl === undefined && ctx.env[BASE_URL_ENV] === undefined;
  refuseWithheld(saved, (field) => (field === 'baseUrl' && savedUrl) || (field === 'scope' && given.scope === undefined));
  if (savedUrl && saved.settings.baseUrl) given.baseUrl = saved.settings.baseUrl;
  const gateway = resolveBaseUrl(ctx, given);
  // Masked wherever it shows, though only values read from the files are ever printed.
  const envKey = ctx.env[saved.settings.keyEnv ?? 'GATEWAY_API_KEY'];
  if (envKey) ctx.addSecret(envKey.trim());
  const { runRemove } = await import('../remove/run.js');
  const report = await runRemove({
    gateway,
    agents: parseAgents(given) ?? SUPPORTED_AGENT_IDS,
    scope: given.scope ?? saved.settings.scope ?? 'user',
    dryRun: given.dryRun === true,
    env: agentEnv(ctx),
    addSecret: ctx.addSecret,
  });
  const changed = report.dryRun ? [] : report.agents.flatMap((r) => r.files.filter((f) => f.action !== 'unchanged').map((f) => f.path));
  return { report, notes, followed: await followFiles(ctx, agentEnv(ctx), changed, report.scope) };
}
