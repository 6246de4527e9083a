// Our providers in a table of providers keyed by id (Kimi Code, OpenClaw, Hermes Agent): which id
// setup writes, and which ids `remove` may take out.
import { msg, type Message } from '../i18n/index.js';
import { asRecord, underRoot } from './paths.js';
import type { GatewayRef } from './types.js';

/**
 * The id of our provider in a table of providers keyed by id (Kimi Code, OpenClaw, Hermes Agent):
 * an id of ours (`prefix`, `prefix-2`, …) whose base URL (`baseKey`) is under the gateway, else the
 * first of those ids no provider has. A provider of the user's is never taken over.
 */
export function ownProviderId(providers: Record<string, unknown>, root: string, baseKey: string, prefix = 'gateway'): string {
  const ours = Object.keys(providers).find((id) => id.startsWith(prefix) && underRoot(asRecord(providers[id])?.[baseKey], root));
  if (ours !== undefined) return ours;
  if (!(prefix in providers)) return prefix;
  for (let n = 2; ; n++) if (!(`${prefix}-${n}` in providers)) return `${prefix}-${n}`;
}

/**
 * The providers of ours in `providers` (an id `prefix`, `prefix-2`, … whose base URL is still under
 * the gateway), and a note for each such id the user has since pointed elsewhere: that one is theirs.
 * `keyOf` names an id's base URL as the user reads it in `file`.
 */
export function ownProviders(
  providers: Record<string, unknown>,
  gateway: GatewayRef,
  baseKey: string,
  where: { file: string; keyOf: (id: string) => string },
  prefix = 'gateway',
): { ours: { id: string; provider: Record<string, unknown> }[]; notes: Message[] } {
  const ours: { id: string; provider: Record<string, unknown> }[] = [];
  const notes: Message[] = [];
  for (const [id, value] of Object.entries(providers)) {
    if (!id.startsWith(prefix)) continue;
    const provider = asRecord(value) ?? {};
    const base = provider[baseKey];
    if (underRoot(base, gateway.root)) ours.push({ id, provider });
    else if (base !== undefined)
      notes.push(msg('agents.unplan.not_gateway', { file: where.file, key: where.keyOf(id), value: String(base), root: gateway.root }));
  }
  return { ours, notes };
}
