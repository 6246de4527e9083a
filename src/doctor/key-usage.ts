// The balance and expiry of each key the checked agents use, where the gateway tells
// (`/api/usage/token/`). A key used up or expired already fails the agent's own request (its
// `bad_key` or `quota` finding); one that expires within a week is a warning, not a failure.
import { nowSeconds } from '../core/clock.js';
import type { AgentId } from '../agents/registry.js';
import type { Diagnosis } from '../core/types.js';
import { maskKey } from '../core/mask.js';
import type { HttpOptions } from '../gateway/http.js';
import { askKeyUsage, daysLeft, keyState, type KeyState, type KeyUsage } from '../gateway/key-usage.js';
import { agentKeyOf, type AgentCheck } from './check.js';

export interface KeyReport {
  /** The key, masked. */
  key: string;
  root: string;
  agents: AgentId[];
  /** Undefined when the gateway does not tell. */
  usage?: KeyUsage;
  state?: KeyState;
  /** Whole days to the expiry (negative once expired); undefined for a key that never expires. */
  daysLeft?: number;
  /** Asked, and no answer came (in time): why. */
  unanswered?: Diagnosis;
  /** Not asked: the agents' own requests did not reach the gateway (their findings say why). */
  unreached?: true;
  /** The gateway refused the key itself (its finding says why): no balance is shown for it. */
  refused?: true;
}

/** Findings that say the gateway refused the key itself: whatever its usage route says is no balance to trust. */
const REFUSED: ReadonlySet<string> = new Set(['bad_key', 'group_denied']);

/**
 * Findings that say the gateway was not reached (or is not an API there): no usage is asked of it,
 * which would only wait again. A gateway busy or rate-limiting the relay still answers its console's
 * usage route: asked.
 */
const UNREACHED: ReadonlySet<string> = new Set(['unreachable', 'timeout', 'not_api', 'redirect']);

/** One report per (gateway, key) the checked agents send, in the order the agents come. */
export async function keyReports(checks: readonly AgentCheck[], http: HttpOptions, now = nowSeconds()): Promise<KeyReport[]> {
  const byKey = new Map<string, { root: string; key: string; agents: AgentId[]; unreached: boolean; refused: boolean }>();
  for (const c of checks) {
    const key = agentKeyOf(c);
    if (!c.configured || c.notGateway || !c.root || !key) continue;
    const id = `${c.root}\n${key}`;
    const entry = byKey.get(id) ?? { root: c.root, key, agents: [], unreached: false, refused: false };
    entry.agents.push(c.id);
    if (c.findings.some((f) => UNREACHED.has(f.code))) entry.unreached = true;
    if (c.findings.some((f) => REFUSED.has(f.code))) entry.refused = true;
    byKey.set(id, entry);
  }
  return Promise.all(
    [...byKey.values()].map(async ({ root, key, agents, unreached, refused }) => {
      const report: KeyReport = { key: maskKey(key), root, agents };
      if (refused) return { ...report, refused: true as const };
      // A gateway that did not answer the agent's request would only make doctor wait again.
      if (unreached) return { ...report, unreached: true as const };
      const answer = await askKeyUsage({ root, key, ...http });
      if ('failed' in answer) report.unanswered = answer.failed;
      if (!('usage' in answer)) return report;
      const usage = answer.usage;
      report.usage = usage;
      report.state = keyState(usage, now);
      if (usage.expiresAt > 0) report.daysLeft = daysLeft(usage.expiresAt, now);
      return report;
    }),
  );
}
