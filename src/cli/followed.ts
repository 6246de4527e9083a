// What an undo (`remove`, `restore`) changed of the saved settings, said after its report.
import { AGENTS, type AgentId } from '../agents/registry.js';
import { wrap } from '../core/layout.js';
import { commas, msg, type Message } from '../i18n/index.js';
import type { Followed } from '../settings/follow-files.js';
import type { CliContext } from './context.js';
import { BIN } from './help.js';
import { note } from './output.js';

/** What `--json` says of it (the gateway is the document's own `baseUrl`). */
export function followedJson(f: Followed): Omit<Followed, 'gateway'> {
  return { left: f.left, back: f.back, unlinked: f.unlinked };
}

export function noteFollowed(ctx: CliContext, f: Followed): void {
  const names = (ids: readonly AgentId[]) => commas(ids.map((id) => AGENTS[id].name));
  const gateway = f.gateway ?? '';
  const said: Message[] = [];
  if (f.left.length > 0) said.push(msg('followed.left', { gateway, agents: names(f.left), bin: BIN, id: f.left[0]! }));
  if (f.back.length > 0) said.push(msg('followed.back', { gateway, agents: names(f.back) }));
  if (f.unlinked.length > 0) said.push(msg('followed.unlinked', { agents: names(f.unlinked) }));
  for (const m of said) note(ctx, wrap(ctx.t(m)));
}
