// Every command: adding one is one line here plus its module under ./commands/. Modules load
// only when their command runs (or its help is asked for).
import { msg, type Message } from '../i18n/index.js';
import type { CommandModule } from './command-types.js';

export interface CommandEntry {
  summary: Message;
  load: () => Promise<CommandModule>;
  /**
   * Handles keys (agents' configs, their backups): before it runs, the session directories of
   * launches killed outright are removed (Factory Droid's holds a literal key). `launch` does it
   * itself, just before it makes its own.
   */
  sweepsSessions?: true;
}

export const COMMANDS: Readonly<Record<string, CommandEntry>> = {
  setup: { summary: msg('help.summary.setup'), load: () => import('./commands/setup.js'), sweepsSessions: true },
  wizard: { summary: msg('help.summary.wizard'), load: () => import('./commands/wizard.js'), sweepsSessions: true },
  sync: { summary: msg('help.summary.sync'), load: () => import('./commands/sync.js'), sweepsSessions: true },
  doctor: { summary: msg('help.summary.doctor'), load: () => import('./commands/doctor.js'), sweepsSessions: true },
  launch: { summary: msg('help.summary.launch'), load: () => import('./commands/launch.js') },
  use: { summary: msg('help.summary.use'), load: () => import('./commands/use.js'), sweepsSessions: true },
  profiles: { summary: msg('help.summary.profiles'), load: () => import('./commands/profiles.js') },
  models: { summary: msg('help.summary.models'), load: () => import('./commands/models.js') },
  verify: { summary: msg('help.summary.verify'), load: () => import('./commands/verify.js') },
  remove: { summary: msg('help.summary.remove'), load: () => import('./commands/remove.js'), sweepsSessions: true },
  trust: { summary: msg('help.summary.trust'), load: () => import('./commands/trust.js') },
  restore: { summary: msg('help.summary.restore'), load: () => import('./commands/restore.js'), sweepsSessions: true },
  demo: { summary: msg('help.summary.demo'), load: () => import('./commands/demo.js') },
  simulate: { summary: msg('help.summary.simulate'), load: () => import('./commands/simulate.js') },
  completion: { summary: msg('help.summary.completion'), load: () => import('./commands/completion.js') },
};

/** The commands and what each does, in the table's order: the main help lists them. */
export function commandList(): { name: string; summary: Message }[] {
  return Object.entries(COMMANDS).map(([name, entry]) => ({ name, summary: entry.summary }));
}
