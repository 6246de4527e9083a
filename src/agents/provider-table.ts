// Our providers in a table of providers keyed by id (Kimi Code, OpenClaw, Hermes Agent): which id
// setup writes, which ids `remove` may take out, the table's names for the protocols, and the
// request the agent sends for a provider.
import type { Protocol } from '../core/types.js';
import type { Message } from '../i18n/index.js';
import { asRecord, messagesUrl, notGateway, trimSlash, underRoot } from './paths.js';
import type { AgentRequest, GatewayRef } from './types.js';

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
    else if (base !== undefined) notes.push(notGateway(where.file, where.keyOf(id), base, gateway.root));
  }
  return { ours, notes };
}

type AgentProtocol = Exclude<Protocol, 'images'>;

/** A provider table's names for the protocols, and the protocol each name stands for. */
export function protocolNames<T extends Readonly<Record<AgentProtocol, string>>>(
  names: T,
): { nameOf: T; protocolOf: Readonly<Record<string, AgentProtocol>> } {
  const protocolOf: Record<string, AgentProtocol> = Object.create(null) as Record<string, AgentProtocol>;
  for (const [protocol, name] of Object.entries(names) as [AgentProtocol, string][]) protocolOf[name] = protocol;
  return { nameOf: names, protocolOf };
}

/**
 * The request a provider-table agent sends for its provider: the protocol's path under the
 * provider's base URL (messages under its root: `strip` says whether one /v1 or every one is
 * dropped first, as the agent itself does), the protocol's own auth header.
 */
export function providerRequest(p: {
  protocol: AgentProtocol;
  baseUrl: string;
  strip: 'one' | 'all' | 'none';
  model: string;
  key: string | undefined;
  keySource: Message;
  keyVar?: AgentRequest['keyVar'];
  file: string;
  provider?: string;
}): AgentRequest {
  const base = trimSlash(p.baseUrl);
  const url =
    p.protocol === 'messages' ? messagesUrl(base, p.strip) : `${base}${p.protocol === 'chat' ? '/chat/completions' : '/responses'}`;
  return {
    protocol: p.protocol,
    url,
    model: p.model,
    auth: p.protocol === 'messages' ? 'x-api-key' : 'bearer',
    key: p.key,
    keySource: p.keySource,
    ...(p.keyVar !== undefined && { keyVar: p.keyVar }),
    baseUrl: p.baseUrl,
    file: p.file,
    ...(p.provider !== undefined && { provider: p.provider }),
  };
}
